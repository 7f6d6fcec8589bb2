//! Display text: the header, each row's labels and change sentence, the summary sentence and
//! the numbers in them (digit groups, record counts, source lines with a caret).

use super::{Editor, Exports};
use crate::checking::log_range::RangeClass;
use crate::diag::{Diagnostic, Severity};
use crate::editing::edit::{MapSide, OffsetValue, RowView};
use crate::json::{self, Raw, RawKind};
use crate::model::EntryFacts;
use crate::model::{ConnectorKind, Entry, InputForm, Listing, ResetFact, ResetPolicy};
use crate::reading::datetime::epoch_ms;
use std::collections::BTreeMap;

/// Everything a table row displays.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowDisplay {
    pub index: usize,
    pub cluster: Option<String>,
    pub topic: Option<String>,
    /// The partition number, or for connectors without one the partition map as `k=v, …`.
    pub partition: String,
    /// The offset as the input shows it: digits, empty for null, the raw JSON when unreadable.
    pub offset: String,
    pub is_null: bool,
    /// Whether the offset can be edited in place (it is an integer or null).
    pub editable: bool,
    /// Generic connectors: the partition map's fields, each an editable cell.
    pub partition_fields: Vec<FieldCell>,
    /// Generic connectors: the offset map's fields, each an editable cell (none when null).
    pub offset_fields: Vec<FieldCell>,
    /// The imported offset, for the tooltip and the diff column (`None` for an added row).
    pub imported: Option<String>,
    /// MirrorSourceConnector: the record replication resumes at (offset + 1).
    pub resumes_at: Option<String>,
    /// What the change means, e.g. "40 records will be mirrored again".
    pub change: Option<String>,
    /// The "Log range" column: where the row resumes against the log bounds the references
    /// give (`None` when no reference gives one).
    pub log_range: Option<String>,
    pub changed: bool,
    pub added: bool,
    pub removed: bool,
    /// Accessible name of the offset input: "Offset of TOPIC partition P".
    pub label: String,
    /// Accessible name of the null toggle: "Null offset of TOPIC partition P".
    pub null_label: String,
    /// Why the offset as imported cannot be used (a float, exponent or string where the
    /// connector needs a whole number); typing a whole number in the cell fixes it.
    pub offset_error: Option<String>,
}

/// One key/value cell of a generic connector's partition or offset map.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldCell {
    pub side: MapSide,
    pub key: String,
    /// The value as its input shows it: a string without quotes, anything else as JSON.
    pub text: String,
    /// Accessible name: "Partition field KEY of NAME" or "Offset field KEY of NAME".
    pub label: String,
    /// Accessible name of its remove button: "Remove partition field KEY of NAME".
    pub remove_label: String,
    /// The value differs from the imported one (or the key is new).
    pub changed: bool,
}

/// The cells of one map of `entry` (`imported`: the same map as imported, to mark changes).
fn field_cells(
    entry: &Entry,
    imported: Option<&Entry>,
    side: MapSide,
    name: &str,
) -> Vec<FieldCell> {
    let Some(map) = entry
        .raw()
        .get(side.key())
        .filter(|m| m.kind() == RawKind::Object)
    else {
        return Vec::new();
    };
    let before = imported.and_then(|e| e.raw().get(side.key()));
    let title = match side {
        MapSide::Partition => "Partition",
        MapSide::Offset => "Offset",
    };
    map.members()
        .map(|m| FieldCell {
            side,
            key: m.key.to_string(),
            text: field_text(m.value),
            label: format!("{title} field {} of {name}", m.key),
            remove_label: format!(
                "Remove {} field {} of {name}",
                title.to_ascii_lowercase(),
                m.key
            ),
            changed: !before
                .and_then(|b| b.get(m.key))
                .is_some_and(|b| b.same_as(m.value)),
        })
        .collect()
}

/// "Changed: lsn, ts_usec" for a row whose key/value cells were edited.
fn fields_sentence(partition: &[FieldCell], offset: &[FieldCell]) -> Option<String> {
    let keys: Vec<&str> = partition
        .iter()
        .chain(offset)
        .filter(|c| c.changed)
        .map(|c| c.key.as_str())
        .collect();
    (!keys.is_empty()).then(|| format!("Changed: {}", keys.join(", ")))
}

/// A field's value as its input shows it.
fn field_text(value: Raw<'_>) -> String {
    match value.as_str() {
        Some(s) => s.to_string(),
        None => json::to_compact(value),
    }
}

/// Facts about what was loaded, for the header.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Header {
    pub kind: String,
    pub form: String,
    pub data_key: Option<String>,
    pub available_keys: Vec<String>,
    pub configmap: Option<String>,
    pub namespace: Option<String>,
    pub entries: usize,
    pub clusters: Vec<String>,
    pub topics: usize,
    /// When the listing was taken, or why that is unknown: a sentence for the header.
    pub listed: String,
    /// The source bar's one line: what was loaded, the connector kind, the data key and the
    /// entry count ("ConfigMap kafka/my-mm2-offsets · MirrorSourceConnector · key
    /// east--west.MirrorSourceConnector.json · 3 entries").
    pub line: String,
}

/// What a listing was loaded from, in a few words for the source bar.
fn source_words(form: InputForm, configmap: Option<&str>, namespace: Option<&str>) -> String {
    match (form, configmap) {
        (InputForm::ConfigMapYaml | InputForm::ConfigMapJson, Some(name)) => {
            let ns = namespace.map(|n| format!("{n}/")).unwrap_or_default();
            format!("ConfigMap {ns}{name}")
        }
        (InputForm::ConfigMapYaml | InputForm::ConfigMapJson, None) => "ConfigMap".to_string(),
        (InputForm::RestPayload, _) => "REST payload".to_string(),
        (InputForm::Csv, _) => "CSV".to_string(),
    }
}

/// The source bar's line (see [`Header::line`]).
pub fn source_bar_line(
    form: InputForm,
    configmap: Option<&str>,
    namespace: Option<&str>,
    kind: &str,
    data_key: Option<&str>,
    entries: usize,
) -> String {
    let mut parts = vec![source_words(form, configmap, namespace), kind.to_string()];
    if let Some(key) = data_key {
        parts.push(format!("key {key}"));
    }
    parts.push(counted(entries, "entry", "entries"));
    parts.join(" · ")
}

pub(super) use crate::diag::group_digits;

/// `n` grouped with its noun: "1 row", "5,000 rows".
pub fn counted(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{} {many}", group_digits(n as u128))
    }
}

/// The input form in words, for the header ("ConfigMap (YAML)"), never its internal id.
pub fn form_label(form: InputForm) -> &'static str {
    match form {
        InputForm::ConfigMapYaml => "ConfigMap (YAML)",
        InputForm::ConfigMapJson => "ConfigMap (JSON)",
        InputForm::RestPayload => "Kafka Connect REST payload",
        InputForm::Csv => "kafka-consumer-groups CSV (consumer positions)",
    }
}

/// How long ago `then` was at `now` (both in epoch milliseconds): "just now", "5 minutes ago",
/// "3 hours ago", "2 days ago".
pub fn age_text(then: i64, now: i64) -> String {
    let seconds = (now - then) / 1000;
    if seconds < -60 {
        return "in the future (check this computer's clock)".to_string();
    }
    let minutes = seconds / 60;
    let hours = minutes / 60;
    let ago = |n: i64, unit: &str| {
        format!(
            "{} {unit}{} ago",
            group_digits(n.unsigned_abs().into()),
            if n == 1 { "" } else { "s" }
        )
    };
    match () {
        _ if minutes < 1 => "just now".to_string(),
        _ if hours < 1 => ago(minutes, "minute"),
        _ if hours < 48 => ago(hours, "hour"),
        _ => ago(hours / 24, "day"),
    }
}

/// When `listing` was taken, as a sentence for the header (`now`: the current time in epoch
/// milliseconds, when the caller has a clock, to say how long ago). The time is the operator's
/// `managedFields` entry; the creation timestamp is never used (a re-list updates the same
/// ConfigMap, so it is the time of the first listing only).
pub fn listed_sentence(listing: &Listing, now: Option<i64>) -> String {
    let configmap = listing.configmap.as_ref();
    match configmap.and_then(|c| c.listed_at.as_ref()) {
        Some(at) => {
            let shown = match at.time.strip_suffix('Z') {
                Some(t) => format!("{} UTC", t.replacen('T', " ", 1)),
                None => at.time.clone(),
            };
            let age = match (now, epoch_ms(&at.time)) {
                (Some(now), Some(then)) => format!(", {}", age_text(then, now)),
                _ => String::new(),
            };
            format!(
                "{shown}{age} (written by {}; a re-list that changes nothing keeps this time)",
                at.manager
            )
        }
        None if configmap.is_some() => format!(
            "unknown. kubectl prints the operator's write time only with --show-managed-fields: kubectl get configmap {} -o yaml --show-managed-fields (the creation timestamp is not the listing time: a re-list updates the same ConfigMap)",
            configmap
                .and_then(|c| c.name.as_deref())
                .filter(|n| crate::model::names::is_dns1123_subdomain(n))
                .unwrap_or("NAME")
        ),
        None => match listing.form {
            InputForm::Csv => "unknown: a CSV does not record when it was taken".to_string(),
            _ => "unknown: a REST payload does not record when it was taken".to_string(),
        },
    }
}

/// What the numbers of the ConfigMap YAML and PATCH JSON exports are: stored offsets, exactly
/// as Kafka Connect stores them, with what that means for the connector `kind`.
pub fn stored_offsets_sentence(kind: ConnectorKind) -> &'static str {
    match kind {
        ConnectorKind::MirrorSource => {
            "Stored offsets, exactly as Kafka Connect stores them (no conversion): MirrorMaker 2 stores the last mirrored record and resumes at offset + 1."
        }
        ConnectorKind::Sink => {
            "Stored offsets, exactly as Kafka Connect stores them (no conversion): a sink connector's kafka_offset is the next record to consume."
        }
        _ => "Stored offsets, exactly as Kafka Connect stores them (no conversion).",
    }
}

fn records(n: u128) -> String {
    if n == 1 {
        "1 record".to_string()
    } else {
        format!("{} records", group_digits(n))
    }
}

/// Line `line` (1-based) of `text`, without its line break, for showing where an error is.
pub fn source_line(text: &str, line: u32) -> Option<&str> {
    let index = usize::try_from(line).ok()?.checked_sub(1)?;
    text.split('\n')
        .nth(index)
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
}

/// A caret line pointing at 1-based `column` of `line` (tabs kept so the caret lines up).
pub fn caret_line(line: &str, column: u32) -> String {
    let mut out: String = line
        .chars()
        .take(column.saturating_sub(1) as usize)
        .map(|c| if c == '\t' { '\t' } else { ' ' })
        .collect();
    out.push('^');
    out
}

/// The accessible name of the control that adds a field to a row's partition or offset map:
/// "Add offset field to NAME".
pub fn field_add_label(side: MapSide, display: &RowDisplay) -> String {
    let name = display
        .label
        .strip_prefix("Offset of ")
        .unwrap_or(&display.label);
    match side {
        MapSide::Partition => format!("Add partition field to {name}"),
        MapSide::Offset => format!("Add offset field to {name}"),
    }
}

/// The heading of the Problems list: "Problems: 1 error, 0 warnings, 2 infos".
pub fn problems_heading(problems: &[Diagnostic]) -> String {
    let count = |s: Severity| problems.iter().filter(|d| d.severity == s).count();
    let part = |n: usize, one: &str, many: &str| counted(n, one, many);
    format!(
        "Problems: {}, {}, {}",
        part(count(Severity::Error), "error", "errors"),
        part(count(Severity::Warning), "warning", "warnings"),
        part(count(Severity::Info), "info", "infos"),
    )
}

/// The one-paragraph summary on top of the export views.
pub fn summary_sentence(exports: &Exports, all: bool) -> String {
    let s = exports.summary;
    format!(
        "{} rewound ({} records processed again), {} skipped ({} records never processed), {} nulled, {} set, {} added, {} removed. The export holds {}{}.",
        group_digits(s.rewound as u128),
        group_digits(s.records_replayed),
        group_digits(s.skipped as u128),
        group_digits(s.records_skipped),
        group_digits(s.nulled as u128),
        group_digits(s.set as u128),
        group_digits(s.added as u128),
        group_digits(s.removed as u128),
        counted(exports.entries, "entry", "entries"),
        if exports.create {
            " (all entries: the connector is created with every one)"
        } else if all {
            " (all entries)"
        } else {
            " (changes only)"
        },
    )
}

/// The record a MirrorSourceConnector resumes at after stored offset `offset` (offset + 1, an
/// offset, so plain digits like the offset beside it); `?` for a negative offset, which is an
/// error (MS8) and resumes nowhere.
fn resume_record(offset: i64) -> String {
    u128::try_from(i128::from(offset) + 1).map_or_else(|_| "?".to_string(), |r| r.to_string())
}

/// One sentence saying what changing `before` to `after` does, in the connector's terms.
pub fn change_sentence(
    kind: ConnectorKind,
    reset: &ResetFact,
    before: Option<OffsetValue>,
    after: OffsetValue,
) -> Option<String> {
    let Some(before) = before else {
        return Some(match after {
            OffsetValue::Null => "new entry (null offset)".to_string(),
            OffsetValue::Value(v) if kind == ConnectorKind::MirrorSource => {
                format!("new entry: resumes at record {}", resume_record(v))
            }
            _ => "new entry".to_string(),
        });
    };
    match (before, after) {
        (a, b) if a == b => None,
        (OffsetValue::Value(old), OffsetValue::Value(new)) => {
            let delta = i128::from(new) - i128::from(old);
            let n = delta.unsigned_abs();
            Some(match (kind, delta < 0) {
                (ConnectorKind::MirrorSource, true) => {
                    format!("{} will be mirrored again", records(n))
                }
                (ConnectorKind::Sink, true) => format!("{} will be consumed again", records(n)),
                (_, true) => format!("rewound by {}", records(n)),
                (ConnectorKind::MirrorSource, false) => {
                    format!("skips {} (never mirrored)", records(n))
                }
                (_, false) => format!("skips {}", records(n)),
            })
        }
        (_, OffsetValue::Null) => Some(match kind {
            ConnectorKind::MirrorSource if reset.policy == ResetPolicy::Earliest => {
                "replicated again from auto.offset.reset".to_string()
            }
            ConnectorKind::MirrorSource => reset.null_short(kind),
            ConnectorKind::Sink if reset.policy == ResetPolicy::Earliest => {
                "consumer offset deleted: restarts from auto.offset.reset".to_string()
            }
            ConnectorKind::Sink => {
                format!("consumer offset deleted: {}", reset.null_short(kind))
            }
            _ => "stored offset deleted".to_string(),
        }),
        (OffsetValue::Null, OffsetValue::Value(_)) => Some("set (was null)".to_string()),
        _ => Some("changed".to_string()),
    }
}

/// Why an imported offset the connector cannot read is refused, in the cell: digits beyond
/// 64 bits say so rather than "not a whole number".
fn unreadable_reason(text: &str) -> String {
    let digits = text.strip_prefix('-').unwrap_or(text);
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        if text.starts_with('-') {
            return format!(
                "{text} is negative: Kafka offsets are whole numbers from 0. Type the offset it should be to fix it."
            );
        }
        return format!(
            "{text} is above 9223372036854775807, the largest 64-bit offset Kafka stores. Type the offset it should be to fix it."
        );
    }
    "Not a whole number: this connector needs an offset like 42. Type the whole number it should be to fix it.".to_string()
}

fn offset_text(v: OffsetValue, row: &RowView<'_>) -> String {
    match v {
        OffsetValue::Value(n) => n.to_string(),
        OffsetValue::Null => String::new(),
        OffsetValue::Unreadable => match row.entry.raw().get("offset") {
            // A typed connector's one offset field (`1.0`, `1e3`, `"5"`): as typed.
            Some(map) => {
                let mut members = map.members();
                match (members.next(), members.next()) {
                    (Some(only), None) => json::to_compact(only.value),
                    _ => map_text(map),
                }
            }
            None => String::new(),
        },
    }
}

/// `k=v, k2=v2` for a JSON object, the compact JSON otherwise.
fn map_text(value: Raw<'_>) -> String {
    if value.kind() != RawKind::Object {
        return json::to_compact(value);
    }
    value
        .members()
        .map(|m| match m.value.as_str() {
            Some(s) => format!("{}={s}", m.key),
            None => format!("{}={}", m.key, json::to_compact(m.value)),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

impl Editor {
    /// The header, without a clock: the listing time is shown without its age.
    pub fn header(&self) -> Option<Header> {
        self.header_at(None)
    }

    /// The header; `now` (epoch milliseconds, from the page's clock) adds how long ago the
    /// listing was taken.
    pub fn header_at(&self, now: Option<i64>) -> Option<Header> {
        let loaded = self.loaded.as_ref()?;
        let listing = loaded.session.imported();
        // Maps of the same type as the table's topic slots (`view`): one copy of the map's
        // code in the wasm. The values are unused.
        let mut clusters: BTreeMap<&str, usize> = BTreeMap::new();
        let mut topics: BTreeMap<&str, usize> = BTreeMap::new();
        let mut entries = 0;
        for row in loaded.session.rows().filter(|r| !r.removed) {
            entries += 1;
            let facts = EntryFacts::of(listing.kind, row.entry, false);
            if let Some(cluster) = facts.cluster {
                clusters.insert(cluster, 0);
            }
            if let Some(topic) = facts.topic {
                topics.insert(topic, 0);
            }
        }
        let configmap = listing.configmap.as_ref().and_then(|c| c.name.clone());
        let namespace = listing.configmap.as_ref().and_then(|c| c.namespace.clone());
        let line = source_bar_line(
            listing.form,
            configmap.as_deref(),
            namespace.as_deref(),
            listing.kind.label(),
            listing.data_key.as_deref(),
            entries,
        );
        Some(Header {
            line,
            kind: listing.kind.label().to_string(),
            form: form_label(listing.form).to_string(),
            data_key: listing.data_key.clone(),
            available_keys: listing.available_keys.clone(),
            configmap,
            namespace,
            entries,
            clusters: clusters.into_keys().map(str::to_string).collect(),
            topics: topics.len(),
            // A listing "Start a new connector" made was never listed (issue 31, item 12).
            listed: match loaded.origin {
                Some(_) => "not listed: made by Start a new connector, for a connector that has stored no offsets yet".to_string(),
                None => listed_sentence(listing, now),
            },
        })
    }

    /// Everything row `index` displays.
    pub fn row_display(&self, index: usize) -> Option<RowDisplay> {
        let loaded = self.loaded.as_ref()?;
        let row = loaded.session.row(index)?;
        let kind = loaded.session.kind();
        let facts = EntryFacts::of(kind, row.entry, row.changed);
        let partition = match facts.partition {
            Some(p) => p.to_string(),
            None => row
                .entry
                .raw()
                .get("partition")
                .map(map_text)
                .unwrap_or_default(),
        };
        let name = match (facts.topic, facts.partition) {
            (Some(t), Some(p)) => format!("{t} partition {p}"),
            _ => partition.clone(),
        };
        let name = match facts.cluster {
            Some(c) if loaded.multi_cluster => format!("{c} {name}"),
            _ => name,
        };
        let resumes_at = (kind == ConnectorKind::MirrorSource).then(|| match row.current {
            OffsetValue::Value(v) => resume_record(v),
            OffsetValue::Null => "auto.offset.reset".to_string(),
            OffsetValue::Unreadable => "?".to_string(),
        });
        let (partition_fields, offset_fields) = if kind == ConnectorKind::Generic {
            let current = loaded.session.current_entry(index);
            let imported = if row.added {
                None
            } else {
                loaded.session.imported().entries.get(index)
            };
            match current {
                Some(entry) => (
                    field_cells(&entry, imported, MapSide::Partition, &name),
                    field_cells(&entry, imported, MapSide::Offset, &name),
                ),
                None => (Vec::new(), Vec::new()),
            }
        } else {
            (Vec::new(), Vec::new())
        };
        let change = if row.changed {
            change_sentence(kind, loaded.session.reset(), row.imported, row.current)
                .or_else(|| fields_sentence(&partition_fields, &offset_fields))
                .map(|sentence| match self.row_effect_phrase(index) {
                    Some(effect) => format!("{sentence}; {effect}"),
                    None => sentence,
                })
        } else {
            None
        };
        Some(RowDisplay {
            index,
            partition_fields,
            offset_fields,
            cluster: facts.cluster.map(str::to_string),
            topic: facts.topic.map(str::to_string),
            partition,
            offset: offset_text(row.current, &row),
            is_null: row.current == OffsetValue::Null,
            // A typed connector's unreadable offset is shown as typed and fixed by typing a
            // whole number; a generic connector's offset is edited field by field.
            editable: kind != ConnectorKind::Generic || row.current != OffsetValue::Unreadable,
            offset_error: (kind != ConnectorKind::Generic
                && row.current == OffsetValue::Unreadable)
                .then(|| unreadable_reason(&offset_text(row.current, &row))),
            imported: row.imported.map(|v| match v {
                OffsetValue::Null => "null".to_string(),
                other => offset_text(other, &row),
            }),
            resumes_at,
            change,
            log_range: self.row_range(index).map(RangeClass::label),
            changed: row.changed,
            added: row.added,
            removed: row.removed,
            label: format!("Offset of {name}"),
            null_label: format!("Null offset of {name}"),
        })
    }
}
