//! Import of every supported input form, detected automatically:
//!
//! * a ConfigMap as `kubectl get configmap -o yaml` or `-o json` prints it, or a `kind: List` of
//!   them (the caller may pick the item; default: the first ConfigMap holding an offsets key);
//! * the body of `GET /connectors/<name>/offsets` (the raw Kafka Connect REST payload);
//! * the CSV of `kafka-consumer-groups.sh --export` (see [`crate::csv`]).
//!
//! The offsets value inside a ConfigMap is itself JSON. It is parsed with a [`SourceMap`] so that
//! every position (entries, values, parse errors) points at the line and column in the ORIGINAL
//! file: through a YAML literal block (`|-`), a JSON string (`-o json`) or a YAML double-quoted
//! string, escapes included. Other YAML scalar styles map every position to the scalar's start.
//!
//! Hostile input ends in a clear error: inputs over [`MAX_INPUT_BYTES`], NUL bytes, invalid
//! UTF-8 ([`import_bytes`]), nesting deeper than [`crate::json::MAX_DEPTH`], and YAML aliases.

use crate::csv::{self, CsvTarget};
use crate::diag::{Diagnostic, Position};
use crate::json::{self, JsonKind, JsonValue, Member, SourceMap};
use crate::model::{
    ConfigMapMeta, ConnectorKind, Entry, InputForm, ListItem, Listing, Origin, OwnerRef,
};
use crate::names;
use crate::validate::validate;
use crate::yaml::{self, Style, YamlDoc};

/// Largest input accepted (64 MiB). A ConfigMap cannot exceed 1 MiB; this bounds memory and time.
pub const MAX_INPUT_BYTES: usize = 64 * 1024 * 1024;

/// Choices the caller can make when the input is ambiguous.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ImportOptions {
    /// The ConfigMap data key to read when there are several offsets keys. Default: the
    /// MirrorSourceConnector key, else the first `*.json` key.
    pub data_key: Option<String>,
    /// For a `kind: List`: the 0-based index of the item to import. Default: the first
    /// ConfigMap that holds an offsets key.
    pub list_item: Option<usize>,
    /// What a consumer-group CSV seeds: sink offsets (default) or MirrorMaker 2 source offsets.
    pub csv_target: CsvTarget,
}

/// A successful import: the listing plus every diagnostic found on the way, INCLUDING the
/// validation of the imported listing ([`crate::validate::validate`] with no baseline), sorted
/// by position. Errors here do not prevent editing; they block export.
#[derive(Debug, Clone, PartialEq)]
pub struct Imported {
    pub listing: Listing,
    pub diagnostics: Vec<Diagnostic>,
}

/// Imports `text`, detecting its form. `Err` holds at least one error diagnostic with a position,
/// when no listing can be built at all.
pub fn import(text: &str, options: &ImportOptions) -> Result<Imported, Vec<Diagnostic>> {
    let (listing, mut notes) = checked_import(text, options)?;
    notes.extend(validate(&listing, None));
    notes.sort_by_key(|d| d.position);
    Ok(Imported {
        listing,
        diagnostics: notes,
    })
}

/// [`import`] up to the listing: the size and NUL checks and the import itself, without
/// validating the listing.
fn checked_import(
    text: &str,
    options: &ImportOptions,
) -> Result<(Listing, Notes), Vec<Diagnostic>> {
    if text.len() > MAX_INPUT_BYTES {
        return Err(too_large(text.len()));
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if let Some(i) = text.find('\0') {
        return Err(vec![Diagnostic::error(
            "INPUT",
            position_of(text, i),
            format!(
                "The input contains a NUL byte (byte offset {i}); it looks binary. Export the ConfigMap with `kubectl get configmap NAME -o yaml`."
            ),
        )]);
    }
    import_listing(text, options)
}

fn too_large(len: usize) -> Vec<Diagnostic> {
    vec![Diagnostic::error(
        "INPUT",
        Position::new(1, 1),
        format!(
            "The input is {len} bytes; the limit is {MAX_INPUT_BYTES} (64 MiB). A ConfigMap holds at most 1 MiB, so this is not an offsets listing."
        ),
    )]
}

/// Imports raw bytes: checks the size and UTF-8 first (reporting the byte offset, line and
/// column of the first invalid byte), then calls [`import`].
pub fn import_bytes(bytes: &[u8], options: &ImportOptions) -> Result<Imported, Vec<Diagnostic>> {
    import(utf8_text(bytes)?, options)
}

/// [`import_bytes`] without validating the imported listing: the same listing, or the same
/// `Err`, for a caller that validates the listing it finally writes itself (the CLI's `edit`,
/// `diff` and `export` inputs). Saves a whole validation pass on large listings.
pub fn import_bytes_unvalidated(
    bytes: &[u8],
    options: &ImportOptions,
) -> Result<Listing, Vec<Diagnostic>> {
    checked_import(utf8_text(bytes)?, options).map(|(listing, _)| listing)
}

/// The bytes as text, or the size / UTF-8 error [`import_bytes`] reports.
fn utf8_text(bytes: &[u8]) -> Result<&str, Vec<Diagnostic>> {
    if bytes.len() > MAX_INPUT_BYTES {
        return Err(too_large(bytes.len()));
    }
    std::str::from_utf8(bytes).map_err(|e| {
        let at = e.valid_up_to();
        let valid = std::str::from_utf8(bytes.get(..at).unwrap_or_default()).unwrap_or_default();
        let byte = bytes.get(at).copied().unwrap_or(0);
        vec![Diagnostic::error(
            "INPUT",
            position_of(valid, at),
            format!(
                "The input is not valid UTF-8: byte 0x{byte:02X} at byte offset {at}. Save the file as UTF-8 (kubectl output always is)."
            ),
        )]
    })
}

/// 1-based line and column (in characters) of byte offset `at` in `text`.
pub fn position_of(text: &str, at: usize) -> Position {
    let before = text.get(..at).unwrap_or(text);
    let line = before.bytes().filter(|b| *b == b'\n').count() as u32 + 1;
    let line_start = before.rfind('\n').map(|i| i + 1).unwrap_or(0);
    let col = before.get(line_start..).unwrap_or("").chars().count() as u32 + 1;
    Position::new(line, col)
}

type Notes = Vec<Diagnostic>;

fn import_listing(
    text: &str,
    options: &ImportOptions,
) -> Result<(Listing, Notes), Vec<Diagnostic>> {
    let first = text
        .trim_start_matches([' ', '\t', '\r', '\n'])
        .chars()
        .next();
    if matches!(first, Some('{' | '[')) {
        match json::parse(text) {
            Ok(root) => return import_json_root(text, root, options),
            Err(e) => {
                // Flow-style YAML (`{apiVersion: v1, ...}`) starts with '{' too.
                if let Ok(doc) = yaml::parse(text)
                    && doc.root.as_members().is_some()
                    && doc.root.get("kind").is_some()
                {
                    return import_yaml_doc(text, &doc, options);
                }
                return Err(vec![Diagnostic::error(
                    "JSON",
                    e.pos,
                    format!("The input is not valid JSON: {}", sentence(&e.message)),
                )]);
            }
        }
    }
    if csv::looks_like_csv(text) {
        return csv::import_csv(text, &options.csv_target);
    }
    match yaml::parse(text) {
        Ok(doc) => import_yaml_doc(text, &doc, options),
        Err(e) => Err(vec![Diagnostic::error(
            "YAML",
            e.pos,
            format!(
                "The input is not a ConfigMap, a Connect offsets payload or a CSV: {}",
                sentence(&e.message)
            ),
        )]),
    }
}

/// Where the wrapper document came from, to map positions inside the offsets value.
enum Outer<'a> {
    Json(&'a str),
    Yaml(&'a str, &'a YamlDoc),
}

impl Outer<'_> {
    fn form(&self) -> InputForm {
        match self {
            Outer::Json(_) => InputForm::ConfigMapJson,
            Outer::Yaml(..) => InputForm::ConfigMapYaml,
        }
    }
}

fn not_a_configmap(pos: Position) -> Vec<Diagnostic> {
    vec![Diagnostic::error(
        "IMP1",
        pos,
        "This is not a ConfigMap (expected apiVersion v1, kind ConfigMap).",
    )]
}

fn import_json_root(
    text: &str,
    root: JsonValue,
    options: &ImportOptions,
) -> Result<(Listing, Notes), Vec<Diagnostic>> {
    let is_k8s = root.get("kind").is_some() || root.get("apiVersion").is_some();
    if root.as_members().is_some() && is_k8s {
        return import_k8s(&root, &Outer::Json(text), options);
    }
    let listing = payload_listing(root, None, InputForm::RestPayload, Position::NONE)?;
    Ok((listing, Vec::new()))
}

fn import_yaml_doc(
    text: &str,
    doc: &YamlDoc,
    options: &ImportOptions,
) -> Result<(Listing, Notes), Vec<Diagnostic>> {
    if doc.root.as_members().is_none() {
        return Err(not_a_configmap(doc.root.pos));
    }
    import_k8s(&doc.root, &Outer::Yaml(text, doc), options)
}

fn import_k8s(
    root: &JsonValue,
    outer: &Outer<'_>,
    options: &ImportOptions,
) -> Result<(Listing, Notes), Vec<Diagnostic>> {
    match root.get("kind").and_then(JsonValue::as_str) {
        Some("List") => import_list(root, outer, options),
        _ => import_configmap(root, outer, options),
    }
}

fn offsets_keys(cm: &JsonValue) -> Vec<String> {
    let mut keys: Vec<String> = Vec::new();
    if let Some(data) = cm.get("data").and_then(JsonValue::as_members) {
        for m in data {
            if m.key.ends_with(".json") && !keys.contains(&m.key) {
                keys.push(m.key.clone());
            }
        }
    }
    keys
}

fn str_field<'a>(v: &'a JsonValue, key: &str) -> Option<&'a str> {
    v.get(key).and_then(JsonValue::as_str)
}

fn import_list(
    root: &JsonValue,
    outer: &Outer<'_>,
    options: &ImportOptions,
) -> Result<(Listing, Notes), Vec<Diagnostic>> {
    let items = root
        .get("items")
        .and_then(JsonValue::as_array)
        .unwrap_or_default();
    let list_items: Vec<ListItem> = items
        .iter()
        .enumerate()
        .map(|(index, item)| ListItem {
            index,
            kind: str_field(item, "kind").unwrap_or("").to_string(),
            name: item
                .get("metadata")
                .and_then(|m| str_field(m, "name"))
                .unwrap_or("")
                .to_string(),
            offsets_keys: offsets_keys(item),
        })
        .collect();
    let is_cm = |i: &ListItem| i.kind == "ConfigMap";
    let chosen = match options.list_item {
        Some(i) => match list_items.get(i) {
            Some(item) if is_cm(item) => i,
            _ => {
                return Err(vec![Diagnostic::error(
                    "OPTION",
                    root.pos,
                    format!(
                        "Item #{} of this List is not a ConfigMap (the List has {} items). ConfigMaps: {}.",
                        i + 1,
                        list_items.len(),
                        describe_items(&list_items)
                    ),
                )]);
            }
        },
        None => {
            let with_keys = list_items
                .iter()
                .find(|i| is_cm(i) && !i.offsets_keys.is_empty());
            match with_keys.or_else(|| list_items.iter().find(|i| is_cm(i))) {
                Some(item) => item.index,
                None => {
                    let pos = root.get("items").map(|v| v.pos).unwrap_or(root.pos);
                    return Err(not_a_configmap(pos));
                }
            }
        }
    };
    let Some(item) = items.get(chosen) else {
        return Err(not_a_configmap(root.pos));
    };
    let (mut listing, mut notes) = import_configmap(item, outer, options)?;
    if let Some(meta) = listing.configmap.as_mut() {
        meta.list_index = Some(chosen);
        meta.list_items = list_items.clone();
    }
    let name = list_items
        .get(chosen)
        .map(|i| i.name.as_str())
        .unwrap_or("");
    notes.push(Diagnostic::info(
        "LIST",
        item.pos,
        format!(
            "This is a List of {} item(s); imported item #{} (ConfigMap '{name}'). ConfigMaps with offsets: {}.",
            list_items.len(),
            chosen + 1,
            describe_items(&list_items)
        ),
    ));
    Ok((listing, notes))
}

fn describe_items(items: &[ListItem]) -> String {
    let parts: Vec<String> = items
        .iter()
        .filter(|i| i.kind == "ConfigMap" && !i.offsets_keys.is_empty())
        .map(|i| {
            format!(
                "#{} '{}' ({})",
                i.index + 1,
                i.name,
                i.offsets_keys.join(", ")
            )
        })
        .collect();
    if parts.is_empty() {
        "none".into()
    } else {
        parts.join("; ")
    }
}

fn string_pairs(v: Option<&JsonValue>) -> Vec<(String, String)> {
    v.and_then(JsonValue::as_members)
        .unwrap_or_default()
        .iter()
        .map(|m| (m.key.clone(), scalar_text(&m.value)))
        .collect()
}

/// A scalar's text (strings as is, other values as compact JSON).
fn scalar_text(v: &JsonValue) -> String {
    match &v.kind {
        JsonKind::String(s) => s.clone(),
        _ => json::to_compact(v),
    }
}

fn import_configmap(
    cm: &JsonValue,
    outer: &Outer<'_>,
    options: &ImportOptions,
) -> Result<(Listing, Notes), Vec<Diagnostic>> {
    let api = str_field(cm, "apiVersion");
    let kind = str_field(cm, "kind");
    if api != Some("v1") || kind != Some("ConfigMap") {
        let pos = cm
            .get("kind")
            .or_else(|| cm.get("apiVersion"))
            .map(|v| v.pos)
            .unwrap_or(cm.pos);
        return Err(not_a_configmap(pos));
    }
    let metadata = cm.get("metadata");
    let meta_str = |k: &str| metadata.and_then(|m| str_field(m, k)).map(str::to_string);
    let meta_pos = |k: &str| {
        metadata
            .and_then(|m| m.get(k))
            .map_or(Position::NONE, |v| v.pos)
    };
    let owners = metadata
        .and_then(|m| m.get("ownerReferences"))
        .and_then(JsonValue::as_array)
        .unwrap_or_default()
        .iter()
        .map(|o| OwnerRef {
            api_version: str_field(o, "apiVersion").unwrap_or("").into(),
            kind: str_field(o, "kind").unwrap_or("").into(),
            name: str_field(o, "name").unwrap_or("").into(),
        })
        .collect();
    let mut meta = ConfigMapMeta {
        name: meta_str("name"),
        name_pos: meta_pos("name"),
        namespace: meta_str("namespace"),
        namespace_pos: meta_pos("namespace"),
        labels: string_pairs(metadata.and_then(|m| m.get("labels"))),
        annotations: string_pairs(metadata.and_then(|m| m.get("annotations"))),
        owners,
        ..ConfigMapMeta::default()
    };

    let candidates = offsets_keys(cm);
    let data = cm
        .get("data")
        .and_then(JsonValue::as_members)
        .unwrap_or_default();
    let data_pos = cm.member("data").map(|m| m.key_pos).unwrap_or(cm.pos);
    let key = match &options.data_key {
        Some(k) => {
            if !data.iter().any(|m| &m.key == k) {
                return Err(vec![Diagnostic::error(
                    "OPTION",
                    data_pos,
                    format!(
                        "This ConfigMap has no data key '{k}'. Its offsets keys are: {}.",
                        if candidates.is_empty() {
                            "none".to_string()
                        } else {
                            candidates.join(", ")
                        }
                    ),
                )]);
            }
            k.clone()
        }
        None => {
            let mirror_source = candidates.iter().find(|k| {
                names::parse_mirror_data_key(k)
                    .is_some_and(|m| m.name.connector_type == "MirrorSourceConnector")
            });
            match mirror_source.or_else(|| candidates.first()) {
                Some(k) => k.clone(),
                None => {
                    return Err(vec![Diagnostic::error(
                        "IMP2",
                        data_pos,
                        "No offsets entry found. Strimzi writes `offsets.json` for a KafkaConnector and `<source>--<target>.<Connector>.json` for MirrorMaker 2.",
                    )]);
                }
            }
        }
    };
    let Some(member) = data.iter().rev().find(|m| m.key == key) else {
        return Err(not_a_configmap(cm.pos));
    };
    meta.other_data = data
        .iter()
        .filter(|m| m.key != key)
        .map(|m| (m.key.clone(), scalar_text(&m.value)))
        .collect();

    let invalid_json = |pos: Position| {
        Diagnostic::error(
            "IMP3",
            pos,
            format!(
                "The offsets entry is not valid JSON (Strimzi would report: Failed to parse contents of {key} as JSON)."
            ),
        )
        .with_data_key(key.clone())
    };
    let Some(value) = member.value.as_str() else {
        return Err(vec![invalid_json(member.value.pos)]);
    };
    let map = source_map(outer, &member.value);
    let payload = match json::parse_mapped(value, &map) {
        Ok(p) => p,
        Err(e) => {
            return Err(vec![
                invalid_json(e.pos),
                Diagnostic::error("JSON", e.pos, sentence(&capitalise(&e.message)))
                    .with_data_key(key.clone()),
            ]);
        }
    };
    let mut listing = payload_listing(payload, Some(&key), outer.form(), member.key_pos)?;
    listing.available_keys = candidates;
    listing.configmap = Some(meta);
    Ok((listing, Vec::new()))
}

/// `s` ending with a full stop (unless it already ends with punctuation).
fn sentence(s: &str) -> String {
    if s.ends_with(['.', '?', '!']) {
        s.to_string()
    } else {
        format!("{s}.")
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// Builds the payload-level listing: `{"offsets": [...]}` with entries kept raw.
pub(crate) fn payload_listing(
    root: JsonValue,
    data_key: Option<&str>,
    form: InputForm,
    data_key_pos: Position,
) -> Result<Listing, Vec<Diagnostic>> {
    let s1 = |pos: Position| {
        let d = Diagnostic::error(
            "S1",
            pos,
            "The payload must be {\"offsets\": [...]} with no other fields (Kafka Connect returns HTTP 500 'Unrecognized field').",
        );
        vec![match data_key {
            Some(k) => d.with_data_key(k),
            None => d,
        }]
    };
    let payload_pos = root.pos;
    let JsonKind::Object(members) = root.kind else {
        return Err(s1(payload_pos));
    };
    let Some(last_offsets) = members.iter().rposition(|m| m.key == "offsets") else {
        return Err(s1(payload_pos));
    };
    let mut extra: Vec<Member> = Vec::new();
    let mut offsets = None;
    for (i, m) in members.into_iter().enumerate() {
        if i == last_offsets {
            offsets = Some(m.value);
        } else {
            extra.push(m);
        }
    }
    let Some(offsets) = offsets else {
        return Err(s1(payload_pos));
    };
    let offsets_pos = offsets.pos;
    let JsonKind::Array(items) = offsets.kind else {
        return Err(s1(offsets_pos));
    };
    let entries: Vec<Entry> = items
        .into_iter()
        .map(|value| Entry {
            origin: Origin {
                pos: value.pos,
                data_key: data_key.map(str::to_string),
            },
            value,
        })
        .collect();
    let mirror = data_key.and_then(names::parse_mirror_data_key);
    let kind = match mirror
        .as_ref()
        .and_then(|m| ConnectorKind::from_mirror_type(m.name.connector_type))
    {
        Some(k) => k,
        None => detect_kind(&entries),
    };
    Ok(Listing {
        kind,
        entries,
        form,
        data_key: data_key.map(str::to_string),
        data_key_pos,
        available_keys: Vec::new(),
        mirror,
        configmap: None,
        extra_fields: extra,
        payload_pos,
        offsets_pos,
    })
}

/// IMP6: the most common classification among the entries' partition maps (ties go to the kind
/// seen first); `Generic` when there is no partition map at all.
pub fn detect_kind(entries: &[Entry]) -> ConnectorKind {
    let mut counts: Vec<(ConnectorKind, usize)> = Vec::new();
    for e in entries {
        if let Some(p) = e.partition() {
            let k = ConnectorKind::classify(p);
            match counts.iter_mut().find(|c| c.0 == k) {
                Some(c) => c.1 += 1,
                None => counts.push((k, 1)),
            }
        }
    }
    let mut best: Option<(ConnectorKind, usize)> = None;
    for c in counts {
        if best.is_none_or(|b| c.1 > b.1) {
            best = Some(c);
        }
    }
    best.map(|b| b.0).unwrap_or(ConnectorKind::Generic)
}

/// How to map positions inside the data value `node` back to the original file.
fn source_map(outer: &Outer<'_>, node: &JsonValue) -> SourceMap {
    let fixed = SourceMap::Fixed(node.pos);
    let Some(value) = node.as_str() else {
        return fixed;
    };
    match outer {
        Outer::Json(text) => json_string_map(text, node.start, node.pos, value).unwrap_or(fixed),
        Outer::Yaml(text, doc) => match doc.style_at(node.start) {
            Some(Style::Literal) => {
                // saphyr's span starts at the first content character; the content's own
                // indentation is the column before it.
                if value.starts_with(|c: char| !c.is_whitespace()) {
                    SourceMap::Block {
                        first_line: node.pos.line,
                        indent: node.pos.column - 1,
                    }
                } else {
                    fixed
                }
            }
            Some(Style::DoubleQuoted) => {
                yaml_double_quoted_map(text, node.start, node.pos, value).unwrap_or(fixed)
            }
            _ => fixed,
        },
    }
}

/// Records checkpoints while re-reading a quoted scalar, and checks the re-read value against
/// what the parser produced (a mismatch means we would map wrongly: fall back to `Fixed`).
struct Checkpointer {
    points: Vec<(usize, u32, Position)>,
    cooked: String,
    inner_col: u32,
    line: u32,
    col: u32,
    need: bool,
}

impl Checkpointer {
    fn new(open: Position) -> Checkpointer {
        Checkpointer {
            points: Vec::new(),
            cooked: String::new(),
            inner_col: 1,
            line: open.line,
            col: open.column + 1,
            need: true,
        }
    }

    /// Emits `c` produced by raw text at the current outer position; `exact` says a checkpoint
    /// must be recorded (escapes and folds), otherwise one is recorded only after such.
    fn emit(&mut self, c: char, checkpoint: bool) {
        if checkpoint || self.need {
            self.points.push((
                self.cooked.len(),
                self.inner_col,
                Position::new(self.line, self.col),
            ));
            self.need = checkpoint;
        }
        self.cooked.push(c);
        if c == '\n' {
            self.inner_col = 1;
            self.need = true;
        } else {
            self.inner_col += 1;
        }
    }

    /// [`Checkpointer::emit`]`(c, false)` and one column for every character of `run`, which
    /// holds no line break, as the raw text's next characters.
    fn emit_run(&mut self, run: &str) {
        if self.need {
            self.points.push((
                self.cooked.len(),
                self.inner_col,
                Position::new(self.line, self.col),
            ));
            self.need = false;
        }
        self.cooked.push_str(run);
        let n = run.chars().count() as u32;
        self.inner_col += n;
        self.col += n;
    }

    fn finish(self, expected: &str) -> Option<SourceMap> {
        (self.cooked == expected).then_some(SourceMap::Checkpoints(self.points))
    }
}

fn hex_char(raw: &str, len: usize) -> Option<char> {
    let digits = raw.get(..len)?;
    char::from_u32(u32::from_str_radix(digits, 16).ok()?)
}

/// Checkpoints for a JSON string literal starting at byte `start` (its opening quote).
fn json_string_map(text: &str, start: usize, open: Position, expected: &str) -> Option<SourceMap> {
    let mut cp = Checkpointer::new(open);
    let raw = text.get(start + 1..)?;
    let bytes = raw.as_bytes();
    let mut i = 0;
    loop {
        match bytes.get(i)? {
            b'"' => return cp.finish(expected),
            b'\\' => {
                let e = raw.get(i + 1..)?.chars().next()?;
                let (ch, extra) = match e {
                    'n' => ('\n', 0),
                    't' => ('\t', 0),
                    'r' => ('\r', 0),
                    'b' => ('\u{8}', 0),
                    'f' => ('\u{c}', 0),
                    'u' => {
                        let hi = u32::from_str_radix(raw.get(i + 2..i + 6)?, 16).ok()?;
                        if (0xD800..0xDC00).contains(&hi) {
                            let lo = u32::from_str_radix(raw.get(i + 8..i + 12)?, 16).ok()?;
                            (
                                char::from_u32(
                                    0x10000 + ((hi - 0xD800) << 10) + (lo.checked_sub(0xDC00)?),
                                )?,
                                10,
                            )
                        } else {
                            (char::from_u32(hi)?, 4)
                        }
                    }
                    other => (other, 0),
                };
                cp.emit(ch, true);
                // The escape's characters after `e` are ASCII hex digits and `\u`.
                i += 1 + e.len_utf8() + extra;
                cp.col += 2 + extra as u32;
            }
            b'\n' => {
                cp.emit('\n', false);
                cp.col += 1;
                i += 1;
            }
            _ => {
                // A run of plain characters maps 1:1: one checkpoint at most, one copy.
                let len = bytes
                    .get(i..)?
                    .iter()
                    .position(|&b| matches!(b, b'"' | b'\\' | b'\n'))
                    .unwrap_or(bytes.len() - i);
                cp.emit_run(raw.get(i..i + len)?);
                i += len;
            }
        }
    }
}

/// Checkpoints for a YAML double-quoted scalar starting at byte `start`: YAML escapes, escaped
/// line breaks (`\` at the end of a line) and line folding are followed, line by line.
fn yaml_double_quoted_map(
    text: &str,
    start: usize,
    open: Position,
    expected: &str,
) -> Option<SourceMap> {
    let mut cp = Checkpointer::new(open);
    let raw = text.get(start + 1..)?;
    let chars: Vec<char> = raw
        .chars()
        .take(expected.chars().count().saturating_mul(12) + 64)
        .collect();
    let mut i = 0;
    // Whitespace seen but not yet emitted: dropped if a line break follows.
    let mut pending: Vec<(char, u32)> = Vec::new();
    let flush = |cp: &mut Checkpointer, pending: &mut Vec<(char, u32)>| {
        for (c, col) in pending.drain(..) {
            let saved = cp.col;
            cp.col = col;
            cp.emit(c, true);
            cp.col = saved;
        }
    };
    // Skips a line break and the indentation and empty lines after it; returns the number of
    // empty lines skipped.
    let skip_break = |cp: &mut Checkpointer, i: &mut usize| -> u32 {
        let mut empty = 0;
        loop {
            if chars.get(*i) == Some(&'\r') {
                *i += 1;
            }
            if chars.get(*i) == Some(&'\n') {
                *i += 1;
            }
            cp.line += 1;
            cp.col = 1;
            while matches!(chars.get(*i), Some(' ' | '\t')) {
                *i += 1;
                cp.col += 1;
            }
            if matches!(chars.get(*i), Some('\n' | '\r')) {
                empty += 1;
            } else {
                return empty;
            }
        }
    };
    while let Some(&c) = chars.get(i) {
        match c {
            '"' => {
                flush(&mut cp, &mut pending);
                return cp.finish(expected);
            }
            ' ' | '\t' => {
                pending.push((c, cp.col));
                i += 1;
                cp.col += 1;
            }
            '\n' | '\r' => {
                pending.clear();
                let (line, col) = (cp.line, cp.col);
                let empty = skip_break(&mut cp, &mut i);
                let (l2, c2) = (cp.line, cp.col);
                cp.line = line;
                cp.col = col;
                if empty == 0 {
                    cp.emit(' ', true);
                } else {
                    for _ in 0..empty {
                        cp.emit('\n', true);
                    }
                }
                cp.line = l2;
                cp.col = c2;
                cp.need = true;
            }
            '\\' => {
                flush(&mut cp, &mut pending);
                let e = *chars.get(i + 1)?;
                if e == '\n' || e == '\r' {
                    i += 1;
                    let empty = skip_break(&mut cp, &mut i);
                    for _ in 0..empty {
                        cp.emit('\n', true);
                    }
                    cp.need = true;
                    continue;
                }
                let hex = |n: usize| -> Option<char> {
                    let s: String = chars.get(i + 2..i + 2 + n)?.iter().collect();
                    hex_char(&s, n)
                };
                let (ch, len) = match e {
                    '0' => ('\0', 2),
                    'a' => ('\u{7}', 2),
                    'b' => ('\u{8}', 2),
                    't' | '\t' => ('\t', 2),
                    'n' => ('\n', 2),
                    'v' => ('\u{b}', 2),
                    'f' => ('\u{c}', 2),
                    'r' => ('\r', 2),
                    'e' => ('\u{1b}', 2),
                    'N' => ('\u{85}', 2),
                    '_' => ('\u{a0}', 2),
                    'L' => ('\u{2028}', 2),
                    'P' => ('\u{2029}', 2),
                    'x' => (hex(2)?, 4),
                    'u' => (hex(4)?, 6),
                    'U' => (hex(8)?, 10),
                    other => (other, 2),
                };
                cp.emit(ch, true);
                i += len;
                cp.col += len as u32;
            }
            c => {
                flush(&mut cp, &mut pending);
                cp.emit(c, false);
                i += 1;
                cp.col += 1;
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    /// The character-by-character mapping `json_string_map` replaced (runs are now copied whole).
    fn reference_json_string_map(
        text: &str,
        start: usize,
        open: Position,
        expected: &str,
    ) -> Option<SourceMap> {
        let mut cp = Checkpointer::new(open);
        let raw = text.get(start + 1..)?;
        let mut it = raw.char_indices();
        while let Some((i, c)) = it.next() {
            match c {
                '"' => return cp.finish(expected),
                '\\' => {
                    let (_, e) = it.next()?;
                    let (ch, extra) = match e {
                        'n' => ('\n', 0),
                        't' => ('\t', 0),
                        'r' => ('\r', 0),
                        'b' => ('\u{8}', 0),
                        'f' => ('\u{c}', 0),
                        'u' => {
                            let hi = u32::from_str_radix(raw.get(i + 2..i + 6)?, 16).ok()?;
                            if (0xD800..0xDC00).contains(&hi) {
                                let lo = u32::from_str_radix(raw.get(i + 8..i + 12)?, 16).ok()?;
                                (
                                    char::from_u32(
                                        0x10000
                                            + ((hi - 0xD800) << 10)
                                            + (lo.checked_sub(0xDC00)?),
                                    )?,
                                    10,
                                )
                            } else {
                                (char::from_u32(hi)?, 4)
                            }
                        }
                        other => (other, 0),
                    };
                    cp.emit(ch, true);
                    for _ in 0..extra {
                        it.next();
                    }
                    cp.col += 2 + extra as u32;
                }
                c => {
                    cp.emit(c, false);
                    cp.col += 1;
                }
            }
        }
        None
    }

    #[test]
    fn json_string_runs_map_as_character_by_character() {
        for value in [
            "",
            "plain",
            "{\n  \"a\" : 1,\n  \"b\" : [ \"x\\\\y\" ]\n}",
            "é😀\u{1}\t\r/\u{8}\u{c}\"",
            "line\nline\n\nend\n",
            "\u{10FFFF}\u{e000}ab",
        ] {
            for escape_slash in [false, true] {
                let mut literal = String::new();
                json::write_string(&mut literal, value);
                if escape_slash {
                    literal = literal.replace('/', "\\/").replace('😀', "\\ud83d\\ude00");
                }
                for prefix in ["", "{\"k\": ", "[1,\n  "] {
                    let text = format!("{prefix}{literal}");
                    let start = prefix.len();
                    let open = Position::new(3, 7);
                    assert_eq!(
                        format!("{:?}", json_string_map(&text, start, open, value)),
                        format!("{:?}", reference_json_string_map(&text, start, open, value)),
                        "{text}"
                    );
                    assert!(
                        json_string_map(&text, start, open, value).is_some(),
                        "{text}"
                    );
                }
            }
        }
        // A raw line break (not JSON, but the mapping must not care).
        let text = "\"ab\ncd\\n\ne\"";
        let value = "ab\ncd\n\ne";
        let open = Position::new(1, 1);
        assert_eq!(
            format!("{:?}", json_string_map(text, 0, open, value)),
            format!("{:?}", reference_json_string_map(text, 0, open, value)),
        );
        assert!(json_string_map(text, 0, open, value).is_some());
    }

    #[test]
    fn json_string_positions_follow_escapes() {
        let text = r#"{"v": "{\n  \"a\" : x}"}"#;
        let root = json::parse(text).unwrap();
        let node = root.get("v").unwrap();
        let map = json_string_map(text, node.start, node.pos, node.as_str().unwrap()).unwrap();
        let e = json::parse_mapped(node.as_str().unwrap(), &map).unwrap_err();
        // `x` is at column 21 of the file.
        assert_eq!(e.pos, Position::new(1, 21));
    }

    #[test]
    fn yaml_double_quoted_positions_follow_folding() {
        let text = "data:\n  k: \"{\\n  \\\"a\\\" :\\\n    \\ 1, x}\"\n";
        let doc = yaml::parse(text).unwrap();
        let node = doc.root.get("data").unwrap().get("k").unwrap();
        let value = node.as_str().unwrap();
        assert_eq!(value, "{\n  \"a\" : 1, x}");
        let map = yaml_double_quoted_map(text, node.start, node.pos, value).unwrap();
        let e = json::parse_mapped(value, &map).unwrap_err();
        assert_eq!(e.pos, Position::new(3, 10));
    }

    #[test]
    fn positions_of_bytes() {
        assert_eq!(position_of("ab\ncé\nx", 6), Position::new(2, 3));
    }
}
