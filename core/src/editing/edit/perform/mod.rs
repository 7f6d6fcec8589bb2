//! `Session::perform`, the offsets session's reducer below undo and redo: which rows an action
//! covers, then a short dispatch to one file per action family, then the outcome and the undo
//! step. The wording is in `edit/messages.rs`.

mod add;
mod entry;
mod reference;
mod remove;
mod restore;
mod scope;
mod set;
mod shift;

use super::{Action, EditError, Outcome, Session, Step, messages};

/// What one action family did: how many rows changed and the sentence that says so.
type Done = Result<(usize, String), EditError>;

impl Session {
    /// The rows `action` covers, and whether removed rows count.
    fn rows_of(&self, action: &Action) -> Result<(Vec<usize>, bool), EditError> {
        Ok(match action {
            Action::SetOffset { row, .. }
            | Action::SetNull { row }
            | Action::SetEntry { row, .. } => (vec![*row], false),
            Action::Restore { row } => (vec![*row], true),
            Action::SetOffsets { selection, .. }
            | Action::ShiftOffsets { selection, .. }
            | Action::NullOffsets { selection }
            | Action::ResumeAt { selection, .. }
            | Action::ReplayPartitions { selection }
            | Action::RemoveEntries { selection }
            | Action::ShiftOffsetsClamped { selection, .. }
            | Action::SetFromReference { selection, .. } => {
                (self.resolve(selection, false)?, false)
            }
            Action::RestoreOffsets { selection } => (self.resolve(selection, true)?, true),
            Action::KeepLastDuplicates => (self.earlier_duplicates(), false),
            Action::SetEach { changes } => {
                let mut rows = Vec::with_capacity(changes.len());
                for &(i, _) in changes {
                    self.check_row(i, false)?;
                    rows.push(i);
                }
                // A row named twice takes its last value (set_each keeps the last).
                rows.sort_unstable();
                rows.dedup();
                (rows, false)
            }
            Action::AddEntries { .. }
            | Action::AddUnlisted { .. }
            | Action::SetScope { .. }
            | Action::Undo
            | Action::Redo => (Vec::new(), false),
        })
    }

    pub(super) fn perform(&mut self, action: Action) -> Result<Outcome, EditError> {
        let (rows, include_removed) = self.rows_of(&action)?;
        for &i in &rows {
            self.check_row(i, include_removed)?;
        }
        let mut step = Step {
            action: action.clone(),
            runs: Vec::new(),
            removed: Vec::new(),
            entries: Vec::new(),
            truncate_to: None,
            scope: None,
        };
        let mut notes = Vec::new();
        let (changed, message) = match &action {
            Action::SetOffset { offset, .. } | Action::SetOffsets { offset, .. } => {
                self.set_offset(&rows, *offset, &mut step, &mut notes)?
            }
            Action::SetNull { .. } | Action::NullOffsets { .. } => {
                self.set_null(&rows, false, &mut step, &mut notes)?
            }
            Action::ReplayPartitions { .. } => self.set_null(&rows, true, &mut step, &mut notes)?,
            Action::Restore { .. } | Action::RestoreOffsets { .. } => {
                self.restore(&rows, &mut step, &mut notes)?
            }
            Action::ShiftOffsets { delta, .. } => {
                self.shift(&rows, *delta, None, &mut step, &mut notes)?
            }
            Action::ShiftOffsetsClamped {
                delta, below_zero, ..
            } => self.shift(&rows, *delta, Some(*below_zero), &mut step, &mut notes)?,
            Action::ResumeAt { record, .. } => {
                self.resume_at(&rows, *record, &mut step, &mut notes)?
            }
            Action::SetEach { changes } => self.set_each(&rows, changes, &mut step)?,
            Action::SetEntry { row, value } => self.set_entry(*row, value, &mut step)?,
            Action::RemoveEntries { .. } => self.remove(&rows, false, &mut step),
            Action::KeepLastDuplicates => self.remove(&rows, true, &mut step),
            Action::AddEntries {
                cluster,
                topic,
                partitions,
                offset,
            } => self.add(
                cluster.as_deref(),
                topic,
                partitions,
                *offset,
                &mut step,
                &mut notes,
            )?,
            Action::SetScope { scope } => self.set_scope(*scope, &mut step),
            Action::SetFromReference { reference, .. } => {
                self.set_from_reference(&rows, reference, &mut step, &mut notes)?
            }
            Action::AddUnlisted { reference } => {
                self.add_unlisted(reference, &mut step, &mut notes)?
            }
            Action::Undo | Action::Redo => {
                return Err(EditError::new(messages::undo_redo_in_apply()));
            }
        };
        let mut out = Outcome {
            changed,
            message,
            notes,
        };
        if changed == 0 && rows.is_empty() && !matches!(action, Action::SetScope { .. }) {
            out.message = match action {
                Action::KeepLastDuplicates => messages::no_duplicates(),
                Action::AddUnlisted { .. } => messages::all_listed(),
                _ => messages::no_match(),
            };
        }
        if changed > 0 {
            self.push_step(step, &mut out);
        }
        Ok(out)
    }
}
