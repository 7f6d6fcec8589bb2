//! The edit panel's sub-reducer: offset edits, undo and redo (handed to the offsets session's
//! reducer, `Session::apply`, or to the load history of `editor/replace.rs`), the bulk buttons
//! and the "Add partitions" form.

use crate::editing::edit::{Action, Session};
use crate::editor::{BulkOp, Editor, Notice, NoticeAt, add_entries, bulk_action};

/// The edit panel's actions: offset edits through the offsets session, the bulk buttons and the
/// "Add partitions" form.
#[derive(Debug, Clone, PartialEq)]
pub enum EditAction {
    /// An offset edit, undo or redo. Its notice is shown where [`NoticeAt::of`] says.
    Session(Action),
    /// A bulk button (or Enter in the bulk Value field, which is Set) with the Value field's
    /// text, over [`Editor::bulk_selection`]. A value that cannot be read is refused at
    /// [`NoticeAt::BulkValue`] (the field is marked invalid); the outcome is shown at
    /// [`NoticeAt::Bulk`].
    Bulk { op: BulkOp, value: String },
    /// The "Add partitions" form's four fields, as typed (see [`add_entries`]); refusal and
    /// outcome are shown at [`NoticeAt::Add`].
    AddEntries {
        cluster: String,
        topic: String,
        partitions: String,
        offset: String,
    },
}

impl Editor {
    pub(in crate::editor) fn reduce_edit(&mut self, action: EditAction) {
        match action {
            EditAction::Session(action) => self.edit(action),
            EditAction::Bulk { op, value } => {
                match bulk_action(op, self.bulk_selection(), &value) {
                    Ok(action) => self.edit(action),
                    Err(message) => {
                        self.page.notice = Some(Notice::error(NoticeAt::BulkValue, message));
                    }
                }
            }
            EditAction::AddEntries {
                cluster,
                topic,
                partitions,
                offset,
            } => match add_entries(&cluster, &topic, &partitions, &offset) {
                Ok(action) => self.edit(action),
                Err(message) => self.page.notice = Some(Notice::error(NoticeAt::Add, message)),
            },
        }
    }

    /// An offset edit through the offsets session's reducer (`Session::apply`); undo and
    /// redo run over the load history once the session's own is used up.
    pub(in crate::editor) fn edit(&mut self, action: Action) {
        // Undo and redo go through the session's own history first, then over the load or
        // discard that replaced it: one timeline.
        match action {
            Action::Undo
                if !self.session().is_some_and(Session::can_undo) && !self.replaced.is_empty() =>
            {
                return self.undo_replace();
            }
            Action::Redo
                if !self.session().is_some_and(Session::can_redo) && !self.reloaded.is_empty() =>
            {
                return self.redo_replace();
            }
            _ => {}
        }
        let history = matches!(action, Action::Undo | Action::Redo);
        let at = NoticeAt::of(&action);
        let Some(loaded) = self.loaded.as_mut() else {
            self.page.notice = Some(Notice::error(at, "Load offsets first."));
            return;
        };
        self.page.notice = Some(match loaded.session.apply(action) {
            Ok(outcome) => {
                if outcome.changed > 0 && !history {
                    // A new edit after an undone load: the load cannot be redone any more.
                    self.reloaded.clear();
                }
                let mut text = outcome.message;
                for note in outcome.notes {
                    text.push(' ');
                    text.push_str(&note);
                }
                Notice::info(at, text)
            }
            Err(e) => Notice::error(at, e.message),
        });
        let len = loaded.session.len();
        self.table.selected.truncate(len);
    }
}
