//! Issue 14: `export --to csv` says which rows it cannot hold, on stderr, and `show` and
//! `validate` say when the listing was taken.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::support::{run, text};

fn tmp(name: &str, content: &str) -> String {
    let dir = crate::support::unique_dir("offsets-cli-words");
    let path = dir.join(name);
    std::fs::write(&path, content).unwrap();
    path.to_str().unwrap().to_string()
}

const NULLED: &str = r#"{"offsets":[{"partition":{"cluster":"east","partition":0,"topic":"orders"},"offset":{"offset":5}},{"partition":{"cluster":"east","partition":1,"topic":"orders"},"offset":null}]}"#;

#[test]
fn a_csv_export_leaves_a_null_row_out_and_names_it_on_stderr() {
    let file = tmp("nulled.json", NULLED);
    let out = run(&["export", &file, "--to", "csv"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "orders,0,6\n", "never orders,1,0");
    assert!(
        text(&out.stderr).contains(&format!(
            "{file}: warning[CSV]: 1 row is left out: orders:1. Its offset is null (replicate again from auto.offset.reset), and a CSV cannot hold a null: 0 would mean \"reset to 0\"."
        )),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn export_help_states_what_the_csv_numbers_are() {
    let help = text(&run(&["export", "--help"]).stdout);
    assert!(
        help.contains("consumer positions (the next record to read), not stored offsets"),
        "{help}"
    );
    assert!(help.contains("written + 1"), "{help}");
    assert!(
        help.contains("stored offsets exactly as Kafka Connect stores them"),
        "{help}"
    );
}

#[test]
fn show_and_validate_say_when_the_listing_was_taken() {
    let file = tmp("rest.json", NULLED);
    let out = run(&["show", &file]);
    assert!(
        text(&out.stdout)
            .contains("\nListed: unknown: a REST payload does not record when it was taken\n"),
        "{}",
        text(&out.stdout)
    );
    let cm = tmp(
        "managed.yaml",
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  creationTimestamp: \"2026-11-02T09:14:07Z\"\n  managedFields:\n  - manager: strimzi-kafka-operator\n    operation: Apply\n    time: \"2026-11-30T12:00:00Z\"\n  name: my-mm2-offsets\ndata:\n  offsets.json: |-\n    {\"offsets\": []}\n",
    );
    let out = run(&["validate", &cm]);
    assert!(
        text(&out.stderr).starts_with(&format!(
            "{cm}: listed: 2026-11-30 12:00:00 UTC (written by strimzi-kafka-operator"
        )),
        "{}",
        text(&out.stderr)
    );
}
