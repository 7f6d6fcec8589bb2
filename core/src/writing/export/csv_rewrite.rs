//! The CSV rewrite: a consumer-group CSV document written back in its own form with the edited
//! entries, each imported row in place (the reader's column layout from `reading/csv.rs`).

use crate::model::names;
use crate::model::{ConnectorKind, Entry, EntryFacts, Listing};
use crate::reading::csv::layout;

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

/// `original` (a CSV document [`import_csv`](crate::reading::csv::import_csv) read) with the entries of `edited` written back in
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
        let facts = EntryFacts::of(kind, e, false);
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
        match e.pos().line {
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
    use crate::reading::csv::{CsvTarget, import_csv};

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
}
