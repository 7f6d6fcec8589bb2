//! Import of the CSV that `kafka-consumer-groups.sh --reset-offsets ... --export` writes:
//! `topic,partition,offset` or `group,topic,partition,offset`, one row per partition, an optional
//! header row, `#` comments and blank lines ignored.
//!
//! The CSV seeds either sink connector offsets or MirrorMaker 2 source offsets, and the two mean
//! different things:
//!
//! * a consumer-group offset is the NEXT record to read; a sink connector's `kafka_offset` means
//!   the same, so it is copied unchanged;
//! * a MirrorSourceConnector stores the LAST record it mirrored and resumes at `offset + 1`
//!   (domain.md section 5), so the imported offset is the CSV offset minus 1, and a CSV offset of
//!   0 (nothing consumed yet) becomes `null`, which replays the partition from the beginning.

use crate::diag::{Diagnostic, Position};
use crate::model::{ConnectorKind, Entry, InputForm, Listing, Origin};
use crate::names;

/// What a consumer-group CSV seeds.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum CsvTarget {
    /// Sink connector offsets (`kafka_topic`, `kafka_partition`, `kafka_offset`), copied as is.
    #[default]
    Sink,
    /// MirrorSourceConnector offsets for the given source cluster alias (offset - 1, see above).
    MirrorSource { cluster: String },
}

/// True when the first meaningful line looks like CSV rather than YAML or JSON.
pub fn looks_like_csv(text: &str) -> bool {
    let Some(line) = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
    else {
        return false;
    };
    line.contains(',') && !line.contains(':') && !line.starts_with(['{', '[', '-', '"', '\''])
}

/// Column layout of the CSV.
struct Columns {
    group: Option<usize>,
    topic: usize,
    partition: usize,
    offset: usize,
    count: usize,
}

fn field_pos(line_no: u32, line: &str, field: usize) -> Position {
    let mut col = 1u32;
    for (i, f) in line.split(',').enumerate() {
        if i == field {
            return Position::new(line_no, col);
        }
        col += f.chars().count() as u32 + 1;
    }
    Position::new(line_no, 1)
}

/// Parses the CSV into a sink or MirrorMaker 2 source listing.
pub fn import_csv(
    text: &str,
    target: &CsvTarget,
) -> Result<(Listing, Vec<Diagnostic>), Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let mut notes = Vec::new();
    let mut entries = Vec::new();
    let mut columns: Option<Columns> = None;
    let mut groups: Vec<String> = Vec::new();
    if let CsvTarget::MirrorSource { cluster } = target
        && let Err(reason) = names::check_alias(cluster)
    {
        return Err(vec![Diagnostic::error(
            "OPTION",
            Position::new(1, 1),
            reason,
        )]);
    }
    for (idx, raw_line) in text.lines().enumerate() {
        let line_no = idx as u32 + 1;
        let line = raw_line.strip_suffix('\r').unwrap_or(raw_line);
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split(',').map(str::trim).collect();
        let cols = match &columns {
            Some(c) => c,
            None => {
                let lower: Vec<String> = fields.iter().map(|f| f.to_ascii_lowercase()).collect();
                let find = |n: &str| lower.iter().position(|f| f == n);
                let layout = if let (Some(topic), Some(partition)) =
                    (find("topic"), find("partition"))
                {
                    // A header row names the columns.
                    let offset = find("offset").or_else(|| find("current-offset"));
                    let Some(offset) = offset else {
                        errors.push(Diagnostic::error(
                            "CSV",
                            Position::new(line_no, 1),
                            "The CSV header has no 'offset' column; expected topic,partition,offset.",
                        ));
                        break;
                    };
                    columns = Some(Columns {
                        group: find("group"),
                        topic,
                        partition,
                        offset,
                        count: fields.len(),
                    });
                    continue;
                } else {
                    match fields.len() {
                        3 => Columns {
                            group: None,
                            topic: 0,
                            partition: 1,
                            offset: 2,
                            count: 3,
                        },
                        4 => Columns {
                            group: Some(0),
                            topic: 1,
                            partition: 2,
                            offset: 3,
                            count: 4,
                        },
                        n => {
                            errors.push(Diagnostic::error(
                                "CSV",
                                Position::new(line_no, 1),
                                format!(
                                    "A consumer-group CSV row has 3 fields (topic,partition,offset) or 4 (group,topic,partition,offset); this row has {n}."
                                ),
                            ));
                            break;
                        }
                    }
                };
                columns = Some(layout);
                match &columns {
                    Some(c) => c,
                    None => break,
                }
            }
        };
        if fields.len() != cols.count {
            errors.push(Diagnostic::error(
                "CSV",
                Position::new(line_no, 1),
                format!(
                    "This row has {} fields; the rows before it have {}.",
                    fields.len(),
                    cols.count
                ),
            ));
            continue;
        }
        let get = |i: usize| fields.get(i).copied().unwrap_or("");
        if let Some(g) = cols.group {
            let g = get(g).to_string();
            if !groups.contains(&g) {
                groups.push(g);
            }
        }
        let topic = get(cols.topic);
        let partition = match get(cols.partition).parse::<i64>() {
            Ok(p) if (0..=names::MAX_PARTITION).contains(&p) => p,
            _ => {
                errors.push(Diagnostic::error(
                    "CSV",
                    field_pos(line_no, line, cols.partition),
                    format!(
                        "'{}' is not a partition number; it must be a whole number between 0 and 2147483647.",
                        get(cols.partition)
                    ),
                ));
                continue;
            }
        };
        let offset = match get(cols.offset).parse::<i64>() {
            Ok(o) if o >= 0 => o,
            _ => {
                errors.push(Diagnostic::error(
                    "CSV",
                    field_pos(line_no, line, cols.offset),
                    format!(
                        "'{}' is not a consumer-group offset; it must be a whole number ≥ 0.",
                        get(cols.offset)
                    ),
                ));
                continue;
            }
        };
        let mut entry = match target {
            CsvTarget::Sink => Entry::sink(topic, partition, Some(offset)),
            CsvTarget::MirrorSource { cluster } => Entry::mirror_source(
                cluster,
                topic,
                partition,
                offset.checked_sub(1).filter(|o| *o >= 0),
            ),
        };
        entry.origin = Origin {
            pos: Position::new(line_no, 1),
            data_key: None,
        };
        entries.push(entry);
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    if groups.len() > 1 {
        notes.push(Diagnostic::warning(
            "CSV",
            Position::new(1, 1),
            format!(
                "The CSV holds offsets of {} consumer groups ({}); a connector has one. Keep only one group's rows.",
                groups.len(),
                groups.join(", ")
            ),
        ));
    }
    let kind = match target {
        CsvTarget::Sink => {
            notes.push(Diagnostic::info(
                "CSV",
                Position::new(1, 1),
                "Consumer-group offsets were copied unchanged: for a sink connector, kafka_offset is also the NEXT record to consume.",
            ));
            ConnectorKind::Sink
        }
        CsvTarget::MirrorSource { .. } => {
            notes.push(Diagnostic::info(
                "CSV",
                Position::new(1, 1),
                "Consumer-group offsets are the NEXT record to read, MirrorMaker 2 stores the LAST mirrored record: each offset was lowered by 1, and 0 became null (replicate the partition from the beginning).",
            ));
            ConnectorKind::MirrorSource
        }
    };
    let mut listing = Listing::new(kind, InputForm::Csv);
    listing.entries = entries;
    listing.payload_pos = Position::new(1, 1);
    listing.offsets_pos = Position::new(1, 1);
    Ok((listing, notes))
}

/// The column layout of a CSV document and the line of its header row, if any: what
/// [`import_csv`] reads, for [`rewrite`]. `None` when no row has 3 or 4 fields or a header.
fn layout(text: &str) -> Option<(Option<u32>, Columns)> {
    for (idx, raw_line) in text.lines().enumerate() {
        let line = raw_line.strip_suffix('\r').unwrap_or(raw_line);
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let lower: Vec<String> = line
            .split(',')
            .map(|f| f.trim().to_ascii_lowercase())
            .collect();
        let find = |n: &str| lower.iter().position(|f| f == n);
        return match (find("topic"), find("partition")) {
            (Some(topic), Some(partition)) => Some((
                Some(idx as u32 + 1),
                Columns {
                    group: find("group"),
                    topic,
                    partition,
                    offset: find("offset").or_else(|| find("current-offset"))?,
                    count: lower.len(),
                },
            )),
            _ => match lower.len() {
                3 => Some((
                    None,
                    Columns {
                        group: None,
                        topic: 0,
                        partition: 1,
                        offset: 2,
                        count: 3,
                    },
                )),
                4 => Some((
                    None,
                    Columns {
                        group: Some(0),
                        topic: 1,
                        partition: 2,
                        offset: 3,
                        count: 4,
                    },
                )),
                _ => None,
            },
        };
    }
    None
}

/// The consumer-group offset a CSV row holds for `entry` (the next record to read): a sink's
/// offset as is; a MirrorSourceConnector's stored offset + 1, and 0 for null (replay).
fn csv_offset(kind: ConnectorKind, entry: &Entry) -> Result<i64, String> {
    match (kind, entry.offset(kind), entry.is_tombstone()) {
        (ConnectorKind::MirrorSource, _, true) => Ok(0),
        (ConnectorKind::MirrorSource, Some(v), _) => v
            .checked_add(1)
            .ok_or_else(|| format!("offset {v} + 1 does not fit a consumer offset")),
        (ConnectorKind::Sink, Some(v), _) => Ok(v),
        (ConnectorKind::Sink, _, true) => {
            Err("a consumer-group CSV cannot delete an offset (null)".to_string())
        }
        _ => Err("it has no offset a consumer-group CSV can express".to_string()),
    }
}

/// `original` (a CSV document [`import_csv`] read) with the entries of `edited` written back in
/// place: each imported row keeps its line, its group, its spacing and line ending, and gets
/// the entry's topic, partition and offset; a removed entry's row goes; an added entry becomes a
/// new row in the same columns (with the group of the first row). Comments, blank lines and
/// the header stay. `extra` names the fields of an entry a row cannot hold (see
/// `export::rewrite_document`).
pub fn rewrite(
    original: &str,
    edited: &Listing,
    extra: impl Fn(&Entry) -> Vec<String>,
) -> Result<String, String> {
    let Some((header, cols)) = layout(original) else {
        return Err("The original CSV has no row to take the columns from.".to_string());
    };
    let kind = edited.kind;
    let row = |n: usize, e: &Entry| -> Result<(String, i64, i64), String> {
        let facts = crate::filter::EntryFacts::of(kind, e, false);
        let (Some(topic), Some(partition)) = (facts.topic, facts.partition) else {
            return Err(format!("Entry #{n} has no topic and partition."));
        };
        let fields = extra(e);
        if !fields.is_empty() {
            return Err(format!(
                "Entry #{n} ({topic}:{partition}) has fields a CSV cannot hold ({}); write it as JSON instead.",
                fields.join(", ")
            ));
        }
        if topic.contains([',', '"', '\n', '\r']) {
            return Err(format!(
                "Entry #{n}: topic '{}' cannot be written to CSV (it contains ',', '\"' or a line break).",
                names::shown(topic)
            ));
        }
        let offset = csv_offset(kind, e)
            .map_err(|why| format!("Entry #{n} ({topic}:{partition}): {why}."))?;
        Ok((topic.to_string(), partition, offset))
    };
    // Imported entries by their line; entries built by code (added) go at the end.
    let mut by_line: std::collections::HashMap<u32, (usize, &Entry)> =
        std::collections::HashMap::new();
    let mut added = Vec::new();
    for (i, e) in edited.entries.iter().enumerate() {
        match e.origin.pos.line {
            0 => added.push((i, e)),
            line => {
                by_line.insert(line, (i, e));
            }
        }
    }
    let crlf = original.contains("\r\n");
    let newline = if crlf { "\r\n" } else { "\n" };
    let mut out = String::with_capacity(original.len());
    let mut first_group: Option<String> = None;
    for (idx, raw) in original.split_inclusive('\n').enumerate() {
        let line_no = idx as u32 + 1;
        let body = raw.trim_end_matches(['\n', '\r']);
        let ending = raw.get(body.len()..).unwrap_or("");
        let trimmed = body.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') || Some(line_no) == header {
            out.push_str(raw);
            continue;
        }
        let mut fields: Vec<String> = body.split(',').map(str::to_string).collect();
        if first_group.is_none()
            && let Some(g) = cols.group.and_then(|g| fields.get(g))
        {
            first_group = Some(g.trim().to_string());
        }
        let Some(&(i, e)) = by_line.get(&line_no) else {
            // The entry was removed from the alter set.
            continue;
        };
        let (topic, partition, offset) = row(i + 1, e)?;
        for (col, value) in [
            (cols.topic, topic),
            (cols.partition, partition.to_string()),
            (cols.offset, offset.to_string()),
        ] {
            if let Some(f) = fields.get_mut(col) {
                // Keep the spaces around the value.
                let lead = f.len() - f.trim_start().len();
                let trail = f.len() - f.trim_end().len();
                let before = f.get(..lead).unwrap_or("");
                let after = f.get(f.len() - trail..).unwrap_or("");
                *f = format!("{before}{value}{after}");
            }
        }
        out.push_str(&fields.join(","));
        out.push_str(ending);
    }
    for (i, e) in added {
        let (topic, partition, offset) = row(i + 1, e)?;
        if !out.is_empty() && !out.ends_with('\n') {
            out.push_str(newline);
        }
        let mut fields = vec![String::new(); cols.count];
        if let (Some(g), Some(f)) = (
            first_group.as_ref(),
            cols.group.and_then(|c| fields.get_mut(c)),
        ) {
            f.clone_from(g);
        }
        for (col, value) in [
            (cols.topic, topic),
            (cols.partition, partition.to_string()),
            (cols.offset, offset.to_string()),
        ] {
            if let Some(f) = fields.get_mut(col) {
                *f = value;
            }
        }
        out.push_str(&fields.join(","));
        out.push_str(newline);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn sink_offsets_are_copied_and_mirror_offsets_lowered() {
        let csv = "group,topic,partition,offset\ng,orders,0,1000\ng,orders,1,0\n";
        let (l, _) = import_csv(csv, &CsvTarget::Sink).unwrap();
        assert_eq!(l.entries[0].offset(ConnectorKind::Sink), Some(1000));
        let (l, _) = import_csv(
            csv,
            &CsvTarget::MirrorSource {
                cluster: "east".into(),
            },
        )
        .unwrap();
        assert_eq!(l.entries[0].offset(ConnectorKind::MirrorSource), Some(999));
        assert!(l.entries[1].is_tombstone());
        assert_eq!(l.entries[1].origin.pos, Position::new(3, 1));
    }

    fn no_extra(_: &Entry) -> Vec<String> {
        Vec::new()
    }

    #[test]
    fn rewrite_keeps_the_document_and_changes_only_the_rows() {
        let csv = "# exported\r\ngroup,topic,partition,offset\r\ng1, orders ,0, 1000\r\n\r\ng1,orders,1,5\r\ng1,gone,0,7\r\n";
        let (mut l, _) = import_csv(csv, &CsvTarget::Sink).unwrap();
        l.entries[0] = l.entries[0].with_offset(ConnectorKind::Sink, Some(999));
        l.entries.remove(2);
        l.entries.push(Entry::sink("added", 3, Some(42)));
        assert_eq!(
            rewrite(csv, &l, no_extra).unwrap(),
            "# exported\r\ngroup,topic,partition,offset\r\ng1, orders ,0, 999\r\n\r\ng1,orders,1,5\r\ng1,added,3,42\r\n"
        );
        // Unchanged, the document comes back byte for byte.
        let (l, _) = import_csv(csv, &CsvTarget::Sink).unwrap();
        assert_eq!(rewrite(csv, &l, no_extra).unwrap(), csv);
    }

    #[test]
    fn rewrite_of_mirror_offsets_writes_the_next_record_and_refuses_what_a_row_cannot_hold() {
        let csv = "orders,0,1000\norders,1,0\n";
        let target = CsvTarget::MirrorSource {
            cluster: "east".into(),
        };
        let (mut l, _) = import_csv(csv, &target).unwrap();
        assert_eq!(rewrite(csv, &l, no_extra).unwrap(), csv);
        l.entries[0] = l.entries[0].with_offset(ConnectorKind::MirrorSource, None);
        l.entries[1] = l.entries[1].with_offset(ConnectorKind::MirrorSource, Some(9));
        assert_eq!(
            rewrite(csv, &l, no_extra).unwrap(),
            "orders,0,0\norders,1,10\n"
        );
        // A sink cannot store null in a CSV, and an entry with extra fields is refused.
        let (mut sink, _) = import_csv(csv, &CsvTarget::Sink).unwrap();
        sink.entries[1] = sink.entries[1].with_offset(ConnectorKind::Sink, None);
        assert_eq!(
            rewrite(csv, &sink, no_extra).unwrap_err(),
            "Entry #2 (orders:1): a consumer-group CSV cannot delete an offset (null)."
        );
        let (sink, _) = import_csv(csv, &CsvTarget::Sink).unwrap();
        assert_eq!(
            rewrite(csv, &sink, |_| vec!["partition.x".to_string()]).unwrap_err(),
            "Entry #1 (orders:0) has fields a CSV cannot hold (partition.x); write it as JSON instead."
        );
    }

    #[test]
    fn bad_rows_are_located() {
        let e = import_csv("orders,0,1\norders,x,2\norders,1\n", &CsvTarget::Sink).unwrap_err();
        let got: Vec<String> = e.iter().map(ToString::to_string).collect();
        assert_eq!(
            got,
            [
                "2:8: CSV: 'x' is not a partition number; it must be a whole number between 0 and 2147483647.",
                "3:1: CSV: This row has 2 fields; the rows before it have 3."
            ]
        );
    }
}
