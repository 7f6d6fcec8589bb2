//! What the reducer takes and gives back: [`Action`] (every offset edit, undo and redo), the
//! rows it covers ([`Selection`]), its [`Outcome`] and the [`EditError`] of a refused action.

use super::ExportScope;
use crate::editing::filter::{Filter, PartitionSet};
use crate::json::JsonValue;
use crate::model::PartitionKey;
use std::fmt;

/// Which rows a bulk action acts on.
#[derive(Debug, Clone, PartialEq)]
pub enum Selection {
    /// Every row (removed rows are skipped, except by the restore actions).
    All,
    /// Explicit row indices (as [`Session::rows`](super::Session::rows) numbers them).
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
    /// Sets one row's offset to null (see [`null_meaning`](super::null_meaning)).
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
    /// changes the partition and offset maps of connectors whose format is connector-defined (see
    /// [`with_field`](super::with_field)). The row keeps its origin, so diagnostics still point at
    /// the imported line; a value equal to the imported entry makes the row unchanged again.
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
    /// [`Action::ShiftOffsets`] where a row that would go below 0 is set to null or to 0
    /// instead, as one undoable step: the way out the refused shift offers.
    ShiftOffsetsClamped {
        selection: Selection,
        delta: i64,
        below_zero: BelowZero,
    },
    /// "Keep only the last" (docs/rules.md, S7): removes every row whose partition a later row has
    /// too, as Kafka Connect would ignore it (`Map.equals`: key order ignored, `1`, `1.0` and
    /// `"1"` differ), and for sink connectors every row whose topic partition a later row
    /// names differently (`3` and `"3"`), so the last one written is the one that counts.
    KeepLastDuplicates,
    /// Sets every selected row from a reference (earliest, latest, the offsets at a time, a
    /// consumer group's): a sink stores the reference's value R, a MirrorSourceConnector
    /// R − 1 (R = 0: null). Rows the reference lacks are left as they were and named in the
    /// notes; see `set_from` for the plan and the partitions it offers as new entries.
    SetFromReference {
        selection: Selection,
        reference: std::sync::Arc<crate::reading::reference::Reference>,
    },
    /// Adds the partitions of a reference that no row holds as new entries, each set to what
    /// the kind stores for its position (as [`Action::SetFromReference`] would): one step, one
    /// Undo, whatever the number of topics.
    AddUnlisted {
        reference: std::sync::Arc<crate::reading::reference::Reference>,
    },
}

/// What [`Action::ShiftOffsetsClamped`] does with a row the shift would take below 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BelowZero {
    /// Null: the stored offset is deleted (see [`null_meaning`](super::null_meaning)).
    Null,
    /// Offset 0.
    Zero,
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
    pub(super) fn new(message: impl Into<String>) -> EditError {
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
