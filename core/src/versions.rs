//! The Kafka and Strimzi versions the rules and procedures depend on, in one table. Every
//! sentence that names a version takes it from here, in one of two forms: "Strimzi X or later"
//! and "before Strimzi X" (issue 20 item 12: the words disagreed).

/// Kafka Connect's offsets REST API (KIP-875: GET, PATCH and DELETE `/connectors/NAME/offsets`).
pub const CONNECT_OFFSETS_API: &str = "3.6";
/// The Kafka release the live tests run (tests/kafka/pom.xml): the worker judged every rule.
pub const KAFKA_LIVE_TESTED: &str = "4.3.1";
/// Strimzi's `strimzi.io/connector-offsets` annotation (list, alter, reset).
pub const STRIMZI_OFFSETS: &str = "0.44";
/// `spec.mirrors[].source.alias` accepted in `kafka.strimzi.io/v1beta2` too.
pub const STRIMZI_SOURCE_ALIAS: &str = "0.49";
/// The last release whose resources are `kafka.strimzi.io/v1beta2`.
pub const STRIMZI_LAST_V1BETA2: &str = "0.51";
/// `kafka.strimzi.io/v1`: `sourceCluster` is gone, `source.alias` is required.
pub const STRIMZI_V1: &str = "1.0";
/// A FAILED connector can be stopped (`state: stopped`) without a restart first.
pub const STRIMZI_STOP_FAILED: &str = "1.1";
/// A connector whose `spec.state` is `stopped` is created stopped (`KafkaConnectApi.createConnector`
/// with `initial_state`, strimzi-kafka-operator #12974); before it, created running, then stopped.
pub const STRIMZI_CREATE_STOPPED: &str = "1.2";
/// The last Strimzi release the rules are checked against.
pub const STRIMZI_NEWEST: &str = "1.2";

/// The table the page's help and `connect-offsets --version` print: (what, version).
pub const TABLE: [(&str, &str); 8] = [
    (
        "Kafka Connect offsets REST API (KIP-875)",
        "Kafka 3.6 or later",
    ),
    ("Checked live against Kafka Connect", "Kafka 4.3.1"),
    (
        "strimzi.io/connector-offsets annotation",
        "Strimzi 0.44 or later",
    ),
    (
        "kafka.strimzi.io/v1beta2 resources (spec.mirrors[].sourceCluster)",
        "Strimzi 0.44 to 0.51",
    ),
    (
        "spec.mirrors[].source.alias",
        "Strimzi 0.49 or later (required from 1.0)",
    ),
    ("kafka.strimzi.io/v1 resources", "Strimzi 1.0 or later"),
    (
        "Stopping a FAILED connector without a restart",
        "Strimzi 1.1 or later",
    ),
    (
        "Connectors created stopped (spec.state: stopped)",
        "Strimzi 1.2 or later",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    /// The table's words are the constants' (written out so that the table stays a `const`).
    #[test]
    fn the_table_says_what_the_constants_say() {
        let text: String = TABLE.iter().map(|(a, b)| format!("{a} {b}\n")).collect();
        for (version, context) in [
            (CONNECT_OFFSETS_API, "Kafka "),
            (KAFKA_LIVE_TESTED, "Kafka "),
            (STRIMZI_OFFSETS, "Strimzi "),
            (STRIMZI_SOURCE_ALIAS, "Strimzi "),
            (STRIMZI_LAST_V1BETA2, "to "),
            (STRIMZI_V1, "Strimzi "),
            (STRIMZI_STOP_FAILED, "Strimzi "),
            (STRIMZI_CREATE_STOPPED, "Strimzi "),
        ] {
            assert!(
                text.contains(&format!("{context}{version}")),
                "{version} missing from\n{text}"
            );
        }
    }
}
