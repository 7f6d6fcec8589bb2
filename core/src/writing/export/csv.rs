//! The CSV `kafka-consumer-groups.sh --reset-offsets --from-file` reads.

use super::{Export, Gate, gate, k};
use crate::diag::{Diagnostic, Severity};
use crate::edit::OffsetValue;
use crate::json::JsonValue;
use crate::model::{ConnectorKind, Entry, Listing};
use std::fmt::Write as _;

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

/// The fields of `entry` a consumer-group CSV row (`topic,partition,offset`) cannot hold, as
/// `partition.KEY` / `offset.KEY`. The cluster of a MirrorSourceConnector entry is not one of
/// them: a CSV seeds the offsets of one source cluster, named when it is imported.
pub(super) fn csv_extra_fields(kind: ConnectorKind, entry: &Entry) -> Vec<String> {
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
