//! Checking: the rules of docs/rules.md over what was read. [`validate`] checks a listing
//! (IMP, S, MS, MC, SK, K and the other families of `validate::RULE_IDS`); [`log_range`] checks
//! where each row resumes against the log range a reference gave (LR1-LR5); [`resource`] checks
//! a Strimzi custom resource (CR1-CR12) and takes the procedure's names from it. The naming
//! rules they share (topics, Kubernetes names, aliases) live below, in `model/names.rs`.

pub mod log_range;
pub mod resource;
pub mod validate;
