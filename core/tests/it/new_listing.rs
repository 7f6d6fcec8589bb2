//! A listing for a connector that has none yet, from a reference (issue 23 item 1): every
//! partition the reference names, with what the kind stores to resume there.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use offsets_core::filter::Filter;
use offsets_core::new_listing::{NewConnector, listing_from_reference};
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
