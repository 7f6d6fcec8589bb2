//! Runs generated procedures in bash against fake `kubectl` and `curl` commands. The fake
//! kubectl applies every generated patch to a sample CR with the real `kubectl patch --local`
//! and answers `get -o jsonpath` from it with the real jsonpath engine, so the JSON patches,
//! their `test` guard, the jsonpath expressions and the argument quoting are all exercised.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::procedure_support::*;
use offsets_core::procedure::{AliasPath, AutoOffsetReset, Operation, Procedure, plan};

/// Plays kubectl against `cr.yaml` and a stored listing: `listing.json` holds what the operator
/// would list (default: no offsets); when the alter annotation arrives, `listing-after.json`
/// (if present) becomes the stored listing, as a landed alter would.
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
listing() { if [ -e "${state}/listing.json" ]; then cat "${state}/listing.json"; else echo '{"offsets":[]}'; fi; }
case "${verb}" in
  apply) cat > "${state}/applied.yaml" ;;
  wait|delete) ;;
  annotate)
    case " $* " in
      *" strimzi.io/connector-offsets=alter "*)
        if [ -e "${state}/listing-after.json" ]; then cp "${state}/listing-after.json" "${state}/listing.json"; fi ;;
    esac ;;
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
    if [ "${kind}" = configmap ]; then listing; exit 0; fi
    "${REAL_KUBECTL}" annotate --local -f "${state}/cr.yaml" fake=1 -o "${out}" ;;
  *) echo "fake kubectl: unexpected ${verb}" >&2; exit 2 ;;
esac
"#;

/// Plays a Kafka Connect REST API: RUNNING until /stop, the offsets from `listing.json`, and
/// after a PATCH the offsets from `listing-after.json` (if present).
const FAKE_CURL: &str = r#"#!/usr/bin/env bash
set -euo pipefail
state="${FAKE_STATE}"
for a in "$@"; do printf '[%s]' "$a"; done >> "${state}/argv"
echo >> "${state}/argv"
out=""
method=GET
prev=""
wfmt=""
for a in "$@"; do
  case "${prev}" in
    -o) out="${a}" ;;
    -X) method="${a}" ;;
    -w) wfmt="${a}" ;;
  esac
  case "${a}" in
    --data-binary) cat > "${state}/body.json" ;;
  esac
  prev="${a}"
done
url=""
for a in "$@"; do case "${a}" in http*) url="${a}" ;; esac; done
# A create (POST /connectors) makes the connector exist, STOPPED when the body asks for it;
# before it, GET /connectors/NAME is 404 unless the test wrote the file "exists".
code=200
respond() {
  case "${method} ${url}" in
    "POST "*/connectors)
      touch "${state}/exists"
      cp "${state}/body.json" "${state}/created.json"
      if [ -z "${FAKE_IGNORE_INITIAL_STATE:-}" ] && grep -q '"initial_state":"STOPPED"' "${state}/body.json"; then touch "${state}/stopped"; fi
      echo '{}' ;;
    "GET "*/connectors/*/*) respond_existing ;;
    "GET "*/connectors/*)
      if [ -e "${state}/exists" ]; then echo '{}'; else code=404; echo '{"error_code":404}'; fi ;;
    *) respond_existing ;;
  esac
}
respond_existing() {
  case "${method} ${url}" in
    "PUT "*/stop) touch "${state}/stopped"; echo '{}' ;;
    "DELETE "*/offsets) echo '{"offsets":[]}' > "${state}/listing.json"; echo '{"message":"reset"}' ;;
    "DELETE "*) rm -f "${state}/exists"; touch "${state}/deleted"; echo '{}' ;;
    "PUT "*/resume) rm -f "${state}/stopped"; echo resumed > "${state}/connect-state"; echo '{}' ;;
    "PUT "*/pause) echo paused > "${state}/connect-state"; echo '{}' ;;
    "PATCH "*/offsets)
      if [ -e "${state}/lag" ]; then cp "${state}/listing-lagging.json" "${state}/listing.json"
      elif [ -e "${state}/listing-after.json" ]; then cp "${state}/listing-after.json" "${state}/listing.json"; fi
      echo '{"message":"ok"}' ;;
    "GET "*/offsets)
      if [ -e "${state}/listing.json" ]; then cat "${state}/listing.json"; else echo '{"offsets":[]}'; fi
      # A lagging worker: after the PATCH, the first `lag` listings are listing-lagging.json.
      if [ -e "${state}/lag" ] && [ -e "${state}/body.json" ]; then
        left=$(( $(cat "${state}/lag") - 1 ))
        if [ "${left}" -le 0 ]; then rm "${state}/lag"; cp "${state}/listing-after.json" "${state}/listing.json"; else echo "${left}" > "${state}/lag"; fi
      fi ;;
    "GET "*/status)
      if [ -e "${state}/stopped" ]; then s=STOPPED; else s="${FAKE_CONNECT_STATE:-RUNNING}"; fi
      # FAKE_TASK_STATE: one task in that state while the connector is not stopped.
      tasks='[]'
      if [ -n "${FAKE_TASK_STATE:-}" ] && [ "${s}" != STOPPED ]; then tasks="[{\"id\":0,\"state\":\"${FAKE_TASK_STATE}\",\"worker_id\":\"w:8083\"}]"; fi
      echo "{\"name\":\"x\",\"connector\":{\"state\":\"${s}\",\"worker_id\":\"w:8083\"},\"tasks\":${tasks},\"type\":\"sink\"}" ;;
    *) echo '{}' ;;
  esac
}
if [ -n "${out}" ]; then respond > "${out}"; else respond; fi
if [ "${wfmt}" = '%{http_code}' ]; then printf '%s' "${code}"; fi
"#;

/// Counts the pauses (`sleeps`) and returns at once.
const FAKE_SLEEP: &str = "#!/usr/bin/env bash\necho \"$*\" >> \"${FAKE_STATE}/sleeps\"\n";

pub(crate) const MM2_NEW: &str = "apiVersion: kafka.strimzi.io/v1\nkind: KafkaMirrorMaker2\nmetadata:\n  name: my-mm2\n  namespace: kafka\nspec:\n  target:\n    alias: west\n  mirrors:\n  - source:\n      alias: east\n    sourceConnector:\n      config:\n        replication.factor: 3\n    checkpointConnector: {}\nstatus:\n  connectors:\n  - name: east->west.MirrorSourceConnector\n    connector:\n      state: STOPPED\n  - name: east->west.MirrorCheckpointConnector\n    connector:\n      state: STOPPED\n";

const MM2_OLD: &str = "apiVersion: kafka.strimzi.io/v1beta2\nkind: KafkaMirrorMaker2\nmetadata:\n  name: my-mm2\n  namespace: kafka\nspec:\n  mirrors:\n  - sourceCluster: east\n    targetCluster: west\n    sourceConnector: {}\nstatus:\n  connectors:\n  - name: east->west.MirrorSourceConnector\n    connector:\n      state: STOPPED\n";

/// Mirror 0 replicates from another cluster: the `test` guard must stop every patch.
const MM2_OTHER_MIRROR: &str = "apiVersion: kafka.strimzi.io/v1\nkind: KafkaMirrorMaker2\nmetadata:\n  name: my-mm2\n  namespace: kafka\nspec:\n  target:\n    alias: west\n  mirrors:\n  - source:\n      alias: south\n    sourceConnector: {}\n";

const CONNECTOR: &str = "apiVersion: kafka.strimzi.io/v1\nkind: KafkaConnector\nmetadata:\n  name: my-connector\n  namespace: kafka\nspec:\n  class: org.apache.kafka.connect.mirror.MirrorSourceConnector\n  config:\n    source.cluster.alias: east\nstatus:\n  connectorStatus:\n    connector:\n      state: STOPPED\n";

pub(crate) struct Run {
    pub(crate) ok: bool,
    pub(crate) output: String,
    pub(crate) dir: PathBuf,
}

impl Run {
    pub(crate) fn file(&self, name: &str) -> String {
        fs::read_to_string(self.dir.join(name)).unwrap_or_default()
    }
    /// The CR after the procedure, as JSON, through the real jsonpath engine.
    pub(crate) fn cr(&self, jsonpath: &str) -> String {
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
    run_with(name, text, cr, &[], &[])
}

/// [`run`] with files seeded in the state directory (`listing.json`, `listing-after.json`) and
/// extra environment variables.
pub(crate) fn run_with(
    name: &str,
    text: &str,
    cr: &str,
    files: &[(&str, &str)],
    env: &[(&str, &str)],
) -> Run {
    let dir = std::env::temp_dir().join(format!(
        "connect-offsets-procedure-run-{}-{name}",
        std::process::id()
    ));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join("bin")).unwrap();
    // `sleep` returns at once: every wait in the scripts ends on a state, and the verify
    // step's listings 5 seconds apart run back to back.
    for (tool, body) in [
        ("kubectl", FAKE_KUBECTL),
        ("curl", FAKE_CURL),
        ("sleep", FAKE_SLEEP),
    ] {
        let path = dir.join("bin").join(tool);
        fs::write(&path, body).unwrap();
        Command::new("chmod").arg("+x").arg(&path).status().unwrap();
    }
    fs::write(dir.join("cr.yaml"), cr).unwrap();
    for (file, body) in files {
        fs::write(dir.join(file), body).unwrap();
    }
    run_in(dir, text, env)
}

/// Runs `text` again in the state directory of an earlier [`run_with`] (its files, fake tools
/// and resource as that run left them).
pub(crate) fn run_in(dir: PathBuf, text: &str, env: &[(&str, &str)]) -> Run {
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
        .envs(env.iter().copied())
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

pub(crate) fn procedure(name: &str) -> Procedure {
    let (_, options, operation) = variants().into_iter().find(|(n, _, _)| *n == name).unwrap();
    plan(&options, &operation).unwrap()
}

pub(crate) fn argv(run: &Run) -> Vec<String> {
    run.file("argv").lines().map(str::to_owned).collect()
}

pub(crate) fn cleanup(run: Run) {
    let _ = fs::remove_dir_all(Path::new(&run.dir));
}

/// MM2_LISTED after the alter of MM2_ALTER_YAML landed: partition 0 at 41, partition 1 gone
/// (nulled), partition 2 untouched; another entry order and spacing.
const MM2_AFTER: &str = r#"{"offsets":[{"partition":{"topic":"orders","partition":2,"cluster":"east"},"offset":{"offset":9}},{"partition":{"topic":"orders","partition":0,"cluster":"east"},"offset":{"offset":41}}]}"#;

/// MM2_LISTED with partition 0 moved on (the connector committed after the user listed).
fn mm2_moved() -> String {
    MM2_LISTED.replace("1041", "1502")
}

/// The index of the first call containing `needle`, to check the order of the calls.
pub(crate) fn call(calls: &[String], needle: &str) -> usize {
    calls
        .iter()
        .position(|c| c.contains(needle))
        .unwrap_or_else(|| panic!("no call with {needle}: {calls:#?}"))
}

#[test]
fn mm2_alter_script_stops_lists_compares_then_alters_and_restores() {
    let p = procedure("mm2-alter-new-context");
    let r = run_with(
        "mm2-alter",
        &p.render_script(),
        MM2_NEW,
        &[
            ("listing.json", MM2_LISTED),
            ("listing-after.json", MM2_AFTER),
        ],
        &[],
    );
    assert!(r.ok, "{}", r.output);
    assert!(r.output.ends_with("==> Done.\n"), "{}", r.output);
    assert!(
        r.output
            .contains("No edited partition moved since the listing you edited (2 checked).")
    );
    assert!(
        r.output.contains("2 of 2 altered partitions landed."),
        "{}",
        r.output
    );
    assert_eq!(r.file("applied.yaml"), MM2_ALTER_YAML);
    // The listings went to their own files (the fake prints the stored payload).
    assert_eq!(r.file("before-alter.yaml"), MM2_LISTED);
    assert_eq!(r.file("after-alter.yaml"), format!("{MM2_AFTER}"));
    assert!(
        !r.dir.join("offsets-check.json").exists(),
        "clean-up left the check file"
    );
    // Nothing was set before, so nothing is left: the connector runs, no alterOffsets.
    assert_eq!(r.cr("{.spec.mirrors[0].sourceConnector.state}"), "");
    assert_eq!(r.cr("{.spec.mirrors[0].sourceConnector.alterOffsets}"), "");
    let calls = argv(&r);
    // Order: stop, wait, list, compare, upload, point, alter, list, resume, clean up.
    let stop = call(&calls, "\"value\":\"stopped\"");
    let list = call(&calls, "strimzi.io/connector-offsets=list");
    let apply = call(&calls, "[apply]");
    let point = call(&calls, "/sourceConnector/alterOffsets\",\"value\"");
    let alter = call(&calls, "strimzi.io/connector-offsets=alter");
    let delete = call(&calls, "[delete][configmap][my-mm2-offsets-alter]");
    assert!(stop < list && list < apply && apply < point && point < alter && alter < delete);
    // The connector name reaches kubectl as one argument, '>' and all, with the context.
    assert!(calls.iter().any(|c| c
        == "[--context][prod-cluster][annotate][kafkamirrormaker2][my-mm2][-n][kafka][strimzi.io/connector-offsets=alter][strimzi.io/mirrormaker-connector=east->west.MirrorSourceConnector][--overwrite]"));
    assert!(calls.iter().any(|c| c.contains("[--show-managed-fields]")));
    assert!(
        !r.dir.join("west.MirrorSourceConnector").exists(),
        "an unquoted -> redirected output"
    );
    cleanup(r);
}

#[test]
fn an_alter_in_rounds_points_annotates_and_waits_once_per_round_with_the_connector_stopped() {
    let p = procedure("mm2-alter-rounds");
    let r = run_with(
        "mm2-alter-rounds",
        &p.render_script(),
        MM2_NEW,
        &[
            ("listing.json", MM2_LISTED),
            ("listing-after.json", MM2_AFTER),
        ],
        &[],
    );
    assert!(r.ok, "{}", r.output);
    assert!(
        r.output
            .contains("==> 7/11 Alter round 1 of 2 (ConfigMap 'my-mm2-offsets-alter-1')"),
        "{}",
        r.output
    );
    assert!(
        r.output.contains("2 of 2 altered partitions landed."),
        "{}",
        r.output
    );
    // Both rounds went up in one apply.
    assert_eq!(r.file("applied.yaml"), mm2_alter_rounds_yaml());
    assert_eq!(r.cr("{.spec.mirrors[0].sourceConnector.state}"), "");
    assert_eq!(r.cr("{.spec.mirrors[0].sourceConnector.alterOffsets}"), "");
    let calls = argv(&r);
    let stop = call(&calls, "\"value\":\"stopped\"");
    let apply = call(&calls, "[apply]");
    let first = call(&calls, "\"name\":\"my-mm2-offsets-alter-1\"");
    let second = call(&calls, "\"name\":\"my-mm2-offsets-alter-2\"");
    let alters: Vec<usize> = calls
        .iter()
        .enumerate()
        .filter(|(_, c)| c.contains("strimzi.io/connector-offsets=alter"))
        .map(|(i, _)| i)
        .collect();
    assert_eq!(alters.len(), 2, "{calls:#?}");
    let resume = calls.iter().rposition(|c| c.contains("[patch]")).unwrap();
    assert!(stop < apply && apply < first && first < alters[0] && alters[0] < second);
    assert!(second < alters[1] && alters[1] < resume, "{calls:#?}");
    assert!(calls.iter().any(|c| c
        == "[delete][configmap][my-mm2-offsets-alter-1][my-mm2-offsets-alter-2][-n][kafka][--ignore-not-found]"));
    cleanup(r);
}

/// MM2_AFTER as Kafka 4.3.1's worker can list it right after the alter: the nulled partition 1
/// still named, with a null offset (its offset store drops it a moment later).
const MM2_AFTER_NULL_LISTED: &str = r#"{"offsets":[{"partition":{"cluster":"east","partition":1,"topic":"orders"},"offset":null},{"partition":{"topic":"orders","partition":2,"cluster":"east"},"offset":{"offset":9}},{"partition":{"topic":"orders","partition":0,"cluster":"east"},"offset":{"offset":41}}]}"#;

#[test]
fn a_nulled_partition_listed_with_a_null_offset_has_landed() {
    let r = run_with(
        "mm2-alter-null-listed",
        &procedure("mm2-alter-new-context").render_script(),
        MM2_NEW,
        &[
            ("listing.json", MM2_LISTED),
            ("listing-after.json", MM2_AFTER_NULL_LISTED),
        ],
        &[],
    );
    assert!(r.ok, "{}", r.output);
    assert!(
        r.output.contains("2 of 2 altered partitions landed."),
        "{}",
        r.output
    );
    assert!(!r.output.contains("drifted"), "{}", r.output);
    cleanup(r);
}

#[test]
fn a_moved_offset_stops_the_script_before_anything_is_altered() {
    for name in ["mm2-alter-new", "mm2-alter-new-context"] {
        let moved = mm2_moved();
        let r = run_with(
            name,
            &procedure(name).render_script(),
            MM2_NEW,
            &[("listing.json", &moved), ("listing-after.json", MM2_AFTER)],
            &[],
        );
        assert!(!r.ok, "{name}: {}", r.output);
        assert!(
            r.output.contains(r#"{"cluster":"east","partition":0,"topic":"orders"}: listed {"offset":1041} when you edited, now {"offset":1502}"#),
            "{name}: {}",
            r.output
        );
        assert!(
            r.output.contains("Import before-alter.not-altered.yaml"),
            "{}",
            r.output
        );
        // The refusal names the way past it for edits that set values.
        assert!(r.output.contains("plan --absolute"), "{}", r.output);
        // Partition 1 did not move and partition 2 is not edited: neither is named.
        assert!(!r.output.contains("\"partition\":1,"), "{}", r.output);
        let log = r.file("argv");
        assert!(
            !log.contains("[apply]"),
            "{name}: uploaded after a move:\n{log}"
        );
        assert!(
            !log.contains("connector-offsets=alter"),
            "{name}: altered after a move"
        );
        assert!(
            !log.contains("alterOffsets\",\"value\""),
            "{name}: pointed at the alter ConfigMap"
        );
        assert_eq!(r.file("applied.yaml"), "");
        // Left stopped on purpose, and the fresh listing is kept for the re-import, under a
        // name of its own so that the script can run again.
        assert_eq!(r.cr("{.spec.mirrors[0].sourceConnector.state}"), "stopped");
        assert_eq!(r.file("before-alter.not-altered.yaml"), moved);
        assert!(!r.dir.join("before-alter.yaml").exists());
        cleanup(r);
    }
    // The same for a KafkaConnector and over REST.
    let moved = CONNECTOR_LISTED.replace("1041", "1100");
    let r = run_with(
        "connector-moved",
        &procedure("connector-alter").render_script(),
        CONNECTOR,
        &[("listing.json", &moved)],
        &[],
    );
    assert!(
        !r.ok && r.output.contains("now {\"offset\":1100}"),
        "{}",
        r.output
    );
    let log = r.file("argv");
    assert!(
        !log.contains("[apply]") && !log.contains("connector-offsets=alter"),
        "{log}"
    );
    cleanup(r);
    let moved = REST_LISTED.replace("2000", "2500");
    let r = run_with(
        "rest-moved",
        &procedure("rest-alter").render_script(),
        "",
        &[("listing.json", &moved)],
        &[],
    );
    assert!(
        !r.ok && r.output.contains("now {\"kafka_offset\":2500}"),
        "{}",
        r.output
    );
    let log = r.file("argv");
    assert!(log.contains("/stop]") && !log.contains("[PATCH]"), "{log}");
    assert!(!log.contains("/resume]"), "resumed after a move: {log}");
    cleanup(r);
}

#[test]
fn resume_restores_the_state_and_alter_offsets_that_were_there() {
    let cr = CONNECTOR.replace(
        "spec:\n",
        "spec:\n  state: paused\n  alterOffsets:\n    fromConfigMap:\n      name: old-cm\n",
    );
    let after = CONNECTOR_LISTED.replace("1041", "41");
    let r = run_with(
        "connector-restore",
        &procedure("connector-alter").render_script(),
        &cr,
        &[
            ("listing.json", CONNECTOR_LISTED),
            ("listing-after.json", &after),
        ],
        &[],
    );
    assert!(r.ok, "{}", r.output);
    assert!(
        r.output.contains(
            "Recorded: state 'paused', alterOffsets '{\"fromConfigMap\":{\"name\":\"old-cm\"}}'."
        ),
        "{}",
        r.output
    );
    assert_eq!(r.cr("{.spec.state}"), "paused");
    assert_eq!(r.cr("{.spec.alterOffsets.fromConfigMap.name}"), "old-cm");
    cleanup(r);
    let cr = MM2_NEW.replace(
        "    sourceConnector:\n",
        "    sourceConnector:\n      state: paused\n      alterOffsets:\n        fromConfigMap:\n          name: old-cm\n",
    );
    let r = run_with(
        "mm2-restore",
        &procedure("mm2-alter-new").render_script(),
        &cr,
        &[
            ("listing.json", MM2_LISTED),
            ("listing-after.json", MM2_AFTER),
        ],
        &[],
    );
    assert!(r.ok, "{}", r.output);
    assert_eq!(r.cr("{.spec.mirrors[0].sourceConnector.state}"), "paused");
    assert_eq!(
        r.cr("{.spec.mirrors[0].sourceConnector.alterOffsets.fromConfigMap.name}"),
        "old-cm"
    );
    cleanup(r);
    // Already stopped before: it stays stopped, and the script says how to run it.
    let cr = CONNECTOR.replace("spec:\n", "spec:\n  state: stopped\n");
    let r = run_with(
        "connector-was-stopped",
        &procedure("connector-reset").render_script(),
        &cr,
        &[],
        &[],
    );
    assert!(r.ok, "{}", r.output);
    assert_eq!(r.cr("{.spec.state}"), "stopped");
    assert!(
        r.output
            .contains("already stopped when this script started")
    );
    cleanup(r);
    // REST: a PAUSED connector is paused again, not resumed.
    let r = run_with(
        "rest-paused",
        &procedure("rest-alter").render_script(),
        "",
        &[
            ("listing.json", REST_LISTED),
            ("listing-after.json", &REST_LISTED.replace("2000", "1000")),
        ],
        &[("FAKE_CONNECT_STATE", "PAUSED")],
    );
    assert!(r.ok, "{}", r.output);
    let calls = argv(&r);
    assert!(calls.last().unwrap().ends_with("/pause]"), "{calls:?}");
    cleanup(r);
}

#[test]
fn without_the_listing_the_script_changes_nothing_unless_told() {
    let p = procedure("connector-alter-unchecked");
    assert!(
        p.warnings
            .iter()
            .any(|d| d.message.contains("was not given"))
    );
    let r = run("unchecked", &p.render_script(), CONNECTOR);
    assert!(
        !r.ok && r.output.contains("OFFSETS_UNCHECKED=yes"),
        "{}",
        r.output
    );
    assert!(!r.file("argv").contains("[patch]"));
    cleanup(r);
    let r = run_with(
        "unchecked-yes",
        &p.render_script(),
        CONNECTOR,
        &[(
            "listing-after.json",
            &CONNECTOR_LISTED.replace("1041", "41"),
        )],
        &[("OFFSETS_UNCHECKED", "yes")],
    );
    assert!(r.ok, "{}", r.output);
    cleanup(r);
}

#[test]
fn mm2_alter_steps_run_the_same_way() {
    let p = procedure("mm2-alter-new");
    let r = run_with(
        "mm2-steps",
        &p.render_steps(),
        MM2_NEW,
        &[
            ("listing.json", MM2_LISTED),
            ("listing-after.json", MM2_AFTER),
        ],
        &[],
    );
    assert!(r.ok, "{}", r.output);
    assert!(
        r.output.contains("2 of 2 altered partitions landed."),
        "{}",
        r.output
    );
    assert!(!r.output.contains("when you edited"), "{}", r.output);
    assert!(
        !r.dir.join("alter.yaml").exists(),
        "clean-up left alter.yaml"
    );
    assert_eq!(r.file("applied.yaml"), "");
    assert_eq!(r.cr("{.spec.mirrors[0].sourceConnector.state}"), "");
    // With a moved offset the compare step names it (the user stops there).
    let moved = mm2_moved();
    let r2 = run_with(
        "mm2-steps-moved",
        &p.render_steps(),
        MM2_NEW,
        &[("listing.json", &moved)],
        &[],
    );
    assert!(r2.output.contains("now {\"offset\":1502}"), "{}", r2.output);
    cleanup(r);
    cleanup(r2);
}

#[test]
fn old_style_guard_and_checkpoint_connector_patches_apply() {
    let r = run(
        "mm2-reset-old",
        &procedure("mm2-reset-old").render_script(),
        MM2_OLD,
    );
    assert!(r.ok, "{}", r.output);
    assert_eq!(r.cr("{.spec.mirrors[0].sourceConnector.state}"), "");
    assert_eq!(r.file("before-reset.yaml"), "{\"offsets\":[]}\n");
    cleanup(r);
    let r = run_with(
        "checkpoint",
        &procedure("mm2-checkpoint-alter-new").render_script(),
        MM2_NEW,
        &[("listing.json", CHECKPOINT_LISTED)],
        &[],
    );
    assert!(
        !r.ok,
        "the fake listing does not change, so the alter cannot land"
    );
    assert!(
        r.output.contains("0 of 1 altered partitions landed."),
        "{}",
        r.output
    );
    assert_eq!(
        r.cr("{.spec.mirrors[0].checkpointConnector.state}"),
        "stopped"
    );
    assert_eq!(
        r.cr("{.spec.mirrors[0].checkpointConnector.alterOffsets.fromConfigMap.name}"),
        "my-mm2-offsets-alter"
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
    // The script checks the alias before it changes anything, and says what is wrong.
    let r = run(
        "guard-message",
        &procedure("mm2-alter-new").render_script(),
        MM2_OTHER_MIRROR,
    );
    assert!(
        r.output
            .contains("has 'south' at /spec/mirrors/0/source/alias, not 'east'"),
        "{}",
        r.output
    );
    assert!(!r.file("argv").contains("[patch]"));
    cleanup(r);
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
fn a_missing_listing_after_the_alter_is_never_taken_for_one() {
    // The operator wrote no data key: the listing read is empty, not "no offsets stored".
    let r = run_with(
        "connector-alter-no-listing",
        &procedure("connector-alter").render_script(),
        CONNECTOR,
        &[
            ("listing.json", CONNECTOR_LISTED),
            ("listing-after.json", ""),
        ],
        &[],
    );
    assert!(!r.ok, "{}", r.output);
    assert!(
        r.output.contains(
            "drifted: no listing was read (no offsets array where the listing should be)"
        ),
        "{}",
        r.output
    );
    assert_eq!(r.cr("{.spec.state}"), "stopped");
    cleanup(r);
}

#[test]
fn connector_alter_and_reset_scripts_run() {
    let r = run_with(
        "connector-alter",
        &procedure("connector-alter").render_script(),
        CONNECTOR,
        &[("listing.json", CONNECTOR_LISTED)],
        &[],
    );
    // The fake listing does not change on alter: verification lists 12 times, reports the
    // drift and stops.
    assert_eq!(
        r.output.matches("listing again in 5 seconds").count(),
        11,
        "{}",
        r.output
    );
    assert!(!r.ok && r.output.contains("drifted: {\"cluster\":\"east\",\"partition\":0,\"topic\":\"orders\"}: expected {\"offset\":41}, listed {\"offset\":1041}"), "{}", r.output);
    assert_eq!(r.cr("{.spec.state}"), "stopped");
    assert!(r.file("argv").contains("[wait][kafkaconnector/my-connector][-n][kafka][--for=jsonpath={.status.connectorStatus.connector.state}=STOPPED][--timeout=300s]"));
    cleanup(r);
    let after = CONNECTOR_LISTED.replace("1041", "41");
    let r = run_with(
        "connector-alter-landed",
        &procedure("connector-alter").render_script(),
        CONNECTOR,
        &[
            ("listing.json", CONNECTOR_LISTED),
            ("listing-after.json", &after),
        ],
        &[],
    );
    assert!(r.ok, "{}", r.output);
    assert_eq!(r.cr("{.spec.state}"), "");
    assert_eq!(r.cr("{.spec.alterOffsets}"), "");
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
    let after = REST_LISTED.replace("2000", "1000");
    let r = run_with(
        "rest-alter",
        &procedure("rest-alter-mm2-name").render_script(),
        "",
        &[
            ("listing.json", REST_LISTED),
            ("listing-after.json", &after),
        ],
        &[],
    );
    assert!(r.ok, "{}", r.output);
    assert!(
        r.output.contains("1 of 1 altered partitions landed."),
        "{}",
        r.output
    );
    assert_eq!(r.file("body.json"), format!("{REST_PATCH_JSON}\n"));
    assert_eq!(r.file("before-alter.json"), REST_LISTED);
    let calls = argv(&r);
    let url = "http://my-connect-connect-api.kafka.svc:8083/connectors/east-%3Ewest.MirrorSourceConnector";
    let stop = call(&calls, &format!("[-X][PUT][{url}/stop]"));
    let patch = call(
        &calls,
        "[-X][PATCH][-H][Content-Type: application/json][--data-binary][@-]",
    );
    let resume = call(&calls, &format!("[-X][PUT][{url}/resume]"));
    assert!(stop < patch && patch < resume);
    cleanup(r);
    let r = run("rest-reset", &procedure("rest-reset").render_steps(), "");
    assert!(r.ok, "{}", r.output);
    assert!(r.file("argv").contains(
        "[-X][DELETE][http://my-connect-connect-api.kafka.svc:8083/connectors/my-sink/offsets]"
    ));
    cleanup(r);
}

/// Kafka 4.3.1's worker can list a source connector right after an alter without the
/// partitions the alter has just written (its offset store's reader has not seen them yet):
/// the verify step lists again instead of calling them drifted.
#[test]
fn a_listing_that_lags_the_alter_is_listed_again_until_it_shows_the_alter() {
    let after = REST_LISTED.replace("2000", "1000");
    let r = run_with(
        "rest-alter-lagging",
        &procedure("rest-alter-mm2-name").render_script(),
        "",
        &[
            ("listing.json", REST_LISTED),
            ("listing-after.json", &after),
            ("listing-lagging.json", "{\"offsets\":[]}"),
            ("lag", "2"),
        ],
        &[],
    );
    assert!(r.ok, "{}", r.output);
    assert_eq!(
        r.output.matches("listing again in 5 seconds").count(),
        2,
        "{}",
        r.output
    );
    assert_eq!(r.file("sleeps").lines().filter(|l| *l == "5").count(), 2);
    assert!(
        r.output.contains("1 of 1 altered partitions landed."),
        "{}",
        r.output
    );
    assert!(!r.output.contains("did not land"), "{}", r.output);
    assert_eq!(r.file("after-alter.json"), after);
    cleanup(r);
}

#[test]
fn a_payload_line_equal_to_the_delimiter_survives_the_heredoc() {
    // This payload cannot be read back, so the script only runs when told to.
    let r = run_with(
        "delimiter",
        &procedure("mm2-alter-delimiter-clash").render_script(),
        MM2_NEW,
        &[],
        &[("OFFSETS_UNCHECKED", "yes")],
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

/// Issue 20, item 8: a sink listing and alter that write `"kafka_partition": "2"`. Kafka
/// Connect reads it as partition 2 and lists the number 2: the script must not see that as a
/// moved partition, and the landed check must count it as landed.
#[test]
fn a_string_sink_partition_is_compared_as_connect_reads_it() {
    let listed_as_string =
        REST_LISTED.replace("\"kafka_partition\":2", "\"kafka_partition\":\"2\"");
    let alter_as_string =
        REST_PATCH_JSON.replace("\"kafka_partition\" : 2", "\"kafka_partition\" : \"2\"");
    assert_ne!(
        alter_as_string, REST_PATCH_JSON,
        "the alter writes the partition as a string"
    );
    let options = listed(rest("my-sink"), &listed_as_string, None);
    let p = plan(
        &options,
        &Operation::Alter {
            payload: alter_as_string.clone(),
        },
    )
    .unwrap();
    // The worker lists the number, before and after.
    let after = REST_LISTED.replace("2000", "1000");
    let r = run_with(
        "rest-alter-string-partition",
        &p.render_script(),
        "",
        &[
            ("listing.json", REST_LISTED),
            ("listing-after.json", &after),
        ],
        &[],
    );
    assert!(r.ok, "{}", r.output);
    assert!(
        r.output
            .contains("No edited partition moved since the listing you edited (1 checked)."),
        "{}",
        r.output
    );
    assert!(
        r.output.contains("1 of 1 altered partitions landed."),
        "{}",
        r.output
    );
    // The body is sent as written.
    assert_eq!(r.file("body.json"), format!("{alter_as_string}\n"));
    cleanup(r);

    // The landed check and the diff read it the same way.
    use offsets_core::{ImportOptions, import};
    let read = |t: &str| import(t, &ImportOptions::default()).unwrap().listing;
    let c = offsets_core::diff::confirm(&read(&alter_as_string), &read(&after));
    assert!(c.is_ok(), "{c:?}");
    let d = offsets_core::diff::diff(&read(&listed_as_string), &read(&after));
    assert_eq!(d.summary.changed(), 1, "{}", d.render(true));
    assert_eq!(d.summary.added + d.summary.removed, 0, "{}", d.render(true));
}
