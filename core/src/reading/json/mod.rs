//! The raw, lossless JSON level: a small parser that keeps every node's position, object members
//! in order (duplicates included) and the original text of every number, plus the writers
//! (Jackson `DefaultPrettyPrinter` style as Strimzi writes it, and compact).
//!
//! Numbers are never converted to `f64`: [`Number`] holds the digits exactly as written, and
//! [`Number::as_i64`] reads them as a signed 64-bit integer when they are one. The parser is
//! iterative (an explicit stack), so hostile nesting ends in an error at [`MAX_DEPTH`] instead
//! of overflowing the call stack.

use crate::diag::Position;
use std::cell::Cell;
use std::fmt::Write as _;

/// Deepest nesting of arrays and objects the parser accepts. The offsets payload needs 4.
pub const MAX_DEPTH: usize = 128;

/// A JSON number, kept as its original text (validated against the JSON grammar).
///
/// Texts of up to [`INLINE_NUMBER`] bytes (every 64-bit integer) are stored inline, so the
/// three or more numbers of every entry cost no allocation, to parse or to clone.
#[derive(Clone)]
pub struct Number(NumberText);

/// The longest number text stored without an allocation (`i64::MIN` has 20 characters).
const INLINE_NUMBER: usize = 22;

#[derive(Clone)]
enum NumberText {
    Inline { len: u8, bytes: [u8; INLINE_NUMBER] },
    Heap(Box<str>),
}

impl NumberText {
    fn new(text: &str) -> NumberText {
        let mut bytes = [0u8; INLINE_NUMBER];
        match bytes.get_mut(..text.len()) {
            Some(dst) => {
                dst.copy_from_slice(text.as_bytes());
                NumberText::Inline {
                    len: text.len() as u8,
                    bytes,
                }
            }
            None => NumberText::Heap(text.into()),
        }
    }
}

impl PartialEq for Number {
    fn eq(&self, other: &Number) -> bool {
        self.text() == other.text()
    }
}

impl Eq for Number {}

/// Hashes the text, exactly as the `String` this type used to hold.
impl std::hash::Hash for Number {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.text().hash(state);
    }
}

/// `Number("12")`, as when the text was a `String`.
impl std::fmt::Debug for Number {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Number").field(&self.text()).finish()
    }
}

/// The decimal digits of `n`, most significant first, written into `buf` (39 digits hold any
/// `u128`). By hand rather than `to_string()`: the formatting machinery costs more than the
/// digits where one number is written per entry.
pub(crate) fn decimal_digits(mut n: u128, buf: &mut [u8; 40]) -> &[u8] {
    let mut start = buf.len();
    loop {
        start -= 1;
        if let Some(d) = buf.get_mut(start) {
            *d = b'0' + (n % 10) as u8;
        }
        n /= 10;
        if n == 0 || start == 0 {
            break;
        }
    }
    buf.get(start..).unwrap_or_default()
}

impl Number {
    /// A number from a 64-bit integer (for values the user typed or the edit engine computed).
    pub fn from_i64(value: i64) -> Number {
        let mut buf = [0u8; 40];
        let digits = decimal_digits(u128::from(value.unsigned_abs()), &mut buf);
        let mut bytes = [0u8; INLINE_NUMBER];
        let mut at = 0;
        if value < 0 {
            bytes[0] = b'-';
            at = 1;
        }
        for (dst, &d) in bytes.iter_mut().skip(at).zip(digits) {
            *dst = d;
        }
        let len = digits.len();
        Number(NumberText::Inline {
            len: (at + len) as u8,
            bytes,
        })
    }

    /// Checks `text` against the JSON number grammar and keeps it verbatim.
    pub fn parse(text: &str) -> Option<Number> {
        if is_json_number(text) {
            Some(Number(NumberText::new(text)))
        } else {
            None
        }
    }

    /// The number exactly as written.
    pub fn text(&self) -> &str {
        match &self.0 {
            // Only ever filled from a `&str` or with ASCII digits: always valid UTF-8.
            NumberText::Inline { len, bytes } => {
                std::str::from_utf8(bytes.get(..usize::from(*len)).unwrap_or_default())
                    .unwrap_or_default()
            }
            NumberText::Heap(text) => text,
        }
    }

    /// The text's bytes, without the UTF-8 check [`Number::text`] pays for inline texts.
    fn bytes(&self) -> &[u8] {
        match &self.0 {
            NumberText::Inline { len, bytes } => bytes.get(..usize::from(*len)).unwrap_or_default(),
            NumberText::Heap(text) => text.as_bytes(),
        }
    }

    /// True when written without fraction or exponent (`12`, `-3`), whatever its size.
    pub fn is_integer_text(&self) -> bool {
        !self.bytes().iter().any(|b| matches!(b, b'.' | b'e' | b'E'))
    }

    /// The value as `i64` when the text is an integer within the signed 64-bit range.
    pub fn as_i64(&self) -> Option<i64> {
        if self.is_integer_text() {
            parse_i64(self.bytes())
        } else {
            None
        }
    }

    /// The value as `i128` when the text is an integer within that range (what a partition
    /// key compares), `text().parse::<i128>()` with a fast path for the usual short integers.
    pub(crate) fn as_i128(&self) -> Option<i128> {
        if !self.is_integer_text() {
            return None;
        }
        let b = self.bytes();
        let digits = b.strip_prefix(b"-").unwrap_or(b);
        if digits.len() <= 18 {
            // At most 18 digits: below 10^18, no overflow of an i64.
            return parse_i64(b).map(i128::from);
        }
        self.text().parse::<i128>().ok()
    }
}

/// `str::parse::<i64>` on bytes: an optional sign, then one or more ASCII digits, in range.
fn parse_i64(b: &[u8]) -> Option<i64> {
    let (negative, digits) = match b.split_first() {
        Some((b'-', rest)) => (true, rest),
        Some((b'+', rest)) => (false, rest),
        _ => (false, b),
    };
    if digits.is_empty() {
        return None;
    }
    let mut v: i64 = 0;
    for &c in digits {
        let d = c.wrapping_sub(b'0');
        if d > 9 {
            return None;
        }
        v = v.checked_mul(10)?;
        v = if negative {
            v.checked_sub(i64::from(d))?
        } else {
            v.checked_add(i64::from(d))?
        };
    }
    Some(v)
}

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

/// Where a parse failed: a message that says what was expected, and the position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsonError {
    pub message: String,
    pub pos: Position,
    pub offset: usize,
}

/// Turns a position inside a parsed text into a position in the original input.
#[derive(Debug, Clone, Default)]
pub enum SourceMap {
    /// The text is the original input.
    #[default]
    Identity,
    /// A YAML literal block scalar: inner line L, column C is file line `first_line + L - 1`,
    /// column `indent + C`.
    Block { first_line: u32, indent: u32 },
    /// A quoted string: checkpoints `(inner offset, inner column, outer position)` recorded at
    /// every escape and at every literal run; between two checkpoints characters map 1:1.
    Checkpoints(Vec<(usize, u32, Position)>),
    /// Every inner position maps to one outer position (a scalar style we do not map finely).
    Fixed(Position),
}

impl SourceMap {
    pub fn map(&self, offset: usize, line: u32, column: u32) -> Position {
        match self {
            SourceMap::Identity => Position::new(line, column),
            SourceMap::Block { first_line, indent } => {
                Position::new(first_line + line.saturating_sub(1), indent + column)
            }
            SourceMap::Checkpoints(points) => {
                checkpoint_position(points, points.partition_point(|p| p.0 <= offset), column)
            }
            SourceMap::Fixed(p) => *p,
        }
    }
}

/// The position of inner column `column` when the first `idx` checkpoints are at or before it.
fn checkpoint_position(points: &[(usize, u32, Position)], idx: usize, column: u32) -> Position {
    match idx.checked_sub(1).and_then(|i| points.get(i)) {
        Some(&(_, inner_col, outer)) => {
            Position::new(outer.line, outer.column + column.saturating_sub(inner_col))
        }
        None => points.first().map(|p| p.2).unwrap_or(Position::NONE),
    }
}

/// Parses `text` as one JSON document; positions are those of `text` itself.
pub fn parse(text: &str) -> Result<JsonValue, JsonError> {
    parse_mapped(text, &SourceMap::Identity)
}

/// Parses `text`, mapping every position (values and errors) through `map`.
pub fn parse_mapped(text: &str, map: &SourceMap) -> Result<JsonValue, JsonError> {
    Parser {
        b: text.as_bytes(),
        text,
        i: 0,
        line: 1,
        col: 1,
        map,
        checkpoint: Cell::new(0),
    }
    .document()
}

/// An open container. Its children live on the parser's shared scratch stacks (`items`,
/// `members`) from index `first` on until it closes; then they move into one exactly sized
/// `Vec`. Growing a fresh `Vec` per container instead would leave most of them with room for
/// 4 children (the first growth step) and reallocate the large ones repeatedly.
enum Frame {
    Array {
        first: usize,
        pos: Position,
        start: usize,
    },
    Object {
        first: usize,
        pos: Position,
        start: usize,
        key: Option<(String, Position)>,
    },
}

/// The children of the container that opened at `first` on a scratch stack, exactly sized.
fn take_from<T>(scratch: &mut Vec<T>, first: usize) -> Vec<T> {
    if first <= scratch.len() {
        scratch.split_off(first)
    } else {
        Vec::new()
    }
}

struct Parser<'a> {
    b: &'a [u8],
    text: &'a str,
    i: usize,
    line: u32,
    col: u32,
    map: &'a SourceMap,
    /// For [`SourceMap::Checkpoints`]: how many checkpoints lie at or before the last offset
    /// mapped. The parser maps offsets in increasing order, so it walks on from there instead
    /// of searching (a `-o json` ConfigMap has a checkpoint at every escaped quote).
    checkpoint: Cell<usize>,
}

fn describe_byte(text: &str, i: usize) -> String {
    match text.get(i..).and_then(|s| s.chars().next()) {
        None => "the end of the input".to_string(),
        Some('\n') => "a line break".to_string(),
        Some(c) if c.is_control() => format!("the control character U+{:04X}", c as u32),
        Some(c) => format!("'{c}'"),
    }
}

impl Parser<'_> {
    fn pos(&self) -> Position {
        let SourceMap::Checkpoints(points) = self.map else {
            return self.map.map(self.i, self.line, self.col);
        };
        let mut idx = self.checkpoint.get();
        if idx
            .checked_sub(1)
            .and_then(|last| points.get(last))
            .is_some_and(|p| p.0 > self.i)
        {
            // Behind the last answer (never while parsing forward): search.
            idx = points.partition_point(|p| p.0 <= self.i);
        } else {
            while points.get(idx).is_some_and(|p| p.0 <= self.i) {
                idx += 1;
            }
        }
        self.checkpoint.set(idx);
        checkpoint_position(points, idx, self.col)
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
        if let Some(&c) = self.b.get(self.i) {
            self.i += 1;
            if c == b'\n' {
                self.line += 1;
                self.col = 1;
            } else if c & 0xC0 != 0x80 {
                self.col += 1;
            }
        }
    }

    /// Skips string content up to a quote, a backslash or a control character (so no line
    /// break): the column advances by the characters skipped.
    fn plain_run(&mut self) {
        let rest = self.b.get(self.i..).unwrap_or_default();
        let n = rest
            .iter()
            .position(|&c| c == b'"' || c == b'\\' || c < 0x20)
            .unwrap_or(rest.len());
        let chars = rest
            .get(..n)
            .unwrap_or_default()
            .iter()
            .filter(|&&c| c & 0xC0 != 0x80)
            .count();
        self.i += n;
        self.col += chars as u32;
    }

    fn skip_ws(&mut self) {
        while let Some(c) = self.peek() {
            if matches!(c, b' ' | b'\t' | b'\n' | b'\r') {
                self.bump();
            } else {
                break;
            }
        }
    }

    fn found(&self) -> String {
        describe_byte(self.text, self.i)
    }

    fn document(&mut self) -> Result<JsonValue, JsonError> {
        if self.b.starts_with("\u{feff}".as_bytes()) {
            self.i = 3;
        }
        let mut stack: Vec<Frame> = Vec::new();
        let mut items: Vec<JsonValue> = Vec::new();
        let mut members: Vec<Member> = Vec::new();
        'value: loop {
            self.skip_ws();
            let pos = self.pos();
            let start = self.i;
            let mut done = match self.peek() {
                Some(b'{') => {
                    if stack.len() >= MAX_DEPTH {
                        return Err(self.err(format!(
                            "nesting is deeper than {MAX_DEPTH} levels; an offsets payload needs only 4, so this is not an offsets document"
                        )));
                    }
                    self.bump();
                    self.skip_ws();
                    if self.peek() == Some(b'}') {
                        self.bump();
                        JsonValue {
                            kind: JsonKind::Object(Vec::new()),
                            pos,
                            start,
                        }
                    } else {
                        let key = self.key()?;
                        stack.push(Frame::Object {
                            first: members.len(),
                            pos,
                            start,
                            key: Some(key),
                        });
                        continue 'value;
                    }
                }
                Some(b'[') => {
                    if stack.len() >= MAX_DEPTH {
                        return Err(self.err(format!(
                            "nesting is deeper than {MAX_DEPTH} levels; an offsets payload needs only 4, so this is not an offsets document"
                        )));
                    }
                    self.bump();
                    self.skip_ws();
                    if self.peek() == Some(b']') {
                        self.bump();
                        JsonValue {
                            kind: JsonKind::Array(Vec::new()),
                            pos,
                            start,
                        }
                    } else {
                        stack.push(Frame::Array {
                            first: items.len(),
                            pos,
                            start,
                        });
                        continue 'value;
                    }
                }
                Some(b'"') => {
                    let s = self.string()?;
                    JsonValue {
                        kind: JsonKind::String(s),
                        pos,
                        start,
                    }
                }
                Some(b't') => self.literal("true", JsonKind::Bool(true), pos)?,
                Some(b'f') => self.literal("false", JsonKind::Bool(false), pos)?,
                Some(b'n') => self.literal("null", JsonKind::Null, pos)?,
                Some(b'-' | b'0'..=b'9') => self.number(pos)?,
                Some(b']') if matches!(stack.last(), Some(Frame::Array { .. })) => {
                    return Err(self.err(
                        "expected a value after ',' but found ']'; remove the trailing comma",
                    ));
                }
                Some(b'}') if matches!(stack.last(), Some(Frame::Object { .. })) => {
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
            // A value is complete: attach it to its parent, closing containers as far as possible.
            loop {
                self.skip_ws();
                match stack.last_mut() {
                    None => {
                        if self.i < self.b.len() {
                            return Err(self.err(format!(
                                "unexpected {} after the end of the JSON document; remove it",
                                self.found()
                            )));
                        }
                        return Ok(done);
                    }
                    Some(Frame::Array { .. }) => {
                        items.push(done);
                        match self.peek() {
                            Some(b',') => {
                                self.bump();
                                continue 'value;
                            }
                            Some(b']') => {
                                self.bump();
                                let Some(Frame::Array { first, pos, start }) = stack.pop() else {
                                    return Err(self.err("internal parser state error"));
                                };
                                done = JsonValue {
                                    kind: JsonKind::Array(take_from(&mut items, first)),
                                    pos,
                                    start,
                                };
                            }
                            None => {
                                return Err(self.err(
                                    "unexpected end of input inside an array; a ']' is missing",
                                ));
                            }
                            _ => {
                                return Err(self.err(format!(
                                    "expected ',' or ']' after an array element but found {}",
                                    self.found()
                                )));
                            }
                        }
                    }
                    Some(Frame::Object { key, .. }) => {
                        if let Some((k, key_pos)) = key.take() {
                            members.push(Member {
                                key: k,
                                key_pos,
                                value: done,
                            });
                        }
                        match self.peek() {
                            Some(b',') => {
                                self.bump();
                                self.skip_ws();
                                if self.peek() == Some(b'}') {
                                    return Err(self.err("expected a key after ',' but found '}'; remove the trailing comma"));
                                }
                                let k = self.key()?;
                                if let Some(Frame::Object { key, .. }) = stack.last_mut() {
                                    *key = Some(k);
                                }
                                continue 'value;
                            }
                            Some(b'}') => {
                                self.bump();
                                let Some(Frame::Object {
                                    first, pos, start, ..
                                }) = stack.pop()
                                else {
                                    return Err(self.err("internal parser state error"));
                                };
                                done = JsonValue {
                                    kind: JsonKind::Object(take_from(&mut members, first)),
                                    pos,
                                    start,
                                };
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
    }

    /// Reads `"key"` then `:`, leaving the cursor before the value.
    fn key(&mut self) -> Result<(String, Position), JsonError> {
        let pos = self.pos();
        if self.peek() != Some(b'"') {
            return Err(self.err(format!(
                "expected an object key in double quotes but found {}",
                self.found()
            )));
        }
        let key = self.string()?;
        self.skip_ws();
        if self.peek() != Some(b':') {
            return Err(self.err(format!(
                "expected ':' after the key \"{key}\" but found {}",
                self.found()
            )));
        }
        self.bump();
        Ok((key, pos))
    }

    fn literal(
        &mut self,
        word: &str,
        kind: JsonKind,
        pos: Position,
    ) -> Result<JsonValue, JsonError> {
        let start = self.i;
        if self.b.get(self.i..self.i + word.len()) == Some(word.as_bytes()) {
            for _ in 0..word.len() {
                self.bump();
            }
            Ok(JsonValue { kind, pos, start })
        } else {
            Err(self.err(format!(
                "expected a JSON value but found {}; strings must be in double quotes",
                self.found()
            )))
        }
    }

    fn number(&mut self, pos: Position) -> Result<JsonValue, JsonError> {
        let start = self.i;
        while let Some(c) = self.peek() {
            if c.is_ascii_digit() || matches!(c, b'-' | b'+' | b'.' | b'e' | b'E') {
                self.bump();
            } else {
                break;
            }
        }
        let text = self.text.get(start..self.i).unwrap_or("");
        match Number::parse(text) {
            Some(n) => Ok(JsonValue {
                kind: JsonKind::Number(n),
                pos,
                start,
            }),
            None => Err(JsonError {
                message: format!(
                    "'{text}' is not a valid JSON number (no leading zeros, '+' signs or trailing '.'; write whole numbers like 42)"
                ),
                pos,
                offset: start,
            }),
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

    fn string(&mut self) -> Result<String, JsonError> {
        let open = self.pos();
        self.bump(); // opening quote
        let mut out = String::new();
        loop {
            let run_start = self.i;
            self.plain_run();
            let run = self.text.get(run_start..self.i).unwrap_or("");
            if out.is_empty() && self.peek() == Some(b'"') {
                // No escape (the usual case): one exact copy.
                self.bump();
                return Ok(run.to_string());
            }
            out.push_str(run);
            match self.peek() {
                Some(b'"') => {
                    self.bump();
                    return Ok(out);
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
                            if !(0xDC00..0xE000).contains(&lo) {
                                return Err(self.err("invalid \\u low surrogate"));
                            }
                            0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00)
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

/// True when `s` matches the JSON number grammar `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
pub fn is_json_number(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    if b.first() == Some(&b'-') {
        i += 1;
    }
    match b.get(i) {
        Some(b'0') => i += 1,
        Some(b'1'..=b'9') => {
            while b.get(i).is_some_and(u8::is_ascii_digit) {
                i += 1;
            }
        }
        _ => return false,
    }
    if b.get(i) == Some(&b'.') {
        i += 1;
        let d = i;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        if i == d {
            return false;
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        let d = i;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        if i == d {
            return false;
        }
    }
    i == b.len()
}

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

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::panic)]
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
    fn decimal_digits_of_u128_edges() {
        let mut buf = [0u8; 40];
        for n in [0u128, 9, 10, u128::from(u64::MAX), u128::MAX] {
            assert_eq!(decimal_digits(n, &mut buf), n.to_string().as_bytes());
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
