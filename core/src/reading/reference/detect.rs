//! Format detection from the first meaningful line, and the line helpers the parser shares:
//! whitespace tokens with their columns, and a line quoted for a message.

use super::ReferenceFormat;
use crate::model::names;

/// The text of a line as messages quote it (escaped, cut at 80 characters).
pub(super) fn quoted(line: &str) -> String {
    format!("'{}'", names::shown(line))
}

/// Tokens split on whitespace, each with its 1-based character column.
pub(super) fn tokens(line: &str) -> Vec<(u32, &str)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, u32)> = None;
    let mut col = 0u32;
    for (i, c) in line.char_indices() {
        col += 1;
        if c.is_whitespace() {
            if let Some((s, sc)) = start.take() {
                out.push((sc, line.get(s..i).unwrap_or("")));
            }
        } else if start.is_none() {
            start = Some((i, col));
        }
    }
    if let Some((s, sc)) = start {
        out.push((sc, line.get(s..).unwrap_or("")));
    }
    out
}

/// The format of the first meaningful line.
pub(super) fn detect(line: &str) -> Option<ReferenceFormat> {
    let t = tokens(line);
    let upper: Vec<String> = t.iter().map(|(_, s)| s.to_ascii_uppercase()).collect();
    if upper.first().map(String::as_str) == Some("GROUP") {
        return Some(ReferenceFormat::Describe);
    }
    if line.trim_start().starts_with("Consumer group ") {
        return Some(ReferenceFormat::Describe);
    }
    if line.contains(',') {
        return Some(ReferenceFormat::Csv);
    }
    if t.len() == 3 {
        return Some(ReferenceFormat::Rpk);
    }
    if line.contains(':') && t.len() == 1 {
        return Some(ReferenceFormat::GetOffsets);
    }
    None
}
