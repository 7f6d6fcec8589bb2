//! The splice's own cases: edits inside a JSON string, and where the items are read from.

#![allow(clippy::unwrap_used)]
use super::*;

/// An edit of every entry of a 100k listing holds 100k edits: 16 bytes each.
#[test]
fn an_edit_is_16_bytes() {
    assert_eq!(size_of::<Edit>(), 16);
}

/// A changed offset's digits are held by the edit when it can write them back byte for
/// byte; any other number text goes to the splice's text, as written.
#[test]
fn an_edit_holds_a_number_only_when_it_writes_it_back_as_written() {
    let mut digits = itoa::Buffer::new();
    for text in ["0", "7", "1000099", "9223372036854775807"] {
        let edit = Edit::number(3, 5, text).unwrap();
        assert_eq!(edit.inserted("", &mut digits), Some(text));
        assert_eq!((edit.start(), edit.end()), (3, 5));
        let mut out = String::new();
        apply("abc[xy]", &[edit], "", &mut out);
        assert_eq!(out, format!("abc{text}y]"));
    }
    for text in [
        "",
        "-1",
        "+1",
        "01",
        "00",
        "1.0",
        "1e3",
        "9223372036854775808",
        "１",
    ] {
        assert_eq!(Edit::number(0, 1, text), None, "{text:?}");
    }
    let text = Edit::new(0, 1, 2, 4).unwrap();
    assert_eq!(text.inserted("ab-7cd", &mut digits), Some("-7"));
    assert_eq!(Edit::new(0, 1, 1 << 31, (1 << 31) + 1), None);
}

#[test]
fn an_edit_in_a_string_keeps_its_escapes_or_is_refused_inside_one() {
    // Decoded: `{"a":"é/x","n":1}`; `1` is decoded byte 16.
    let literal = r#""{\"a\":\"\u00e9\/x\",\"n\":1}""#;
    let edit = |start, end| Edit::new(start, end, 0, 3).unwrap();
    assert_eq!(
        apply_in_string(literal, &[edit(16, 17)], "\"2\"").as_deref(),
        Some(r#""{\"a\":\"\u00e9\/x\",\"n\":\"2\"}""#)
    );
    // Byte 7 is inside `é` (two bytes, one escape): no place in the literal.
    assert_eq!(apply_in_string(literal, &[edit(7, 7)], "x"), None);
    // Past the string's end.
    assert_eq!(apply_in_string(literal, &[edit(40, 40)], "x"), None);
}

/// The imported entries on the text's own tape are read as the items (no second list of
/// views); a tape parsed again is not theirs, so its items are collected. Both splice the
/// same edit into the same bytes.
#[test]
fn the_entries_are_the_items_only_on_their_own_tape() {
    let text = "{\"offsets\": [\n  {\"partition\": {\"p\": 0}, \"offset\": {\"o\": 7}},\n  {\"partition\": {\"p\": 1}, \"offset\": {\"o\": 8}}\n]}\n";
    let shared = std::sync::Arc::new(text.to_string());
    let listing = crate::reading::import::import_shared_unvalidated(
        std::sync::Arc::clone(&shared),
        &crate::reading::import::ImportOptions::default(),
    )
    .unwrap();
    let (own_root, own_text) = listing.entries[0].raw().tape_document().unwrap();
    assert_eq!(own_text, text);
    let parsed = json::parse_tape(text).unwrap();
    let nine = json::parse_tape("{\"partition\": {\"p\": 1}, \"offset\": {\"o\": 9}}").unwrap();
    let splice_on = |root| {
        let mut splice = Splice::new(text, root, &listing.entries, 1).unwrap();
        splice.imported(0, false, false, listing.entries[0].raw());
        splice.imported(1, true, false, Raw::from(nine.root()));
        let on_entries = matches!(splice.items, Items::Entries(_));
        (on_entries, splice.items.len(), splice.finish())
    };
    let (on_entries, len, own) = splice_on(own_root);
    assert!(on_entries);
    assert_eq!(len, 2);
    let (on_entries, len, again) = splice_on(Raw::from(parsed.root()));
    assert!(!on_entries);
    assert_eq!(len, 2);
    assert_eq!(own, again);
    let (edits, buf) = own.unwrap();
    let mut out = String::new();
    apply(text, &edits, &buf, &mut out);
    assert_eq!(out, text.replace("\"o\": 8", "\"o\": 9"));
    // An array with another number of items than entries: no splice.
    let short = json::parse_tape("{\"offsets\": [{}]}").unwrap();
    assert!(Splice::new(text, Raw::from(short.root()), &listing.entries, 0).is_none());
}
