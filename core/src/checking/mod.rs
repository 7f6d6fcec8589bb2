//! Checking: [`validate`] runs every rule of domain.md section 8 over a listing; [`names`] holds
//! the naming rules of Kafka, Kubernetes and Strimzi that validation, export and the procedures
//! share; [`resource`] checks a Strimzi custom resource (CR1-CR10) and takes the procedure's
//! names from it.

pub mod log_range;
pub mod names;
pub mod resource;
pub mod validate;

use crate::diag::Diagnostic;
use std::cmp::Ordering;

/// Sorts diagnostics stably by `by`. Each closure given to `sort_by_key` is its own copy of the
/// standard library's stable sort in the wasm (about 3.5 KB); the sorts of diagnostics share this
/// one by passing a function pointer.
pub(crate) fn sort_diagnostics(
    diagnostics: &mut [Diagnostic],
    by: fn(&Diagnostic, &Diagnostic) -> Ordering,
) {
    diagnostics.sort_by(by);
}

/// The order of a file's diagnostics: by position (line, then column).
pub(crate) fn by_position(a: &Diagnostic, b: &Diagnostic) -> Ordering {
    a.position.cmp(&b.position)
}
