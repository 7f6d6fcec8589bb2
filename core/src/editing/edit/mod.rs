//! The edit engine: a [`Session`] holds the imported [`Listing`] (never modified) and the working
//! set, and every change is an [`Action`] applied by the offsets session's reducer,
//! [`Session::apply`], with bounded undo/redo. (The web page's reducer, `editor::Editor::apply`,
//! sits above it and hands offset edits down to it.)
//!
//! # Why `apply(&mut self)` rather than `fn(State, Action) -> State`
//! The reducer is pure in the sense that matters (no I/O, no clock, deterministic, the state after
//! an action depends only on the state before and the action) but it mutates an owned state in
//! place. Returning a fresh state would copy 100k rows per keystroke; the web crate wraps the
//! session in an `Rc` newtype for `yew::Reducible` and calls `Rc::make_mut(..).apply(action)`.
//!
//! # Representation and cost
//! The working set is one small [`Cell`] per row (`Imported`, `Null` or `Value(i64)`) plus a
//! `removed` flag; entries are materialised (JSON rebuilt) only on export, and rows that are not
//! changed export their imported JSON verbatim. A bulk action over n rows is one pass to compute
//! every new cell (refusing atomically on the first error) and one pass to commit.
//!
//! # Undo history
//! Each step stores an inverse patch, never a copy of the rows: runs of consecutive rows with the
//! same "before" rule, either a previous cell or "previous value = current value - delta". A shift
//! of all 100k rows is therefore one run. The history keeps at most [`HISTORY_STEPS`] steps and
//! at most [`HISTORY_RUNS`] stored runs in total; the oldest steps are dropped first. A step that
//! alone exceeds the run budget is applied but cannot be undone (the outcome says so).
//!
//! # Files
//! This file holds the session's state (rows, arena, history records); `action` what the reducer
//! takes and returns, `reducer` the reducer (`Session::apply`: undo and redo), `perform/` every
//! other action (a short dispatcher, one file per action family), `select` which rows an action
//! covers, `commit` the atomic commit of new cells, `messages` every sentence the reducer says,
//! `add` adding entries, `history` undo and redo, `rows` reading the working set back (rows,
//! facts, listings for export) and `fields` key-by-key entry edits.

use crate::model::{ConnectorKind, Entry, Listing, ResetFact};
use std::collections::VecDeque;
use std::sync::Arc;

mod action;
mod add;
mod commit;
mod fields;
mod history;
mod messages;
mod perform;
mod reducer;
mod row;
mod rows;
mod select;

use row::Row;
use rows::read_offset;

pub use action::{Action, BelowZero, EditError, Outcome, Selection};
pub use fields::{MapSide, describe_entry, with_field};
pub use rows::RowView;

/// Most undo steps kept.
pub const HISTORY_STEPS: usize = 100;
/// Most inverse-patch records (runs, flag changes, added rows) kept over all undo steps.
pub const HISTORY_RUNS: usize = 1_000_000;
/// Most entries one [`Action::AddEntries`] may add.
pub const MAX_ADD: usize = 100_000;

/// The working state of one row's offset.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cell {
    /// As imported (for an added row this never occurs).
    Imported,
    /// `"offset": null`: delete the stored offset.
    Null,
    /// A new offset value.
    Value(i64),
    /// A value computed from the imported one by a shift or rewind (`None`: a clamped shift
    /// that went below 0 and was set to null). Right only while the stored offset is still the
    /// listed one: the alter procedure checks that it did not move.
    Shifted(Option<i64>),
}

/// What an offset currently means, as the editor reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OffsetValue {
    /// Null (or no `offset` key): the stored offset is deleted.
    Null,
    /// A 64-bit integer offset.
    Value(i64),
    /// Present but not a readable integer (invalid, or a connector-defined format).
    Unreadable,
}

/// Which entries an export contains.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ExportScope {
    /// Only added entries and entries whose offset differs from the import (an alter touches
    /// only what it names). The default.
    #[default]
    ChangedOnly,
    /// Every entry that is not removed.
    All,
}

/// What setting an offset to null means for this connector kind, under the connector's
/// `auto.offset.reset` (`reset`).
pub fn null_meaning(kind: ConnectorKind, reset: &ResetFact) -> String {
    match kind {
        ConnectorKind::MirrorSource => format!(
            "null deletes the stored offset: MirrorMaker restarts the partition according to auto.offset.reset {}.",
            reset.null_outcome(kind)
        ),
        ConnectorKind::Sink if reset.is_default() => {
            "null deletes the consumer-group offset for this topic-partition: the connector restarts it according to its consumer auto.offset.reset.".to_owned()
        }
        ConnectorKind::Sink => format!(
            "null deletes the consumer-group offset for this topic-partition: the connector restarts it according to its consumer auto.offset.reset {}.",
            reset.null_outcome(kind)
        ),
        ConnectorKind::MirrorCheckpoint | ConnectorKind::MirrorHeartbeat => {
            "null deletes the stored offset; this connector does not use its offsets at runtime."
                .to_owned()
        }
        ConnectorKind::Generic => {
            "null deletes the stored offset; what the connector does next is connector-defined."
                .to_owned()
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum RowOrigin {
    /// Entry `i` of the imported listing.
    Imported(u32),
    /// An added entry, which the session holds.
    Added(Held),
}

/// An entry the session holds itself (an added row's, or the entry that replaced a row's): its
/// index in [`Session::held`] plus one, so that an `Option<Held>` is 4 bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Held(std::num::NonZeroU32);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Before {
    Same(Cell),
    /// The previous cell was `Value(current - delta)`.
    Delta(i64),
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Run {
    start: usize,
    len: usize,
    before: Before,
}

#[derive(Debug, Clone, PartialEq)]
struct Step {
    action: Action,
    runs: Vec<Run>,
    removed: Vec<(usize, bool)>,
    /// Rows whose replaced entry changed: the entry and the cell before.
    entries: Vec<(usize, Option<Held>, Cell)>,
    truncate_to: Option<usize>,
    scope: Option<ExportScope>,
}

impl Step {
    fn cost(&self) -> usize {
        1 + self.runs.len() + self.removed.len() + self.entries.len()
    }
}

/// An editing session. See the module documentation.
#[derive(Debug, Clone, PartialEq)]
pub struct Session {
    imported: Arc<Listing>,
    rows: Vec<Row>,
    /// The entries of added rows and those set by [`Action::SetEntry`], appended and never
    /// removed (undo steps and rows refer to them by index: [`Held`]).
    held: Vec<Entry>,
    scope: ExportScope,
    undo: VecDeque<Step>,
    undo_cost: usize,
    redo: Vec<Action>,
}

impl Session {
    /// Starts a session on an imported listing.
    pub fn new(listing: Listing) -> Session {
        // An input is at most `u32::MAX` bytes, so its entries are fewer. Each row holds the
        // offset its entry was imported with, read once here.
        let rows = (0..u32::MAX)
            .zip(&listing.entries)
            .map(|(i, e)| Row::imported(i, read_offset(listing.kind, e)))
            .collect();
        Session {
            imported: Arc::new(listing),
            rows,
            held: Vec::new(),
            scope: ExportScope::default(),
            undo: VecDeque::new(),
            undo_cost: 0,
            redo: Vec::new(),
        }
    }

    /// Holds `entry` (an added or replaced row's); `None` once it could not be named
    /// ([`Session::can_hold`]).
    fn hold(&mut self, entry: Entry) -> Option<Held> {
        if !self.can_hold(1) {
            return None;
        }
        self.held.push(entry);
        // `can_hold`: the count is at most `u32::MAX - 1`, never 0.
        let id = u32::try_from(self.held.len()).ok()?;
        Some(Held(std::num::NonZeroU32::new(id)?))
    }

    /// Whether `n` more entries can be held: each is named by its count, a `u32`.
    fn can_hold(&self, n: usize) -> bool {
        self.held
            .len()
            .checked_add(n)
            .is_some_and(|total| total < u32::MAX as usize)
    }

    /// An entry the session holds.
    fn held(&self, id: Held) -> Option<&Entry> {
        self.held.get(id.0.get() as usize - 1)
    }

    /// The imported listing, never modified.
    pub fn imported(&self) -> &Listing {
        &self.imported
    }

    /// The imported listing, shared: a procedure keeps it as the listing the edits were made
    /// on without copying it.
    pub fn imported_shared(&self) -> Arc<Listing> {
        Arc::clone(&self.imported)
    }

    pub fn kind(&self) -> ConnectorKind {
        self.imported.kind
    }

    /// The connector's `auto.offset.reset` the session's sentences and listings assume.
    pub fn reset(&self) -> &ResetFact {
        &self.imported.reset
    }

    /// Sets what the connector's `auto.offset.reset` is (from its custom resource, or as the
    /// user states it). A fact about the connector, not an edit: it is not an undo step, and
    /// the listings the session builds carry it.
    pub fn set_reset(&mut self, reset: ResetFact) {
        if self.imported.reset != reset {
            Arc::make_mut(&mut self.imported).reset = reset;
        }
    }

    pub fn scope(&self) -> ExportScope {
        self.scope
    }

    /// Number of rows (imported, then added; removed rows included).
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Number of undo steps available.
    pub fn undo_depth(&self) -> usize {
        self.undo.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 36 item 4, small rows: a session holds one row per entry, so a byte more per row
    /// is 100 kB more at 100k entries.
    #[test]
    fn a_row_is_32_bytes() {
        assert_eq!(size_of::<Row>(), 32);
        assert_eq!(size_of::<Option<Held>>(), 4);
    }
}
