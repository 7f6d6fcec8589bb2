//! The writers: the Jackson `DefaultPrettyPrinter` style Strimzi writes, and compact JSON.

use super::{JsonKind, JsonValue};
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
pub fn to_pretty(value: &JsonValue) -> String {
    let mut out = String::new();
    write_pretty(&mut out, value, 0);
    out
}

/// Appends `value` written as by [`to_pretty`], as if nested `level` objects deep.
pub fn write_pretty_at(out: &mut String, value: &JsonValue, level: usize) {
    write_pretty(out, value, level);
}

fn write_pretty(out: &mut String, value: &JsonValue, level: usize) {
    match &value.kind {
        JsonKind::Object(members) if members.is_empty() => out.push_str("{ }"),
        JsonKind::Object(members) => {
            out.push('{');
            for (i, m) in members.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push('\n');
                push_indent(out, level + 1);
                write_string(out, &m.key);
                out.push_str(" : ");
                write_pretty(out, &m.value, level + 1);
            }
            out.push('\n');
            push_indent(out, level);
            out.push('}');
        }
        JsonKind::Array(items) if items.is_empty() => out.push_str("[ ]"),
        JsonKind::Array(items) => {
            out.push_str("[ ");
            for (i, item) in items.iter().enumerate() {
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

fn write_scalar(out: &mut String, value: &JsonValue) {
    match &value.kind {
        JsonKind::Null => out.push_str("null"),
        JsonKind::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        JsonKind::Number(n) => out.push_str(n.text()),
        JsonKind::String(s) => write_string(out, s),
        JsonKind::Array(_) | JsonKind::Object(_) => {}
    }
}

/// Serialises without any whitespace (`{"offsets":[...]}`), as a REST body.
pub fn to_compact(value: &JsonValue) -> String {
    let mut out = String::new();
    write_compact(&mut out, value);
    out
}

/// Appends `value` serialised as by [`to_compact`] to `out`.
pub fn write_compact(out: &mut String, value: &JsonValue) {
    match &value.kind {
        JsonKind::Object(members) => {
            out.push('{');
            for (i, m) in members.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_string(out, &m.key);
                out.push(':');
                write_compact(out, &m.value);
            }
            out.push('}');
        }
        JsonKind::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_compact(out, item);
            }
            out.push(']');
        }
        _ => write_scalar(out, value),
    }
}
