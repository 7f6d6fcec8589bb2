//! The notice: what the last action did, or why it was refused, and where on the page it is
//! shown ([`NoticeAt`]): next to the control that caused it, never in a banner far from it.
//!
//! The reducer sets the anchor for every action it answers ([`NoticeAt::of`] for offset edits),
//! and every action clears the previous notice first, so a message never outlives the action
//! after the one it is about.

use crate::diag::Severity;
use crate::editing::edit::Action;

/// Where a notice is shown: each group of controls of the page shows the notice anchored to it
/// (in a polite live region; a refusal in an assertive one) and no other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NoticeAt {
    /// The page as a whole: a restored draft.
    Page,
    /// The import panel: loads, files, the offsets key, the connector kind, Discard.
    Import,
    /// The History toolbar: Undo and Redo (its buttons or Ctrl+Z / Ctrl+Shift+Z).
    History,
    /// The bulk actions' buttons: what a bulk action did or why it was refused.
    Bulk,
    /// The bulk Value field itself: the value typed cannot be read (it is marked invalid).
    BulkValue,
    /// The "Add partitions" group.
    Add,
    /// The offsets table: an edit of one row (its cell, Null box or Restore button).
    Table,
    /// The Problems list: a fix it offers (S7's "Keep only the last").
    Problems,
    /// The custom resource panel.
    Resource,
    /// The export panel (its scope).
    Export,
    /// The references panel: a reference added or removed, rows set from one, its unlisted
    /// partitions added.
    References,
    /// The landed check: a listing file it could not read.
    Landed,
    /// "Start a new connector" on the empty page: why no listing was made.
    NewConnector,
}

impl NoticeAt {
    /// Where the outcome of an offset edit is shown: the control that sends that action.
    pub fn of(action: &Action) -> NoticeAt {
        match action {
            Action::SetOffset { .. }
            | Action::SetNull { .. }
            | Action::Restore { .. }
            | Action::SetEntry { .. }
            | Action::SetEach { .. } => NoticeAt::Table,
            Action::SetOffsets { .. }
            | Action::ShiftOffsets { .. }
            | Action::NullOffsets { .. }
            | Action::RestoreOffsets { .. }
            | Action::ResumeAt { .. }
            | Action::ReplayPartitions { .. }
            | Action::RemoveEntries { .. }
            | Action::ShiftOffsetsClamped { .. } => NoticeAt::Bulk,
            Action::SetFromReference { .. } | Action::AddUnlisted { .. } => NoticeAt::References,
            Action::AddEntries { .. } => NoticeAt::Add,
            Action::SetScope { .. } => NoticeAt::Export,
            Action::Undo | Action::Redo => NoticeAt::History,
            Action::KeepLastDuplicates => NoticeAt::Problems,
        }
    }
}

/// The one-line message of the last action: what it did, or why it was refused, and where it
/// is shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    pub severity: Severity,
    pub text: String,
    pub at: NoticeAt,
}

impl Notice {
    pub fn info(at: NoticeAt, text: impl Into<String>) -> Notice {
        Notice {
            severity: Severity::Info,
            text: text.into(),
            at,
        }
    }

    pub fn error(at: NoticeAt, text: impl Into<String>) -> Notice {
        Notice {
            severity: Severity::Error,
            text: text.into(),
            at,
        }
    }

    /// A refusal (shown assertively, once, when it appears).
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}
