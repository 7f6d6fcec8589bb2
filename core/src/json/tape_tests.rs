//! The tape against the tree parser, node sizes and spans, and the node limit.

#![allow(clippy::unwrap_used, clippy::panic)]
use super::keys::same_bytes;
use super::*;
use crate::json::strings::{has_quote, last_quote};
use crate::json::{Raw, parse};
/// The tape of `text` agrees with the tree parser: the same error, or the same tree at the
/// same positions.
fn agrees(text: &str, map: &SourceMap) {
    match (
        parse::parse_mapped(text, map),
        parse_tape_mapped(text, map.clone()),
    ) {
        (Ok(tree), Ok(tape)) => {
            let from_tape = tape.root().to_value();
            assert!(
                tree.same_at_same_places(&from_tape),
                "{text:?}: {tree:?} != {from_tape:?}"
            );
        }
        (Err(a), Err(b)) => assert_eq!(a, b, "{text:?}"),
        (a, b) => panic!("{text:?}: tree {a:?}, tape {:?}", b.map(|t| t.len())),
    }
}

#[test]
fn agrees_with_the_tree_parser() {
    let texts = [
        "{}",
        "[]",
        "  [ ]  ",
        "\u{feff}{\"a\": [1, {\"b\": null}]}",
        "{\"offsets\":[{\"partition\":{\"cluster\":\"east\",\"partition\":0,\"topic\":\"t\"},\"offset\":{\"offset\":41}}]}",
        "{\n  \"é\" : [ 1,\n    \"x\\\"y\" ],\r\n\t\"k\": -0.5e3 }",
        "[\"\\ud83d\\ude00\", \"a\\nb\", true, false, null, 9223372036854775808]",
        "{\"a\":1,\"a\":2}",
        "[[[[]]], {}, [{}]]",
        "\"just a string\"",
        "12",
        // Errors, each where the tree parser reports it.
        "",
        "[1,]",
        "{\"a\" 1}",
        "{\"a\":1,}",
        "[1 2]",
        "{\"a\": 01}",
        "\"ab",
        "\"a\\qb\"",
        "{} x",
        "[\"\\ud800\"]",
        "{\"a\":tru}",
        "{\"k\"\n:\n}",
        "[\"ééé\", \"€\", {\"😀\": [\"x\"]}, 1]",
        "\u{feff}[\"é\",\n \"€\", 2]",
    ];
    let checkpoints = SourceMap::Checkpoints(
        (0..200)
            .step_by(3)
            .enumerate()
            .map(|(k, at)| (at, (at % 4) as u32 + 1, Position::new(k as u32 + 2, 7)))
            .collect(),
    );
    for text in texts {
        agrees(text, &SourceMap::Identity);
        agrees(
            text,
            &SourceMap::Block {
                first_line: 4,
                indent: 4,
            },
        );
        agrees(text, &checkpoints);
    }
    let deep = format!("{}{}", "[".repeat(128), "]".repeat(128));
    agrees(&deep, &SourceMap::Identity);
    agrees(&"[".repeat(200), &SourceMap::Identity);
}

#[test]
fn nodes_are_eight_bytes_and_spans_are_the_source() {
    assert_eq!(size_of::<Node>(), 8);
    let text = r#"{"k":"a\"b","n":-1.50,"o":{"x":[1,2]},"k":"last"}"#;
    let tape = parse_tape(text).unwrap();
    // The object, 2 strings, a number, the inner object, the array, 2 (keys are not nodes).
    assert_eq!(tape.len(), 8);
    let root = tape.root();
    assert_eq!(root.source(), text);
    let keys: Vec<&str> = root.members().map(|m| m.key).collect();
    assert_eq!(keys, ["k", "n", "o", "k"]);
    let first = root.members().next().unwrap().value;
    assert_eq!(first.as_str(), Some("a\"b"));
    assert_eq!(first.source(), r#""a\"b""#);
    assert_eq!(root.get("k").unwrap().as_str(), Some("last"));
    assert_eq!(root.get("n").unwrap().as_number_text(), Some("-1.50"));
    let array = root.get("o").unwrap().get("x").unwrap();
    assert_eq!(array.source(), "[1,2]");
    let items: Vec<&str> = array.items().map(|v| v.source()).collect();
    assert_eq!(items, ["1", "2"]);
    assert!(root.get("missing").is_none());
    assert_eq!(root.items().count(), 0);
    assert_eq!(array.members().count(), 0);
}

#[test]
fn the_node_limit_is_a_located_error() {
    let e = parse_tape_limited("[1,\n2,3]", SourceMap::Identity, 3).unwrap_err();
    assert_eq!((e.offset, e.pos), (6, Position::new(2, 3)));
    assert!(
        e.message.contains("more than 134,217,727 JSON values"),
        "{e:?}"
    );
    assert!(parse_tape_limited("[1,2,3]", SourceMap::Identity, 4).is_ok());
}

#[test]
fn an_owned_text_is_kept_or_given_back_without_a_copy() {
    let text = String::from("{\"a\": [1, 2]}");
    let at = text.as_ptr();
    let tape = parse_tape_owned(text, SourceMap::Identity).ok().unwrap();
    assert_eq!(tape.text().as_ptr(), at);
    let bad = String::from("{\"a\": [1, 2}");
    let at = bad.as_ptr();
    let (e, back) = parse_tape_owned(bad, SourceMap::Identity).err().unwrap();
    assert_eq!((back.as_ptr(), back.as_str()), (at, "{\"a\": [1, 2}"));
    assert_eq!(e.pos, Position::new(1, 12));
}

/// A copy of an entry with one number replaced reads what the tree of the edited text reads,
/// at the imported positions, escapes inside it kept; a copy of a copy too. What is left the
/// same bytes compares by span; the splice learns the number's span and new text.
#[test]
fn a_copy_with_a_number_replaced_reads_like_the_edited_text() {
    let text = "[\n {\"p\": {\"t\": \"a\\u0041\", \"n\": 1},\n  \"o\": {\"offset\": 97, \"x\": \"\\n\"}},\n {\"p\": 2}\n]";
    let tape = Arc::new(
        parse_tape_owned(text.to_string(), SourceMap::Identity)
            .ok()
            .unwrap(),
    );
    let entry = tape.root().items().next().unwrap();
    let number = entry.get("o").unwrap().get("offset").unwrap();
    let copy = Arc::new(
        tape.copy_with_number(entry.index(), number.index(), "-7")
            .unwrap(),
    );
    let edited = parse(&text.replacen("97", "-7", 1)).unwrap();
    let JsonKind::Array(items) = &edited.kind else {
        panic!("an array")
    };
    assert!(copy.root().to_value().same_at_same_places(&items[0]));
    assert_eq!(
        copy.root().get("p").unwrap().get("t").unwrap().as_str(),
        Some("aA")
    );
    assert_eq!(
        copy.root().get("o").unwrap().get("x").unwrap().as_str(),
        Some("\n")
    );
    // The parts left as they were are the same bytes; the entry and its offset map are not.
    let (now, orig) = (Raw::from(copy.root()), Raw::from(entry));
    assert!(now.get("p").unwrap().same_as(orig.get("p").unwrap()));
    assert!(!now.same_as(orig) && !now.get("o").unwrap().same_as(orig.get("o").unwrap()));
    let at = text.find("97").unwrap();
    assert_eq!(now.replaced_number(orig), Some((at, at + 2, "-7")));
    assert_eq!(orig.replaced_number(now), None);
    assert_eq!(
        now.get("p")
            .unwrap()
            .replaced_number(orig.get("p").unwrap()),
        None
    );
    // A copy of the copy reads its own number at the imported positions.
    let inner = copy.root().get("o").unwrap().get("offset").unwrap();
    let again = copy.copy_with_number(0, inner.index(), "12").unwrap();
    let twice = parse(&text.replacen("97", "12", 1)).unwrap();
    let JsonKind::Array(items) = &twice.kind else {
        panic!("an array")
    };
    assert!(again.root().to_value().same_at_same_places(&items[0]));
    // A copy's values are where the imported ones are (S7's check skips the positions), a
    // copy of the copy's too; another value, or the same text parsed again, is not known so.
    let (p, p_orig) = (now.get("p").unwrap(), orig.get("p").unwrap());
    assert!(p.same_place(p_orig) && p.pos() == p_orig.pos());
    let p_again = Raw::from(again.root()).get("p").unwrap();
    assert!(p_again.same_place(p_orig) && p_again.pos() == p_orig.pos());
    assert!(!now.get("o").unwrap().same_place(p_orig));
    let reparsed = parse_tape(text).unwrap();
    let p_reparsed = Raw::from(reparsed.root().items().next().unwrap())
        .get("p")
        .unwrap();
    assert!(!p_reparsed.same_place(p_orig) && p_reparsed.pos() == p_orig.pos());
    // Refused: a string, a number outside the value, a text that is not a number.
    let string = entry.get("p").unwrap().get("t").unwrap();
    let outside = tape.root().items().nth(1).unwrap().get("p").unwrap();
    assert!(
        tape.copy_with_number(entry.index(), string.index(), "1")
            .is_none()
    );
    assert!(
        tape.copy_with_number(entry.index(), outside.index(), "1")
            .is_none()
    );
    assert!(
        tape.copy_with_number(entry.index(), number.index(), "0x1")
            .is_none()
    );
}

/// Every value's span, checked without the tape: its text parses on its own to a value of the
/// same kind, and only whitespace then `,` `]` `}` (or the end) follows it. A container's end
/// is not stored but found from its last descendant, so this covers nesting, whitespace,
/// CRLF, empty containers and strings ending in escapes.
fn spans_are_exact(text: &str) {
    fn check(text: &str, v: TapeValue<'_, '_>) {
        let (start, end) = (v.start(), v.end());
        let own = text.get(start..end).unwrap();
        let alone = parse_tape(own).unwrap_or_else(|e| panic!("{text:?}: {own:?}: {e:?}"));
        assert_eq!(alone.root().kind(), v.kind(), "{text:?}: {own:?}");
        let after = text
            .get(end..)
            .unwrap()
            .trim_start_matches([' ', '\t', '\n', '\r']);
        assert!(
            after.is_empty() || after.starts_with([',', ']', '}']),
            "{text:?}: {own:?} is followed by {after:?}"
        );
        for m in v.members() {
            check(text, m.value);
        }
        for item in v.items() {
            check(text, item);
        }
    }
    let tape = parse_tape(text).unwrap();
    check(text, tape.root());
}

#[test]
fn a_containers_end_is_found_from_its_last_descendant() {
    for text in [
        "{}",
        " [ ] ",
        "[[],{},[[]],{\"a\":{}}]",
        "{\"a\" : [ 1 , [ 2 , { \"b\" : \"c\\\\\" } ] ] }",
        "{\r\n  \"offsets\": [\r\n    {\"p\": {\"t\": \"x\"}, \"o\": {\"o\": 12}}\r\n  ]\r\n}\r\n",
        "[\"\\\"\", \"\\\\\", -0.5e+10, true, false, null, [\t]\n]",
        r#"{"offsets":[{"partition":{"cluster":"east","partition":0,"topic":"t"},"offset":{"offset":1}}]}"#,
    ] {
        spans_are_exact(text);
    }
}

/// A scalar of 128 MiB or more does not fit its node's length: its end is found in the text.
/// (Shown here by marking short scalars so, rather than by parsing 128 MiB.)
#[test]
fn a_long_scalars_end_is_found_in_the_text() {
    let text = r#"{"a\"b": "x\\", "n": [-12.5e3, "q"]}"#;
    let mut tape = parse_tape(text).unwrap();
    let before: Vec<usize> = (0..tape.len() as u32)
        .map(|i| tape.end_of(i, tape.node(i)))
        .collect();
    for node in &mut tape.nodes {
        if !node.is_container() {
            node.meta |= LONG << PAYLOAD_SHIFT;
        }
    }
    let after: Vec<usize> = (0..tape.len() as u32)
        .map(|i| tape.end_of(i, tape.node(i)))
        .collect();
    assert_eq!(before, after);
    assert_eq!(tape.root().source(), text);
    let keys: Vec<&str> = tape.root().members().map(|m| m.key).collect();
    assert_eq!(keys, ["a\"b", "n"]);
}

/// The word-wise key comparison answers what `==` answers, for every length up to past two
/// words and a differing byte at every place (the overlapping words cover each byte).
#[test]
fn same_bytes_answers_as_slice_equality() {
    for n in 0..=20usize {
        let a: Vec<u8> = (0..n).map(|i| b'a' + (i % 26) as u8).collect();
        assert!(same_bytes(&a, &a.clone()), "length {n}");
        for at in 0..n {
            let mut b = a.clone();
            b[at] ^= 0x20;
            assert!(!same_bytes(&a, &b), "length {n}, byte {at}");
        }
        let longer: Vec<u8> = a.iter().copied().chain([b'x']).collect();
        assert!(!same_bytes(&a, &longer), "length {n} against {}", n + 1);
    }
}

/// Keys have no node: each is read from the text around its value. Its text and position agree
/// with the tree parser's in every layout (spaces, tabs and line breaks around the colon, escapes
/// of quotes and backslashes, a key after a container, which has no stored end), and a lookup
/// by a name holding a quote finds only the key that reads it (an escaped one), never the
/// bytes of two neighbouring strings that happen to spell it.
#[test]
fn keys_are_read_from_the_text_around_their_values() {
    let texts = [
        r#"{"a":1,"bb":"x","ccc":null}"#,
        "{ \"a\" : 1 ,\r\n\t\"bb\"\t:\n\"x\" , \"c\":[{\"d\":{}}],\"e\":true}",
        r#"{"a\"b":1,"\\":2,"x\\\"":3,"\u0041":{"q":[1,{"r":2}]},"k":4}"#,
        r#"{"":0,"o":{},"p":[],"s":"\"","t":"a\\"}"#,
    ];
    for text in texts {
        let tape = parse_tape(text).unwrap();
        let tree = parse(text).unwrap();
        assert_eq!(tape.root().to_value(), tree, "{text}");
        let keys: Vec<(String, usize)> = tape
            .root()
            .members()
            .map(|m| (m.key.to_string(), m.key_start))
            .collect();
        for (key, start) in &keys {
            assert_eq!(text.as_bytes()[*start], b'"', "{text}: {key}");
            let found = tape.root().get(key).unwrap();
            let member = tape.root().members().find(|m| m.key == key).unwrap();
            assert_eq!(found.start(), member.value.start(), "{text}: {key}");
            let ([got], _) = tape.root().fields([key.as_str()]).unwrap();
            assert_eq!(got.map(|v| v.start()), Some(found.start()), "{text}: {key}");
        }
    }
    // A name holding a quote: the escaped key reads it; two strings that spell it do not.
    let tape = parse_tape(r#"{"a\"b":1}"#).unwrap();
    assert!(tape.root().get("a\"b").is_some());
    let tape = parse_tape(r#"{"a": "x","k":1}"#).unwrap();
    assert!(tape.root().get("x\",\"k").is_none());
    assert!(tape.root().get("k").is_some());
    assert!(tape.root().fields(["x\",\"k", "k"]).unwrap().0[0].is_none());
}

/// The word-wise search for a key's opening quote answers what a byte search answers.
#[test]
fn last_quote_answers_as_a_byte_search() {
    let mut text = Vec::new();
    for n in 0..40usize {
        text.push(if n % 7 == 3 || n % 11 == 0 {
            b'"'
        } else {
            b'a' + (n % 26) as u8
        });
    }
    for end in 0..=text.len() {
        let expected = text[..end].iter().rposition(|&b| b == b'"').unwrap_or(0);
        assert_eq!(last_quote(&text, end), expected, "end {end}");
    }
    let none = [b'x'; 30];
    assert_eq!(last_quote(&none, 30), 0);
}

/// The word-wise quote test answers what a byte search answers, for every length up to past
/// two words and a quote at every place.
#[test]
fn has_quote_answers_as_a_byte_search() {
    for n in 0..=20usize {
        let plain: Vec<u8> = (0..n).map(|i| b'a' + (i % 26) as u8).collect();
        assert!(!has_quote(&plain), "length {n}");
        for at in 0..n {
            let mut quoted = plain.clone();
            quoted[at] = b'"';
            assert!(has_quote(&quoted), "length {n}, quote at {at}");
            // Bytes next to a quote's value in every bit but one are not quotes.
            quoted[at] = b'#';
            assert!(!has_quote(&quoted), "length {n}, '#' at {at}");
        }
    }
}

/// The compact writer copies a container's text when it holds no whitespace and no escape,
/// and walks it otherwise (a space in a string, an escape, spacing, line ends); both give the
/// tree writer's bytes. A copy with a replaced number is walked: its text holds the old one.
#[test]
fn compact_containers_are_copied_only_when_that_is_their_compact_form() {
    // (text, copied): a space inside a string is walked too (the test does not tell it from
    // one between tokens), and gives the same bytes.
    for (text, copied) in [
        (
            r#"{"a":[1,-0.5E+3,{"b":"cd"}],"e":"é","a":null,"t":true}"#,
            true,
        ),
        (r#"{"a":[1,2,{"b":"c d"}]}"#, false),
        (r#"{"e":"\u0041","k":[]}"#, false),
        (r#"[{"k\"":"x"},{"k":"\\"},[],{}]"#, false),
        ("{ \"a\" : [ 1 ]\r\n}", false),
        ("[1,\t2]", false),
    ] {
        let tape = parse_tape(text).unwrap();
        let written = crate::json::to_compact(tape.root());
        assert_eq!(
            written,
            crate::json::to_compact(&parse(text).unwrap()),
            "{text}"
        );
        assert_eq!(tape.root().compact_source().is_some(), copied, "{text}");
        if copied {
            assert_eq!(written, text);
        }
    }
    let text = r#"[{"p":{"t":"x"},"o":{"offset":97}}]"#;
    let tape = Arc::new(parse_tape_owned(text.to_string(), SourceMap::Identity).unwrap());
    let entry = tape.root().items().next().unwrap();
    let number = entry.get("o").unwrap().get("offset").unwrap();
    let copy = tape
        .copy_with_number(entry.index(), number.index(), "-7")
        .unwrap();
    assert_eq!(copy.root().compact_source(), None);
    assert_eq!(
        crate::json::to_compact(copy.root()),
        r#"{"p":{"t":"x"},"o":{"offset":-7}}"#
    );
}

/// A position near the start is counted over the bytes before it until a position further in
/// builds the line index: both give every value the parser's position (line ends, tabs,
/// characters of several bytes, a byte order mark).
#[test]
fn positions_near_the_start_need_no_line_index() {
    let long = format!("[{}\"x\"]", "1,\n".repeat(3000));
    for text in [
        "\u{feff}{\"a\": [1,\n\t\"é\", {\"b\": null}],\r\n \"ü\": \"z\"}",
        "[\n\n  \"日本\", 2, [3,\n4]]",
        long.as_str(),
    ] {
        let expected: Vec<Position> = {
            let tape = parse_tape(text).unwrap();
            // A position past the start builds the index first.
            tape.position(text.len());
            (0..tape.nodes.len() as u32)
                .map(|i| tape.position(tape.node(i).start as usize))
                .collect()
        };
        let tree = parse(text).unwrap();
        assert_eq!(expected.first(), Some(&tree.pos), "{text}");
        // A fresh tape for each value (every 97th of the long text): nothing built before.
        let step = if text.len() > 1000 { 97 } else { 1 };
        for (i, want) in expected.iter().enumerate().step_by(step) {
            let tape = parse_tape(text).unwrap();
            let at = tape.node(i as u32).start as usize;
            assert_eq!(tape.position(at), *want, "value {i} at byte {at}");
            assert_eq!(tape.lines.get().is_none(), at <= NEAR_START, "byte {at}");
        }
    }
}
