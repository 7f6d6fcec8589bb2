//! Runs the built binary: `edit`, `export` and `diff` on the shared fixtures, checking outputs
//! and exit codes.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use offsets_core::{ImportOptions, import};
use std::path::PathBuf;

use crate::support::{fixture, run, text};

fn tmp(name: &str) -> PathBuf {
    let dir = crate::support::unique_dir("offsets-cli-edit");
    dir.join(name)
}

fn offsets(doc: &str) -> Vec<Option<i64>> {
    let l = import(doc, &ImportOptions::default()).unwrap().listing;
    l.entries.iter().map(|e| e.offset(l.kind)).collect()
}

const MM2: &str = "kafkamirrormaker2-source.list.yaml";

#[test]
fn edit_keeps_the_form_and_applies_edits_in_order() {
    let out = run(&[
        "edit",
        &fixture(MM2),
        "--set",
        "east/orders:0=10",
        "--shift",
        "-1",
        "--partition",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let doc = text(&out.stdout);
    assert!(
        doc.starts_with("apiVersion: v1\ndata:\n  east--west.MirrorSourceConnector.json: |-\n")
    );
    assert!(
        doc.contains("  uid: 0b6c3f5e-77aa-4a7e-9a53-0c4b1f0e2d19\n"),
        "other fields kept"
    );
    assert_eq!(offsets(&doc), vec![Some(10), Some(41)]);
    let err = text(&out.stderr);
    assert!(
        err.contains("Set 1 offset(s) to 10.\n  MirrorMaker resumes at the stored offset + 1, so these partitions resume at record 11.\nShifted 1 offset(s) by -1.\n"),
        "{err}"
    );
    assert!(err.contains("2 partition(s) changed (2 rewound"), "{err}");
}

#[test]
fn edit_json_configmap_is_patched_in_place() {
    let path = fixture("kafkaconnector-sink.list.json");
    let original = std::fs::read_to_string(&path).unwrap();
    let out = run(&[
        "edit",
        &path,
        "--null",
        "events:1",
        "--set-all",
        "7",
        "--partition",
        "0,2",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let doc = text(&out.stdout);
    assert_eq!(offsets(&doc), vec![Some(7), None, Some(7)]);
    // Everything outside the offsets value is byte-identical.
    let tail = original.split("\"kind\"").nth(1).unwrap();
    assert!(doc.ends_with(tail));
}

#[test]
fn refused_edits_exit_1_and_write_nothing() {
    let out_file = tmp("refused.yaml");
    let table: &[(&[&str], &str)] = &[
        (
            &["--set", "orders:7=1"],
            "edit refused: partition orders:7 is not listed",
        ),
        (
            &["--shift", "-100"],
            "shifting offset 41 by -100 gives -59, below 0",
        ),
        (
            &["--shift", "9223372036854775807"],
            "overflows the largest offset 9223372036854775807",
        ),
        (&["--set", "orders:0=-5"], "offset -5 is negative"),
    ];
    for (args, expected) in table {
        let input = fixture(MM2);
        let mut all = vec!["edit", input.as_str()];
        all.extend_from_slice(args);
        let path = out_file.display().to_string();
        all.extend_from_slice(&["-o", &path]);
        let out = run(&all);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(out.stdout.is_empty());
        assert!(
            text(&out.stderr).contains(expected),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert!(!out_file.exists(), "{args:?} wrote a file");
    }
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        vec!["edit"],
        vec!["edit", "/nonexistent/file.yaml"],
        vec!["edit", &fixture(MM2), "--shift", "x"],
        vec!["edit", &fixture(MM2), "--partition", "5-2"],
        vec!["export", &fixture(MM2)],
        vec!["export", &fixture(MM2), "--to", "xml"],
        vec!["diff", &fixture(MM2)],
    ] {
        assert_eq!(run(&args).status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn export_against_names_only_the_changes() {
    let edited = tmp("edited.yaml");
    let out = run(&[
        "edit",
        &fixture(MM2),
        "--set",
        "orders:1=5",
        "-o",
        &edited.display().to_string(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let e = edited.display().to_string();
    let out = run(&[
        "export",
        &e,
        "--to",
        "configmap",
        "--against",
        &fixture(MM2),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let yaml = text(&out.stdout);
    assert!(yaml.starts_with(
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: \"my-mm2-offsets-alter\"\n  namespace: \"kafka\"\ndata:\n  \"east--west.MirrorSourceConnector.json\": |-\n"
    ), "{yaml}");
    assert_eq!(offsets(&yaml), vec![Some(5)]);
    let out = run(&["export", &e, "--to", "json", "--against", &fixture(MM2)]);
    assert_eq!(
        text(&out.stdout),
        "{\"offsets\":[{\"partition\":{\"cluster\":\"east\",\"partition\":1,\"topic\":\"orders\"},\"offset\":{\"offset\":5}}]}\n"
    );
    let out = run(&["export", &e, "--to", "csv", "--against", &fixture(MM2)]);
    assert_eq!(text(&out.stdout), "orders,1,6\n");
    // Without changes there is nothing to alter (S2).
    let out = run(&[
        "export",
        &fixture(MM2),
        "--to",
        "json",
        "--against",
        &fixture(MM2),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("error[S2]"));
    // K4: a KafkaConnector target for an MM2 key, and a hostile name.
    let out = run(&[
        "export",
        &e,
        "--to",
        "configmap",
        "--connector",
        "my-connector",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("error[K4]: Strimzi will look for the key 'offsets.json'; this ConfigMap uses 'east--west.MirrorSourceConnector.json'."));
    let out = run(&["export", &e, "--to", "configmap", "--name", "x;rm -rf /"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("error[K1]"));
}

#[test]
fn diff_and_confirm() {
    let edited = tmp("diffed.yaml");
    let e = edited.display().to_string();
    run(&[
        "edit",
        &fixture(MM2),
        "--set",
        "orders:0=30",
        "--null",
        "orders:1",
        "-o",
        &e,
    ]);
    let out = run(&["diff", &fixture(MM2), &e]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stdout),
        "east/orders:0: 41 -> 30, rewound by 11 (11 record(s) mirrored again)\n\
east/orders:1: 42 -> null, nulled (replays from auto.offset.reset, earliest by default)\n\
Summary: 2 changed (1 rewound, 0 skipped, 1 nulled, 0 set, 0 added, 0 removed, 0 modified), 0 unchanged; 11 record(s) processed again, 0 record(s) skipped.\n"
    );
    // The alter asked for `e`; a listing identical to the original did not take it.
    let out = run(&["diff", &fixture(MM2), &fixture(MM2), "--expect", &e]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stdout).contains("east/orders:0: the alter asked for 30, the listing shows 41\n")
    );
    let out = run(&["diff", &fixture(MM2), &e, "--expect", &e]);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).ends_with("Confirmed 2 of 2 altered partition(s).\n"));
}

/// diff reads its listings with every input option (--csv-cluster here): a consumer group's CSV
/// compared with the MirrorMaker 2 listing as the MirrorMaker 2 offsets it stands for.
#[test]
fn diff_reads_its_listings_with_the_input_options() {
    let out = run(&[
        "diff",
        &fixture("offsets.csv"),
        &fixture(MM2),
        "--csv-cluster",
        "east",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).starts_with(
            "east/orders:0: 999 -> 41, rewound by 958 (958 record(s) mirrored again)\n"
        ),
        "{}",
        text(&out.stdout)
    );
}

/// The connector's `auto.offset.reset` (issue 20, item 1): stated with `--auto-offset-reset`,
/// or read from the resource by `check-resource`, it decides what the CLI says a null does.
#[test]
fn a_null_under_latest_is_said_to_skip_the_history() {
    let edited = tmp("nulled-latest.yaml");
    let e = edited.display().to_string();
    let out = run(&["edit", &fixture(MM2), "--null", "orders:1", "-o", &e]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = run(&["diff", &fixture(MM2), &e, "--auto-offset-reset", "latest"]);
    assert!(
        text(&out.stdout).contains("east/orders:1: 42 -> null, nulled (skips every record so far, never mirrored: auto.offset.reset latest, as stated)\n"),
        "{}",
        text(&out.stdout)
    );
    let out = run(&["validate", &e, "--auto-offset-reset", "latest"]);
    let err = text(&out.stderr);
    assert!(
        err.contains("warning[MS13]") && err.contains("auto.offset.reset (latest, as stated): it starts at the log end, so every record written so far is skipped and never mirrored."),
        "{err}"
    );
    let out = run(&["validate", &e, "--auto-offset-reset", "oldest"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr)
            .contains("--auto-offset-reset must be earliest, latest or none, not 'oldest'")
    );

    // The resource says latest: check-resource names the nulls of the alter and what they do.
    let alter = tmp("nulled-latest-alter.yaml");
    let out = run(&[
        "export",
        &e,
        "--to",
        "configmap",
        "--against",
        &fixture(MM2),
    ]);
    std::fs::write(&alter, &out.stdout).unwrap();
    let cr = tmp("mm2-latest.yaml");
    std::fs::write(
        &cr,
        std::fs::read_to_string(fixture("resources/kafkamirrormaker2-1.2-v1.yaml"))
            .unwrap()
            .replacen(
            "        replication.factor: -1\n",
            "        replication.factor: -1\n        source.consumer.auto.offset.reset: latest\n",
            1,
        ),
    )
    .unwrap();
    let out = run(&[
        "check-resource",
        &cr.display().to_string(),
        "--alter",
        &alter.display().to_string(),
    ]);
    let err = text(&out.stderr) + &text(&out.stdout);
    assert!(
        err.contains("warning[CR11]: 1 partition(s) of the alter are null (east/orders partition 1) and auto.offset.reset is latest, set by source.consumer.auto.offset.reset: it starts at the log end, so every record written so far is skipped and never mirrored."),
        "{err}"
    );
}

/// Issue 20, item 13: a file with several custom resources; `--name` picks one.
#[test]
fn check_resource_picks_one_of_several_resources_by_name() {
    let read = |name: &str| std::fs::read_to_string(fixture(name)).unwrap();
    let both = tmp("two-resources.yaml");
    std::fs::write(
        &both,
        format!(
            "{}---\n{}",
            read("resources/kafkamirrormaker2-1.2-v1.yaml"),
            read("resources/kafkaconnector-0.44-v1beta2.yaml")
        ),
    )
    .unwrap();
    let file = both.display().to_string();
    let out = run(&["check-resource", &file]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("This text holds 2 custom resources (KafkaMirrorMaker2 my-mm2 at line 1, KafkaConnector my-sink at line"),
        "{}",
        text(&out.stderr)
    );
    let out = run(&["check-resource", &file, "--name", "my-sink"]);
    assert!(
        text(&out.stderr).contains("(KafkaConnector my-sink (kafka.strimzi.io/v1beta2))"),
        "{}",
        text(&out.stderr)
    );
}

/// `--set` and `--add` without `=`, or with an offset that is no whole number: a usage error
/// (exit 2) that names the flag and the form it takes, and nothing is written.
#[test]
fn a_set_or_add_without_its_offset_says_the_form_it_takes() {
    let file = fixture("rest-get-offsets.mm2-source.json");
    for (args, said) in [
        (
            ["--set", "east/orders:0"],
            "--set needs [CLUSTER/]TOPIC:PARTITION=OFFSET|null, not 'east/orders:0'",
        ),
        (
            ["--add", "east/orders:0-3"],
            "--add needs [CLUSTER/]TOPIC:P[-Q]=OFFSET|null, not 'east/orders:0-3'",
        ),
        (
            ["--add", "east/orders:9=1.5"],
            "--add needs a whole number between -9223372036854775808 and 9223372036854775807, not '1.5'",
        ),
    ] {
        let out = run(&["edit", &file, args[0], args[1]]);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            text(&out.stderr).contains(said),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn edit_keeps_the_files_layout_and_says_on_stderr_when_it_cannot() {
    // A hand-made REST body: only the offsets' digits change, its spacing and CRLF stay.
    let body = "{ \"offsets\" : [\r\n  { \"partition\" : { \"kafka_topic\" : \"t\", \"kafka_partition\" : 0 }, \"offset\" : { \"kafka_offset\" : 10 } }\r\n] }\r\n";
    let path = tmp("layout.json");
    std::fs::write(&path, body).unwrap();
    let out = run(&["edit", &path.display().to_string(), "--shift", "-1"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), body.replace("10 }", "9 }"));
    assert!(
        !text(&out.stderr).contains("note:"),
        "{}",
        text(&out.stderr)
    );
    // A double-quoted YAML value cannot be edited in place: written in our layout, and said.
    let yaml = "apiVersion: v1\nkind: ConfigMap # listed\nmetadata:\n  name: o\ndata:\n  offsets.json: \"{\\\"offsets\\\":[{\\\"partition\\\":{\\\"kafka_topic\\\":\\\"t\\\",\\\"kafka_partition\\\":0},\\\"offset\\\":{\\\"kafka_offset\\\":10}}]}\"\n";
    let path = tmp("quoted.yaml");
    std::fs::write(&path, yaml).unwrap();
    let name = path.display().to_string();
    let out = run(&["edit", &name, "--shift", "-1"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains(&format!(
            "{name}: note: the YAML value of 'offsets.json' is a double-quoted scalar, not a literal block (|); the file was written again in connect-offsets' layout (comments dropped).\n"
        )),
        "{}",
        text(&out.stderr)
    );
    // Standard output holds only the document.
    let doc = text(&out.stdout);
    assert!(!doc.contains("note:") && !doc.contains("# listed"), "{doc}");
    assert_eq!(offsets(&doc), [Some(9)]);
}

/// The edited document is streamed to OUT or stdout: both get the same bytes, and an OUT that
/// cannot be written exits 2 saying so.
#[test]
fn edit_streams_the_same_document_to_out_and_stdout_and_says_when_out_fails() {
    let input = fixture("rest-get-offsets.mm2-source.json");
    let to_stdout = run(&["edit", &input, "--shift", "-1"]);
    assert_eq!(
        to_stdout.status.code(),
        Some(0),
        "{}",
        text(&to_stdout.stderr)
    );
    let out = tmp("edited.json");
    let to_file = run(&[
        "edit",
        &input,
        "--shift",
        "-1",
        "-o",
        &out.display().to_string(),
    ]);
    assert_eq!(to_file.status.code(), Some(0), "{}", text(&to_file.stderr));
    assert!(to_file.stdout.is_empty());
    assert_eq!(std::fs::read(&out).unwrap(), to_stdout.stdout);
    let missing = tmp("no-such-folder").join("edited.json");
    let failed = run(&[
        "edit",
        &input,
        "--shift",
        "-1",
        "-o",
        &missing.display().to_string(),
    ]);
    assert_eq!(failed.status.code(), Some(2));
    let said = text(&failed.stderr);
    assert!(
        said.contains("cannot write") && said.contains("edited.json"),
        "{said}"
    );
}
