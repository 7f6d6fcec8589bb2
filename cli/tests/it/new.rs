//! `connect-offsets new` (issue 23 item 1): a listing for a connector that has none yet, from a
//! reference, as the REST body or the alter ConfigMap; the usage errors that guard it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support::{run, text};

fn reference(name: &str, content: &str) -> String {
    let dir = crate::support::unique_dir("offsets-new");
    let p = dir.join(name);
    std::fs::write(&p, content).unwrap();
    p.display().to_string()
}

const AT_NOON: &str = "orders.eu-west:0:0\norders.eu-west:1:70\norders.eu-west:2:\npayments:0:12\n";

#[test]
fn a_mirror_source_listing_from_a_time_reference_reads_back_as_a_valid_listing() {
    let at = reference("at-noon.txt", AT_NOON);
    let out = run(&[
        "new",
        "--kind",
        "mirror-source",
        "--source-alias",
        "east",
        "--from",
        &format!("time@2026-11-30T12:00:00Z={at}"),
        "--topic",
        "orders*",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let body = text(&out.stdout);
    let listing = reference("new.json", &body);
    let check = run(&["validate", &listing, "--format", "json"]);
    assert_eq!(check.status.code(), Some(0), "{}", text(&check.stdout));
    let shown = text(&run(&["show", &listing]).stdout);
    assert!(
        shown.contains("orders.eu-west") && !shown.contains("payments"),
        "{shown}"
    );
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("note: 1 partition(s) are at record 0"),
        "{stderr}"
    );
    assert!(stderr.contains("left out: orders.eu-west:2"), "{stderr}");
}

#[test]
fn a_sink_listing_as_the_alter_configmap() {
    let latest = reference("latest.txt", AT_NOON);
    let out = run(&[
        "new",
        "--kind",
        "sink",
        "--from",
        &format!("latest={latest}"),
        "--to",
        "configmap",
        "--name",
        "sink-start",
        "--namespace",
        "kafka",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let yaml = text(&out.stdout);
    assert!(
        yaml.contains("name: \"sink-start\"") && yaml.contains("\"offsets.json\": |-"),
        "{yaml}"
    );
    assert!(yaml.contains("\"kafka_offset\" : 70"), "{yaml}");
}

#[test]
fn what_new_cannot_do_is_a_usage_error_that_says_why() {
    let latest = reference("latest-2.txt", AT_NOON);
    let from = format!("latest={latest}");
    for (args, says) in [
        (
            vec!["new", "--kind", "mirror-source", "--from", &from],
            "needs --source-alias",
        ),
        (
            vec!["new", "--kind", "source", "--from", &from],
            "no reference can name them",
        ),
        (vec!["new", "--kind", "sink"], "needs --from ROLE=REF"),
        (
            vec![
                "new",
                "--kind",
                "sink",
                "--from",
                &from,
                "--filter",
                "partition:0",
            ],
            "keeps topics",
        ),
    ] {
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            text(&out.stderr).contains(says),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
}
