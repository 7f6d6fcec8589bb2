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
use std::ops::ControlFlow;

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
    if let CsvTarget::MirrorSource { cluster } = target
        && let Err(reason) = names::check_alias(cluster)
    {
        return Err(vec![Diagnostic::error(
            "OPTION",
            Position::new(1, 1),
            reason,
        )]);
    }
    let mut rows = Rows::default();
    for (idx, raw_line) in text.lines().enumerate() {
        let line_no = idx as u32 + 1;
        let line = raw_line.strip_suffix('\r').unwrap_or(raw_line);
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if rows.line(line_no, line, target).is_break() {
            break;
        }
    }
    if !rows.errors.is_empty() {
        return Err(rows.errors);
    }
    let (kind, notes) = notes(target, &rows.groups);
    let mut listing = Listing::new(kind, InputForm::Csv);
    listing.entries = rows.entries;
    listing.payload_pos = Position::new(1, 1);
    listing.offsets_pos = Position::new(1, 1);
    Ok((listing, notes))
}

/// What the rows of a consumer-group CSV gave so far.
#[derive(Default)]
struct Rows {
    errors: Vec<Diagnostic>,
    entries: Vec<Entry>,
    /// Decided by the first row: its header, or its number of fields.
    columns: Option<Columns>,
    groups: Vec<String>,
}

impl Rows {
    /// Reads one row; `Break` when the rest cannot be read (the first row gives no layout).
    fn line(&mut self, line_no: u32, line: &str, target: &CsvTarget) -> ControlFlow<()> {
        let fields: Vec<&str> = line.split(',').map(str::trim).collect();
        let cols = match self.columns.take() {
            Some(c) => c,
            None => match first_row(&fields, line_no) {
                Ok((columns, header)) => {
                    if header {
                        self.columns = Some(columns);
                        return ControlFlow::Continue(());
                    }
                    columns
                }
                Err(e) => {
                    self.errors.push(e);
                    return ControlFlow::Break(());
                }
            },
        };
        let row = self.row(line_no, line, &fields, &cols, target);
        self.columns = Some(cols);
        match row {
            Ok(entry) => self.entries.push(entry),
            Err(e) => self.errors.push(e),
        }
        ControlFlow::Continue(())
    }

    /// A data row as an entry of the target's kind.
    fn row(
        &mut self,
        line_no: u32,
        line: &str,
        fields: &[&str],
        cols: &Columns,
        target: &CsvTarget,
    ) -> Result<Entry, Diagnostic> {
        if fields.len() != cols.count {
            return Err(Diagnostic::error(
                "CSV",
                Position::new(line_no, 1),
                format!(
                    "This row has {} fields; the rows before it have {}.",
                    fields.len(),
                    cols.count
                ),
            ));
        }
        let get = |i: usize| fields.get(i).copied().unwrap_or("");
        if let Some(g) = cols.group {
            let g = get(g).to_string();
            if !self.groups.contains(&g) {
                self.groups.push(g);
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
                return Err(not_a(
                    cols.partition,
                    "a partition number; it must be a whole number between 0 and 2147483647.",
                ));
            }
        };
        let offset = match get(cols.offset).parse::<i64>() {
            Ok(o) if o >= 0 => o,
            _ => {
                return Err(not_a(
                    cols.offset,
                    "a consumer-group offset; it must be a whole number ≥ 0.",
                ));
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
        entry.set_origin(Origin {
            pos: Position::new(line_no, 1),
        });
        Ok(entry)
    }
}

/// The columns the first row gives, and whether it is a header (it names them) rather than
/// data (3 or 4 fields: topic,partition,offset or group,topic,partition,offset).
fn first_row(fields: &[&str], line_no: u32) -> Result<(Columns, bool), Diagnostic> {
    let lower: Vec<String> = fields.iter().map(|f| f.to_ascii_lowercase()).collect();
    let find = |n: &str| lower.iter().position(|f| f == n);
    if let (Some(topic), Some(partition)) = (find("topic"), find("partition")) {
        let Some(offset) = find("offset").or_else(|| find("current-offset")) else {
            return Err(Diagnostic::error(
                "CSV",
                Position::new(line_no, 1),
                "The CSV header has no 'offset' column; expected topic,partition,offset.",
            ));
        };
        let columns = Columns {
            group: find("group"),
            topic,
            partition,
            offset,
            count: fields.len(),
        };
        return Ok((columns, true));
    }
    match fields.len() {
        3 => Ok((
            Columns {
                group: None,
                topic: 0,
                partition: 1,
                offset: 2,
                count: 3,
            },
            false,
        )),
        4 => Ok((
            Columns {
                group: Some(0),
                topic: 1,
                partition: 2,
                offset: 3,
                count: 4,
            },
            false,
        )),
        n => Err(Diagnostic::error(
            "CSV",
            Position::new(line_no, 1),
            format!(
                "A consumer-group CSV row has 3 fields (topic,partition,offset) or 4 (group,topic,partition,offset); this row has {n}."
            ),
        )),
    }
}

/// The kind the target makes and the notes that say what the offsets became (and a warning
/// when the rows are of several groups).
fn notes(target: &CsvTarget, groups: &[String]) -> (ConnectorKind, Vec<Diagnostic>) {
    let mut notes = Vec::new();
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
    (kind, notes)
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
        let fields: Vec<&str> = line.split(',').map(str::trim).collect();
        let line_no = idx as u32 + 1;
        let (columns, header) = first_row(&fields, line_no).ok()?;
        return Some((header.then_some(line_no), columns));
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
        assert_eq!(l.entries[1].pos(), Position::new(3, 1));
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
