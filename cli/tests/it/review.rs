//! Regressions from the new-user review (issue 31): each test names what it guards and fails
//! on the behaviour the review found.
#![allow(clippy::unwrap_used)]

use crate::support::{run, text, unique_dir};

/// A sink listing whose partition 1 is written as the string `"1"`, as a hand-made or older
/// listing may hold it, and a plain partition 0.
const SINK_STRING_PARTITION: &str = r#"{"offsets":[{"partition":{"kafka_topic":"events","kafka_partition":"1"},"offset":{"kafka_offset":100}},{"partition":{"kafka_topic":"events","kafka_partition":0},"offset":{"kafka_offset":200}}]}"#;

fn write(dir: &std::path::Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

#[test]
fn export_against_keeps_the_edit_of_a_sink_partition_written_as_a_string() {
    let dir = unique_dir("review-sink-string");
    let listing = write(&dir, "listing.json", SINK_STRING_PARTITION);
    let both = dir.join("both.json").display().to_string();
    let out = run(&[
        "edit",
        &listing,
        "--set",
        "events:1=400",
        "--set",
        "events:0=450",
        "-o",
        &both,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = run(&["export", &both, "--to", "json", "--against", &listing]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(
        s.contains(r#""kafka_partition":"1"},"offset":{"kafka_offset":400}"#),
        "{s}"
    );
    assert!(
        s.contains(r#""kafka_partition":0},"offset":{"kafka_offset":450}"#),
        "{s}"
    );

    // Only the string partition edited: it is the whole alter, not "Nothing to alter".
    let one = dir.join("one.json").display().to_string();
    let out = run(&["edit", &listing, "--set", "events:1=400", "-o", &one]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = run(&["export", &one, "--to", "json", "--against", &listing]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "{\"offsets\":[{\"partition\":{\"kafka_topic\":\"events\",\"kafka_partition\":\"1\"},\"offset\":{\"kafka_offset\":400}}]}\n"
    );

    // plan --against embeds it and compares it in its check file.
    let out = run(&[
        "plan",
        &one,
        "--kind",
        "rest",
        "--url",
        "http://localhost:8083",
        "--connector",
        "my-sink",
        "--against",
        &listing,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(
        s.contains(r#""listed":[{"kafka_offset":100}],"altered":[{"kafka_offset":400}]"#),
        "{s}"
    );
}

#[test]
fn restore_from_matches_a_sink_partition_written_as_a_string() {
    let dir = unique_dir("review-restore-string");
    let listing = write(&dir, "listing.json", SINK_STRING_PARTITION);
    let numeric = write(
        &dir,
        "numeric.json",
        r#"{"offsets":[{"partition":{"kafka_topic":"events","kafka_partition":1},"offset":{"kafka_offset":7}},{"partition":{"kafka_topic":"events","kafka_partition":0},"offset":{"kafka_offset":8}}]}"#,
    );
    let out = run(&["edit", &listing, "--restore-from", &numeric]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(
        s.contains(r#""kafka_partition":"1"},"offset":{"kafka_offset":7}"#),
        "{s}"
    );
    assert!(
        !text(&out.stderr).contains("left alone"),
        "{}",
        text(&out.stderr)
    );
}

/// Found by the `edit_session` fuzz target: an entry without a partition was "removed" and
/// "added" when a listing was diffed against itself.
#[test]
fn a_listing_diffed_against_itself_is_unchanged_even_with_entries_without_a_partition() {
    let dir = unique_dir("review-diff-self");
    let f = write(&dir, "f.json", r#"{"offsets":[{"offset":{"x":1}}]}"#);
    let out = run(&["diff", &f, &f]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("0 changed"), "{s}");
    assert!(s.contains("1 unchanged"), "{s}");
    assert!(!s.contains("removed\n") && !s.contains("added\n"), "{s}");
    // A different keyless entry is still a change.
    let g = write(&dir, "g.json", r#"{"offsets":[{"offset":{"x":2}}]}"#);
    let s = text(&run(&["diff", &f, &g]).stdout);
    assert!(s.contains("1 added, 1 removed"), "{s}");
}

/// Item 14: the listing Strimzi writes after a reset (and for a connector that never
/// committed) is normal; only an alter of nothing is refused.
#[test]
fn an_empty_listing_reads_clean_and_only_its_export_is_refused() {
    let dir = unique_dir("review-empty");
    let f = write(&dir, "empty.json", r#"{"offsets" : [ ]}"#);
    let out = run(&["validate", &f]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(!err.contains("error["), "{err}");
    assert!(err.contains("info[IMP4]: No offsets listed yet"), "{err}");
    assert!(!err.contains("from the entry keys"), "{err}");
    assert!(err.contains("Connector kind unknown"), "{err}");
    let out = run(&["show", &f]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(
        s.starts_with("connector kind unknown (no entries to tell it from), key -, 0 entries\n"),
        "{s}"
    );
    assert!(
        !text(&out.stderr).contains("error"),
        "{}",
        text(&out.stderr)
    );
    let out = run(&["export", &f, "--to", "json"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("error[S2]: Nothing to alter"),
        "{}",
        text(&out.stderr)
    );
    // A chosen kind is no detection: it is said as chosen.
    let out = run(&["validate", &f, "--kind", "sink"]);
    assert!(
        text(&out.stderr).contains("Detected: Sink connector (chosen)."),
        "{}",
        text(&out.stderr)
    );
}

/// Item 13: a warning repeated on many rows is one line, as the page groups it (the CLI printed
/// 20 identical MS11 lines and "... and N more").
#[test]
fn a_warning_on_many_rows_is_one_line() {
    let dir = unique_dir("review-grouped");
    let entries: Vec<String> = (0..30)
        .map(|p| format!(r#"{{"partition":{{"cluster":"east","topic":"t","partition":{p}}},"offset":{{"offset":100}}}}"#))
        .collect();
    let listing = write(
        &dir,
        "listing.json",
        &format!(r#"{{"offsets":[{}]}}"#, entries.join(",")),
    );
    let edited = dir.join("edited.json").display().to_string();
    let out = run(&["edit", &listing, "--shift", "-5", "-o", &edited]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = run(&["export", &edited, "--to", "json", "--against", &listing]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    let ms11: Vec<&str> = err
        .lines()
        .filter(|l| l.contains("warning[MS11]"))
        .collect();
    assert_eq!(ms11.len(), 1, "{err}");
    assert!(
        ms11[0].contains("warning[MS11]: on 30 rows: records will be mirrored again"),
        "{err}"
    );
    assert!(
        ms11[0].contains("The first: east/t partition 0 (entry #1): records 96…100"),
        "{err}"
    );
    assert!(!err.contains("more warning(s)"), "{err}");
}

/// A rollback restores a partition the alter nulled: after the alter it has no stored offset,
/// but it is no new partition, so `plan --rollback` does not warn MS10 about it (item 12).
#[test]
fn a_rollback_of_a_nulled_partition_is_no_new_partition() {
    let dir = unique_dir("review-rollback-null");
    let listing = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/fixtures/kafkamirrormaker2-source.list.yaml"
    );
    let edited = dir.join("edited.yaml").display().to_string();
    let out = run(&["edit", listing, "--null", "orders:1", "-o", &edited]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = run(&[
        "plan",
        &edited,
        "--rollback",
        "--against",
        listing,
        "--namespace",
        "kafka",
        "--kind",
        "mirrormaker2",
        "--resource",
        "my-mm2",
        "--mirror-index",
        "0",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(err.contains("1 back to their listed value"), "{err}");
    assert!(!err.contains("MS10"), "{err}");
    assert!(!err.contains("a new partition"), "{err}");
}

/// `export --against` and `plan --against` validate only the changed entries, but number them
/// as the edited file does, as `validate` does (item 13: "entry #3" there, "entry #1" here).
#[test]
fn the_changed_subset_numbers_entries_as_the_file_does() {
    let dir = unique_dir("review-numbers");
    let listing = write(
        &dir,
        "listing.json",
        r#"{"offsets":[{"partition":{"cluster":"east","topic":"orders","partition":0},"offset":{"offset":50}},{"partition":{"cluster":"east","topic":"orders","partition":1},"offset":{"offset":50}},{"partition":{"cluster":"east","topic":"orders","partition":2},"offset":{"offset":50}}]}"#,
    );
    let edited = dir.join("edited.json").display().to_string();
    let out = run(&["edit", &listing, "--null", "orders:2", "-o", &edited]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = run(&["validate", &edited]);
    let whole = text(&out.stderr) + &text(&out.stdout);
    assert!(
        whole.contains("east/orders partition 2 (entry #3)"),
        "{whole}"
    );
    let out = run(&["export", &edited, "--to", "json", "--against", &listing]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(err.contains("east/orders partition 2 (entry #3)"), "{err}");
    assert!(!err.contains("(entry #1)"), "{err}");
}

/// An entry whose partition map lacks its number is named by what it has (item 13).
#[test]
fn an_entry_missing_its_partition_number_is_named_by_its_topic() {
    let dir = unique_dir("review-partial-name");
    let listing = write(
        &dir,
        "listing.json",
        r#"{"offsets":[{"partition":{"cluster":"east","topic":"orders","partition":0},"offset":{"offset":5}},{"partition":{"cluster":"east","topic":"orders"},"offset":{"offset":7}}]}"#,
    );
    let out = run(&["validate", &listing]);
    let err = text(&out.stderr) + &text(&out.stdout);
    assert!(
        err.contains("error[MS1]: east/orders, no valid partition (entry #2): "),
        "{err}"
    );
}
