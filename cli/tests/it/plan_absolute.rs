//! `plan --absolute` and `plan --rollback` (issue 31 items 4 and 5): which partitions the
//! script's compare step may find moved. Without the flag every altered partition must be
//! unchanged and the stop names `--absolute`; with it, and for a rollback, every partition is
//! marked set in offsets-check.json, and a moved one is altered all the same.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support::{fixture, run, text};

const MM2_LIST: &str = "kafkamirrormaker2-source.list.yaml";
const MM2_CR: &str = "resources/kafkamirrormaker2-1.2-v1.yaml";

fn edited() -> String {
    let out = run(&["edit", &fixture(MM2_LIST), "--set", "orders:0=10"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let dir = crate::support::unique_dir("offsets-plan-absolute");
    let p = dir.join("edited.yaml");
    std::fs::write(&p, &out.stdout).unwrap();
    p.display().to_string()
}

fn plan(extra: &[&str]) -> (Option<i32>, String, String) {
    let edited = edited();
    let list = fixture(MM2_LIST);
    let cr = fixture(MM2_CR);
    let mut args = vec![
        "plan",
        &edited,
        "--against",
        &list,
        "--resource-file",
        &cr,
        "--script",
    ];
    args.extend_from_slice(extra);
    let out = run(&args);
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

#[test]
fn without_absolute_every_partition_is_checked_and_the_stop_names_the_flag() {
    let (code, script, stderr) = plan(&[]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(!script.contains("\"set\":true"), "{script}");
    assert!(
        script.contains("generate the procedure with connect-offsets plan --absolute instead"),
        "{script}"
    );
    assert!(!script.contains("moved_set="), "{script}");
}

#[test]
fn absolute_marks_every_partition_set_and_names_the_moved_ones() {
    let (code, script, stderr) = plan(&["--absolute"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        script.contains("\"altered\":[{\"offset\":10}],\"set\":true}"),
        "{script}"
    );
    assert!(script.contains("moved_set="), "{script}");
    assert!(script.contains("Every one of the 1 partitions is set to a value that does not depend on its stored offset"), "{script}");
    assert!(!script.contains("plan --absolute"), "{script}");
}

#[test]
fn absolute_needs_the_listing_the_edits_were_made_on() {
    let edited = edited();
    let out = run(&[
        "plan",
        &edited,
        "--absolute",
        "--resource-file",
        &fixture(MM2_CR),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("plan --absolute needs --against LISTING"));
    // A create has no listing to compare with.
    let dir = crate::support::unique_dir("offsets-plan-absolute-create");
    let config = dir.join("config.json");
    std::fs::write(
        &config,
        "{\"connector.class\":\"org.apache.kafka.connect.mirror.MirrorSourceConnector\"}",
    )
    .unwrap();
    let out = run(&[
        "plan",
        &edited,
        "--create",
        "--kind",
        "rest",
        "--url",
        "http://connect:8083",
        "--connector",
        "orders-mirror",
        "--config",
        &config.display().to_string(),
        "--absolute",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("a created connector has no listing to compare with"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_rollback_is_absolute_by_itself() {
    let (code, script, stderr) = plan(&["--rollback"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        script.starts_with("#!/usr/bin/env bash\n# Roll back:"),
        "{script}"
    );
    // The rollback puts partition 0 back to its listed value, whatever was stored since.
    assert!(script.contains(",\"set\":true}"), "{script}");
    assert!(script.contains("moved_set="), "{script}");
    assert!(!script.contains("plan --absolute"), "{script}");
}
