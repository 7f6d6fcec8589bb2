//! The editor: everything the web app shows and every way a user changes it, as one state
//! ([`Editor`]) and one reducer ([`Editor::apply`] over [`EditorAction`]).
//!
//! The web crate only renders what this module computes (rows, labels, change sentences,
//! problems, exports) and dispatches [`EditorAction`]s, so all of it is tested natively.
//! Offset edits are delegated to [`Session`]; this layer adds what the page needs around it:
//! the import text (never lost, even when it does not parse), the filter box, sorting, topic
//! groups, the selection, export settings, a notice line, and the draft records the page
//! keeps in local storage.

use crate::diag::{Diagnostic, Position, Severity};
use crate::diff::Summary;
use crate::edit::{
    Action, ExportScope, MapSide, OffsetValue, RowView, Selection, Session, with_field,
};
use crate::export::{self, AlterTarget, ConfigMapOptions, Export, Gate};
use crate::filter::{EntryFacts, Filter, PartitionSet};
use crate::import::{ImportOptions, import};
use crate::json::{self, JsonKind, JsonValue};
use crate::model::{ConnectorKind, Entry, Listing};
use crate::names;
use crate::procedure::{self, AliasPath, AutoOffsetReset, Kubernetes, Options, Procedure, Target};
use crate::validate::validate;
use std::collections::{BTreeMap, BTreeSet};

/// Version of the draft records; a record of another version is not restored.
pub const DRAFT_VERSION: i64 = 1;

/// Which column the table is sorted by (within each topic group).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum SortColumn {
    #[default]
    Partition,
    Cluster,
    Offset,
    Change,
}

/// Sort order of the rows in a group. Groups are always ordered by topic name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Sort {
    pub column: SortColumn,
    pub descending: bool,
}

/// Where the exported offsets are applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum TargetKind {
    #[default]
    KafkaConnector,
    KafkaMirrorMaker2,
    Rest,
}

impl TargetKind {
    pub fn label(self) -> &'static str {
        match self {
            TargetKind::KafkaConnector => "KafkaConnector",
            TargetKind::KafkaMirrorMaker2 => "KafkaMirrorMaker2",
            TargetKind::Rest => "Kafka Connect REST",
        }
    }

    fn id(self) -> &'static str {
        match self {
            TargetKind::KafkaConnector => "connector",
            TargetKind::KafkaMirrorMaker2 => "mirrormaker2",
            TargetKind::Rest => "rest",
        }
    }

    fn from_id(id: &str) -> Option<TargetKind> {
        [
            TargetKind::KafkaConnector,
            TargetKind::KafkaMirrorMaker2,
            TargetKind::Rest,
        ]
        .into_iter()
        .find(|t| t.id() == id)
    }
}

/// A text field of the export settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Field {
    /// KafkaConnector or KafkaMirrorMaker2 name.
    Resource,
    /// Connector name (REST), or MirrorMaker 2 connector `S->T.Type`.
    Connector,
    Namespace,
    Context,
    ListConfigMap,
    AlterConfigMap,
    MirrorIndex,
    RestUrl,
}

impl Field {
    pub const ALL: [Field; 8] = [
        Field::Resource,
        Field::Connector,
        Field::Namespace,
        Field::Context,
        Field::ListConfigMap,
        Field::AlterConfigMap,
        Field::MirrorIndex,
        Field::RestUrl,
    ];

    /// The rule a bad value of this field breaks (domain.md 8.7).
    pub fn rule(self) -> &'static str {
        match self {
            Field::Resource => "K3",
            Field::Namespace => "K2",
            Field::ListConfigMap | Field::AlterConfigMap => "K1",
            Field::Connector => "K5",
            Field::Context | Field::MirrorIndex | Field::RestUrl => "PLAN",
        }
    }

    fn id(self) -> &'static str {
        match self {
            Field::Resource => "resource",
            Field::Connector => "connector",
            Field::Namespace => "namespace",
            Field::Context => "context",
            Field::ListConfigMap => "listConfigMap",
            Field::AlterConfigMap => "alterConfigMap",
            Field::MirrorIndex => "mirrorIndex",
            Field::RestUrl => "restUrl",
        }
    }
}

/// Export target settings, as typed (validated on every change, see [`Editor::field_error`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportSettings {
    pub target: TargetKind,
    pub values: BTreeMap<Field, String>,
    pub alias_path: AliasPath,
    pub auto_offset_reset: AutoOffsetReset,
}

impl Default for ExportSettings {
    fn default() -> Self {
        ExportSettings {
            target: TargetKind::default(),
            values: BTreeMap::new(),
            alias_path: AliasPath::New,
            auto_offset_reset: AutoOffsetReset::Latest,
        }
    }
}

impl ExportSettings {
    pub fn get(&self, field: Field) -> &str {
        self.values.get(&field).map(String::as_str).unwrap_or("")
    }
}

/// The one-line message under the toolbar: what the last action did, or why it was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    pub severity: Severity,
    pub text: String,
}

/// What the table shows, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ViewItem {
    /// A topic heading; `rows` and `changed` count the rows of the group that match the filter.
    Group {
        topic: String,
        rows: usize,
        changed: usize,
        collapsed: bool,
    },
    /// A row of the session (see [`Session::row`]).
    Row(usize),
}

/// The table: groups and rows after filter, sort and collapsing.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct View {
    pub items: Vec<ViewItem>,
    /// Rows that match the filter (collapsed ones included).
    pub matched: usize,
    /// Rows that are not removed.
    pub total: usize,
}

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
    pub changed: bool,
    pub added: bool,
    pub removed: bool,
    /// Accessible name of the offset input: "Offset of TOPIC partition P".
    pub label: String,
    /// Accessible name of the null toggle: "Null offset of TOPIC partition P".
    pub null_label: String,
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
    let Some(members) = entry.value.get(side.key()).and_then(JsonValue::as_members) else {
        return Vec::new();
    };
    let before = imported.and_then(|e| e.value.get(side.key()));
    let title = match side {
        MapSide::Partition => "Partition",
        MapSide::Offset => "Offset",
    };
    members
        .iter()
        .map(|m| FieldCell {
            side,
            key: m.key.clone(),
            text: field_text(&m.value),
            label: format!("{title} field {} of {name}", m.key),
            remove_label: format!(
                "Remove {} field {} of {name}",
                title.to_ascii_lowercase(),
                m.key
            ),
            changed: !before
                .and_then(|b| b.get(&m.key))
                .is_some_and(|b| b.same_as(&m.value)),
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
fn field_text(value: &JsonValue) -> String {
    match &value.kind {
        JsonKind::String(s) => s.clone(),
        _ => json::to_compact(value),
    }
}

/// The value typed into a field cell, read with the type of the value it replaces: a string
/// takes the text as is, a number must be a JSON number (its text is kept exactly, so 64-bit
/// values stay exact), a boolean `true` or `false`; null, arrays and objects are typed as JSON.
pub fn parse_field_input(old: &JsonValue, text: &str) -> Result<JsonValue, String> {
    match &old.kind {
        JsonKind::String(_) => Ok(JsonValue::string(text)),
        JsonKind::Number(_) => {
            let t = text.trim();
            json::Number::parse(t)
                .map(|n| JsonValue::new(JsonKind::Number(n)))
                .ok_or_else(|| format!("'{t}' is not a number; this field holds a number (for example 42 or 1.5)."))
        }
        JsonKind::Bool(_) => match text.trim() {
            "true" => Ok(JsonValue::new(JsonKind::Bool(true))),
            "false" => Ok(JsonValue::new(JsonKind::Bool(false))),
            other => Err(format!("'{other}' is not true or false; this field holds a boolean.")),
        },
        _ => json::parse(text.trim()).map_err(|e| {
            format!(
                "Not valid JSON at column {}: {}. Type a JSON value (a \"quoted string\", a number, true, false, null, [...] or {{...}}).",
                e.pos.column, e.message
            )
        }),
    }
}

/// Every export the page offers, computed from the current state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exports {
    pub configmap: Result<Export, Vec<Diagnostic>>,
    /// kubectl steps (KafkaConnector, KafkaMirrorMaker2) or curl steps (REST).
    pub procedure: Result<Procedure, Vec<Diagnostic>>,
    pub patch_json: Result<Export, Vec<Diagnostic>>,
    pub csv: Result<Export, Vec<Diagnostic>>,
    /// The `source.consumer.auto.offset.reset` procedure (MirrorSourceConnector only).
    pub auto_offset_reset: Option<Result<Procedure, Vec<Diagnostic>>>,
    pub summary: Summary,
    /// Entries the export contains.
    pub entries: usize,
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
}

/// Every change of editor state.
#[derive(Debug, Clone, PartialEq)]
pub enum EditorAction {
    /// The import text area changed.
    SetInput(String),
    /// Import the text area (a failure keeps the text and any session already loaded).
    Load,
    /// A picked or dropped file, as bytes: it becomes the text area and is loaded. Invalid
    /// UTF-8 is a located load error (the text area shows the file with U+FFFD in place of the
    /// bad bytes), never silently replaced characters in names.
    LoadFile(Vec<u8>),
    /// A picked or dropped file could not be read (`reason` as the browser gave it).
    FileUnreadable {
        name: String,
        reason: String,
    },
    /// Re-import the loaded text with another offsets data key.
    PickKey(String),
    /// An offset edit, undo or redo.
    Edit(Action),
    /// The filter box changed.
    SetFilter(String),
    /// Sort by a column; the same column again reverses the order.
    SortBy(SortColumn),
    ToggleGroup(String),
    /// Collapse (`true`) or expand every group.
    CollapseAll(bool),
    /// Select or unselect one row for bulk actions.
    Select {
        row: usize,
        selected: bool,
    },
    /// Select every row the filter shows.
    SelectShown,
    ClearSelection,
    SetTarget(TargetKind),
    SetField(Field, String),
    SetAliasPath(AliasPath),
    SetAutoOffsetReset(AutoOffsetReset),
    DismissNotice,
    /// Forget everything: the empty editor.
    Discard,
}

#[derive(Debug, Clone, PartialEq)]
struct Loaded {
    session: Session,
    /// The exact text the session was imported from (restored drafts re-import it).
    source: String,
    options: ImportOptions,
    /// Non-fatal import diagnostics.
    diagnostics: Vec<Diagnostic>,
    multi_cluster: bool,
    /// Fingerprint of `source`, written into the draft record so that saved edits are only
    /// ever re-applied to the listing they were made on.
    source_hash: u64,
    /// What the filter and the table read of each imported entry, read once at load so that a
    /// filter keystroke over 100k rows touches no JSON.
    index: FactsIndex,
}

/// Topic, cluster and partition of every imported entry, with interned names.
#[derive(Debug, Clone, PartialEq, Default)]
struct FactsIndex {
    names: Vec<String>,
    /// Per imported entry: topic name id, cluster name id, partition.
    rows: Vec<(Option<u32>, Option<u32>, Option<i64>)>,
}

impl FactsIndex {
    fn new(listing: &Listing) -> FactsIndex {
        let mut ids: std::collections::HashMap<&str, u32> = std::collections::HashMap::new();
        let mut names: Vec<String> = Vec::new();
        let mut rows = Vec::with_capacity(listing.entries.len());
        for entry in &listing.entries {
            let f = EntryFacts::of(listing.kind, entry, false);
            let [topic, cluster] = [f.topic, f.cluster].map(|name| {
                name.map(|n| {
                    *ids.entry(n).or_insert_with(|| {
                        names.push(n.to_string());
                        (names.len() - 1) as u32
                    })
                })
            });
            rows.push((topic, cluster, f.partition));
        }
        FactsIndex { names, rows }
    }

    /// [`FactsIndex::facts`], and the interned id of the topic when the facts came from the
    /// index.
    fn facts_and_topic<'a>(
        &'a self,
        kind: ConnectorKind,
        row: &RowView<'a>,
    ) -> (EntryFacts<'a>, Option<u32>) {
        let topic = match self.rows.get(row.index) {
            Some(&(topic, _, _)) if !row.added && !row.edited => topic,
            _ => None,
        };
        (self.facts(kind, row), topic)
    }

    /// The facts of session row `row`: from the index for imported rows, read from the entry
    /// for added ones and for rows whose entry was replaced.
    fn facts<'a>(&'a self, kind: ConnectorKind, row: &RowView<'a>) -> EntryFacts<'a> {
        let name = |id: Option<u32>| {
            id.and_then(|i| self.names.get(i as usize))
                .map(String::as_str)
        };
        match self.rows.get(row.index) {
            Some(&(topic, cluster, partition)) if !row.added && !row.edited => EntryFacts {
                topic: name(topic),
                cluster: name(cluster),
                partition,
                changed: row.changed,
            },
            _ => EntryFacts::of(kind, row.entry, row.changed),
        }
    }
}

/// FNV-1a over the bytes: a cheap fingerprint (not a security measure).
fn fingerprint(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The editor state. See the module documentation.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Editor {
    input: String,
    loaded: Option<Loaded>,
    load_errors: Vec<Diagnostic>,
    filter_text: String,
    filter: Filter,
    filter_error: Option<String>,
    sort: Sort,
    collapsed: BTreeSet<String>,
    selected: BTreeSet<usize>,
    settings: ExportSettings,
    notice: Option<Notice>,
    revision: u64,
    /// Counts Load attempts; the page saves the large draft record when it changes.
    loads: u64,
    /// Counts changes of the import text, so the page updates the text area only then.
    input_revision: u64,
    /// Counts changes of the loaded data (load, edits, undo): problems and exports follow it.
    data_revision: u64,
    /// Counts changes of what the table shows (filter, sort, groups, selection).
    view_revision: u64,
    /// Counts changes of the export settings.
    settings_revision: u64,
}

fn group_digits(n: u128) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
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

/// Reads an offset as a user types it in a cell: digits (`_`, `,` and spaces between digit
/// groups are ignored), or `null` / an empty field for null. The message says how to fix it.
pub fn parse_offset_input(text: &str) -> Result<Option<i64>, String> {
    let trimmed = text.trim();
    if trimmed.is_empty() || trimmed.eq_ignore_ascii_case("null") {
        return Ok(None);
    }
    let digits: String = trimmed
        .chars()
        .filter(|c| !matches!(c, '_' | ',' | ' '))
        .collect();
    if let Some(rest) = digits.strip_prefix('-')
        && !rest.is_empty()
        && rest.bytes().all(|b| b.is_ascii_digit())
    {
        return Err(format!(
            "'{trimmed}' is negative; offsets are whole numbers \u{2265} 0. To replay the whole partition, tick Null instead."
        ));
    }
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "'{trimmed}' is not a whole number; type digits only (or leave it empty for null)."
        ));
    }
    digits.parse::<i64>().map(Some).map_err(|_| {
        format!("'{trimmed}' is larger than 9223372036854775807, the largest Kafka offset.")
    })
}

/// Reads a signed whole number (a shift), with the same digit-group leniency as
/// [`parse_offset_input`].
pub fn parse_signed_input(text: &str) -> Result<i64, String> {
    let trimmed = text.trim();
    let digits: String = trimmed
        .chars()
        .filter(|c| !matches!(c, '_' | ',' | ' '))
        .collect();
    let unsigned = digits.strip_prefix(['-', '+']).unwrap_or(&digits);
    if unsigned.is_empty() || !unsigned.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "'{trimmed}' is not a whole number; type for example -100 to rewind or 250 to skip ahead."
        ));
    }
    digits
        .trim_start_matches('+')
        .parse::<i64>()
        .map_err(|_| format!("'{trimmed}' is outside the 64-bit range of Kafka offsets."))
}

/// The action for a value typed in row `display`'s offset cell (Enter or leaving the field):
/// `Ok(None)` when it changes nothing, `Err` with the reason when the text is not an offset.
pub fn cell_edit(display: &RowDisplay, text: &str) -> Result<Option<Action>, String> {
    let row = display.index;
    Ok(match parse_offset_input(text)? {
        None if display.is_null => None,
        None => Some(Action::SetNull { row }),
        Some(v) if !display.is_null && v.to_string() == display.offset => None,
        Some(offset) => Some(Action::SetOffset { row, offset }),
    })
}

impl Editor {
    /// The action for a field cell of row `row` committed with `text` (see
    /// [`parse_field_input`]); `None` when the value is unchanged.
    pub fn field_edit(
        &self,
        row: usize,
        side: MapSide,
        key: &str,
        text: &str,
    ) -> Result<Option<Action>, String> {
        let Some(entry) = self.session().and_then(|s| s.current_entry(row)) else {
            return Err(format!("There is no row {row}."));
        };
        let Some(old) = entry.value.get(side.key()).and_then(|m| m.get(key)) else {
            return Err(format!("The {} map has no field '{key}'.", side.key()));
        };
        let value = parse_field_input(old, text)?;
        if value.same_as(old) {
            return Ok(None);
        }
        let value = with_field(&entry, side, key, Some(value))?;
        Ok(Some(Action::SetEntry { row, value }))
    }

    /// The action that removes field `key` from row `row`'s partition or offset map (a
    /// connector-defined offset that must lose a key, e.g. Debezium's `snapshot`).
    pub fn field_remove(&self, row: usize, side: MapSide, key: &str) -> Result<Action, String> {
        let Some(entry) = self.session().and_then(|s| s.current_entry(row)) else {
            return Err(format!("There is no row {row}."));
        };
        let value = with_field(&entry, side, key, None)?;
        Ok(Action::SetEntry { row, value })
    }
}

impl Editor {
    /// The action for a new field typed as `key=value` into row `row`'s partition or offset map
    /// (on a null offset, this creates the offset map). The value is JSON when it reads as JSON
    /// (`42`, `true`, `"text"`, `{...}`), otherwise the text itself as a string.
    pub fn field_add(&self, row: usize, side: MapSide, text: &str) -> Result<Action, String> {
        let Some(entry) = self.session().and_then(|s| s.current_entry(row)) else {
            return Err(format!("There is no row {row}."));
        };
        let Some((key, value)) = text.split_once('=') else {
            return Err("Type the new field as key=value, for example snapshot=true.".to_string());
        };
        let key = key.trim();
        if key.is_empty() {
            return Err("The field needs a name before the '='.".to_string());
        }
        if entry
            .value
            .get(side.key())
            .and_then(|m| m.get(key))
            .is_some()
        {
            return Err(format!(
                "The {} map already has a field '{key}': edit it instead.",
                side.key()
            ));
        }
        let value = value.trim();
        let value = json::parse(value).unwrap_or_else(|_| JsonValue::string(value));
        let value = with_field(&entry, side, key, Some(value))?;
        Ok(Action::SetEntry { row, value })
    }
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
    let part = |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    format!(
        "Problems: {}, {}, {}",
        part(count(Severity::Error), "error", "errors"),
        part(count(Severity::Warning), "warning", "warnings"),
        part(count(Severity::Info), "info", "infos"),
    )
}

/// The action for ticking (`null`) or unticking row `display`'s Null toggle. Unticking brings
/// back the imported value; a row imported as null (or added) gets offset 0 to edit from.
pub fn null_toggle(display: &RowDisplay, null: bool) -> Action {
    let row = display.index;
    let imported_value = display.imported.as_deref().is_some_and(|v| v != "null");
    match (null, imported_value) {
        (true, _) => Action::SetNull { row },
        (false, true) => Action::Restore { row },
        (false, false) => Action::SetOffset { row, offset: 0 },
    }
}

/// The "Add partitions" form as an action: a valid Kafka topic, a partition list or range
/// (`0-5,7`), an offset (empty for null) and, for MirrorMaker 2, an optional cluster alias.
pub fn add_entries(
    cluster: &str,
    topic: &str,
    partitions: &str,
    offset: &str,
) -> Result<Action, String> {
    let topic = topic.trim();
    names::check_topic(topic)?;
    let partitions = PartitionSet::parse(partitions)
        .map_err(|(column, m)| format!("Partitions, column {column}: {m}"))?;
    let offset = parse_offset_input(offset)?;
    let cluster = Some(cluster.trim().to_string()).filter(|c| !c.is_empty());
    Ok(Action::AddEntries {
        cluster,
        topic: topic.to_string(),
        partitions,
        offset,
    })
}

/// A bulk button of the page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BulkOp {
    /// Set every offset to the value (empty = null).
    Set,
    /// Add the (signed) value to every offset.
    Shift,
    /// Replication (or consumption) resumes at record `value`.
    ResumeAt,
    Null,
    Restore,
    Remove,
}

/// The action a bulk button performs on `selection` with the text of the Value box.
pub fn bulk_action(op: BulkOp, selection: Selection, value: &str) -> Result<Action, String> {
    Ok(match op {
        BulkOp::Set => match parse_offset_input(value)? {
            Some(offset) => Action::SetOffsets { selection, offset },
            None => Action::NullOffsets { selection },
        },
        BulkOp::Shift => Action::ShiftOffsets {
            selection,
            delta: parse_signed_input(value)?,
        },
        BulkOp::ResumeAt => match parse_offset_input(value)? {
            Some(record) => Action::ResumeAt { selection, record },
            None => return Err("Type the record number replication should resume at.".to_string()),
        },
        BulkOp::Null => Action::NullOffsets { selection },
        BulkOp::Restore => Action::RestoreOffsets { selection },
        BulkOp::Remove => Action::RemoveEntries { selection },
    })
}

/// The one-paragraph summary on top of the export views.
pub fn summary_sentence(exports: &Exports, all: bool) -> String {
    let s = exports.summary;
    format!(
        "{} rewound ({} records processed again), {} skipped ({} records never processed), {} nulled, {} set, {} added, {} removed. The export holds {} {}{}.",
        s.rewound,
        group_digits(s.records_replayed),
        s.skipped,
        group_digits(s.records_skipped),
        s.nulled,
        s.set,
        s.added,
        s.removed,
        group_digits(exports.entries as u128),
        if exports.entries == 1 {
            "entry"
        } else {
            "entries"
        },
        if all {
            " (all entries)"
        } else {
            " (changes only)"
        },
    )
}

/// The record a MirrorSourceConnector resumes at after stored offset `offset` (offset + 1,
/// grouped); `?` for a negative offset, which is an error (MS8) and resumes nowhere.
fn resume_record(offset: i64) -> String {
    u128::try_from(i128::from(offset) + 1).map_or_else(|_| "?".to_string(), group_digits)
}

/// One sentence saying what changing `before` to `after` does, in the connector's terms.
pub fn change_sentence(
    kind: ConnectorKind,
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
            ConnectorKind::MirrorSource => "replicated again from auto.offset.reset".to_string(),
            ConnectorKind::Sink => {
                "consumer offset deleted: restarts from auto.offset.reset".to_string()
            }
            _ => "stored offset deleted".to_string(),
        }),
        (OffsetValue::Null, OffsetValue::Value(_)) => Some("set (was null)".to_string()),
        _ => Some("changed".to_string()),
    }
}

fn offset_text(v: OffsetValue, row: &RowView<'_>) -> String {
    match v {
        OffsetValue::Value(n) => n.to_string(),
        OffsetValue::Null => String::new(),
        OffsetValue::Unreadable => row
            .entry
            .value
            .get("offset")
            .map(map_text)
            .unwrap_or_default(),
    }
}

/// `k=v, k2=v2` for a JSON object, the compact JSON otherwise.
fn map_text(value: &JsonValue) -> String {
    match value.as_members() {
        Some(members) => members
            .iter()
            .map(|m| match &m.value.kind {
                JsonKind::String(s) => format!("{}={s}", m.key),
                _ => format!("{}={}", m.key, json::to_compact(&m.value)),
            })
            .collect::<Vec<_>>()
            .join(", "),
        None => json::to_compact(value),
    }
}

/// A row as the sort sees it: index, cluster, partition, offset rank, changed.
type SortRow<'a> = (usize, Option<&'a str>, Option<i64>, i128, bool);

/// The group of entries that have no topic (heartbeat and generic connectors).
const NO_TOPIC: &str = "(no topic)";

/// The rows `keep` selects, materialised as a listing (same metadata as the import), and
/// each entry's session row index.
fn changed_subset(session: &Session, keep: impl Fn(&RowView<'_>) -> bool) -> (Vec<usize>, Listing) {
    let imported = session.imported();
    let kind = imported.kind;
    let mut rows = Vec::new();
    let mut entries = Vec::new();
    for row in session.rows().filter(|r| keep(r)) {
        rows.push(row.index);
        entries.push(match row.current {
            OffsetValue::Value(v) => row.entry.with_offset(kind, Some(v)),
            OffsetValue::Null => row.entry.with_offset(kind, None),
            OffsetValue::Unreadable => row.entry.clone(),
        });
    }
    let mut listing = Listing::new(kind, imported.form);
    listing.entries = entries;
    listing.data_key = imported.data_key.clone();
    listing.mirror = imported.mirror.clone();
    listing.configmap = imported.configmap.clone();
    (rows, listing)
}

/// A diagnostic about entry `subset_index` of a subset, re-pointed at session row `row`:
/// "Entry #n" then counts as the user's listing does.
fn renumber(mut d: Diagnostic, subset_index: usize, row: usize) -> Diagnostic {
    let from = format!("Entry #{}", subset_index + 1);
    if d.message.starts_with(&from) {
        d.message = format!("Entry #{}{}", row + 1, &d.message[from.len()..]);
    }
    d.entry = Some(row);
    d
}

impl Editor {
    pub fn new() -> Editor {
        Editor::default()
    }

    // ----- reading -----

    /// Increases on every change; the web memoises derived data on it.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Increases on every Load attempt (and key pick), successful or not.
    pub fn loads(&self) -> u64 {
        self.loads
    }

    /// Increases when the loaded data changes (load, edit, undo, redo).
    pub fn data_revision(&self) -> u64 {
        self.data_revision
    }

    /// Increases when the table's filter, sort, groups or selection change.
    pub fn view_revision(&self) -> u64 {
        self.view_revision
    }

    /// Increases when the export settings change.
    pub fn settings_revision(&self) -> u64 {
        self.settings_revision
    }

    /// Increases whenever the import text changes.
    pub fn input_revision(&self) -> u64 {
        self.input_revision
    }

    pub fn input(&self) -> &str {
        &self.input
    }

    pub fn session(&self) -> Option<&Session> {
        self.loaded.as_ref().map(|l| &l.session)
    }

    /// Errors of the last Load that failed (empty after a successful one).
    pub fn load_errors(&self) -> &[Diagnostic] {
        &self.load_errors
    }

    pub fn filter_text(&self) -> &str {
        &self.filter_text
    }

    pub fn filter_error(&self) -> Option<&str> {
        self.filter_error.as_deref()
    }

    pub fn sort(&self) -> Sort {
        self.sort
    }

    pub fn selected(&self) -> &BTreeSet<usize> {
        &self.selected
    }

    pub fn settings(&self) -> &ExportSettings {
        &self.settings
    }

    pub fn notice(&self) -> Option<&Notice> {
        self.notice.as_ref()
    }

    pub fn header(&self) -> Option<Header> {
        let loaded = self.loaded.as_ref()?;
        let listing = loaded.session.imported();
        let mut clusters: BTreeSet<&str> = BTreeSet::new();
        let mut topics: BTreeSet<&str> = BTreeSet::new();
        let mut entries = 0;
        for row in loaded.session.rows().filter(|r| !r.removed) {
            entries += 1;
            let facts = EntryFacts::of(listing.kind, row.entry, false);
            clusters.extend(facts.cluster);
            topics.extend(facts.topic);
        }
        Some(Header {
            kind: listing.kind.label().to_string(),
            form: listing.form.id().to_string(),
            data_key: listing.data_key.clone(),
            available_keys: listing.available_keys.clone(),
            configmap: listing.configmap.as_ref().and_then(|c| c.name.clone()),
            namespace: listing.configmap.as_ref().and_then(|c| c.namespace.clone()),
            entries,
            clusters: clusters.into_iter().map(str::to_string).collect(),
            topics: topics.len(),
        })
    }

    /// The rows a bulk action acts on: the selection if any, else the rows the filter shows.
    pub fn bulk_selection(&self) -> Selection {
        if !self.selected.is_empty() {
            Selection::Rows(self.selected.iter().copied().collect())
        } else if self.filter.is_empty() {
            Selection::All
        } else {
            Selection::Filter(self.filter.clone())
        }
    }

    /// How many rows a bulk action would touch, given the current [`Editor::view`] (which has
    /// already counted the rows the filter shows).
    pub fn bulk_count_in(&self, view: &View) -> usize {
        if self.selected.is_empty() {
            view.matched
        } else {
            self.selected.len()
        }
    }

    /// How many rows a bulk action would touch.
    pub fn bulk_count(&self) -> usize {
        let Some(session) = self.session() else {
            return 0;
        };
        if self.selected.is_empty() {
            session.matching_rows(&self.filter).len()
        } else {
            self.selected.len()
        }
    }

    /// The table after filter, sort and collapsing.
    pub fn view(&self) -> View {
        let Some(loaded) = self.loaded.as_ref() else {
            return View::default();
        };
        let session = &loaded.session;
        let kind = session.kind();
        let index = &loaded.index;
        let mut total = 0;
        // Rows whose facts come from the load-time index are grouped by the interned topic id,
        // and the filter's topic terms run once per topic, not once per row (a glob or regex
        // over 100k rows is most of a keystroke otherwise).
        let mut topic_ok: Vec<Option<bool>> = vec![None; index.names.len()];
        let mut by_id: Vec<Vec<SortRow<'_>>> = vec![Vec::new(); index.names.len()];
        let mut others: BTreeMap<&str, Vec<SortRow<'_>>> = BTreeMap::new();
        for row in session.rows() {
            if row.removed {
                continue;
            }
            total += 1;
            let (facts, topic_id) = index.facts_and_topic(kind, &row);
            let slot = topic_id.and_then(|id| topic_ok.get_mut(id as usize));
            let topic_matches = match slot {
                Some(slot) => *slot.get_or_insert_with(|| self.filter.matches_topic(facts.topic)),
                None => self.filter.matches_topic(facts.topic),
            };
            if !topic_matches || !self.filter.matches_except_topic(&facts) {
                continue;
            }
            let offset_rank = match row.current {
                OffsetValue::Null => -1,
                OffsetValue::Value(v) => i128::from(v),
                OffsetValue::Unreadable => -2,
            };
            let sort_row = (
                row.index,
                facts.cluster,
                facts.partition,
                offset_rank,
                row.changed,
            );
            match topic_id.and_then(|id| by_id.get_mut(id as usize)) {
                Some(rows) => rows.push(sort_row),
                None => others
                    .entry(facts.topic.unwrap_or(NO_TOPIC))
                    .or_default()
                    .push(sort_row),
            }
        }
        // Groups in topic order; an added row joins the imported rows of its topic.
        let mut groups: Vec<(&str, Vec<SortRow<'_>>)> = by_id
            .into_iter()
            .zip(&index.names)
            .filter(|(rows, _)| !rows.is_empty())
            .map(|(rows, name)| (name.as_str(), rows))
            .chain(others)
            .collect();
        groups.sort_by(|a, b| a.0.cmp(b.0));
        let mut merged: Vec<(&str, Vec<SortRow<'_>>)> = Vec::with_capacity(groups.len());
        for (topic, rows) in groups {
            match merged.last_mut() {
                Some((last, into)) if *last == topic => into.extend(rows),
                _ => merged.push((topic, rows)),
            }
        }
        let groups = merged;
        let mut items = Vec::new();
        let mut matched = 0;
        for (topic, mut rows) in groups {
            let sort = self.sort;
            rows.sort_by(|a, b| {
                let ord = match sort.column {
                    SortColumn::Partition => (a.2, a.1).cmp(&(b.2, b.1)),
                    SortColumn::Cluster => (a.1, a.2).cmp(&(b.1, b.2)),
                    SortColumn::Offset => (a.3, a.2).cmp(&(b.3, b.2)),
                    SortColumn::Change => (b.4, a.2).cmp(&(a.4, b.2)),
                };
                let ord = ord.then(a.0.cmp(&b.0));
                if sort.descending { ord.reverse() } else { ord }
            });
            let collapsed = self.collapsed.contains(topic);
            matched += rows.len();
            items.push(ViewItem::Group {
                changed: rows.iter().filter(|r| r.4).count(),
                rows: rows.len(),
                topic: topic.to_string(),
                collapsed,
            });
            if !collapsed {
                items.extend(rows.into_iter().map(|r| ViewItem::Row(r.0)));
            }
        }
        View {
            items,
            matched,
            total,
        }
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
                .value
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
            change_sentence(kind, row.imported, row.current)
                .or_else(|| fields_sentence(&partition_fields, &offset_fields))
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
            editable: row.current != OffsetValue::Unreadable,
            imported: row.imported.map(|v| match v {
                OffsetValue::Null => "null".to_string(),
                other => offset_text(other, &row),
            }),
            resumes_at,
            change,
            changed: row.changed,
            added: row.added,
            removed: row.removed,
            label: format!("Offset of {name}"),
            null_label: format!("Null offset of {name}"),
        })
    }

    /// Every problem: the import's diagnostics for rows that are untouched, plus a validation
    /// of the changed and added rows against the import. Each diagnostic's `entry` is a session
    /// row index (so the page can jump to it), and "Entry #n" numbers rows as the imported
    /// listing does. Cost is O(import diagnostics + changed rows), not O(rows): the page calls
    /// this after every edit of a 100k-entry listing.
    pub fn problems(&self) -> Vec<Diagnostic> {
        let Some(loaded) = self.loaded.as_ref() else {
            return self.load_errors.clone();
        };
        let session = &loaded.session;
        let touched = |row: usize| session.row(row).is_some_and(|r| r.removed || r.changed);
        let mut out: Vec<Diagnostic> = loaded
            .diagnostics
            .iter()
            .filter(|d| d.entry.is_none_or(|e| !touched(e)))
            .cloned()
            .collect();
        let (rows, subset) = changed_subset(session, |r| r.changed && !r.removed);
        if !rows.is_empty() {
            for d in validate(&subset, Some(session.imported())) {
                // Listing-wide rules were reported by the import already.
                let Some(e) = d.entry else { continue };
                if let Some(&row) = rows.get(e) {
                    out.push(renumber(d, e, row));
                }
            }
        }
        out.sort_by_key(|d| (d.severity, d.position, d.entry));
        out.dedup();
        out
    }

    /// What changed, counted without materialising any entry.
    pub fn change_summary(&self) -> Summary {
        let mut summary = Summary::default();
        let Some(session) = self.session() else {
            return summary;
        };
        for row in session.rows() {
            match (row.removed, row.added, row.imported, row.current) {
                (true, true, _, _) => {}
                (true, false, _, _) => summary.removed += 1,
                (false, true, _, _) => summary.added += 1,
                (false, false, Some(before), after) if before == after => summary.unchanged += 1,
                (false, false, Some(OffsetValue::Value(old)), OffsetValue::Value(new)) => {
                    let delta = i128::from(new) - i128::from(old);
                    if delta < 0 {
                        summary.rewound += 1;
                        summary.records_replayed += delta.unsigned_abs();
                    } else {
                        summary.skipped += 1;
                        summary.records_skipped += delta.unsigned_abs();
                    }
                }
                (false, false, Some(_), OffsetValue::Null) => summary.nulled += 1,
                (false, false, Some(OffsetValue::Null), OffsetValue::Value(_)) => summary.set += 1,
                (false, false, _, _) => summary.modified += 1,
            }
        }
        summary
    }

    /// The errors that block export: errors on the rows an export would contain, "nothing to
    /// alter" when it would contain none, and export settings that are not valid.
    pub fn export_blockers(&self) -> Vec<Diagnostic> {
        self.export_blockers_from(&self.problems())
    }

    /// [`Editor::export_blockers`] from problems already computed by [`Editor::problems`].
    pub fn export_blockers_from(&self, problems: &[Diagnostic]) -> Vec<Diagnostic> {
        let Some(session) = self.session() else {
            return Vec::new();
        };
        let all = session.scope() == ExportScope::All;
        let exported = |row: usize| {
            session
                .row(row)
                .is_some_and(|r| !r.removed && (all || r.changed))
        };
        let mut errors: Vec<Diagnostic> = problems
            .iter()
            .filter(|d| d.is_error() && d.entry.is_none_or(exported))
            .cloned()
            .collect();
        let count = if all {
            session.rows().filter(|r| !r.removed).count()
        } else {
            session.changed_count()
        };
        if count == 0 {
            errors.push(Diagnostic::error(
                "S2",
                Position::NONE,
                if all {
                    "Nothing to alter: Kafka Connect rejects an empty list (HTTP 400). To clear every offset use Reset instead."
                } else {
                    "Nothing to alter yet: no offset was changed. Edit offsets, or tick \"Export all entries\" to export the listing as it is."
                },
            ));
        }
        errors.extend(Field::ALL.iter().filter_map(|f| {
            self.field_error(*f)
                .map(|m| Diagnostic::error(f.rule(), Position::NONE, m))
        }));
        errors
    }

    /// Why the value of `field` is not acceptable, as typed.
    pub fn field_error(&self, field: Field) -> Option<String> {
        let value = self.settings.get(field);
        let target = self.settings.target;
        let needed = match field {
            Field::Resource | Field::Namespace | Field::ListConfigMap | Field::AlterConfigMap => {
                target != TargetKind::Rest
            }
            Field::Connector => target != TargetKind::KafkaConnector,
            Field::MirrorIndex => target == TargetKind::KafkaMirrorMaker2,
            Field::RestUrl => target == TargetKind::Rest,
            Field::Context => false,
        };
        if !needed {
            return None;
        }
        if value.trim().is_empty() {
            return Some(match field {
                Field::Resource if target == TargetKind::KafkaMirrorMaker2 => {
                    "Required: the name of the KafkaMirrorMaker2 resource.".to_string()
                }
                Field::Resource => "Required: the name of the KafkaConnector resource.".to_string(),
                Field::Connector if target == TargetKind::KafkaMirrorMaker2 => {
                    "Required: the connector, like east->west.MirrorSourceConnector.".to_string()
                }
                Field::Connector => "Required: the connector name as Kafka Connect knows it.".to_string(),
                Field::Namespace => "Required: the namespace of the resource.".to_string(),
                Field::ListConfigMap => {
                    "Required: the ConfigMap named in listOffsets (the verify step lists again into it).".to_string()
                }
                Field::AlterConfigMap => "Required: the ConfigMap the alter reads.".to_string(),
                Field::MirrorIndex => "Required: the mirror's position in spec.mirrors, from 0.".to_string(),
                Field::RestUrl => "Required: the Connect REST URL, e.g. http://connect:8083.".to_string(),
                Field::Context => String::new(),
            });
        }
        let result = match field {
            Field::Resource => names::check_resource_name(value),
            Field::Namespace => names::check_namespace(value),
            Field::ListConfigMap | Field::AlterConfigMap => names::check_configmap_name(value),
            Field::Connector if target == TargetKind::KafkaMirrorMaker2 => {
                names::parse_mirror_connector_name(value).map(|_| ())
            }
            Field::Connector => {
                if value.is_empty() || value.chars().any(char::is_control) {
                    Err("Enter the connector name as Kafka Connect knows it.".to_string())
                } else {
                    Ok(())
                }
            }
            Field::MirrorIndex => value.parse::<u32>().map(|_| ()).map_err(|_| {
                "The mirror index is the position in spec.mirrors, from 0.".to_string()
            }),
            Field::RestUrl => {
                if (value.starts_with("http://") || value.starts_with("https://"))
                    && value.len() > "https://".len()
                    && !value
                        .chars()
                        .any(|c| c.is_whitespace() || c.is_control() || "'\"`$\\".contains(c))
                {
                    Ok(())
                } else {
                    Err("Enter the Connect REST URL, e.g. http://connect:8083.".to_string())
                }
            }
            Field::Context => Ok(()),
        };
        result.err()
    }

    fn procedure_options(&self) -> Result<Options, Vec<Diagnostic>> {
        let s = &self.settings;
        let cluster = Kubernetes {
            namespace: s.get(Field::Namespace).to_string(),
            context: Some(s.get(Field::Context).to_string()).filter(|c| !c.is_empty()),
            list_configmap: s.get(Field::ListConfigMap).to_string(),
            alter_configmap: s.get(Field::AlterConfigMap).to_string(),
        };
        let target = match s.target {
            TargetKind::KafkaConnector => Target::KafkaConnector {
                cluster,
                name: s.get(Field::Resource).to_string(),
            },
            TargetKind::KafkaMirrorMaker2 => Target::KafkaMirrorMaker2 {
                cluster,
                resource: s.get(Field::Resource).to_string(),
                mirror_index: s.get(Field::MirrorIndex).parse().unwrap_or(0),
                connector: names::parse_mirror_connector_name(s.get(Field::Connector))
                    .map_err(|m| vec![Diagnostic::error("K5", Position::NONE, m)])?,
                alias_path: s.alias_path,
            },
            TargetKind::Rest => Target::Rest {
                url: s.get(Field::RestUrl).to_string(),
                connector: s.get(Field::Connector).to_string(),
            },
        };
        Ok(Options::new(target))
    }

    fn alter_target(&self) -> Option<AlterTarget> {
        match self.settings.target {
            TargetKind::KafkaConnector => Some(AlterTarget::KafkaConnector),
            TargetKind::KafkaMirrorMaker2 => {
                names::parse_mirror_connector_name(self.settings.get(Field::Connector))
                    .ok()
                    .map(AlterTarget::MirrorMaker2)
            }
            TargetKind::Rest => None,
        }
    }

    /// Every export, for the export panel. `None` before anything is loaded.
    pub fn exports(&self) -> Option<Exports> {
        self.exports_from(&self.problems())
    }

    /// [`Editor::exports`] from problems already computed by [`Editor::problems`]: the listing
    /// is validated once per change, not once per export.
    pub fn exports_from(&self, problems: &[Diagnostic]) -> Option<Exports> {
        let session = self.session()?;
        let imported = session.imported();
        let blockers = self.export_blockers_from(problems);
        let listing = session.export_listing();
        let s = &self.settings;
        // Findings about the exported rows (and the listing as a whole) stand for the
        // validation each export would otherwise repeat.
        let all = session.scope() == ExportScope::All;
        let exported = |row: usize| {
            session
                .row(row)
                .is_some_and(|r| !r.removed && (all || r.changed))
        };
        let mut checked: Vec<Diagnostic> = problems
            .iter()
            .filter(|d| d.entry.is_none_or(exported))
            .cloned()
            .collect();
        checked.extend(blockers.iter().cloned());
        let gate = Gate::Checked(&checked);
        let configmap = export::configmap_yaml_gated(
            &listing,
            gate,
            &ConfigMapOptions {
                name: Some(s.get(Field::AlterConfigMap).to_string()).filter(|n| !n.is_empty()),
                namespace: Some(s.get(Field::Namespace).to_string()).filter(|n| !n.is_empty()),
                target: self.alter_target(),
                data_key: None,
                keep_other_data: all,
            },
        );
        let patch_json = export::patch_json_gated(&listing, gate, true);
        let csv = export::csv_gated(&listing, gate);
        let options = self.procedure_options();
        let payload = match s.target {
            TargetKind::Rest => patch_json.as_ref().map(|e| e.text.clone()),
            _ => configmap.as_ref().map(|e| e.text.clone()),
        };
        let procedure = match (&options, payload) {
            (Ok(options), Ok(payload)) => procedure::alter(options, &payload),
            (Err(e), _) | (_, Err(e)) => Err(e.clone()),
        };
        let auto_offset_reset = (imported.kind == ConnectorKind::MirrorSource
            && s.target != TargetKind::Rest)
            .then(|| {
                options
                    .clone()
                    .and_then(|o| procedure::auto_offset_reset(&o, s.auto_offset_reset))
            });
        Some(Exports {
            summary: self.change_summary(),
            entries: listing.entries.len(),
            configmap,
            procedure,
            patch_json,
            csv,
            auto_offset_reset,
        })
    }

    // ----- the reducer -----

    /// THE reducer of the page. Never panics; a refused action sets the notice and changes
    /// nothing else.
    pub fn apply(&mut self, action: EditorAction) {
        self.revision = self.revision.wrapping_add(1);
        let bump = |n: &mut u64| *n = n.wrapping_add(1);
        match &action {
            EditorAction::Load
            | EditorAction::LoadFile(_)
            | EditorAction::PickKey(_)
            | EditorAction::Edit(_) => {
                bump(&mut self.data_revision);
                bump(&mut self.view_revision);
                bump(&mut self.settings_revision);
            }
            EditorAction::SetFilter(_)
            | EditorAction::SortBy(_)
            | EditorAction::ToggleGroup(_)
            | EditorAction::CollapseAll(_)
            | EditorAction::Select { .. }
            | EditorAction::SelectShown
            | EditorAction::ClearSelection => bump(&mut self.view_revision),
            EditorAction::SetTarget(_)
            | EditorAction::SetField(..)
            | EditorAction::SetAliasPath(_)
            | EditorAction::SetAutoOffsetReset(_) => bump(&mut self.settings_revision),
            EditorAction::Discard => {
                bump(&mut self.data_revision);
                bump(&mut self.view_revision);
                bump(&mut self.settings_revision);
            }
            EditorAction::SetInput(_)
            | EditorAction::DismissNotice
            | EditorAction::FileUnreadable { .. } => {}
        }
        match action {
            EditorAction::SetInput(text) => {
                self.input = text;
                self.input_revision = self.input_revision.wrapping_add(1);
            }
            EditorAction::Load => self.load(self.input.clone(), ImportOptions::default()),
            EditorAction::LoadFile(bytes) => {
                self.input_revision = self.input_revision.wrapping_add(1);
                match String::from_utf8(bytes) {
                    Ok(text) => {
                        self.input = text;
                        self.load(self.input.clone(), ImportOptions::default());
                    }
                    Err(e) => {
                        let bytes = e.into_bytes();
                        // The size and UTF-8 checks the CLI applies to a file, with positions.
                        let errors =
                            match crate::import::import_bytes(&bytes, &ImportOptions::default()) {
                                Err(errors) => errors,
                                Ok(_) => Vec::new(),
                            };
                        self.input = String::from_utf8_lossy(&bytes).into_owned();
                        self.loads = self.loads.wrapping_add(1);
                        self.load_failed(errors);
                    }
                }
            }
            EditorAction::FileUnreadable { name, reason } => {
                self.notice = Some(Notice {
                    severity: Severity::Error,
                    text: format!(
                        "Could not read {name}: {reason}. Nothing was loaded{}; try again, or paste the text instead.",
                        if self.loaded.is_some() {
                            " and your edits are kept"
                        } else {
                            ""
                        }
                    ),
                });
            }
            EditorAction::PickKey(key) => {
                if let Some(loaded) = &self.loaded {
                    let source = loaded.source.clone();
                    let options = ImportOptions {
                        data_key: Some(key),
                        ..loaded.options.clone()
                    };
                    self.load(source, options);
                }
            }
            EditorAction::Edit(action) => self.edit(action),
            EditorAction::SetFilter(text) => {
                match Filter::parse(&text) {
                    Ok(filter) => {
                        self.filter = filter;
                        self.filter_error = None;
                    }
                    // Keep the previous filter so the table does not flash empty while typing.
                    Err(e) => self.filter_error = Some(format!("Filter {e}")),
                }
                self.filter_text = text;
            }
            EditorAction::SortBy(column) => {
                self.sort = Sort {
                    column,
                    descending: self.sort.column == column && !self.sort.descending,
                };
            }
            EditorAction::ToggleGroup(topic) => {
                if !self.collapsed.remove(&topic) {
                    self.collapsed.insert(topic);
                }
            }
            EditorAction::CollapseAll(collapse) => {
                self.collapsed.clear();
                if collapse {
                    self.collapsed
                        .extend(self.view().items.into_iter().filter_map(|i| match i {
                            ViewItem::Group { topic, .. } => Some(topic),
                            ViewItem::Row(_) => None,
                        }));
                }
            }
            EditorAction::Select { row, selected } => {
                if selected {
                    self.selected.insert(row);
                } else {
                    self.selected.remove(&row);
                }
            }
            EditorAction::SelectShown => {
                if let Some(session) = self.session() {
                    let rows = session.matching_rows(&self.filter);
                    self.selected.extend(rows);
                }
            }
            EditorAction::ClearSelection => self.selected.clear(),
            EditorAction::SetTarget(target) => self.settings.target = target,
            EditorAction::SetField(field, value) => {
                self.settings.values.insert(field, value);
            }
            EditorAction::SetAliasPath(path) => self.settings.alias_path = path,
            EditorAction::SetAutoOffsetReset(value) => self.settings.auto_offset_reset = value,
            EditorAction::DismissNotice => self.notice = None,
            EditorAction::Discard => {
                *self = Editor {
                    revision: self.revision,
                    input_revision: self.input_revision.wrapping_add(1),
                    data_revision: self.data_revision,
                    view_revision: self.view_revision,
                    settings_revision: self.settings_revision,
                    ..Editor::default()
                }
            }
        }
    }

    fn edit(&mut self, action: Action) {
        let Some(loaded) = self.loaded.as_mut() else {
            self.notice = Some(Notice {
                severity: Severity::Error,
                text: "Load offsets first.".to_string(),
            });
            return;
        };
        self.notice = Some(match loaded.session.apply(action) {
            Ok(outcome) => {
                let mut text = outcome.message;
                for note in outcome.notes {
                    text.push(' ');
                    text.push_str(&note);
                }
                Notice {
                    severity: Severity::Info,
                    text,
                }
            }
            Err(e) => Notice {
                severity: Severity::Error,
                text: e.message,
            },
        });
        let len = loaded.session.len();
        self.selected.retain(|r| *r < len);
    }

    fn load(&mut self, source: String, options: ImportOptions) {
        self.loads = self.loads.wrapping_add(1);
        let source_hash = fingerprint(&source);
        match import(&source, &options) {
            Ok(imported) => {
                let listing = imported.listing;
                self.settings = default_settings(&listing);
                let clusters: BTreeSet<&str> = listing
                    .entries
                    .iter()
                    .filter_map(|e| EntryFacts::of(listing.kind, e, false).cluster)
                    .collect();
                let multi_cluster = clusters.len() > 1;
                let index = FactsIndex::new(&listing);
                let entries = listing.entries.len();
                let kind = listing.kind.label();
                self.loaded = Some(Loaded {
                    session: Session::new(listing),
                    source,
                    options,
                    diagnostics: imported.diagnostics,
                    multi_cluster,
                    source_hash,
                    index,
                });
                self.load_errors.clear();
                self.selected.clear();
                self.collapsed.clear();
                self.notice = Some(Notice {
                    severity: Severity::Info,
                    text: format!(
                        "Loaded {} {} ({kind}).",
                        group_digits(entries as u128),
                        if entries == 1 { "entry" } else { "entries" }
                    ),
                });
            }
            Err(errors) => self.load_failed(errors),
        }
    }

    /// A refused load: the errors, and a notice naming the first one.
    fn load_failed(&mut self, errors: Vec<Diagnostic>) {
        self.notice = Some(Notice {
            severity: Severity::Error,
            text: match errors.first() {
                Some(d) if self.loaded.is_some() => {
                    format!("Not loaded, your current edits are kept: {d}")
                }
                Some(d) => format!("Not loaded: {d}"),
                None => "Not loaded.".to_string(),
            },
        });
        self.load_errors = errors;
    }

    // ----- drafts -----

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
        out.push('}');
        out
    }

    /// `{"version":…,"filter":…,…,"autoOffsetReset":…` (no closing brace): the filter and the
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
        out.push_str(",\"autoOffsetReset\":");
        json::write_string(&mut out, self.settings.auto_offset_reset.as_str());
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
        match record.get("autoOffsetReset").and_then(JsonValue::as_str) {
            Some("earliest") => self.settings.auto_offset_reset = AutoOffsetReset::Earliest,
            Some("latest") => self.settings.auto_offset_reset = AutoOffsetReset::Latest,
            _ => {}
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

/// Export settings guessed from what was imported: the target kind from the data key, names
/// from the ConfigMap and its Strimzi owner.
fn default_settings(listing: &Listing) -> ExportSettings {
    let mut values = BTreeMap::new();
    let meta = listing.configmap.as_ref();
    let owner = meta.and_then(|m| m.strimzi_owner());
    let target = match (&listing.mirror, owner.map(|o| o.kind.as_str())) {
        (Some(_), _) | (None, Some("KafkaMirrorMaker2")) => TargetKind::KafkaMirrorMaker2,
        (None, Some(_)) => TargetKind::KafkaConnector,
        (None, None) if listing.configmap.is_some() => TargetKind::KafkaConnector,
        (None, None) => TargetKind::Rest,
    };
    if let Some(owner) = owner {
        values.insert(Field::Resource, owner.name.clone());
    }
    if let Some(m) = &listing.mirror {
        values.insert(Field::Connector, m.name.connector_name());
    } else if let Some(owner) = owner.filter(|o| o.kind == "KafkaConnector") {
        values.insert(Field::Connector, owner.name.clone());
    }
    values.insert(
        Field::Namespace,
        meta.and_then(|m| m.namespace.clone())
            .unwrap_or_else(|| "kafka".to_string()),
    );
    if let Some(name) = meta.and_then(|m| m.name.clone()) {
        values.insert(Field::AlterConfigMap, format!("{name}-alter"));
        values.insert(Field::ListConfigMap, name);
    }
    values.insert(Field::MirrorIndex, "0".to_string());
    values.insert(Field::RestUrl, "http://localhost:8083".to_string());
    let alias_path = match owner.map(|o| o.api_version.as_str()) {
        Some("kafka.strimzi.io/v1beta2") => AliasPath::Old,
        _ => AliasPath::New,
    };
    ExportSettings {
        target,
        values,
        alias_path,
        auto_offset_reset: AutoOffsetReset::Latest,
    }
}
