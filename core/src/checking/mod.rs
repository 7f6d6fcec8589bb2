//! Checking: [`validate`] runs every rule of domain.md section 8 over a listing; [`names`] holds
//! the naming rules of Kafka, Kubernetes and Strimzi that validation, export and the procedures
//! share; [`resource`] checks a Strimzi custom resource (CR1-CR10) and takes the procedure's
//! names from it.

pub mod log_range;
pub mod resource;
pub mod validate;
