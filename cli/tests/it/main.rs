//! The CLI's integration tests, one binary (`cargo test -p offsets-cli --test it`): one module
//! per area, each running the built `connect-offsets` binary.

#[allow(clippy::unwrap_used)]
#[path = "../../../tests/support/script_safety.rs"]
mod script_safety;

mod support;

mod cli;
mod edit;
mod edit_plan;
mod hostile;
mod kind;
mod references;
mod safe_apply;
mod words;
