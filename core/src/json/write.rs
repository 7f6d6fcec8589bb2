//! The writers: the Jackson `DefaultPrettyPrinter` style Strimzi writes, and compact JSON.
//! They read through the view ([`Raw`]), so a tree and a tape of the same text write the same
//! bytes; the functions take anything that is one (`&JsonValue`, a `TapeValue`, a `Raw`).

use super::{Raw, RawKind};
use std::fmt::Write as _;

/// Appends `s` as a JSON string literal, escaped the way Jackson does: `"` and `\`, and control
/// characters as `\n`, `\t`, ... or `\u00XX`. Everything else, including non-ASCII, is written as is.
pub fn write_string(out: &mut String, s: &str) {
    out.push('"');
    if !s.bytes().any(|b| b == b'"' || b == b'\\' || b < 0x20) {
        // Nothing to escape (the usual case): one copy.
        out.push_str(s);
        out.push('"');
        return;
    }
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Serialises like Jackson's `writerWithDefaultPrettyPrinter()`, which is how Strimzi writes the
/// ConfigMap value: 2-space indented objects, `" : "`, inline arrays `[ {` ... `}, {` ... `} ]`,
/// `[ ]` and `{ }` when empty, LF line ends and no trailing newline.
pub fn to_pretty<'a>(value: impl Into<Raw<'a>>) -> String {
    let mut out = String::new();
    write_pretty(&mut out, value.into(), 0);
    out
}

/// Appends `value` written as by [`to_pretty`], as if nested `level` objects deep.
pub fn write_pretty_at<'a>(out: &mut String, value: impl Into<Raw<'a>>, level: usize) {
    write_pretty(out, value.into(), level);
}

fn write_pretty(out: &mut String, value: Raw<'_>, level: usize) {
    match value.kind() {
        RawKind::Object => {
            let mut members = value.members().peekable();
            if members.peek().is_none() {
                out.push_str("{ }");
                return;
            }
            out.push('{');
            for (i, m) in members.enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push('\n');
                push_indent(out, level + 1);
                write_string(out, m.key);
                out.push_str(" : ");
                write_pretty(out, m.value, level + 1);
            }
            out.push('\n');
            push_indent(out, level);
            out.push('}');
        }
        RawKind::Array => {
            let mut items = value.items().peekable();
            if items.peek().is_none() {
                out.push_str("[ ]");
                return;
            }
            out.push_str("[ ");
            for (i, item) in items.enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_pretty(out, item, level);
            }
            out.push_str(" ]");
        }
        _ => write_scalar(out, value),
    }
}

fn push_indent(out: &mut String, level: usize) {
    for _ in 0..level {
        out.push_str("  ");
    }
}

fn write_scalar(out: &mut String, value: Raw<'_>) {
    match value.kind() {
        RawKind::Null => out.push_str("null"),
        RawKind::Bool => out.push_str(if value.as_bool() == Some(true) {
            "true"
        } else {
            "false"
        }),
        RawKind::Number => out.push_str(value.number_text().unwrap_or_default()),
        RawKind::String => write_string(out, value.as_str().unwrap_or_default()),
        RawKind::Array | RawKind::Object => {}
    }
}

/// Serialises without any whitespace (`{"offsets":[...]}`), as a REST body.
pub fn to_compact<'a>(value: impl Into<Raw<'a>>) -> String {
    let mut out = String::new();
    write_compact(&mut out, value);
    out
}

/// Appends `value` serialised as by [`to_compact`] to `out`.
pub fn write_compact<'a>(out: &mut String, value: impl Into<Raw<'a>>) {
    write_compact_raw(out, value.into());
}

fn write_compact_raw(out: &mut String, value: Raw<'_>) {
    // A container of a compact text without escapes is its own compact form: copied whole.
    if let Raw::Tape(t) = value
        && let Some(text) = t.compact_source()
    {
        out.push_str(text);
        return;
    }
    match value.kind() {
        RawKind::Object => {
            out.push('{');
            for (i, m) in value.members().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_string(out, m.key);
                out.push(':');
                write_compact_raw(out, m.value);
            }
            out.push('}');
        }
        RawKind::Array => {
            out.push('[');
            for (i, item) in value.items().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_compact_raw(out, item);
            }
            out.push(']');
        }
        _ => write_scalar(out, value),
    }
}
