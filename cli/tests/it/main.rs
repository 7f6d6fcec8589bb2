//! The CLI's integration tests, one binary (`cargo test -p offsets-cli --test it`): one module
//! per area, each running the built `connect-offsets` binary.

mod support;

mod cli;
mod edit;
mod edit_plan;
mod groups;
mod hostile;
mod keys;
mod kind;
mod new;
mod plan_absolute;
mod plan_create;
mod plan_create_strimzi;
mod plan_request;
mod readme_flags;
mod references;
mod review;
mod rounds;
mod safe_apply;
mod words;
