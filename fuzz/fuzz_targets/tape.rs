//! Fuzz target `tape`: arbitrary bytes -> the tape and the tree parser. They must agree: the
//! same error at the same place, or the same tree at the same positions read back from the
//! tape; and the view `json::Raw` over the tree and over the tape must read the same kinds,
//! keys (duplicates included, `get` the last), starts, positions, strings, number text and
//! integers, and the writers must write the same bytes through both. Any panic is a bug: the
//! core promises never to panic on input.
#![no_main]

use libfuzzer_sys::fuzz_target;
use offsets_core::json::{Raw, parse, parse_tape, to_compact, to_pretty};

/// Panics where the two views of one value differ.
fn agree(tree: Raw<'_>, tape: Raw<'_>) {
    assert_eq!(tree.kind(), tape.kind(), "kind");
    assert_eq!(tree.start(), tape.start(), "start");
    assert_eq!(tree.pos(), tape.pos(), "position");
    assert_eq!(tree.as_bool(), tape.as_bool(), "boolean");
    assert_eq!(tree.as_str(), tape.as_str(), "string");
    assert_eq!(tree.number_text(), tape.number_text(), "number text");
    assert_eq!(tree.as_i64(), tape.as_i64(), "integer");
    let (mut a, mut b) = (tree.members(), tape.members());
    loop {
        match (a.next(), b.next()) {
            (None, None) => break,
            (Some(x), Some(y)) => {
                assert_eq!(x.key, y.key, "key");
                assert_eq!(x.key_pos(), y.key_pos(), "key position");
                agree(x.value, y.value);
                let (gx, gy) = (tree.get(x.key), tape.get(x.key));
                assert_eq!(gx.map(Raw::start), gy.map(Raw::start), "get");
            }
            _ => panic!("member counts differ"),
        }
    }
    let (mut a, mut b) = (tree.items(), tape.items());
    loop {
        match (a.next(), b.next()) {
            (None, None) => break,
            (Some(x), Some(y)) => agree(x, y),
            _ => panic!("item counts differ"),
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match (parse(&text), parse_tape(&text)) {
        (Ok(tree), Ok(tape)) => {
            assert!(tree.same_at_same_places(&tape.root().to_value()), "the tape reads back differently");
            let (a, b) = (tree.raw(), Raw::from(tape.root()));
            agree(a, b);
            assert!(a.same_as(b), "same_as");
            assert_eq!(to_pretty(a), to_pretty(b), "pretty writer");
            assert_eq!(to_compact(a), to_compact(b), "compact writer");
        }
        (Err(a), Err(b)) => assert_eq!(a, b, "the errors differ"),
        (a, b) => panic!("tree {:?}, tape {:?}", a.is_ok(), b.is_ok()),
    }
});
