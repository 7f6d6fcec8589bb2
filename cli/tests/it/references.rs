//! Runs the built binary: `validate --reference`, `edit --set-from` and `lookup` on the files of
//! `tests/golden/references/`, checking outputs and exit codes (0 / 1 / 2).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};

use crate::support::{run, text};

fn file(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/golden/references")
        .join(name)
        .display()
        .to_string()
}

fn tmp(name: &str, content: &str) -> PathBuf {
    let dir = crate::support::unique_dir("offsets-cli-refs");
    let p = dir.join(name);
    std::fs::write(&p, content).unwrap();
    p
}

#[test]
fn validate_adds_the_log_range_rules() {
    let earliest = format!("earliest={}", file("earliest.txt"));
    let latest = format!("latest={}", file("latest.txt"));
    let out = run(&[
        "validate",
        &file("mm2.json"),
        "--reference",
        &earliest,
        "--reference",
        &latest,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(err.contains("mm2.json:4:1: warning[LR1]: Entry #3 (east/orders.eu-west:2): stored offset 5 resumes at record 6, below the log start 10"), "{err}");
    assert!(
        err.contains("mm2.json:5:1: warning[LR2]: Entry #4 (east/payments:0)"),
        "{err}"
    );
    assert!(
        err.contains("info[LR3]: Log range against the earliest and latest offsets: 4 in the log"),
        "{err}"
    );
    // JSON carries them too.
    let out = run(&[
        "validate",
        &file("mm2.json"),
        "--reference",
        &earliest,
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).contains("\"rule\": \"LR1\""));
    // Without references: no LR rule.
    let out = run(&["validate", &file("mm2.json")]);
    assert!(!text(&out.stderr).contains("[LR"));
}

#[test]
fn bad_references_and_specs_exit_2() {
    let bad = tmp("bad.txt", "a:0:1\r\na:x:2\r\n");
    let out = run(&[
        "validate",
        &file("mm2.json"),
        "--reference",
        &format!("earliest={}", bad.display()),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("bad.txt:2:3: error[REF4]: 'x' is not a partition number"),
        "{err}"
    );
    for spec in [
        "oldest=x.txt",
        "earliest",
        "time@yesterday=x.txt",
        "earliest=",
    ] {
        let out = run(&["validate", &file("mm2.json"), "--reference", spec]);
        assert_eq!(out.status.code(), Some(2), "{spec}");
    }
    let out = run(&[
        "validate",
        &file("mm2.json"),
        "--reference",
        "time@2999-01-01T00:00:00Z=x.txt",
    ]);
    assert!(text(&out.stderr).contains("is in the future"));
    let out = run(&[
        "edit",
        &file("mm2.json"),
        "--filter",
        "range:below",
        "--set-all",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("range: filters need the earliest or latest offsets"));
}

/// `--set-from latest=REF` right after `--set-from time@T=REF` gives the partitions the time
/// lookup has no record for (payments:0 and :1, audit_log:0) their log end instead of leaving them as they
/// were (issue 31 item 1); the other order, as before, sets every partition from latest, then
/// from the time: the same offsets.
#[test]
fn edit_set_from_latest_after_a_time_fills_the_partitions_it_has_no_record_for() {
    let time = format!("time@2026-11-30T12:00:00Z={}", file("time.txt"));
    let latest = format!("latest={}", file("latest.txt"));
    let offsets = |out: &std::process::Output| {
        let l = offsets_core::import(&text(&out.stdout), &offsets_core::ImportOptions::default())
            .unwrap()
            .listing;
        l.entries
            .iter()
            .map(|e| e.offset(l.kind))
            .collect::<Vec<_>>()
    };
    let want = [
        None,
        Some(69),
        Some(299),
        Some(999),
        Some(11),
        Some(7),
        Some(9223372036854775806),
    ];
    let mm2 = file("mm2.json");
    let out = run(&["edit", &mm2, "--set-from", &time, "--set-from", &latest]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(offsets(&out), want);
    let err = text(&out.stderr);
    assert!(
        err.contains("Set 7 offset(s) from the offsets at 2026-11-30T12:00:00Z; 0 left as they were.\n")
            && err.contains("  3 partition(s) have no offset in the offsets at 2026-11-30T12:00:00Z: they start at their log end, from the latest offsets (MirrorMaker 2 stores the log end − 1, and null at 0), so they copy nothing written before: audit_log:0, payments:0, payments:1.\n"),
        "{err}"
    );
    let out = run(&["edit", &mm2, "--set-from", &latest, "--set-from", &time]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(offsets(&out), want);
}

#[test]
fn edit_sets_from_a_reference() {
    let time = format!("time@2026-11-30T12:00:00Z={}", file("time.txt"));
    let out = run(&[
        "edit",
        &file("mm2.json"),
        "--set-from",
        &time,
        "--add-unlisted",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(
        err.contains(
            "Set 4 offset(s) from the offsets at 2026-11-30T12:00:00Z; 3 left as they were."
        ),
        "{err}"
    );
    assert!(
        err.contains(
            "No record at or after 2026-11-30T12:00:00Z in 3 partition(s): left as they were"
        ),
        "{err}"
    );
    assert!(
        err.contains("Added 1 partition(s) of the offsets at 2026-11-30T12:00:00Z as new entries."),
        "{err}"
    );
    let doc = text(&out.stdout);
    let l = offsets_core::import(&doc, &offsets_core::ImportOptions::default())
        .unwrap()
        .listing;
    let got: Vec<Option<i64>> = l.entries.iter().map(|e| e.offset(l.kind)).collect();
    assert_eq!(
        got,
        [
            None,
            Some(69),
            Some(299),
            Some(1999),
            None,
            Some(7),
            Some(9223372036854775806),
            Some(0)
        ]
    );

    // Only the rows below the log start, from the earliest offsets.
    let earliest = format!("earliest={}", file("earliest.txt"));
    let out = run(&[
        "edit",
        &file("mm2.json"),
        "--set-from",
        &earliest,
        "--filter",
        "range:below",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let l = offsets_core::import(&text(&out.stdout), &offsets_core::ImportOptions::default())
        .unwrap()
        .listing;
    let got: Vec<Option<i64>> = l.entries.iter().map(|e| e.offset(l.kind)).collect();
    assert!(
        text(&out.stderr).contains("Against the log: 0 partition(s) skip 0 record(s) still in the log, 0 replay 0 record(s); 1 change(s) not measurable"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(
        got,
        [
            Some(41),
            Some(99),
            Some(9),
            Some(1999),
            None,
            Some(7),
            Some(9223372036854775806)
        ]
    );

    // A sink from a consumer group's describe table.
    let group = format!("group={}", file("group.describe.txt"));
    let out = run(&["edit", &file("sink.json"), "--set-from", &group]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains(
        "Set 2 offset(s) from group connect-jdbc-sink's committed offsets; 1 left as they were."
    ));
}

#[test]
fn lookup_prints_the_commands() {
    let out = run(&[
        "lookup",
        &file("mm2.json"),
        "--at",
        "earliest",
        "--bootstrap-server",
        "localhost:9092",
        "--command-config",
        "/tmp/client.properties",
        "--exec",
        "kafka/east-cluster-broker-0",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        std::fs::read_to_string(file("mm2.lookup-earliest-exec.sh")).unwrap()
    );
    let out = run(&[
        "lookup",
        &file("sink.json"),
        "--at",
        "2026-11-30T13:00:00+01:00",
        "--bootstrap-server",
        "b:9092",
        "--partition",
        "1-2",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).ends_with("kafka-get-offsets.sh --bootstrap-server 'b:9092' --topic-partitions 'events\\.v2:1-3' --time 1796040000000\n"));
    // Hostile values: nothing printed, exit 2.
    for args in [
        vec!["--at", "latest", "--bootstrap-server", "b:1;reboot"],
        vec![
            "--at",
            "latest",
            "--bootstrap-server",
            "b:1",
            "--exec",
            "kafka/$(id)",
        ],
        vec![
            "--at",
            "latest",
            "--bootstrap-server",
            "b:1",
            "--command-config",
            "a'b",
        ],
        vec!["--at", "1969-12-31", "--bootstrap-server", "b:1"],
        vec!["--bootstrap-server", "b:1"],
    ] {
        let f = file("mm2.json");
        let mut all = vec!["lookup", f.as_str()];
        all.extend(args.iter().copied());
        let out = run(&all);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    let out = run(&["lookup", "--help"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).contains("--bootstrap-server"));
}

#[test]
fn edit_counts_records_against_the_log() {
    let out = run(&[
        "edit",
        &file("mm2.json"),
        "--reference",
        &format!("earliest={}", file("earliest.txt")),
        "--reference",
        &format!("latest={}", file("latest.txt")),
        "--set-from",
        &format!("time={}", file("time.txt")),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(
        err.contains("Against the log: 1 partition(s) skip 290 record(s) still in the log, 2 replay 72 record(s); 0 change(s) not measurable"),
        "{err}"
    );
    assert!(
        err.contains("No record at or after the requested time in 3 partition(s)"),
        "{err}"
    );
}

/// `edit` and `lookup` share the filter flags (`input::filter_flag`); lookup alone refuses
/// `range:` terms, whether they come from `--filter` before or after the other flags.
#[test]
fn lookup_shares_the_filter_flags_and_refuses_range_terms() {
    let path = file("mm2.json");
    for args in [
        ["--filter", "range:below", "--topic", "orders"],
        ["--topic", "orders", "--filter", "range:below"],
    ] {
        let mut argv = vec!["lookup", path.as_str(), "--at", "earliest"];
        argv.extend(["--bootstrap-server", "localhost:9092"]);
        argv.extend(args);
        let out = run(&argv);
        assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
        assert!(text(&out.stderr).contains("lookup does not take range: terms"));
    }
    let out = run(&[
        "lookup",
        &file("mm2.json"),
        "--at",
        "earliest",
        "--bootstrap-server",
        "localhost:9092",
        "--partition",
        "x",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--partition:"),
        "{}",
        text(&out.stderr)
    );
}
