//! A listing for a connector that has none yet, from a reference (issue 23 item 1): every
//! partition the reference names, with what the kind stores to resume there.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use offsets_core::filter::Filter;
use offsets_core::new_listing::{NewConnector, listing_from_reference, listing_from_references};
use offsets_core::reference::{Role, parse_reference};

/// `kafka-get-offsets.sh --time T` output: a topic with dots, record 0, and a partition with no
/// record after the time (an empty offset).
const AT_TIME: &str = "orders.eu-west:0:0\norders.eu-west:1:70\norders.eu-west:2:\npayments:0:12\n";

fn offsets(listing: &offsets_core::Listing) -> String {
    listing.to_compact_json()
}

#[test]
fn a_mirror_source_stores_r_minus_1_and_null_at_record_0_and_leaves_out_what_has_no_value() {
    let reference = parse_reference(
        AT_TIME,
        Role::Time {
            at_ms: Some(1_796_040_000_000),
        },
    );
    let new = listing_from_reference(
        &NewConnector::MirrorSource {
            source_alias: "east".into(),
        },
        &reference,
        None,
    )
    .unwrap();
    assert_eq!(
        offsets(&new.listing),
        r#"{"offsets":[{"partition":{"cluster":"east","partition":0,"topic":"orders.eu-west"},"offset":null},{"partition":{"cluster":"east","partition":1,"topic":"orders.eu-west"},"offset":{"offset":69}},{"partition":{"cluster":"east","partition":0,"topic":"payments"},"offset":{"offset":11}}]}"#
    );
    assert_eq!(new.without_value, [("orders.eu-west".to_owned(), 2)]);
    assert!(
        new.notes
            .iter()
            .any(|n| n.starts_with("1 partition(s) are at record 0")),
        "{:?}",
        new.notes
    );
    // What the validator says of it: a valid MirrorSourceConnector listing.
    let diags = offsets_core::validate(&new.listing, None);
    assert!(!diags.iter().any(|d| d.is_error()), "{diags:?}");
}

#[test]
fn a_sink_stores_r_and_a_topic_filter_keeps_its_topics() {
    let reference = parse_reference(AT_TIME, Role::Latest);
    let topics = Filter::parse("topic:orders.*").unwrap();
    let new = listing_from_reference(&NewConnector::Sink, &reference, Some(&topics)).unwrap();
    assert_eq!(
        offsets(&new.listing),
        r#"{"offsets":[{"partition":{"kafka_partition":0,"kafka_topic":"orders.eu-west"},"offset":{"kafka_offset":0}},{"partition":{"kafka_partition":1,"kafka_topic":"orders.eu-west"},"offset":{"kafka_offset":70}}]}"#
    );
}

#[test]
fn nothing_to_start_from_and_a_bad_alias_are_refused_with_the_reason() {
    let reference = parse_reference("orders:0:\n", Role::Time { at_ms: Some(0) });
    let e = listing_from_reference(&NewConnector::Sink, &reference, None).unwrap_err();
    assert!(
        e.message.contains("name no partition with an offset"),
        "{}",
        e.message
    );
    let reference = parse_reference(AT_TIME, Role::Earliest);
    let e = listing_from_reference(
        &NewConnector::MirrorSource {
            source_alias: "east west".into(),
        },
        &reference,
        None,
    )
    .unwrap_err();
    assert!(
        e.message.starts_with("The source alias 'east west': "),
        "{}",
        e.message
    );
}

/// The real Kafka 4.3.1 tool outputs in tests/fixtures/kafka-4.3.1/ (a consumer group's
/// `--describe` table and `--reset-offsets --export` CSV, group `connect-fixture-sink`):
/// a new MirrorMaker 2 starts where the group is, R - 1, and null at the group's 0.
#[test]
fn a_group_reference_from_kafkas_own_describe_table_and_csv() {
    // The entries by partition (the session adds the record-0 nulls in their own step).
    let offsets = |listing: &offsets_core::Listing| {
        let mut v: serde_json::Value = serde_json::from_str(&listing.to_compact_json()).unwrap();
        let entries = v["offsets"].as_array_mut().unwrap();
        entries.sort_by_key(|e| {
            e["partition"]
                .get("partition")
                .or_else(|| e["partition"].get("kafka_partition"))
                .and_then(serde_json::Value::as_i64)
        });
        v
    };
    let parsed = |text: &str| serde_json::from_str::<serde_json::Value>(text).unwrap();
    let root =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/kafka-4.3.1");
    for file in ["consumer-groups-describe.txt", "consumer-groups-export.csv"] {
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        let reference = parse_reference(&text, Role::Group { name: None });
        let new = listing_from_reference(
            &NewConnector::MirrorSource {
                source_alias: "east".into(),
            },
            &reference,
            None,
        )
        .unwrap_or_else(|e| panic!("{file}: {}", e.message));
        assert_eq!(
            offsets(&new.listing),
            parsed(
                r#"{"offsets":[{"partition":{"cluster":"east","partition":0,"topic":"fixture-orders"},"offset":{"offset":2}},{"partition":{"cluster":"east","partition":1,"topic":"fixture-orders"},"offset":{"offset":2}},{"partition":{"cluster":"east","partition":2,"topic":"fixture-orders"},"offset":null}]}"#
            ),
            "{file}"
        );
        let sink = listing_from_reference(&NewConnector::Sink, &reference, None).unwrap();
        assert_eq!(
            offsets(&sink.listing),
            parsed(
                r#"{"offsets":[{"partition":{"kafka_partition":0,"kafka_topic":"fixture-orders"},"offset":{"kafka_offset":3}},{"partition":{"kafka_partition":1,"kafka_topic":"fixture-orders"},"offset":{"kafka_offset":3}},{"partition":{"kafka_partition":2,"kafka_topic":"fixture-orders"},"offset":{"kafka_offset":0}}]}"#
            ),
            "{file}"
        );
    }
}

/// Kafka 4.3.1's own outputs (tests/fixtures/kafka-4.3.1/): `--time 12:04:30Z` prints only
/// `fixture-orders:0:5`, nothing for partition 1 (every record before the time) and the empty
/// partition 2. With the latest offsets those two start at their log end instead of being left
/// out (where the connector would copy their whole history): MirrorMaker 2 stores log end − 1
/// and null at 0, a sink the log end (issue 31 item 1).
#[test]
fn a_latest_reference_gives_the_partitions_a_time_reference_leaves_out_their_log_end() {
    let root =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/kafka-4.3.1");
    let read = |file: &str| std::fs::read_to_string(root.join(file)).unwrap();
    let at = Role::Time {
        at_ms: Some(1_764_504_270_000),
    };
    let time = parse_reference(&read("get-offsets-time.txt"), at.clone());
    let latest = parse_reference(&read("get-offsets-latest.txt"), Role::Latest);
    let mirror = NewConnector::MirrorSource {
        source_alias: "east".into(),
    };
    let new = listing_from_references(&mirror, &time, Some(&latest), None).unwrap();
    assert_eq!(
        offsets(&new.listing),
        r#"{"offsets":[{"partition":{"cluster":"east","partition":0,"topic":"fixture-orders"},"offset":{"offset":4}},{"partition":{"cluster":"east","partition":1,"topic":"fixture-orders"},"offset":{"offset":4}},{"partition":{"cluster":"east","partition":2,"topic":"fixture-orders"},"offset":null}]}"#
    );
    let fixture = |p: i64| ("fixture-orders".to_owned(), p);
    assert_eq!(new.filled, [fixture(1), fixture(2)]);
    assert!(
        new.without_value.is_empty() && new.warnings.is_empty(),
        "{new:?}"
    );
    assert!(
        new.notes.iter().any(|n| n
            == "2 partition(s) have no offset in the offsets at 2025-11-30T12:04:30Z: they start at their log end, from the latest offsets (MirrorMaker 2 stores the log end − 1, and null at 0), so they copy nothing written before: fixture-orders:1, fixture-orders:2."),
        "{:?}",
        new.notes
    );
    let sink = listing_from_references(&NewConnector::Sink, &time, Some(&latest), None).unwrap();
    assert_eq!(
        offsets(&sink.listing),
        r#"{"offsets":[{"partition":{"kafka_partition":0,"kafka_topic":"fixture-orders"},"offset":{"kafka_offset":5}},{"partition":{"kafka_partition":1,"kafka_topic":"fixture-orders"},"offset":{"kafka_offset":5}},{"partition":{"kafka_partition":2,"kafka_topic":"fixture-orders"},"offset":{"kafka_offset":0}}]}"#
    );
    // A time reference whose only line has no offset is usable with the latest offsets.
    let empty = parse_reference("fixture-orders:1:\n", at);
    let new = listing_from_references(&NewConnector::Sink, &empty, Some(&latest), None).unwrap();
    assert_eq!(new.listing.entries.len(), 3);
    // A topic filter keeps the topics of both.
    let topics = Filter::parse("topic:other*").unwrap();
    let e = listing_from_references(&NewConnector::Sink, &time, Some(&latest), Some(&topics))
        .unwrap_err();
    assert!(e.message.contains("among the topics kept"), "{}", e.message);
}

/// Without the log end, a time reference's listing warns that the partitions it leaves out
/// (which the tool does not print) copy their history, and says how to avoid it; other
/// references do not warn.
#[test]
fn a_time_reference_alone_warns_that_quiet_partitions_copy_their_history() {
    let at = Role::Time {
        at_ms: Some(1_764_504_270_000),
    };
    let time = parse_reference("fixture-orders:0:5\n", at.clone());
    let new = listing_from_reference(&NewConnector::Sink, &time, None).unwrap();
    assert_eq!(
        new.warnings,
        [
            "The offsets at 2025-11-30T12:04:30Z name only the partitions that have a record at or after 2025-11-30T12:04:30Z: kafka-get-offsets.sh prints nothing for a partition with none. The new connector has no offset for such a partition, so it starts it where auto.offset.reset says (earliest by default) and copies its whole history, every record written before 2025-11-30T12:04:30Z. To start those partitions at their log end instead, look up the latest offsets of the same partitions too (kafka-get-offsets.sh --time -1, before the time lookup; connect-offsets lookup --at TIME prints both) and give them as well: --from latest=FILE, or the page's Latest offsets (log end)."
        ]
    );
    let latest = parse_reference("fixture-orders:0:10\n", Role::Latest);
    let quiet = parse_reference("fixture-orders:0:5\nfixture-orders:1:\n", at);
    let new = listing_from_references(&NewConnector::Sink, &quiet, Some(&latest), None).unwrap();
    assert_eq!(
        new.warnings,
        [
            "1 partition(s) have no offset in the offsets at 2025-11-30T12:04:30Z and no log end in the latest offsets: fixture-orders:1. They are left out, so the connector starts them where auto.offset.reset says (earliest by default) and copies their whole history, every record written before 2025-11-30T12:04:30Z. Look up the latest offsets of the same partitions as the time lookup, so that each of them has its log end."
        ]
    );
    for role in [Role::Latest, Role::Earliest, Role::Group { name: None }] {
        let r = parse_reference("fixture-orders:0:5\n", role);
        let new = listing_from_reference(&NewConnector::Sink, &r, None).unwrap();
        assert!(new.warnings.is_empty(), "{:?}", new.warnings);
    }
}
