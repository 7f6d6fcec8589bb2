//! The raw, lossless JSON level: a small parser that keeps every node's position, object members
//! in order (duplicates included) and the original text of every number, plus the writers
//! (Jackson `DefaultPrettyPrinter` style as Strimzi writes it, and compact).
//!
//! Numbers are never converted to `f64`: [`Number`] holds the digits exactly as written, and
//! [`Number::as_i64`] reads them as a signed 64-bit integer when they are one. The parser is
//! iterative (an explicit stack), so hostile nesting ends in an error at [`MAX_DEPTH`] instead
//! of overflowing the call stack.
//!
//! This file holds the tree ([`JsonValue`]); `parse` holds the parser, `build` what it sends to a
//! builder and the tree's builder, `line_index` the tape's line and column, `number` the numbers, `raw` the
//! view both read through ([`Raw`]), `source_map` the position mapping, `tape` the flat level (one arena of nodes over the input), `shared` a value of a tape its owner shares, `write` the writers and `to_json` typed records
//! written with them.

use crate::diag::Position;

mod build;
pub mod java;
mod line_index;
mod number;
mod parse;
mod raw;
mod shared;
mod source_map;
mod strings;
mod tape;
mod to_json;
mod write;

pub use line_index::position_of;
pub use number::{Number, is_json_number};
pub use parse::{JsonError, MAX_DEPTH, parse, parse_mapped};
pub use raw::{Raw, RawItems, RawKind, RawMember, RawMembers};
pub use shared::SharedValue;
pub use source_map::SourceMap;
pub(crate) use strings::surrogate_pair;
pub use tape::{
    CopySpare, Items, MAX_NODES, Members, NodeKind, Tape, TapeMember, TapeValue, parse_tape,
    parse_tape_mapped, parse_tape_owned, parse_tape_shared,
};
pub use to_json::{Array, Keyed, Object, PatchOp, ToJson, to_json};
pub use write::{to_compact, to_pretty, write_compact, write_pretty_at, write_string};

/// A JSON value with the position (1-based line and column in the ORIGINAL input, after any
/// mapping through a YAML block scalar or a quoted string) of its first character.
#[derive(Debug, Clone)]
pub struct JsonValue {
    pub kind: JsonKind,
    pub pos: Position,
    /// Byte offset of the first character in the text this value was parsed from.
    pub start: usize,
}

/// The shape of a [`JsonValue`].
#[derive(Debug, Clone)]
pub enum JsonKind {
    Null,
    Bool(bool),
    Number(Number),
    String(String),
    Array(Vec<JsonValue>),
    /// Members in input order; duplicate keys are kept (Jackson would keep the last).
    Object(Vec<Member>),
}

/// One `"key": value` pair of an object.
#[derive(Debug, Clone)]
pub struct Member {
    pub key: String,
    pub key_pos: Position,
    pub value: JsonValue,
}

impl JsonValue {
    /// A value with no position (built by code, not parsed).
    pub fn new(kind: JsonKind) -> JsonValue {
        JsonValue {
            kind,
            pos: Position::NONE,
            start: 0,
        }
    }

    pub fn null() -> JsonValue {
        JsonValue::new(JsonKind::Null)
    }

    pub fn string(s: impl Into<String>) -> JsonValue {
        JsonValue::new(JsonKind::String(s.into()))
    }

    pub fn int(v: i64) -> JsonValue {
        JsonValue::new(JsonKind::Number(Number::from_i64(v)))
    }

    /// An object from `(key, value)` pairs, in order.
    pub fn object(members: impl IntoIterator<Item = (String, JsonValue)>) -> JsonValue {
        JsonValue::new(JsonKind::Object(
            members
                .into_iter()
                .map(|(key, value)| Member {
                    key,
                    key_pos: Position::NONE,
                    value,
                })
                .collect(),
        ))
    }

    pub fn array(items: Vec<JsonValue>) -> JsonValue {
        JsonValue::new(JsonKind::Array(items))
    }

    pub fn as_str(&self) -> Option<&str> {
        match &self.kind {
            JsonKind::String(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_number(&self) -> Option<&Number> {
        match &self.kind {
            JsonKind::Number(n) => Some(n),
            _ => None,
        }
    }

    pub fn as_members(&self) -> Option<&[Member]> {
        match &self.kind {
            JsonKind::Object(m) => Some(m),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&[JsonValue]> {
        match &self.kind {
            JsonKind::Array(a) => Some(a),
            _ => None,
        }
    }

    pub fn is_null(&self) -> bool {
        matches!(self.kind, JsonKind::Null)
    }

    /// True for strings, numbers, booleans and null (what Connect accepts inside offset maps).
    pub fn is_primitive(&self) -> bool {
        !matches!(self.kind, JsonKind::Array(_) | JsonKind::Object(_))
    }

    /// The LAST member named `key` (Jackson's rule for duplicate keys).
    #[inline]
    pub fn get(&self, key: &str) -> Option<&JsonValue> {
        self.as_members()?
            .iter()
            .rev()
            .find(|m| m.key == key)
            .map(|m| &m.value)
    }

    /// The LAST member named `key`, with its key position.
    pub fn member(&self, key: &str) -> Option<&Member> {
        self.as_members()?.iter().rev().find(|m| m.key == key)
    }

    /// A short name of the value's type for messages ("a string", "an object", ...).
    pub fn type_name(&self) -> &'static str {
        match self.kind {
            JsonKind::Null => "null",
            JsonKind::Bool(_) => "a boolean",
            JsonKind::Number(_) => "a number",
            JsonKind::String(_) => "a string",
            JsonKind::Array(_) => "an array",
            JsonKind::Object(_) => "an object",
        }
    }

    /// Structural equality that ignores positions (numbers compare by their text).
    pub fn same_as(&self, other: &JsonValue) -> bool {
        match (&self.kind, &other.kind) {
            (JsonKind::Null, JsonKind::Null) => true,
            (JsonKind::Bool(a), JsonKind::Bool(b)) => a == b,
            (JsonKind::Number(a), JsonKind::Number(b)) => a == b,
            (JsonKind::String(a), JsonKind::String(b)) => a == b,
            (JsonKind::Array(a), JsonKind::Array(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.same_as(y))
            }
            (JsonKind::Object(a), JsonKind::Object(b)) => {
                a.len() == b.len()
                    && a.iter()
                        .zip(b)
                        .all(|(x, y)| x.key == y.key && x.value.same_as(&y.value))
            }
            _ => false,
        }
    }
}

impl JsonValue {
    /// [`JsonValue::same_as`] that also compares every position and byte offset: what the
    /// tape's read-back must equal (its tests, JSONTestSuite and the fuzz target check it).
    pub fn same_at_same_places(&self, other: &JsonValue) -> bool {
        self.pos == other.pos
            && self.start == other.start
            && match (&self.kind, &other.kind) {
                (JsonKind::Array(a), JsonKind::Array(b)) => {
                    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.same_at_same_places(y))
                }
                (JsonKind::Object(a), JsonKind::Object(b)) => {
                    a.len() == b.len()
                        && a.iter().zip(b).all(|(x, y)| {
                            x.key == y.key
                                && x.key_pos == y.key_pos
                                && x.value.same_at_same_places(&y.value)
                        })
                }
                _ => self.same_as(other),
            }
    }
}

/// Equality ignores positions (of the key too).
impl PartialEq for Member {
    fn eq(&self, other: &Member) -> bool {
        self.key == other.key && self.value.same_as(&other.value)
    }
}

/// Equality ignores positions: two values are equal when they would serialise identically.
impl PartialEq for JsonValue {
    fn eq(&self, other: &JsonValue) -> bool {
        self.same_as(other)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::panic)]
    use super::number::parse_i64;
    use super::*;

    fn err(text: &str) -> String {
        let e = parse(text).unwrap_err();
        format!("{}: {}", e.pos, e.message)
    }

    #[test]
    fn keeps_number_text_and_duplicates() {
        let v = parse(r#"{"a": 9223372036854775807, "a": 1.0, "b": -0, "c": 1e3}"#).unwrap();
        let m = v.as_members().unwrap();
        assert_eq!(m.len(), 4);
        assert_eq!(m[0].value.as_number().unwrap().as_i64(), Some(i64::MAX));
        assert_eq!(m[1].value.as_number().unwrap().text(), "1.0");
        assert_eq!(m[1].value.as_number().unwrap().as_i64(), None);
        assert_eq!(v.get("a").unwrap().as_number().unwrap().text(), "1.0");
        assert_eq!(m[3].value.as_number().unwrap().as_i64(), None);
        assert_eq!(
            parse("9223372036854775808")
                .unwrap()
                .as_number()
                .unwrap()
                .as_i64(),
            None
        );
    }

    #[test]
    fn numbers_from_i64_match_to_string() {
        let mut values = vec![
            0,
            1,
            -1,
            9,
            10,
            -10,
            99,
            100,
            i64::MAX,
            i64::MIN,
            i64::MIN + 1,
        ];
        let mut p = 1i64;
        while let Some(next) = p.checked_mul(10) {
            values.extend([p - 1, p, p + 1, -p, -(p - 1), next - 1]);
            p = next;
        }
        for v in values {
            assert_eq!(Number::from_i64(v).text(), v.to_string());
            assert_eq!(Number::from_i64(v).as_i64(), Some(v));
        }
    }

    #[test]
    fn integer_reading_matches_str_parse() {
        let mut texts: Vec<String> = [
            "0",
            "-0",
            "+0",
            "+5",
            "-",
            "+",
            "",
            "1.0",
            "1e3",
            "12a",
            "a12",
            "--1",
            "-+1",
            "007",
            "9223372036854775807",
            "9223372036854775808",
            "-9223372036854775808",
            "-9223372036854775809",
            "99999999999999999999",
            "170141183460469231731687303715884105727",
            "170141183460469231731687303715884105728",
            "-170141183460469231731687303715884105728",
            "999999999999999999",
            "1000000000000000000",
            "-999999999999999999",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        for n in 1..=40 {
            texts.push("9".repeat(n));
            texts.push(format!("-{}", "9".repeat(n)));
            texts.push(format!("1{}", "0".repeat(n)));
        }
        for t in &texts {
            assert_eq!(parse_i64(t.as_bytes()), t.parse::<i64>().ok(), "{t}");
            if let Some(n) = Number::parse(t) {
                assert_eq!(n.as_i64(), t.parse::<i64>().ok(), "{t}");
                assert_eq!(n.as_i128(), t.parse::<i128>().ok(), "{t}");
                assert_eq!(n.is_integer_text(), !t.contains(['.', 'e', 'E']), "{t}");
            }
        }
    }

    #[test]
    fn numbers_keep_their_text_inline_or_not() {
        let long = format!("-{}.5e+{}", "9".repeat(40), "1".repeat(5));
        for text in [
            "0",
            "-0",
            "1.0",
            "1e3",
            "9223372036854775807",
            "-9223372036854775808",
            "1234567890123456789012",
            "12345678901234567890123",
            &long,
        ] {
            let n = Number::parse(text).unwrap();
            assert_eq!(n.text(), text);
            assert_eq!(format!("{n:?}"), format!("Number({text:?})"));
            assert_eq!(n, n.clone());
            let hash = |v: &dyn Fn(&mut std::hash::DefaultHasher)| {
                let mut h = std::hash::DefaultHasher::new();
                v(&mut h);
                std::hash::Hasher::finish(&h)
            };
            use std::hash::Hash;
            assert_eq!(hash(&|h| n.hash(h)), hash(&|h| text.to_string().hash(h)));
            let v = parse(&format!("[{text}]")).unwrap();
            assert_eq!(to_compact(&v), format!("[{text}]"));
        }
        assert_ne!(Number::parse("1").unwrap(), Number::parse("1.0").unwrap());
        assert_eq!(Number::parse("-12").unwrap(), Number::from_i64(-12));
        assert_eq!(size_of::<Number>(), size_of::<String>());
    }

    #[test]
    fn positions_are_one_based_and_count_characters() {
        let v = parse("{\n  \"é\" : [ 1,\n    \"x\" ] }").unwrap();
        let m = &v.as_members().unwrap()[0];
        assert_eq!(m.key_pos, Position::new(2, 3));
        assert_eq!(m.value.pos, Position::new(2, 9));
        assert_eq!(m.value.as_array().unwrap()[1].pos, Position::new(3, 5));
    }

    #[test]
    fn error_table() {
        let table = [
            (
                "",
                "1:1: expected a JSON value (object, array, string, number, true, false or null) but found the end of the input",
            ),
            (
                "{\"a\" 1}",
                "1:6: expected ':' after the key \"a\" but found '1'",
            ),
            (
                "[1,]",
                "1:4: expected a value after ',' but found ']'; remove the trailing comma",
            ),
            (
                "{\"a\":1,}",
                "1:8: expected a key after ',' but found '}'; remove the trailing comma",
            ),
            (
                "{\"a\":1 \"b\":2}",
                "1:8: expected ',' or '}' after an object member but found '\"'; is a comma missing?",
            ),
            (
                "[1 2]",
                "1:4: expected ',' or ']' after an array element but found '2'",
            ),
            (
                "{\n \"a\": 01}",
                "2:7: '01' is not a valid JSON number (no leading zeros, '+' signs or trailing '.'; write whole numbers like 42)",
            ),
            (
                "{\"a\": 'x'}",
                "1:7: expected a value but found \"'\"; JSON strings use double quotes (\"...\")",
            ),
            (
                "{\"a\": tru}",
                "1:7: expected a JSON value but found 't'; strings must be in double quotes",
            ),
            (
                "{} x",
                "1:4: unexpected 'x' after the end of the JSON document; remove it",
            ),
            (
                "[",
                "1:2: expected a JSON value (object, array, string, number, true, false or null) but found the end of the input",
            ),
            (
                "[1",
                "1:3: unexpected end of input inside an array; a ']' is missing",
            ),
            (
                "{\"a\":1",
                "1:7: unexpected end of input inside an object; a '}' is missing",
            ),
            (
                "\"ab",
                "1:4: unterminated string (it starts at 1:1); close it with '\"' on the same line",
            ),
            (
                "\"a\\qb\"",
                "1:4: invalid escape '\\q' in a string; valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX",
            ),
            (
                "\"\\ud800\"",
                "1:8: a \\u high surrogate must be followed by a \\u low surrogate",
            ),
            (
                "\"a\tb\"",
                "1:3: the control character U+0009 must be escaped inside a string (for example \\n or \\u0009)",
            ),
            (
                "{1:2}",
                "1:2: expected an object key in double quotes but found '1'",
            ),
        ];
        for (input, expected) in table {
            assert_eq!(err(input), expected, "input {input:?}");
        }
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let text = "[".repeat(100_000);
        let e = parse(&text).unwrap_err();
        assert!(e.message.contains("nesting is deeper than 128"));
        assert!(parse(&format!("{}{}", "[".repeat(128), "]".repeat(128))).is_ok());
    }

    #[test]
    fn pretty_printer_matches_jackson() {
        let v = parse(r#"{"offsets":[{"partition":{"cluster":"east","partition":0},"offset":{"offset":41}},{"partition":{},"offset":null}],"e":[],"a":[1,"x"]}"#).unwrap();
        let expected = "{\n  \"offsets\" : [ {\n    \"partition\" : {\n      \"cluster\" : \"east\",\n      \"partition\" : 0\n    },\n    \"offset\" : {\n      \"offset\" : 41\n    }\n  }, {\n    \"partition\" : { },\n    \"offset\" : null\n  } ],\n  \"e\" : [ ],\n  \"a\" : [ 1, \"x\" ]\n}";
        assert_eq!(to_pretty(&v), expected);
        assert_eq!(parse(expected).unwrap(), v);
        assert_eq!(
            to_compact(&v),
            r#"{"offsets":[{"partition":{"cluster":"east","partition":0},"offset":{"offset":41}},{"partition":{},"offset":null}],"e":[],"a":[1,"x"]}"#
        );
    }

    #[test]
    fn strings_escape_round_trip() {
        let v = parse(r#""a\"b\\c\/d\n\u0001\u00e9\ud83d\ude00""#).unwrap();
        assert_eq!(v.as_str().unwrap(), "a\"b\\c/d\n\u{1}é😀");
        let mut out = String::new();
        write_string(&mut out, v.as_str().unwrap());
        assert_eq!(out, r#""a\"b\\c/d\n\u0001é😀""#);
    }

    #[test]
    fn checkpoint_positions_match_the_map_while_parsing_forward() {
        fn line_col(text: &str, at: usize) -> (u32, u32) {
            let before = &text[..at];
            let line = before.matches('\n').count() as u32 + 1;
            let start = before.rfind('\n').map_or(0, |i| i + 1);
            (line, before[start..].chars().count() as u32 + 1)
        }
        fn walk(v: &JsonValue, f: &mut dyn FnMut(&JsonValue)) {
            f(v);
            match &v.kind {
                JsonKind::Array(items) => items.iter().for_each(|i| walk(i, f)),
                JsonKind::Object(members) => members.iter().for_each(|m| walk(&m.value, f)),
                _ => {}
            }
        }
        let text =
            "{\"a\":[1, \"é\\\"x\", {\"b\" : null}],\n \"c\": true,\n\"d\":[[],{}], \"e\": -0.5e3}";
        for step in [1usize, 2, 3, 7, 50] {
            let points: Vec<(usize, u32, Position)> = (0..text.len())
                .step_by(step)
                .enumerate()
                .map(|(k, at)| (at, (at % 5) as u32 + 1, Position::new(k as u32 + 3, 10)))
                .collect();
            let map = SourceMap::Checkpoints(points);
            let v = parse_mapped(text, &map).unwrap();
            walk(&v, &mut |node| {
                let (line, col) = line_col(text, node.start);
                assert_eq!(node.pos, map.map(node.start, line, col), "step {step}");
            });
            for bad in ["{\"a\":[1,\n 2 x]}", "[\"a\\q\"]", "{\"k\"\n:\n}"] {
                let e = parse_mapped(bad, &map).unwrap_err();
                let (line, col) = line_col(bad, e.offset);
                assert_eq!(e.pos, map.map(e.offset, line, col), "{bad} step {step}");
            }
        }
    }

    #[test]
    fn source_maps() {
        let block = SourceMap::Block {
            first_line: 4,
            indent: 4,
        };
        let v = parse_mapped("{\n  \"a\" : 1\n}", &block).unwrap();
        assert_eq!(v.pos, Position::new(4, 5));
        assert_eq!(v.as_members().unwrap()[0].value.pos, Position::new(5, 13));
    }
}
