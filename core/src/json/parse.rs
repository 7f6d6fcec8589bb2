//! The parser: iterative (an explicit stack, depth capped at [`MAX_DEPTH`]), keeping each node's
//! position, members in order with duplicates, and every number's text.
//!
//! One grammar, two results: the parser drives a [`Build`], which makes either the tree
//! ([`JsonValue`], built by `build.rs`'s `TreeBuild`) or the flat tape (`tape.rs`). Both therefore
//! accept and refuse the same texts with the same located messages.

use super::build::{Build, Scalar, Span, TreeBuild};
use super::line_index::LineIndex;
use super::source_map::checkpoint_position;
use super::strings::{plain_len, surrogate_pair};
use super::{JsonValue, SourceMap};
use crate::diag::Position;
use std::borrow::Cow;
use std::cell::{Cell, OnceCell};

/// Deepest nesting of arrays and objects the parser accepts. The offsets payload needs 4.
pub const MAX_DEPTH: usize = 128;

/// Where a parse failed: a message that says what was expected, and the position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsonError {
    pub message: String,
    pub pos: Position,
    pub offset: usize,
}

/// The message and where: `expected ':' after a key at line 2 column 6`.
impl std::fmt::Display for JsonError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} at line {} column {}",
            self.message, self.pos.line, self.pos.column
        )
    }
}

/// Parses `text` as one JSON document; positions are those of `text` itself.
pub fn parse(text: &str) -> Result<JsonValue, JsonError> {
    parse_mapped(text, &SourceMap::Identity)
}

/// Parses `text`, mapping every position (values and errors) through `map`.
pub fn parse_mapped(text: &str, map: &SourceMap) -> Result<JsonValue, JsonError> {
    run(text, map, TreeBuild::default()).map(|(value, _)| value)
}

/// Runs the parser over `text` with `build` making the result; the builder comes back too.
pub(super) fn run<B: Build>(
    text: &str,
    map: &SourceMap,
    build: B,
) -> Result<(B::Value, B), JsonError> {
    let mut parser = Parser {
        b: text.as_bytes(),
        text,
        i: 0,
        lines: OnceCell::new(),
        line_hint: Cell::new(1),
        map,
        checkpoint: Cell::new(0),
        build,
    };
    let value = parser.document()?;
    Ok((value, parser.build))
}

/// An open container on the parser's stack: what the builder keeps, and for an object the key
/// read for the value being parsed.
enum Frame<O, K> {
    Array(O),
    Object(O, Option<K>),
}

struct Parser<'a, B: Build> {
    b: &'a [u8],
    text: &'a str,
    i: usize,
    /// Built on the first position asked: every value's for the tree, only an error's for
    /// the tape (which stores no positions).
    lines: OnceCell<LineIndex>,
    /// The line of the last position answered: the parser asks in increasing order.
    line_hint: Cell<usize>,
    map: &'a SourceMap,
    /// For [`SourceMap::Checkpoints`]: how many checkpoints lie at or before the last offset
    /// mapped. The parser maps offsets in increasing order, so it walks on from there instead
    /// of searching (a `-o json` ConfigMap has a checkpoint at every escaped quote).
    checkpoint: Cell<usize>,
    build: B,
}

fn describe_byte(text: &str, i: usize) -> String {
    match text.get(i..).and_then(|s| s.chars().next()) {
        None => "the end of the input".to_string(),
        Some('\n') => "a line break".to_string(),
        Some(c) if c.is_control() => format!("the control character U+{:04X}", c as u32),
        Some(c) => format!("'{c}'"),
    }
}

impl<'a, B: Build> Parser<'a, B> {
    /// The position of the byte at the cursor, in the original input.
    fn pos(&self) -> Position {
        self.pos_at(self.i)
    }

    /// The position the builder keeps for a value starting at the cursor: none when it keeps
    /// none (the tape's are computed on demand).
    fn value_pos(&self) -> Position {
        if B::POSITIONS {
            self.pos()
        } else {
            Position::NONE
        }
    }

    /// The position of byte `i` of the parsed text, in the original input.
    fn pos_at(&self, i: usize) -> Position {
        let lines = self.lines.get_or_init(|| LineIndex::of(self.text));
        let (line, col) = lines.line_column_from(i, &self.line_hint);
        let SourceMap::Checkpoints(points) = self.map else {
            return self.map.map(i, line, col);
        };
        let mut idx = self.checkpoint.get();
        if idx
            .checked_sub(1)
            .and_then(|last| points.get(last))
            .is_some_and(|p| p.0 > i)
        {
            // Behind the last answer (an error's earlier position): search.
            idx = points.partition_point(|p| p.0 <= i);
        } else {
            while points.get(idx).is_some_and(|p| p.0 <= i) {
                idx += 1;
            }
        }
        self.checkpoint.set(idx);
        checkpoint_position(points, idx, col)
    }

    fn err(&self, message: impl Into<String>) -> JsonError {
        JsonError {
            message: message.into(),
            pos: self.pos(),
            offset: self.i,
        }
    }

    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    fn bump(&mut self) {
        if self.i < self.b.len() {
            self.i += 1;
        }
    }

    /// Skips string content up to a quote, a backslash or a control character.
    fn plain_run(&mut self) {
        let rest = self.b.get(self.i..).unwrap_or_default();
        self.i += plain_len(rest);
    }

    fn skip_ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\r' | b'\n') = self.peek() {
            self.i += 1;
        }
    }

    fn found(&self) -> String {
        describe_byte(self.text, self.i)
    }

    /// A builder refusal (a limit of the tape) of the value at `at`.
    fn refused(&self, message: &'static str, at: Span) -> JsonError {
        JsonError {
            message: message.to_string(),
            pos: self.pos_at(at.start),
            offset: at.start,
        }
    }

    fn span(&self, pos: Position, start: usize) -> Span {
        Span {
            pos,
            start,
            end: self.i,
        }
    }

    fn too_deep(&self) -> JsonError {
        self.err(format!(
            "nesting is deeper than {MAX_DEPTH} levels; an offsets payload needs only 4, so this is not an offsets document"
        ))
    }

    fn document(&mut self) -> Result<B::Value, JsonError> {
        if self.b.starts_with("\u{feff}".as_bytes()) {
            self.i = 3;
        }
        let mut stack: Vec<Frame<B::Open, B::Key>> = Vec::new();
        'value: loop {
            self.skip_ws();
            let pos = self.value_pos();
            let start = self.i;
            let scalar = match self.peek() {
                Some(c @ (b'{' | b'[')) => {
                    if stack.len() >= MAX_DEPTH {
                        return Err(self.too_deep());
                    }
                    let array = c == b'[';
                    let at = self.span(pos, start);
                    let open = self
                        .build
                        .open(array, at)
                        .map_err(|m| self.refused(m, at))?;
                    self.bump();
                    self.skip_ws();
                    let close = if array { b']' } else { b'}' };
                    if self.peek() == Some(close) {
                        self.bump();
                        let done = self.build.close(open, self.i);
                        if let Some(root) = self.attach(&mut stack, done)? {
                            return self.finish_document(root);
                        }
                        continue 'value;
                    }
                    if array {
                        stack.push(Frame::Array(open));
                    } else {
                        let key = self.key()?;
                        stack.push(Frame::Object(open, Some(key)));
                    }
                    continue 'value;
                }
                Some(b'"') => Scalar::String(self.string()?),
                Some(b't') => self.literal("true", Scalar::Bool(true))?,
                Some(b'f') => self.literal("false", Scalar::Bool(false))?,
                Some(b'n') => self.literal("null", Scalar::Null)?,
                Some(b'-' | b'0'..=b'9') => self.number()?,
                Some(b']') if matches!(stack.last(), Some(Frame::Array(_))) => {
                    return Err(self.err(
                        "expected a value after ',' but found ']'; remove the trailing comma",
                    ));
                }
                Some(b'}') if matches!(stack.last(), Some(Frame::Object(..))) => {
                    return Err(
                        self.err("expected a value but found '}'; add a value after the ':'")
                    );
                }
                Some(b'\'') => {
                    return Err(self.err(
                        "expected a value but found \"'\"; JSON strings use double quotes (\"...\")",
                    ));
                }
                _ => {
                    return Err(self.err(format!(
                        "expected a JSON value (object, array, string, number, true, false or null) but found {}",
                        self.found()
                    )));
                }
            };
            let at = self.span(pos, start);
            let done = self
                .build
                .scalar(scalar, at)
                .map_err(|m| self.refused(m, at))?;
            if let Some(root) = self.attach(&mut stack, done)? {
                return self.finish_document(root);
            }
        }
    }

    /// A value is complete: attach it to its parent, closing containers as far as possible.
    /// Returns `None` with the cursor before the next value (after a `,` or an object key), or
    /// the document's value once the stack is empty.
    fn attach(
        &mut self,
        stack: &mut Vec<Frame<B::Open, B::Key>>,
        mut done: B::Value,
    ) -> Result<Option<B::Value>, JsonError> {
        loop {
            self.skip_ws();
            match stack.last_mut() {
                None => return Ok(Some(done)),
                Some(Frame::Array(open)) => {
                    self.build.item(open, done);
                    match self.peek() {
                        Some(b',') => {
                            self.bump();
                            return Ok(None);
                        }
                        Some(b']') => {
                            self.bump();
                            let Some(Frame::Array(open)) = stack.pop() else {
                                return Err(self.err("internal parser state error"));
                            };
                            done = self.build.close(open, self.i);
                        }
                        None => {
                            return Err(self
                                .err("unexpected end of input inside an array; a ']' is missing"));
                        }
                        _ => {
                            return Err(self.err(format!(
                                "expected ',' or ']' after an array element but found {}",
                                self.found()
                            )));
                        }
                    }
                }
                Some(Frame::Object(open, key)) => {
                    if let Some(k) = key.take() {
                        self.build.member(open, k, done);
                    }
                    match self.peek() {
                        Some(b',') => {
                            self.bump();
                            self.skip_ws();
                            if self.peek() == Some(b'}') {
                                return Err(self.err("expected a key after ',' but found '}'; remove the trailing comma"));
                            }
                            let k = self.key()?;
                            if let Some(Frame::Object(_, key)) = stack.last_mut() {
                                *key = Some(k);
                            }
                            return Ok(None);
                        }
                        Some(b'}') => {
                            self.bump();
                            let Some(Frame::Object(open, _)) = stack.pop() else {
                                return Err(self.err("internal parser state error"));
                            };
                            done = self.build.close(open, self.i);
                        }
                        None => {
                            return Err(self.err(
                                "unexpected end of input inside an object; a '}' is missing",
                            ));
                        }
                        _ => {
                            return Err(self.err(format!(
                                "expected ',' or '}}' after an object member but found {}; is a comma missing?",
                                self.found()
                            )));
                        }
                    }
                }
            }
        }
    }

    /// The document's value is complete: nothing but whitespace may follow.
    fn finish_document(&self, root: B::Value) -> Result<B::Value, JsonError> {
        if self.i < self.b.len() {
            return Err(self.err(format!(
                "unexpected {} after the end of the JSON document; remove it",
                self.found()
            )));
        }
        Ok(root)
    }

    /// Reads `"key"` then `:`, leaving the cursor before the value.
    fn key(&mut self) -> Result<B::Key, JsonError> {
        let pos = self.value_pos();
        let start = self.i;
        if self.peek() != Some(b'"') {
            return Err(self.err(format!(
                "expected an object key in double quotes but found {}",
                self.found()
            )));
        }
        let key = self.string()?;
        let at = self.span(pos, start);
        self.skip_ws();
        if self.peek() != Some(b':') {
            return Err(self.err(format!(
                "expected ':' after the key \"{key}\" but found {}",
                self.found()
            )));
        }
        self.bump();
        self.build.key(key, at).map_err(|m| self.refused(m, at))
    }

    fn literal(&mut self, word: &str, value: Scalar<'a>) -> Result<Scalar<'a>, JsonError> {
        if self.b.get(self.i..self.i + word.len()) == Some(word.as_bytes()) {
            self.i += word.len();
            Ok(value)
        } else {
            Err(self.err(format!(
                "expected a JSON value but found {}; strings must be in double quotes",
                self.found()
            )))
        }
    }

    fn number(&mut self) -> Result<Scalar<'a>, JsonError> {
        let start = self.i;
        let n = self
            .b
            .get(start..)
            .unwrap_or_default()
            .iter()
            .take_while(|&&c| c.is_ascii_digit() || matches!(c, b'-' | b'+' | b'.' | b'e' | b'E'))
            .count();
        self.i += n;
        let text: &'a str = self.text.get(start..self.i).unwrap_or("");
        if super::is_json_number(text) {
            Ok(Scalar::Number(text))
        } else {
            Err(JsonError {
                message: format!(
                    "'{text}' is not a valid JSON number (no leading zeros, '+' signs or trailing '.'; write whole numbers like 42)"
                ),
                pos: self.pos_at(start),
                offset: start,
            })
        }
    }

    fn hex4(&mut self) -> Result<u32, JsonError> {
        let mut v = 0u32;
        for _ in 0..4 {
            let d = self.peek().and_then(|c| (c as char).to_digit(16));
            match d {
                Some(d) => {
                    v = v * 16 + d;
                    self.bump();
                }
                None => return Err(self.err("a \\u escape needs exactly four hex digits")),
            }
        }
        Ok(v)
    }

    /// A string at its opening quote. The usual string (no escape) is read here, inlined into
    /// its callers: returned from a call, the result went through memory and the caller's
    /// wider read of it stalled on the narrower writes (4% of `edit`'s cycles at 100k).
    #[inline(always)]
    fn string(&mut self) -> Result<Cow<'a, str>, JsonError> {
        let open = self.i;
        self.bump(); // opening quote
        let run_start = self.i;
        self.plain_run();
        if self.peek() == Some(b'"') {
            let run: &'a str = self.text.get(run_start..self.i).unwrap_or("");
            self.bump();
            return Ok(Cow::Borrowed(run));
        }
        self.i = run_start;
        self.string_rest(open)
    }

    /// [`Parser::string`] from just after the opening quote at `open`, for a string that holds
    /// an escape or does not end well.
    #[inline(never)]
    fn string_rest(&mut self, open: usize) -> Result<Cow<'a, str>, JsonError> {
        let mut out = String::new();
        loop {
            let run_start = self.i;
            self.plain_run();
            let run: &'a str = self.text.get(run_start..self.i).unwrap_or("");
            if out.is_empty() && self.peek() == Some(b'"') {
                // No escape (the usual case): borrowed from the input.
                self.bump();
                return Ok(Cow::Borrowed(run));
            }
            out.push_str(run);
            match self.peek() {
                Some(b'"') => {
                    self.bump();
                    return Ok(Cow::Owned(out));
                }
                Some(b'\\') => {
                    self.bump();
                    let c = self.peek();
                    let simple = match c {
                        Some(b'"') => Some('"'),
                        Some(b'\\') => Some('\\'),
                        Some(b'/') => Some('/'),
                        Some(b'b') => Some('\u{8}'),
                        Some(b'f') => Some('\u{c}'),
                        Some(b'n') => Some('\n'),
                        Some(b'r') => Some('\r'),
                        Some(b't') => Some('\t'),
                        _ => None,
                    };
                    if let Some(ch) = simple {
                        self.bump();
                        out.push(ch);
                    } else if c == Some(b'u') {
                        self.bump();
                        let hi = self.hex4()?;
                        let code = if (0xD800..0xDC00).contains(&hi) {
                            if self.b.get(self.i..self.i + 2) != Some(b"\\u") {
                                return Err(self.err(
                                    "a \\u high surrogate must be followed by a \\u low surrogate",
                                ));
                            }
                            self.bump();
                            self.bump();
                            let lo = self.hex4()?;
                            match surrogate_pair(hi, lo) {
                                Some(code) if (0xDC00..0xE000).contains(&lo) => code,
                                _ => return Err(self.err("invalid \\u low surrogate")),
                            }
                        } else {
                            hi
                        };
                        match char::from_u32(code) {
                            Some(ch) => out.push(ch),
                            None => {
                                return Err(self.err(
                                    "a \\u escape names a lone surrogate, which is not a character",
                                ));
                            }
                        }
                    } else {
                        return Err(self.err(format!(
                            "invalid escape '\\{}' in a string; valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX",
                            c.map(|b| (b as char).to_string()).unwrap_or_default()
                        )));
                    }
                }
                Some(b'\n') | None => {
                    let open = self.pos_at(open);
                    return Err(JsonError {
                        message: format!(
                            "unterminated string (it starts at {open}); close it with '\"' on the same line"
                        ),
                        pos: self.pos(),
                        offset: self.i,
                    });
                }
                Some(c) => {
                    return Err(self.err(format!(
                        "the control character U+{c:04X} must be escaped inside a string (for example \\n or \\u{c:04x})"
                    )));
                }
            }
        }
    }
}
