//! Exports, as pure functions to `String`: the alter ConfigMap (YAML), the Kafka Connect PATCH
//! body (JSON) and the `kafka-consumer-groups` CSV, plus [`rewrite_document`], which writes an
//! edited listing back in the form it was imported from (for `connect-offsets edit`).
//!
//! Every export first validates the listing (domain.md section 8, with the imported listing as
//! baseline when given); any error blocks the export and is returned as `Err(diagnostics)`.
//! Kubernetes wrapping rules K1–K10 (section 8.7) are checked here.
//!
//! The YAML is written by a small emitter of our own rather than a serializer dependency: every
//! value that is not a fixed word is a double-quoted, JSON-style escaped string (so YAML 1.1
//! readers such as kubectl never turn `yes`, `on`, `2024-05-01` or `0x10` into something else),
//! and the offsets JSON sits in a literal block scalar `|-`, byte for byte what Strimzi reads.

use crate::diag::{Diagnostic, Position, Severity, has_errors};
use crate::diff::{Change, diff};
use crate::edit::{OffsetValue, Session};
use crate::json::{self, JsonKind, JsonValue};
use crate::model::{ConnectorKind, Entry, InputForm, Listing, PayloadWriter};
use crate::names::{self, MirrorConnectorName};
use crate::validate::{validate, validate_streamed};
use crate::yaml::{self, Style};
use std::borrow::Cow;
use std::fmt::Write as _;

/// K6: the most a ConfigMap's data may hold.
pub const MAX_CONFIGMAP_BYTES: usize = 1_048_576;
/// K7: above this, client-side `kubectl apply` fails on the last-applied annotation.
pub const APPLY_ANNOTATION_BYTES: usize = 262_144;

/// The annotation client-side `kubectl apply` writes (stripped, K10).
pub const LAST_APPLIED: &str = "kubectl.kubernetes.io/last-applied-configuration";

/// A finished export: the text and the warnings/infos that go with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Export {
    pub text: String,
    pub diagnostics: Vec<Diagnostic>,
}

/// Which Strimzi resource will read the alter ConfigMap; it decides the data key (K4).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AlterTarget {
    /// A KafkaConnector: key `offsets.json`.
    KafkaConnector,
    /// A KafkaMirrorMaker2 connector: key `<source>--<target>.<Type>.json`.
    MirrorMaker2(MirrorConnectorName),
}

impl AlterTarget {
    /// The data key Strimzi reads for this target (domain.md 1.2).
    pub fn data_key(&self) -> String {
        match self {
            AlterTarget::KafkaConnector => "offsets.json".into(),
            AlterTarget::MirrorMaker2(name) => name.data_key(),
        }
    }

    /// The target a listing came from: its MirrorMaker 2 key, else a KafkaConnector.
    pub fn of(listing: &Listing) -> AlterTarget {
        match &listing.mirror {
            Some(m) => AlterTarget::MirrorMaker2(m.name.clone()),
            None => AlterTarget::KafkaConnector,
        }
    }
}

/// Options of the alter ConfigMap export. `None` fields default from the listing.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ConfigMapOptions {
    /// Default: `<listed name>-alter`.
    pub name: Option<String>,
    /// Default: the listed namespace; with none, no namespace is written (kubectl's current one).
    pub namespace: Option<String>,
    /// Default: [`AlterTarget::of`] the listing.
    pub target: Option<AlterTarget>,
    /// The data key to write; default the imported one, else the target's. A key the target
    /// will not read is K4.
    pub data_key: Option<String>,
    /// Keep the imported ConfigMap's other data keys (when exporting every entry).
    pub keep_other_data: bool,
}

fn k(rule: &'static str, severity: Severity, message: impl Into<String>) -> Diagnostic {
    Diagnostic::new(rule, severity, Position::NONE, message)
}

/// How an export is validated before it is written.
#[derive(Debug, Clone, Copy)]
pub enum Gate<'a> {
    /// Validate the listing here, against the imported listing when there is one.
    Validate { baseline: Option<&'a Listing> },
    /// The caller already validated exactly this listing (the editor validates once per
    /// change and shares the result with every export); these are its findings.
    Checked(&'a [Diagnostic]),
}

/// Validates (or takes the caller's findings); `Err` with every diagnostic when any is an error.
fn gate(listing: &Listing, gate: Gate<'_>) -> Result<Vec<Diagnostic>, Vec<Diagnostic>> {
    let diags = match gate {
        Gate::Validate { baseline } => validate(listing, baseline),
        Gate::Checked(diags) => diags.to_vec(),
    };
    if has_errors(&diags) {
        Err(diags)
    } else {
        Ok(diags)
    }
}

/// Keeps only the entries of `edited` that differ from `imported` (changed or added): what an
/// alter should name. Entries are compared by partition key and offset meaning.
pub fn changed_entries(imported: &Listing, edited: &Listing) -> Listing {
    let d = diff(imported, edited);
    let mut keep = vec![false; edited.entries.len()];
    let index: std::collections::HashMap<_, usize> = edited
        .entries
        .iter()
        .enumerate()
        .filter_map(|(i, e)| Some((e.key()?, i)))
        .collect();
    for e in &d.entries {
        if !matches!(e.change, Change::Unchanged | Change::Removed)
            && let Some(&i) = e.key.as_ref().and_then(|k| index.get(k))
            && let Some(slot) = keep.get_mut(i)
        {
            *slot = true;
        }
    }
    // Entries without a partition key cannot be matched; keep them so validation reports them.
    for (i, e) in edited.entries.iter().enumerate() {
        if e.key().is_none()
            && let Some(slot) = keep.get_mut(i)
        {
            *slot = true;
        }
    }
    let mut out = edited.clone();
    out.entries = edited
        .entries
        .iter()
        .zip(keep)
        .filter(|(_, k)| *k)
        .map(|(e, _)| e.clone())
        .collect();
    out
}

// ----- YAML emission -----

/// True when `c` may appear as is in a YAML block scalar and is not a YAML 1.1 line break.
fn yaml_printable(c: char) -> bool {
    matches!(c, '\n' | '\u{20}'..='\u{7e}' | '\u{a0}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..)
        && !matches!(c, '\u{2028}' | '\u{2029}' | '\u{feff}')
}

/// Appends `s` as a YAML double-quoted scalar (JSON-compatible escapes).
pub fn write_yaml_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\u{85}' => out.push_str("\\N"),
            '\u{a0}' => out.push_str("\\_"),
            '\u{2028}' => out.push_str("\\L"),
            '\u{2029}' => out.push_str("\\P"),
            c if (c as u32) < 0x20 || ('\u{7f}'..='\u{9f}').contains(&c) => {
                let _ = write!(out, "\\x{:02X}", c as u32);
            }
            '\u{feff}' => out.push_str("\\uFEFF"),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Writes a multi-line value as `|-` followed by the lines indented by `indent` spaces, when
/// that reads back exactly; otherwise as a double-quoted scalar.
fn write_block_or_quoted(out: &mut String, s: &str, indent: usize) {
    let block_ok = s.contains('\n')
        && !s.ends_with('\n')
        && !s.starts_with([' ', '\n', '\t'])
        && s.chars().all(yaml_printable)
        && !s
            .lines()
            .any(|l| l.ends_with([' ', '\t']) && l.trim().is_empty());
    if !block_ok {
        write_yaml_string(out, s);
        return;
    }
    out.push_str("|-");
    for line in s.split('\n') {
        out.push('\n');
        if !line.is_empty() {
            push_spaces(out, indent);
            out.push_str(line);
        }
    }
}

fn push_spaces(out: &mut String, n: usize) {
    for _ in 0..n {
        out.push(' ');
    }
}

/// A mapping key: plain when it is an unambiguous identifier, double-quoted otherwise.
fn write_key(out: &mut String, key: &str) {
    let plain = key.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '/' | '-'))
        && !is_yaml11_special(key);
    if plain {
        out.push_str(key);
    } else {
        write_yaml_string(out, key);
    }
}

/// Words a YAML 1.1 reader resolves to a boolean or null.
fn is_yaml11_special(s: &str) -> bool {
    matches!(
        s.to_ascii_lowercase().as_str(),
        "y" | "n" | "yes" | "no" | "true" | "false" | "on" | "off" | "null"
    )
}

/// The alter ConfigMap for `listing` (whatever entries it holds: pass a changed-only or full
/// listing). `baseline` is the imported listing, for the change rules.
pub fn configmap_yaml(
    listing: &Listing,
    baseline: Option<&Listing>,
    options: &ConfigMapOptions,
) -> Result<Export, Vec<Diagnostic>> {
    configmap_yaml_gated(listing, Gate::Validate { baseline }, options)
}

/// [`configmap_yaml`] with the validation step chosen by the caller.
pub fn configmap_yaml_gated(
    listing: &Listing,
    validation: Gate<'_>,
    options: &ConfigMapOptions,
) -> Result<Export, Vec<Diagnostic>> {
    let mut diags = gate(listing, validation)?;
    let meta = listing.configmap.as_ref();
    let listed_name = meta.and_then(|m| m.name.as_deref());
    let name = match (&options.name, listed_name) {
        (Some(n), _) => n.clone(),
        (None, Some(l)) => format!("{l}-alter"),
        (None, None) => {
            diags.push(k(
                "K1",
                Severity::Error,
                "Name the alter ConfigMap (the input is not a ConfigMap, so there is no listed name to derive '<name>-alter' from).",
            ));
            return Err(diags);
        }
    };
    let namespace = options
        .namespace
        .clone()
        .or_else(|| meta.and_then(|m| m.namespace.clone()));
    let mut errors = Vec::new();
    if let Err(e) = names::check_configmap_name(&name) {
        errors.push(k("K1", Severity::Error, format!("'{name}': {e}")));
    }
    if let Some(ns) = &namespace
        && let Err(e) = names::check_namespace(ns)
    {
        errors.push(k("K2", Severity::Error, format!("'{ns}': {e}")));
    }
    let target = options
        .target
        .clone()
        .unwrap_or_else(|| AlterTarget::of(listing));
    let expected = target.data_key();
    // The imported key is kept unless the caller names one; a key the target will not read is K4.
    let key = options
        .data_key
        .clone()
        .or_else(|| listing.data_key.clone())
        .unwrap_or_else(|| expected.clone());
    if key != expected {
        errors.push(k(
            "K4",
            Severity::Error,
            format!("Strimzi will look for the key '{expected}'; this ConfigMap uses '{key}'."),
        ));
    } else if let Err(e) = names::check_data_key(&key) {
        errors.push(k("K4", Severity::Error, e));
    }
    if listed_name == Some(name.as_str()) {
        diags.push(k(
            "K8",
            Severity::Warning,
            format!(
                "The next list will overwrite your edits in this ConfigMap. Using a separate name (for example '{name}-alter') is recommended."
            ),
        ));
    }
    if name.ends_with("-mirrormaker2-config") || name.ends_with("-connect-config") {
        diags.push(k(
            "K9",
            Severity::Warning,
            "This name is used by the Strimzi operator and will be overwritten.",
        ));
    }

    let payload = listing.to_pretty_json();
    let mut data: Vec<(String, String)> = vec![(key.clone(), payload)];
    if options.keep_other_data
        && let Some(m) = meta
    {
        data.extend(m.other_data.iter().filter(|(k, _)| *k != key).cloned());
    }
    let size: usize = data.iter().map(|(_, v)| v.len()).sum();
    if size > MAX_CONFIGMAP_BYTES {
        errors.push(k(
            "K6",
            Severity::Error,
            format!(
                "ConfigMap data exceeds 1 MiB ({size} bytes); Kubernetes will reject it. Split the offsets into several alter rounds."
            ),
        ));
    } else if size > APPLY_ANNOTATION_BYTES {
        diags.push(k(
            "K7",
            Severity::Warning,
            format!(
                "Over 256 KiB ({size} bytes): plain `kubectl apply` will fail because of the last-applied annotation. Use `kubectl apply --server-side`."
            ),
        ));
    }
    if !errors.is_empty() {
        diags.extend(errors);
        return Err(diags);
    }

    // K10: what is carried over and what is stripped.
    let operator_label =
        |k: &str| k.starts_with("strimzi.io/") || k.starts_with("app.kubernetes.io/");
    let labels: Vec<&(String, String)> = meta
        .map(|m| {
            m.labels
                .iter()
                .filter(|(k, _)| !operator_label(k))
                .collect()
        })
        .unwrap_or_default();
    let annotations: Vec<&(String, String)> = meta
        .map(|m| {
            m.annotations
                .iter()
                .filter(|(k, _)| k != LAST_APPLIED)
                .collect()
        })
        .unwrap_or_default();
    let stripped_labels = meta.map(|m| m.labels.len()).unwrap_or(0) - labels.len();
    if meta.is_some() {
        let mut what = vec!["uid, resourceVersion, creationTimestamp, managedFields".to_string()];
        if meta.is_some_and(|m| !m.owners.is_empty()) {
            what.push("ownerReferences".into());
        }
        if stripped_labels > 0 {
            what.push(format!(
                "{stripped_labels} operator label(s) (strimzi.io/*, app.kubernetes.io/*)"
            ));
        }
        if meta.is_some_and(|m| m.annotations.iter().any(|(k, _)| k == LAST_APPLIED)) {
            what.push("the last-applied annotation".into());
        }
        diags.push(k(
            "K10",
            Severity::Info,
            format!("Not exported: {}.", what.join(", ")),
        ));
    }

    let mut out = String::new();
    out.push_str("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ");
    write_yaml_string(&mut out, &name);
    out.push('\n');
    if let Some(ns) = &namespace {
        out.push_str("  namespace: ");
        write_yaml_string(&mut out, ns);
        out.push('\n');
    }
    for (title, pairs) in [("labels", &labels), ("annotations", &annotations)] {
        if pairs.is_empty() {
            continue;
        }
        let _ = writeln!(out, "  {title}:");
        for (k, v) in pairs.iter() {
            out.push_str("    ");
            write_yaml_string(&mut out, k);
            out.push_str(": ");
            write_yaml_string(&mut out, v);
            out.push('\n');
        }
    }
    out.push_str("data:\n");
    for (k, v) in &data {
        out.push_str("  ");
        write_yaml_string(&mut out, k);
        out.push_str(": ");
        write_block_or_quoted(&mut out, v, 4);
        out.push('\n');
    }
    Ok(Export {
        text: out,
        diagnostics: diags,
    })
}

/// The body of `PATCH /connectors/<name>/offsets`: compact (one line, with a final newline) or
/// pretty (Jackson style, as in the ConfigMap, with a final newline).
pub fn patch_json(
    listing: &Listing,
    baseline: Option<&Listing>,
    pretty: bool,
) -> Result<Export, Vec<Diagnostic>> {
    patch_json_gated(listing, Gate::Validate { baseline }, pretty)
}

/// [`patch_json`] with the validation step chosen by the caller.
pub fn patch_json_gated(
    listing: &Listing,
    validation: Gate<'_>,
    pretty: bool,
) -> Result<Export, Vec<Diagnostic>> {
    let diags = gate(listing, validation)?;
    let mut text = if pretty {
        listing.to_pretty_json()
    } else {
        listing.to_compact_json()
    };
    text.push('\n');
    Ok(Export {
        text,
        diagnostics: diags,
    })
}

/// `topic,partition,offset` lines without a header, as `kafka-consumer-groups.sh
/// --reset-offsets --from-file` reads them. The offset column is a CONSUMER offset (the next
/// record to read):
/// * sink connectors: `kafka_offset` as is (it already is the next record);
/// * MirrorSourceConnector: stored offset + 1 (MirrorMaker stores the last mirrored record), and
///   a null offset is written as 0 (the import reads 0 back as null).
///
/// A null sink offset cannot be expressed (the tool has no "delete"): the row is left out with a
/// warning. Other connector kinds have no consumer-group meaning and are refused.
pub fn csv(listing: &Listing, baseline: Option<&Listing>) -> Result<Export, Vec<Diagnostic>> {
    csv_gated(listing, Gate::Validate { baseline })
}

/// [`csv`] with the validation step chosen by the caller.
pub fn csv_gated(listing: &Listing, validation: Gate<'_>) -> Result<Export, Vec<Diagnostic>> {
    let mut diags = gate(listing, validation)?;
    let kind = listing.kind;
    if !matches!(kind, ConnectorKind::Sink | ConnectorKind::MirrorSource) {
        diags.push(k(
            "CSV",
            Severity::Error,
            format!(
                "CSV export is defined for sink connectors and MirrorSourceConnector; this is a {}.",
                kind.label()
            ),
        ));
        return Err(diags);
    }
    let mut out = String::new();
    let mut errors = Vec::new();
    for (i, e) in listing.entries.iter().enumerate() {
        let n = i + 1;
        let facts = crate::filter::EntryFacts::of(kind, e, false);
        let (Some(topic), Some(partition)) = (facts.topic, facts.partition) else {
            errors.push(k(
                "CSV",
                Severity::Error,
                format!("Entry #{n} has no topic and partition."),
            ));
            continue;
        };
        if topic.contains([',', '"', '\n', '\r']) {
            errors.push(k(
                "CSV",
                Severity::Error,
                format!("Entry #{n}: topic '{topic}' cannot be written to CSV (it contains ',', '\"' or a line break)."),
            ));
            continue;
        }
        let extra = csv_extra_fields(kind, e);
        if !extra.is_empty() {
            diags.push(
                k(
                    "CSV",
                    Severity::Warning,
                    format!(
                        "Entry #{n} ({topic}:{partition}): {} cannot be written to CSV and {} left out; export JSON to keep {}.",
                        extra.join(", "),
                        if extra.len() == 1 { "is" } else { "are" },
                        if extra.len() == 1 { "it" } else { "them" },
                    ),
                )
                .with_entry(i),
            );
        }
        let value = crate::diff::offset_value(kind, e);
        let offset = match (kind, value) {
            (ConnectorKind::Sink, OffsetValue::Value(v)) => v,
            (ConnectorKind::Sink, _) => {
                diags.push(
                    k(
                        "CSV",
                        Severity::Warning,
                        format!(
                            "Entry #{n} ({topic}:{partition}) is null: a consumer-group CSV cannot delete an offset, so the row is left out."
                        ),
                    )
                    .with_entry(i),
                );
                continue;
            }
            (_, OffsetValue::Null) => 0,
            (_, OffsetValue::Value(v)) => match v.checked_add(1) {
                Some(c) => c,
                None => {
                    errors.push(k(
                        "CSV",
                        Severity::Error,
                        format!("Entry #{n}: offset {v} + 1 does not fit a consumer offset."),
                    ));
                    continue;
                }
            },
            (_, OffsetValue::Unreadable) => {
                errors.push(k(
                    "CSV",
                    Severity::Error,
                    format!("Entry #{n} has no readable offset."),
                ));
                continue;
            }
        };
        let _ = writeln!(out, "{topic},{partition},{offset}");
    }
    if !errors.is_empty() {
        diags.extend(errors);
        return Err(diags);
    }
    Ok(Export {
        text: out,
        diagnostics: diags,
    })
}

// ----- writing an edited document back in its own form -----

/// Writes `edited` back in the form `original` was imported from (`original` is the imported
/// text): a REST payload stays a payload (pretty or compact, as it was), a CSV stays a CSV, and
/// a ConfigMap (or `kind: List`) keeps every other field, with only the offsets value replaced.
/// JSON ConfigMaps are patched in place (byte-identical elsewhere); YAML ones are re-emitted
/// (comments are dropped, values keep their meaning).
pub fn rewrite_document(original: &str, edited: &Listing) -> Result<String, String> {
    let original = original.strip_prefix('\u{feff}').unwrap_or(original);
    match edited.form {
        InputForm::RestPayload => {
            let pretty = original.trim_end().contains('\n');
            let mut text = if pretty {
                edited.to_pretty_json()
            } else {
                edited.to_compact_json()
            };
            if original.ends_with('\n') {
                text.push('\n');
            }
            Ok(text)
        }
        InputForm::Csv => {
            crate::csv::rewrite(original, edited, |e| csv_extra_fields(edited.kind, e))
        }
        InputForm::ConfigMapJson => {
            rewrite_json_configmap(original, edited, &edited.to_pretty_json())
        }
        InputForm::ConfigMapYaml => {
            rewrite_yaml_configmap(original, edited, &edited.to_pretty_json())
        }
    }
}

/// What `connect-offsets edit` writes and reports for a session, without building the edited
/// listing: `Some((rewrite_document(original, &edited), validate(&edited, None)))` for
/// `edited = session.working_listing()`, the same text and findings. Each edited entry is
/// built, checked, written and dropped, so 100k rewritten entries never exist at once (a
/// second full listing cost a quarter of the CLI's time, mostly fresh memory).
///
/// `None` for a CSV, when an edited entry's partition differs from its row's entry (see
/// [`crate::validate::validate_streamed`]) or when the document cannot be rewritten: build the
/// listing and call [`rewrite_document`] then (which reports the error).
pub fn rewrite_session(original: &str, session: &Session) -> Option<(String, Vec<Diagnostic>)> {
    let meta = session.imported();
    let original = original.strip_prefix('\u{feff}').unwrap_or(original);
    let pretty = match meta.form {
        InputForm::RestPayload => original.trim_end().contains('\n'),
        InputForm::ConfigMapJson | InputForm::ConfigMapYaml => true,
        InputForm::Csv => return None,
    };
    // The rows `working_listing` keeps, in its order, with the entries it would hold: an
    // unchanged imported row exports its entry as imported (borrowed here, not copied).
    let kept = session.rows().filter(|r| !r.removed).filter_map(|r| {
        let entry = if r.changed || r.added {
            Cow::Owned(session.current_entry(r.index)?)
        } else {
            Cow::Borrowed(r.entry)
        };
        Some((entry, r.entry))
    });
    let mut writer = PayloadWriter::new(meta, pretty, session.len());
    let diagnostics = validate_streamed(meta, kept, |e| writer.entry(e))?;
    let payload = writer.finish();
    let text = match meta.form {
        InputForm::ConfigMapJson => rewrite_json_configmap(original, meta, &payload).ok()?,
        InputForm::ConfigMapYaml => rewrite_yaml_configmap(original, meta, &payload).ok()?,
        _ => {
            let mut text = payload;
            if original.ends_with('\n') {
                text.push('\n');
            }
            text
        }
    };
    Some((text, diagnostics))
}

/// The fields of `entry` a consumer-group CSV row (`topic,partition,offset`) cannot hold, as
/// `partition.KEY` / `offset.KEY`. The cluster of a MirrorSourceConnector entry is not one of
/// them: a CSV seeds the offsets of one source cluster, named when it is imported.
fn csv_extra_fields(kind: ConnectorKind, entry: &Entry) -> Vec<String> {
    let (partition_keys, offset_key): (&[&str], &str) = match kind {
        ConnectorKind::Sink => (&["kafka_topic", "kafka_partition"], "kafka_offset"),
        _ => (&["cluster", "topic", "partition"], "offset"),
    };
    let mut extra = Vec::new();
    for (side, allowed) in [("partition", partition_keys), ("offset", &[offset_key][..])] {
        if let Some(members) = entry.value.get(side).and_then(JsonValue::as_members) {
            extra.extend(
                members
                    .iter()
                    .filter(|m| !allowed.contains(&m.key.as_str()))
                    .map(|m| format!("{side}.{}", m.key)),
            );
        }
    }
    extra
}

/// The node of the imported ConfigMap inside a parsed document (the item of a List).
fn configmap_node<'a>(root: &'a JsonValue, listing: &Listing) -> Option<&'a JsonValue> {
    match root.get("kind").and_then(JsonValue::as_str) {
        Some("List") => {
            let index = listing.configmap.as_ref()?.list_index?;
            root.get("items")?.as_array()?.get(index)
        }
        _ => Some(root),
    }
}

/// The JSON ConfigMap `original` with the offsets value replaced by `payload` (the pretty
/// payload of `edited`, whose other fields say where it goes).
fn rewrite_json_configmap(
    original: &str,
    edited: &Listing,
    payload: &str,
) -> Result<String, String> {
    let root = json::parse(original).map_err(|e| format!("{}: {}", e.pos, e.message))?;
    let key = edited
        .data_key
        .as_deref()
        .ok_or("the listing has no data key")?;
    let node = configmap_node(&root, edited)
        .and_then(|cm| cm.get("data"))
        .and_then(|d| d.get(key))
        .ok_or_else(|| format!("the data key '{key}' was not found again"))?;
    let start = node.start;
    let bytes = original.as_bytes();
    if bytes.get(start) != Some(&b'"') {
        return Err(format!("the data key '{key}' does not hold a string"));
    }
    let mut i = start + 1;
    let end = loop {
        match bytes.get(i) {
            Some(b'\\') => i += 2,
            Some(b'"') => break i + 1,
            Some(_) => i += 1,
            None => return Err("unterminated string".into()),
        }
    };
    let mut out = String::with_capacity(original.len() + 64);
    out.push_str(original.get(..start).unwrap_or(""));
    json::write_string(&mut out, payload);
    out.push_str(original.get(end..).unwrap_or(""));
    Ok(out)
}

/// The YAML ConfigMap `original` re-emitted with the offsets value replaced by `payload` (the
/// pretty payload of `edited`, whose other fields say where it goes).
fn rewrite_yaml_configmap(
    original: &str,
    edited: &Listing,
    payload: &str,
) -> Result<String, String> {
    let doc = yaml::parse(original).map_err(|e| format!("{}: {}", e.pos, e.message))?;
    let key = edited
        .data_key
        .as_deref()
        .ok_or("the listing has no data key")?;
    let target = configmap_node(&doc.root, edited)
        .and_then(|cm| cm.get("data"))
        .and_then(|d| d.get(key))
        .map(|v| v.start)
        .ok_or_else(|| format!("the data key '{key}' was not found again"))?;
    let mut out = String::with_capacity(original.len() + 64);
    let cx = Emit {
        doc: &doc,
        target,
        payload,
    };
    cx.node(&mut out, &doc.root, 0, Ctx::Top);
    if !out.ends_with('\n') {
        out.push('\n');
    }
    Ok(out)
}

struct Emit<'a> {
    doc: &'a yaml::YamlDoc,
    /// Byte offset of the data value to replace.
    target: usize,
    payload: &'a str,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Ctx {
    Top,
    /// After `key:` (a nested collection starts on the next line).
    MapValue,
    /// After `- ` (a nested map continues on the same line).
    SeqItem,
}

impl Emit<'_> {
    fn scalar(&self, out: &mut String, v: &JsonValue, indent: usize) {
        match &v.kind {
            JsonKind::Null => out.push_str("null"),
            JsonKind::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            JsonKind::Number(n) => out.push_str(n.text()),
            JsonKind::String(s) => {
                if v.start == self.target && v.pos != Position::NONE {
                    write_block_or_quoted(out, self.payload, indent);
                } else if self.doc.style_at(v.start) == Some(Style::Plain)
                    && !s.contains('\n')
                    && !s.is_empty()
                {
                    out.push_str(s);
                } else if s.contains('\n') {
                    write_block_or_quoted(out, s, indent);
                } else {
                    write_yaml_string(out, s);
                }
            }
            JsonKind::Array(_) | JsonKind::Object(_) => {}
        }
    }

    /// Emits `v`; `indent` is the indentation of the collection's entries.
    fn node(&self, out: &mut String, v: &JsonValue, indent: usize, ctx: Ctx) {
        match &v.kind {
            JsonKind::Object(members) if !members.is_empty() => {
                if ctx == Ctx::MapValue {
                    out.push('\n');
                }
                for (i, m) in members.iter().enumerate() {
                    if i > 0 || ctx != Ctx::SeqItem {
                        push_spaces(out, indent);
                    }
                    write_key(out, &m.key);
                    out.push(':');
                    match &m.value.kind {
                        JsonKind::Object(c) if !c.is_empty() => {
                            self.node(out, &m.value, indent + 2, Ctx::MapValue)
                        }
                        JsonKind::Array(c) if !c.is_empty() => {
                            // Block sequences under a key are written at the key's indentation.
                            self.node(out, &m.value, indent, Ctx::MapValue)
                        }
                        _ => {
                            out.push(' ');
                            self.node(out, &m.value, indent + 2, Ctx::MapValue);
                            out.push('\n');
                        }
                    }
                }
            }
            JsonKind::Array(items) if !items.is_empty() => {
                if ctx == Ctx::MapValue {
                    out.push('\n');
                }
                for (i, item) in items.iter().enumerate() {
                    if i > 0 || ctx != Ctx::SeqItem {
                        push_spaces(out, indent);
                    }
                    out.push_str("- ");
                    match &item.kind {
                        JsonKind::Object(c) if !c.is_empty() => {
                            self.node(out, item, indent + 2, Ctx::SeqItem)
                        }
                        JsonKind::Array(c) if !c.is_empty() => {
                            self.node(out, item, indent + 2, Ctx::SeqItem)
                        }
                        _ => {
                            self.node(out, item, indent + 2, Ctx::SeqItem);
                            out.push('\n');
                        }
                    }
                }
            }
            JsonKind::Object(_) => out.push_str("{}"),
            JsonKind::Array(_) => out.push_str("[]"),
            _ => self.scalar(out, v, indent),
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;
    use crate::edit::{Action, Selection};
    use crate::filter::{Filter, PartitionSet};
    use crate::import::{ImportOptions, import_bytes_unvalidated};

    /// REST payloads of every kind and shape the streamed path must write exactly as the
    /// general one: numbers near 2^63, duplicate keys and partitions, nulls, missing offsets,
    /// odd whitespace, a BOM, extra fields, entries that are not objects, empty listings.
    const INPUTS: &[&str] = &[
        r#"{"offsets":[{"partition":{"cluster":"east","partition":0,"topic":"a"},"offset":{"offset":9223372036854775806}},{"partition":{"cluster":"east","partition":1,"topic":"a"},"offset":{"offset":9223372036854775807}},{"partition":{"cluster":"east","partition":2,"topic":"a"},"offset":{"offset":1}},{"partition":{"cluster":"east","partition":3,"topic":"a"},"offset":{"offset":0}}]}"#,
        "{\"offsets\":[{\"partition\":{\"cluster\":\"east\",\"partition\":0,\"topic\":\"a\"},\"offset\":{\"offset\":10}},{\"partition\":{\"cluster\":\"east\",\"partition\":0,\"topic\":\"a\"},\"offset\":{\"offset\":11}},{\"partition\":{\"topic\":\"a\",\"partition\":0,\"cluster\":\"east\"},\"offset\":null},{\"partition\":{\"cluster\":\"east\",\"partition\":1,\"topic\":\"a\"}}]}\n",
        "\u{feff}{\n  \"offsets\" : [ {\n    \"partition\" : {\n      \"cluster\" : \"east\",\n      \"partition\" : 0,\n      \"topic\" : \"é\\u0001\\\"x\"\n    },\n    \"offset\" : {\n      \"offset\" : 41,\n      \"offset\" : 42,\n      \"extra\" : 1.5e3\n    }\n  }, {\n    \"partition\" : { },\n    \"offset\" : null\n  } ],\n  \"z\" : [ 1, { } ]\n}\n",
        " \t\r\n{ \"offsets\" :\r\n[ { \"offset\" : { \"offset\" : 7 } , \"partition\" : { \"partition\" : -0 , \"topic\" : \"t\" , \"cluster\" : \"c\" , \"partition\" : 1 } , \"offset\" : { \"offset\" : 8 } } , 17 , null , [ ] , { } ] } \n\n",
        r#"{"offsets":[{"partition":{"kafka_topic":"t","kafka_partition":"3"},"offset":{"kafka_offset":"12"}},{"partition":{"kafka_topic":"t","kafka_partition":4},"offset":{"kafka_offset":9007199254740993}},{"partition":{"kafka_topic":"t","kafka_partition":4},"offset":null}]}"#,
        r#"{"offsets":[{"partition":{"file":"/a"},"offset":{"position":5}},{"partition":{"file":"/b"},"offset":{"position":5,"line":2}},{"partition":{"file":"/c"},"offset":{"position":1.0}},{"partition":{"file":"/a"},"offset":"x"}]}"#,
        r#"{"offsets":[{"partition":{"group":"g","topic":"t","partition":0},"offset":{"offset":3}},{"partition":{"group":"g","topic":"t","partition":99999999999999999999},"offset":{"offset":-1}}]}"#,
        r#"{"offsets":[]}"#,
        r#"{"offsets":[{"partition":{"cluster":"east","partition":0,"topic":"bad topic!"},"offset":{"offset":5}}],"offsets":[{"partition":{"cluster":"west","partition":0,"topic":"t"},"offset":{"offset":5,"offset":6}}]}"#,
        // ConfigMaps: YAML with a `|-` block and comments, JSON (`-o json`), a `kind: List`.
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: my-mm2-offsets # listed\n  namespace: kafka\n  labels:\n    strimzi.io/cluster: my-mm2\ndata:\n  other.txt: \"yes\"\n  east--west.MirrorSourceConnector.json: |-\n    {\n      \"offsets\" : [ {\n        \"partition\" : {\n          \"cluster\" : \"east\",\n          \"partition\" : 0,\n          \"topic\" : \"orders\"\n        },\n        \"offset\" : {\n          \"offset\" : 9223372036854775807\n        }\n      }, {\n        \"partition\" : {\n          \"cluster\" : \"east\",\n          \"partition\" : 1,\n          \"topic\" : \"orders\"\n        },\n        \"offset\" : null\n      }, {\n        \"partition\" : {\n          \"cluster\" : \"east\",\n          \"partition\" : 0,\n          \"topic\" : \"orders\"\n        },\n        \"offset\" : {\n          \"offset\" : 3\n        }\n      } ]\n    }\n",
        "{\n  \"apiVersion\": \"v1\",\n  \"kind\": \"ConfigMap\",\n  \"metadata\": {\"name\": \"c\", \"namespace\": \"k\"},\n  \"data\": {\n    \"offsets.json\": \"{\\\"offsets\\\":[{\\\"partition\\\":{\\\"kafka_topic\\\":\\\"t\\u00e9\\\",\\\"kafka_partition\\\":0},\\\"offset\\\":{\\\"kafka_offset\\\":5}},{\\\"partition\\\":{\\\"kafka_topic\\\":\\\"t\\\",\\\"kafka_partition\\\":1},\\\"offset\\\":null}]}\"\n  }\n}\n",
        "apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Secret\n  metadata: {name: s}\n- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: l\n  data:\n    offsets.json: '{\"offsets\":[{\"partition\":{\"kafka_topic\":\"t\",\"kafka_partition\":0},\"offset\":{\"kafka_offset\":1}},{\"partition\":{\"kafka_topic\":\"t\",\"kafka_partition\":2},\"offset\":{\"kafka_offset\":7}}]}'\n",
    ];

    fn action_lists() -> Vec<Vec<Action>> {
        let all = || Selection::All;
        let filter = |f: &str| Selection::Filter(Filter::parse(f).unwrap());
        vec![
            vec![],
            vec![Action::ShiftOffsets {
                selection: all(),
                delta: -1,
            }],
            vec![Action::ShiftOffsets {
                selection: all(),
                delta: 1,
            }],
            vec![Action::SetOffsets {
                selection: all(),
                offset: i64::MAX,
            }],
            vec![Action::NullOffsets { selection: all() }],
            vec![Action::RemoveEntries { selection: all() }],
            vec![Action::ResumeAt {
                selection: filter("partition:0"),
                record: 0,
            }],
            vec![
                Action::SetOffset { row: 1, offset: 0 },
                Action::SetNull { row: 0 },
                Action::RemoveEntries {
                    selection: Selection::Rows(vec![2]),
                },
            ],
            vec![
                Action::ShiftOffsets {
                    selection: all(),
                    delta: -1,
                },
                Action::Undo,
                Action::SetEach {
                    changes: vec![(0, Some(5)), (1, None), (3, Some(9_007_199_254_740_993))],
                },
            ],
            vec![Action::AddEntries {
                cluster: None,
                topic: "added".into(),
                partitions: PartitionSet::parse("0-2").unwrap(),
                offset: Some(3),
            }],
            vec![Action::SetEntry {
                row: 0,
                value: json::parse(
                    r#"{"partition":{"cluster":"east","partition":7,"topic":"a"},"offset":{"offset":1}}"#,
                )
                .unwrap(),
            }],
        ]
    }

    #[test]
    fn rewrite_session_matches_the_built_listing() {
        let mut streamed = 0;
        for input in INPUTS {
            let listing = import_bytes_unvalidated(input.as_bytes(), &ImportOptions::default())
                .unwrap_or_else(|d| panic!("{input}: {d:?}"));
            for actions in action_lists() {
                let mut session = Session::new(listing.clone());
                for a in actions.clone() {
                    let _ = session.apply(a);
                }
                let edited = session.working_listing();
                let general = (
                    rewrite_document(input, &edited).unwrap(),
                    validate(&edited, None),
                );
                match rewrite_session(input, &session) {
                    Some(fast) => {
                        streamed += 1;
                        assert_eq!(fast.0, general.0, "{input} {actions:?}");
                        assert_eq!(fast.1, general.1, "{input} {actions:?}");
                    }
                    // Only a replaced partition may take the general path.
                    None => assert!(
                        actions.iter().any(|a| matches!(a, Action::SetEntry { .. })),
                        "{input} {actions:?}"
                    ),
                }
            }
        }
        assert!(streamed >= INPUTS.len() * 10, "{streamed}");
    }

    #[test]
    fn rewrite_session_leaves_csv_to_rewrite_document() {
        let text = "group,topic,partition,offset\ng,t,0,5\n";
        let listing = import_bytes_unvalidated(text.as_bytes(), &ImportOptions::default()).unwrap();
        assert_eq!(listing.form, InputForm::Csv);
        assert!(rewrite_session(text, &Session::new(listing)).is_none());
    }
}
