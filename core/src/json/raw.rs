//! [`Raw`]: one read-only view of a JSON value, whether it is a node of the tree ([`JsonValue`])
//! or of a tape ([`TapeValue`]). The readers can move onto it one file at a time; the writers
//! already write through it, so a tree and a tape of the same text write the same bytes.
//!
//! What the two forms cannot share: the tree stores where a value starts but not where it
//! ends, so [`Raw::end`] is known only on a tape (`None` on the tree).

use super::{JsonKind, JsonValue, Member, NodeKind, Number, Tape, TapeValue};
use crate::diag::Position;

/// A JSON value read in place: a tree node or a tape node. Two words, copied freely.
#[derive(Debug, Clone, Copy)]
pub enum Raw<'a> {
    Tree(&'a JsonValue),
    Tape(TapeValue<'a, 'a>),
}

/// The type of a [`Raw`] value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RawKind {
    Null,
    Bool,
    Number,
    String,
    Array,
    Object,
}

impl<'a> From<&'a JsonValue> for Raw<'a> {
    fn from(value: &'a JsonValue) -> Raw<'a> {
        Raw::Tree(value)
    }
}

impl<'a, 't: 'a> From<TapeValue<'a, 't>> for Raw<'a> {
    fn from(value: TapeValue<'a, 't>) -> Raw<'a> {
        Raw::Tape(value)
    }
}

impl JsonValue {
    /// The value read through the view the tape shares.
    #[inline]
    pub fn raw(&self) -> Raw<'_> {
        Raw::Tree(self)
    }
}

impl<'a> Raw<'a> {
    #[inline]
    pub fn kind(self) -> RawKind {
        match self {
            Raw::Tree(v) => match v.kind {
                JsonKind::Null => RawKind::Null,
                JsonKind::Bool(_) => RawKind::Bool,
                JsonKind::Number(_) => RawKind::Number,
                JsonKind::String(_) => RawKind::String,
                JsonKind::Array(_) => RawKind::Array,
                JsonKind::Object(_) => RawKind::Object,
            },
            Raw::Tape(t) => match t.kind() {
                NodeKind::Null => RawKind::Null,
                NodeKind::False | NodeKind::True => RawKind::Bool,
                NodeKind::Number => RawKind::Number,
                NodeKind::String => RawKind::String,
                NodeKind::Array => RawKind::Array,
                NodeKind::Object => RawKind::Object,
            },
        }
    }

    /// A short name of the value's type for messages ("a string", "an object", ...), as
    /// [`JsonValue::type_name`] words it.
    #[inline]
    pub fn type_name(self) -> &'static str {
        match self.kind() {
            RawKind::Null => "null",
            RawKind::Bool => "a boolean",
            RawKind::Number => "a number",
            RawKind::String => "a string",
            RawKind::Array => "an array",
            RawKind::Object => "an object",
        }
    }

    #[inline]
    pub fn is_null(self) -> bool {
        self.kind() == RawKind::Null
    }

    /// True for strings, numbers, booleans and null (what Connect accepts inside offset maps).
    #[inline]
    pub fn is_primitive(self) -> bool {
        !matches!(self.kind(), RawKind::Array | RawKind::Object)
    }

    #[inline]
    pub fn as_bool(self) -> Option<bool> {
        match self {
            Raw::Tree(v) => match v.kind {
                JsonKind::Bool(b) => Some(b),
                _ => None,
            },
            Raw::Tape(t) => match t.kind() {
                NodeKind::False => Some(false),
                NodeKind::True => Some(true),
                _ => None,
            },
        }
    }

    /// A string's text: on a tape, borrowed from the input unless it held an escape.
    #[inline]
    pub fn as_str(self) -> Option<&'a str> {
        match self {
            Raw::Tree(v) => v.as_str(),
            Raw::Tape(t) => t.as_str(),
        }
    }

    /// A number's text exactly as written.
    #[inline]
    pub fn number_text(self) -> Option<&'a str> {
        match self {
            Raw::Tree(v) => v.as_number().map(Number::text),
            Raw::Tape(t) => t.as_number_text(),
        }
    }

    /// The number as an owned [`Number`] (a copy of its text on a tape).
    #[inline]
    pub fn as_number(self) -> Option<Number> {
        match self {
            Raw::Tree(v) => v.as_number().cloned(),
            // A number node's span passed the grammar when it was parsed.
            Raw::Tape(t) => t.as_number_text().map(Number::checked),
        }
    }

    /// The value as `i64` when it is a number written as an integer within that range
    /// ([`Number::as_i64`]).
    #[inline]
    pub fn as_i64(self) -> Option<i64> {
        match self {
            Raw::Tree(v) => v.as_number().and_then(Number::as_i64),
            // The parse succeeds on a sign and digits only, so it implies `is_integer_text`
            // (a fraction or an exponent stops it): one read of the text, not two.
            Raw::Tape(t) => t
                .as_number_text()
                .and_then(|s| super::number::parse_i64(s.as_bytes())),
        }
    }

    /// The value as `i128` when it is a number written as an integer within that range (what
    /// a partition key compares).
    #[inline]
    pub fn as_i128(self) -> Option<i128> {
        match self {
            Raw::Tree(v) => v.as_number().and_then(Number::as_i128),
            Raw::Tape(t) => t
                .as_number_text()
                .and_then(|t| super::number::integer_i128(t.as_bytes())),
        }
    }

    /// A number written as an integer (no fraction or exponent): its text, and its value when
    /// it is within `i64` ([`Raw::as_i64`]). One read of the text, for the rules that need
    /// both (the tape's text is read once, not once per question).
    pub fn integer(self) -> Option<(&'a str, Option<i64>)> {
        let text = self.number_text()?;
        let b = text.as_bytes();
        // The parse succeeds on a sign and digits only, so it implies `is_integer_text`; only
        // when it fails is the text read again (a fraction or exponent, or out of range).
        match super::number::parse_i64(b) {
            Some(v) => Some((text, Some(v))),
            None => super::number::is_integer_text(b).then_some((text, None)),
        }
    }

    /// True for a number written without fraction or exponent, whatever its size.
    #[inline]
    pub fn is_integer_number(self) -> bool {
        match self {
            Raw::Tree(v) => v.as_number().is_some_and(Number::is_integer_text),
            Raw::Tape(t) => t
                .as_number_text()
                .is_some_and(|t| super::number::is_integer_text(t.as_bytes())),
        }
    }

    /// Byte offset of the value's first character in the text it was parsed from (0 for a
    /// value built by code).
    #[inline]
    pub fn start(self) -> usize {
        match self {
            Raw::Tree(v) => v.start,
            Raw::Tape(t) => t.start(),
        }
    }

    /// Byte offset just past the value's last character: known on a tape only, since the
    /// tree does not store it.
    #[inline]
    pub fn end(self) -> Option<usize> {
        match self {
            Raw::Tree(_) => None,
            Raw::Tape(t) => Some(t.end()),
        }
    }

    /// The root of the tape this value is a node of, with the tape's text (`None` on a tree):
    /// how a rewrite finds the document an imported entry was read from without parsing it
    /// again.
    pub fn tape_document(self) -> Option<(Raw<'a>, &'a str)> {
        match self {
            Raw::Tree(_) => None,
            Raw::Tape(t) => Some((Raw::Tape(t.tape().root()), t.tape().text())),
        }
    }

    /// The position of the value's first character in the original input: the tree's
    /// recorded one, or the tape's line index through its source map.
    #[inline]
    pub fn pos(self) -> Position {
        match self {
            Raw::Tree(v) => v.pos,
            Raw::Tape(t) => t.pos(),
        }
    }

    /// The members of an object, in input order, duplicates kept; none for anything else.
    #[inline]
    pub fn members(self) -> RawMembers<'a> {
        RawMembers(match self {
            Raw::Tree(v) => MembersOf::Tree(v.as_members().unwrap_or_default().iter()),
            Raw::Tape(t) => MembersOf::Tape(t.tape(), t.members()),
        })
    }

    /// The elements of an array, in order; none for anything else.
    #[inline]
    pub fn items(self) -> RawItems<'a> {
        RawItems(match self {
            Raw::Tree(v) => ItemsOf::Tree(v.as_array().unwrap_or_default().iter()),
            Raw::Tape(t) => ItemsOf::Tape(t.items()),
        })
    }

    /// The LAST member named `key` (Jackson's rule for duplicate keys), with its key.
    #[inline]
    pub fn member(self, key: &str) -> Option<RawMember<'a>> {
        self.members().filter(|m| m.key == key).last()
    }

    /// The value of the LAST member named `key` (Jackson's rule for duplicate keys).
    // Always inlined: a caller's constant key then compares without a call (the tree's
    // members are scanned in place), as when the readers called `JsonValue::get`.
    #[inline(always)]
    pub fn get(self, key: &str) -> Option<Raw<'a>> {
        match self {
            Raw::Tree(v) => v.get(key).map(Raw::Tree),
            Raw::Tape(t) => t.get(key).map(Raw::Tape),
        }
    }

    /// The value of the LAST member named by each of `keys` (what [`Raw::get`] answers per
    /// key), read in one pass over the object's members, and whether the object is clean:
    /// every member's key one of `keys`, none written twice. `None` for anything but an
    /// object. The keys must differ.
    pub fn fields<const N: usize>(self, keys: [&str; N]) -> Option<([Option<Raw<'a>>; N], bool)> {
        match self {
            Raw::Tree(v) => {
                let members = v.as_members()?;
                let mut found = [None; N];
                let mut clean = true;
                for m in members {
                    match keys
                        .iter()
                        .position(|k| *k == m.key)
                        .and_then(|s| found.get_mut(s))
                    {
                        Some(f) => {
                            clean &= f.is_none();
                            *f = Some(Raw::Tree(&m.value));
                        }
                        None => clean = false,
                    }
                }
                Some((found, clean))
            }
            Raw::Tape(t) => t
                .fields(keys)
                .map(|(found, known)| (found.map(|f| f.map(Raw::Tape)), known)),
        }
    }

    /// True when `self` and `other` are known to be at the same [`Raw::pos`] without computing
    /// it (a tape's value and its copy's, for example); false means "not known".
    pub fn same_place(self, other: Raw<'_>) -> bool {
        match (self, other) {
            (Raw::Tape(a), Raw::Tape(b)) => a.same_place(b),
            _ => false,
        }
    }

    /// True when `self` and `other` are one node of one tape (not merely equal values).
    pub fn same_node(self, other: Raw<'_>) -> bool {
        match (self, other) {
            (Raw::Tape(a), Raw::Tape(b)) => {
                std::ptr::eq(a.tape(), b.tape()) && a.index() == b.index()
            }
            _ => false,
        }
    }

    /// Structural equality that ignores positions (numbers compare by their text), across
    /// the two forms: [`JsonValue::same_as`]'s rule.
    pub fn same_as(self, other: Raw<'_>) -> bool {
        match (self, other) {
            (Raw::Tree(a), Raw::Tree(b)) => return a.same_as(b),
            // An edited entry's copy against the imported entry: most of it is the same bytes.
            (Raw::Tape(a), Raw::Tape(b)) if a.same_span(b) => return true,
            _ => {}
        }
        if self.kind() != other.kind() {
            return false;
        }
        match self.kind() {
            RawKind::Null => true,
            RawKind::Bool => self.as_bool() == other.as_bool(),
            RawKind::Number => self.number_text() == other.number_text(),
            RawKind::String => self.as_str() == other.as_str(),
            RawKind::Array => {
                let (mut a, mut b) = (self.items(), other.items());
                loop {
                    match (a.next(), b.next()) {
                        (None, None) => return true,
                        (Some(x), Some(y)) if x.same_as(y) => {}
                        _ => return false,
                    }
                }
            }
            RawKind::Object => {
                let (mut a, mut b) = (self.members(), other.members());
                loop {
                    match (a.next(), b.next()) {
                        (None, None) => return true,
                        (Some(x), Some(y)) if x.key == y.key && x.value.same_as(y.value) => {}
                        _ => return false,
                    }
                }
            }
        }
    }

    /// When `self` is an edited copy of `orig` (an entry whose offset number alone was
    /// replaced, on a tape: `Entry::with_offset`): the span of that number in the text both
    /// read and its new text. `None` for any other pair (compare them).
    pub fn replaced_number(self, orig: Raw<'_>) -> Option<(usize, usize, &'a str)> {
        match (self, orig) {
            (Raw::Tape(now), Raw::Tape(orig)) => now.replaced_in(orig),
            _ => None,
        }
    }

    /// The value as a tree, with its positions.
    pub fn to_value(self) -> JsonValue {
        match self {
            Raw::Tree(v) => v.clone(),
            Raw::Tape(t) => t.to_value(),
        }
    }
}

/// Equality ignores positions, as [`JsonValue`]'s does.
impl PartialEq for Raw<'_> {
    fn eq(&self, other: &Raw<'_>) -> bool {
        self.same_as(*other)
    }
}

/// One `"key": value` member of a [`Raw`] object.
#[derive(Debug, Clone, Copy)]
pub struct RawMember<'a> {
    pub key: &'a str,
    pub value: Raw<'a>,
    key_at: KeyAt<'a>,
}

#[derive(Debug, Clone, Copy)]
enum KeyAt<'a> {
    Tree(Position),
    /// The byte offset of the key's opening quote on this tape.
    Tape(&'a Tape<'a>, usize),
}

impl RawMember<'_> {
    /// The position of the key's opening quote in the original input.
    pub fn key_pos(&self) -> Position {
        match self.key_at {
            KeyAt::Tree(pos) => pos,
            KeyAt::Tape(tape, offset) => tape.position(offset),
        }
    }

    /// Byte offset of the key's opening quote: known on a tape only (the tree keeps the
    /// key's position, not its offset).
    pub fn key_start(&self) -> Option<usize> {
        match self.key_at {
            KeyAt::Tree(_) => None,
            KeyAt::Tape(_, offset) => Some(offset),
        }
    }
}

/// The members of a [`Raw`] object.
#[derive(Debug, Clone)]
pub struct RawMembers<'a>(MembersOf<'a>);

impl<'a> RawMembers<'a> {
    /// Tree members held outside a value (a listing's extra top-level fields), read as the
    /// members of an object.
    pub fn of_tree(members: &'a [Member]) -> RawMembers<'a> {
        RawMembers(MembersOf::Tree(members.iter()))
    }
}

#[derive(Debug, Clone)]
enum MembersOf<'a> {
    Tree(std::slice::Iter<'a, Member>),
    Tape(&'a Tape<'a>, super::Members<'a, 'a>),
}

impl<'a> Iterator for RawMembers<'a> {
    type Item = RawMember<'a>;

    #[inline]
    fn next(&mut self) -> Option<RawMember<'a>> {
        match &mut self.0 {
            MembersOf::Tree(members) => members.next().map(|m| RawMember {
                key: &m.key,
                value: Raw::Tree(&m.value),
                key_at: KeyAt::Tree(m.key_pos),
            }),
            MembersOf::Tape(tape, members) => members.next().map(|m| RawMember {
                key: m.key,
                value: Raw::Tape(m.value),
                key_at: KeyAt::Tape(tape, m.key_start),
            }),
        }
    }
}

/// The elements of a [`Raw`] array.
#[derive(Debug, Clone)]
pub struct RawItems<'a>(ItemsOf<'a>);

#[derive(Debug, Clone)]
enum ItemsOf<'a> {
    Tree(std::slice::Iter<'a, JsonValue>),
    Tape(super::Items<'a, 'a>),
}

impl<'a> Iterator for RawItems<'a> {
    type Item = Raw<'a>;

    #[inline]
    fn next(&mut self) -> Option<Raw<'a>> {
        match &mut self.0 {
            ItemsOf::Tree(items) => items.next().map(Raw::Tree),
            ItemsOf::Tape(items) => items.next().map(Raw::Tape),
        }
    }
}
