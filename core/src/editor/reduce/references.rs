//! The references' sub-reducer: hands the actions to `editor/references.rs` (the references'
//! state and their reducer, `Editor::apply_reference`) and moves the data and view revisions
//! when the bounds changed.

use crate::editor::{Editor, LookupField, ReferenceField};

/// The references' actions: the "Add a reference" and command generator forms, adding and
/// removing references, and the offset edits made from one.
#[derive(Debug, Clone, PartialEq)]
pub enum ReferencesAction {
    /// A field of the "Add a reference" form changed.
    SetReferenceForm(ReferenceField, String),
    /// A field of the command generator changed.
    SetLookup(LookupField, String),
    /// Read the form's pasted text as a reference of the form's role (`now_ms`: the page's
    /// clock, for the time of a `time` reference).
    AddReference {
        now_ms: i64,
    },
    /// A picked or dropped reference file, read with the form's role.
    AddReferenceFile {
        name: String,
        bytes: Vec<u8>,
        now_ms: i64,
    },
    RemoveReference(usize),
    /// Set the rows the filter (or the selection) shows from reference `n`: one undoable edit.
    SetFromReference(usize),
    /// Add the partitions of reference `n` the listing lacks as new entries.
    AddUnlistedFromReference(usize),
}

impl ReferencesAction {
    /// Whether the action edits offsets (set-from and add-unlisted: new data and view, the
    /// same settings); the others change the references, whose bounds moving is counted by
    /// `reduce_references`.
    pub(in crate::editor) fn edits(&self) -> bool {
        match self {
            ReferencesAction::SetFromReference(_)
            | ReferencesAction::AddUnlistedFromReference(_) => true,
            ReferencesAction::SetReferenceForm(..)
            | ReferencesAction::SetLookup(..)
            | ReferencesAction::AddReference { .. }
            | ReferencesAction::AddReferenceFile { .. }
            | ReferencesAction::RemoveReference(_) => false,
        }
    }
}

impl Editor {
    pub(super) fn reduce_references(&mut self, action: ReferencesAction) {
        // New bounds change the Log range column, range: filters and LR problems.
        if self.apply_reference(action) {
            self.data_revision = self.data_revision.wrapping_add(1);
            self.view_revision = self.view_revision.wrapping_add(1);
        }
    }
}
