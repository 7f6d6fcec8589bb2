//! The small YAML emitter of our own: every value that is not a fixed word is a double-quoted,
//! JSON-style escaped string, and a multi-line value is a literal block `|-`.

use std::fmt::Write as _;

/// True when `c` may appear as is in a YAML block scalar and is not a YAML 1.1 line break.
fn yaml_printable(c: char) -> bool {
    matches!(c, '\n' | '\u{20}'..='\u{7e}' | '\u{a0}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..)
        && !matches!(c, '\u{2028}' | '\u{2029}' | '\u{feff}')
}

/// Appends `s` as a YAML double-quoted scalar (JSON-compatible escapes).
pub fn write_yaml_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\u{85}' => out.push_str("\\N"),
            '\u{a0}' => out.push_str("\\_"),
            '\u{2028}' => out.push_str("\\L"),
            '\u{2029}' => out.push_str("\\P"),
            c if (c as u32) < 0x20 || ('\u{7f}'..='\u{9f}').contains(&c) => {
                let _ = write!(out, "\\x{:02X}", c as u32);
            }
            '\u{feff}' => out.push_str("\\uFEFF"),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Writes a multi-line value as `|-` followed by the lines indented by `indent` spaces, when
/// that reads back exactly; otherwise as a double-quoted scalar.
pub(super) fn write_block_or_quoted(out: &mut String, s: &str, indent: usize) {
    let block_ok = s.contains('\n')
        && !s.ends_with('\n')
        && !s.starts_with([' ', '\n', '\t'])
        && s.chars().all(yaml_printable)
        && !s
            .lines()
            .any(|l| l.ends_with([' ', '\t']) && l.trim().is_empty());
    if !block_ok {
        write_yaml_string(out, s);
        return;
    }
    out.push_str("|-");
    for line in s.split('\n') {
        out.push('\n');
        if !line.is_empty() {
            push_spaces(out, indent);
            out.push_str(line);
        }
    }
}

pub(super) fn push_spaces(out: &mut String, n: usize) {
    for _ in 0..n {
        out.push(' ');
    }
}

/// A mapping key: plain when it is an unambiguous identifier, double-quoted otherwise.
pub(super) fn write_key(out: &mut String, key: &str) {
    let plain = key.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '/' | '-'))
        && !is_yaml11_special(key);
    if plain {
        out.push_str(key);
    } else {
        write_yaml_string(out, key);
    }
}

/// Words a YAML 1.1 reader resolves to a boolean or null.
fn is_yaml11_special(s: &str) -> bool {
    matches!(
        s.to_ascii_lowercase().as_str(),
        "y" | "n" | "yes" | "no" | "true" | "false" | "on" | "off" | "null"
    )
}
