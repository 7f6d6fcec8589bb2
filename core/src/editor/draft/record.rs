//! The records the page keeps in browser storage, and their JSON: each is written in its
//! members' order ([`ToJson`]) and read back member by member ([`FromRaw`]).
//!
//! Their shape is the one the hand-written records of version 1 had (same member names, order
//! and values), so records saved by any earlier build read as they are. A new member is
//! optional (or has a default) so that the records already saved, which lack it, still read;
//! members a record does not know are ignored.

use super::read::{FromRaw, expected, object, optional, or_default, required};
use crate::editor::Field;
use crate::json::{Object, Raw, RawKind, ToJson};
use crate::model::Entry;
use std::borrow::Cow;

/// The source record: the text area and the loaded source.
#[derive(Debug)]
pub(super) struct SourceRecord<'a> {
    pub(super) version: i64,
    pub(super) input: Cow<'a, str>,
    /// The loaded text: `true` when it is the text area's (stored once, not twice: local
    /// storage holds a few megabytes in all).
    pub(super) source: Option<SourceText<'a>>,
    pub(super) data_key: Option<Cow<'a, str>>,
    pub(super) list_item: Option<usize>,
    /// The "Connector kind" choice; a record without it restores the detected kind.
    pub(super) kind: Option<Cow<'a, str>>,
}

impl ToJson for SourceRecord<'_> {
    fn write_json(&self, out: &mut String) {
        Object::new(out)
            .member("version", &self.version)
            .member("input", &self.input)
            .member_some("source", &self.source)
            .member_some("dataKey", &self.data_key)
            .member_some("listItem", &self.list_item)
            .member_some("kind", &self.kind)
            .end();
    }
}

impl FromRaw for SourceRecord<'static> {
    fn from_raw(v: Raw<'_>) -> Result<Self, String> {
        let v = object(v)?;
        Ok(SourceRecord {
            version: required(v, "version")?,
            input: or_default(v, "input")?,
            source: optional(v, "source")?,
            data_key: optional(v, "dataKey")?,
            list_item: optional(v, "listItem")?,
            kind: optional(v, "kind")?,
        })
    }
}

/// The loaded text of a [`SourceRecord`]: `true` (the text area's) or the text itself.
#[derive(Debug)]
pub(super) enum SourceText<'a> {
    Input,
    Text(Cow<'a, str>),
}

impl ToJson for SourceText<'_> {
    fn write_json(&self, out: &mut String) {
        match self {
            SourceText::Input => true.write_json(out),
            SourceText::Text(text) => text.write_json(out),
        }
    }
}

impl FromRaw for SourceText<'static> {
    fn from_raw(v: Raw<'_>) -> Result<Self, String> {
        match (v.as_bool(), v.as_str()) {
            (Some(true), _) => Ok(SourceText::Input),
            (_, Some(text)) => Ok(SourceText::Text(Cow::Owned(text.to_owned()))),
            _ => Err(expected("true or the loaded text", v)),
        }
    }
}

/// The prefs record (filter and export settings) and the draft record, which is the same
/// settings of its moment plus the edits: one struct, the edits left out of the prefs.
#[derive(Debug, Default)]
pub(super) struct EditsRecord<'a> {
    pub(super) version: i64,
    /// Settings a record does not name are left as they are, so each is optional (and written
    /// as `null` when not set).
    pub(super) filter: Option<Cow<'a, str>>,
    pub(super) target: Option<Cow<'a, str>>,
    pub(super) fields: Option<Fields<'a>>,
    pub(super) alias_path: Option<Cow<'a, str>>,
    /// Only a choice the user made is kept, under a name of its own: records written before
    /// there was a "not chosen" state say "autoOffsetReset": "latest" without the user having
    /// chosen it, and must restore to not chosen.
    pub(super) auto_offset_reset_choice: Option<Cow<'a, str>>,
    /// The custom resource (a few kilobytes), only when one was given: older records have none
    /// and restore without one.
    pub(super) resource: Option<Cow<'a, str>>,
    /// The draft only: the fingerprint of the source its edits apply to (16 hex digits).
    pub(super) source: Option<Cow<'a, str>>,
    pub(super) scope: Option<Cow<'a, str>>,
    /// Rows whose offset cell changed: `[row, offset or null]`.
    pub(super) set: Option<Vec<(usize, Option<i64>)>>,
    /// The rows of `set` whose offset was computed from the imported one (shift, rewind): they
    /// are restored as shifts, so that the alter procedure still checks that they did not move
    /// (older records have none, and restore every row as set).
    pub(super) shifted: Option<Vec<usize>>,
    /// Rows whose entry was edited key by key: `[row, the whole entry, its offset written in]`.
    pub(super) entries: Option<Vec<(usize, EntryJson)>>,
    pub(super) added: Option<Vec<AddedRow<'a>>>,
    pub(super) removed: Option<Vec<usize>>,
    /// When the draft was written (epoch milliseconds, from the page's clock: core has none).
    pub(super) saved_at: Option<i64>,
    /// The selected export tab, written only when it is not the first (so the records of the
    /// default state are as before); older records have none and keep the first.
    pub(super) export_tab: Option<Cow<'a, str>>,
    /// The draft only: the references, as pasted (read again on restore). Older records have
    /// none.
    pub(super) references: Option<Vec<ReferenceRecord<'a>>>,
    /// "Create the connector stopped", its config and the choice about old offsets, written
    /// only when one of them is set; older records have none and restore to an alter.
    pub(super) create: Option<CreateRecord<'a>>,
}

impl ToJson for EditsRecord<'_> {
    fn write_json(&self, out: &mut String) {
        Object::new(out)
            .member("version", &self.version)
            .member("filter", &self.filter)
            .member("target", &self.target)
            .member("fields", &self.fields)
            .member("aliasPath", &self.alias_path)
            .member_some("autoOffsetResetChoice", &self.auto_offset_reset_choice)
            .member_some("resource", &self.resource)
            .member_some("source", &self.source)
            .member_some("scope", &self.scope)
            .member_some("set", &self.set)
            .member_some("shifted", &self.shifted)
            .member_some("entries", &self.entries)
            .member_some("added", &self.added)
            .member_some("removed", &self.removed)
            .member_some("savedAt", &self.saved_at)
            .member_some("exportTab", &self.export_tab)
            .member_some("references", &self.references)
            .member_some("create", &self.create)
            .end();
    }
}

impl FromRaw for EditsRecord<'static> {
    fn from_raw(v: Raw<'_>) -> Result<Self, String> {
        let v = object(v)?;
        Ok(EditsRecord {
            version: required(v, "version")?,
            filter: optional(v, "filter")?,
            target: optional(v, "target")?,
            fields: optional(v, "fields")?,
            alias_path: optional(v, "aliasPath")?,
            auto_offset_reset_choice: optional(v, "autoOffsetResetChoice")?,
            resource: optional(v, "resource")?,
            source: optional(v, "source")?,
            scope: optional(v, "scope")?,
            set: optional(v, "set")?,
            shifted: optional(v, "shifted")?,
            entries: optional(v, "entries")?,
            added: optional(v, "added")?,
            removed: optional(v, "removed")?,
            saved_at: optional(v, "savedAt")?,
            export_tab: optional(v, "exportTab")?,
            references: optional(v, "references")?,
            create: optional(v, "create")?,
        })
    }
}

/// The create settings of a record.
#[derive(Debug)]
pub(super) struct CreateRecord<'a> {
    pub(super) create: bool,
    pub(super) config: Cow<'a, str>,
    /// `new`, `reset` or `keep` (`PREVIOUS_CHOICES`).
    pub(super) previous: Cow<'a, str>,
    /// `unknown`, `1.2` or `older` (`STRIMZI_CHOICES`); older records have none: not known.
    pub(super) strimzi: Option<Cow<'a, str>>,
}

impl ToJson for CreateRecord<'_> {
    fn write_json(&self, out: &mut String) {
        Object::new(out)
            .member("create", &self.create)
            .member("config", &self.config)
            .member("previous", &self.previous)
            .member_some("strimzi", &self.strimzi)
            .end();
    }
}

impl FromRaw for CreateRecord<'static> {
    fn from_raw(v: Raw<'_>) -> Result<Self, String> {
        let v = object(v)?;
        Ok(CreateRecord {
            create: or_default(v, "create")?,
            config: or_default(v, "config")?,
            previous: or_default(v, "previous")?,
            strimzi: optional(v, "strimzi")?,
        })
    }
}

/// A reference of the draft: its name, role and text.
#[derive(Debug)]
pub(super) struct ReferenceRecord<'a> {
    pub(super) name: Cow<'a, str>,
    /// `earliest`, `latest`, `time`, `group` (a record of an unknown role is skipped).
    pub(super) role: Cow<'a, str>,
    pub(super) at_ms: Option<i64>,
    pub(super) group: Option<Cow<'a, str>>,
    pub(super) text: Cow<'a, str>,
}

impl ToJson for ReferenceRecord<'_> {
    fn write_json(&self, out: &mut String) {
        Object::new(out)
            .member("name", &self.name)
            .member("role", &self.role)
            .member_some("atMs", &self.at_ms)
            .member_some("group", &self.group)
            .member("text", &self.text)
            .end();
    }
}

impl FromRaw for ReferenceRecord<'static> {
    fn from_raw(v: Raw<'_>) -> Result<Self, String> {
        let v = object(v)?;
        Ok(ReferenceRecord {
            name: required(v, "name")?,
            role: required(v, "role")?,
            at_ms: optional(v, "atMs")?,
            group: optional(v, "group")?,
            text: required(v, "text")?,
        })
    }
}

/// A row the user added, as the `AddEntries` that brings it back.
#[derive(Debug)]
pub(super) struct AddedRow<'a> {
    pub(super) topic: Cow<'a, str>,
    pub(super) cluster: Option<Cow<'a, str>>,
    pub(super) partition: i64,
    /// Written as `null` when there is none.
    pub(super) offset: Option<i64>,
}

impl ToJson for AddedRow<'_> {
    fn write_json(&self, out: &mut String) {
        Object::new(out)
            .member("topic", &self.topic)
            .member_some("cluster", &self.cluster)
            .member("partition", &self.partition)
            .member("offset", &self.offset)
            .end();
    }
}

impl FromRaw for AddedRow<'static> {
    fn from_raw(v: Raw<'_>) -> Result<Self, String> {
        let v = object(v)?;
        Ok(AddedRow {
            topic: required(v, "topic")?,
            cluster: optional(v, "cluster")?,
            partition: required(v, "partition")?,
            offset: optional(v, "offset")?,
        })
    }
}

/// An edited entry: written from the raw tree (exact number text, key order, duplicate keys),
/// read back as its text, which the raw parser reads again.
#[derive(Debug)]
pub(super) enum EntryJson {
    Entry(Entry),
    Text(String),
}

impl ToJson for EntryJson {
    fn write_json(&self, out: &mut String) {
        match self {
            EntryJson::Entry(entry) => entry.raw().write_json(out),
            EntryJson::Text(text) => out.push_str(text),
        }
    }
}

impl FromRaw for EntryJson {
    fn from_raw(v: Raw<'_>) -> Result<Self, String> {
        // Its text as saved: a record is read on a tape, which knows where the entry ends (a
        // tree's would be written out again).
        let saved = match (v.tape_document(), v.end()) {
            (Some((_, text)), Some(end)) => text.get(v.start()..end),
            _ => None,
        };
        Ok(EntryJson::Text(
            saved.map_or_else(|| crate::json::to_compact(v), str::to_owned),
        ))
    }
}

/// The export settings' text fields, by id in [`Field::ALL`] order; ids a record does not know
/// are skipped when it is read.
#[derive(Debug, Default)]
pub(super) struct Fields<'a>(pub(super) Vec<(Field, Cow<'a, str>)>);

impl ToJson for Fields<'_> {
    fn write_json(&self, out: &mut String) {
        let mut o = Object::new(out);
        for (field, value) in &self.0 {
            o.member(field.id(), value);
        }
        o.end();
    }
}

impl FromRaw for Fields<'static> {
    fn from_raw(v: Raw<'_>) -> Result<Self, String> {
        if v.kind() != RawKind::Object {
            return Err(expected("an object of setting texts", v));
        }
        let mut fields = Vec::new();
        for m in v.members() {
            let value = Cow::from_raw(m.value).map_err(|e| format!("{}: {e}", m.key))?;
            if let Some(field) = Field::ALL.iter().find(|f| f.id() == m.key) {
                fields.push((*field, value));
            }
        }
        Ok(Fields(fields))
    }
}
