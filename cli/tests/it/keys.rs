//! Which data key `validate` and `export` read (issue 31, items 15 and 16), MirrorMaker 2 keys
//! whose aliases contain dashes (item 17), and the key `export` writes for a bare MirrorMaker 2
//! REST body (item 18): the CLI's output pinned whole.

#![allow(clippy::unwrap_used)]

use crate::support::check;

const TWO_SOURCES: &str = r#"apiVersion: v1
kind: ConfigMap
metadata:
  name: my-offsets
data:
  a--b.MirrorSourceConnector.json: '{"offsets":[{"partition":{"cluster":"a","topic":"t","partition":0},"offset":{"offset":5}}]}'
  c--d.MirrorSourceConnector.json: '{"offsets":[{"partition":{"cluster":"c","topic":"t","partition":0},"offset":{"offset":5}}]}'
"#;

const APP_CONFIG: &str = r#"apiVersion: v1
kind: ConfigMap
metadata:
  name: my-offsets
data:
  app-config.json: '{"a": 1}'
  offsets.json: '{"offsets":[{"partition":{"kafka_topic":"t","kafka_partition":0},"offset":{"kafka_offset":5}}]}'
"#;

const DASHED: &str = r#"apiVersion: v1
kind: ConfigMap
metadata:
  name: my-offsets
data:
  a--b--c.MirrorSourceConnector.json: '{"offsets":[{"partition":{"cluster":"a--b","topic":"t","partition":0},"offset":{"offset":5}}]}'
"#;

const REST_BODY: &str = r#"{"offsets":[{"partition":{"cluster":"a","topic":"t","partition":0},"offset":{"offset":5}}]}"#;

#[test]
fn validate_reads_offsets_json_not_the_users_json_key() {
    check(
        &["validate", "-"],
        Some(APP_CONFIG.as_bytes()),
        r#"
            exit: 0
            --- stdout
            --- stderr
            <stdin>: listed: unknown. kubectl prints the operator's write time only with --show-managed-fields: kubectl get configmap my-offsets -o yaml --show-managed-fields (the creation timestamp is not the listing time: a re-list updates the same ConfigMap)
            <stdin>:7:3: info[KEY]: Read data key 'offsets.json', the only offsets key of this ConfigMap. Not offsets keys (kept as they are): app-config.json.
            <stdin>:7:17: info[IMP6]: Detected: Sink connector (from the entry keys).
            <stdin>:7:17: info[SK7]: For sink connectors, kafka_offset is the NEXT record to consume.
            <stdin>: 0 errors, 0 warnings, 3 infos (kind sink, from the entry keys, key offsets.json, 1 entry)
        "#,
    );
}

#[test]
fn validate_refuses_two_equally_likely_keys() {
    check(
        &["validate", "-"],
        Some(TWO_SOURCES.as_bytes()),
        r#"
            exit: 1
            --- stdout
            --- stderr
            <stdin>:5:1: error[IMP2]: This ConfigMap holds 2 offsets keys and nothing tells which one to read (each is the MirrorSourceConnector key of a different mirror): a--b.MirrorSourceConnector.json, c--d.MirrorSourceConnector.json. Name the one to read with --key KEY, for example --key a--b.MirrorSourceConnector.json.
            <stdin>: 1 error, 0 warnings, 0 infos (not imported)
        "#,
    );
}

#[test]
fn validate_of_an_alias_with_dashes_gives_no_false_ms5() {
    check(
        &["validate", "-"],
        Some(DASHED.as_bytes()),
        r#"
            exit: 0
            --- stdout
            --- stderr
            <stdin>: listed: unknown. kubectl prints the operator's write time only with --show-managed-fields: kubectl get configmap my-offsets -o yaml --show-managed-fields (the creation timestamp is not the listing time: a re-list updates the same ConfigMap)
            <stdin>:6:3: warning[IMP5]: The connector name cannot be recovered from this key with certainty: an alias may contain '--', and a source alias may end or a target alias start with '-', so 'a--b--c.MirrorSourceConnector.json' reads as 2 connectors: a->b--c.MirrorSourceConnector, a--b->c.MirrorSourceConnector; the entries' cluster 'a--b' fits only a--b->c.MirrorSourceConnector, which is used here. Check the listing against the KafkaMirrorMaker2 (check-resource RESOURCE --listing FILE matches each connector's own key), or confirm the source and target aliases.
            <stdin>:6:39: info[IMP6]: Detected: MirrorSourceConnector (from the data key).
            <stdin>:6:39: info[MS14]: MirrorMaker resumes at offset + 1. Enter the offset of the last record that should count as already mirrored.
            <stdin>: 0 errors, 1 warning, 2 infos (kind mirror-source, from the data key, key a--b--c.MirrorSourceConnector.json, 1 entry)
        "#,
    );
}

#[test]
fn export_of_a_bare_mirror_body_needs_the_connector() {
    check(
        &[
            "export",
            "-",
            "--to",
            "configmap",
            "--name",
            "x",
            "--namespace",
            "y",
        ],
        Some(REST_BODY.as_bytes()),
        r#"
            exit: 1
            --- stdout
            --- stderr
            <stdin>: error[K4]: This MirrorSourceConnector listing has no ConfigMap data key to keep (it is not from a ConfigMap), and the KafkaMirrorMaker2 operator reads the connector's own key SOURCE--TARGET.MirrorSourceConnector.json, never offsets.json: an alter under offsets.json fails with 'Data field SOURCE--TARGET.MirrorSourceConnector.json is missing'. Name the connector: --connector SOURCE->TARGET.MirrorSourceConnector (in the page: the KafkaMirrorMaker2 target and its connector name).
            connect-offsets: export refused: fix the errors above
        "#,
    );
    check(
        &[
            "export",
            "-",
            "--to",
            "configmap",
            "--name",
            "x",
            "--namespace",
            "y",
            "--connector",
            "a->b.MirrorSourceConnector",
        ],
        Some(REST_BODY.as_bytes()),
        r#"
            exit: 0
            --- stdout
            apiVersion: v1
            kind: ConfigMap
            metadata:
              name: "x"
              namespace: "y"
            data:
              "a--b.MirrorSourceConnector.json": |-
                {
                  "offsets" : [ {
                    "partition" : {
                      "cluster" : "a",
                      "topic" : "t",
                      "partition" : 0
                    },
                    "offset" : {
                      "offset" : 5
                    }
                  } ]
                }
            --- stderr
        "#,
    );
}

const TWO_MIRRORS: &str = r#"apiVersion: v1
kind: ConfigMap
metadata:
  name: my-mm2-offsets
  namespace: kafka
data:
  central--west.MirrorSourceConnector.json: '{"offsets":[{"partition":{"cluster":"central","topic":"audit","partition":0},"offset":{"offset":5}}]}'
  east--west.MirrorSourceConnector.json: '{"offsets":[{"partition":{"cluster":"east","topic":"orders","partition":0},"offset":{"offset":5}}]}'
"#;

#[test]
fn check_resource_reads_the_key_of_the_connector_the_annotation_names() {
    // The resource's strimzi.io/mirrormaker-connector is east->west.MirrorSourceConnector: its
    // key is read, not the first one, and the settings are that connector's.
    check(
        &[
            "check-resource",
            "tests/fixtures/resources/kafkamirrormaker2-1.2-v1.yaml",
            "--listing",
            "-",
            "--format",
            "json",
        ],
        Some(TWO_MIRRORS.as_bytes()),
        r#"
            exit: 0
            --- stdout
            {
              "kind": "KafkaMirrorMaker2",
              "apiVersion": "kafka.strimzi.io/v1",
              "name": "my-mm2",
              "namespace": "kafka",
              "errors": 0,
              "findings": [
                {
                  "rule": "CR10",
                  "severity": "info",
                  "line": 5,
                  "column": 35,
                  "message": "strimzi.io/connector-offsets=alter is pending: at its next reconciliation the operator will alter the offsets from the alterOffsets ConfigMap as soon as the connector is STOPPED, then remove the annotation. A failure keeps it and is retried every reconciliation (a Warning condition says why). To withdraw it, remove the annotation.",
                  "command": "kubectl annotate kafkamirrormaker2 'my-mm2' -n 'kafka' strimzi.io/connector-offsets- strimzi.io/mirrormaker-connector-"
                }
              ],
              "settings": {
                "resource": "my-mm2",
                "namespace": "kafka",
                "connector": "east->west.MirrorSourceConnector",
                "mirror_index": 0,
                "alias_path": "source.alias",
                "list_configmap": "my-mm2-offsets",
                "alter_configmap": "my-mm2-offsets-alter"
              }
            }
            --- stderr
        "#,
    );
}

/// `plan --resource-file` reads the key of the connector the resource's annotation names, as
/// check-resource --listing does (it refused the listing as ambiguous before).
#[test]
fn plan_reads_the_key_of_the_connector_the_resource_names() {
    let dir = crate::support::unique_dir("keys-plan-resource");
    let listing = dir.join("two.yaml");
    std::fs::write(&listing, TWO_MIRRORS).unwrap();
    let out = crate::support::run(&[
        "plan",
        &listing.display().to_string(),
        "--resource-file",
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../tests/fixtures/resources/kafkamirrormaker2-1.2-v1.yaml"
        ),
    ]);
    let stdout = crate::support::text(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        crate::support::text(&out.stderr)
    );
    assert!(
        stdout.contains(r#""east--west.MirrorSourceConnector.json": |-"#),
        "{stdout}"
    );
    assert!(!stdout.contains("central--west"), "{stdout}");
}
