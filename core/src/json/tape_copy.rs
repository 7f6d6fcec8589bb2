//! Copies of one value of a tape in which one number reads another text: what an edited
//! offset is, without a tree. A copy is a small tape of the value's nodes that shares the
//! first tape's text and positions; [`CopySpare`] lets the next copy reuse a dropped one's
//! memory, so that editing every entry of a listing allocates once, not per entry.

use super::{ESCAPED, NodeKind, SourceMap, Tape, TapeText, key_slot};
use std::sync::{Arc, OnceLock};

/// What a copy keeps of where it comes from.
#[derive(Debug)]
pub(super) struct Copied {
    /// The first tape (a copy of a copy names the tape the spans are in): positions are its.
    pub(super) first: Arc<Tape<'static>>,
    /// The copy's node that reads [`Copied::number`] instead of its span.
    pub(super) node: u32,
    /// The number that node reads.
    pub(super) number: String,
}

/// The last copy made with it, kept so that the next copy reuses its memory once the value
/// made from it is dropped (until then a new copy is made). Pass the same spare to a run of
/// copies, each used and dropped before the next: `connect-offsets edit` writes 100k edited
/// entries with one.
#[derive(Debug, Default)]
pub struct CopySpare(Option<Arc<Tape<'static>>>);

impl CopySpare {
    /// The tape of the last copy, for reuse when nothing else holds it.
    pub(in crate::json) fn reusable(&mut self) -> Option<&mut Tape<'static>> {
        self.0.as_mut().and_then(Arc::get_mut)
    }

    /// A share of the last copy (after [`CopySpare::reusable`] rewrote it).
    pub(in crate::json) fn shared(&self) -> Option<Arc<Tape<'static>>> {
        self.0.clone()
    }

    /// Keeps `copy` as the last copy.
    pub(in crate::json) fn keep(&mut self, copy: &Arc<Tape<'static>>) {
        self.0 = Some(Arc::clone(copy));
    }
}

impl Tape<'static> {
    /// A tape of a copy of the value at node `value` whose number node `number` (inside the
    /// value) reads `text` instead of its own span: what an edited offset is, without a tree.
    /// The copy's nodes keep their spans in this tape's text, which it shares (an `Arc` or a
    /// `'static` borrow, never a copy), and its positions are this tape's, so a finding
    /// about it points where the imported value was. `None` when `number` is not a number
    /// node inside the value or `text` is not a JSON number.
    pub(in crate::json) fn copy_with_number(
        self: &Arc<Tape<'static>>,
        value: u32,
        number: u32,
        text: &str,
    ) -> Option<Tape<'static>> {
        let mut copy = Tape {
            text: self.shared_text(),
            map: SourceMap::Identity,
            nodes: Vec::new(),
            decoded: Vec::new(),
            lines: OnceLock::new(),
            copy_of: None,
        };
        self.copy_into(value, number, text, &mut copy)
            .then_some(copy)
    }

    /// [`Tape::copy_with_number`] written over `into`, a copy no longer read, reusing its
    /// memory. False (and `into` left as it was) when that copy cannot be made.
    pub(in crate::json) fn copy_into(
        self: &Arc<Tape<'static>>,
        value: u32,
        number: u32,
        text: &str,
        into: &mut Tape<'static>,
    ) -> bool {
        let Some(head) = self.nodes.get(value as usize) else {
            return false;
        };
        let end = value as usize + 1 + head.inside();
        let Some(nodes) = self.nodes.get(value as usize..end) else {
            return false;
        };
        if !(value..end as u32).contains(&number)
            || self.node(number).kind() != NodeKind::Number
            || !super::super::is_json_number(text)
        {
            return false;
        }
        let replaced = number - value;
        into.nodes.clear();
        into.nodes.extend_from_slice(nodes);
        if let Some(node) = into.nodes.get_mut(replaced as usize) {
            node.meta |= ESCAPED;
        }
        // The decoded texts inside the value: a range of the sorted list, found by search (a
        // scan of the whole list per copy would make editing every entry quadratic).
        let (first_slot, end_slot) = (key_slot(value), key_slot(end as u32));
        let (from, to) = (
            self.decoded.partition_point(|d| d.0 < first_slot),
            self.decoded.partition_point(|d| d.0 < end_slot),
        );
        into.decoded.clear();
        into.decoded.extend(
            self.decoded
                .get(from..to)
                .unwrap_or_default()
                .iter()
                .map(|d| (d.0 - first_slot, d.1.clone())),
        );
        if !std::ptr::eq(into.text.as_str(), self.text.as_str()) {
            into.text = self.shared_text();
        }
        into.map = SourceMap::Identity;
        // A copy of a copy reads positions from the first tape (the spans are its).
        let first = self.copy_of.as_ref().map_or(self, |c| &c.first);
        match &mut into.copy_of {
            Some(copied) if Arc::ptr_eq(&copied.first, first) => {
                copied.node = replaced;
                copied.number.clear();
                copied.number.push_str(text);
            }
            slot => {
                *slot = Some(Copied {
                    first: Arc::clone(first),
                    node: replaced,
                    number: text.to_string(),
                });
            }
        }
        true
    }

    /// This tape's text, shared (never copied).
    fn shared_text(&self) -> TapeText<'static> {
        match &self.text {
            TapeText::Borrowed(text) => TapeText::Borrowed(text),
            TapeText::Shared(text) => TapeText::Shared(Arc::clone(text)),
        }
    }
}
