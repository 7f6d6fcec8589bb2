//! The create procedure of a plain Kafka Connect connector, run in bash against the fake curl
//! of `procedure_run`: it creates the connector stopped, alters and verifies its offsets before
//! anything can start it, and stops before creating anything when the name exists.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::procedure_run::{argv, call, cleanup, procedure, run_with};
use crate::procedure_support::*;
use offsets_core::procedure::{Operation, Previous, plan};

/// What the worker lists once REST_CREATE_JSON landed: partition 0 at 41, partition 1 (null)
/// not listed.
const CREATED: &str = r#"{"offsets":[{"partition":{"topic":"orders","partition":0,"cluster":"east"},"offset":{"offset":41}}]}"#;

fn create(config: &str) -> Operation {
    Operation::Create {
        payload: REST_CREATE_JSON.into(),
        config: config.into(),
        previous: Previous::Refuse,
    }
}

#[test]
fn create_script_creates_stopped_alters_verifies_then_starts() {
    let p = procedure("rest-create");
    let r = run_with(
        "rest-create",
        &p.render_script(),
        "",
        &[("listing-after.json", CREATED)],
        &[],
    );
    assert!(r.ok, "{}", r.output);
    assert!(
        r.output.contains("2 of 2 altered partitions landed."),
        "{}",
        r.output
    );
    let calls = argv(&r);
    let exists = call(&calls, "[-w][%{http_code}]");
    let post = call(&calls, "[-X][POST]");
    let patch = call(&calls, "[-X][PATCH]");
    let listed = call(&calls, "[-o][after-alter.json]");
    let resume = call(&calls, "/resume]");
    assert!(
        exists < post && post < patch && patch < listed && listed < resume,
        "{calls:#?}"
    );
    // Nothing but the one resume, after the verify, may start the connector.
    assert_eq!(calls.iter().filter(|c| c.contains("/resume]")).count(), 1);
    assert!(!calls.iter().any(|c| c.contains("/restart")), "{calls:#?}");
    let created: serde_json::Value = serde_json::from_str(&r.file("created.json")).unwrap();
    assert_eq!(created["name"], "orders-mirror");
    assert_eq!(created["initial_state"], "STOPPED");
    assert_eq!(
        created["config"]["connector.class"],
        "org.apache.kafka.connect.mirror.MirrorSourceConnector"
    );
    cleanup(r);
}

#[test]
fn create_script_stops_before_creating_when_the_name_exists() {
    let p = procedure("rest-create");
    let r = run_with(
        "rest-create-exists",
        &p.render_script(),
        "",
        &[("exists", ""), ("listing-after.json", CREATED)],
        &[],
    );
    assert!(!r.ok, "{}", r.output);
    assert!(
        r.output
            .contains("Stopped before creating anything: a connector exists at"),
        "{}",
        r.output
    );
    assert!(
        r.output
            .contains("resumes from the offsets it stored before"),
        "{}",
        r.output
    );
    let calls = argv(&r);
    assert_eq!(calls.len(), 1, "{calls:#?}");
    cleanup(r);
}

#[test]
fn create_script_leaves_the_connector_stopped_when_an_offset_drifts() {
    let p = procedure("rest-create");
    // No listing-after.json: the worker lists no offsets after the alter.
    let r = run_with("rest-create-drift", &p.render_script(), "", &[], &[]);
    assert!(!r.ok, "{}", r.output);
    assert!(r.output.contains("drifted: "), "{}", r.output);
    assert!(r.output.contains("has never run"), "{}", r.output);
    let calls = argv(&r);
    assert!(!calls.iter().any(|c| c.contains("/resume]")), "{calls:#?}");
    cleanup(r);
}

#[test]
fn create_script_stops_a_connector_the_worker_started_and_alters_nothing() {
    let p = procedure("rest-create");
    // A worker that starts the connector despite initial_state: it comes up RUNNING.
    let r = run_with(
        "rest-create-old-worker",
        &p.render_script(),
        "",
        &[("listing-after.json", CREATED)],
        &[("FAKE_IGNORE_INITIAL_STATE", "yes")],
    );
    assert!(!r.ok, "{}", r.output);
    assert!(
        r.output.contains("started it despite initial_state"),
        "{}",
        r.output
    );
    let calls = argv(&r);
    assert!(call(&calls, "/stop]") > call(&calls, "[-X][POST]"));
    assert!(
        !calls
            .iter()
            .any(|c| c.contains("[-X][PATCH]") || c.contains("/resume]")),
        "{calls:#?}"
    );
    cleanup(r);
}

#[test]
fn a_config_object_is_refused_for_strimzi_targets_and_bad_configs_for_rest() {
    let refused = |options, config: &str| {
        plan(&options, &create(config))
            .unwrap_err()
            .into_iter()
            .map(|d| format!("{}: {}", d.rule, d.message))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let strimzi = refused(connector(None), REST_CREATE_CONFIG);
    assert!(
        strimzi.starts_with(
            "PLAN: The Strimzi create procedure takes the connector's config from the resource"
        ),
        "{strimzi}"
    );
    for (config, expected) in [
        (
            "[1]",
            "PLAN: The connector config must be a JSON object (it is an array).",
        ),
        (
            "{\"connector.class\":\n \"C\",}",
            "PLAN: The connector config must be a JSON object (",
        ),
        ("{\"connector.class\":\n \"C\",}", " at line 2 column 6)."),
        (
            "{\"topics\":\"orders\"}",
            "PLAN: The connector config has no \"connector.class\"",
        ),
        (
            "{\"name\":\"x\",\"config\":{\"connector.class\":\"C\"}}",
            "It looks like a whole create request",
        ),
        (
            "{\"connector.class\":\"C\",\"name\":\"other\"}",
            "PLAN: The connector config names the connector \"other\", but the procedure creates 'orders-mirror'.",
        ),
    ] {
        let got = refused(rest("orders-mirror"), config);
        assert!(got.contains(expected), "{config}: {got}");
    }
    // The config's own name, when it agrees, is kept as given.
    let same = "{\"connector.class\":\"C\",\"name\":\"orders-mirror\"}";
    assert!(plan(&rest("orders-mirror"), &create(same)).is_ok());
}

/// What a connector of the same name stored before it was deleted: partition 0 of orders (the
/// alter sets it) and partition 5 (the alter does not).
const OLD: &str = r#"{"offsets":[{"partition":{"topic":"orders","partition":0,"cluster":"east"},"offset":{"offset":900}},{"partition":{"cluster":"east","partition":5,"topic":"orders"},"offset":{"offset":905}}]}"#;

#[test]
fn old_offsets_under_the_name_stop_the_create_and_the_new_connector_is_deleted_again() {
    let p = procedure("rest-create");
    let r = run_with(
        "rest-create-old-offsets",
        &p.render_script(),
        "",
        &[("listing.json", OLD), ("listing-after.json", CREATED)],
        &[],
    );
    assert!(!r.ok, "{}", r.output);
    assert!(
        r.output.contains("Stopped before altering: 2 offsets are stored under this name from a connector that had it before"),
        "{}",
        r.output
    );
    assert!(r.output.contains("--recreated reset"), "{}", r.output);
    assert!(r.output.contains(r#"{"partition":{"cluster":"east","partition":5,"topic":"orders"},"offset":{"offset":905}}"#), "{}", r.output);
    let calls = argv(&r);
    let post = call(&calls, "[-X][POST]");
    let delete = call(
        &calls,
        "[-X][DELETE][http://my-connect-connect-api.kafka.svc:8083/connectors/orders-mirror]",
    );
    assert!(post < delete, "{calls:#?}");
    assert!(
        !calls.iter().any(|c| c.contains("[-X][PATCH]")
            || c.contains("/resume]")
            || c.ends_with("/offsets]") && c.contains("DELETE")),
        "{calls:#?}"
    );
    assert!(!r.dir.join("exists").exists());
    assert_eq!(r.file("old-offsets.json").trim(), OLD);
    cleanup(r);
}

#[test]
fn recreated_reset_deletes_the_old_offsets_before_the_alter() {
    let p = procedure("rest-create-recreated-reset");
    let r = run_with(
        "rest-create-reset",
        &p.render_script(),
        "",
        &[("listing.json", OLD), ("listing-after.json", CREATED)],
        &[],
    );
    assert!(r.ok, "{}", r.output);
    assert!(
        r.output
            .contains("Deleting the 2 offsets stored under this name before"),
        "{}",
        r.output
    );
    assert!(
        r.output.contains("2 of 2 altered partitions landed."),
        "{}",
        r.output
    );
    let calls = argv(&r);
    let reset = call(
        &calls,
        "[-X][DELETE][http://my-connect-connect-api.kafka.svc:8083/connectors/orders-mirror/offsets]",
    );
    let patch = call(&calls, "[-X][PATCH]");
    let resume = call(&calls, "/resume]");
    assert!(
        call(&calls, "[-X][POST]") < reset && reset < patch && patch < resume,
        "{calls:#?}"
    );
    cleanup(r);
    // A name with nothing stored: no reset at all.
    let r = run_with(
        "rest-create-reset-nothing",
        &p.render_script(),
        "",
        &[("listing-after.json", CREATED)],
        &[],
    );
    assert!(r.ok, "{}", r.output);
    assert!(
        r.output.contains("No offsets are stored under this name."),
        "{}",
        r.output
    );
    assert!(!argv(&r).iter().any(|c| c.contains("[-X][DELETE]")));
    cleanup(r);
}

#[test]
fn recreated_keep_names_the_partitions_that_keep_their_old_offsets() {
    let p = procedure("rest-create-recreated-keep");
    let r = run_with(
        "rest-create-keep",
        &p.render_script(),
        "",
        &[("listing.json", OLD), ("listing-after.json", CREATED)],
        &[],
    );
    assert!(r.ok, "{}", r.output);
    assert!(
        r.output
            .contains("1 partitions keep the offsets stored under the name:"),
        "{}",
        r.output
    );
    // Partition 0 is set by the alter (its key order differs from the check file's): not kept.
    assert!(
        r.output
            .contains(r#"keeps its old offset: {"cluster":"east","partition":5,"topic":"orders"}: {"offset":905}"#),
        "{}",
        r.output
    );
    assert!(
        !r.output
            .contains(r#"keeps {"cluster":"east","partition":0"#),
        "{}",
        r.output
    );
    assert!(!argv(&r).iter().any(|c| c.contains("[-X][DELETE]")));
    cleanup(r);
}

#[test]
fn create_script_never_overwrites_the_old_offsets_of_an_earlier_run() {
    let p = procedure("rest-create");
    let old = "{\"offsets\":[{\"partition\":{\"kafka_topic\":\"t\",\"kafka_partition\":0},\"offset\":{\"kafka_offset\":7}}]}";
    let r = run_with(
        "rest-create-old-file",
        &p.render_script(),
        "",
        &[("old-offsets.json", old), ("listing-after.json", CREATED)],
        &[],
    );
    assert!(!r.ok, "{}", r.output);
    assert!(
        r.output
            .contains("old-offsets.json exists from an earlier run"),
        "{}",
        r.output
    );
    assert!(argv(&r).is_empty(), "{:#?}", argv(&r));
    assert_eq!(
        std::fs::read_to_string(r.dir.join("old-offsets.json")).unwrap(),
        old
    );
    cleanup(r);
}

#[test]
fn create_script_stops_when_a_task_fails_after_the_start() {
    let p = procedure("rest-create");
    let r = run_with(
        "rest-create-task-failed",
        &p.render_script(),
        "",
        &[("listing-after.json", CREATED)],
        &[("FAKE_TASK_STATE", "FAILED")],
    );
    assert!(!r.ok, "{}", r.output);
    assert!(r.output.contains("a task of it FAILED"), "{}", r.output);
    assert!(!r.output.contains("==> Done"), "{}", r.output);
    let calls = argv(&r);
    assert!(call(&calls, "/resume]") > call(&calls, "[-X][PATCH]"));
    cleanup(r);
}
