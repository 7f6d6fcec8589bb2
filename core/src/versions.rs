//! The Kafka and Strimzi versions the rules and procedures depend on, in one table. Every
//! sentence that names a version takes it from here, in one of two forms: "Strimzi X or later"
//! and "before Strimzi X" (issue 20 item 12: the words disagreed).

/// Kafka Connect's offsets REST API (KIP-875: GET, PATCH and DELETE `/connectors/NAME/offsets`).
pub const CONNECT_OFFSETS_API: &str = "3.6";
/// The Kafka release the whole live suite runs (tests/kafka/pom.xml's default): the worker judged
/// every rule and ran every procedure.
pub const KAFKA_LIVE_TESTED: &str = "4.3.1";
/// Kafka Connect's `initial_state` in `POST /connectors` (KIP-980): an older worker refuses it.
pub const CONNECT_INITIAL_STATE: &str = "3.7";
/// A key repeated in the PATCH body (a second top-level `offsets`, or a `partition` or `offset`
/// after an entry has both) fails the whole request with HTTP 500 from this release on (its
/// Jackson 2.19 and later; seen live on 4.2.0, 4.3.1 and 4.4.0) ...
pub const CONNECT_REPEATED_KEY_REFUSED: &str = "4.2";
/// ... and this release's worker (Jackson 2.16) keeps the last one and answers 200 (seen live on 3.9.1).
pub const CONNECT_REPEATED_KEY_LAST_WINS: &str = "3.9";

/// The Kafka Connect workers the live suite runs on, and the versions of the connector plugins put
/// on each (installed separately from a worker, so they may differ): (worker, connect-mirror and
/// connect-mirror-client, connect-file, connect-test-plugins). An empty connect-test-plugins means
/// none is served for that worker: tests/kafka/LiveSourceConnector.java, compiled against the
/// worker's connect-api, stands in for VerifiableSourceConnector (the source cases need only a
/// source connector that keeps Kafka's `alterOffsets`).
///
/// The one source of these versions: `scripts/kafka.sh` reads its jars from here, `scripts/test.sh`
/// starts each worker listed (the whole live suite on [`KAFKA_LIVE_TESTED`], the live conformance
/// and the REST procedure on the others), and the live conformance fails on a worker or a plugin
/// jar not listed here. Keep one entry a line: the scripts read them with a pattern.
pub const LIVE_WORKERS: [(&str, &str, &str, &str); 4] = [
    ("3.9.1", "3.9.1", "3.9.1", ""),
    ("4.2.0", "4.2.0", "4.2.0", ""),
    ("4.3.1", "4.3.1", "4.3.1", "4.3.1"),
    ("4.4.0", "4.3.1", "4.3.1", ""),
];
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
    (
        "Checked live against Kafka Connect",
        "Kafka 4.3.1 (every rule and procedure); 3.9.1, 4.2.0 and 4.4.0 (every rule and the REST procedure; 4.4.0 with MirrorMaker 2 and FileStream plugins 4.3.1)",
    ),
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

    /// The live row of the table says exactly which workers [`LIVE_WORKERS`] lists, and the
    /// plugins of another version than their worker (what `scripts/test.sh` ran them with).
    #[test]
    fn the_live_row_is_the_live_workers() {
        let others: Vec<&str> = LIVE_WORKERS
            .iter()
            .map(|w| w.0)
            .filter(|w| *w != KAFKA_LIVE_TESTED)
            .collect();
        let mut want = format!("Kafka {KAFKA_LIVE_TESTED} (every rule and procedure)");
        if !others.is_empty() {
            want.push_str("; ");
            for (i, worker) in others.iter().enumerate() {
                if i > 0 {
                    want.push_str(if i + 1 == others.len() { " and " } else { ", " });
                }
                want.push_str(worker);
            }
            want.push_str(" (every rule and the REST procedure");
            for (k, mirror, file, _) in LIVE_WORKERS {
                if mirror == k && file == k {
                    continue;
                }
                if mirror == file {
                    want.push_str(&format!(
                        "; {k} with MirrorMaker 2 and FileStream plugins {mirror}"
                    ));
                } else {
                    want.push_str(&format!(
                        "; {k} with MirrorMaker 2 plugins {mirror} and FileStream {file}"
                    ));
                }
            }
            want.push(')');
        }
        let row = TABLE
            .iter()
            .find(|(what, _)| *what == "Checked live against Kafka Connect")
            .map(|(_, v)| *v);
        assert_eq!(row, Some(want.as_str()));
        assert!(LIVE_WORKERS.iter().any(|w| w.0 == KAFKA_LIVE_TESTED));
    }
}
