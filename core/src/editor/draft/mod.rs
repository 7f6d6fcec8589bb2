//! The draft records the page keeps in browser storage (the source, the edits and the prefs)
//! and writing them; `restore` puts an editor back from them.

mod error;
mod read;
mod record;
mod restore;

pub use error::{DraftError, DraftRecord};

use super::settings::{previous_from_id, previous_id, strimzi_id};
use super::{Editor, EditorAction, ExportTab, Notice, NoticeAt, TargetKind};
use crate::diag::Severity;
use crate::editing::edit::{Action, ExportScope, OffsetValue, Selection};
use crate::editing::filter::PartitionSet;
use crate::json;
use crate::model::AliasPath;
use crate::model::EntryFacts;
use crate::reading::import::ImportOptions;
use crate::reading::reference::Role;
use crate::writing::procedure::{AutoOffsetReset, Previous};
use record::{
    AddedRow, CreateRecord, EditsRecord, EntryJson, Fields, ReferenceRecord, SourceRecord,
    SourceText,
};
use std::borrow::Cow;

/// Version of the draft records; a record of another version is not restored.
pub const DRAFT_VERSION: i64 = 1;

/// Reads a record; a record whose `version` is another is refused as from another version,
/// one that does not read as this version's as unreadable (`record` names it, the reason says
/// what and where).
fn read_record<T: read::FromRaw>(text: &str, record: DraftRecord) -> Result<T, DraftError> {
    let unreadable = |reason| DraftError::Unreadable { record, reason };
    let tape = json::parse_tape(text).map_err(|e| unreadable(e.to_string()))?;
    let root = json::Raw::from(tape.root());
    match root.get("version").and_then(json::Raw::as_i64) {
        Some(v) if v != DRAFT_VERSION => return Err(DraftError::AnotherVersion),
        _ => {}
    }
    T::from_raw(root).map_err(unreadable)
}

impl Editor {
    /// The large, rarely changing part of the draft: the text area and the loaded source.
    /// The page writes it when the user loads (successfully or not).
    pub fn source_record(&self) -> String {
        let loaded = self.loaded.as_ref();
        json::to_json(&SourceRecord {
            version: DRAFT_VERSION,
            input: Cow::Borrowed(&self.import.input),
            source: loaded.map(|l| {
                if l.source == self.import.input {
                    SourceText::Input
                } else {
                    SourceText::Text(Cow::Borrowed(&l.source))
                }
            }),
            data_key: loaded.and_then(|l| l.options.data_key.as_deref().map(Cow::Borrowed)),
            list_item: loaded.and_then(|l| l.options.list_item),
            kind: self.import.kind_choice.map(|k| Cow::Borrowed(k.choice())),
        })
    }

    /// The filter and the export settings (the whole prefs record, and the draft record's
    /// first members).
    fn prefs_fields(&self) -> EditsRecord<'_> {
        EditsRecord {
            version: DRAFT_VERSION,
            filter: Some(Cow::Borrowed(&self.table.filter_text)),
            target: Some(Cow::Borrowed(self.settings.target.id())),
            fields: Some(Fields(
                self.settings
                    .values
                    .iter()
                    .map(|(field, value)| (field, Cow::Borrowed(value)))
                    .collect(),
            )),
            alias_path: Some(Cow::Borrowed(
                if self.settings.alias_path == AliasPath::Old {
                    "old"
                } else {
                    "new"
                },
            )),
            auto_offset_reset_choice: self
                .settings
                .auto_offset_reset
                .map(|value| Cow::Borrowed(value.as_str())),
            resource: Some(Cow::Borrowed(self.resource_text())).filter(|r| !r.is_empty()),
            export_tab: Some(Cow::Borrowed(self.page.export_tab.id()))
                .filter(|_| self.page.export_tab != ExportTab::default()),
            create: (self.settings.create
                || !self.settings.create_config.is_empty()
                || self.settings.create_previous != Previous::default()
                || self.settings.create_strimzi.is_some())
            .then(|| CreateRecord {
                create: self.settings.create,
                config: Cow::Borrowed(&self.settings.create_config),
                previous: Cow::Borrowed(previous_id(self.settings.create_previous)),
                strimzi: self
                    .settings
                    .create_strimzi
                    .is_some()
                    .then(|| Cow::Borrowed(strimzi_id(self.settings.create_strimzi))),
            }),
            ..EditsRecord::default()
        }
    }

    /// The filter and the export settings alone: a few hundred bytes, written on every
    /// keystroke in the filter box or a settings field, where rewriting the edits (megabytes
    /// after a bulk change of 100k rows) would make typing lag. Newer than the draft's own copy
    /// of them, so [`Editor::restore_with_prefs`] applies it last.
    pub fn prefs_record(&self) -> String {
        json::to_json(&self.prefs_fields())
    }

    /// The draft's edits (as values, not as an undo history), written when the data changes,
    /// with the filter and the export settings of that moment.
    pub fn draft_record(&self) -> String {
        json::to_json(&self.edits_record(None))
    }

    fn edits_record(&self, saved_at: Option<i64>) -> EditsRecord<'_> {
        let mut record = self.prefs_fields();
        record.saved_at = saved_at;
        if !self.references().is_empty() {
            record.references = Some(
                self.references()
                    .iter()
                    .map(|item| ReferenceRecord {
                        name: Cow::Borrowed(&item.name),
                        role: Cow::Borrowed(item.reference.role.id()),
                        at_ms: match item.reference.role {
                            Role::Time { at_ms } => at_ms,
                            _ => None,
                        },
                        group: match &item.reference.role {
                            Role::Group { name } => name.as_deref().map(Cow::Borrowed),
                            _ => None,
                        },
                        text: Cow::Borrowed(&item.text),
                    })
                    .collect(),
            );
        }
        if let Some(loaded) = &self.loaded {
            record.source = Some(Cow::Owned(format!("{:016x}", loaded.source_hash)));
        }
        let Some(session) = self.session() else {
            return record;
        };
        record.scope = Some(Cow::Borrowed(if session.scope() == ExportScope::All {
            "all"
        } else {
            "changed"
        }));
        let (mut set, mut added, mut removed, mut entries) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        let mut shifted = Vec::new();
        for row in session.rows() {
            let value = match row.current {
                OffsetValue::Value(v) => Some(v),
                _ => None,
            };
            if row.added {
                if !row.removed {
                    let facts = EntryFacts::of(session.kind(), row.entry, true);
                    added.push(AddedRow {
                        topic: Cow::Owned(facts.topic.unwrap_or("").to_owned()),
                        cluster: facts.cluster.map(|c| Cow::Owned(c.to_owned())),
                        partition: facts.partition.unwrap_or(0),
                        offset: value,
                    });
                }
            } else {
                if row.removed {
                    removed.push(row.index);
                }
                if row.edited {
                    // The whole entry, its offset written in.
                    if let Some(entry) = session.current_entry(row.index) {
                        entries.push((row.index, EntryJson::Entry(entry)));
                    }
                } else if row.changed {
                    set.push((row.index, value));
                    if row.relative {
                        shifted.push(row.index);
                    }
                }
            }
        }
        record.set = Some(set);
        record.shifted = (!shifted.is_empty()).then_some(shifted);
        record.entries = Some(entries);
        record.added = Some(added);
        record.removed = Some(removed);
        record
    }

    /// [`Editor::draft_record`] with the time it is written (`now`, epoch milliseconds, from
    /// the page's clock: core has none), so that a restored draft can say how old it is.
    pub fn draft_record_at(&self, now: i64) -> String {
        json::to_json(&self.edits_record(Some(now)))
    }
}
