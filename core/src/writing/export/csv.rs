//! The CSV `kafka-consumer-groups.sh --reset-offsets --from-file` reads.

use super::{Export, Gate, gate, k};
use crate::diag::{Diagnostic, Severity};
use crate::editing::edit::OffsetValue;
use crate::json::RawKind;
use crate::model::{ConnectorKind, Entry, Listing};
use std::fmt::Write as _;

/// `topic,partition,offset` lines without a header, as `kafka-consumer-groups.sh
/// --reset-offsets --from-file` reads them. The offset column is a CONSUMER position (the next
/// record to read), as [`csv_positions`] says in words:
/// * sink connectors: `kafka_offset` as is (it already is the next record);
/// * MirrorSourceConnector: stored offset + 1 (MirrorMaker stores the last mirrored record).
///
/// A null offset cannot be expressed (the tool has no "delete", and writing 0 would read as
/// "reset to 0", a different thing): the row is left out, and one warning note lists every row
/// left out. Other connector kinds have no consumer-group meaning and are refused.
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
    let mut nulls: Vec<String> = Vec::new();
    for (i, e) in listing.entries.iter().enumerate() {
        let n = i + 1;
        let facts = crate::model::EntryFacts::of(kind, e, false);
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
        let value = crate::editing::diff::offset_value(kind, e);
        let offset = match (kind, value) {
            (ConnectorKind::Sink, OffsetValue::Value(v)) => v,
            (_, OffsetValue::Null) => {
                nulls.push(format!("{topic}:{partition}"));
                continue;
            }
            (ConnectorKind::Sink, _) => {
                errors.push(k(
                    "CSV",
                    Severity::Error,
                    format!("Entry #{n} has no readable offset."),
                ));
                continue;
            }
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
    if let Some(note) = left_out_note(kind, &listing.reset, &nulls) {
        diags.push(k("CSV", Severity::Warning, note));
    }
    Ok(Export {
        text: out,
        diagnostics: diags,
    })
}

/// At most this many left-out rows are named in the note (the count covers all of them).
const NAMED: usize = 20;

/// The note listing the rows a CSV leaves out because their offset is null: one warning for
/// all of them, so 5,000 nulled rows are one line on stderr, not 5,000.
fn left_out_note(
    kind: ConnectorKind,
    reset: &crate::model::ResetFact,
    nulls: &[String],
) -> Option<String> {
    let (first, rest) = nulls.split_at_checked(NAMED).unwrap_or((nulls, &[]));
    if first.is_empty() {
        return None;
    }
    let mut names = first.join(", ");
    if !rest.is_empty() {
        names.push_str(&format!(
            " and {} more",
            crate::diag::group_digits(rest.len() as u128)
        ));
    }
    // What a null does: a replay only under auto.offset.reset earliest (issue 31, item 6).
    let meaning = match (kind, reset.policy) {
        (ConnectorKind::MirrorSource, crate::model::ResetPolicy::Earliest) => {
            "replicate again from auto.offset.reset".to_owned()
        }
        (_, crate::model::ResetPolicy::Earliest) => "restart from auto.offset.reset".to_owned(),
        _ => reset.null_short(kind),
    };
    let one = nulls.len() == 1;
    Some(format!(
        "{} left out: {names}. {} null ({meaning}), and a CSV cannot hold a null: 0 would mean \"reset to 0\". Use the ConfigMap YAML or the PATCH JSON to alter {}.",
        if one {
            "1 row is".to_string()
        } else {
            format!(
                "{} rows are",
                crate::diag::group_digits(nulls.len() as u128)
            )
        },
        if one {
            "Its offset is"
        } else {
            "Their offsets are"
        },
        if one { "it" } else { "them" },
    ))
}

/// What the numbers of a CSV export of a `kind` listing are, in one sentence, for the page and
/// the CLI's help: consumer positions (the next record to read), and how they were converted
/// from the stored offsets. `None` for kinds the CSV refuses.
pub fn csv_positions(kind: ConnectorKind) -> Option<&'static str> {
    match kind {
        ConnectorKind::MirrorSource => Some(
            "Consumer positions (the next record to read) of the source partitions: each is MirrorMaker 2's stored offset + 1 (it stores the last mirrored record). A MirrorSourceConnector keeps its offsets in Kafka Connect, not in a consumer group, so kafka-consumer-groups.sh --reset-offsets cannot apply this file to it: alter the connector's offsets with the ConfigMap or the PATCH body. Rows with a null offset are left out.",
        ),
        ConnectorKind::Sink => Some(
            "Consumer positions (the next record to read), as kafka-consumer-groups.sh --reset-offsets --from-file reads them: a sink connector stores its position (kafka_offset) already, so the values are written unchanged. Rows with a null offset are left out.",
        ),
        _ => None,
    }
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
        if let Some(map) = entry
            .raw()
            .get(side)
            .filter(|m| m.kind() == RawKind::Object)
        {
            extra.extend(
                map.members()
                    .filter(|m| !allowed.contains(&m.key))
                    .map(|m| format!("{side}.{}", m.key)),
            );
        }
    }
    extra
}
