//! The partition key and the S7 indexes against `PartitionKey::of`, and the one-pass hash
//! against the gathered pairs.
#![allow(clippy::unwrap_used, clippy::expect_used)]
use super::*;
use crate::json;
use crate::model::duplicates::{duplicate_pairs, duplicate_pairs_keeping};

fn entry(partition: &str) -> Entry {
    Entry::from_tree(
        json::parse(&format!(r#"{{"partition":{partition},"offset":null}}"#)).unwrap(),
        Default::default(),
    )
}

/// With two bits of each hash kept, different maps share chains: the index and the whole
/// listing's S7 pairs still find exactly the first entry with an equal key (the chain
/// compares the maps), as with every bit kept.
#[test]
fn maps_that_share_a_chain_are_told_apart() {
    let mut maps = Vec::new();
    for i in 0..60 {
        maps.push(format!(
            r#"{{"cluster":"east","partition":{},"topic":"t{}"}}"#,
            i % 7,
            i % 5
        ));
        maps.push(format!(
            r#"{{"topic":"t{}","cluster":"east","partition":{}}}"#,
            i % 4,
            i % 9
        ));
    }
    let entries: Vec<Entry> = maps.iter().map(|m| entry(m)).collect();
    let first = |i: usize| {
        entries[..i]
            .iter()
            .position(|earlier| earlier.key() == entries[i].key())
    };
    let expected: Vec<(usize, usize)> = (0..entries.len())
        .filter_map(|i| first(i).map(|f| (i, f)))
        .collect();
    assert!(expected.len() > 50 && expected.len() < entries.len() - 20);
    assert_eq!(duplicate_pairs_keeping(&entries, 0b11), expected);
    assert_eq!(duplicate_pairs(&entries), expected);
    let mut index = KeyIndex::keeping(entries.len(), 0b11);
    for (i, e) in entries.iter().enumerate() {
        let probe = index.probe(e).unwrap();
        assert_eq!(index.insert_first(probe, i), first(i), "{}", maps[i]);
    }
}

/// The index finds exactly the keys `PartitionKey::of` calls equal: member order, the last
/// of duplicate keys, integer texts of one value, and strings that differ only in where
/// their bytes fall against the hasher's 8-byte words or in trailing NUL characters.
#[test]
fn index_equality_is_partition_key_equality() {
    let maps = [
        r#"{"cluster":"east","partition":0,"topic":"orders"}"#,
        r#"{"topic":"orders","partition":0,"cluster":"east"}"#,
        r#"{"cluster":"west","partition":0,"topic":"orders","cluster":"east"}"#,
        r#"{"cluster":"east","partition":-0,"topic":"orders"}"#,
        r#"{"cluster":"east","partition":1,"topic":"orders"}"#,
        r#"{"cluster":"east","partition":1.0,"topic":"orders"}"#,
        r#"{"cluster":"east","partition":"1","topic":"orders"}"#,
        r#"{"cluster":"east","partition":0,"topic":"orders\u0000"}"#,
        r#"{"cluster":"eas","partition":0,"topic":"torders"}"#,
        r#"{"cluster":"eastorde","partition":0,"topic":"rs"}"#,
        r#"{"kafka_topic":"a-topic-name-longer-than-a-word","kafka_partition":99999999999999999999}"#,
        r#"{"kafka_partition":99999999999999999999,"kafka_topic":"a-topic-name-longer-than-a-word"}"#,
        r#"{"kafka_partition":99999999999999999998,"kafka_topic":"a-topic-name-longer-than-a-word"}"#,
        r#"{"kafka_topic":null,"kafka_partition":true}"#,
        r#"{"kafka_topic":null,"kafka_partition":false}"#,
        r#"{}"#,
    ];
    let entries: Vec<Entry> = maps.iter().map(|m| entry(m)).collect();
    let mut index = KeyIndex::with_capacity(entries.len());
    for (i, e) in entries.iter().enumerate() {
        let probe = index.probe(e).expect("primitive maps have a key");
        let first = entries[..i]
            .iter()
            .position(|earlier| earlier.key() == e.key());
        assert_eq!(index.insert_first(probe, i), first, "{}", maps[i]);
    }
    // A tape's view of each map finds what the tree's finds.
    for (i, m) in maps.iter().enumerate() {
        let tape = json::parse_tape(m).unwrap();
        let probe = index.probe_raw(Raw::from(tape.root())).unwrap();
        let first = entries.iter().position(|e| e.key() == entries[i].key());
        assert_eq!(index.get(&probe), first, "tape view of {m}");
    }
    // The first two, the third (its last "cluster" wins) and the fourth (-0 is 0) are one key.
    assert_eq!(index.get(&index.probe(&entries[3]).unwrap()), Some(0), "-0");
    assert_eq!(index.get(&index.probe(&entries[11]).unwrap()), Some(10));
    assert_eq!(index.get(&index.probe(&entries[7]).unwrap()), Some(7));
}

/// The one-pass hash equals the hash of the gathered pairs on every shape of map, on a
/// tree and on a tape: repeated keys early and late, more keys than the small array holds,
/// a nested value anywhere, and not a map at all.
#[test]
fn one_pass_hash_is_the_gathered_hash() {
    let maps = [
        r#"{"cluster":"east","partition":0,"topic":"orders"}"#,
        r#"{"cluster":"west","cluster":"east","partition":0,"topic":"orders"}"#,
        r#"{"cluster":"east","partition":0,"topic":"orders","cluster":"west"}"#,
        r#"{"a":1,"b":2,"c":3,"d":4}"#,
        r#"{"a":1,"b":2,"c":3,"d":4,"a":5}"#,
        r#"{"a":1,"b":2,"c":3,"d":{}}"#,
        r#"{"a":[],"b":2}"#,
        r#"{"a":1,"a":{}}"#,
        r#"{"a":1,"a":2}"#,
        r#"{"a":1,"b":2,"a":3}"#,
        r#"{"a":-0,"b":1.0,"c":1e2,"d":null,"e":true,"f":"x"}"#,
        r#"{}"#,
        r#"[1,2]"#,
        r#""text""#,
    ];
    let seed = new_seed();
    for m in maps {
        let tree = json::parse(m).unwrap();
        let tape = json::parse_tape(m).unwrap();
        for raw in [Raw::from(&tree), Raw::from(tape.root())] {
            let gathered = CanonPairs::of(raw).map(|p| p.hash(seed));
            assert_eq!(map_hash(raw, seed), gathered, "{m}");
        }
    }
}

/// S7's index holds a slot per entry: 24 bytes on a 64-bit target (100k entries: 2.4 MB).
#[cfg(target_pointer_width = "64")]
#[test]
fn a_key_slot_is_24_bytes() {
    assert_eq!(size_of::<KeySlot<'_>>(), 24);
}

/// The index, the S7 pairs and the owned index agree with `PartitionKey` equality on maps
/// of every shape: numbers of one value, repeated keys, nested values, large maps, no map.
#[test]
fn key_index_matches_partition_key_equality() {
    let maps = [
        r#"{"topic":"t","partition":1,"cluster":"c"}"#,
        r#"{"cluster":"c","partition":1,"topic":"t"}"#,
        r#"{"cluster":"c","partition":1.0,"topic":"t"}"#,
        r#"{"cluster":"c","partition":"1","topic":"t"}"#,
        r#"{"cluster":"c","partition":-0,"topic":"t"}"#,
        r#"{"cluster":"c","partition":0,"topic":"t"}"#,
        r#"{"cluster":"c","partition":2,"topic":"t","partition":1}"#,
        r#"{"cluster":"c","partition":99999999999999999999999999999999999999999,"topic":"t"}"#,
        r#"{"cluster":"c","topic":"t"}"#,
        r#"{"cluster":null,"topic":true}"#,
        r#"{"cluster":null,"topic":false}"#,
        r#"{"cluster":[1],"topic":"t"}"#,
        r#"{"a":1,"b":1,"c":1,"d":1,"e":1,"f":1,"g":1,"h":1,"i":1,"j":1,"k":1,"l":1,"m":1,"n":1,"o":1,"p":1,"q":1}"#,
        r#"{"q":1,"b":1,"c":1,"d":1,"e":1,"f":1,"g":1,"h":1,"i":1,"j":1,"k":1,"l":1,"m":1,"n":1,"o":1,"p":1,"a":2,"a":1}"#,
        r#"{"a":1,"b":1,"c":1,"d":1,"e":1,"f":1,"g":1,"h":1,"i":1,"j":1,"k":1,"l":1,"m":1,"n":1,"o":1,"p":1}"#,
        r#"{"p":1,"b":1,"c":1,"d":1,"e":1,"f":1,"g":1,"h":1,"i":1,"j":1,"k":1,"l":1,"m":1,"n":1,"o":1,"a":0,"a":1}"#,
        r#"{}"#,
    ];
    let entries: Vec<Entry> = maps
        .iter()
        .map(|m| Entry::new(json::parse(m).unwrap(), None))
        .collect();
    let mut index = KeyIndex::with_capacity(entries.len());
    for (i, e) in entries.iter().enumerate() {
        let first = entries
            .iter()
            .position(|o| o.key().is_some() && o.key() == e.key());
        match index.probe(e) {
            None => assert!(e.key().is_none(), "{}", maps[i]),
            Some(p) => assert_eq!(index.insert_first(p, i), first.filter(|&f| f < i)),
        }
    }
    // The whole listing's S7 pairs are the index's answers.
    let pairs: Vec<(usize, usize)> = (0..entries.len())
        .filter_map(|i| {
            let first = entries[..i]
                .iter()
                .position(|o| o.key().is_some() && o.key() == entries[i].key())?;
            Some((i, first))
        })
        .collect();
    assert_eq!(duplicate_pairs(&entries), pairs);
    // The owned index finds every entry with an equal key, in order.
    let keys = EntryKeys::new(&entries);
    for (i, e) in entries.iter().enumerate() {
        let equal: Vec<usize> = entries
            .iter()
            .enumerate()
            .filter(|(_, o)| e.key().is_some() && o.key() == e.key())
            .map(|(j, _)| j)
            .collect();
        assert_eq!(keys.find(&entries, e), equal, "{}", maps[i]);
    }
}
