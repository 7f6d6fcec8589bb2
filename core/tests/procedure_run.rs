//! Runs generated procedures in bash against fake `kubectl` and `curl` commands. The fake
//! kubectl applies every generated patch to a sample CR with the real `kubectl patch --local`
//! and answers `get -o jsonpath` from it with the real jsonpath engine, so the JSON patches,
//! their `test` guard, the jsonpath expressions and the argument quoting are all exercised.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod procedure_support;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use offsets_core::procedure::{AliasPath, AutoOffsetReset, Operation, Procedure, plan};
use procedure_support::*;

const FAKE_KUBECTL: &str = r#"#!/usr/bin/env bash
set -euo pipefail
state="${FAKE_STATE}"
for a in "$@"; do printf '[%s]' "$a"; done >> "${state}/argv"
echo >> "${state}/argv"
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --context) shift 2 ;;
    *) args+=("$1"); shift ;;
  esac
done
set -- "${args[@]}"
verb="$1"; shift
case "${verb}" in
  apply) cat > "${state}/applied.yaml" ;;
  annotate|wait) ;;
  patch)
    type=""; body=""
    while [ $# -gt 0 ]; do
      case "$1" in --type=*) type="${1#--type=}" ;; -p) body="$2"; shift ;; esac
      shift
    done
    "${REAL_KUBECTL}" patch --local -f "${state}/cr.yaml" --type="${type}" -p "${body}" -o yaml > "${state}/cr.new"
    mv "${state}/cr.new" "${state}/cr.yaml" ;;
  get)
    kind="$1"; out=""
    while [ $# -gt 0 ]; do case "$1" in -o) out="$2"; shift ;; esac; shift; done
    if [ "${kind}" = configmap ]; then echo '{"offsets":[]}'; exit 0; fi
    "${REAL_KUBECTL}" annotate --local -f "${state}/cr.yaml" fake=1 -o "${out}" ;;
  *) echo "fake kubectl: unexpected ${verb}" >&2; exit 2 ;;
esac
"#;

const FAKE_CURL: &str = r#"#!/usr/bin/env bash
set -euo pipefail
state="${FAKE_STATE}"
for a in "$@"; do printf '[%s]' "$a"; done >> "${state}/argv"
echo >> "${state}/argv"
for a in "$@"; do
  case "${a}" in
    --data-binary) cat > "${state}/body.json" ;;
  esac
done
case "${*: -1}" in
  */status) echo '{"name":"x","connector":{"state":"STOPPED","worker_id":"w:8083"},"tasks":[],"type":"sink"}' ;;
  *) echo '{}' ;;
esac
"#;

const MM2_NEW: &str = "apiVersion: kafka.strimzi.io/v1\nkind: KafkaMirrorMaker2\nmetadata:\n  name: my-mm2\n  namespace: kafka\nspec:\n  target:\n    alias: west\n  mirrors:\n  - source:\n      alias: east\n    sourceConnector:\n      config:\n        replication.factor: 3\n    checkpointConnector: {}\nstatus:\n  connectors:\n  - name: east->west.MirrorSourceConnector\n    connector:\n      state: STOPPED\n  - name: east->west.MirrorCheckpointConnector\n    connector:\n      state: STOPPED\n";

const MM2_OLD: &str = "apiVersion: kafka.strimzi.io/v1beta2\nkind: KafkaMirrorMaker2\nmetadata:\n  name: my-mm2\n  namespace: kafka\nspec:\n  mirrors:\n  - sourceCluster: east\n    targetCluster: west\n    sourceConnector: {}\nstatus:\n  connectors:\n  - name: east->west.MirrorSourceConnector\n    connector:\n      state: STOPPED\n";

/// Mirror 0 replicates from another cluster: the `test` guard must stop every patch.
const MM2_OTHER_MIRROR: &str = "apiVersion: kafka.strimzi.io/v1\nkind: KafkaMirrorMaker2\nmetadata:\n  name: my-mm2\n  namespace: kafka\nspec:\n  target:\n    alias: west\n  mirrors:\n  - source:\n      alias: south\n    sourceConnector: {}\n";

const CONNECTOR: &str = "apiVersion: kafka.strimzi.io/v1\nkind: KafkaConnector\nmetadata:\n  name: my-connector\n  namespace: kafka\nspec:\n  class: org.apache.kafka.connect.mirror.MirrorSourceConnector\n  config:\n    source.cluster.alias: east\nstatus:\n  connectorStatus:\n    connector:\n      state: STOPPED\n";

struct Run {
    ok: bool,
    output: String,
    dir: PathBuf,
}

impl Run {
    fn file(&self, name: &str) -> String {
        fs::read_to_string(self.dir.join(name)).unwrap_or_default()
    }
    /// The CR after the procedure, as JSON, through the real jsonpath engine.
    fn cr(&self, jsonpath: &str) -> String {
        let out = Command::new(real_kubectl())
            .args(["annotate", "--local", "-f"])
            .arg(self.dir.join("cr.yaml"))
            .args(["x=y", "-o", &format!("jsonpath={jsonpath}")])
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    }
}

fn real_kubectl() -> PathBuf {
    let out = Command::new("bash")
        .args(["-c", "command -v kubectl"])
        .output()
        .unwrap();
    let path = String::from_utf8_lossy(&out.stdout).trim().to_owned();
    assert!(
        !path.is_empty(),
        "kubectl is not installed; these tests need its --local mode (no cluster)."
    );
    PathBuf::from(path)
}

fn run(name: &str, text: &str, cr: &str) -> Run {
    let dir = std::env::temp_dir().join(format!(
        "connect-offsets-procedure-run-{}-{name}",
        std::process::id()
    ));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join("bin")).unwrap();
    for (tool, body) in [("kubectl", FAKE_KUBECTL), ("curl", FAKE_CURL)] {
        let path = dir.join("bin").join(tool);
        fs::write(&path, body).unwrap();
        Command::new("chmod").arg("+x").arg(&path).status().unwrap();
    }
    fs::write(dir.join("cr.yaml"), cr).unwrap();
    let path = format!(
        "{}:{}",
        dir.join("bin").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("bash")
        .arg("-c")
        .arg(text)
        .current_dir(&dir)
        .env("PATH", path)
        .env("FAKE_STATE", &dir)
        .env("REAL_KUBECTL", real_kubectl())
        .output()
        .unwrap();
    let output = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    Run {
        ok: out.status.success(),
        output,
        dir,
    }
}

fn procedure(name: &str) -> Procedure {
    let (_, options, operation) = variants().into_iter().find(|(n, _, _)| *n == name).unwrap();
    plan(&options, &operation).unwrap()
}

fn argv(run: &Run) -> Vec<String> {
    run.file("argv").lines().map(str::to_owned).collect()
}

fn cleanup(run: Run) {
    let _ = fs::remove_dir_all(Path::new(&run.dir));
}

#[test]
fn mm2_alter_script_patches_the_new_style_cr_and_resumes() {
    let p = procedure("mm2-alter-new-context");
    let r = run("mm2-alter", &p.render_script(), MM2_NEW);
    assert!(r.ok, "{}", r.output);
    assert!(r.output.ends_with("==> Done.\n"), "{}", r.output);
    assert_eq!(r.file("applied.yaml"), MM2_ALTER_YAML);
    assert_eq!(r.cr("{.spec.mirrors[0].sourceConnector.state}"), "running");
    assert_eq!(r.cr("{.spec.mirrors[0].sourceConnector.alterOffsets}"), "");
    let calls = argv(&r);
    // The connector name reaches kubectl as one argument, '>' and all, with the context.
    assert!(calls.iter().any(|c| c
        == "[--context][prod-cluster][annotate][kafkamirrormaker2][my-mm2][-n][kafka][strimzi.io/connector-offsets=alter][strimzi.io/mirrormaker-connector=east->west.MirrorSourceConnector][--overwrite]"));
    assert!(
        !r.dir.join("west.MirrorSourceConnector").exists(),
        "an unquoted -> redirected output"
    );
    cleanup(r);
}

#[test]
fn mm2_alter_steps_run_the_same_way() {
    let p = procedure("mm2-alter-new");
    let r = run("mm2-steps", &p.render_steps(), MM2_NEW);
    assert!(r.ok, "{}", r.output);
    assert_eq!(r.file("alter.yaml"), MM2_ALTER_YAML);
    assert_eq!(r.file("applied.yaml"), "");
    assert_eq!(r.cr("{.spec.mirrors[0].sourceConnector.state}"), "running");
    cleanup(r);
}

#[test]
fn old_style_guard_and_checkpoint_connector_patches_apply() {
    let r = run(
        "mm2-reset-old",
        &procedure("mm2-reset-old").render_script(),
        MM2_OLD,
    );
    assert!(r.ok, "{}", r.output);
    assert_eq!(r.cr("{.spec.mirrors[0].sourceConnector.state}"), "running");
    cleanup(r);
    let r = run(
        "checkpoint",
        &procedure("mm2-checkpoint-alter-new").render_script(),
        MM2_NEW,
    );
    assert!(r.ok, "{}", r.output);
    assert_eq!(
        r.cr("{.spec.mirrors[0].checkpointConnector.state}"),
        "running"
    );
    assert_eq!(r.cr("{.spec.mirrors[0].sourceConnector.state}"), "");
    cleanup(r);
}

#[test]
fn the_test_guard_stops_a_script_aimed_at_the_wrong_mirror() {
    for name in [
        "mm2-alter-new",
        "mm2-reset-new",
        "mm2-auto-offset-reset-latest-new",
    ] {
        let r = run(name, &procedure(name).render_script(), MM2_OTHER_MIRROR);
        assert!(!r.ok, "{name}: {}", r.output);
        assert!(r.output.contains("test"), "{name}: {}", r.output);
        assert!(
            !r.file("argv").contains("[annotate]"),
            "{name}: annotated after a failed guard"
        );
        assert_eq!(r.cr("{.spec.mirrors[0].sourceConnector}"), "{}", "{name}");
        cleanup(r);
    }
}

#[test]
fn auto_offset_reset_adds_the_key_or_the_config() {
    let r = run(
        "aor-new",
        &procedure("mm2-auto-offset-reset-latest-new").render_script(),
        MM2_NEW,
    );
    assert!(r.ok, "{}", r.output);
    let config = r.cr("{.spec.mirrors[0].sourceConnector.config}");
    assert_eq!(
        config,
        r#"{"replication.factor":3,"source.consumer.auto.offset.reset":"latest"}"#
    );
    cleanup(r);
    // No config map yet: the patch creates one holding only this key.
    let r = run(
        "aor-old",
        &procedure("mm2-auto-offset-reset-earliest-old").render_script(),
        MM2_OLD,
    );
    assert!(r.ok, "{}", r.output);
    assert_eq!(
        r.cr("{.spec.mirrors[0].sourceConnector.config}"),
        r#"{"source.consumer.auto.offset.reset":"earliest"}"#
    );
    cleanup(r);
    let r = run(
        "aor-connector",
        &procedure("connector-auto-offset-reset-latest").render_script(),
        CONNECTOR,
    );
    assert!(r.ok, "{}", r.output);
    assert_eq!(
        r.cr("{.spec.config}"),
        r#"{"source.cluster.alias":"east","source.consumer.auto.offset.reset":"latest"}"#
    );
    cleanup(r);
    // A KafkaConnector that is not a MirrorSourceConnector is left alone.
    let sink = CONNECTOR.replace(
        "org.apache.kafka.connect.mirror.MirrorSourceConnector",
        "com.example.Sink",
    );
    let r = run(
        "aor-sink",
        &procedure("connector-auto-offset-reset-latest").render_script(),
        &sink,
    );
    assert!(
        !r.ok
            && r.output
                .contains("runs 'com.example.Sink', not a MirrorSourceConnector"),
        "{}",
        r.output
    );
    assert!(!r.file("argv").contains("[patch]"));
    cleanup(r);
}

#[test]
fn connector_alter_and_reset_scripts_run() {
    let r = run(
        "connector-alter",
        &procedure("connector-alter").render_script(),
        CONNECTOR,
    );
    assert!(r.ok, "{}", r.output);
    assert_eq!(r.cr("{.spec.state}"), "running");
    assert_eq!(r.cr("{.spec.alterOffsets}"), "");
    assert!(r.file("argv").contains("[wait][kafkaconnector/my-connector][-n][kafka][--for=jsonpath={.status.connectorStatus.connector.state}=STOPPED][--timeout=300s]"));
    cleanup(r);
    let r = run(
        "connector-list",
        &procedure("connector-list").render_script(),
        CONNECTOR,
    );
    assert!(r.ok, "{}", r.output);
    assert_eq!(
        r.cr("{.spec.listOffsets.toConfigMap.name}"),
        "my-connector-offsets"
    );
    assert_eq!(r.file("list.yaml"), "{\"offsets\":[]}\n");
    cleanup(r);
}

#[test]
fn rest_alter_sends_the_body_unchanged() {
    let r = run(
        "rest-alter",
        &procedure("rest-alter-mm2-name").render_script(),
        "",
    );
    assert!(r.ok, "{}", r.output);
    assert_eq!(r.file("body.json"), format!("{REST_PATCH_JSON}\n"));
    let calls = argv(&r);
    let url = "http://my-connect-connect-api.kafka.svc:8083/connectors/east-%3Ewest.MirrorSourceConnector";
    assert!(
        calls
            .iter()
            .any(|c| c.ends_with(&format!("[-X][PUT][{url}/stop]"))),
        "{calls:?}"
    );
    assert!(
        calls
            .iter()
            .any(|c| c
                .contains("[-X][PATCH][-H][Content-Type: application/json][--data-binary][@-]"))
    );
    assert!(
        calls
            .last()
            .unwrap()
            .ends_with(&format!("[-X][PUT][{url}/resume]"))
    );
    cleanup(r);
    let r = run("rest-reset", &procedure("rest-reset").render_steps(), "");
    assert!(r.ok, "{}", r.output);
    assert!(r.file("argv").contains(
        "[-X][DELETE][http://my-connect-connect-api.kafka.svc:8083/connectors/my-sink/offsets]"
    ));
    cleanup(r);
}

#[test]
fn a_payload_line_equal_to_the_delimiter_survives_the_heredoc() {
    let r = run(
        "delimiter",
        &procedure("mm2-alter-delimiter-clash").render_script(),
        MM2_NEW,
    );
    assert!(r.ok, "{}", r.output);
    assert_eq!(r.file("applied.yaml"), MM2_ALTER_YAML_WITH_DELIMITER);
    cleanup(r);
}

#[test]
fn auto_offset_reset_value_is_what_was_asked() {
    // Guards the variants table: the golden names say which value each variant sets.
    for (name, _, op) in variants() {
        if let Operation::AutoOffsetReset(v) = op {
            let expected = if name.contains("earliest") {
                AutoOffsetReset::Earliest
            } else {
                AutoOffsetReset::Latest
            };
            assert_eq!(v, expected, "{name}");
        }
    }
    let _ = AliasPath::New;
}
