//! Shared inputs and tools for the procedure tests: the golden variants and the shell checkers.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::Write;
use std::process::{Command, Stdio};

use offsets_core::ImportOptions;
use offsets_core::import::import_bytes_unvalidated;
use offsets_core::names::MirrorConnectorName;
use offsets_core::procedure::{
    AliasPath, AutoOffsetReset, Kubernetes, Listed, Operation, Options, Previous, RelativeEdits,
    Target,
};

pub const CONNECTOR_ALTER_YAML: &str = r#"apiVersion: v1
kind: ConfigMap
metadata:
  name: my-connector-offsets-alter
  namespace: kafka
data:
  offsets.json: |-
    {
      "offsets" : [ {
        "partition" : {
          "cluster" : "east",
          "partition" : 0,
          "topic" : "orders"
        },
        "offset" : {
          "offset" : 41
        }
      } ]
    }
"#;

pub const MM2_ALTER_YAML: &str = r#"apiVersion: v1
kind: ConfigMap
metadata:
  name: my-mm2-offsets-alter
  namespace: kafka
data:
  east--west.MirrorSourceConnector.json: |-
    {
      "offsets" : [ {
        "partition" : {
          "cluster" : "east",
          "partition" : 0,
          "topic" : "orders"
        },
        "offset" : {
          "offset" : 41
        }
      }, {
        "partition" : {
          "cluster" : "east",
          "partition" : 1,
          "topic" : "orders"
        },
        "offset" : null
      } ]
    }
"#;

/// A payload with a line equal to the default heredoc delimiter (in a topic name it could not
/// happen, but the delimiter choice must not depend on that).
pub const MM2_ALTER_YAML_WITH_DELIMITER: &str = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: my-mm2-offsets-alter\n  namespace: kafka\n  annotations:\n    note: |-\nOFFSETS_EOF\ndata:\n  east--west.MirrorSourceConnector.json: |-\n    {\"offsets\":[{\"partition\":{\"cluster\":\"east\",\"partition\":0,\"topic\":\"orders\"},\"offset\":{\"offset\":41}}]}\n";

pub const CHECKPOINT_ALTER_YAML: &str = r#"apiVersion: v1
kind: ConfigMap
metadata:
  name: my-mm2-offsets-alter
  namespace: kafka
data:
  east--west.MirrorCheckpointConnector.json: |-
    {
      "offsets" : [ {
        "partition" : {
          "group" : "billing",
          "partition" : 0,
          "topic" : "east.orders"
        },
        "offset" : {
          "offset" : 0
        }
      } ]
    }
"#;

pub const REST_PATCH_JSON: &str = r#"{
  "offsets" : [ {
    "partition" : {
      "kafka_topic" : "orders",
      "kafka_partition" : 2
    },
    "offset" : {
      "kafka_offset" : 1000
    }
  } ]
}"#;

/// A new listing for a MirrorSourceConnector from a time reference (`connect-offsets new`):
/// partition 0 resumes after 41, partition 1 from its first record (R = 0, a null offset).
pub const REST_CREATE_JSON: &str = "{\"offsets\":[{\"partition\":{\"cluster\":\"east\",\"partition\":0,\"topic\":\"orders\"},\"offset\":{\"offset\":41}},{\"partition\":{\"cluster\":\"east\",\"partition\":1,\"topic\":\"orders\"},\"offset\":null}]}\n";

/// The MirrorSourceConnector config a create sends (the connector's config object).
pub const REST_CREATE_CONFIG: &str = r#"{
  "connector.class": "org.apache.kafka.connect.mirror.MirrorSourceConnector",
  "source.cluster.alias": "east",
  "target.cluster.alias": "west",
  "source.cluster.bootstrap.servers": "east-kafka:9092",
  "target.cluster.bootstrap.servers": "west-kafka:9092",
  "topics": "orders",
  "tasks.max": "1"
}"#;

/// The listing the connector alter's edits were made on (Jackson's pretty print, keys in
/// another order than the export).
pub const CONNECTOR_LISTED: &str = "{\n  \"offsets\" : [ {\n    \"partition\" : {\n      \"topic\" : \"orders\",\n      \"partition\" : 0,\n      \"cluster\" : \"east\"\n    },\n    \"offset\" : {\n      \"offset\" : 1041\n    }\n  } ]\n}";

/// The listing the MirrorMaker 2 alter's edits were made on: partition 0 at 1041, partition 1
/// at 17 (the alter rewinds 0 to 41 and nulls 1), and an untouched partition 2.
pub const MM2_LISTED: &str = "{\n  \"offsets\" : [ {\n    \"partition\" : {\n      \"cluster\" : \"east\",\n      \"partition\" : 1,\n      \"topic\" : \"orders\"\n    },\n    \"offset\" : {\n      \"offset\" : 17\n    }\n  }, {\n    \"partition\" : {\n      \"cluster\" : \"east\",\n      \"partition\" : 0,\n      \"topic\" : \"orders\"\n    },\n    \"offset\" : {\n      \"offset\" : 1041\n    }\n  }, {\n    \"partition\" : {\n      \"cluster\" : \"east\",\n      \"partition\" : 2,\n      \"topic\" : \"orders\"\n    },\n    \"offset\" : {\n      \"offset\" : 9\n    }\n  } ]\n}";

pub const CHECKPOINT_LISTED: &str = "{\"offsets\":[{\"partition\":{\"group\":\"billing\",\"partition\":0,\"topic\":\"east.orders\"},\"offset\":{\"offset\":5}}]}";

pub const REST_LISTED: &str = "{\"offsets\":[{\"partition\":{\"kafka_partition\":2,\"kafka_topic\":\"orders\"},\"offset\":{\"kafka_offset\":2000}}]}";

/// The partition MM2_ALTER_YAML rewinds (0), as the one entry of a listing.
pub const MM2_PARTITION_0: &str = "{\"offsets\":[{\"partition\":{\"cluster\":\"east\",\"partition\":0,\"topic\":\"orders\"},\"offset\":{\"offset\":41}}]}";

/// `options` whose edits all set absolute values (`plan --absolute`).
pub fn absolute(mut options: Options) -> Options {
    options.relative = RelativeEdits::Nothing;
    options
}

/// `options` where only the partitions of `partitions` (a listing) were edited relatively.
pub fn relative_only(mut options: Options, partitions: &str) -> Options {
    let listing = import_bytes_unvalidated(partitions.as_bytes(), &ImportOptions::default())
        .unwrap_or_else(|d| panic!("the partitions import: {d:?}"));
    let keys = listing
        .entries
        .iter()
        .filter_map(|e| e.connect_key(listing.kind))
        .collect();
    options.relative = RelativeEdits::Only(keys);
    options
}

/// `options` with the listing the edits were made on (and, for MirrorMaker 2, the owner's
/// apiVersion).
pub fn listed(mut options: Options, listed: &str, api_version: Option<&str>) -> Options {
    let listing = import_bytes_unvalidated(listed.as_bytes(), &ImportOptions::default())
        .unwrap_or_else(|d| panic!("the listing imports: {d:?}"));
    options.listed = Some(Listed::new(listing));
    options.api_version = api_version.map(str::to_owned);
    options
}

pub fn kube(context: Option<&str>, list: &str, alter: &str) -> Kubernetes {
    Kubernetes {
        namespace: "kafka".into(),
        context: context.map(str::to_owned),
        list_configmap: list.into(),
        alter_configmap: alter.into(),
    }
}

pub fn connector(context: Option<&str>) -> Options {
    Options::new(Target::KafkaConnector {
        cluster: kube(
            context,
            "my-connector-offsets",
            "my-connector-offsets-alter",
        ),
        name: "my-connector".into(),
    })
}

pub fn mm2(context: Option<&str>, connector: &str, alias_path: AliasPath) -> Options {
    Options::new(Target::KafkaMirrorMaker2 {
        cluster: kube(context, "my-mm2-offsets", "my-mm2-offsets-alter"),
        resource: "my-mm2".into(),
        mirror_index: 0,
        connector: MirrorConnectorName::parse(connector).unwrap(),
        alias_path,
    })
}

pub fn rest(connector: &str) -> Options {
    Options::new(Target::Rest {
        url: "http://my-connect-connect-api.kafka.svc:8083".into(),
        connector: connector.into(),
    })
}

const SOURCE: &str = "east->west.MirrorSourceConnector";
const CHECKPOINT: &str = "east->west.MirrorCheckpointConnector";

fn alter(payload: &str) -> Operation {
    Operation::Alter {
        payload: payload.into(),
    }
}

/// MM2_ALTER_YAML as the export writes it in rounds of one entry each: ConfigMaps
/// `my-mm2-offsets-alter-1` and `-2`.
pub fn mm2_alter_rounds_yaml() -> String {
    use offsets_core::export::{ConfigMapOptions, Gate, configmap_rounds};
    let listing =
        import_bytes_unvalidated(MM2_ALTER_YAML.as_bytes(), &ImportOptions::default()).unwrap();
    let options = ConfigMapOptions {
        name: Some("my-mm2-offsets-alter".into()),
        ..ConfigMapOptions::default()
    };
    let rounds = configmap_rounds(&listing, Gate::Checked(&[]), &options, Some(200)).unwrap();
    assert_eq!(rounds.names.len(), 2, "{}", rounds.export.text);
    rounds.export.text
}

/// Every procedure variant pinned by a golden file: (file stem, options, operation).
pub fn variants() -> Vec<(&'static str, Options, Operation)> {
    let mut all = variants_here();
    all.extend(crate::procedure_kube_create::variants());
    all
}

fn variants_here() -> Vec<(&'static str, Options, Operation)> {
    let latest = Operation::AutoOffsetReset(AutoOffsetReset::Latest);
    let earliest = Operation::AutoOffsetReset(AutoOffsetReset::Earliest);
    let prod = Some("prod-cluster");
    vec![
        (
            "mm2-alter-rounds",
            listed(mm2(None, SOURCE, AliasPath::New), MM2_LISTED, None),
            alter(&mm2_alter_rounds_yaml()),
        ),
        ("connector-list", connector(None), Operation::List),
        (
            "connector-alter",
            listed(connector(None), CONNECTOR_LISTED, None),
            alter(CONNECTOR_ALTER_YAML),
        ),
        (
            "connector-alter-unchecked",
            connector(None),
            alter(CONNECTOR_ALTER_YAML),
        ),
        ("connector-reset", connector(None), Operation::Reset),
        (
            "mm2-list-new",
            mm2(None, SOURCE, AliasPath::New),
            Operation::List,
        ),
        (
            "mm2-list-old",
            mm2(None, SOURCE, AliasPath::Old),
            Operation::List,
        ),
        (
            "mm2-alter-new",
            listed(mm2(None, SOURCE, AliasPath::New), MM2_LISTED, None),
            alter(MM2_ALTER_YAML),
        ),
        (
            "mm2-alter-old",
            listed(
                mm2(None, SOURCE, AliasPath::Old),
                MM2_LISTED,
                Some("kafka.strimzi.io/v1beta2"),
            ),
            alter(MM2_ALTER_YAML),
        ),
        (
            "mm2-reset-new",
            mm2(None, SOURCE, AliasPath::New),
            Operation::Reset,
        ),
        (
            "mm2-reset-old",
            mm2(None, SOURCE, AliasPath::Old),
            Operation::Reset,
        ),
        (
            "mm2-alter-new-context",
            listed(
                mm2(prod, SOURCE, AliasPath::New),
                MM2_LISTED,
                Some("kafka.strimzi.io/v1"),
            ),
            alter(MM2_ALTER_YAML),
        ),
        (
            "mm2-alter-absolute",
            absolute(listed(mm2(None, SOURCE, AliasPath::New), MM2_LISTED, None)),
            alter(MM2_ALTER_YAML),
        ),
        (
            "mm2-alter-partly-relative",
            relative_only(
                listed(mm2(None, SOURCE, AliasPath::New), MM2_LISTED, None),
                MM2_PARTITION_0,
            ),
            alter(MM2_ALTER_YAML),
        ),
        (
            "mm2-alter-delimiter-clash",
            listed(mm2(None, SOURCE, AliasPath::New), MM2_LISTED, None),
            alter(MM2_ALTER_YAML_WITH_DELIMITER),
        ),
        (
            "mm2-checkpoint-alter-new",
            listed(
                mm2(None, CHECKPOINT, AliasPath::New),
                CHECKPOINT_LISTED,
                None,
            ),
            alter(CHECKPOINT_ALTER_YAML),
        ),
        (
            "mm2-checkpoint-reset-old",
            mm2(None, CHECKPOINT, AliasPath::Old),
            Operation::Reset,
        ),
        ("rest-list", rest("my-sink"), Operation::List),
        (
            "rest-alter",
            listed(rest("my-sink"), REST_LISTED, None),
            alter(REST_PATCH_JSON),
        ),
        (
            "rest-alter-absolute",
            absolute(listed(rest("my-sink"), REST_LISTED, None)),
            alter(REST_PATCH_JSON),
        ),
        ("rest-reset", rest("my-sink"), Operation::Reset),
        (
            "rest-create",
            rest("orders-mirror"),
            Operation::Create {
                payload: REST_CREATE_JSON.into(),
                config: REST_CREATE_CONFIG.into(),
                previous: Previous::Refuse,
            },
        ),
        (
            "rest-create-recreated-reset",
            rest("orders-mirror"),
            Operation::Create {
                payload: REST_CREATE_JSON.into(),
                config: REST_CREATE_CONFIG.into(),
                previous: Previous::Reset,
            },
        ),
        (
            "rest-create-recreated-keep",
            rest("orders-mirror"),
            Operation::Create {
                payload: REST_CREATE_JSON.into(),
                config: REST_CREATE_CONFIG.into(),
                previous: Previous::Keep,
            },
        ),
        (
            "rest-alter-mm2-name",
            listed(rest(SOURCE), REST_LISTED, None),
            alter(REST_PATCH_JSON),
        ),
        (
            "connector-auto-offset-reset-latest",
            connector(None),
            latest.clone(),
        ),
        (
            "connector-auto-offset-reset-earliest",
            connector(None),
            earliest.clone(),
        ),
        (
            "mm2-auto-offset-reset-latest-new",
            mm2(None, SOURCE, AliasPath::New),
            latest,
        ),
        (
            "mm2-auto-offset-reset-earliest-old",
            mm2(None, SOURCE, AliasPath::Old),
            earliest,
        ),
    ]
}

/// Runs `program args` with `input` on stdin; returns (success, stdout + stderr).
pub fn run_with_stdin(program: &str, args: &[&str], input: &str) -> (bool, String) {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| {
            panic!("cannot run {program}: {e}. Install it (Debian: apt-get install -y {program}).")
        });
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

/// `bash -n`: the text parses as bash.
pub fn bash_syntax(text: &str) -> Result<(), String> {
    match run_with_stdin("bash", &["-n"], text) {
        (true, _) => Ok(()),
        (false, out) => Err(out),
    }
}

/// Fails loudly, never skips, when shellcheck is missing.
pub fn require_shellcheck() {
    let found = Command::new("shellcheck")
        .arg("--version")
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false);
    assert!(
        found,
        "shellcheck is not installed, so the generated procedures cannot be checked. Install Debian's package: apt-get install -y shellcheck"
    );
}

/// shellcheck with every optional severity on, as bash.
pub fn shellcheck(text: &str) -> Result<(), String> {
    match run_with_stdin(
        "shellcheck",
        &["--shell=bash", "--severity=style", "--format=gcc", "-"],
        text,
    ) {
        (true, _) => Ok(()),
        (false, out) => Err(out),
    }
}
