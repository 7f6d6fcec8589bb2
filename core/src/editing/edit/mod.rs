//! The edit engine: a [`Session`] holds the imported [`Listing`] (never modified) and the working
//! set, and every change is an [`Action`] applied by ONE reducer, [`Session::apply`], with bounded
//! undo/redo.
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

use crate::filter::{EntryFacts, Filter, PartitionSet};
use crate::json::{JsonKind, JsonValue, Member};
use crate::model::{ConnectorKind, Entry, Listing, OffsetField, PartitionKey};
use crate::names;
use std::collections::{HashMap, VecDeque};
use std::fmt;
use std::sync::Arc;

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

/// Which rows a bulk action acts on.
#[derive(Debug, Clone, PartialEq)]
pub enum Selection {
    /// Every row (removed rows are skipped, except by the restore actions).
    All,
    /// Explicit row indices (as [`Session::rows`] numbers them).
    Rows(Vec<usize>),
    /// Explicit partitions; each must be listed.
    Keys(Vec<PartitionKey>),
    /// The rows a filter matches (removed rows are skipped, except by the restore actions).
    Filter(Filter),
}

/// Every change of editor state.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// Sets one row's offset (must be >= 0).
    SetOffset {
        row: usize,
        offset: i64,
    },
    /// Sets one row's offset to null (see [`null_meaning`]).
    SetNull {
        row: usize,
    },
    /// Back to the imported value (an added row is removed, a removed row comes back).
    Restore {
        row: usize,
    },
    /// Sets every selected offset to `offset`.
    SetOffsets {
        selection: Selection,
        offset: i64,
    },
    /// Adds `delta` to every selected offset, with checked arithmetic: a result below 0 or above
    /// 2^63-1 refuses the whole action. Null and unreadable offsets are left alone.
    ShiftOffsets {
        selection: Selection,
        delta: i64,
    },
    /// Sets every selected offset to null.
    NullOffsets {
        selection: Selection,
    },
    /// Restores every selected row.
    RestoreOffsets {
        selection: Selection,
    },
    /// "Resume replication at record M": MirrorSourceConnector stores M-1 (M = 0 stores null);
    /// a sink connector stores M (its offset is the next record to consume).
    ResumeAt {
        selection: Selection,
        record: i64,
    },
    /// "Replay the whole partition": stores null (MirrorSourceConnector and sink connectors).
    ReplayPartitions {
        selection: Selection,
    },
    /// Sets several rows at once, each to its own value (`None` = null), atomically.
    SetEach {
        changes: Vec<(usize, Option<i64>)>,
    },
    /// Adds entries for `topic` and each partition (MirrorSourceConnector: for `cluster`, by
    /// default the connector's source alias; sink connectors: no cluster).
    AddEntries {
        cluster: Option<String>,
        topic: String,
        partitions: PartitionSet,
        offset: Option<i64>,
    },
    /// Replaces one row's whole entry (`{"partition": {...}, "offset": ...}`): how the editor
    /// changes the partition and offset maps of connectors whose format is connector-defined
    /// (see [`with_field`]). The row keeps its origin, so diagnostics still point at the
    /// imported line; a value equal to the imported entry makes the row unchanged again.
    SetEntry {
        row: usize,
        value: JsonValue,
    },
    /// Removes rows from the alter set (they are never exported).
    RemoveEntries {
        selection: Selection,
    },
    /// Chooses what an export contains.
    SetScope {
        scope: ExportScope,
    },
    Undo,
    Redo,
}

/// What an accepted action did.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Outcome {
    /// How many rows changed.
    pub changed: usize,
    /// One sentence for a status line.
    pub message: String,
    /// Explanations (what null means, skipped rows, a step too large to undo).
    pub notes: Vec<String>,
}

/// A refused action: the state is untouched.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EditError {
    pub message: String,
}

impl EditError {
    fn new(message: impl Into<String>) -> EditError {
        EditError {
            message: message.into(),
        }
    }
}

impl fmt::Display for EditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for EditError {}

/// What setting an offset to null means for this connector kind.
pub fn null_meaning(kind: ConnectorKind) -> &'static str {
    match kind {
        ConnectorKind::MirrorSource => {
            "null deletes the stored offset: MirrorMaker restarts the partition according to auto.offset.reset (earliest by default), so the whole partition is replicated again."
        }
        ConnectorKind::Sink => {
            "null deletes the consumer-group offset for this topic-partition: the connector restarts it according to its consumer auto.offset.reset."
        }
        ConnectorKind::MirrorCheckpoint | ConnectorKind::MirrorHeartbeat => {
            "null deletes the stored offset; this connector does not use its offsets at runtime."
        }
        ConnectorKind::Generic => {
            "null deletes the stored offset; what the connector does next is connector-defined."
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
enum RowOrigin {
    Imported(usize),
    Added(Box<Entry>),
}

#[derive(Debug, Clone, PartialEq)]
struct Row {
    origin: RowOrigin,
    /// The row's entry when it was replaced by [`Action::SetEntry`]: an index into
    /// [`Session::edited`]. The offset `cell` applies on top of it.
    edited: Option<u32>,
    cell: Cell,
    removed: bool,
}

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
    entries: Vec<(usize, Option<u32>, Cell)>,
    truncate_to: Option<usize>,
    scope: Option<ExportScope>,
}

impl Step {
    fn cost(&self) -> usize {
        1 + self.runs.len() + self.removed.len() + self.entries.len()
    }
}

/// A read-only view of one row.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RowView<'a> {
    pub index: usize,
    /// The entry as imported (or as added, with a null offset), or as replaced by
    /// [`Action::SetEntry`]; the current offset applies on top of it.
    pub entry: &'a Entry,
    /// The imported offset; `None` for an added row.
    pub imported: Option<OffsetValue>,
    /// The offset now.
    pub current: OffsetValue,
    pub added: bool,
    pub removed: bool,
    /// Added, or the offset differs from the imported one, or the entry was replaced.
    pub changed: bool,
    /// The entry was replaced by [`Action::SetEntry`].
    pub edited: bool,
}

/// An editing session. See the module documentation.
#[derive(Debug, Clone, PartialEq)]
pub struct Session {
    imported: Arc<Listing>,
    base: Vec<OffsetValue>,
    rows: Vec<Row>,
    /// Entries replaced by [`Action::SetEntry`], appended and never removed (undo steps and
    /// rows refer to them by index).
    edited: Vec<Entry>,
    scope: ExportScope,
    undo: VecDeque<Step>,
    undo_cost: usize,
    redo: Vec<Action>,
}

/// The imported meaning of an entry's offset. For a generic connector only an offset map with
/// exactly one number, an integer, is readable (it is the one [`Entry::with_offset`] rewrites).
fn read_offset(kind: ConnectorKind, entry: &Entry) -> OffsetValue {
    match entry.offset_field() {
        OffsetField::Missing | OffsetField::Null => OffsetValue::Null,
        OffsetField::Other(_) => OffsetValue::Unreadable,
        OffsetField::Map(map) => {
            if kind == ConnectorKind::Generic {
                let numbers = map
                    .as_members()
                    .unwrap_or_default()
                    .iter()
                    .filter(|m| matches!(m.value.kind, JsonKind::Number(_)))
                    .count();
                if numbers != 1 {
                    return OffsetValue::Unreadable;
                }
            }
            match entry.offset(kind) {
                Some(v) => OffsetValue::Value(v),
                None => OffsetValue::Unreadable,
            }
        }
    }
}

impl Session {
    /// Starts a session on an imported listing.
    pub fn new(listing: Listing) -> Session {
        let base: Vec<OffsetValue> = listing
            .entries
            .iter()
            .map(|e| read_offset(listing.kind, e))
            .collect();
        let rows = (0..listing.entries.len())
            .map(|i| Row {
                origin: RowOrigin::Imported(i),
                edited: None,
                cell: Cell::Imported,
                removed: false,
            })
            .collect();
        Session {
            imported: Arc::new(listing),
            base,
            rows,
            edited: Vec::new(),
            scope: ExportScope::default(),
            undo: VecDeque::new(),
            undo_cost: 0,
            redo: Vec::new(),
        }
    }

    /// The imported listing, never modified.
    pub fn imported(&self) -> &Listing {
        &self.imported
    }

    pub fn kind(&self) -> ConnectorKind {
        self.imported.kind
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

    fn entry_of<'a>(&'a self, row: &'a Row) -> Option<&'a Entry> {
        if let Some(k) = row.edited {
            return self.edited.get(k as usize);
        }
        match &row.origin {
            RowOrigin::Imported(i) => self.imported.entries.get(*i),
            RowOrigin::Added(e) => Some(e),
        }
    }

    fn current_of(&self, row: &Row) -> OffsetValue {
        if let (Cell::Imported, Some(k)) = (row.cell, row.edited) {
            return match self.edited.get(k as usize) {
                Some(entry) => read_offset(self.kind(), entry),
                None => OffsetValue::Unreadable,
            };
        }
        match (row.cell, &row.origin) {
            (Cell::Imported, RowOrigin::Imported(i)) => self
                .base
                .get(*i)
                .copied()
                .unwrap_or(OffsetValue::Unreadable),
            (Cell::Imported, RowOrigin::Added(_)) | (Cell::Null, _) => OffsetValue::Null,
            (Cell::Value(v), _) => OffsetValue::Value(v),
        }
    }

    fn changed_of(&self, row: &Row) -> bool {
        match &row.origin {
            RowOrigin::Added(_) => true,
            RowOrigin::Imported(_) if row.edited.is_some() => true,
            RowOrigin::Imported(i) => match row.cell {
                Cell::Imported => false,
                _ => self.base.get(*i).copied() != Some(self.current_of(row)),
            },
        }
    }

    fn view<'a>(&'a self, index: usize, row: &'a Row) -> Option<RowView<'a>> {
        Some(RowView {
            index,
            entry: self.entry_of(row)?,
            imported: match &row.origin {
                RowOrigin::Imported(i) => self.base.get(*i).copied(),
                RowOrigin::Added(_) => None,
            },
            current: self.current_of(row),
            added: matches!(row.origin, RowOrigin::Added(_)),
            removed: row.removed,
            changed: self.changed_of(row),
            edited: row.edited.is_some(),
        })
    }

    /// One row.
    pub fn row(&self, index: usize) -> Option<RowView<'_>> {
        self.view(index, self.rows.get(index)?)
    }

    /// Every row, in order.
    pub fn rows(&self) -> impl Iterator<Item = RowView<'_>> {
        self.rows
            .iter()
            .enumerate()
            .filter_map(|(i, r)| self.view(i, r))
    }

    /// What the filter language sees in a row.
    pub fn facts(&self, index: usize) -> Option<EntryFacts<'_>> {
        let row = self.rows.get(index)?;
        Some(EntryFacts::of(
            self.kind(),
            self.entry_of(row)?,
            self.changed_of(row),
        ))
    }

    /// Rows (not removed) the filter matches, ascending.
    pub fn matching_rows(&self, filter: &Filter) -> Vec<usize> {
        self.select_filter(filter, false)
    }

    /// The row holding `key` (not removed), if any.
    pub fn find(&self, key: &PartitionKey) -> Option<usize> {
        self.rows.iter().enumerate().find_map(|(i, r)| {
            (!r.removed && self.entry_of(r)?.key().as_ref() == Some(key)).then_some(i)
        })
    }

    /// A short human name of a row: `east/orders:0`, `events:2`, or the partition map.
    pub fn describe(&self, index: usize) -> String {
        let Some(row) = self.rows.get(index) else {
            return format!("row {index}");
        };
        let Some(entry) = self.entry_of(row) else {
            return format!("row {index}");
        };
        let number = match row.origin {
            RowOrigin::Imported(i) => format!("Entry #{}", i + 1),
            RowOrigin::Added(_) => "Added entry".to_string(),
        };
        format!("{number} ({})", describe_entry(self.kind(), entry))
    }

    /// The entry a row exports now: unchanged rows and replaced entries verbatim, otherwise the
    /// entry with the current offset written in.
    fn materialise(&self, row: &Row) -> Option<Entry> {
        let entry = self.entry_of(row)?;
        let as_is = match row.origin {
            RowOrigin::Imported(_) => !self.changed_of(row) || row.cell == Cell::Imported,
            RowOrigin::Added(_) => row.cell == Cell::Imported && row.edited.is_some(),
        };
        if as_is {
            return Some(entry.clone());
        }
        Some(match self.current_of(row) {
            OffsetValue::Null => entry.with_offset(self.kind(), None),
            OffsetValue::Value(v) => entry.with_offset(self.kind(), Some(v)),
            OffsetValue::Unreadable => entry.clone(),
        })
    }

    /// The entry row `index` exports now (its offset written in), whether or not it is removed.
    pub fn current_entry(&self, index: usize) -> Option<Entry> {
        self.materialise(self.rows.get(index)?)
    }

    fn listing_with(&self, keep: impl Fn(&Row) -> bool) -> Listing {
        let imported: &Listing = &self.imported;
        let entries = self
            .rows
            .iter()
            .filter(|r| keep(r))
            .filter_map(|r| self.materialise(r))
            .collect();
        Listing {
            entries,
            ..imported.clone_without_entries()
        }
    }

    /// The whole edited listing: every row that is not removed, imported order then added rows.
    pub fn working_listing(&self) -> Listing {
        self.listing_with(|r| !r.removed)
    }

    /// What an export contains, according to [`Session::scope`].
    pub fn export_listing(&self) -> Listing {
        match self.scope {
            ExportScope::All => self.working_listing(),
            ExportScope::ChangedOnly => self.listing_with(|r| !r.removed && self.changed_of(r)),
        }
    }

    /// Number of rows an export in changed-only scope would contain.
    pub fn changed_count(&self) -> usize {
        self.rows
            .iter()
            .filter(|r| !r.removed && self.changed_of(r))
            .count()
    }

    // ----- the reducer -----

    /// THE reducer: applies one action. A refused action leaves the state untouched.
    pub fn apply(&mut self, action: Action) -> Result<Outcome, EditError> {
        match action {
            Action::Undo => self.undo(),
            Action::Redo => {
                let Some(action) = self.redo.pop() else {
                    return Err(EditError::new("Nothing to redo."));
                };
                match self.perform(action.clone()) {
                    Ok(mut out) => {
                        out.message = format!("Redone: {}", out.message);
                        Ok(out)
                    }
                    Err(e) => {
                        self.redo.push(action);
                        Err(e)
                    }
                }
            }
            other => {
                let out = self.perform(other)?;
                if out.changed > 0 || out.message.starts_with("Export scope") {
                    self.redo.clear();
                }
                Ok(out)
            }
        }
    }

    fn undo(&mut self) -> Result<Outcome, EditError> {
        let Some(step) = self.undo.pop_back() else {
            return Err(EditError::new("Nothing to undo."));
        };
        self.undo_cost = self.undo_cost.saturating_sub(step.cost());
        let mut changed = 0;
        // Reverse order, so that a row touched twice ends with its oldest state.
        for run in step.runs.iter().rev() {
            for i in run.start..run.start.saturating_add(run.len) {
                if let Some(row) = self.rows.get_mut(i) {
                    row.cell = match (run.before, row.cell) {
                        (Before::Same(c), _) => c,
                        (Before::Delta(d), Cell::Value(v)) => match v.checked_sub(d) {
                            Some(p) => Cell::Value(p),
                            None => row.cell,
                        },
                        (Before::Delta(_), other) => other,
                    };
                    changed += 1;
                }
            }
        }
        for &(i, was) in step.removed.iter().rev() {
            if let Some(row) = self.rows.get_mut(i) {
                row.removed = was;
                changed += 1;
            }
        }
        for &(i, edited, cell) in step.entries.iter().rev() {
            if let Some(row) = self.rows.get_mut(i) {
                row.edited = edited;
                row.cell = cell;
                changed += 1;
            }
        }
        if let Some(n) = step.truncate_to {
            changed += self.rows.len().saturating_sub(n);
            self.rows.truncate(n);
        }
        if let Some(scope) = step.scope {
            self.scope = scope;
        }
        self.redo.push(step.action);
        Ok(Outcome {
            changed,
            message: "Undone.".into(),
            notes: Vec::new(),
        })
    }

    fn push_step(&mut self, step: Step, out: &mut Outcome) {
        let cost = step.cost();
        if cost > HISTORY_RUNS {
            self.undo.clear();
            self.undo_cost = 0;
            out.notes.push(format!(
                "This change is too large to undo (it needs {cost} history records; the limit is {HISTORY_RUNS}); earlier undo steps were dropped too."
            ));
            return;
        }
        self.undo_cost += cost;
        self.undo.push_back(step);
        while self.undo.len() > HISTORY_STEPS || self.undo_cost > HISTORY_RUNS {
            match self.undo.pop_front() {
                Some(old) => self.undo_cost = self.undo_cost.saturating_sub(old.cost()),
                None => break,
            }
        }
    }

    fn select_filter(&self, filter: &Filter, include_removed: bool) -> Vec<usize> {
        let kind = self.kind();
        self.rows
            .iter()
            .enumerate()
            .filter(|(_, r)| include_removed || !r.removed)
            .filter(|(_, r)| {
                self.entry_of(r).is_some_and(|e| {
                    filter.is_empty()
                        || filter.matches(&EntryFacts::of(kind, e, self.changed_of(r)))
                })
            })
            .map(|(i, _)| i)
            .collect()
    }

    /// Resolves a selection into ascending, distinct row indices.
    fn resolve(
        &self,
        selection: &Selection,
        include_removed: bool,
    ) -> Result<Vec<usize>, EditError> {
        let mut rows = match selection {
            Selection::All => self.select_filter(&Filter::all(), include_removed),
            Selection::Filter(f) => self.select_filter(f, include_removed),
            Selection::Rows(rows) => {
                for &i in rows {
                    self.check_row(i, include_removed)?;
                }
                rows.clone()
            }
            Selection::Keys(keys) => {
                let mut index: HashMap<PartitionKey, usize> = HashMap::new();
                for (i, r) in self.rows.iter().enumerate() {
                    if (include_removed || !r.removed)
                        && let Some(k) = self.entry_of(r).and_then(Entry::key)
                    {
                        index.entry(k).or_insert(i);
                    }
                }
                let mut out = Vec::with_capacity(keys.len());
                for k in keys {
                    match index.get(k) {
                        Some(&i) => out.push(i),
                        None => {
                            return Err(EditError::new(format!(
                                "Partition {k} is not listed; add it first (only listed partitions can be edited). Nothing was changed."
                            )));
                        }
                    }
                }
                out
            }
        };
        rows.sort_unstable();
        rows.dedup();
        Ok(rows)
    }

    fn check_row(&self, i: usize, include_removed: bool) -> Result<(), EditError> {
        match self.rows.get(i) {
            None => Err(EditError::new(format!(
                "There is no row {i} (the session has {} rows). Nothing was changed.",
                self.rows.len()
            ))),
            Some(r) if r.removed && !include_removed => Err(EditError::new(format!(
                "{} was removed from the alter set; restore it before editing it. Nothing was changed.",
                self.describe(i)
            ))),
            Some(_) => Ok(()),
        }
    }

    fn settable(&self, i: usize) -> Result<(), EditError> {
        let Some(row) = self.rows.get(i) else {
            return self.check_row(i, false);
        };
        let readable = match (row.edited, &row.origin) {
            (None, RowOrigin::Imported(b)) => {
                matches!(self.base.get(*b), Some(OffsetValue::Value(_)))
            }
            (None, RowOrigin::Added(_)) => true,
            (Some(_), _) => self
                .entry_of(row)
                .is_some_and(|e| matches!(read_offset(self.kind(), e), OffsetValue::Value(_))),
        };
        if self.kind() == ConnectorKind::Generic && !readable {
            return Err(EditError::new(format!(
                "{}: this connector's offset format is connector-defined and the entry has no single integer field to set; only null or restore are possible. Nothing was changed.",
                self.describe(i)
            )));
        }
        Ok(())
    }

    /// Computes every new cell first (refusing atomically), then commits the changed ones.
    fn commit_cells(
        &mut self,
        rows: &[usize],
        mut new_cell: impl FnMut(&Session, usize, OffsetValue) -> Result<Option<Cell>, EditError>,
    ) -> Result<(usize, Vec<Run>), EditError> {
        let mut planned: Vec<(usize, Cell)> = Vec::with_capacity(rows.len());
        for &i in rows {
            let Some(row) = self.rows.get(i) else {
                continue;
            };
            let current = self.current_of(row);
            if let Some(cell) = new_cell(self, i, current)?
                && cell != row.cell
            {
                planned.push((i, cell));
            }
        }
        let mut runs: Vec<Run> = Vec::new();
        for &(i, cell) in &planned {
            let Some(row) = self.rows.get_mut(i) else {
                continue;
            };
            let before = match (row.cell, cell) {
                (Cell::Value(b), Cell::Value(a)) => match a.checked_sub(b) {
                    Some(d) => Before::Delta(d),
                    None => Before::Same(row.cell),
                },
                (prev, _) => Before::Same(prev),
            };
            row.cell = cell;
            match runs.last_mut() {
                Some(last) if last.before == before && last.start + last.len == i => last.len += 1,
                _ => runs.push(Run {
                    start: i,
                    len: 1,
                    before,
                }),
            }
        }
        Ok((planned.len(), runs))
    }

    fn perform(&mut self, action: Action) -> Result<Outcome, EditError> {
        let kind = self.kind();
        let mut notes = Vec::new();
        let (rows, include_removed) = match &action {
            Action::SetOffset { row, .. }
            | Action::SetNull { row }
            | Action::SetEntry { row, .. } => (vec![*row], false),
            Action::Restore { row } => (vec![*row], true),
            Action::SetOffsets { selection, .. }
            | Action::ShiftOffsets { selection, .. }
            | Action::NullOffsets { selection }
            | Action::ResumeAt { selection, .. }
            | Action::ReplayPartitions { selection }
            | Action::RemoveEntries { selection } => (self.resolve(selection, false)?, false),
            Action::RestoreOffsets { selection } => (self.resolve(selection, true)?, true),
            Action::SetEach { changes } => {
                let mut rows = Vec::with_capacity(changes.len());
                for &(i, _) in changes {
                    self.check_row(i, false)?;
                    rows.push(i);
                }
                // A row named twice takes its last value (the map below keeps the last).
                rows.sort_unstable();
                rows.dedup();
                (rows, false)
            }
            Action::AddEntries { .. } | Action::SetScope { .. } | Action::Undo | Action::Redo => {
                (Vec::new(), false)
            }
        };
        for &i in &rows {
            self.check_row(i, include_removed)?;
        }
        let negative = |s: &Session, i: usize, v: i64| -> Result<(), EditError> {
            if v < 0 {
                Err(EditError::new(format!(
                    "{}: offset {v} is negative; offsets are whole numbers between 0 and 9223372036854775807. Nothing was changed.",
                    s.describe(i)
                )))
            } else {
                Ok(())
            }
        };
        let mut step = Step {
            action: action.clone(),
            runs: Vec::new(),
            removed: Vec::new(),
            entries: Vec::new(),
            truncate_to: None,
            scope: None,
        };
        let changed;
        let message;
        match &action {
            Action::SetOffset { offset, .. } | Action::SetOffsets { offset, .. } => {
                let offset = *offset;
                let (n, runs) = self.commit_cells(&rows, |s, i, _| {
                    negative(s, i, offset)?;
                    s.settable(i)?;
                    Ok(Some(Cell::Value(offset)))
                })?;
                step.runs = runs;
                changed = n;
                message = format!("Set {n} offset(s) to {offset}.");
            }
            Action::SetNull { .. }
            | Action::NullOffsets { .. }
            | Action::ReplayPartitions { .. } => {
                if matches!(action, Action::ReplayPartitions { .. })
                    && !matches!(kind, ConnectorKind::MirrorSource | ConnectorKind::Sink)
                {
                    return Err(EditError::new(format!(
                        "Replaying a partition is defined for MirrorSourceConnector and sink connectors; this is a {}. Set the offset to null instead.",
                        kind.label()
                    )));
                }
                let (n, runs) = self.commit_cells(&rows, |_, _, _| Ok(Some(Cell::Null)))?;
                step.runs = runs;
                changed = n;
                message = format!("Set {n} offset(s) to null.");
                notes.push(null_meaning(kind).to_string());
            }
            Action::Restore { .. } | Action::RestoreOffsets { .. } => {
                let mut removed_flags = Vec::new();
                let mut added_removed = 0;
                for &i in &rows {
                    let Some(row) = self.rows.get(i) else {
                        continue;
                    };
                    let added = matches!(row.origin, RowOrigin::Added(_));
                    if added && !row.removed {
                        removed_flags.push((i, false));
                        added_removed += 1;
                    } else if !added && row.removed {
                        removed_flags.push((i, true));
                    }
                }
                let imported_rows: Vec<usize> = rows
                    .iter()
                    .copied()
                    .filter(|&i| {
                        self.rows
                            .get(i)
                            .is_some_and(|r| matches!(r.origin, RowOrigin::Imported(_)))
                    })
                    .collect();
                // Replaced entries go back to the imported ones (the cells follow below).
                for &i in &imported_rows {
                    if let Some(r) = self.rows.get_mut(i)
                        && r.edited.is_some()
                    {
                        step.entries.push((i, r.edited, r.cell));
                        r.edited = None;
                    }
                }
                let (_, runs) =
                    self.commit_cells(&imported_rows, |_, _, _| Ok(Some(Cell::Imported)))?;
                for &(i, was) in &removed_flags {
                    if let Some(r) = self.rows.get_mut(i) {
                        r.removed = !was;
                    }
                }
                // A row whose offset, entry and removal were all undone is one row restored.
                let mut touched: Vec<usize> = runs
                    .iter()
                    .flat_map(|r| r.start..r.start.saturating_add(r.len))
                    .chain(removed_flags.iter().map(|&(i, _)| i))
                    .chain(step.entries.iter().map(|&(i, _, _)| i))
                    .collect();
                touched.sort_unstable();
                touched.dedup();
                step.runs = runs;
                step.removed = removed_flags;
                changed = touched.len();
                message = format!("Restored {changed} row(s) to their imported state.");
                if added_removed > 0 {
                    notes.push(format!(
                        "{added_removed} added row(s) have no imported value and were removed."
                    ));
                }
            }
            Action::ShiftOffsets { delta, .. } => {
                let delta = *delta;
                let mut skipped = 0usize;
                let (n, runs) = self.commit_cells(&rows, |s, i, current| match current {
                    OffsetValue::Value(v) => match v.checked_add(delta) {
                        Some(r) if r >= 0 => Ok(Some(Cell::Value(r))),
                        Some(r) => Err(EditError::new(format!(
                            "{}: shifting offset {v} by {delta} gives {r}, below 0. Offsets cannot be negative; the whole shift was refused and nothing was changed.",
                            s.describe(i)
                        ))),
                        None => Err(EditError::new(format!(
                            "{}: shifting offset {v} by {delta} overflows the largest offset 9223372036854775807{}; the whole shift was refused and nothing was changed.",
                            s.describe(i),
                            if delta < 0 { " (or goes below 0)" } else { "" }
                        ))),
                    },
                    OffsetValue::Null | OffsetValue::Unreadable => {
                        skipped += 1;
                        Ok(None)
                    }
                })?;
                step.runs = runs;
                changed = n;
                message = format!("Shifted {n} offset(s) by {delta:+}.");
                if skipped > 0 {
                    notes.push(format!(
                        "{skipped} selected row(s) have no offset (null or unreadable) and were left alone."
                    ));
                }
            }
            Action::ResumeAt { record, .. } => {
                let record = *record;
                if record < 0 {
                    return Err(EditError::new(format!(
                        "Record {record} is negative; records are numbered from 0. Nothing was changed."
                    )));
                }
                let cell = match kind {
                    ConnectorKind::MirrorSource if record == 0 => {
                        notes.push("Record 0 is the start of the partition: the offset is set to null (MirrorMaker cannot store -1), so MirrorMaker replays the partition from auto.offset.reset (earliest by default).".into());
                        Cell::Null
                    }
                    ConnectorKind::MirrorSource => {
                        notes.push(format!(
                            "MirrorMaker resumes at the stored offset + 1, so {} is stored to resume at record {record}.",
                            record - 1
                        ));
                        Cell::Value(record - 1)
                    }
                    ConnectorKind::Sink => {
                        notes.push(format!(
                            "A sink connector's offset is the next record to consume, so {record} is stored."
                        ));
                        Cell::Value(record)
                    }
                    other => {
                        return Err(EditError::new(format!(
                            "Resuming at a record is defined for MirrorSourceConnector and sink connectors; this is a {}. Set the offset directly instead.",
                            other.label()
                        )));
                    }
                };
                let (n, runs) = self.commit_cells(&rows, |_, _, _| Ok(Some(cell)))?;
                step.runs = runs;
                changed = n;
                message = format!("{n} partition(s) will resume at record {record}.");
            }
            Action::SetEach { changes } => {
                let map: HashMap<usize, Option<i64>> = changes.iter().copied().collect();
                let (n, runs) =
                    self.commit_cells(&rows, |s, i, _| match map.get(&i).copied().flatten() {
                        Some(v) => {
                            negative(s, i, v)?;
                            s.settable(i)?;
                            Ok(Some(Cell::Value(v)))
                        }
                        None => Ok(Some(Cell::Null)),
                    })?;
                step.runs = runs;
                changed = n;
                message = format!("Set {n} offset(s).");
            }
            Action::SetEntry { row, value } => {
                let i = *row;
                let Some(current) = self.rows.get(i) else {
                    return Err(EditError::new(format!(
                        "There is no row {i}. Nothing was changed."
                    )));
                };
                if value.as_members().is_none() {
                    return Err(EditError::new(format!(
                        "{}: an entry must be a JSON object with \"partition\" and \"offset\", not {}. Nothing was changed.",
                        self.describe(i),
                        value.type_name()
                    )));
                }
                let now = self.materialise(current);
                if now.as_ref().is_some_and(|e| e.value.same_as(value)) {
                    changed = 0;
                    message = "The entry is unchanged.".into();
                } else {
                    let imported = match current.origin {
                        RowOrigin::Imported(b) => self.imported.entries.get(b),
                        RowOrigin::Added(_) => None,
                    };
                    let back_to_import = imported.is_some_and(|e| e.value.same_as(value));
                    let origin = self
                        .entry_of(current)
                        .map(|e| e.origin.clone())
                        .unwrap_or_default();
                    step.entries.push((i, current.edited, current.cell));
                    let edited = if back_to_import {
                        None
                    } else {
                        let Ok(k) = u32::try_from(self.edited.len()) else {
                            return Err(EditError::new(
                                "Too many entry edits in this session; export and start again. Nothing was changed.",
                            ));
                        };
                        self.edited.push(Entry {
                            value: value.clone(),
                            origin,
                        });
                        Some(k)
                    };
                    if let Some(r) = self.rows.get_mut(i) {
                        r.edited = edited;
                        r.cell = Cell::Imported;
                    }
                    changed = 1;
                    message = if back_to_import {
                        format!("{} is back to its imported entry.", self.describe(i))
                    } else {
                        format!("Changed the entry of {}.", self.describe(i))
                    };
                }
            }
            Action::RemoveEntries { .. } => {
                for &i in &rows {
                    if let Some(r) = self.rows.get_mut(i)
                        && !r.removed
                    {
                        r.removed = true;
                        step.removed.push((i, false));
                    }
                }
                changed = step.removed.len();
                message = format!("Removed {changed} row(s) from the alter set.");
            }
            Action::AddEntries {
                cluster,
                topic,
                partitions,
                offset,
            } => {
                let added = self.add_entries(cluster.as_deref(), topic, partitions, *offset)?;
                step.truncate_to = Some(self.rows.len());
                changed = added.len();
                self.rows.extend(added);
                message = format!(
                    "Added {changed} entr{}.",
                    if changed == 1 { "y" } else { "ies" }
                );
                if offset.is_none() {
                    notes.push(null_meaning(kind).to_string());
                }
            }
            Action::SetScope { scope } => {
                step.scope = Some(self.scope);
                changed = usize::from(self.scope != *scope);
                self.scope = *scope;
                message = match scope {
                    ExportScope::ChangedOnly => "Export scope: changed entries only.".into(),
                    ExportScope::All => "Export scope: every entry.".into(),
                };
            }
            Action::Undo | Action::Redo => {
                return Err(EditError::new("Undo and redo are handled by apply."));
            }
        }
        let mut out = Outcome {
            changed,
            message,
            notes,
        };
        if changed == 0 && rows.is_empty() && !matches!(action, Action::SetScope { .. }) {
            out.message = "No row matches the selection; nothing changed.".into();
        }
        if changed > 0 {
            self.push_step(step, &mut out);
        }
        Ok(out)
    }

    fn add_entries(
        &self,
        cluster: Option<&str>,
        topic: &str,
        partitions: &PartitionSet,
        offset: Option<i64>,
    ) -> Result<Vec<Row>, EditError> {
        let kind = self.kind();
        names::check_topic(topic)
            .map_err(|e| EditError::new(format!("{e}. Nothing was added.")))?;
        if let Some(v) = offset
            && v < 0
        {
            return Err(EditError::new(format!(
                "Offset {v} is negative; offsets are whole numbers between 0 and 9223372036854775807. Nothing was added."
            )));
        }
        let Some(list) = partitions.to_vec(MAX_ADD) else {
            return Err(EditError::new(format!(
                "{} partitions is too many to add at once (the limit is {MAX_ADD}). Nothing was added.",
                partitions.count()
            )));
        };
        let cluster = match kind {
            ConnectorKind::MirrorSource => {
                let alias = cluster
                    .map(str::to_string)
                    .or_else(|| self.imported.source_alias().map(str::to_string))
                    .or_else(|| {
                        self.imported
                            .entries
                            .iter()
                            .find_map(|e| e.mirror_partition().map(|m| m.cluster.to_string()))
                    });
                let Some(alias) = alias else {
                    return Err(EditError::new(
                        "Name the source cluster alias of the new entries (the listing does not show it). Nothing was added.",
                    ));
                };
                names::check_alias(&alias)
                    .map_err(|e| EditError::new(format!("{e} Nothing was added.")))?;
                Some(alias)
            }
            ConnectorKind::Sink => None,
            other => {
                return Err(EditError::new(format!(
                    "Adding entries is supported for MirrorSourceConnector and sink connectors; this is a {}.",
                    other.label()
                )));
            }
        };
        let mut existing: HashMap<PartitionKey, usize> = HashMap::new();
        for (i, r) in self.rows.iter().enumerate() {
            if let Some(k) = self.entry_of(r).and_then(Entry::key) {
                existing.entry(k).or_insert(i);
            }
        }
        let mut rows = Vec::with_capacity(list.len());
        for p in list {
            let entry = match &cluster {
                Some(c) => Entry::mirror_source(c, topic, p, None),
                None => Entry::sink(topic, p, None),
            };
            if let Some(&i) = entry.key().as_ref().and_then(|k| existing.get(k)) {
                let removed = self.rows.get(i).is_some_and(|r| r.removed);
                return Err(EditError::new(format!(
                    "{} is already {}; {}. Nothing was added.",
                    describe_entry(kind, &entry),
                    if removed {
                        "in the session but removed"
                    } else {
                        "listed"
                    },
                    if removed {
                        "restore it instead"
                    } else {
                        "edit it instead"
                    }
                )));
            }
            rows.push(Row {
                origin: RowOrigin::Added(Box::new(entry)),
                edited: None,
                cell: match offset {
                    Some(v) => Cell::Value(v),
                    None => Cell::Null,
                },
                removed: false,
            });
        }
        Ok(rows)
    }
}

/// Which map of an entry a field belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MapSide {
    Partition,
    Offset,
}

impl MapSide {
    /// The entry's key holding this map.
    pub fn key(self) -> &'static str {
        match self {
            MapSide::Partition => "partition",
            MapSide::Offset => "offset",
        }
    }
}

/// `members` with the last member named `key` given `value` (a new member at the end when
/// there is none); `None` removes every member named `key`. Positions of what is kept stay.
fn set_member(members: &[Member], key: &str, value: Option<JsonValue>) -> Vec<Member> {
    let last = members.iter().rposition(|m| m.key == key);
    match value {
        None => members.iter().filter(|m| m.key != key).cloned().collect(),
        Some(value) => {
            let mut out = members.to_vec();
            match last.and_then(|i| out.get_mut(i)) {
                Some(m) => {
                    m.value = JsonValue {
                        pos: m.value.pos,
                        start: m.value.start,
                        ..value
                    }
                }
                None => out.push(Member {
                    key: key.to_string(),
                    key_pos: crate::diag::Position::NONE,
                    value,
                }),
            }
            out
        }
    }
}

/// The JSON of `entry` with field `key` of its partition or offset map set to `value`, or
/// removed (`None`): what [`Action::SetEntry`] stores when one key/value cell is edited. Every
/// other key, its order and its number text are kept. Setting a field of a null (or missing)
/// offset creates the offset map.
pub fn with_field(
    entry: &Entry,
    side: MapSide,
    key: &str,
    value: Option<JsonValue>,
) -> Result<JsonValue, String> {
    let Some(members) = entry.value.as_members() else {
        return Err(format!(
            "The entry is {}, not an object with \"partition\" and \"offset\"; fix it in the source.",
            entry.value.type_name()
        ));
    };
    let map = entry.value.get(side.key());
    let new_map = match (map.and_then(JsonValue::as_members), &value) {
        (Some(fields), _) => {
            if value.is_none() && !fields.iter().any(|m| m.key == key) {
                return Err(format!("The {} map has no field '{key}'.", side.key()));
            }
            JsonValue {
                kind: JsonKind::Object(set_member(fields, key, value)),
                pos: map.map_or(crate::diag::Position::NONE, |m| m.pos),
                start: map.map_or(0, |m| m.start),
            }
        }
        (None, Some(v)) if side == MapSide::Offset && map.is_none_or(JsonValue::is_null) => {
            JsonValue::object([(key.to_string(), v.clone())])
        }
        (None, _) => {
            return Err(format!(
                "The {side} is {what}, not a map of fields; fix it in the source.",
                side = side.key(),
                what = map.map_or("missing", JsonValue::type_name),
            ));
        }
    };
    Ok(JsonValue {
        kind: JsonKind::Object(set_member(members, side.key(), Some(new_map))),
        pos: entry.value.pos,
        start: entry.value.start,
    })
}

/// `east/orders:0` (MirrorSourceConnector), `events:2` (sink), else the partition map.
pub fn describe_entry(kind: ConnectorKind, entry: &Entry) -> String {
    let f = EntryFacts::of(kind, entry, false);
    match (kind, f.cluster, f.topic, f.partition) {
        (ConnectorKind::MirrorSource, Some(c), Some(t), Some(p)) => format!("{c}/{t}:{p}"),
        (ConnectorKind::Sink | ConnectorKind::MirrorCheckpoint, _, Some(t), Some(p)) => {
            format!("{t}:{p}")
        }
        _ => match entry.key() {
            Some(k) => k.to_string(),
            None => "an entry without a partition".to_string(),
        },
    }
}

trait CloneWithoutEntries {
    fn clone_without_entries(&self) -> Listing;
}

impl CloneWithoutEntries for Listing {
    fn clone_without_entries(&self) -> Listing {
        Listing {
            kind: self.kind,
            entries: Vec::new(),
            form: self.form,
            data_key: self.data_key.clone(),
            data_key_pos: self.data_key_pos,
            available_keys: self.available_keys.clone(),
            mirror: self.mirror.clone(),
            configmap: self.configmap.clone(),
            extra_fields: self.extra_fields.clone(),
            payload_pos: self.payload_pos,
            offsets_pos: self.offsets_pos,
        }
    }
}
