//! Reading: input text to the domain model. [`crate::json`] (the raw positioned tree, parser and
//! writers, one floor down) and [`yaml`] (the ConfigMap wrapper) feed [`import`], which detects the form (with
//! [`csv`] for the `kafka-consumer-groups` export) and builds a [`crate::model::Listing`]; [`resource`] reads a KafkaConnector or KafkaMirrorMaker2.

pub mod checkpoints;
pub mod csv;
pub mod datetime;
pub mod import;
pub mod reference;
pub mod resource;
pub mod yaml;
