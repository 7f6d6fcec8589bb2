//! The draft records the page keeps in browser storage (the source, the edits and the prefs),
//! and restoring an editor from them.

use super::{Editor, EditorAction, ExportTab, Field, Notice, NoticeAt, TargetKind};
use crate::diag::Severity;
use crate::editing::edit::{Action, ExportScope, OffsetValue, Selection};
use crate::editing::filter::PartitionSet;
use crate::json::{self, JsonValue};
use crate::model::AliasPath;
use crate::model::EntryFacts;
use crate::reading::import::ImportOptions;
use crate::reading::reference::Role;
use crate::writing::procedure::AutoOffsetReset;
use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use std::borrow::Cow;
use std::fmt;

/// Version of the draft records; a record of another version is not restored.
pub const DRAFT_VERSION: i64 = 1;

const ANOTHER_VERSION: &str = "The saved draft is from another version of this editor.";

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
    Tree(JsonValue),
    Text(Box<RawValue>),
}

impl Serialize for EntryJson {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            EntryJson::Tree(value) => value.serialize(s),
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
/// version when its `version` says so, else as unreadable (`what`: "draft is", "edits are").
fn read_record<'a, T: Deserialize<'a> + Versioned>(text: &'a str, what: &str) -> Result<T, String> {
    #[derive(Deserialize)]
    struct Version {
        version: Option<i64>,
    }
    match serde_json::from_str::<T>(text) {
        Ok(record) if record.version() == DRAFT_VERSION => Ok(record),
        Ok(_) => Err(ANOTHER_VERSION.to_string()),
        Err(e) => match serde_json::from_str::<Version>(text) {
            Ok(Version { version: Some(v) }) if v != DRAFT_VERSION => {
                Err(ANOTHER_VERSION.to_string())
            }
            _ => Err(format!("The saved {what} unreadable ({e}).")),
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
            input: Cow::Borrowed(&self.input),
            source: loaded.map(|l| {
                if l.source == self.input {
                    SourceText::Input
                } else {
                    SourceText::Text(Cow::Borrowed(&l.source))
                }
            }),
            data_key: loaded.and_then(|l| l.options.data_key.as_deref().map(Cow::Borrowed)),
            list_item: loaded.and_then(|l| l.options.list_item),
            kind: self.kind_choice.map(|k| Cow::Borrowed(k.choice())),
        })
    }

    /// The filter and the export settings (the whole prefs record, and the draft record's
    /// first members).
    fn prefs_fields(&self) -> EditsRecord<'_> {
        EditsRecord {
            version: DRAFT_VERSION,
            filter: Some(Cow::Borrowed(&self.filter_text)),
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
            entries: None,
            added: None,
            removed: None,
            saved_at: None,
            references: None,
            export_tab: Some(Cow::Borrowed(self.export_tab.id()))
                .filter(|_| self.export_tab != ExportTab::default()),
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
                        entries.push((row.index, EntryJson::Tree(entry.value)));
                    }
                } else if row.changed {
                    set.push((row.index, value));
                }
            }
        }
        record.set = Some(set);
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

    /// [`Editor::restore_with_prefs`], and the notice says how old the draft is ("Draft
    /// restored from 3 hours ago") when its record was written by [`Editor::draft_record_at`].
    pub fn restore_at(
        source_record: &str,
        draft_record: Option<&str>,
        prefs_record: Option<&str>,
        now: i64,
    ) -> Result<Editor, String> {
        let (mut editor, saved) =
            Editor::restore_records(source_record, draft_record, prefs_record)?;
        if let (Some(saved), Some(notice)) = (saved, editor.notice.as_mut()) {
            let age = super::display::age_text(saved, now);
            let listed_known = editor
                .loaded
                .as_ref()
                .and_then(|l| l.session.imported().configmap.as_ref())
                .is_some_and(|c| c.listed_at.is_some());
            let check = if listed_known {
                "The header says when its listing was taken."
            } else {
                "Its listing may be older still: list the offsets again before you alter."
            };
            notice.text = match notice.text.strip_prefix("Draft restored, but ") {
                Some(rest) => format!("Draft restored from {age}, but {rest} {check}"),
                None => format!("Draft restored from {age}. {check}"),
            };
        }
        Ok(editor)
    }

    /// [`EditorAction::Restore`]: the restored state in place of this one, revisions bumped
    /// so that the page repaints everything; a draft that cannot be restored is named in the
    /// notice and changes nothing else.
    pub(super) fn restore_in_place(
        &mut self,
        source_record: &str,
        draft_record: Option<&str>,
        prefs_record: Option<&str>,
        now: i64,
    ) {
        match Editor::restore_at(source_record, draft_record, prefs_record, now) {
            Ok(restored) => {
                // The restored tab is the user's last choice (swap_in keeps the current one,
                // which is right for an undone load, not for a draft).
                let tab = restored.export_tab;
                self.swap_in(restored);
                self.export_tab = tab;
            }
            Err(text) => {
                self.notice = Some(Notice {
                    at: NoticeAt::Page,
                    severity: Severity::Warning,
                    text,
                });
            }
        }
    }

    /// Rebuilds an editor from the two draft records. The text area and the source always
    /// come back; edits that no longer apply are reported in the notice, never dropped
    /// silently.
    pub fn restore(source_record: &str, draft_record: Option<&str>) -> Result<Editor, String> {
        Editor::restore_with_prefs(source_record, draft_record, None)
    }

    /// The filter and export settings of a draft or a [`Editor::prefs_record`]; what a record
    /// does not name is left as it is.
    fn apply_prefs(&mut self, record: &EditsRecord<'_>) {
        if let Some(filter) = &record.filter {
            self.apply(EditorAction::SetFilter(filter.to_string()));
        }
        if let Some(target) = record.target.as_deref().and_then(TargetKind::from_id) {
            self.settings.target = target;
        }
        if let Some(Fields(fields)) = &record.fields {
            self.settings.values.clear();
            for (field, value) in fields {
                self.settings.values.insert(*field, value.to_string());
            }
        }
        match record.alias_path.as_deref() {
            Some("old") => self.settings.alias_path = AliasPath::Old,
            Some("new") => self.settings.alias_path = AliasPath::New,
            _ => {}
        }
        // A record that names no choice (the prefs and the draft are always written whole)
        // restores to not chosen.
        self.settings.auto_offset_reset = match record.auto_offset_reset_choice.as_deref() {
            Some("earliest") => Some(AutoOffsetReset::Earliest),
            Some("latest") => Some(AutoOffsetReset::Latest),
            _ => None,
        };
        if let Some(tab) = record.export_tab.as_deref().and_then(ExportTab::from_id) {
            self.export_tab = tab;
        }
        // Read again, not re-filled: the fields above are what the user last had.
        if let Some(resource) = record.resource.as_deref()
            && resource != self.resource_text()
        {
            self.set_resource(resource.to_string());
        }
    }

    /// [`Editor::restore`], then the newer filter and settings of a [`Editor::prefs_record`]
    /// (an unreadable or foreign one is ignored: it holds nothing that cannot be typed again).
    pub fn restore_with_prefs(
        source_record: &str,
        draft_record: Option<&str>,
        prefs_record: Option<&str>,
    ) -> Result<Editor, String> {
        Editor::restore_records(source_record, draft_record, prefs_record).map(|(e, _)| e)
    }

    /// The restored editor and the draft's `savedAt`.
    fn restore_records(
        source_record: &str,
        draft_record: Option<&str>,
        prefs_record: Option<&str>,
    ) -> Result<(Editor, Option<i64>), String> {
        let (mut editor, saved_at) = Editor::restore_draft(source_record, draft_record)?;
        let prefs =
            prefs_record.and_then(|p| read_record::<EditsRecord<'_>>(p, "settings are").ok());
        if let Some(prefs) = prefs {
            // The prefs are replayed as actions, which clear the notice: the restore's own
            // notice is the one to show.
            let notice = editor.notice.take();
            editor.apply_prefs(&prefs);
            editor.notice = notice;
        }
        Ok((editor, saved_at))
    }

    fn restore_draft(
        source_record: &str,
        draft_record: Option<&str>,
    ) -> Result<(Editor, Option<i64>), String> {
        let record: SourceRecord<'_> = read_record(source_record, "draft is")?;
        let mut editor = Editor {
            input: record.input.into_owned(),
            ..Editor::default()
        };
        let source = match record.source {
            Some(SourceText::Text(source)) => Some(source.into_owned()),
            Some(SourceText::Input) => Some(editor.input.clone()),
            None => None,
        };
        editor.kind_choice = record
            .kind
            .as_deref()
            .and_then(crate::model::ConnectorKind::from_choice);
        if let Some(source) = source {
            let options = ImportOptions {
                data_key: record.data_key.map(Cow::into_owned),
                list_item: record.list_item,
                ..ImportOptions::default()
            };
            editor.load(source, options);
        }
        let Some(draft) = draft_record else {
            return Ok((editor, None));
        };
        let draft: EditsRecord<'_> = read_record(draft, "edits are")?;
        let mut problems = Vec::new();
        editor.apply_prefs(&draft);
        // References are facts of the cluster, not edits of the listing: restored whatever
        // listing came back.
        if let Some(refs) = draft.references {
            editor.restore_references(
                refs.into_iter()
                    .filter_map(|r| {
                        let role = match Role::from_id(&r.role)? {
                            Role::Time { .. } => Role::Time { at_ms: r.at_ms },
                            Role::Group { .. } => Role::Group {
                                name: r.group.map(Cow::into_owned),
                            },
                            role => role,
                        };
                        Some((r.name.into_owned(), r.text.into_owned(), role))
                    })
                    .collect(),
            );
        }
        let same_source = editor.loaded.as_ref().is_some_and(|l| {
            draft.source.as_deref() == Some(format!("{:016x}", l.source_hash).as_str())
        });
        if editor.loaded.is_some() && !same_source && draft.set.is_some() {
            problems.push(
                "The saved edits belong to another listing than the one saved (the browser could not store the new one); they were not re-applied.".to_string(),
            );
        }
        if same_source {
            let mut actions = Vec::new();
            let changes = draft.set.unwrap_or_default();
            if !changes.is_empty() {
                actions.push(Action::SetEach { changes });
            }
            for (row, entry) in draft.entries.unwrap_or_default() {
                let value = match entry {
                    EntryJson::Tree(value) => Ok(value),
                    EntryJson::Text(text) => json::parse(text.get()),
                };
                match value {
                    Ok(value) => actions.push(Action::SetEntry { row, value }),
                    Err(e) => problems.push(format!(
                        "The saved entry of row {row} is unreadable ({}).",
                        e.message
                    )),
                }
            }
            for a in draft.added.unwrap_or_default() {
                actions.push(Action::AddEntries {
                    cluster: a.cluster.map(Cow::into_owned),
                    topic: a.topic.into_owned(),
                    partitions: PartitionSet::range(a.partition, a.partition),
                    offset: a.offset,
                });
            }
            let removed = draft.removed.unwrap_or_default();
            if !removed.is_empty() {
                actions.push(Action::RemoveEntries {
                    selection: Selection::Rows(removed),
                });
            }
            if draft.scope.as_deref() == Some("all") {
                actions.push(Action::SetScope {
                    scope: ExportScope::All,
                });
            }
            if let Some(loaded) = editor.loaded.as_mut() {
                for action in actions {
                    if let Err(e) = loaded.session.apply(action) {
                        problems.push(e.message);
                    }
                }
            }
        }
        editor.notice = Some(if problems.is_empty() {
            Notice::info(
                NoticeAt::Page,
                "Draft restored from this browser's storage.",
            )
        } else {
            Notice {
                severity: Severity::Warning,
                text: format!(
                    "Draft restored, but some edits could not be re-applied: {}",
                    problems.join(" ")
                ),
                at: NoticeAt::Page,
            }
        });
        Ok((editor, draft.saved_at))
    }
}
