//! The draft records the page keeps in local storage (the source, the edits and the prefs),
//! and restoring an editor from them.

use super::{Editor, EditorAction, Field, Notice, TargetKind};
use crate::diag::Severity;
use crate::edit::{Action, ExportScope, OffsetValue, Selection};
use crate::filter::{EntryFacts, PartitionSet};
use crate::import::ImportOptions;
use crate::json::{self, JsonKind, JsonValue};
use crate::procedure::{AliasPath, AutoOffsetReset};

/// The `savedAt` time [`Editor::draft_record_at`] appends as the record's last member.
fn saved_at(record: &str) -> Option<i64> {
    let (_, digits) = record.strip_suffix('}')?.rsplit_once(",\"savedAt\":")?;
    (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
        .then(|| digits.parse().ok())
        .flatten()
}

/// Version of the draft records; a record of another version is not restored.
pub const DRAFT_VERSION: i64 = 1;

impl Editor {
    /// The large, rarely changing part of the draft: the text area and the loaded source.
    /// The page writes it when the user loads (successfully or not).
    pub fn source_record(&self) -> String {
        let mut out = String::from("{\"version\":");
        out.push_str(&DRAFT_VERSION.to_string());
        out.push_str(",\"input\":");
        json::write_string(&mut out, &self.input);
        if let Some(loaded) = &self.loaded {
            // Usually the text area still holds what was loaded: stored once, not twice (local
            // storage holds a few megabytes in all).
            if loaded.source == self.input {
                out.push_str(",\"source\":true");
            } else {
                out.push_str(",\"source\":");
                json::write_string(&mut out, &loaded.source);
            }
            if let Some(key) = &loaded.options.data_key {
                out.push_str(",\"dataKey\":");
                json::write_string(&mut out, key);
            }
            if let Some(item) = loaded.options.list_item {
                out.push_str(&format!(",\"listItem\":{item}"));
            }
        }
        // The "Connector kind" choice; a record without it restores the detected kind.
        if let Some(kind) = self.kind_choice {
            out.push_str(",\"kind\":");
            json::write_string(&mut out, kind.choice());
        }
        out.push('}');
        out
    }

    /// `{"version":…,"filter":…,…,"autoOffsetResetChoice":…` (no closing brace): the filter and the
    /// export settings.
    fn prefs_fields(&self) -> String {
        let mut out = format!("{{\"version\":{DRAFT_VERSION},\"filter\":");
        json::write_string(&mut out, &self.filter_text);
        out.push_str(",\"target\":");
        json::write_string(&mut out, self.settings.target.id());
        out.push_str(",\"fields\":{");
        for (i, (field, value)) in self.settings.values.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            json::write_string(&mut out, field.id());
            out.push(':');
            json::write_string(&mut out, value);
        }
        out.push_str("},\"aliasPath\":");
        out.push_str(if self.settings.alias_path == AliasPath::Old {
            "\"old\""
        } else {
            "\"new\""
        });
        // Only a choice the user made is kept, under a name of its own: records written
        // before there was a "not chosen" state say "autoOffsetReset": "latest" without the
        // user having chosen it, and must restore to not chosen.
        if let Some(value) = self.settings.auto_offset_reset {
            out.push_str(",\"autoOffsetResetChoice\":");
            json::write_string(&mut out, value.as_str());
        }
        // The custom resource (a few kilobytes), only when one was given: older records have
        // none and restore without one.
        if !self.resource_text().is_empty() {
            out.push_str(",\"resource\":");
            json::write_string(&mut out, self.resource_text());
        }
        out
    }

    /// The filter and the export settings alone: a few hundred bytes, written on every
    /// keystroke in the filter box or a settings field, where rewriting the edits (megabytes
    /// after a bulk change of 100k rows) would make typing lag. Newer than the draft's own copy
    /// of them, so [`Editor::restore_with_prefs`] applies it last.
    pub fn prefs_record(&self) -> String {
        let mut out = self.prefs_fields();
        out.push('}');
        out
    }

    /// The draft's edits (as values, not as an undo history), written when the data changes,
    /// with the filter and the export settings of that moment.
    pub fn draft_record(&self) -> String {
        let mut out = self.prefs_fields();
        if let Some(loaded) = &self.loaded {
            out.push_str(&format!(",\"source\":\"{:016x}\"", loaded.source_hash));
        }
        if let Some(session) = self.session() {
            out.push_str(",\"scope\":");
            out.push_str(if session.scope() == ExportScope::All {
                "\"all\""
            } else {
                "\"changed\""
            });
            let (mut set, mut added, mut removed, mut entries) =
                (Vec::new(), Vec::new(), Vec::new(), Vec::new());
            for row in session.rows() {
                let value = match row.current {
                    OffsetValue::Value(v) => v.to_string(),
                    _ => "null".to_string(),
                };
                if row.added {
                    if !row.removed {
                        let facts = EntryFacts::of(session.kind(), row.entry, true);
                        let mut a = String::from("{\"topic\":");
                        json::write_string(&mut a, facts.topic.unwrap_or(""));
                        if let Some(c) = facts.cluster {
                            a.push_str(",\"cluster\":");
                            json::write_string(&mut a, c);
                        }
                        a.push_str(&format!(
                            ",\"partition\":{},\"offset\":{value}}}",
                            facts.partition.unwrap_or(0)
                        ));
                        added.push(a);
                    }
                } else {
                    if row.removed {
                        removed.push(row.index.to_string());
                    }
                    if row.edited {
                        // The whole entry, its offset written in.
                        if let Some(entry) = session.current_entry(row.index) {
                            entries.push(format!(
                                "[{},{}]",
                                row.index,
                                json::to_compact(&entry.value)
                            ));
                        }
                    } else if row.changed {
                        set.push(format!("[{},{value}]", row.index));
                    }
                }
            }
            out.push_str(&format!(
                ",\"set\":[{}],\"entries\":[{}],\"added\":[{}],\"removed\":[{}]",
                set.join(","),
                entries.join(","),
                added.join(","),
                removed.join(",")
            ));
        }
        out.push('}');
        out
    }

    /// [`Editor::draft_record`] with the time it is written (`now`, epoch milliseconds, from
    /// the page's clock: core has none), so that a restored draft can say how old it is.
    pub fn draft_record_at(&self, now: i64) -> String {
        let mut out = self.draft_record();
        out.pop();
        out.push_str(&format!(",\"savedAt\":{now}}}"));
        out
    }

    /// [`Editor::restore_with_prefs`], and the notice says how old the draft is ("Draft
    /// restored from 3 hours ago") when its record was written by [`Editor::draft_record_at`].
    pub fn restore_at(
        source_record: &str,
        draft_record: Option<&str>,
        prefs_record: Option<&str>,
        now: i64,
    ) -> Result<Editor, String> {
        let mut editor = Editor::restore_with_prefs(source_record, draft_record, prefs_record)?;
        let saved = draft_record.and_then(saved_at);
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

    /// Rebuilds an editor from the two draft records. The text area and the source always
    /// come back; edits that no longer apply are reported in the notice, never dropped
    /// silently.
    pub fn restore(source_record: &str, draft_record: Option<&str>) -> Result<Editor, String> {
        Editor::restore_with_prefs(source_record, draft_record, None)
    }

    /// The filter and export settings of a draft or a [`Editor::prefs_record`]; what a record
    /// does not name is left as it is.
    fn apply_prefs(&mut self, record: &JsonValue) {
        if let Some(filter) = record.get("filter").and_then(JsonValue::as_str) {
            self.apply(EditorAction::SetFilter(filter.to_string()));
        }
        if let Some(target) = record
            .get("target")
            .and_then(JsonValue::as_str)
            .and_then(TargetKind::from_id)
        {
            self.settings.target = target;
        }
        if let Some(fields) = record.get("fields").and_then(JsonValue::as_members) {
            self.settings.values.clear();
            for m in fields {
                if let (Some(field), Some(value)) = (
                    Field::ALL.iter().find(|f| f.id() == m.key),
                    m.value.as_str(),
                ) {
                    self.settings.values.insert(*field, value.to_string());
                }
            }
        }
        match record.get("aliasPath").and_then(JsonValue::as_str) {
            Some("old") => self.settings.alias_path = AliasPath::Old,
            Some("new") => self.settings.alias_path = AliasPath::New,
            _ => {}
        }
        // A record that names no choice (the prefs and the draft are always written whole)
        // restores to not chosen.
        self.settings.auto_offset_reset = match record
            .get("autoOffsetResetChoice")
            .and_then(JsonValue::as_str)
        {
            Some("earliest") => Some(AutoOffsetReset::Earliest),
            Some("latest") => Some(AutoOffsetReset::Latest),
            _ => None,
        };
        // Read again, not re-filled: the fields above are what the user last had.
        if let Some(resource) = record.get("resource").and_then(JsonValue::as_str)
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
        let mut editor = Editor::restore_draft(source_record, draft_record)?;
        let prefs = prefs_record.and_then(|p| json::parse(p).ok()).filter(|p| {
            p.get("version")
                .and_then(JsonValue::as_number)
                .and_then(|n| n.as_i64())
                == Some(DRAFT_VERSION)
        });
        if let Some(prefs) = prefs {
            editor.apply_prefs(&prefs);
        }
        Ok(editor)
    }

    fn restore_draft(source_record: &str, draft_record: Option<&str>) -> Result<Editor, String> {
        let record = json::parse(source_record)
            .map_err(|e| format!("The saved draft is unreadable ({}).", e.message))?;
        if record
            .get("version")
            .and_then(JsonValue::as_number)
            .and_then(|n| n.as_i64())
            != Some(DRAFT_VERSION)
        {
            return Err("The saved draft is from another version of this editor.".to_string());
        }
        let mut editor = Editor {
            input: record
                .get("input")
                .and_then(JsonValue::as_str)
                .unwrap_or("")
                .to_string(),
            ..Editor::default()
        };
        let source = match record.get("source").map(|s| &s.kind) {
            Some(JsonKind::String(source)) => Some(source.clone()),
            Some(JsonKind::Bool(true)) => Some(editor.input.clone()),
            _ => None,
        };
        editor.kind_choice = record
            .get("kind")
            .and_then(JsonValue::as_str)
            .and_then(crate::model::ConnectorKind::from_choice);
        if let Some(source) = source {
            let options = ImportOptions {
                data_key: record
                    .get("dataKey")
                    .and_then(JsonValue::as_str)
                    .map(str::to_string),
                list_item: record
                    .get("listItem")
                    .and_then(JsonValue::as_number)
                    .and_then(|n| n.as_i64())
                    .and_then(|n| usize::try_from(n).ok()),
                ..ImportOptions::default()
            };
            editor.load(source, options);
        }
        let Some(draft) = draft_record else {
            return Ok(editor);
        };
        let draft = json::parse(draft)
            .map_err(|e| format!("The saved edits are unreadable ({}).", e.message))?;
        let mut problems = Vec::new();
        editor.apply_prefs(&draft);
        let same_source = editor.loaded.as_ref().is_some_and(|l| {
            draft.get("source").and_then(JsonValue::as_str)
                == Some(format!("{:016x}", l.source_hash).as_str())
        });
        if editor.loaded.is_some() && !same_source && draft.get("set").is_some() {
            problems.push(
                "The saved edits belong to another listing than the one saved (the browser could not store the new one); they were not re-applied.".to_string(),
            );
        }
        if same_source {
            let int = |v: &JsonValue| v.as_number().and_then(|n| n.as_i64());
            let changes: Vec<(usize, Option<i64>)> = draft
                .get("set")
                .and_then(JsonValue::as_array)
                .unwrap_or_default()
                .iter()
                .filter_map(|pair| {
                    let pair = pair.as_array()?;
                    let row = usize::try_from(int(pair.first()?)?).ok()?;
                    Some((row, pair.get(1).and_then(int)))
                })
                .collect();
            let mut actions = Vec::new();
            if !changes.is_empty() {
                actions.push(Action::SetEach { changes });
            }
            for pair in draft
                .get("entries")
                .and_then(JsonValue::as_array)
                .unwrap_or_default()
            {
                let Some([row, value]) = pair.as_array() else {
                    continue;
                };
                if let Some(row) = int(row).and_then(|r| usize::try_from(r).ok()) {
                    actions.push(Action::SetEntry {
                        row,
                        value: value.clone(),
                    });
                }
            }
            for a in draft
                .get("added")
                .and_then(JsonValue::as_array)
                .unwrap_or_default()
            {
                let (Some(topic), Some(partition)) = (
                    a.get("topic").and_then(JsonValue::as_str),
                    a.get("partition").and_then(int),
                ) else {
                    continue;
                };
                actions.push(Action::AddEntries {
                    cluster: a
                        .get("cluster")
                        .and_then(JsonValue::as_str)
                        .map(str::to_string),
                    topic: topic.to_string(),
                    partitions: PartitionSet::range(partition, partition),
                    offset: a.get("offset").and_then(int),
                });
            }
            let removed: Vec<usize> = draft
                .get("removed")
                .and_then(JsonValue::as_array)
                .unwrap_or_default()
                .iter()
                .filter_map(|v| usize::try_from(int(v)?).ok())
                .collect();
            if !removed.is_empty() {
                actions.push(Action::RemoveEntries {
                    selection: Selection::Rows(removed),
                });
            }
            if draft.get("scope").and_then(JsonValue::as_str) == Some("all") {
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
            Notice {
                severity: Severity::Info,
                text: "Draft restored from this browser's storage.".to_string(),
            }
        } else {
            Notice {
                severity: Severity::Warning,
                text: format!(
                    "Draft restored, but some edits could not be re-applied: {}",
                    problems.join(" ")
                ),
            }
        });
        Ok(editor)
    }
}
