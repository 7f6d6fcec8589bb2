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

/// Kafka 4.3.1's `--time T` prints nothing for a partition with no record at or after T
/// (issue 31 item 1): with `--from latest=REF` too, in either order, those partitions start at
/// their log end; without it, a warning says they would copy their history and how to avoid it.
#[test]
fn a_second_from_latest_gives_the_partitions_the_time_lookup_leaves_out_their_log_end() {
    let at = reference("at.txt", "orders:0:5\n");
    let latest = reference("latest.txt", "orders:0:10\norders:1:5\norders:2:0\n");
    let time = format!("time@2025-11-30T12:04:30Z={at}");
    let end = format!("latest={latest}");
    let want = "{\"offsets\":[{\"partition\":{\"cluster\":\"east\",\"partition\":0,\"topic\":\"orders\"},\"offset\":{\"offset\":4}},{\"partition\":{\"cluster\":\"east\",\"partition\":1,\"topic\":\"orders\"},\"offset\":{\"offset\":4}},{\"partition\":{\"cluster\":\"east\",\"partition\":2,\"topic\":\"orders\"},\"offset\":null}]}";
    let compact = |body: &str| serde_json::from_str::<serde_json::Value>(body).unwrap();
    for order in [[&time, &end], [&end, &time]] {
        let out = run(&[
            "new",
            "--kind",
            "mirror-source",
            "--source-alias",
            "east",
            "--from",
            order[0],
            "--from",
            order[1],
        ]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert_eq!(compact(&text(&out.stdout)), compact(want));
        let stderr = text(&out.stderr);
        assert!(!stderr.contains("warning:"), "{stderr}");
        assert!(
            stderr.contains("note: 2 partition(s) have no offset in the offsets at 2025-11-30T12:04:30Z: they start at their log end"),
            "{stderr}"
        );
    }
    let alone = run(&[
        "new",
        "--kind",
        "mirror-source",
        "--source-alias",
        "east",
        "--from",
        &time,
    ]);
    assert!(alone.status.success(), "{}", text(&alone.stderr));
    let stderr = text(&alone.stderr);
    assert!(
        stderr.ends_with("copies its whole history, every record written before 2025-11-30T12:04:30Z. To start those partitions at their log end instead, look up the latest offsets of the same partitions too (kafka-get-offsets.sh --time -1, before the time lookup; connect-offsets lookup --at TIME prints both) and give them as well: --from latest=FILE, or the page's Latest offsets (log end).\n")
            && stderr.contains("warning: The offsets at 2025-11-30T12:04:30Z name only the partitions that have a record at or after"),
        "{stderr}"
    );
    for twice in [[&time, &time], [&end, &end]] {
        let out = run(&[
            "new", "--kind", "sink", "--from", twice[0], "--from", twice[1],
        ]);
        assert_eq!(out.status.code(), Some(2));
        assert!(
            text(&out.stderr).contains("twice when one of them is latest=REF"),
            "{}",
            text(&out.stderr)
        );
    }
}
