//! The view of one value of a [`Tape`]: [`TapeValue`], a node index on its tape, and the
//! iterators over an object's members and an array's items. The readers here are the hot
//! path of every rule: an object's keys are told apart by a byte of the text where they can
//! be, without reading the keys whole (`tape_keys.rs`).

use super::keys::{key_close, plain_key_reads, quote_after};
use super::{JsonKind, JsonValue, Member, Node, NodeKind, Number, Tape, key_slot};
use crate::diag::Position;

/// One value of a tape: a copyable view (the tape and a node index).
#[derive(Clone, Copy)]
pub struct TapeValue<'a, 't> {
    pub(super) tape: &'a Tape<'t>,
    pub(super) index: u32,
}

/// The kind and the source span, not the tape.
impl std::fmt::Debug for TapeValue<'_, '_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}@{}..{}", self.kind(), self.start(), self.end())
    }
}

impl<'a, 't> TapeValue<'a, 't> {
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    fn raw(self) -> Node {
        self.tape.node(self.index)
    }

    #[cfg_attr(target_arch = "wasm32", inline(always))]
    pub fn kind(self) -> NodeKind {
        self.raw().kind()
    }

    pub(in crate::json) fn tape(self) -> &'a Tape<'t> {
        self.tape
    }

    /// The node's index on its tape.
    pub(in crate::json) fn index(self) -> u32 {
        self.index
    }

    /// Byte offset of the value's first character in the parsed text.
    pub fn start(self) -> usize {
        self.raw().start as usize
    }

    /// Byte offset just past the value's last character (for a container, found from its
    /// last descendant, `Tape::end_of`).
    pub fn end(self) -> usize {
        self.tape.end_of(self.index, self.raw())
    }

    /// True when `self` and `other` are the same bytes of one text, each read as written (no
    /// number inside either replaced by a copy): then they are the same value, without
    /// comparing them node by node. One value starts at a given byte of a text (a container's
    /// first child starts after its bracket, a member's value after its key), so the starts
    /// and the kinds tell.
    pub(in crate::json) fn same_span(self, other: TapeValue<'_, '_>) -> bool {
        let verbatim = |v: TapeValue<'_, '_>| {
            v.tape
                .replaced()
                .is_none_or(|r| r < v.index || r > v.index + v.raw().inside() as u32)
        };
        std::ptr::eq(self.tape.text().as_ptr(), other.tape.text().as_ptr())
            && self.raw().start == other.raw().start
            && self.kind() == other.kind()
            && verbatim(self)
            && verbatim(other)
    }

    /// True when `self` and `other` are at the same position without computing it: the same
    /// byte, positions read from the same tape (a copy's are its first tape's).
    pub(in crate::json) fn same_place(self, other: TapeValue<'_, '_>) -> bool {
        std::ptr::eq(self.tape.positions_from(), other.tape.positions_from())
            && self.raw().start == other.raw().start
    }

    /// When `self` is a copy of `orig` in which one number reads another text
    /// (`Tape::copy_with_number`) and is otherwise the same bytes: that number's span in the
    /// text and its new text.
    pub(in crate::json) fn replaced_in(
        self,
        orig: TapeValue<'_, '_>,
    ) -> Option<(usize, usize, &'a str)> {
        let r = self.tape.replaced()?;
        let node = self.raw();
        let inside = r >= self.index && r <= self.index + node.inside() as u32;
        let same = std::ptr::eq(self.tape.text().as_ptr(), orig.tape.text().as_ptr())
            && node.start == orig.raw().start
            && node.kind() == orig.raw().kind()
            && orig.tape.replaced().is_none();
        let number = self.tape.node(r);
        (inside && same).then(|| {
            (
                number.start as usize,
                self.tape.scalar_end(number),
                self.tape.number_at(r, number),
            )
        })
    }

    /// The value's text exactly as written (a string's with its quotes and escapes; a copy's
    /// replaced number's new text).
    pub fn source(self) -> &'a str {
        let node = self.raw();
        if node.kind() == NodeKind::Number {
            return self.tape.number_at(self.index, node);
        }
        self.tape
            .text()
            .get(node.start as usize..self.tape.end_of(self.index, node))
            .unwrap_or("")
    }

    /// An object's or an array's text, when the compact writer would write exactly it: a
    /// parsed document's (a copy's replaced number is not in the text), holding no
    /// whitespace and no escape. A compact input's entries are then copied, not walked.
    pub(in crate::json) fn compact_source(self) -> Option<&'a str> {
        let node = self.raw();
        if !node.kind().is_container() || self.tape.replaced().is_some() {
            return None;
        }
        let text = self.source();
        super::super::strings::compact_as_written(text.as_bytes()).then_some(text)
    }

    /// The position of the value's first character in the original input.
    pub fn pos(self) -> Position {
        self.tape.position(self.start())
    }

    pub fn is_null(self) -> bool {
        self.kind() == NodeKind::Null
    }

    #[cfg_attr(target_arch = "wasm32", inline(always))]
    pub fn as_str(self) -> Option<&'a str> {
        (self.kind() == NodeKind::String).then(|| self.tape.string_at(self.index))
    }

    /// A number's text exactly as written.
    pub fn as_number_text(self) -> Option<&'a str> {
        (self.kind() == NodeKind::Number).then(|| self.source())
    }

    /// The next value after this one at the same level (for a member's value: the next
    /// member's).
    fn next_index(self) -> u32 {
        self.index + 1 + self.raw().inside() as u32
    }

    /// The members of an object, in input order (duplicates kept): `(key, key position
    /// offset, value)`. Empty for anything else.
    pub fn members(self) -> Members<'a, 't> {
        let (next, end) = match self.kind() {
            NodeKind::Object => (self.index + 1, self.next_index()),
            _ => (0, 0),
        };
        Members {
            tape: self.tape,
            nodes: self.tape.nodes.as_slice(),
            text: self.tape.text.as_str(),
            next,
            end,
            // Just past the opening brace.
            after: self.start() + 1,
        }
    }

    /// The elements of an array, in order. Empty for anything else.
    pub fn items(self) -> Items<'a, 't> {
        let (next, end) = match self.kind() {
            NodeKind::Array => (self.index + 1, self.next_index()),
            _ => (0, 0),
        };
        Items {
            tape: self.tape,
            next,
            end,
        }
    }

    /// The LAST member named `key` (Jackson's rule for duplicate keys).
    pub fn get(self, key: &str) -> Option<TapeValue<'a, 't>> {
        // The hottest reader of all (every rule asks its entry for fields): one pass over the
        // object's nodes, a key told apart by its length before its bytes are read.
        let nodes = self.tape.nodes.as_slice();
        let first = self.index as usize;
        let head = nodes.get(first)?;
        if head.kind() != NodeKind::Object {
            return None;
        }
        let end = first + 1 + head.inside();
        let mut at = first + 1;
        let mut found = None;
        let bytes = self.tape.text.as_str().as_bytes();
        while at < end {
            let Some(v) = nodes.get(at) else {
                break;
            };
            let reads = if v.key_escaped() {
                self.tape.decoded_at(key_slot(at as u32)) == key
            } else {
                plain_key_reads(bytes, key_close(bytes, v.start as usize), key)
            };
            if reads {
                found = Some(at);
            }
            at += 1 + v.inside();
        }
        found.map(|index| TapeValue {
            tape: self.tape,
            index: index as u32,
        })
    }

    /// The LAST member named by each of `keys` (different keys), in one pass over the object
    /// (what `get` per key answers); `clean` is true when every member's key is one of `keys`
    /// and none is written twice.
    pub fn fields<const N: usize>(
        self,
        keys: [&str; N],
    ) -> Option<([Option<TapeValue<'a, 't>>; N], bool)> {
        let nodes = self.tape.nodes.as_slice();
        let first = self.index as usize;
        let head = nodes.get(first)?;
        if head.kind() != NodeKind::Object {
            return None;
        }
        let end = first + 1 + head.inside();
        let mut found = [None; N];
        let mut clean = true;
        let mut at = first + 1;
        let bytes = self.tape.text.as_str().as_bytes();
        while at < end {
            let Some(v) = nodes.get(at) else {
                break;
            };
            let slot = if v.key_escaped() {
                let decoded = self.tape.decoded_at(key_slot(at as u32));
                keys.iter().position(|key| *key == decoded)
            } else {
                // A probe per name: cheaper than finding where the key starts.
                let close = key_close(bytes, v.start as usize);
                keys.iter()
                    .position(|key| plain_key_reads(bytes, close, key))
            };
            match slot.and_then(|s| found.get_mut(s)) {
                Some(f) => {
                    clean &= f.is_none();
                    *f = Some(TapeValue {
                        tape: self.tape,
                        index: at as u32,
                    })
                }
                None => clean = false,
            }
            at += 1 + v.inside();
        }
        Some((found, clean))
    }

    /// The value as a tree, with the positions the tree parser gives it.
    pub fn to_value(self) -> JsonValue {
        let kind = match self.kind() {
            NodeKind::Null => JsonKind::Null,
            NodeKind::False => JsonKind::Bool(false),
            NodeKind::True => JsonKind::Bool(true),
            NodeKind::Number => JsonKind::Number(
                // A number node's span passed the grammar when it was parsed.
                Number::checked(self.source()),
            ),
            NodeKind::String => JsonKind::String(self.tape.string_at(self.index).to_string()),
            NodeKind::Array => JsonKind::Array(self.items().map(TapeValue::to_value).collect()),
            NodeKind::Object => JsonKind::Object(
                self.members()
                    .map(|m| Member {
                        key: m.key.to_string(),
                        key_pos: self.tape.position(m.key_start),
                        value: m.value.to_value(),
                    })
                    .collect(),
            ),
        };
        JsonValue {
            kind,
            pos: self.pos(),
            start: self.start(),
        }
    }
}

/// One member of an object on a tape.
#[derive(Debug, Clone, Copy)]
pub struct TapeMember<'a, 't> {
    pub key: &'a str,
    /// Byte offset of the key's opening quote.
    pub key_start: usize,
    pub value: TapeValue<'a, 't>,
}

/// The members of an object on a tape.
#[derive(Debug, Clone)]
pub struct Members<'a, 't> {
    tape: &'a Tape<'t>,
    nodes: &'a [Node],
    text: &'a str,
    next: u32,
    end: u32,
    /// Where the text after the last member's value starts (after the opening brace, before
    /// the first): the next key is the first quote past whitespace and a comma. `usize::MAX`
    /// after a container, whose end is not stored: the key is then found from its value.
    after: usize,
}

impl<'a, 't> Members<'a, 't> {
    /// The next member's value, its node and its key's quotes (opening and closing).
    #[cfg_attr(not(target_arch = "wasm32"), inline)]
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    fn next_span(&mut self) -> Option<(TapeValue<'a, 't>, Node, usize, usize)> {
        if self.next >= self.end {
            return None;
        }
        let index = self.next;
        let node = *self.nodes.get(index as usize)?;
        self.next = index + 1 + node.inside() as u32;
        let bytes = self.text.as_bytes();
        let close = key_close(bytes, node.start as usize);
        let open = quote_after(bytes, self.after)
            .filter(|&open| open < close)
            .unwrap_or_else(|| self.tape.key_open(node, close));
        self.after = if node.is_container() {
            usize::MAX
        } else {
            self.tape.scalar_end(node)
        };
        let value = TapeValue {
            tape: self.tape,
            index,
        };
        Some((value, node, open, close))
    }
}

impl<'a, 't> Iterator for Members<'a, 't> {
    type Item = TapeMember<'a, 't>;

    fn next(&mut self) -> Option<TapeMember<'a, 't>> {
        let (value, node, open, close) = self.next_span()?;
        let key = if node.key_escaped() {
            self.tape.decoded_at(key_slot(value.index))
        } else {
            self.text.get(open + 1..close).unwrap_or("")
        };
        Some(TapeMember {
            key,
            key_start: open,
            value,
        })
    }
}

/// The elements of an array on a tape.
#[derive(Debug, Clone)]
pub struct Items<'a, 't> {
    tape: &'a Tape<'t>,
    next: u32,
    end: u32,
}

impl<'a, 't> Iterator for Items<'a, 't> {
    type Item = TapeValue<'a, 't>;

    fn next(&mut self) -> Option<TapeValue<'a, 't>> {
        if self.next >= self.end {
            return None;
        }
        let item = TapeValue {
            tape: self.tape,
            index: self.next,
        };
        self.next = item.next_index();
        Some(item)
    }
}
