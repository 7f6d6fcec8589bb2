//! Editing: [`edit`] is the one reducer of offset edits ([`edit::Session`] and
//! [`edit::Action`]); [`filter`] says which rows a bulk edit or a view covers; [`diff`] compares
//! two listings entry by entry; [`new_listing`] builds a listing from a reference for a
//! connector that has none yet.

pub mod diff;
pub mod edit;
pub mod filter;
pub mod new_listing;
pub mod set_from;
