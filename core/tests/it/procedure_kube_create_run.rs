//! Runs the Strimzi create procedures in bash against a fake kubectl that plays the API server
//! and the operator: `create` and `apply` go through the real `kubectl` (offline, so every
//! manifest must parse), patches through the real `kubectl patch --local`, and after each change
//! the fake operator writes the connector's state to the status, as Strimzi 1.2 does
//! (`FAKE_OLDER=1`: as an older operator, which starts a new connector first and logs `ran`).
//! The offsets annotations act at once on a store of the name's offsets (`stored.json`): list
//! copies it into the list ConfigMap, reset empties it, alter applies the alter ConfigMap as
//! Kafka Connect's PATCH does (a null offset deletes). Every event goes to `events`, one a line,
//! so a test checks the order.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::fs;
use std::path::PathBuf;
use std::process::Command;

use std::sync::atomic::{AtomicUsize, Ordering};

use crate::procedure_kube_create::variants;
use offsets_core::procedure::plan;

/// Tests run in parallel, several on one variant: each run gets a directory of its own.
static RUNS: AtomicUsize = AtomicUsize::new(0);

const FAKE_KUBECTL: &str = r#"#!/usr/bin/env bash
set -euo pipefail
state="${FAKE_STATE}"
cd "${state}"
ev() { echo "$*" >> events; }
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --context) shift 2 ;;
    *) args+=("$1"); shift ;;
  esac
done
set -- "${args[@]}"
verb="$1"; shift
stored() { if [ -e stored.json ]; then cat stored.json; else echo '{"offsets":[]}'; fi; }
# The operator: the connector's state in the status follows the spec (its block, for
# MirrorMaker 2); a connector seen for the first time is created, and an older operator runs it
# first.
reconcile() {
  [ -e cr.json ] || return 0
  kind="$(jq -r .kind cr.json)"
  if [ "${kind}" = KafkaConnector ]; then
    want="$(jq -r '.spec.state // "running"' cr.json)"
  else
    want="$(jq -r '.spec.mirrors[0].sourceConnector | if . == null then "none" else (.state // "running") end' cr.json)"
  fi
  if [ "${want}" = none ]; then
    if [ -e created ]; then ev "connector deleted"; rm -f created; fi
    jq '.status.connectors = []' cr.json > cr.new; mv cr.new cr.json
    return 0
  fi
  if [ ! -e created ]; then
    touch created
    if [ -n "${FAKE_OLDER:-}" ]; then
      ev "created running"
      # It runs a moment: matching nothing when its config filters everything out, else it
      # copies from the start and commits an offset (partition 3, record 1).
      if [ "${kind}" = KafkaConnector ]; then config="$(jq -c '.spec.config // {}' cr.json)"; else config="$(jq -c '.spec.mirrors[0].sourceConnector.config // {}' cr.json)"; fi
      if jq -e '.["topics.exclude"] == ".*" or .["groups.exclude"] == ".*" or (.["topics.regex"] == "^$" and .topics == null)' <<<"${config}" >/dev/null; then
        ev "ran matching nothing"
      else
        ev ran
        jq -c '.offsets += [{"partition":{"cluster":"east","partition":3,"topic":"orders"},"offset":{"offset":1}}]' <<<"$(stored)" > stored.new; mv stored.new stored.json
      fi
    fi
    ev "created ${want}"
  elif [ "$(cat last-state 2>/dev/null)" != "${want}" ]; then
    ev "now ${want}"
  fi
  echo "${want}" > last-state
  upper="$(tr '[:lower:]' '[:upper:]' <<<"${want}")"
  # FAKE_TASK_STATE: the state of the one task a running connector has.
  tasks='[]'
  if [ "${upper}" = RUNNING ] && [ -n "${FAKE_TASK_STATE:-}" ]; then tasks="[{\"id\":0,\"state\":\"${FAKE_TASK_STATE}\"}]"; fi
  if [ "${kind}" = KafkaConnector ]; then
    jq --arg s "${upper}" --argjson t "${tasks}" '.status.connectorStatus.connector.state = $s | .status.connectorStatus.tasks = $t' cr.json > cr.new
  else
    jq --arg s "${upper}" --argjson t "${tasks}" '.status.connectors = [{name: ((.spec.mirrors[0].source.alias // .spec.mirrors[0].sourceCluster) + "->" + (.spec.target.alias // .spec.mirrors[0].targetCluster) + ".MirrorSourceConnector"), connector: {state: $s}, tasks: $t}]' cr.json > cr.new
  fi
  mv cr.new cr.json
}
file_arg() { while [ $# -gt 0 ]; do case "$1" in -f) echo "$2"; return ;; esac; shift; done; }
case "${verb}" in
  create|apply)
    f="$(file_arg "$@")"
    if [ "${f}" = - ]; then cat > in.manifest; else cp "${f}" in.manifest; fi
    # The real kubectl parses the manifest offline, as the API server would get it.
    "${REAL_KUBECTL}" annotate --local -f in.manifest fake=1 -o json > in.json
    if [ "$(jq -r .kind in.json)" = ConfigMap ]; then cp in.json alter-cm.json; ev upload; exit 0; fi
    if [ "${verb}" = create ] && [ -e cr.json ]; then echo 'Error from server (AlreadyExists)' >&2; exit 1; fi
    jq 'del(.metadata.annotations.fake) | if .metadata.annotations == {} then del(.metadata.annotations) else . end' in.json > cr.json
    ev "${verb} $(jq -r .kind cr.json)"
    reconcile ;;
  patch)
    type=""; body=""
    while [ $# -gt 0 ]; do
      case "$1" in --type=*) type="${1#--type=}" ;; -p) body="$2"; shift ;; esac
      shift
    done
    "${REAL_KUBECTL}" patch --local -f cr.json --type="${type}" -p "${body}" -o json > cr.new
    mv cr.new cr.json
    ev patch
    reconcile ;;
  delete)
    if [ "$1" = configmap ]; then ev "delete configmap"; exit 0; fi
    rm -f cr.json; ev "delete resource"; reconcile_gone=1
    if [ -e created ]; then ev "connector deleted"; rm -f created; fi ;;
  annotate)
    op=""
    for a in "$@"; do case "${a}" in strimzi.io/connector-offsets=*) op="${a#*=}" ;; esac; done
    [ -e cr.json ] || { echo 'Error from server (NotFound)' >&2; exit 1; }
    state="$(jq -r '.status.connectorStatus.connector.state // .status.connectors[0].connector.state // ""' cr.json)"
    case "${op}" in
      list) stored > listed.json; ev list ;;
      reset)
        [ "${state}" = STOPPED ] || { ev "reset refused: ${state}"; exit 0; }
        echo '{"offsets":[]}' > stored.json; touch reset-done; ev reset ;;
      alter)
        [ "${state}" = STOPPED ] || { ev "alter refused: ${state}"; exit 0; }
        jq -r '.data | to_entries[0].value' alter-cm.json > alter.json
        jq -n --slurpfile s <(stored) --slurpfile a alter.json 'def k: to_entries | sort_by(.key) | tojson; ($a[0].offsets | map(.partition | k)) as $new | {offsets: ([$s[0].offsets[] | select((.partition | k) as $p | ($new | index([$p])) == null)] + [$a[0].offsets[] | select(.offset != null)])}' > stored.new
        mv stored.new stored.json; ev alter ;;
    esac ;;
  get)
    what="$1"; shift
    out=""; ignore=""
    while [ $# -gt 0 ]; do case "$1" in -o) out="$2"; shift ;; --ignore-not-found) ignore=1 ;; esac; shift; done
    if [ "${what}" = configmap ]; then
      # FAKE_NO_LISTING: after a reset, the list ConfigMap has no data key.
      if [ -n "${FAKE_NO_LISTING:-}" ] && [ -e reset-done ] && [ "${out}" != yaml ]; then exit 0; fi
      if [ "${out}" = yaml ]; then echo 'kind: ConfigMap'; else cat listed.json; fi
      exit 0
    fi
    if [ ! -e cr.json ]; then
      if [ -n "${ignore}" ]; then exit 0; fi
      echo "Error from server (NotFound): ${what} not found" >&2; exit 1
    fi
    if [ "${out}" = name ]; then echo "${what}.kafka.strimzi.io/$(jq -r .metadata.name cr.json)"; exit 0; fi
    "${REAL_KUBECTL}" annotate --local -f cr.json fake=1 -o "${out}" ;;
  *) echo "fake kubectl: unexpected ${verb}" >&2; exit 2 ;;
esac
"#;

const FAKE_SLEEP: &str = "#!/usr/bin/env bash\nexit 0\n";

/// An existing KafkaMirrorMaker2 whose mirror 0 (from east) has no source connector yet.
const MM2_WITHOUT_SOURCE: &str = r#"{"apiVersion":"kafka.strimzi.io/v1","kind":"KafkaMirrorMaker2","metadata":{"name":"my-mm2","namespace":"kafka"},"spec":{"target":{"alias":"west"},"mirrors":[{"source":{"alias":"east"},"checkpointConnector":{}}]},"status":{"connectors":[]}}"#;

/// Offsets a connector deleted earlier left under the name: partition 0 and partition 7.
const OLD: &str = r#"{"offsets":[{"partition":{"cluster":"east","partition":0,"topic":"orders"},"offset":{"offset":5}},{"partition":{"cluster":"east","partition":7,"topic":"orders"},"offset":{"offset":70}}]}"#;

struct Run {
    ok: bool,
    output: String,
    dir: PathBuf,
}

impl Run {
    fn events(&self) -> Vec<String> {
        fs::read_to_string(self.dir.join("events"))
            .unwrap_or_default()
            .lines()
            .map(str::to_owned)
            .collect()
    }

    fn file(&self, name: &str) -> String {
        fs::read_to_string(self.dir.join(name)).unwrap_or_default()
    }

    fn done(self) {
        let _ = fs::remove_dir_all(&self.dir);
    }
}

fn real_kubectl() -> String {
    let out = Command::new("bash")
        .args(["-c", "command -v kubectl"])
        .output()
        .unwrap();
    let path = String::from_utf8_lossy(&out.stdout).trim().to_owned();
    assert!(
        !path.is_empty(),
        "kubectl is not installed; these tests need its --local mode (no cluster)."
    );
    path
}

/// Runs `variant`'s script, or its copy-paste steps one after the other with `steps`, with
/// `cr` as the resource that exists before (none: nothing exists) and `stored` the offsets
/// stored under the name.
fn run(
    variant: &str,
    steps: bool,
    cr: Option<&str>,
    stored: Option<&str>,
    env: &[(&str, &str)],
) -> Run {
    let (_, options, operation) = variants()
        .into_iter()
        .find(|(n, _, _)| *n == variant)
        .unwrap();
    let p = plan(&options, &operation).unwrap();
    let text = if steps {
        p.render_steps()
    } else {
        p.render_script()
    };
    let dir = std::env::temp_dir().join(format!(
        "connect-offsets-kube-create-{}-{variant}-{}",
        std::process::id(),
        RUNS.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join("bin")).unwrap();
    for (tool, body) in [("kubectl", FAKE_KUBECTL), ("sleep", FAKE_SLEEP)] {
        let path = dir.join("bin").join(tool);
        fs::write(&path, body).unwrap();
        Command::new("chmod").arg("+x").arg(&path).status().unwrap();
    }
    if let Some(cr) = cr {
        fs::write(dir.join("cr.json"), cr).unwrap();
    }
    if let Some(stored) = stored {
        fs::write(dir.join("stored.json"), stored).unwrap();
    }
    let path = format!(
        "{}:{}",
        dir.join("bin").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("bash")
        .arg("-c")
        .arg(&text)
        .current_dir(&dir)
        .env("PATH", path)
        .env("FAKE_STATE", &dir)
        .env("REAL_KUBECTL", real_kubectl())
        .envs(env.iter().copied())
        .output()
        .unwrap();
    Run {
        ok: out.status.success(),
        output: format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
        dir,
    }
}

/// The events, checked to be exactly `expected` in order.
fn check_events(r: &Run, expected: &[&str]) {
    assert_eq!(r.events(), expected, "{}", r.output);
}

/// What the name stores at the end, as sorted (partition, offset) texts.
fn stored(r: &Run) -> Vec<String> {
    let v: serde_json::Value = serde_json::from_str(&r.file("stored.json")).unwrap();
    let mut out: Vec<String> = v["offsets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| format!("{}={}", e["partition"]["partition"], e["offset"]["offset"]))
        .collect();
    out.sort();
    out
}

#[test]
fn connector_create_is_stopped_listed_altered_verified_and_only_then_running() {
    for steps in [false, true] {
        let r = run("connector-create", steps, None, None, &[]);
        assert!(r.ok, "{}", r.output);
        check_events(
            &r,
            &[
                "upload",
                "create KafkaConnector",
                "created stopped",
                "list",
                "alter",
                "list",
                "patch",
                "now running",
                "delete configmap",
            ],
        );
        assert!(
            r.output.contains("1 of 1 altered partitions landed."),
            "{}",
            r.output
        );
        assert_eq!(stored(&r), ["0=41"]);
        let cr: serde_json::Value = serde_json::from_str(&r.file("cr.json")).unwrap();
        assert_eq!(cr["spec"]["state"], "running");
        assert!(cr["spec"].get("alterOffsets").is_none(), "{cr}");
        assert_eq!(cr["metadata"]["labels"]["strimzi.io/cluster"], "my-connect");
        r.done();
    }
}

#[test]
fn connector_create_refuses_stored_offsets_and_deletes_what_it_created() {
    let r = run("connector-create", false, None, Some(OLD), &[]);
    assert!(!r.ok, "{}", r.output);
    check_events(
        &r,
        &[
            "upload",
            "create KafkaConnector",
            "created stopped",
            "list",
            "delete resource",
            "connector deleted",
        ],
    );
    assert!(r.output.contains("--recreated reset"), "{}", r.output);
    assert!(
        r.output
            .contains(r#"{"cluster":"east","partition":7,"topic":"orders"}: {"offset":70}"#),
        "{}",
        r.output
    );
    // The old offsets stay as they were.
    assert_eq!(stored(&r), ["0=5", "7=70"]);
    assert!(!r.dir.join("cr.json").exists());
    r.done();
}

#[test]
fn connector_create_stops_before_creating_when_the_connector_exists() {
    let existing = r#"{"apiVersion":"kafka.strimzi.io/v1","kind":"KafkaConnector","metadata":{"name":"my-connector","namespace":"kafka"},"spec":{}}"#;
    let r = run("connector-create", false, Some(existing), None, &[]);
    assert!(!r.ok, "{}", r.output);
    assert!(r.events().is_empty(), "{:?}", r.events());
    assert!(
        r.output.contains("Stopped before creating anything"),
        "{}",
        r.output
    );
    r.done();
}

#[test]
fn connector_create_with_reset_deletes_the_old_offsets_before_the_alter() {
    let r = run(
        "connector-create-resource-reset",
        false,
        None,
        Some(OLD),
        &[],
    );
    assert!(r.ok, "{}", r.output);
    check_events(
        &r,
        &[
            "upload",
            "create KafkaConnector",
            "created stopped",
            "list",
            "reset",
            "list",
            "alter",
            "list",
            "patch",
            "now running",
            "delete configmap",
        ],
    );
    assert!(
        r.output
            .contains("The listing is empty: no old offset is left."),
        "{}",
        r.output
    );
    assert_eq!(stored(&r), ["0=41"]);
    // The user's spec is kept (tasksMax a number, the config), its state replaced.
    let cr: serde_json::Value = serde_json::from_str(&r.file("cr.json")).unwrap();
    assert_eq!(cr["spec"]["tasksMax"], 2);
    assert_eq!(cr["spec"]["config"]["topics"], "orders.*");
    assert_eq!(cr["metadata"]["namespace"], "kafka");
    r.done();
}

#[test]
fn connector_create_with_reset_never_takes_a_missing_listing_for_an_empty_one() {
    let r = run(
        "connector-create-resource-reset",
        false,
        None,
        Some(OLD),
        &[("FAKE_NO_LISTING", "1")],
    );
    assert!(!r.ok, "{}", r.output);
    assert!(
        r.output
            .contains("drifted: no listing was read from the ConfigMap"),
        "{}",
        r.output
    );
    assert!(
        !r.file("events")
            .lines()
            .any(|e| e == "alter" || e == "now running"),
        "{}",
        r.file("events")
    );
    r.done();
}

#[test]
fn connector_create_stops_when_the_status_shows_a_failed_task() {
    let r = run(
        "connector-create",
        false,
        None,
        None,
        &[("FAKE_TASK_STATE", "FAILED")],
    );
    assert!(!r.ok, "{}", r.output);
    assert!(
        r.output.contains("the status shows a task of it FAILED"),
        "{}",
        r.output
    );
    assert!(r.output.contains("task states: FAILED"), "{}", r.output);
    r.done();
}

#[test]
fn connector_create_on_an_older_operator_runs_first_and_keeps_old_offsets() {
    let r = run(
        "connector-create-older-keep",
        false,
        None,
        Some(OLD),
        &[("FAKE_OLDER", "1")],
    );
    assert!(r.ok, "{}", r.output);
    check_events(
        &r,
        &[
            "upload",
            "create KafkaConnector",
            "created running",
            "ran matching nothing",
            "created stopped",
            "list",
            "alter",
            "list",
            "patch",
            "now running",
            "delete configmap",
        ],
    );
    assert!(
        r.output.contains(r#"keeps its old offset: {"cluster":"east","partition":7,"topic":"orders"}: {"offset":70}"#),
        "{}",
        r.output
    );
    assert_eq!(stored(&r), ["0=41", "7=70"]);
    // The server's fields and the pending annotation of the v1beta2 resource were dropped.
    let cr: serde_json::Value = serde_json::from_str(&r.file("cr.json")).unwrap();
    assert!(cr["metadata"].get("resourceVersion").is_none(), "{cr}");
    assert!(cr["metadata"].get("annotations").is_none(), "{cr}");
    // It was created excluding every topic (issue 31 item 8); the start put the config back.
    assert_eq!(
        cr["spec"]["config"],
        serde_json::json!({"source.cluster.alias": "east"})
    );
    r.done();
}

#[test]
fn mm2_create_adds_the_block_stopped_and_starts_it_after_the_verify() {
    for steps in [false, true] {
        let r = run("mm2-create", steps, Some(MM2_WITHOUT_SOURCE), None, &[]);
        assert!(r.ok, "{}", r.output);
        check_events(
            &r,
            &[
                "upload",
                "patch",
                "created stopped",
                "list",
                "alter",
                "list",
                "patch",
                "now running",
                "delete configmap",
            ],
        );
        assert!(
            r.output.contains("2 of 2 altered partitions landed."),
            "{}",
            r.output
        );
        let cr: serde_json::Value = serde_json::from_str(&r.file("cr.json")).unwrap();
        assert_eq!(
            cr["spec"]["mirrors"][0]["sourceConnector"]["state"],
            "running"
        );
        assert_eq!(
            cr["spec"]["mirrors"][0]["sourceConnector"]["listOffsets"]["toConfigMap"]["name"],
            "my-mm2-offsets"
        );
        r.done();
    }
}

#[test]
fn mm2_create_refusal_removes_the_block_again() {
    let r = run(
        "mm2-create",
        false,
        Some(MM2_WITHOUT_SOURCE),
        Some(OLD),
        &[],
    );
    assert!(!r.ok, "{}", r.output);
    check_events(
        &r,
        &[
            "upload",
            "patch",
            "created stopped",
            "list",
            "patch",
            "connector deleted",
        ],
    );
    let cr: serde_json::Value = serde_json::from_str(&r.file("cr.json")).unwrap();
    assert!(
        cr["spec"]["mirrors"][0].get("sourceConnector").is_none(),
        "{cr}"
    );
    assert_eq!(stored(&r), ["0=5", "7=70"]);
    r.done();
}

#[test]
fn mm2_create_refuses_a_mirror_that_has_the_connector_already() {
    let r = run(
        "mm2-create",
        false,
        Some(&MM2_WITHOUT_SOURCE.replace("\"checkpointConnector\"", "\"sourceConnector\"")),
        None,
        &[],
    );
    assert!(!r.ok, "{}", r.output);
    assert!(r.events().is_empty(), "{:?}", r.events());
    assert!(
        r.output.contains("has a sourceConnector block already"),
        "{}",
        r.output
    );
    r.done();
}

#[test]
fn mm2_create_from_a_resource_applies_it_and_resets_old_offsets() {
    let r = run("mm2-create-resource-reset", false, None, Some(OLD), &[]);
    assert!(r.ok, "{}", r.output);
    check_events(
        &r,
        &[
            "upload",
            "apply KafkaMirrorMaker2",
            "created stopped",
            "list",
            "reset",
            "list",
            "alter",
            "list",
            "patch",
            "now running",
            "delete configmap",
        ],
    );
    assert_eq!(stored(&r), ["0=41"]);
    let cr: serde_json::Value = serde_json::from_str(&r.file("cr.json")).unwrap();
    assert_eq!(cr["spec"]["target"]["groupId"], "my-mm2-group");
    assert_eq!(cr["spec"]["mirrors"][0]["sourceConnector"]["tasksMax"], 2);
    r.done();
}

#[test]
fn mm2_create_on_an_older_operator_says_the_connector_ran() {
    let r = run(
        "mm2-create-resource-older",
        false,
        None,
        None,
        &[("FAKE_OLDER", "1")],
    );
    assert!(r.ok, "{}", r.output);
    check_events(
        &r,
        &[
            "upload",
            "apply KafkaMirrorMaker2",
            "created running",
            "ran matching nothing",
            "created stopped",
            "list",
            "alter",
            "list",
            "patch",
            "now running",
            "delete configmap",
        ],
    );
    r.done();
}

/// An older operator's moment of running copies nothing from a connector created matching no
/// topic, so a name that stored nothing passes the refusal check; the start puts the user's
/// topics back (issue 31 item 8).
#[test]
fn sink_create_on_an_older_operator_matches_no_topic_until_it_starts() {
    for steps in [false, true] {
        let r = run(
            "connector-create-older-sink",
            steps,
            None,
            None,
            &[("FAKE_OLDER", "1")],
        );
        assert!(r.ok, "{}", r.output);
        check_events(
            &r,
            &[
                "upload",
                "create KafkaConnector",
                "created running",
                "ran matching nothing",
                "created stopped",
                "list",
                "alter",
                "list",
                "patch",
                "now running",
                "delete configmap",
            ],
        );
        let cr: serde_json::Value = serde_json::from_str(&r.file("cr.json")).unwrap();
        assert_eq!(
            cr["spec"]["config"],
            serde_json::json!({"file": "/tmp/orders.txt", "topics": "orders"}),
            "{cr}"
        );
        r.done();
    }
}

/// A connector that cannot be filtered runs a moment on an older operator and commits an
/// offset; `--recreated reset` deletes it before the alter, so only the chosen offsets remain.
#[test]
fn unfiltered_create_on_an_older_operator_resets_what_the_moment_committed() {
    let r = run(
        "connector-create-older-source-reset",
        false,
        None,
        None,
        &[("FAKE_OLDER", "1")],
    );
    assert!(r.ok, "{}", r.output);
    check_events(
        &r,
        &[
            "upload",
            "create KafkaConnector",
            "created running",
            "ran",
            "created stopped",
            "list",
            "reset",
            "list",
            "alter",
            "list",
            "patch",
            "now running",
            "delete configmap",
        ],
    );
    assert_eq!(stored(&r), ["0=41"]);
    r.done();
}

/// A block added without the resource is filtered too; a mirror whose exclude pattern Strimzi
/// would write over the filter stops the script before anything is created.
#[test]
fn mm2_block_added_for_an_older_operator_matches_nothing_unless_the_mirror_excludes() {
    let r = run(
        "mm2-create-older-keep",
        false,
        Some(MM2_WITHOUT_SOURCE),
        None,
        &[("FAKE_OLDER", "1")],
    );
    assert!(r.ok, "{}", r.output);
    assert!(
        r.events().contains(&"ran matching nothing".to_owned()),
        "{:?}",
        r.events()
    );
    let cr: serde_json::Value = serde_json::from_str(&r.file("cr.json")).unwrap();
    assert_eq!(
        cr["spec"]["mirrors"][0]["sourceConnector"]["config"],
        serde_json::json!({}),
        "{cr}"
    );
    r.done();
    let excluding = MM2_WITHOUT_SOURCE.replace(
        r#""checkpointConnector":{}"#,
        r#""checkpointConnector":{},"topicsExcludePattern":"internal.*""#,
    );
    let r = run(
        "mm2-create-older-keep",
        false,
        Some(&excluding),
        None,
        &[("FAKE_OLDER", "1")],
    );
    assert!(!r.ok, "{}", r.output);
    assert!(r.events().is_empty(), "{:?}", r.events());
    assert!(
        r.output
            .contains("sets an exclude pattern, which Strimzi writes over the block's filter"),
        "{}",
        r.output
    );
    r.done();
}

/// Every manifest a create procedure applies parses with the real kubectl, offline.
#[test]
fn kubectl_accepts_every_created_manifest() {
    let mut seen = 0;
    for (name, options, operation) in variants() {
        let p = plan(&options, &operation).unwrap();
        for step in p.steps.iter().filter(|s| s.title.starts_with("Create")) {
            let Some((_, rest)) = step.script.split_once("<<'OFFSETS_EOF'\n") else {
                continue;
            };
            let manifest = rest.split("\nOFFSETS_EOF").next().unwrap();
            let file = std::env::temp_dir().join(format!(
                "connect-offsets-manifest-{}-{name}.json",
                std::process::id()
            ));
            fs::write(&file, manifest).unwrap();
            let out = Command::new(real_kubectl())
                .args(["annotate", "--local", "-f"])
                .arg(&file)
                .args(["k=v", "-o", "json"])
                .output()
                .unwrap();
            let _ = fs::remove_file(&file);
            assert!(
                out.status.success(),
                "{name}: kubectl refused the manifest: {}\n{manifest}",
                String::from_utf8_lossy(&out.stderr)
            );
            seen += 1;
        }
    }
    assert_eq!(
        seen, 8,
        "the KafkaConnector and resource variants have a manifest each"
    );
}
