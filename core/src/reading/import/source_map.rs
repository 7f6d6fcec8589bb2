//! The [`SourceMap`] of an offsets value inside a ConfigMap: positions through a YAML `|-` block,
//! a JSON string (`-o json`) or a YAML double-quoted string, escapes included.

use crate::diag::Position;
use crate::json::{JsonValue, SourceMap};
use crate::model::InputForm;
use crate::reading::yaml::{Style, YamlDoc};

/// Where the wrapper document came from, to map positions inside the offsets value.
pub(super) enum Outer<'a> {
    Json(&'a str),
    Yaml(&'a str, &'a YamlDoc),
}

impl Outer<'_> {
    pub(super) fn form(&self) -> InputForm {
        match self {
            Outer::Json(_) => InputForm::ConfigMapJson,
            Outer::Yaml(..) => InputForm::ConfigMapYaml,
        }
    }
}

/// How to map positions inside the data value `node` back to the original file.
pub(super) fn source_map(outer: &Outer<'_>, node: &JsonValue) -> SourceMap {
    let fixed = SourceMap::Fixed(node.pos);
    let Some(value) = node.as_str() else {
        return fixed;
    };
    match outer {
        Outer::Json(text) => json_string_map(text, node.start, node.pos, value).unwrap_or(fixed),
        Outer::Yaml(text, doc) => match doc.style_at(node.start) {
            Some(Style::Literal) => {
                // saphyr's span starts at the first content character; the content's own
                // indentation is the column before it.
                if value.starts_with(|c: char| !c.is_whitespace()) {
                    SourceMap::Block {
                        first_line: node.pos.line,
                        indent: node.pos.column - 1,
                    }
                } else {
                    fixed
                }
            }
            Some(Style::DoubleQuoted) => {
                yaml_double_quoted_map(text, node.start, node.pos, value).unwrap_or(fixed)
            }
            _ => fixed,
        },
    }
}

/// Records checkpoints while re-reading a quoted scalar, and checks the re-read value against
/// what the parser produced (a mismatch means we would map wrongly: fall back to `Fixed`).
struct Checkpointer {
    points: Vec<(usize, u32, Position)>,
    cooked: String,
    inner_col: u32,
    line: u32,
    col: u32,
    need: bool,
}

impl Checkpointer {
    fn new(open: Position) -> Checkpointer {
        Checkpointer {
            points: Vec::new(),
            cooked: String::new(),
            inner_col: 1,
            line: open.line,
            col: open.column + 1,
            need: true,
        }
    }

    /// Emits `c` produced by raw text at the current outer position; `exact` says a checkpoint
    /// must be recorded (escapes and folds), otherwise one is recorded only after such.
    fn emit(&mut self, c: char, checkpoint: bool) {
        if checkpoint || self.need {
            self.checkpoint();
            self.need = checkpoint;
        }
        self.cooked.push(c);
        if c == '\n' {
            self.inner_col = 1;
            self.need = true;
        } else {
            self.inner_col += 1;
        }
    }

    /// [`Checkpointer::emit`]`(c, false)` and one column for every character of `run`, which
    /// holds no line break, as the raw text's next characters.
    fn emit_run(&mut self, run: &str) {
        if self.need {
            self.checkpoint();
            self.need = false;
        }
        self.cooked.push_str(run);
        let n = run.chars().count() as u32;
        self.inner_col += n;
        self.col += n;
    }

    /// Records that the cooked text from here on starts at the current raw position.
    fn checkpoint(&mut self) {
        self.points.push((
            self.cooked.len(),
            self.inner_col,
            Position::new(self.line, self.col),
        ));
    }

    fn finish(self, expected: &str) -> Option<SourceMap> {
        (self.cooked == expected).then_some(SourceMap::Checkpoints(self.points))
    }
}

fn hex_char(raw: &str, len: usize) -> Option<char> {
    let digits = raw.get(..len)?;
    char::from_u32(u32::from_str_radix(digits, 16).ok()?)
}

/// Checkpoints for a JSON string literal starting at byte `start` (its opening quote).
fn json_string_map(text: &str, start: usize, open: Position, expected: &str) -> Option<SourceMap> {
    let mut cp = Checkpointer::new(open);
    let raw = text.get(start + 1..)?;
    let bytes = raw.as_bytes();
    let mut i = 0;
    loop {
        match bytes.get(i)? {
            b'"' => return cp.finish(expected),
            b'\\' => {
                let e = raw.get(i + 1..)?.chars().next()?;
                let (ch, extra) = if e == 'u' {
                    unicode_escape(raw, i)?
                } else {
                    (escaped(e), 0)
                };
                cp.emit(ch, true);
                // The escape's characters after `e` are ASCII hex digits and `\u`.
                i += 1 + e.len_utf8() + extra;
                cp.col += 2 + extra as u32;
            }
            b'\n' => {
                cp.emit('\n', false);
                cp.col += 1;
                i += 1;
            }
            _ => {
                // A run of plain characters maps 1:1: one checkpoint at most, one copy.
                let len = bytes
                    .get(i..)?
                    .iter()
                    .position(|&b| matches!(b, b'"' | b'\\' | b'\n'))
                    .unwrap_or(bytes.len() - i);
                cp.emit_run(raw.get(i..i + len)?);
                i += len;
            }
        }
    }
}

/// Checkpoints for a YAML double-quoted scalar starting at byte `start`: YAML escapes, escaped
/// line breaks (`\` at the end of a line) and line folding are followed, line by line.
fn yaml_double_quoted_map(
    text: &str,
    start: usize,
    open: Position,
    expected: &str,
) -> Option<SourceMap> {
    let mut cp = Checkpointer::new(open);
    let raw = text.get(start + 1..)?;
    let chars: Vec<char> = raw
        .chars()
        .take(expected.chars().count().saturating_mul(12) + 64)
        .collect();
    let mut i = 0;
    // Whitespace seen but not yet emitted: dropped if a line break follows.
    let mut pending: Vec<(char, u32)> = Vec::new();
    while let Some(&c) = chars.get(i) {
        match c {
            '"' => {
                flush_pending(&mut cp, &mut pending);
                return cp.finish(expected);
            }
            ' ' | '\t' => {
                pending.push((c, cp.col));
                i += 1;
                cp.col += 1;
            }
            '\n' | '\r' => {
                pending.clear();
                fold_line_break(&mut cp, &chars, &mut i);
            }
            '\\' => {
                flush_pending(&mut cp, &mut pending);
                let e = *chars.get(i + 1)?;
                if e == '\n' || e == '\r' {
                    i += 1;
                    let empty = skip_break(&mut cp, &chars, &mut i);
                    for _ in 0..empty {
                        cp.emit('\n', true);
                    }
                    cp.need = true;
                    continue;
                }
                let (ch, len) = yaml_escape(&chars, i, e)?;
                cp.emit(ch, true);
                i += len;
                cp.col += len as u32;
            }
            c => {
                flush_pending(&mut cp, &mut pending);
                cp.emit(c, false);
                i += 1;
                cp.col += 1;
            }
        }
    }
    None
}

/// Emits the whitespace held back, each at the column it was seen at.
fn flush_pending(cp: &mut Checkpointer, pending: &mut Vec<(char, u32)>) {
    for (c, col) in pending.drain(..) {
        let saved = cp.col;
        cp.col = col;
        cp.emit(c, true);
        cp.col = saved;
    }
}

/// Skips a line break at `i` of `chars` and the indentation and empty lines after it; returns
/// the number of empty lines skipped.
fn skip_break(cp: &mut Checkpointer, chars: &[char], i: &mut usize) -> u32 {
    let mut empty = 0;
    loop {
        if chars.get(*i) == Some(&'\r') {
            *i += 1;
        }
        if chars.get(*i) == Some(&'\n') {
            *i += 1;
        }
        cp.line += 1;
        cp.col = 1;
        while matches!(chars.get(*i), Some(' ' | '\t')) {
            *i += 1;
            cp.col += 1;
        }
        if matches!(chars.get(*i), Some('\n' | '\r')) {
            empty += 1;
        } else {
            return empty;
        }
    }
}

/// A line break inside the scalar, folded: one space, or a line feed for each empty line, emitted
/// where the break is; then reading goes on after the next line's indentation.
fn fold_line_break(cp: &mut Checkpointer, chars: &[char], i: &mut usize) {
    let (line, col) = (cp.line, cp.col);
    let empty = skip_break(cp, chars, i);
    let (l2, c2) = (cp.line, cp.col);
    cp.line = line;
    cp.col = col;
    if empty == 0 {
        cp.emit(' ', true);
    } else {
        for _ in 0..empty {
            cp.emit('\n', true);
        }
    }
    cp.line = l2;
    cp.col = c2;
    cp.need = true;
}

/// The character a YAML escape `\e` at `i` of `chars` (the backslash) stands for, and how many
/// characters the escape takes; `None` for a `\x`, `\u` or `\U` without its hex digits.
fn yaml_escape(chars: &[char], i: usize, e: char) -> Option<(char, usize)> {
    let hex = |n: usize| -> Option<char> {
        let s: String = chars.get(i + 2..i + 2 + n)?.iter().collect();
        hex_char(&s, n)
    };
    Some(match e {
        '0' => ('\0', 2),
        'a' => ('\u{7}', 2),
        'b' => ('\u{8}', 2),
        't' | '\t' => ('\t', 2),
        'n' => ('\n', 2),
        'v' => ('\u{b}', 2),
        'f' => ('\u{c}', 2),
        'r' => ('\r', 2),
        'e' => ('\u{1b}', 2),
        'N' => ('\u{85}', 2),
        '_' => ('\u{a0}', 2),
        'L' => ('\u{2028}', 2),
        'P' => ('\u{2029}', 2),
        'x' => (hex(2)?, 4),
        'u' => (hex(4)?, 6),
        'U' => (hex(8)?, 10),
        other => (other, 2),
    })
}

/// The character a one-letter JSON escape `\e` stands for (`\u` is read by [`unicode_escape`]);
/// any other letter stands for itself (`\"`, `\\`, `\/`).
fn escaped(e: char) -> char {
    match e {
        'n' => '\n',
        't' => '\t',
        'r' => '\r',
        'b' => '\u{8}',
        'f' => '\u{c}',
        other => other,
    }
}

/// The character a `\uXXXX` escape at byte `i` of `raw` (the backslash) names, with a second
/// `\uXXXX` for a surrogate pair, and how many bytes after the `u` it takes (4 or 10).
fn unicode_escape(raw: &str, i: usize) -> Option<(char, usize)> {
    let hi = u32::from_str_radix(raw.get(i + 2..i + 6)?, 16).ok()?;
    if (0xD800..0xDC00).contains(&hi) {
        let lo = u32::from_str_radix(raw.get(i + 8..i + 12)?, 16).ok()?;
        Some((char::from_u32(crate::json::surrogate_pair(hi, lo)?)?, 10))
    } else {
        Some((char::from_u32(hi)?, 4))
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::super::position_of;
    use super::*;
    use crate::{json, reading::yaml};

    /// The character-by-character mapping `json_string_map` replaced (runs are now copied whole).
    fn reference_json_string_map(
        text: &str,
        start: usize,
        open: Position,
        expected: &str,
    ) -> Option<SourceMap> {
        let mut cp = Checkpointer::new(open);
        let raw = text.get(start + 1..)?;
        let mut it = raw.char_indices();
        while let Some((i, c)) = it.next() {
            match c {
                '"' => return cp.finish(expected),
                '\\' => {
                    let (_, e) = it.next()?;
                    let (ch, extra) = if e == 'u' {
                        unicode_escape(raw, i)?
                    } else {
                        (escaped(e), 0)
                    };
                    cp.emit(ch, true);
                    for _ in 0..extra {
                        it.next();
                    }
                    cp.col += 2 + extra as u32;
                }
                c => {
                    cp.emit(c, false);
                    cp.col += 1;
                }
            }
        }
        None
    }

    #[test]
    fn json_string_runs_map_as_character_by_character() {
        for value in [
            "",
            "plain",
            "{\n  \"a\" : 1,\n  \"b\" : [ \"x\\\\y\" ]\n}",
            "é😀\u{1}\t\r/\u{8}\u{c}\"",
            "line\nline\n\nend\n",
            "\u{10FFFF}\u{e000}ab",
        ] {
            for escape_slash in [false, true] {
                let mut literal = String::new();
                json::write_string(&mut literal, value);
                if escape_slash {
                    literal = literal.replace('/', "\\/").replace('😀', "\\ud83d\\ude00");
                }
                for prefix in ["", "{\"k\": ", "[1,\n  "] {
                    let text = format!("{prefix}{literal}");
                    let start = prefix.len();
                    let open = Position::new(3, 7);
                    assert_eq!(
                        format!("{:?}", json_string_map(&text, start, open, value)),
                        format!("{:?}", reference_json_string_map(&text, start, open, value)),
                        "{text}"
                    );
                    assert!(
                        json_string_map(&text, start, open, value).is_some(),
                        "{text}"
                    );
                }
            }
        }
        // A raw line break (not JSON, but the mapping must not care).
        let text = "\"ab\ncd\\n\ne\"";
        let value = "ab\ncd\n\ne";
        let open = Position::new(1, 1);
        assert_eq!(
            format!("{:?}", json_string_map(text, 0, open, value)),
            format!("{:?}", reference_json_string_map(text, 0, open, value)),
        );
        assert!(json_string_map(text, 0, open, value).is_some());
    }

    #[test]
    fn json_string_positions_follow_escapes() {
        let text = r#"{"v": "{\n  \"a\" : x}"}"#;
        let root = json::parse(text).unwrap();
        let node = root.get("v").unwrap();
        let map = json_string_map(text, node.start, node.pos, node.as_str().unwrap()).unwrap();
        let e = json::parse_mapped(node.as_str().unwrap(), &map).unwrap_err();
        // `x` is at column 21 of the file.
        assert_eq!(e.pos, Position::new(1, 21));
    }

    #[test]
    fn yaml_double_quoted_positions_follow_folding() {
        let text = "data:\n  k: \"{\\n  \\\"a\\\" :\\\n    \\ 1, x}\"\n";
        let doc = yaml::parse(text).unwrap();
        let node = doc.root.get("data").unwrap().get("k").unwrap();
        let value = node.as_str().unwrap();
        assert_eq!(value, "{\n  \"a\" : 1, x}");
        let map = yaml_double_quoted_map(text, node.start, node.pos, value).unwrap();
        let e = json::parse_mapped(value, &map).unwrap_err();
        assert_eq!(e.pos, Position::new(3, 10));
    }

    #[test]
    fn positions_of_bytes() {
        assert_eq!(position_of("ab\ncé\nx", 6), Position::new(2, 3));
    }
}
