//! The references' actions and their sub-reducer: the forms, adding and removing references
//! (moving the data and view revisions when the bounds changed), and the edits made from one.

use super::References;
use super::forms::lookup_time;
use crate::diag::Severity;
use crate::editor::Revisions;
use crate::editor::{Editor, LookupField, Notice, NoticeAt, ReferenceField};

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

impl References {
    /// [`ReferencesAction::SetReferenceForm`]: the forms alone change (the field's error goes
    /// once it is edited).
    fn set_form(&mut self, field: ReferenceField, value: String) {
        let form = &mut self.form;
        match field {
            ReferenceField::Text => form.text = value,
            // The offsets at a time are usually the output of the lookup generated just above:
            // its time is the one they are at, so it is filled in.
            ReferenceField::Role if value == "time" && form.time.trim().is_empty() => {
                form.role = value;
                form.time = lookup_time(&self.lookup);
            }
            ReferenceField::Role => form.role = value,
            ReferenceField::Time => form.time = value,
            ReferenceField::Group => form.group = value,
        }
        if form.error.as_ref().is_some_and(|(f, _)| *f == field) {
            form.error = None;
        }
    }
}

impl Editor {
    pub(in crate::editor) fn reduce_references(&mut self, action: ReferencesAction) {
        // New bounds change the Log range column, range: filters and LR problems.
        if self.apply_reference(action) {
            self.counters.moved(Revisions::DATA_AND_VIEW);
        }
    }

    /// The references' reducer, over [`ReferencesAction`]. Returns `true` when the references
    /// (and so the problems and the draft) changed.
    fn apply_reference(&mut self, action: ReferencesAction) -> bool {
        match action {
            ReferencesAction::SetReferenceForm(field, value) => {
                self.refs.set_form(field, value);
                false
            }
            ReferencesAction::AddReference { now_ms } => {
                let text = self.refs.form.text.clone();
                if text.trim().is_empty() {
                    self.refs.form.error = Some((
                        ReferenceField::Text,
                        "Paste the output of kafka-get-offsets.sh or kafka-consumer-groups.sh --describe first, or pick a file.".into(),
                    ));
                    return false;
                }
                self.refs.pasted += 1;
                let name = format!("Pasted reference {}", self.refs.pasted);
                if self.add_reference(name, text, now_ms) {
                    self.refs.form.text.clear();
                    return true;
                }
                self.refs.pasted -= 1;
                false
            }
            ReferencesAction::AddReferenceFile {
                name,
                bytes,
                now_ms,
            } => match String::from_utf8(bytes) {
                Ok(text) => self.add_reference(name, text, now_ms),
                Err(e) => {
                    let at = e.utf8_error().valid_up_to();
                    self.page.notice = Some(Notice {
                        at: NoticeAt::References,
                        severity: Severity::Error,
                        text: format!(
                            "{name} is not UTF-8 text (byte {} is not): a reference is the text output of kafka-get-offsets.sh or kafka-consumer-groups.sh. Nothing was added.",
                            at + 1
                        ),
                    });
                    false
                }
            },
            ReferencesAction::RemoveReference(index) => {
                if index >= self.refs.items.len() {
                    return false;
                }
                let item = self.refs.items.remove(index);
                self.refs.rebuild_range();
                self.page.notice = Some(Notice {
                    at: NoticeAt::References,
                    severity: Severity::Info,
                    text: format!("Removed {}.", item.name),
                });
                true
            }
            ReferencesAction::SetFromReference(index) => {
                self.set_from_reference(index);
                false
            }
            ReferencesAction::AddUnlistedFromReference(index) => {
                self.add_unlisted(index);
                false
            }
            ReferencesAction::SetLookup(field, value) => {
                self.refs.lookup.set(field, value);
                false
            }
        }
    }
}
