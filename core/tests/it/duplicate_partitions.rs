//! S7 (one partition in several entries) as the validator finds it: whole and streamed, with
//! a MirrorMaker 2 map of exactly its three keys hashed from the values its rules read and
//! any other map hashed by a walk over it, against the partition key's own equality.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use offsets_core::validate::{validate, validate_streamed};
use offsets_core::{ConnectorKind, Diagnostic, ImportOptions, import};
use std::borrow::Cow;

/// `(later, first)` of each S7 finding.
fn s7(diags: &[Diagnostic]) -> Vec<(usize, usize)> {
    let mut found: Vec<(usize, usize)> = diags
        .iter()
        .filter(|d| d.rule == "S7")
        .map(|d| {
            let first = d.message.split("also in entry #").nth(1).unwrap();
            let first: usize = first.split('.').next().unwrap().parse().unwrap();
            (d.entry.unwrap(), first - 1)
        })
        .collect();
    found.sort_unstable();
    found
}

#[test]
fn the_two_ways_of_hashing_a_partition_find_the_same_pairs() {
    let maps = [
        r#"{"cluster":"east","partition":0,"topic":"t"}"#,
        r#"{"topic":"t","cluster":"east","partition":0}"#,
        r#"{"cluster":"west","partition":0,"topic":"t","cluster":"east"}"#,
        r#"{"cluster":"east","partition":0,"topic":"t","x":1}"#,
        r#"{"cluster":"east","partition":0,"topic":"t","x":1}"#,
        r#"{"cluster":"east","partition":0,"topic":["t"]}"#,
        r#"{"cluster":"east","partition":0,"topic":null}"#,
        r#"{"cluster":["x"],"partition":0,"topic":"t","cluster":"east"}"#,
        r#"{"cluster":"east","partition":-0,"topic":"t"}"#,
        r#"{"cluster":"east","partition":1.0,"topic":"t"}"#,
        r#"{"cluster":"east","partition":1,"topic":"t"}"#,
        r#"{"partition":1,"topic":"t","cluster":"east"}"#,
        r#"{"cluster":"east","partition":"1","topic":"t"}"#,
        r#"{"cluster":null,"partition":1,"topic":"t"}"#,
        r#"{"cluster":true,"partition":1,"topic":"t"}"#,
        r#"{"topic":"t","partition":1,"cluster":true}"#,
        r#"{"topic":"t","partition":99999999999999999999,"cluster":"e"}"#,
        r#"{"cluster":"e","partition":99999999999999999999,"topic":"t","topic":"t"}"#,
    ];
    let entries: Vec<String> = maps
        .iter()
        .map(|m| format!(r#"{{"partition":{m},"offset":{{"offset":1}}}}"#))
        .collect();
    let text = format!(r#"{{"offsets":[{}]}}"#, entries.join(","));
    let listing = import(&text, &ImportOptions::default()).unwrap().listing;
    assert_eq!(listing.kind, ConnectorKind::MirrorSource);
    // The partition key's equality: each entry with the first earlier entry of its key.
    let keys: Vec<_> = listing.entries.iter().map(|e| e.key()).collect();
    let expected: Vec<(usize, usize)> = (0..keys.len())
        .filter_map(|i| {
            let key = keys[i].as_ref()?;
            Some((i, keys[..i].iter().position(|k| k.as_ref() == Some(key))?))
        })
        .collect();
    assert!(expected.len() >= 7, "{expected:?}");
    assert_eq!(s7(&validate(&listing, None)), expected);
    let streamed = listing.entries.iter().map(|e| (Cow::Borrowed(e), e));
    assert_eq!(
        s7(&validate_streamed(&listing, streamed, |_| {}).unwrap()),
        expected
    );
}
