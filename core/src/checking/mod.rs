//! Checking: [`validate`] runs every rule of domain.md section 8 over a listing; [`names`] holds
//! the naming rules of Kafka, Kubernetes and Strimzi that validation, export and the procedures
//! share.

pub mod names;
pub mod validate;
