//! offsets-core: everything connect-offsets knows about connector offsets, as pure functions.
//!
//! Import (ConfigMap YAML/JSON, Connect REST payload, CSV) -> a lossless [`model::Listing`] ->
//! validation ([`diag::Diagnostic`]s) -> edits (one reducer) -> deterministic exports.
//! No I/O, no clock, no printing, no web dependency, and no panic on any input.
//!
//! Levels: [`json`] (raw positioned JSON tree, parser and Jackson-style writer) and [`yaml`]
//! (the ConfigMap wrapper) feed [`import`], which builds the domain [`model`]; [`validate`]
//! checks a listing against domain.md section 8.

pub mod csv;
pub mod diag;
pub mod diff;
pub mod edit;
pub mod editor;
pub mod export;
pub mod filter;
pub mod import;
pub mod json;
pub mod model;
pub mod names;
pub mod procedure;
pub mod validate;
pub mod yaml;

pub use csv::CsvTarget;
pub use diag::{Diagnostic, Position, Severity};
pub use edit::{Action, EditError, ExportScope, Outcome, Selection, Session};
pub use filter::Filter;
pub use import::{ImportOptions, Imported, import, import_bytes};
pub use model::{ConnectorKind, Entry, Listing, PartitionKey};
pub use validate::validate;
