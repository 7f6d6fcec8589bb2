//! `--kind` on every command that reads a listing (IMP7) and `edit --dedupe` (S7), through the
//! built binary.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::process::{Command, Output, Stdio};

use crate::support::check;

/// A bare REST body of MirrorSourceConnector offsets whose entries lack `cluster`.
const BARE_MM2: &str = r#"{"offsets":[{"partition":{"topic":"orders","partition":0},"offset":{"offset":5}},{"partition":{"topic":"orders","partition":1},"offset":{"offset":-1}}]}"#;

fn run_stdin(args: &[&str], input: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_connect-offsets"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A usage error exits before reading stdin: a broken pipe then is expected.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child.wait_with_output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn validate_reports_the_chosen_kinds_errors_and_where_the_kind_came_from() {
    let out = run_stdin(&["validate"], BARE_MM2);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("(kind generic, from the entry keys,"));

    check(
        &["validate", "--kind", "mirror-source"],
        Some(BARE_MM2.as_bytes()),
        r#"
        exit: 1
        --- stdout
        --- stderr
        <stdin>: listed: unknown: a REST payload does not record when it was taken
        <stdin>:1:1: info[IMP6]: Detected: MirrorSourceConnector (chosen).
        <stdin>:1:13: info[MS14]: MirrorMaker resumes at offset + 1. Enter the offset of the last record that should count as already mirrored.
        <stdin>:1:26: warning[IMP7]: Entry #1 does not look like a MirrorSourceConnector partition (none of its keys marks that kind); it is checked as one. If the connector kind is wrong, choose the right one (--kind, or "Connector kind" in the page).
        <stdin>:1:26: error[MS1]: orders partition 0 (entry #1): the source partition is missing the 'cluster' key, which is required (MirrorMaker 2 answers HTTP 500). Add it.
        <stdin>:1:95: warning[IMP7]: Entry #2 does not look like a MirrorSourceConnector partition (none of its keys marks that kind); it is checked as one. If the connector kind is wrong, choose the right one (--kind, or "Connector kind" in the page).
        <stdin>:1:95: error[MS1]: orders partition 1 (entry #2): the source partition is missing the 'cluster' key, which is required (MirrorMaker 2 answers HTTP 500). Add it.
        <stdin>:1:147: error[MS8]: orders partition 1 (entry #2): the offset -1 is negative; it must be a whole number ≥ 0 (MirrorMaker 2 answers HTTP 500 '... for the 'offset' key, which cannot be negative'). To replay from the beginning of the partition, set the offset to null.
        <stdin>: 3 errors, 2 warnings, 2 infos (kind mirror-source, chosen, key -, 2 entries)
        "#,
    );

    let out = run_stdin(
        &["validate", "--kind", "mirror-source", "--format", "json"],
        BARE_MM2,
    );
    let v = offsets_core::json::parse(&text(&out.stdout)).unwrap();
    assert_eq!(v.get("kind").unwrap().as_str(), Some("mirror-source"));
    assert_eq!(v.get("kind_source").unwrap().as_str(), Some("chosen"));
    let out = run_stdin(&["validate", "--format", "json"], BARE_MM2);
    let v = offsets_core::json::parse(&text(&out.stdout)).unwrap();
    assert_eq!(v.get("kind_source").unwrap().as_str(), Some("keys"));
}

#[test]
fn every_listing_command_takes_kind_and_refuses_an_unknown_one() {
    let out = run_stdin(&["show", "--kind", "mirror-source", "-"], BARE_MM2);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).starts_with("MirrorSourceConnector (chosen), key -, 2 entries\n"));
    for command in ["validate", "show", "edit", "export", "diff", "plan"] {
        let out = run_stdin(&[command, "--kind", "mirror", "-"], BARE_MM2);
        assert_eq!(out.status.code(), Some(2), "{command}");
        assert!(text(&out.stderr).contains("--kind must be"), "{command}");
        let help = Command::new(env!("CARGO_BIN_EXE_connect-offsets"))
            .args([command, "--help"])
            .output()
            .unwrap();
        assert!(
            text(&help.stdout).contains("--kind KIND"),
            "{command} --help"
        );
    }
    // `edit` with the chosen kind validates what it writes as that kind.
    let out = run_stdin(&["edit", "--kind", "mirror-source", "-"], BARE_MM2);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("error[MS1]"));
}

#[test]
fn plan_takes_the_procedure_and_the_connector_kind_as_two_kind_flags() {
    let rest = [
        "plan",
        "-",
        "--kind",
        "rest",
        "--url",
        "http://connect:8083",
        "--connector",
        "east->west.MirrorSourceConnector",
    ];
    // Without the connector kind the body is a generic one, and the procedure is printed.
    let out = run_stdin(&rest, BARE_MM2);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // With it, its MirrorMaker 2 errors refuse the procedure; the order does not matter.
    let mut with = rest.to_vec();
    with.extend(["--kind", "mirror-source"]);
    let out = run_stdin(&with, BARE_MM2);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("MS1"));
    let out = run_stdin(
        &["plan", "-", "--kind", "rest", "--kind", "connector"],
        BARE_MM2,
    );
    assert_eq!(out.status.code(), Some(2));
    let out = run_stdin(
        &["plan", "-", "--kind", "sink", "--kind", "source"],
        BARE_MM2,
    );
    assert_eq!(out.status.code(), Some(2));
    let help = Command::new(env!("CARGO_BIN_EXE_connect-offsets"))
        .args(["plan", "--help"])
        .output()
        .unwrap();
    assert!(text(&help.stdout).contains("may be given twice"));
}

#[test]
fn edit_dedupe_keeps_only_the_last_entry_of_each_partition() {
    let body = r#"{"offsets":[{"partition":{"cluster":"east","topic":"t","partition":0},"offset":{"offset":1}},{"partition":{"cluster":"east","topic":"t","partition":1},"offset":{"offset":2}},{"partition":{"topic":"t","partition":0,"cluster":"east"},"offset":{"offset":3}}]}"#;
    let out = run_stdin(&["validate"], body);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stderr).contains("warning[S7]"));
    let out = run_stdin(&["edit", "--dedupe", "-"], body);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        r#"{"offsets":[{"partition":{"cluster":"east","topic":"t","partition":1},"offset":{"offset":2}},{"partition":{"topic":"t","partition":0,"cluster":"east"},"offset":{"offset":3}}]}"#
    );
    let err = text(&out.stderr);
    assert!(err.contains("removed 1 earlier row(s)"), "{err}");
    assert!(!err.contains("S7"), "{err}");
    // An edit refused later on writes nothing, as for every edit.
    let out = run_stdin(&["edit", "--dedupe", "--shift", "-10", "-"], body);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
}
