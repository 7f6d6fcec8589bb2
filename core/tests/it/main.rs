//! The core's integration tests, one binary (`cargo test -p offsets-core --test it`): one module
//! per area, so the core is linked once instead of once per test file.

mod procedure_support;
mod support;

mod conformance;
mod data_keys;
mod diff_duplicates;
mod edit;
mod edit_diff;
mod edit_props;
mod editor;
mod editor_apply;
mod editor_draft;
mod editor_hostile;
mod editor_kind;
mod editor_new_connector;
mod editor_notice;
mod editor_procedure;
mod editor_references;
mod editor_relative;
mod editor_review;
mod editor_safe;
mod editor_traps;
mod editor_workspace;
mod export_golden;
mod export_rounds;
mod golden;
mod hostile_scaling;
mod jsontestsuite;
mod kubectl;
mod new_listing;
mod positions;
mod procedure_create;
mod procedure_golden;
mod procedure_kube_create;
mod procedure_kube_create_run;
mod procedure_moved;
mod procedure_run;
mod procedure_safety;
mod properties;
mod raw_view;
mod references;
mod resource;
mod rollback;
mod words;
