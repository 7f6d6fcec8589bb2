//! The model's accessors read entries through the view (issues 33 and 34) and give the same
//! over a tree's and a tape's view of one text: the partition map, its PartitionKey
//! (the S7 index and the rollback's key), the kind it looks like (`classify`), the facts a
//! filter reads (`EntryFacts`) and the integer reads of offsets and partitions, on
//! every JSON fixture and on hostile entries (duplicate keys, a partition written as a string,
//! a fraction, a number past i64, escapes in keys).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use offsets_core::json::{self, JsonValue, Raw};
use offsets_core::model::{ConnectorKind, EntryFacts, PartitionKey, integer_value, partition_of};
use std::path::PathBuf;

/// Entries whose shape the rules look at closely: duplicate keys, a string partition, a
/// fraction, a number past 64 bits, escaped keys, a nested map, a partition that is no map.
pub(crate) const HOSTILE: &str = r#"{"offsets":[
{"partition":{"cluster":"east","topic":"t","partition":0,"partition":1},"offset":{"offset":5}},
{"partition":{"kafka_topic":"t","kafka_partition":"1"},"offset":{"kafka_offset":"+7"}},
{"partition":{"cluster":"east","topic":"t","partition":1.0},"offset":{"offset":1e3}},
{"partition":{"cluster":"east","topic":"t","partition":99999999999999999999},"offset":{"offset":-1}},
{"partition":{"clu\u0073ter":"east","topic":"t\n","partition":2},"offset":null},
{"partition":{"topic":"t","partition":3,"x":{"nested":1}},"offset":{}},
{"partition":"not a map","offset":{"offset":1}},
{"offset":{"offset":1}}
]}"#;

fn texts() -> Vec<(String, String)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures");
    let mut out = vec![("hostile".to_owned(), HOSTILE.to_owned())];
    for e in std::fs::read_dir(&root).unwrap() {
        let path = e.unwrap().path();
        if path.extension().is_some_and(|x| x == "json") {
            out.push((
                path.display().to_string(),
                std::fs::read_to_string(&path).unwrap(),
            ));
        }
    }
    out
}

fn check_entry(name: &str, i: usize, tree: &JsonValue, tape: Raw<'_>) {
    let at = format!("{name} entry {i}");
    let tree = tree.raw();
    // The partition map and its key.
    let (tree_map, tape_map) = (partition_of(tree), partition_of(tape));
    assert_eq!(tree_map.is_some(), tape_map.is_some(), "{at}: partition");
    assert_eq!(
        tree_map.and_then(PartitionKey::of),
        tape_map.and_then(PartitionKey::of),
        "{at}: key"
    );
    // The kind a partition map looks like, and the facts a filter reads, under every kind.
    if let (Some(a), Some(b)) = (tree_map, tape_map) {
        assert_eq!(
            ConnectorKind::classify(a),
            ConnectorKind::classify(b),
            "{at}: classify"
        );
    }
    for kind in ConnectorKind::ALL {
        assert_eq!(
            EntryFacts::of_raw(kind, tree, true),
            EntryFacts::of_raw(kind, tape, true),
            "{at}: facts as {kind:?}"
        );
    }
    // Integer reads of every member of the partition map and of the offset map, the last of a
    // repeated key being the one both views' `get` give.
    assert_eq!(
        tree.get("offset").is_some(),
        tape.get("offset").is_some(),
        "{at}: offset"
    );
    for (map_tree, map_tape) in [
        (tree_map, tape_map),
        (tree.get("offset"), tape.get("offset")),
    ] {
        let (Some(map_tree), Some(map_tape)) = (map_tree, map_tape) else {
            continue;
        };
        let (a, b): (Vec<_>, Vec<_>) = (map_tree.members().collect(), map_tape.members().collect());
        assert_eq!(a.len(), b.len(), "{at}: members");
        for (x, y) in a.iter().zip(&b) {
            assert_eq!(x.key, y.key, "{at}: key order");
            for allow in [false, true] {
                assert_eq!(
                    integer_value(x.value, allow),
                    integer_value(y.value, allow),
                    "{at}: {} ({allow})",
                    x.key
                );
                let (gx, gy) = (map_tree.get(x.key).unwrap(), map_tape.get(y.key).unwrap());
                assert_eq!(
                    integer_value(gx, allow),
                    integer_value(gy, allow),
                    "{at}: last {} ({allow})",
                    x.key
                );
            }
        }
    }
}

#[test]
fn the_model_accessors_read_the_same_over_a_tree_and_a_tape() {
    let mut entries = 0;
    for (name, text) in texts() {
        let Ok(tree) = json::parse(&text) else {
            continue;
        };
        let tape = json::parse_tape(&text).unwrap();
        let (Some(tree_offsets), Some(tape_offsets)) = (
            tree.get("offsets").and_then(JsonValue::as_array),
            Raw::from(tape.root()).get("offsets"),
        ) else {
            continue;
        };
        let tape_items: Vec<Raw<'_>> = tape_offsets.items().collect();
        assert_eq!(tree_offsets.len(), tape_items.len(), "{name}: entries");
        for (i, (t, r)) in tree_offsets.iter().zip(tape_items).enumerate() {
            check_entry(&name, i, t, r);
            entries += 1;
        }
    }
    assert!(entries >= 12, "only {entries} entries checked");
}

/// `detect_kind` (IMP6) answers the most common classification of the partition maps, ties to
/// the kind seen first, whatever the mix: checked against counting every entry, over random
/// listings (with entries that have no partition map), including those decided early.
#[test]
fn detect_kind_is_the_majority_of_all_entries() {
    use offsets_core::import::detect_kind;
    use offsets_core::{ConnectorKind, Entry};
    use proptest::prelude::*;
    // Partition maps of each kind, then none (a null partition).
    const SHAPES: [&str; 6] = [
        r#"{"kafka_topic":"t","kafka_partition":0}"#,
        r#"{"cluster":"a","topic":"t","partition":0}"#,
        r#"{"group":"g","topic":"t","partition":0}"#,
        r#"{"sourceClusterAlias":"a","targetClusterAlias":"b"}"#,
        r#"{"file":"f"}"#,
        "null",
    ];
    let entries: Vec<Entry> = SHAPES
        .iter()
        .map(|s| Entry::new(json::parse(s).unwrap(), Some(JsonValue::int(1))))
        .collect();
    let kinds: Vec<ConnectorKind> = entries
        .iter()
        .filter_map(|e| e.partition().map(ConnectorKind::classify))
        .collect();
    assert_eq!(
        kinds,
        [
            ConnectorKind::Sink,
            ConnectorKind::MirrorSource,
            ConnectorKind::MirrorCheckpoint,
            ConnectorKind::MirrorHeartbeat,
            ConnectorKind::Generic
        ]
    );
    let naive = |list: &[Entry]| {
        let mut counts: Vec<(ConnectorKind, usize)> = Vec::new();
        for e in list {
            let Some(p) = e.partition() else { continue };
            let k = ConnectorKind::classify(p);
            match counts.iter_mut().find(|c| c.0 == k) {
                Some(c) => c.1 += 1,
                None => counts.push((k, 1)),
            }
        }
        let mut best: Option<(ConnectorKind, usize)> = None;
        for c in counts {
            if best.is_none_or(|b| c.1 > b.1) {
                best = Some(c);
            }
        }
        best.map_or(ConnectorKind::Generic, |b| b.0)
    };
    let mut runner = crate::support::seeded_runner(2000, 7);
    runner
        .run(&prop::collection::vec(0usize..6, 0..12), |picks| {
            let list: Vec<Entry> = picks.iter().map(|&i| entries[i].clone()).collect();
            prop_assert_eq!(detect_kind(&list), naive(&list), "{:?}", picks);
            Ok(())
        })
        .unwrap();
}
