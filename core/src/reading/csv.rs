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
//!   (docs/rules.md, MS14), so the imported offset is the CSV offset minus 1, and a CSV offset of
//!   0 (nothing consumed yet) becomes `null`, which replays the partition from the beginning.

use crate::diag::{Diagnostic, Position};
use crate::model::names;
use crate::model::{ConnectorKind, Entry, InputForm, Listing, Origin};

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
pub(crate) struct Columns {
    pub(crate) group: Option<usize>,
    pub(crate) topic: usize,
    pub(crate) partition: usize,
    pub(crate) offset: usize,
    pub(crate) count: usize,
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
        // The field in column `col` is not `what`: located at that field.
        let not_a = |col: usize, what: &str| {
            Diagnostic::error(
                "CSV",
                field_pos(line_no, line, col),
                format!("'{}' is not {what}", get(col)),
            )
        };
        let partition = match get(cols.partition).parse::<i64>() {
            Ok(p) if (0..=names::MAX_PARTITION).contains(&p) => p,
            _ => {
                errors.push(not_a(
                    cols.partition,
                    "a partition number; it must be a whole number between 0 and 2147483647.",
                ));
                continue;
            }
        };
        let offset = match get(cols.offset).parse::<i64>() {
            Ok(o) if o >= 0 => o,
            _ => {
                errors.push(not_a(
                    cols.offset,
                    "a consumer-group offset; it must be a whole number ≥ 0.",
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
/// [`import_csv`] reads, for the CSV rewrite in `writing/export/`. `None` when no row has 3 or 4 fields or a header.
pub(crate) fn layout(text: &str) -> Option<(Option<u32>, Columns)> {
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
