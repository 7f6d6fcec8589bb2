//! The raw tree through serde: a [`JsonValue`] serialises into any serde_json record that embeds
//! it (a draft's edited entries, the procedures' check file), and [`JacksonEscapes`] makes
//! serde_json escape strings exactly as [`write_string`](super::write_string) does.
//!
//! A value is streamed as it is, never through `serde_json::Value`: object members in their
//! order, duplicate keys included (a serializer writes each entry it is given), and every number
//! as its original text (an `i64` when the text is one, else the digits as a raw value).

use super::{JsonValue, Raw, RawKind};
use serde::ser::{Error as _, SerializeMap, SerializeSeq};
use serde::{Serialize, Serializer};
use serde_json::value::RawValue;
use std::io;

impl Serialize for JsonValue {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.raw().serialize(s)
    }
}

/// A tree's or a tape's value, serialised the same way.
impl Serialize for Raw<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let v = *self;
        match v.kind() {
            RawKind::Null => s.serialize_unit(),
            RawKind::Bool => s.serialize_bool(v.as_bool() == Some(true)),
            RawKind::Number => serialize_number(v.number_text().unwrap_or_default(), s),
            RawKind::String => s.serialize_str(v.as_str().unwrap_or_default()),
            RawKind::Array => {
                let mut seq = s.serialize_seq(None)?;
                for item in v.items() {
                    seq.serialize_element(&item)?;
                }
                seq.end()
            }
            RawKind::Object => {
                let mut map = s.serialize_map(None)?;
                for m in v.members() {
                    map.serialize_entry(m.key, &m.value)?;
                }
                map.end()
            }
        }
    }
}

/// The number's own text: an offset (an `i64` written canonically, the usual case) directly,
/// anything else (`1.5e3`, `-0`, digits beyond 64 bits) as a raw value, so nothing is rounded.
fn serialize_number<S: Serializer>(text: &str, s: S) -> Result<S::Ok, S::Error> {
    let integer = super::number::is_integer_text(text.as_bytes());
    match integer
        .then(|| super::number::parse_i64(text.as_bytes()))
        .flatten()
    {
        // JSON forbids leading zeros, so integer text is canonical except for `-0`.
        Some(i) if text != "-0" => s.serialize_i64(i),
        _ => RawValue::from_string(text.to_owned())
            .map_err(S::Error::custom)?
            .serialize(s),
    }
}

/// An object of one member, `{"key": value}`, whose key is only known at run time (a patch of
/// one property): `Keyed("spec", Keyed("state", "stopped"))`.
#[derive(Debug, Clone, Copy)]
pub struct Keyed<'a, T>(pub &'a str, pub T);

impl<T: Serialize> Serialize for Keyed<'_, T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(1))?;
        map.serialize_entry(self.0, &self.1)?;
        map.end()
    }
}

/// serde_json's compact layout with Jackson's escapes: a control character without a short
/// form is `\u00XX` with upper-case hex digits, as the raw level writes it (serde_json's default
/// writes lower case), so a record that embeds names keeps the bytes golden files pin.
#[derive(Debug, Clone, Copy, Default)]
pub struct JacksonEscapes;

impl serde_json::ser::Formatter for JacksonEscapes {
    fn write_char_escape<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        escape: serde_json::ser::CharEscape,
    ) -> io::Result<()> {
        write_jackson_escape(writer, escape)
    }
}

/// One escape as [`write_string`](super::write_string) writes it.
pub(crate) fn write_jackson_escape<W: ?Sized + io::Write>(
    writer: &mut W,
    escape: serde_json::ser::CharEscape,
) -> io::Result<()> {
    use serde_json::ser::CharEscape;
    let short: &[u8] = match escape {
        CharEscape::Quote => b"\\\"",
        CharEscape::ReverseSolidus => b"\\\\",
        CharEscape::Solidus => b"\\/",
        CharEscape::Backspace => b"\\b",
        CharEscape::FormFeed => b"\\f",
        CharEscape::LineFeed => b"\\n",
        CharEscape::CarriageReturn => b"\\r",
        CharEscape::Tab => b"\\t",
        CharEscape::AsciiControl(byte) => {
            const HEX: &[u8; 16] = b"0123456789ABCDEF";
            let hex = |nibble: u8| HEX.get(usize::from(nibble & 0xF)).copied().unwrap_or(b'0');
            return writer.write_all(&[b'\\', b'u', b'0', b'0', hex(byte >> 4), hex(byte)]);
        }
    };
    writer.write_all(short)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::json::{parse, to_compact};

    fn jackson(value: &impl Serialize) -> String {
        let mut out = Vec::new();
        let mut ser = serde_json::Serializer::with_formatter(&mut out, JacksonEscapes);
        value.serialize(&mut ser).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn a_raw_value_serialises_as_the_compact_writer_writes_it() {
        for text in [
            r#"{"a":1,"a":-0,"b":[1.5e3,1E400,-12345678901234567890123,null,true,false,{}],"c":"\u0001\u001f\"\\\n\t é\u2028"}"#,
            "[]",
            "9223372036854775807",
            "-9223372036854775808",
            "0.0",
        ] {
            let v = parse(text).unwrap();
            assert_eq!(jackson(&v), to_compact(&v), "{text}");
        }
    }

    #[test]
    fn default_escapes_differ_only_in_hex_case() {
        let v = parse(r#"["\u001f"]"#).unwrap();
        assert_eq!(serde_json::to_string(&v).unwrap(), r#"["\u001f"]"#);
        assert_eq!(jackson(&v), r#"["\u001F"]"#);
    }
}
