//! What the user tells a Strimzi create ([`super::Operation::Create`] on a KafkaConnector or
//! KafkaMirrorMaker2 target): the resource, the KafkaConnect cluster and class of one built
//! from the names, and which operator creates the connector. `strimzi_create` checks them and
//! `strimzi_manifest` builds the resource from them.

/// How the resource of a Strimzi create is made, besides the target's names.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct StrimziCreate {
    /// The user's KafkaConnector or KafkaMirrorMaker2 (YAML or JSON, `plan --resource-file`):
    /// its spec is kept, the connector's `state` set to `stopped` and its `listOffsets` and
    /// `alterOffsets` to the procedure's ConfigMaps. `None`: built from the names (a
    /// KafkaConnector), or the connector block added to an existing KafkaMirrorMaker2.
    pub resource: Option<String>,
    /// The KafkaConnect cluster of a KafkaConnector built from the names (its
    /// `strimzi.io/cluster` label); with `resource`, it must agree with the label there.
    pub connect_cluster: Option<String>,
    /// `spec.class` of a KafkaConnector built from the names.
    pub class: Option<String>,
    /// Which operator creates the connector; `None`: read from the resource's apiVersion where
    /// it says (v1beta2 is served only up to Strimzi 0.51), else unknown.
    pub strimzi: Option<StrimziVersion>,
}

/// The Strimzi release that creates the connector, as far as the create procedure cares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StrimziVersion {
    /// Strimzi 1.2 or later: created stopped, it never runs before the offsets are set.
    CreatesStopped,
    /// Before Strimzi 1.2: created running, then stopped; it runs for a moment.
    StartsFirst,
}

impl StrimziVersion {
    /// The CLI's `--strimzi` values: `1.2` and `older`.
    pub fn from_flag(value: &str) -> Option<StrimziVersion> {
        match value {
            "1.2" => Some(StrimziVersion::CreatesStopped),
            "older" => Some(StrimziVersion::StartsFirst),
            _ => None,
        }
    }
}
