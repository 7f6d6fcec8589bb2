//! Reads the YAML wrapper (a ConfigMap or a `kind: List` as kubectl prints it) into the same
//! positioned tree as JSON, using saphyr-parser's event stream.
//!
//! Only the first document is read. Aliases are rejected outright (a ConfigMap never needs them,
//! and this makes alias bombs impossible), nesting is capped at [`crate::json::MAX_DEPTH`], and
//! plain scalars stay strings except `null`/`~`/empty and `true`/`false` (nothing in a ConfigMap
//! needs YAML numbers, and keeping the text is lossless). Each scalar's style is kept in a side
//! table so the importer can map positions inside the offsets value back to the file.

use crate::diag::Position;
use crate::json::{JsonKind, JsonValue, MAX_DEPTH, Member};
use saphyr_parser::{Event, Marker, Parser, ScalarStyle};

/// How a string scalar was written, with the marker of its first character.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    Plain,
    SingleQuoted,
    DoubleQuoted,
    Literal,
    Folded,
}

/// A parsed YAML document: the tree, and the style of every scalar keyed by its byte offset.
#[derive(Debug, Clone)]
pub struct YamlDoc {
    pub root: JsonValue,
    /// `(start byte offset, style)` in document order.
    pub styles: Vec<(usize, Style)>,
}

impl YamlDoc {
    /// The style of the scalar that starts at byte `start`.
    pub fn style_at(&self, start: usize) -> Option<Style> {
        let i = self.styles.partition_point(|s| s.0 < start);
        self.styles.get(i).filter(|s| s.0 == start).map(|s| s.1)
    }
}

/// A YAML syntax error, or a construct we refuse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct YamlError {
    pub message: String,
    pub pos: Position,
}

/// Converts saphyr markers (character index, 1-based line, 0-based column) into byte offsets,
/// amortised O(n) because markers mostly come in increasing order.
struct ByteIndex<'a> {
    text: &'a str,
    line_starts: Vec<usize>,
    last_char: usize,
    last_byte: usize,
}

impl<'a> ByteIndex<'a> {
    fn new(text: &'a str) -> ByteIndex<'a> {
        let mut line_starts = vec![0];
        line_starts.extend(
            text.bytes()
                .enumerate()
                .filter(|(_, b)| *b == b'\n')
                .map(|(i, _)| i + 1),
        );
        ByteIndex {
            text,
            line_starts,
            last_char: 0,
            last_byte: 0,
        }
    }

    fn byte(&mut self, m: &Marker) -> usize {
        if m.index() < self.last_char {
            // Restart from the start of the marker's line.
            let start = self
                .line_starts
                .get(m.line().saturating_sub(1))
                .copied()
                .unwrap_or(0);
            self.last_byte = start;
            self.last_char = m.index().saturating_sub(m.col());
        }
        let rest = self.text.get(self.last_byte..).unwrap_or("");
        let mut byte = self.last_byte;
        let mut chars = self.last_char;
        for c in rest.chars() {
            if chars >= m.index() {
                break;
            }
            byte += c.len_utf8();
            chars += 1;
        }
        self.last_byte = byte;
        self.last_char = chars;
        byte
    }
}

fn pos(m: &Marker) -> Position {
    Position::new(m.line() as u32, m.col() as u32 + 1)
}

enum Frame {
    Seq {
        items: Vec<JsonValue>,
        pos: Position,
        start: usize,
    },
    Map {
        members: Vec<Member>,
        pos: Position,
        start: usize,
        key: Option<(String, Position)>,
    },
}

/// Parses the first YAML document of `text`.
pub fn parse(text: &str) -> Result<YamlDoc, YamlError> {
    let mut docs = parse_docs(text, false)?;
    if docs.is_empty() {
        return Err(YamlError {
            message: "the input is empty: expected a ConfigMap".into(),
            pos: Position::new(1, 1),
        });
    }
    Ok(docs.swap_remove(0))
}

/// Every document of a multi-document stream (`---` between them), as a GitOps file or
/// `kubectl get a,b -o yaml` holds several resources. Positions are in the whole text.
pub fn parse_all(text: &str) -> Result<Vec<YamlDoc>, YamlError> {
    parse_docs(text, true)
}

/// The documents of `text`: only the first unless `all` (then the following ones are read too,
/// and a syntax error in any of them is an error).
fn parse_docs(text: &str, all: bool) -> Result<Vec<YamlDoc>, YamlError> {
    let mut docs = Vec::new();
    let mut parser = Parser::new_from_str(text);
    let mut index = ByteIndex::new(text);
    let mut stack: Vec<Frame> = Vec::new();
    let mut styles = Vec::new();
    while let Some(event) = parser.next_event() {
        let (event, span) = match event {
            Ok(e) => e,
            Err(e) => {
                let m = e.marker();
                return Err(YamlError {
                    message: format!("invalid YAML: {}", e.info()),
                    pos: Position::new(m.line() as u32, m.col() as u32 + 1),
                });
            }
        };
        let p = pos(&span.start);
        let node = match event {
            Event::StreamEnd => break,
            Event::Alias(_) => {
                return Err(YamlError {
                    message: "YAML aliases (*name) are not supported: a ConfigMap never needs them. Replace the alias with the value it refers to.".into(),
                    pos: p,
                });
            }
            Event::Scalar(value, style, _, _) => {
                let start = index.byte(&span.start);
                let style = Style::of(style);
                styles.push((start, style));
                scalar(value, style, p, start)
            }
            Event::SequenceStart(..) | Event::MappingStart(..) => {
                if stack.len() >= MAX_DEPTH {
                    return Err(YamlError {
                        message: format!(
                            "nesting is deeper than {MAX_DEPTH} levels, and a ConfigMap needs only a few"
                        ),
                        pos: p,
                    });
                }
                let start = index.byte(&span.start);
                stack.push(Frame::open(
                    matches!(event, Event::SequenceStart(..)),
                    p,
                    start,
                ));
                continue;
            }
            Event::SequenceEnd | Event::MappingEnd => match stack.pop() {
                Some(frame) => frame.close(),
                None => continue,
            },
            _ => continue,
        };
        match stack.last_mut() {
            None => {
                docs.push(YamlDoc {
                    root: node,
                    styles: std::mem::take(&mut styles),
                });
                if !all {
                    return Ok(docs);
                }
            }
            Some(frame) => frame.add(node)?,
        }
    }
    Ok(docs)
}

impl Style {
    fn of(style: ScalarStyle) -> Style {
        match style {
            ScalarStyle::Plain => Style::Plain,
            ScalarStyle::SingleQuoted => Style::SingleQuoted,
            ScalarStyle::DoubleQuoted => Style::DoubleQuoted,
            ScalarStyle::Literal => Style::Literal,
            ScalarStyle::Folded => Style::Folded,
        }
    }
}

/// A scalar as a node: a plain `null`, `~`, empty, `true` or `false` as what it means, anything
/// else as its text.
fn scalar(
    value: std::borrow::Cow<'_, str>,
    style: Style,
    pos: Position,
    start: usize,
) -> JsonValue {
    let kind = if style == Style::Plain {
        match value.as_ref() {
            "" | "~" | "null" | "Null" | "NULL" => JsonKind::Null,
            "true" | "True" | "TRUE" => JsonKind::Bool(true),
            "false" | "False" | "FALSE" => JsonKind::Bool(false),
            _ => JsonKind::String(value.into_owned()),
        }
    } else {
        JsonKind::String(value.into_owned())
    };
    JsonValue { kind, pos, start }
}

impl Frame {
    /// An empty sequence (`seq`) or mapping that starts at `pos` (byte `start`).
    fn open(seq: bool, pos: Position, start: usize) -> Frame {
        if seq {
            Frame::Seq {
                items: Vec::new(),
                pos,
                start,
            }
        } else {
            Frame::Map {
                members: Vec::new(),
                pos,
                start,
                key: None,
            }
        }
    }

    /// The finished sequence or mapping as a node.
    fn close(self) -> JsonValue {
        match self {
            Frame::Seq { items, pos, start } => JsonValue {
                kind: JsonKind::Array(items),
                pos,
                start,
            },
            Frame::Map {
                members,
                pos,
                start,
                ..
            } => JsonValue {
                kind: JsonKind::Object(members),
                pos,
                start,
            },
        }
    }

    /// `node` as the next item, or as the next key or the value of the pending key.
    fn add(&mut self, node: JsonValue) -> Result<(), YamlError> {
        match self {
            Frame::Seq { items, .. } => items.push(node),
            Frame::Map { members, key, .. } => match key.take() {
                None => {
                    let k = match &node.kind {
                        JsonKind::String(s) => s.clone(),
                        JsonKind::Null => String::new(),
                        JsonKind::Bool(b) => b.to_string(),
                        JsonKind::Number(n) => n.text().to_string(),
                        JsonKind::Array(_) | JsonKind::Object(_) => {
                            return Err(YamlError {
                                message: "complex mapping keys (a list or a map used as a key) are not supported in a ConfigMap".into(),
                                pos: node.pos,
                            });
                        }
                    };
                    *key = Some((k, node.pos));
                }
                Some((k, key_pos)) => members.push(Member {
                    key: k,
                    key_pos,
                    value: node,
                }),
            },
        }
        Ok(())
    }
}

/// What a YAML syntax error means, in the words of someone editing a ConfigMap: the position
/// and the sentence the importer reports. A line indented less than the `|-` block it sits in
/// (the most common slip when editing the offsets JSON by hand) is named at that line, with
/// the fix; the parser itself reports it later, or one line early, in its own terms. Other
/// parser messages are translated when they have a plain meaning, and kept otherwise.
pub fn explain(text: &str, e: &YamlError) -> (Position, String) {
    const TAB: &str = "a tab: YAML is indented with spaces only";
    // A tab in the indentation: the parser reports it where the previous token ended (often
    // the line before) or as a dedent of a block; the caret goes on the tab itself.
    if let Some(tab) = indentation_tab(text, e.pos.line) {
        return (tab, format!("{TAB}; replace it with spaces"));
    }
    if let Some((line, column, indicator)) = block_dedent(text, e.pos.line) {
        return (
            Position::new(line, column),
            format!(
                "line {line} is indented less than the `{indicator}` block it belongs to: indent every line of the offsets JSON by the same amount."
            ),
        );
    }
    let Some(info) = e.message.strip_prefix("invalid YAML: ") else {
        return (e.pos, e.message.clone());
    };
    let plain = match info {
        "illegal placement of ':' indicator" | "mapping values are not allowed in this context" => {
            "a ':' where no key can start: a bracket ([ or {) left open above, or a value with ': ' in it that needs quotes"
        }
        "while parsing a block mapping, did not find expected key" => {
            "a line is not indented like the keys around it"
        }
        "while parsing a node, did not find expected node content" => "a value is missing here",
        "invalid trailing content after double-quoted scalar" => {
            "text follows a closing quote on the same line"
        }
        "while parsing a flow sequence, expected ',' or ']'" => {
            "a list in [ ] is missing a ',' or its closing ']'"
        }
        "while parsing a flow mapping, did not find expected ',' or '}'" => {
            "a map in { } is missing a ',' or its closing '}'"
        }
        "while scanning a quoted scalar, found unexpected end of stream" | "unexpected eof" => {
            "the text ends inside a quoted string or an open bracket"
        }
        "tabs disallowed within this context (block indentation)"
        | "tabs disallowed in this context"
        | "while scanning a plain scalar, found a tab" => TAB,
        "block sequence entries are not allowed in this context" => {
            "a '- ' list item where a value was expected on the same line"
        }
        "invalid indentation" => "a line is indented wrongly",
        other => return (e.pos, format!("{other} (as the YAML parser puts it)")),
    };
    (e.pos, plain.to_string())
}

/// The first tab in the indentation of line `error_line` or the line after it (1-based), as a
/// position: where a tab error really is.
fn indentation_tab(text: &str, error_line: u32) -> Option<Position> {
    let from = usize::try_from(error_line.max(1) - 1).ok()?;
    text.lines()
        .enumerate()
        .skip(from)
        .take(2)
        .find_map(|(i, line)| {
            let indent = line.len() - line.trim_start_matches([' ', '\t']).len();
            let col = line.get(..indent)?.find('\t')?;
            Some(Position::new(
                u32::try_from(i + 1).ok()?,
                u32::try_from(col + 1).ok()?,
            ))
        })
}

/// The dedent inside a block scalar that a syntax error at `error_line` comes from, if any:
/// `(line, column of its first character, the block's indicator as written)`.
///
/// A block scalar (`key: |-`) holds every following line indented at least as deep as its first
/// content line; the first line indented less ends it. When that line is still deeper than the
/// key, it cannot start another key of the same map, so it can only be a line of the block that
/// lost its indentation, and the parser's error comes at or after it (or on the line before,
/// where it sees the block end). A line as shallow as the key is taken for a dedent only when
/// the parser stopped there.
fn block_dedent(text: &str, error_line: u32) -> Option<(u32, u32, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let indent = |l: &str| l.len() - l.trim_start_matches(' ').len();
    for (h, header) in lines.iter().enumerate() {
        let trimmed = header.trim_end();
        let Some((_, indicator)) = trimmed.rsplit_once(": ") else {
            continue;
        };
        let indicator = indicator.trim();
        if !matches!(indicator, "|" | "|-" | "|+" | ">" | ">-" | ">+") {
            continue;
        }
        let key_indent = indent(header);
        let mut block_indent = None;
        for (i, line) in lines.iter().enumerate().skip(h + 1) {
            if line.trim().is_empty() {
                continue;
            }
            let n = indent(line);
            match block_indent {
                None if n > key_indent => block_indent = Some(n),
                None => break,
                Some(b) if n >= b => {}
                Some(_) => {
                    let number = u32::try_from(i + 1).ok()?;
                    // Deeper than the key: it cannot start a sibling key, so any later error
                    // comes from it. Otherwise it may be the next key, unless the parser
                    // stopped right there (or on the line before).
                    let at_error = (number.saturating_sub(1)..=number).contains(&error_line);
                    if (n > key_indent && error_line + 1 >= number) || at_error {
                        return Some((number, u32::try_from(n + 1).ok()?, indicator.to_string()));
                    }
                    break;
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn builds_a_positioned_tree() {
        let d = parse("a:\n  k: |-\n    {}\n  'q': \"x\"\n  r: [1, {b: ~}]\n").unwrap();
        let a = d.root.get("a").unwrap();
        let k = a.get("k").unwrap();
        assert_eq!(k.as_str(), Some("{}"));
        assert_eq!(k.pos, Position::new(3, 5));
        assert_eq!(d.style_at(k.start), Some(Style::Literal));
        assert_eq!(a.get("q").unwrap().as_str(), Some("x"));
        assert!(
            a.get("r").unwrap().as_array().unwrap()[1]
                .get("b")
                .unwrap()
                .is_null()
        );
    }

    #[test]
    fn aliases_and_deep_nesting_are_refused() {
        let e = parse("a: &x [1]\nb: *x\n").unwrap_err();
        assert!(e.message.contains("aliases"));
        assert_eq!(e.pos, Position::new(2, 4));
        let deep = format!("{}1{}", "[".repeat(200), "]".repeat(200));
        assert!(parse(&deep).is_err());
        assert!(parse(&"[".repeat(100_000)).is_err());
    }
}
