//! The draft records the page keeps in browser storage (the source, the edits and the prefs)
//! and writing them; `restore` puts an editor back from them.

mod error;
mod restore;

pub use error::{DraftError, DraftRecord};

use super::settings::{previous_from_id, previous_id, strimzi_id};
use super::{Editor, EditorAction, ExportTab, Field, Notice, NoticeAt, TargetKind};
use crate::diag::Severity;
use crate::editing::edit::{Action, ExportScope, OffsetValue, Selection};
use crate::editing::filter::PartitionSet;
use crate::json;
use crate::model::AliasPath;
use crate::model::Entry;
use crate::model::EntryFacts;
use crate::reading::import::ImportOptions;
use crate::reading::reference::Role;
use crate::writing::procedure::{AutoOffsetReset, Previous};
use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use std::borrow::Cow;
use std::fmt;

/// Version of the draft records; a record of another version is not restored.
pub const DRAFT_VERSION: i64 = 1;

// The records below are the JSON the page keeps in browser storage, one `serde_json` call to
// write and one to read each. Their shape is the one the hand-written records of version 1
// had (same member names, order and values), so records saved before serde was used read as
// they are. A new member is an `Option` (or a `#[serde(default)]` value) so that the records
// already saved, which lack it, still read; members a record does not know are ignored.

/// The source record: the text area and the loaded source.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct SourceRecord<'a> {
    version: i64,
    #[serde(default)]
    input: Cow<'a, str>,
    /// The loaded text: `true` when it is the text area's (stored once, not twice: local
    /// storage holds a few megabytes in all).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    source: Option<SourceText<'a>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    data_key: Option<Cow<'a, str>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    list_item: Option<usize>,
    /// The "Connector kind" choice; a record without it restores the detected kind.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    kind: Option<Cow<'a, str>>,
}

/// The loaded text of a [`SourceRecord`]: `true` (the text area's) or the text itself.
#[derive(Debug)]
enum SourceText<'a> {
    Input,
    Text(Cow<'a, str>),
}

impl Serialize for SourceText<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            SourceText::Input => s.serialize_bool(true),
            SourceText::Text(text) => s.serialize_str(text),
        }
    }
}

impl<'de> Deserialize<'de> for SourceText<'_> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = SourceText<'static>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("true or the loaded text")
            }
            fn visit_bool<E: de::Error>(self, b: bool) -> Result<Self::Value, E> {
                if b {
                    Ok(SourceText::Input)
                } else {
                    Err(E::invalid_value(de::Unexpected::Bool(b), &self))
                }
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<Self::Value, E> {
                Ok(SourceText::Text(Cow::Owned(text.to_owned())))
            }
            fn visit_string<E: de::Error>(self, text: String) -> Result<Self::Value, E> {
                Ok(SourceText::Text(Cow::Owned(text)))
            }
        }
        d.deserialize_any(V)
    }
}

/// The prefs record (filter and export settings) and the draft record, which is the same
/// settings of its moment plus the edits: one struct, the edits left out of the prefs.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct EditsRecord<'a> {
    version: i64,
    /// Settings a record does not name are left as they are, so each is optional.
    #[serde(default)]
    filter: Option<Cow<'a, str>>,
    #[serde(default)]
    target: Option<Cow<'a, str>>,
    #[serde(default)]
    fields: Option<Fields<'a>>,
    #[serde(default)]
    alias_path: Option<Cow<'a, str>>,
    /// Only a choice the user made is kept, under a name of its own: records written before
    /// there was a "not chosen" state say "autoOffsetReset": "latest" without the user having
    /// chosen it, and must restore to not chosen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    auto_offset_reset_choice: Option<Cow<'a, str>>,
    /// The custom resource (a few kilobytes), only when one was given: older records have none
    /// and restore without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    resource: Option<Cow<'a, str>>,
    /// The draft only: the fingerprint of the source its edits apply to (16 hex digits).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    source: Option<Cow<'a, str>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    scope: Option<Cow<'a, str>>,
    /// Rows whose offset cell changed: `[row, offset or null]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    set: Option<Vec<(usize, Option<i64>)>>,
    /// The rows of `set` whose offset was computed from the imported one (shift, rewind): they
    /// are restored as shifts, so that the alter procedure still checks that they did not move
    /// (older records have none, and restore every row as set).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    shifted: Option<Vec<usize>>,
    /// Rows whose entry was edited key by key: `[row, the whole entry, its offset written in]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    entries: Option<Vec<(usize, EntryJson)>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    added: Option<Vec<AddedRow<'a>>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    removed: Option<Vec<usize>>,
    /// When the draft was written (epoch milliseconds, from the page's clock: core has none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    saved_at: Option<i64>,
    /// The selected export tab, written only when it is not the first (so the records of the
    /// default state are as before); older records have none and keep the first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    export_tab: Option<Cow<'a, str>>,
    /// The draft only: the references, as pasted (read again on restore). Older records have
    /// none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    references: Option<Vec<ReferenceRecord<'a>>>,
    /// "Create the connector stopped", its config and the choice about old offsets, written
    /// only when one of them is set; older records have none and restore to an alter.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    create: Option<CreateRecord<'a>>,
}

/// The create settings of a record.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct CreateRecord<'a> {
    #[serde(default)]
    create: bool,
    #[serde(default)]
    config: Cow<'a, str>,
    /// `new`, `reset` or `keep` (`PREVIOUS_CHOICES`).
    #[serde(default)]
    previous: Cow<'a, str>,
    /// `unknown`, `1.2` or `older` (`STRIMZI_CHOICES`); older records have none: not known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    strimzi: Option<Cow<'a, str>>,
}

/// A reference of the draft: its name, role and text.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ReferenceRecord<'a> {
    name: Cow<'a, str>,
    /// `earliest`, `latest`, `time`, `group` (a record of an unknown role is skipped).
    role: Cow<'a, str>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    at_ms: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    group: Option<Cow<'a, str>>,
    text: Cow<'a, str>,
}

/// A row the user added, as the `AddEntries` that brings it back.
#[derive(Debug, Serialize, Deserialize)]
struct AddedRow<'a> {
    topic: Cow<'a, str>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    cluster: Option<Cow<'a, str>>,
    partition: i64,
    offset: Option<i64>,
}

/// An edited entry: written from the raw tree (exact number text, key order, duplicate keys),
/// read back as its text, which the raw parser reads again.
#[derive(Debug)]
enum EntryJson {
    Entry(Entry),
    Text(Box<RawValue>),
}

impl Serialize for EntryJson {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            EntryJson::Entry(entry) => entry.raw().serialize(s),
            EntryJson::Text(raw) => raw.serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for EntryJson {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Box::<RawValue>::deserialize(d).map(EntryJson::Text)
    }
}

/// The export settings' text fields, by id in [`Field::ALL`] order; ids a record does not know
/// are skipped when it is read.
#[derive(Debug, Default)]
struct Fields<'a>(Vec<(Field, Cow<'a, str>)>);

impl Serialize for Fields<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (field, value) in &self.0 {
            map.serialize_entry(field.id(), value)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for Fields<'_> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Fields<'static>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object of setting texts")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut fields = Vec::new();
                while let Some((id, value)) = map.next_entry::<Cow<'de, str>, String>()? {
                    if let Some(field) = Field::ALL.iter().find(|f| f.id() == id) {
                        fields.push((*field, Cow::Owned(value)));
                    }
                }
                Ok(Fields(fields))
            }
        }
        d.deserialize_map(V)
    }
}

/// A record's `version` member.
trait Versioned {
    fn version(&self) -> i64;
}

impl Versioned for SourceRecord<'_> {
    fn version(&self) -> i64 {
        self.version
    }
}

impl Versioned for EditsRecord<'_> {
    fn version(&self) -> i64 {
        self.version
    }
}

/// Reads a record; a record that does not read as this version's is refused as from another
/// version when its `version` says so, else as unreadable (`record` names it).
fn read_record<'a, T: Deserialize<'a> + Versioned>(
    text: &'a str,
    record: DraftRecord,
) -> Result<T, DraftError> {
    #[derive(Deserialize)]
    struct Version {
        version: Option<i64>,
    }
    match serde_json::from_str::<T>(text) {
        Ok(record) if record.version() == DRAFT_VERSION => Ok(record),
        Ok(_) => Err(DraftError::AnotherVersion),
        Err(e) => match serde_json::from_str::<Version>(text) {
            Ok(Version { version: Some(v) }) if v != DRAFT_VERSION => {
                Err(DraftError::AnotherVersion)
            }
            _ => Err(DraftError::Unreadable {
                record,
                reason: e.to_string(),
            }),
        },
    }
}

/// A record written by one `serde_json` call. Only a serializer error (never with these
/// records) can fail it; the page then keeps what it had.
fn write_record(record: &impl Serialize) -> String {
    serde_json::to_string(record).unwrap_or_default()
}

impl Editor {
    /// The large, rarely changing part of the draft: the text area and the loaded source.
    /// The page writes it when the user loads (successfully or not).
    pub fn source_record(&self) -> String {
        let loaded = self.loaded.as_ref();
        write_record(&SourceRecord {
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
            source: None,
            scope: None,
            set: None,
            shifted: None,
            entries: None,
            added: None,
            removed: None,
            saved_at: None,
            references: None,
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
        }
    }

    /// The filter and the export settings alone: a few hundred bytes, written on every
    /// keystroke in the filter box or a settings field, where rewriting the edits (megabytes
    /// after a bulk change of 100k rows) would make typing lag. Newer than the draft's own copy
    /// of them, so [`Editor::restore_with_prefs`] applies it last.
    pub fn prefs_record(&self) -> String {
        write_record(&self.prefs_fields())
    }

    /// The draft's edits (as values, not as an undo history), written when the data changes,
    /// with the filter and the export settings of that moment.
    pub fn draft_record(&self) -> String {
        write_record(&self.edits_record(None))
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
        write_record(&self.edits_record(Some(now)))
    }
}
