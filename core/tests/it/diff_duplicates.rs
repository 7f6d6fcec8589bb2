//! Regression test found by the `edit_session` fuzz target: a listing with a duplicate partition
//! (S7) did not diff clean against itself, because every duplicate was compared with the LAST
//! entry of its partition and the earlier one was reported as added. Duplicates now pair from the
//! end (the last with the last, the one before with the one before), so an unchanged listing has
//! no change, and a single entry still pairs with the last duplicate (the one Connect keeps).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use offsets_core::diff::{Change, diff};
use offsets_core::{ImportOptions, import};

fn listing(text: &str) -> offsets_core::Listing {
    import(text, &ImportOptions::default()).unwrap().listing
}

#[test]
fn a_listing_with_duplicate_partitions_diffs_clean_against_itself() {
    for text in [
        ",5,2\n,5,2\n",
        "t,0,1\nt,0,7\nt,1,3\n",
        r#"{"offsets":[{"partition":{"kafka_topic":"t","kafka_partition":0},"offset":{"kafka_offset":1}},{"partition":{"kafka_topic":"t","kafka_partition":0},"offset":{"kafka_offset":2}}]}"#,
        // The edit_session fuzz target's crash input (issue 31, item 19): an entry without a
        // partition, which has no key to match by.
        r#"{"offsets":[{"offset":{"x":1}}]}"#,
        // Keyless entries of every shape, twice, between keyed ones.
        r#"{"offsets":[{"offset":{"x":1}},{"partition":{"file":"/a"},"offset":{"position":1}},17,{"offset":{"x":1}},{"partition":"p"},null,17]}"#,
    ] {
        let l = listing(text);
        let d = diff(&l, &l);
        assert_eq!(d.summary.changed(), 0, "{text:?}: {:?}", d.entries);
        assert_eq!(d.entries.len(), l.entries.len(), "{text:?}");
    }
}

#[test]
fn keyless_entries_pair_by_their_text_in_order() {
    // The second `{"x":1}` is removed and `{"x":3}` added; the others pair with their twins.
    let before =
        listing(r#"{"offsets":[{"offset":{"x":1}},{"offset":{"x":2}},{"offset":{"x":1}}]}"#);
    let after =
        listing(r#"{"offsets":[{"offset":{"x":1}},{"offset":{"x":2}},{"offset":{"x":3}}]}"#);
    let d = diff(&before, &after);
    let changes: Vec<_> = d
        .entries
        .iter()
        .map(|e| (e.change, e.after_index))
        .collect();
    assert_eq!(
        changes,
        [
            (Change::Unchanged, Some(0)),
            (Change::Unchanged, Some(1)),
            (Change::Removed, None),
            (Change::Added, Some(2)),
        ]
    );
}

#[test]
fn a_single_entry_is_compared_with_the_last_duplicate() {
    let before = listing("t,0,1\n");
    let after = listing("t,0,2\nt,0,1\n");
    let d = diff(&before, &after);
    // t:0 is unchanged against the last duplicate (the one Connect keeps); the first is extra.
    assert_eq!(d.entries.len(), 2);
    assert_eq!(d.entries[0].change, Change::Unchanged);
    assert_eq!(d.entries[1].change, Change::Added);
}
