//! Fuzz target `tape`: arbitrary bytes -> the tape and the tree parser. They must agree: the
//! same error at the same place, or the same tree at the same positions read back from the
//! tape. Any panic is a bug: the core promises never to panic on input.
#![no_main]

use libfuzzer_sys::fuzz_target;
use offsets_core::json::{parse, parse_tape};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match (parse(&text), parse_tape(&text)) {
        (Ok(tree), Ok(tape)) => {
            assert!(tree.same_at_same_places(&tape.root().to_value()), "the tape reads back differently");
        }
        (Err(a), Err(b)) => assert_eq!(a, b, "the errors differ"),
        (a, b) => panic!("tree {:?}, tape {:?}", a.is_ok(), b.is_ok()),
    }
});
