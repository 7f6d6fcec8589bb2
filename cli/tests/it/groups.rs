//! `connect-offsets groups` (issue 37): the CLI contract — the --reset-offsets --from-file CSV
//! (with the group column for several groups), --group and --topic globs, the script's required
//! --bootstrap-server, and located errors for a line that is not a checkpoint.
#![allow(clippy::unwrap_used)]

use crate::support::{run, text, unique_dir};

const CHECKPOINTS: &str = "Checkpoint{consumerGroupId=billing, topicPartition=east.orders-1, upstreamOffset=70, downstreamOffset=66, metadata=}\n\
Checkpoint{consumerGroupId=billing, topicPartition=east.orders-0, upstreamOffset=40, downstreamOffset=38, metadata=}\n\
Checkpoint{consumerGroupId=billing, topicPartition=east.orders-0, upstreamOffset=50, downstreamOffset=48, metadata=}\n\
Checkpoint{consumerGroupId=audit, topicPartition=east.payments-0, upstreamOffset=3, downstreamOffset=3, metadata=}\n\
Processed a total of 4 messages\n";

fn file(text: &str) -> String {
    let path = unique_dir("groups").join("checkpoints.txt");
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

#[test]
fn one_group_gives_the_from_file_csv_and_says_what_it_dropped() {
    let f = file(CHECKPOINTS);
    let out = run(&["groups", &f, "--group", "bill*"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "east.orders,0,48\neast.orders,1,66\n");
    let err = text(&out.stderr);
    assert!(
        err.contains("info[CK2]: 1 older checkpoint(s) were dropped"),
        "{err}"
    );
    assert!(err.contains("info[CK5]: Each downstream offset"), "{err}");
}

#[test]
fn several_groups_write_the_group_column() {
    let f = file(CHECKPOINTS);
    let out = run(&["groups", &f, "--topic", "east.*"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "audit,east.payments,0,3\nbilling,east.orders,0,48\nbilling,east.orders,1,66\n"
    );
    assert!(text(&out.stderr).contains("2 groups: the CSV has the group column"));
}

#[test]
fn a_bad_line_is_located_and_writes_nothing() {
    let f = file(&CHECKPOINTS.replace("upstreamOffset=3,", "upstreamOffset=x,"));
    let out = run(&["groups", &f]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).is_empty());
    let err = text(&out.stderr);
    assert!(
        err.contains(":4:") && err.contains("error[CK1]") && err.contains("upstreamOffset 'x'"),
        "{err}"
    );
}

#[test]
fn the_script_needs_the_target_and_checks_it() {
    let f = file(CHECKPOINTS);
    let out = run(&["groups", &f, "--to", "script"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--bootstrap-server"));
    let out = run(&["groups", &f, "--to", "script", "--bootstrap-server", "a b"]);
    assert_eq!(out.status.code(), Some(2));
    let out = run(&[
        "groups",
        &f,
        "--group",
        "audit",
        "--to",
        "script",
        "--bootstrap-server",
        "west:9092",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("group='audit'"));
}

/// Checkpoints are also a reference: a sink connector on the target starts at its group's
/// translated offsets (`--from checkpoints@GROUP=FILE`), and several groups need the name.
#[test]
fn checkpoints_are_a_reference_for_a_sink_on_the_target() {
    let f = file(CHECKPOINTS);
    let out = run(&[
        "new",
        "--kind",
        "sink",
        "--from",
        &format!("checkpoints@billing={f}"),
        "--to",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let body = text(&out.stdout).split_whitespace().collect::<String>();
    assert!(
        body.contains(
            r#""kafka_partition":0,"kafka_topic":"east.orders"},"offset":{"kafka_offset":48}"#
        ),
        "{body}"
    );
    assert!(body.contains(r#""kafka_offset":66"#), "{body}");
    assert!(!body.contains("payments"), "{body}");
    let out = run(&[
        "new",
        "--kind",
        "sink",
        "--from",
        &format!("checkpoints={f}"),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("error[REF9]") && err.contains("2 consumer groups (billing, audit)"),
        "{err}"
    );
    // Pasted where a listing goes, they are said for what they are.
    let out = run(&["validate", &f]);
    assert!(
        text(&out.stderr).contains("These are MirrorMaker 2's checkpoints"),
        "{}",
        text(&out.stderr)
    );
}

/// The target's log and groups are checked: past the log end (CK7), below the log start (CK8),
/// and a group already ahead on the target (CK9), an error until --rewind chooses it.
#[test]
fn the_plan_is_checked_against_the_target() {
    let f = file(CHECKPOINTS);
    let dir = unique_dir("groups-target");
    let latest = dir.join("latest.txt");
    std::fs::write(&latest, "east.orders:0:40\neast.orders:1:100\n").unwrap();
    let describe = dir.join("describe.txt");
    std::fs::write(
        &describe,
        "GROUP TOPIC PARTITION CURRENT-OFFSET LOG-END-OFFSET LAG CONSUMER-ID HOST CLIENT-ID\nbilling east.orders 1 80 100 20 - - -\n",
    )
    .unwrap();
    let args = [
        "groups".to_string(),
        f,
        "--group".into(),
        "billing".into(),
        "--reference".into(),
        format!("latest={}", latest.display()),
        "--reference".into(),
        format!("group={}", describe.display()),
    ];
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = run(&args);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("warning[CK7]: east.orders partition 0 of group billing: the translated offset 48 is past the target's log end 40"), "{err}");
    assert!(
        err.contains("error[CK9]") && err.contains("read 14 record(s) again"),
        "{err}"
    );
    let out = run(&[&args[..], &["--rewind"]].concat());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("warning[CK9]"));
}

/// `edit --set-from checkpoints@GROUP` sets a sink listing on the target at the group's
/// translated offsets, and `groups -o OUT` writes the plan to a file instead of stdout.
#[test]
fn edit_sets_a_sink_from_checkpoints_and_groups_writes_to_a_file() {
    let f = file(CHECKPOINTS);
    let dir = unique_dir("groups-edit");
    let listing = dir.join("sink.json");
    std::fs::write(
        &listing,
        r#"{"offsets":[{"partition":{"kafka_topic":"east.orders","kafka_partition":0},"offset":{"kafka_offset":5}},{"partition":{"kafka_topic":"east.orders","kafka_partition":1},"offset":{"kafka_offset":6}}]}"#,
    )
    .unwrap();
    let edited = dir.join("edited.json").display().to_string();
    let out = run(&[
        "edit",
        &listing.display().to_string(),
        "--set-from",
        &format!("checkpoints@billing={f}"),
        "-o",
        &edited,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let body = std::fs::read_to_string(&edited).unwrap();
    assert!(
        body.contains(r#""kafka_partition":0},"offset":{"kafka_offset":48}"#),
        "{body}"
    );
    assert!(
        body.contains(r#""kafka_partition":1},"offset":{"kafka_offset":66}"#),
        "{body}"
    );

    let csv = dir.join("plan.csv");
    let out = run(&[
        "groups",
        &f,
        "--group",
        "billing",
        "-o",
        &csv.display().to_string(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).is_empty());
    assert_eq!(
        std::fs::read_to_string(&csv).unwrap(),
        "east.orders,0,48\neast.orders,1,66\n"
    );
}
