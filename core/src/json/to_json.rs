//! Typed records written as compact JSON: the procedures' patches and check file, the create
//! body, the page's drafts. A record says how it writes itself ([`ToJson`]); strings take
//! Jackson's escapes ([`write_string`]) and a raw-level value its own text ([`write_compact`]),
//! so a record that embeds names or entries keeps the bytes golden files pin.
//!
//! This is the writing half of what serde_json did here; the page's wasm is smaller without it
//! (ARCHITECTURE.md, "JSON: the raw level in core, serde in the CLI").

use super::{JsonValue, Raw, write_compact, write_string};
use std::borrow::Cow;
use std::collections::BTreeMap;

/// A value that writes itself as compact JSON.
pub trait ToJson {
    fn write_json(&self, out: &mut String);
}

/// `value` as compact JSON text.
pub fn to_json(value: &(impl ToJson + ?Sized)) -> String {
    let mut out = String::new();
    value.write_json(&mut out);
    out
}

/// The members of an object being written: `{`, then `"key":value` pairs separated by commas,
/// then `}` at [`Object::end`].
#[derive(Debug)]
pub struct Object<'o> {
    out: &'o mut String,
    first: bool,
}

impl<'o> Object<'o> {
    pub fn new(out: &'o mut String) -> Object<'o> {
        out.push('{');
        Object { out, first: true }
    }

    /// Writes `"key":value`.
    pub fn member(&mut self, key: &str, value: &(impl ToJson + ?Sized)) -> &mut Self {
        self.key(key);
        value.write_json(self.out);
        self
    }

    /// The separator and `"key":`.
    fn key(&mut self, key: &str) {
        if !self.first {
            self.out.push(',');
        }
        self.first = false;
        write_string(self.out, key);
        self.out.push(':');
    }

    /// Writes `"key":value` when there is a value; nothing when `None`.
    pub fn member_some<T: ToJson>(&mut self, key: &str, value: &Option<T>) -> &mut Self {
        if let Some(value) = value {
            self.member(key, value);
        }
        self
    }

    /// Writes `"key":text`, where `text` is one JSON value as written elsewhere (a config the
    /// user wrote, already parsed), embedded byte for byte.
    pub fn raw_member(&mut self, key: &str, text: &str) -> &mut Self {
        self.key(key);
        self.out.push_str(text);
        self
    }

    pub fn end(&mut self) {
        self.out.push('}');
    }
}

/// The items of an array being written: `[`, then the values separated by commas, then `]` at
/// [`Array::end`].
#[derive(Debug)]
pub struct Array<'o> {
    out: &'o mut String,
    first: bool,
    lines: bool,
}

impl<'o> Array<'o> {
    pub fn new(out: &'o mut String) -> Array<'o> {
        out.push('[');
        Array {
            out,
            first: true,
            lines: false,
        }
    }

    /// An array with each item on a line of its own and the closing bracket on the next:
    /// `[` LF `1,` LF `2` LF `]` (the check file's partitions, one a line for a reader).
    pub fn lines(out: &'o mut String) -> Array<'o> {
        Array {
            lines: true,
            ..Array::new(out)
        }
    }

    pub fn item(&mut self, value: &(impl ToJson + ?Sized)) -> &mut Self {
        if !self.first {
            self.out.push(',');
        }
        self.first = false;
        if self.lines {
            self.out.push('\n');
        }
        value.write_json(self.out);
        self
    }

    pub fn end(&mut self) {
        if self.lines {
            self.out.push('\n');
        }
        self.out.push(']');
    }
}

/// An object of one member, `{"key": value}`, whose key is only known at run time (a patch of
/// one property): `Keyed("spec", Keyed("state", "stopped"))`.
#[derive(Debug, Clone, Copy)]
pub struct Keyed<'a, T>(pub &'a str, pub T);

impl<T: ToJson> ToJson for Keyed<'_, T> {
    fn write_json(&self, out: &mut String) {
        Object::new(out).member(self.0, &self.1).end();
    }
}

/// One operation of a JSON patch (RFC 6902): `{"op":...,"path":...,"value":...}`, the value
/// left out when there is none (`remove`).
#[derive(Debug, Clone)]
pub struct PatchOp<'a, V> {
    pub op: &'a str,
    pub path: String,
    pub value: Option<V>,
}

impl<V: ToJson> ToJson for PatchOp<'_, V> {
    fn write_json(&self, out: &mut String) {
        Object::new(out)
            .member("op", self.op)
            .member("path", &self.path)
            .member_some("value", &self.value)
            .end();
    }
}

impl ToJson for str {
    fn write_json(&self, out: &mut String) {
        write_string(out, self);
    }
}

impl ToJson for String {
    fn write_json(&self, out: &mut String) {
        write_string(out, self);
    }
}

impl ToJson for Cow<'_, str> {
    fn write_json(&self, out: &mut String) {
        write_string(out, self);
    }
}

impl ToJson for bool {
    fn write_json(&self, out: &mut String) {
        out.push_str(if *self { "true" } else { "false" });
    }
}

impl ToJson for i64 {
    fn write_json(&self, out: &mut String) {
        out.push_str(itoa::Buffer::new().format(*self));
    }
}

impl ToJson for usize {
    fn write_json(&self, out: &mut String) {
        out.push_str(itoa::Buffer::new().format(*self));
    }
}

/// `null`.
impl ToJson for () {
    fn write_json(&self, out: &mut String) {
        out.push_str("null");
    }
}

/// The value, or `null`.
impl<T: ToJson> ToJson for Option<T> {
    fn write_json(&self, out: &mut String) {
        match self {
            Some(value) => value.write_json(out),
            None => out.push_str("null"),
        }
    }
}

impl<T: ToJson + ?Sized> ToJson for &T {
    fn write_json(&self, out: &mut String) {
        (**self).write_json(out);
    }
}

/// An array of the items.
impl<T: ToJson> ToJson for [T] {
    fn write_json(&self, out: &mut String) {
        let mut a = Array::new(out);
        for item in self {
            a.item(item);
        }
        a.end();
    }
}

impl<T: ToJson> ToJson for Vec<T> {
    fn write_json(&self, out: &mut String) {
        self.as_slice().write_json(out);
    }
}

/// A pair as an array of two: `[a,b]`.
impl<A: ToJson, B: ToJson> ToJson for (A, B) {
    fn write_json(&self, out: &mut String) {
        Array::new(out).item(&self.0).item(&self.1).end();
    }
}

/// An object of the map's members, in key order.
impl<K: AsRef<str>, V: ToJson> ToJson for BTreeMap<K, V> {
    fn write_json(&self, out: &mut String) {
        let mut o = Object::new(out);
        for (key, value) in self {
            o.member(key.as_ref(), value);
        }
        o.end();
    }
}

/// A raw-level value as the compact writer writes it: members in their order, duplicates
/// included, every number as its original text.
impl ToJson for Raw<'_> {
    fn write_json(&self, out: &mut String) {
        write_compact(out, *self);
    }
}

impl ToJson for JsonValue {
    fn write_json(&self, out: &mut String) {
        write_compact(out, self);
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::json::{parse, to_compact};

    #[test]
    fn a_raw_value_writes_as_the_compact_writer_writes_it() {
        for text in [
            r#"{"a":1,"a":-0,"b":[1.5e3,1E400,-12345678901234567890123,null,true,false,{}],"c":"\u0001\u001f\"\\\n\t é\u2028"}"#,
            "[]",
            "9223372036854775807",
            "-9223372036854775808",
            "0.0",
        ] {
            let v = parse(text).unwrap();
            assert_eq!(to_json(&v), to_compact(&v), "{text}");
            assert_eq!(to_json(&v.raw()), to_compact(&v), "{text}");
        }
    }

    #[test]
    fn records_write_compact_with_jacksons_escapes() {
        let mut out = String::new();
        let mut o = Object::new(&mut out);
        o.member("s", "a\"b\\c\u{1f}/é")
            .member("n", &-5i64)
            .member("u", &7usize)
            .member("t", &true)
            .member("f", &false)
            .member("null", &())
            .member("none", &None::<i64>)
            .member_some("skipped", &None::<i64>)
            .member_some("kept", &Some("x"))
            .member("pairs", &vec![(1usize, Some(2i64)), (3, None)])
            .member("empty", &Vec::<i64>::new())
            .member("keyed", &Keyed("spec", Keyed("state", "stopped")));
        o.end();
        assert_eq!(
            out,
            r#"{"s":"a\"b\\c\u001F/é","n":-5,"u":7,"t":true,"f":false,"null":null,"none":null,"kept":"x","pairs":[[1,2],[3,null]],"empty":[],"keyed":{"spec":{"state":"stopped"}}}"#
        );
        let mut empty = String::new();
        Object::new(&mut empty).end();
        assert_eq!(empty, "{}");
        let mut lines = String::new();
        Array::lines(&mut lines).item(&1i64).item("two").end();
        assert_eq!(lines, "[\n1,\n\"two\"\n]");
        let mut none = String::new();
        Array::lines(&mut none).end();
        assert_eq!(none, "[\n]");
    }
}
