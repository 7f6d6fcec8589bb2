//! Checking: [`validate`] runs the validation rules of docs/rules.md over a listing; [`names`]
//! holds the naming rules of Kafka, Kubernetes and Strimzi that validation, export and the
//! procedures share; [`resource`] checks a Strimzi custom resource (CR1-CR12) and takes the
//! procedure's names from it.

pub mod log_range;
pub mod resource;
pub mod validate;
