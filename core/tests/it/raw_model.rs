//! The model's view accessors (issue 33, step 1 item 2) agree with the tree accessors they sit
//! beside, over a tree's and a tape's view of one text: the partition map, its PartitionKey
//! (the S7 index and the rollback's key), the kind it looks like (`classify`), the facts a
//! filter reads (`EntryFacts`) and the integer reads of offsets and partitions, on
//! every JSON fixture and on hostile entries (duplicate keys, a partition written as a string,
//! a fraction, a number past i64, escapes in keys).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use offsets_core::json::{self, JsonValue, Raw};
use offsets_core::model::{
    ConnectorKind, Entry, EntryFacts, PartitionKey, integer_raw, integer_value, partition_of,
};
use std::path::PathBuf;

const HOSTILE: &str = r#"{"offsets":[
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
    let entry = Entry::new(JsonValue::null(), None);
    let entry = Entry {
        value: tree.clone(),
        ..entry
    };
    // The partition map: the tree accessor, the tree's view, the tape's view.
    let tree_map = entry.partition();
    assert_eq!(
        tree_map.is_some(),
        entry.partition_raw().is_some(),
        "{at}: partition (tree view)"
    );
    assert_eq!(
        tree_map.is_some(),
        partition_of(tape).is_some(),
        "{at}: partition (tape view)"
    );
    let key = tree_map.and_then(PartitionKey::of);
    assert_eq!(
        key,
        entry.partition_raw().and_then(PartitionKey::of_raw),
        "{at}: key (tree view)"
    );
    assert_eq!(
        key,
        partition_of(tape).and_then(PartitionKey::of_raw),
        "{at}: key (tape view)"
    );
    // The kind a partition map looks like, and the facts a filter reads, under every kind.
    if let Some(map) = tree_map {
        let kind = ConnectorKind::classify(map);
        assert_eq!(
            kind,
            ConnectorKind::classify_raw(map.raw()),
            "{at}: classify (tree view)"
        );
        assert_eq!(
            kind,
            ConnectorKind::classify_raw(partition_of(tape).unwrap()),
            "{at}: classify (tape view)"
        );
    }
    for kind in ConnectorKind::ALL {
        let facts = EntryFacts::of(kind, &entry, true);
        assert_eq!(
            facts,
            EntryFacts::of_raw(kind, entry.raw(), true),
            "{at}: facts as {kind:?} (tree view)"
        );
        assert_eq!(
            facts,
            EntryFacts::of_raw(kind, tape, true),
            "{at}: facts as {kind:?} (tape view)"
        );
    }
    // Integer reads of every member of the partition map and of the offset map.
    let offset_tree = tree.get("offset");
    assert_eq!(
        offset_tree.is_some(),
        entry.offset_raw().is_some(),
        "{at}: offset"
    );
    for (map_tree, map_tape) in [
        (tree_map, partition_of(tape)),
        (
            offset_tree.filter(|o| o.as_members().is_some()),
            tape.get("offset"),
        ),
    ] {
        let (Some(map_tree), Some(map_tape)) = (map_tree, map_tape) else {
            continue;
        };
        for m in map_tree.as_members().unwrap() {
            for allow in [false, true] {
                let want = integer_value(&m.value, allow);
                let tape_value = map_tape
                    .members()
                    .filter(|x| x.key == m.key)
                    .last()
                    .unwrap()
                    .value;
                // The last member of a repeated key is the one both views' `get` give.
                let last = map_tree.get(&m.key).unwrap();
                assert_eq!(
                    integer_value(last, allow),
                    integer_raw(tape_value, allow),
                    "{at}: {} (tape, {allow})",
                    m.key
                );
                assert_eq!(
                    want,
                    integer_raw(m.value.raw(), allow),
                    "{at}: {} (tree view, {allow})",
                    m.key
                );
            }
        }
    }
}

#[test]
fn the_model_view_accessors_agree_with_the_tree_ones_over_both_views() {
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
