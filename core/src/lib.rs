//! offsets-core: everything connect-offsets knows about connector offsets, as pure functions.
//!
//! Import (ConfigMap YAML/JSON, Connect REST payload, CSV) -> a lossless [`model::Listing`] ->
//! validation ([`diag::Diagnostic`]s) -> edits (one reducer) -> deterministic exports.
//! No I/O, no clock, no printing, no web dependency, and no panic on any input.
//!
//! Levels: [`json`] (raw positioned JSON tree, parser and Jackson-style writer) and [`yaml`]
//! (the ConfigMap wrapper) feed [`import`](mod@import), which builds the domain [`model`]; [`validate`](mod@validate)
//! checks a listing against the rules of docs/rules.md.
//!
//! Layout: the folders are the stages of the pipeline in ARCHITECTURE.md, from the bottom up:
//! `diag`, `json/` (the raw level), `model/` (the domain, with `names`), `reading/` (yaml, csv,
//! import, resource, reference), `checking/` (validate, resource, log_range), `pipeline`
//! (import then validate), `editing/` (edit, filter, diff, set_from), `writing/` (export,
//! procedure, lookup, rollback), and `editor/` (the web page's state machine) on top; `work`
//! (the linearity test's counter, empty outside the unit tests) sits below them all. A stage
//! uses only itself and the stages below it, and code inside the crate imports by the real path
//! (`crate::reading::csv`), never through the short names below; `layering.rs` is the test that
//! says so, and `linearity.rs` the one that counts the lookups' work at two sizes. The short
//! names (`offsets_core::names::shell_quote`, `offsets_core::edit::Session`) are for callers
//! outside the crate (the CLI, the web app, the tests) and do not change when a module moves
//! between stages.

// The pipeline stages are folders; see the module documentation above.
mod checking;
pub mod diag;
mod editing;
pub mod editor;
#[cfg(test)]
mod file_graph;
pub mod json;
#[cfg(test)]
mod layering;
#[cfg(test)]
mod linearity;
pub mod model;
mod pipeline;
mod reading;
pub mod versions;
mod work;
mod writing;

pub use checking::resource as resource_check;
pub use checking::{log_range, validate};
pub use editing::{diff, edit, filter, new_listing, set_from};
pub use model::names;
pub use reading::{checkpoints, csv, datetime, reference, resource, yaml};
pub use writing::{export, groups, groups_checks, groups_script, lookup, procedure, rollback};

pub use csv::CsvTarget;
pub use diag::{Diagnostic, Position, Severity};
pub use edit::{Action, EditError, ExportScope, Outcome, Selection, Session};
pub use filter::Filter;
pub use import::{ImportOptions, Imported, import, import_bytes};

/// The import as callers outside the crate see it: the reader (`reading::import`) and the
/// import-then-validate pipeline (`pipeline`) under one path (`offsets_core::import::import`).
pub mod import {
    pub use crate::pipeline::{Imported, import, import_bytes, import_bytes_owned, import_owned};
    pub use crate::reading::import::*;
}
pub use model::{ConnectorKind, Entry, KindSource, Listing, PartitionKey};
pub use validate::validate;
