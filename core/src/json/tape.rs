//! The flat raw level: a document parsed into one arena ([`Tape`]) of 8-byte nodes, one per
//! value, in document order, with every string and number kept as a byte span of the input.
//! A key has no node: it is read from the text just before its member's value (`tape_keys.rs`).
//!
//! The tape holds no copy of the text: it borrows the input (`Tape<'t>`) or owns it, moved in
//! (`Tape<'static>`, which a listing shares behind an `Arc`), and only strings that hold an
//! escape have a decoded copy (in `decoded`, found by node index). A container's node records how many nodes
//! follow it inside it, so its next sibling is one jump away and a child walk never recurses.
//! Line and column are not stored: [`Tape::position`] computes them from a byte offset, through
//! a line index built once, on the first question, and through the [`SourceMap`] the text was
//! parsed with, so a position read here is the one the tree parser records for the same node.
//!
//! The grammar, the error messages and their positions are the tree parser's (`parse.rs`
//! drives both builders), so the tape accepts and refuses exactly what [`super::parse`] does.

use super::build::{Build, Scalar, Span};
use super::line_index::{self, LineIndex};
use super::parse;
use super::{JsonError, JsonKind, JsonValue, Member, Number, SourceMap};
use crate::diag::Position;
use std::borrow::Cow;
use std::sync::{Arc, OnceLock};

/// The most nodes one tape holds: a container's node counts its descendants in 27 bits.
pub const MAX_NODES: usize = (1 << 27) - 1;

const TOO_MANY_NODES: &str = "the document holds more than 134,217,727 JSON values, more than any offsets listing needs; split it into several listings";
const TOO_LONG: &str =
    "the document is 4 GiB or longer; split it into several listings of at most 4 GiB";

/// The type of a node (of a value: keys have none).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NodeKind {
    Null = 0,
    False = 1,
    True = 2,
    Number = 3,
    String = 4,
    // 5 is not used: the containers are the two kinds with bits 1 and 2 set (`Node::inside`).
    Array = 6,
    Object = 7,
}

const KINDS: [NodeKind; 8] = [
    NodeKind::Null,
    NodeKind::False,
    NodeKind::True,
    NodeKind::Number,
    NodeKind::String,
    NodeKind::Null,
    NodeKind::Array,
    NodeKind::Object,
];

/// One node, 8 bytes: where the value starts in the input (a string's opening quote) and,
/// packed in `meta`, its kind (3 bits), whether it holds an escape (1 bit), whether the key
/// before it holds one (1 bit, a member's value only) and 27 bits that are, for a container,
/// how many nodes follow it inside it, and for a scalar, its length in bytes ([`LONG`] and
/// over: read from the text). A container's end is not stored: it is the bracket after its
/// last descendant ([`Tape::end_of`]), which only the writers ask for. A member's key is not
/// stored either: it is the string just before the value, past a colon (`tape_keys.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Node {
    start: u32,
    meta: u32,
}

const ESCAPED: u32 = 1 << 3;
/// A member's value whose key holds an escape: the key's decoded text is in `decoded`.
const KEY_ESCAPED: u32 = 1 << 4;
const PAYLOAD_SHIFT: u32 = 5;
/// A scalar length that does not fit the node (a value of 128 MiB or more): its end is found
/// in the text.
const LONG: u32 = (1 << 27) - 1;

impl Node {
    // In wasm (`opt-level = "z"`, which ignores `#[inline]`) the tape's smallest readers are
    // forced inline: as calls they made validate and the export over a tape twice as slow as
    // over trees (BENCHMARKS.md, "The import on the tape"). Natively the compiler chooses.
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    fn kind(self) -> NodeKind {
        KINDS[(self.meta & 7) as usize]
    }

    #[cfg_attr(target_arch = "wasm32", inline(always))]
    fn escaped(self) -> bool {
        self.meta & ESCAPED != 0
    }

    /// A member's value whose key holds an escape.
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    fn key_escaped(self) -> bool {
        self.meta & KEY_ESCAPED != 0
    }

    /// For a container, how many nodes follow it inside it; 0 for a scalar (whose payload is
    /// its length). Without a branch: the member and item walks do this at every step.
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    fn inside(self) -> usize {
        // Array (6) and Object (7) are the kinds with bits 1 and 2 set.
        let container = (self.meta >> 1) & (self.meta >> 2) & 1;
        ((self.meta >> PAYLOAD_SHIFT) & 0u32.wrapping_sub(container)) as usize
    }

    fn is_container(self) -> bool {
        self.kind().is_container()
    }
}

impl NodeKind {
    /// An array or an object: a node whose payload counts the nodes inside it.
    fn is_container(self) -> bool {
        matches!(self, NodeKind::Array | NodeKind::Object)
    }
}

/// How far into a text [`Tape::position`] counts bytes instead of indexing every line.
const NEAR_START: usize = 4096;

/// The text a tape reads: borrowed from the caller, or held behind an `Arc`: its own (moved in,
/// never copied) or the caller's, shared, so that the caller keeps reading the same bytes
/// without a second copy. Two variants, not three: every key read goes through `as_str`, and a
/// third variant cost `validate` 6% more instructions (BENCHMARKS.md).
#[derive(Debug)]
enum TapeText<'t> {
    Borrowed(&'t str),
    Shared(Arc<String>),
}

impl TapeText<'_> {
    #[cfg_attr(not(target_arch = "wasm32"), inline)]
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    fn as_str(&self) -> &str {
        match self {
            TapeText::Borrowed(text) => text,
            TapeText::Shared(text) => text,
        }
    }
}

/// A parsed document: the input it borrows or shares, its nodes, and the decoded text of its
/// escaped strings and keys. `Send` and `Sync`, so a listing holding one behind an `Arc` is too.
#[derive(Debug)]
pub struct Tape<'t> {
    text: TapeText<'t>,
    map: SourceMap,
    nodes: Vec<Node>,
    /// `(slot, decoded text)` for every string or key holding an escape, by slot: a key's is
    /// twice its value's node index, a string's twice its index plus one ([`key_slot`],
    /// [`string_slot`]).
    decoded: Vec<(u32, Box<str>)>,
    /// Where lines start and where characters span several bytes, built on the first
    /// position asked for.
    lines: OnceLock<LineIndex>,
    /// For a copy of a value of another tape ([`Tape::copy_with_number`]): that tape (the first
    /// one, whose text the spans are in, so positions are its), the copy's node that reads a
    /// number other than its span's, and that number. `None` for a parsed document: every
    /// node reads its span.
    copy_of: Option<Copied>,
}

/// Parses `text` into a tape; positions are those of `text` itself.
pub fn parse_tape(text: &str) -> Result<Tape<'_>, JsonError> {
    parse_tape_mapped(text, SourceMap::Identity)
}

/// Parses `text` into a tape whose positions map through `map`.
pub fn parse_tape_mapped(text: &str, map: SourceMap) -> Result<Tape<'_>, JsonError> {
    parse_tape_limited(text, map, MAX_NODES)
}

/// Parses a text into a tape that owns it (moved in, not copied): what a listing keeps its
/// entries on, behind an `Arc`. Positions map through `map`. A text that is not JSON comes back
/// with the error, for a caller that reads it another way.
pub fn parse_tape_owned(
    text: String,
    map: SourceMap,
) -> Result<Tape<'static>, (JsonError, String)> {
    let (nodes, decoded, map) = match parse_nodes(&text, map, MAX_NODES) {
        Ok(parsed) => parsed,
        Err(e) => return Err((e, text)),
    };
    Ok(Tape::parsed(
        TapeText::Shared(Arc::new(text)),
        (nodes, decoded, map),
    ))
}

/// Parses `text` into a tape that shares it with the caller (an `Arc`, no copy): what
/// `connect-offsets edit` imports, since it writes the edited document from the same bytes.
/// Positions map through `map`.
pub fn parse_tape_shared(text: Arc<String>, map: SourceMap) -> Result<Tape<'static>, JsonError> {
    let parsed = parse_nodes(&text, map, MAX_NODES)?;
    Ok(Tape::parsed(TapeText::Shared(text), parsed))
}

/// [`parse_tape_mapped`] with at most `max_nodes` nodes (tests lower the limit).
pub(crate) fn parse_tape_limited(
    text: &str,
    map: SourceMap,
    max_nodes: usize,
) -> Result<Tape<'_>, JsonError> {
    let parsed = parse_nodes(text, map, max_nodes)?;
    Ok(Tape::parsed(TapeText::Borrowed(text), parsed))
}

type Parsed = (Vec<Node>, Vec<(u32, Box<str>)>, SourceMap);

impl<'t> Tape<'t> {
    /// A parsed document's tape: every node reads its own span.
    fn parsed(text: TapeText<'t>, (nodes, decoded, map): Parsed) -> Tape<'t> {
        Tape {
            text,
            map,
            nodes,
            decoded,
            lines: OnceLock::new(),
            copy_of: None,
        }
    }
}

fn parse_nodes(text: &str, map: SourceMap, max_nodes: usize) -> Result<Parsed, JsonError> {
    if u32::try_from(text.len()).is_err() {
        return Err(JsonError {
            message: TOO_LONG.to_string(),
            pos: Position::new(1, 1),
            offset: 0,
        });
    }
    // About one node per 13.7 bytes in a compact offsets listing (fewer in a pretty one):
    // reserve for one per 12 and keep the slack, since shrinking would copy the whole array.
    let build = TapeBuild {
        nodes: Vec::with_capacity(text.len() / 12 + 1),
        decoded: Vec::new(),
        max_nodes: max_nodes.min(MAX_NODES),
        key_escaped: false,
    };
    let ((), build) = parse::run(text, &map, build)?;
    Ok((build.nodes, build.decoded, map))
}

struct TapeBuild {
    nodes: Vec<Node>,
    decoded: Vec<(u32, Box<str>)>,
    max_nodes: usize,
    /// The key just read holds an escape: the next node (its value) is marked so.
    key_escaped: bool,
}

/// The slot in `Tape::decoded` of the key before the value at node `index`.
fn key_slot(index: u32) -> u32 {
    index << 1
}

/// The slot in `Tape::decoded` of the string at node `index`.
fn string_slot(index: u32) -> u32 {
    (index << 1) | 1
}

impl TapeBuild {
    fn push(
        &mut self,
        kind: NodeKind,
        at: Span,
        text: Option<Cow<'_, str>>,
    ) -> Result<u32, &'static str> {
        let index = self.nodes.len();
        if index >= self.max_nodes {
            return Err(TOO_MANY_NODES);
        }
        let index = index as u32;
        let mut meta = kind as u32;
        if std::mem::take(&mut self.key_escaped) {
            meta |= KEY_ESCAPED;
        }
        if let Some(Cow::Owned(decoded)) = text {
            meta |= ESCAPED;
            self.decoded
                .push((string_slot(index), decoded.into_boxed_str()));
        }
        // A container's payload is set when it closes.
        if !kind.is_container() {
            // A scalar's is its length: shorter than the input, so shorter than 4 GiB.
            let len = (at.end.saturating_sub(at.start) as u32).min(LONG);
            meta |= len << PAYLOAD_SHIFT;
        }
        // The input is shorter than 4 GiB (checked before the parse).
        self.nodes.push(Node {
            start: at.start as u32,
            meta,
        });
        Ok(index)
    }
}

impl Build for TapeBuild {
    const POSITIONS: bool = false;
    /// Nodes are pushed as they are read: a finished value needs no handle.
    type Value = ();
    type Key = ();
    /// The container's node index.
    type Open = u32;

    fn scalar(&mut self, value: Scalar<'_>, at: Span) -> Result<(), &'static str> {
        match value {
            Scalar::Null => self.push(NodeKind::Null, at, None),
            Scalar::Bool(false) => self.push(NodeKind::False, at, None),
            Scalar::Bool(true) => self.push(NodeKind::True, at, None),
            Scalar::Number(_) => self.push(NodeKind::Number, at, None),
            Scalar::String(s) => self.push(NodeKind::String, at, Some(s)),
        }
        .map(drop)
    }

    /// A key is not a node: it is read back from the text before its value. One that holds
    /// an escape keeps its decoded text, in the slot of the value that follows it.
    fn key(&mut self, key: Cow<'_, str>, _: Span) -> Result<(), &'static str> {
        if let Cow::Owned(decoded) = key {
            // At most `MAX_NODES` nodes: the value's index and its slot fit a `u32`.
            let index = self.nodes.len() as u32;
            self.decoded
                .push((key_slot(index), decoded.into_boxed_str()));
            self.key_escaped = true;
        }
        Ok(())
    }

    fn open(&mut self, array: bool, at: Span) -> Result<u32, &'static str> {
        let kind = if array {
            NodeKind::Array
        } else {
            NodeKind::Object
        };
        self.push(kind, at, None)
    }

    fn item(&mut self, _: &mut u32, _: ()) {}

    fn member(&mut self, _: &mut u32, _: (), _: ()) {}

    fn close(&mut self, open: u32, _end: usize) {
        let inside = self.nodes.len() - open as usize - 1;
        if let Some(node) = self.nodes.get_mut(open as usize) {
            // Fewer than `MAX_NODES` nodes in all (checked at every push): fits 27 bits.
            node.meta |= (inside as u32) << PAYLOAD_SHIFT;
        }
    }
}

impl<'t> Tape<'t> {
    /// The document's value.
    pub fn root(&self) -> TapeValue<'_, 't> {
        TapeValue {
            tape: self,
            index: 0,
        }
    }

    /// The value at node `index` (a value node, as [`TapeValue::index`] gave it).
    pub(super) fn value_at(&self, index: u32) -> TapeValue<'_, 't> {
        TapeValue { tape: self, index }
    }

    /// How many nodes the tape holds.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Never true: a parsed document has at least one value.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The text the tape was parsed from.
    pub fn text(&self) -> &str {
        self.text.as_str()
    }

    /// The tape whose line index and source map answer [`Tape::position`]: a copy's first
    /// tape, else this one. Two values of tapes with the same one, at the same byte, are at
    /// the same position.
    fn positions_from(&self) -> *const () {
        match &self.copy_of {
            Some(copied) => Arc::as_ptr(&copied.first).cast(),
            None => (self as *const Self).cast(),
        }
    }

    /// The position of byte `offset` of the text, in the original input: the line and column
    /// the parser counts (columns in characters), mapped through the tape's [`SourceMap`].
    pub fn position(&self, offset: usize) -> Position {
        if let Some(copied) = &self.copy_of {
            return copied.first.position(offset);
        }
        // Near the start, before any position further in was asked for: the bytes before it
        // are counted, not the whole text (an import with no finding asks for its payload's,
        // its array's and its first entry's positions, and no other).
        if offset <= NEAR_START
            && self.lines.get().is_none()
            && let Some((line, column)) = line_index::prefix_line_column(self.text.as_str(), offset)
        {
            return self.map.map(offset, line, column);
        }
        let index = self.lines.get_or_init(|| LineIndex::of(self.text.as_str()));
        let (line, column) = index.line_column(offset);
        self.map.map(offset, line, column)
    }

    #[cfg_attr(target_arch = "wasm32", inline(always))]
    fn node(&self, index: u32) -> Node {
        self.nodes.get(index as usize).copied().unwrap_or(Node {
            start: 0,
            meta: NodeKind::Null as u32,
        })
    }

    /// Byte offset just past a scalar node (a string's and a key's closing quote included).
    #[cfg_attr(not(target_arch = "wasm32"), inline)]
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    fn scalar_end(&self, node: Node) -> usize {
        let len = node.meta >> PAYLOAD_SHIFT;
        if len < LONG {
            return node.start as usize + len as usize;
        }
        self.long_scalar_end(node)
    }

    /// [`Tape::scalar_end`] of a scalar of 128 MiB or more: past the closing quote (the byte
    /// after a backslash is never one), or past the number's characters.
    #[cold]
    #[inline(never)]
    fn long_scalar_end(&self, node: Node) -> usize {
        let bytes = self.text.as_str().as_bytes();
        let from = node.start as usize;
        match node.kind() {
            NodeKind::String => {
                let mut at = from + 1;
                while let Some(&b) = bytes.get(at) {
                    match b {
                        b'\\' => at += 2,
                        b'"' => return at + 1,
                        _ => at += 1,
                    }
                }
                bytes.len()
            }
            _ => {
                let digits = bytes.get(from..).unwrap_or_default();
                from + digits
                    .iter()
                    .take_while(|b| matches!(b, b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E'))
                    .count()
            }
        }
    }

    /// Byte offset just past node `index` (`node`). A container's is past its closing bracket:
    /// down the chain of last children to a scalar or an empty container, then past one
    /// bracket (and the whitespace before it) for each container on the way (only whitespace
    /// stands between a last value and its bracket). The writers ask for it, never the rules.
    fn end_of(&self, index: u32, node: Node) -> usize {
        if !node.is_container() {
            return self.scalar_end(node);
        }
        let (mut at, mut container, mut levels) = (index, node, 0usize);
        let mut end = loop {
            levels += 1;
            let inside = container.inside() as u32;
            if inside == 0 {
                break container.start as usize + 1;
            }
            let last = at + inside;
            let mut child = at + 1;
            loop {
                let next = child + 1 + self.node(child).inside() as u32;
                if next > last {
                    break;
                }
                child = next;
            }
            let node = self.node(child);
            if !node.is_container() {
                break self.scalar_end(node);
            }
            (at, container) = (child, node);
        };
        let bytes = self.text.as_str().as_bytes();
        for _ in 0..levels {
            while bytes
                .get(end)
                .is_some_and(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r'))
            {
                end += 1;
            }
            end += 1;
        }
        end
    }

    /// The text of a string node: decoded when it held an escape, else borrowed from the input
    /// between the quotes.
    fn string_at(&self, index: u32) -> &str {
        let node = self.node(index);
        if node.escaped() {
            return self.decoded_at(string_slot(index));
        }
        self.text
            .as_str()
            .get(node.start as usize + 1..self.scalar_end(node).saturating_sub(1))
            .unwrap_or("")
    }
}

impl<'t> Tape<'t> {
    /// The node of a copy that reads another number than its span's (`None`: none does).
    fn replaced(&self) -> Option<u32> {
        self.copy_of.as_ref().map(|c| c.node)
    }

    /// The decoded text in `slot` ([`key_slot`], [`string_slot`]) of a key or string holding
    /// an escape.
    fn decoded_at(&self, slot: u32) -> &str {
        let at = self.decoded.partition_point(|d| d.0 < slot);
        self.decoded
            .get(at)
            .filter(|d| d.0 == slot)
            .map_or("", |d| &d.1)
    }

    /// The text of a number node: its span, or the number a copy reads instead.
    fn number_at(&self, index: u32, node: Node) -> &str {
        if node.escaped() {
            // Only a copy's replaced number is marked so (a number holds no escape).
            return self
                .copy_of
                .as_ref()
                .filter(|c| c.node == index)
                .map_or("", |c| c.number.as_str());
        }
        self.text
            .as_str()
            .get(node.start as usize..self.scalar_end(node))
            .unwrap_or("")
    }
}

#[path = "tape_copy.rs"]
mod copy;
use copy::Copied;
pub use copy::CopySpare;

#[path = "tape_keys.rs"]
mod keys;

#[path = "tape_value.rs"]
mod value;
pub use value::{Items, Members, TapeMember, TapeValue};

#[cfg(test)]
#[path = "tape_tests.rs"]
mod tests;
