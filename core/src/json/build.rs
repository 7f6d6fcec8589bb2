//! What the parser makes of a document: the [`Build`] events it sends, and [`TreeBuild`], the
//! builder of the positioned tree. (The tape's builder is in `tape.rs`.)

use super::{JsonKind, JsonValue, Member, Number};
use crate::diag::Position;
use std::borrow::Cow;

/// A scalar as the parser read it: number text is checked against the grammar, strings are
/// decoded (borrowed from the input when they hold no escape).
pub(super) enum Scalar<'t> {
    Null,
    Bool(bool),
    Number(&'t str),
    String(Cow<'t, str>),
}

/// Where a value sits: its position (mapped), and its byte span `start..end` in the parsed text.
#[derive(Debug, Clone, Copy)]
pub(super) struct Span {
    pub pos: Position,
    pub start: usize,
    pub end: usize,
}

/// What the parser makes of a document, one event at a time, in document order.
pub(super) trait Build {
    /// Whether the builder keeps each value's position (`Span::pos`); when not, the parser
    /// leaves it [`Position::NONE`] and computes positions only for errors.
    const POSITIONS: bool;
    type Value;
    type Key;
    /// What the builder keeps for an open container.
    type Open;
    /// Fails when the result would not fit the builder (the tape's `u32` limits).
    fn scalar(&mut self, value: Scalar<'_>, at: Span) -> Result<Self::Value, &'static str>;
    fn key(&mut self, key: Cow<'_, str>, at: Span) -> Result<Self::Key, &'static str>;
    /// A container opens at `at` (`at.end` is not known yet).
    fn open(&mut self, array: bool, at: Span) -> Result<Self::Open, &'static str>;
    fn item(&mut self, open: &mut Self::Open, value: Self::Value);
    fn member(&mut self, open: &mut Self::Open, key: Self::Key, value: Self::Value);
    /// The container closes; its last byte is at `end - 1`.
    fn close(&mut self, open: Self::Open, end: usize) -> Self::Value;
}

/// The tree builder. Children live on shared scratch stacks (`items`, `members`) from index
/// `first` on until their container closes; then they move into one exactly sized `Vec`.
/// Growing a fresh `Vec` per container instead would leave most of them with room for 4
/// children (the first growth step) and reallocate the large ones repeatedly.
#[derive(Default)]
pub(super) struct TreeBuild {
    items: Vec<JsonValue>,
    members: Vec<Member>,
}

pub(super) struct TreeOpen {
    array: bool,
    first: usize,
    pos: Position,
    start: usize,
}

impl Build for TreeBuild {
    const POSITIONS: bool = true;
    type Value = JsonValue;
    type Key = (String, Position);
    type Open = TreeOpen;

    fn scalar(&mut self, value: Scalar<'_>, at: Span) -> Result<JsonValue, &'static str> {
        let kind = match value {
            Scalar::Null => JsonKind::Null,
            Scalar::Bool(b) => JsonKind::Bool(b),
            // The parser checked the grammar.
            Scalar::Number(text) => JsonKind::Number(Number::checked(text)),
            Scalar::String(s) => JsonKind::String(s.into_owned()),
        };
        Ok(JsonValue {
            kind,
            pos: at.pos,
            start: at.start,
        })
    }

    fn key(&mut self, key: Cow<'_, str>, at: Span) -> Result<(String, Position), &'static str> {
        Ok((key.into_owned(), at.pos))
    }

    fn open(&mut self, array: bool, at: Span) -> Result<TreeOpen, &'static str> {
        let first = if array {
            self.items.len()
        } else {
            self.members.len()
        };
        Ok(TreeOpen {
            array,
            first,
            pos: at.pos,
            start: at.start,
        })
    }

    fn item(&mut self, _: &mut TreeOpen, value: JsonValue) {
        self.items.push(value);
    }

    fn member(&mut self, _: &mut TreeOpen, (key, key_pos): (String, Position), value: JsonValue) {
        self.members.push(Member {
            key,
            key_pos,
            value,
        });
    }

    fn close(&mut self, open: TreeOpen, _end: usize) -> JsonValue {
        let kind = if open.array {
            JsonKind::Array(take_from(&mut self.items, open.first))
        } else {
            JsonKind::Object(take_from(&mut self.members, open.first))
        };
        JsonValue {
            kind,
            pos: open.pos,
            start: open.start,
        }
    }
}

/// The children of the container that opened at `first` on a scratch stack, exactly sized.
fn take_from<T>(scratch: &mut Vec<T>, first: usize) -> Vec<T> {
    if first <= scratch.len() {
        scratch.split_off(first)
    } else {
        Vec::new()
    }
}
