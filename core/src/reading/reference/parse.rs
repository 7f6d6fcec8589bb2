//! Line parsing: [`parse_reference`] reads every line of the detected format, and the
//! field checks (topic, partition, offset) and duplicate handling (REF6, REF7) it shares.

use super::detect::{detect, quoted, tokens};
use super::{Reference, ReferenceFormat, ReferenceValue, Role};
use crate::diag::{Diagnostic, Position};
use crate::model::names;

struct Parser {
    reference: Reference,
    /// Partitions printed without a value, for the REF8 summary.
    without_value: usize,
    first_without_value: Option<Position>,
    lines: Lines,
}

impl Parser {
    fn error(&mut self, rule: &'static str, pos: Position, message: String) {
        self.reference
            .diagnostics
            .push(Diagnostic::error(rule, pos, message));
    }

    fn topic(&mut self, line_no: u32, col: u32, topic: &str, line: &str) -> Option<String> {
        match names::check_topic(topic) {
            Ok(()) => Some(topic.to_string()),
            Err(reason) => {
                // Kafka's sentence quotes the whole name; a 50 MB line must not be copied into
                // the message.
                let reason = reason.to_string();
                let reason = if topic.chars().count() > 80 {
                    reason.replace(topic, &names::shown(topic))
                } else {
                    reason
                };
                self.error(
                    "REF3",
                    Position::new(line_no, col),
                    format!(
                        "{reason}. In line {}; fix or remove the line.",
                        quoted(line)
                    ),
                );
                None
            }
        }
    }

    fn partition(&mut self, line_no: u32, col: u32, text: &str, line: &str) -> Option<i64> {
        match text.parse::<i64>() {
            Ok(p) if (0..=names::MAX_PARTITION).contains(&p) && !text.starts_with('+') => Some(p),
            _ => {
                self.error(
                    "REF4",
                    Position::new(line_no, col),
                    format!(
                        "'{}' is not a partition number: partitions are whole numbers between 0 and {} (line {}); fix or remove the line.",
                        names::shown(text),
                        names::MAX_PARTITION,
                        quoted(line)
                    ),
                );
                None
            }
        }
    }

    /// An offset: a whole number from 0 to 2^63-1; `-` (and, when `minus_one_is_none`, `-1` and
    /// the empty text) means "no value".
    fn offset(
        &mut self,
        line_no: u32,
        col: u32,
        text: &str,
        line: &str,
        minus_one_is_none: bool,
    ) -> Result<Option<i64>, ()> {
        if text == "-" || (minus_one_is_none && (text.is_empty() || text == "-1")) {
            self.without_value += 1;
            self.first_without_value
                .get_or_insert(Position::new(line_no, col));
            return Ok(None);
        }
        match text.parse::<i64>() {
            Ok(o) if o >= 0 && !text.starts_with('+') => Ok(Some(o)),
            _ => {
                self.error(
                    "REF5",
                    Position::new(line_no, col),
                    format!(
                        "'{}' is not an offset: offsets are whole numbers between 0 and 9223372036854775807 (line {}); fix or remove the line.",
                        names::shown(text),
                        quoted(line)
                    ),
                );
                Err(())
            }
        }
    }

    /// A line's topic, partition and offset, each `(column, text)`: read (every bad field is
    /// reported by its reader) and, when all three read, added at column `at`.
    #[allow(clippy::too_many_arguments)]
    fn line_value(
        &mut self,
        line_no: u32,
        line: &str,
        (tc, ts): (u32, &str),
        (pc, ps): (u32, &str),
        (oc, os): (u32, &str),
        minus_one_is_none: bool,
        at: u32,
    ) {
        let topic = self.topic(line_no, tc, ts, line);
        let partition = self.partition(line_no, pc, ps, line);
        let offset = self.offset(line_no, oc, os, line, minus_one_is_none);
        if let (Some(topic), Some(partition), Ok(offset)) = (topic, partition, offset) {
            self.add(
                ReferenceValue {
                    topic,
                    partition,
                    offset,
                    log_end: None,
                    line: line_no,
                },
                Position::new(line_no, at),
            );
        }
    }

    fn add(&mut self, v: ReferenceValue, pos: Position) {
        let (topic, partition, offset, log_end) =
            (v.topic.clone(), v.partition, v.offset, v.log_end);
        let Some(first) = self.reference.insert(v) else {
            return;
        };
        let Some(earlier) = self.reference.values.get(first) else {
            return;
        };
        let earlier_line = earlier.line;
        let show = |o: Option<i64>| o.map_or("no value".to_string(), |o| o.to_string());
        if earlier.offset == offset && earlier.log_end == log_end {
            self.reference.diagnostics.push(Diagnostic::warning(
                "REF7",
                pos,
                format!(
                    "{}:{partition} appears again with the same offset {} (first on line {earlier_line}); the repeat is ignored. Two pasted outputs probably overlap.",
                    names::shown(&topic),
                    show(offset)
                ),
            ));
        } else {
            let earlier_offset = earlier.offset;
            self.error(
                "REF6",
                pos,
                format!(
                    "{}:{partition} appears again with offset {} but line {earlier_line} says {}: the outputs were taken at different moments or from different clusters, and nothing says which is right. Keep one line for the partition (run the command again and paste one output).",
                    names::shown(&topic),
                    show(offset),
                    show(earlier_offset)
                ),
            );
        }
    }
}

/// Reads a reference of `role` from `text`. Never fails: what is wrong is in
/// [`Reference::diagnostics`].
pub fn parse_reference(text: &str, role: Role) -> Reference {
    let mut p = Parser {
        reference: Reference::empty(role),
        without_value: 0,
        first_without_value: None,
        lines: Lines::default(),
    };
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if super::checkpoints::is_checkpoints(text) {
        return super::checkpoints::reference(text, p.reference.role);
    }
    let lines: Vec<&str> = text
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect();
    let Some(format) = lines
        .iter()
        .find(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .and_then(|l| detect(l))
    else {
        p.not_a_reference(&lines);
        return p.reference;
    };
    p.reference.format = Some(format);
    for (idx, &line) in lines.iter().enumerate() {
        let line_no = idx as u32 + 1;
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let row = Row {
            line_no,
            line,
            format,
        };
        match format {
            ReferenceFormat::GetOffsets => p.get_offsets_line(&row),
            ReferenceFormat::Rpk => p.rpk_line(&row),
            ReferenceFormat::Csv => p.csv_line(&row),
            // Read whole by `checkpoints::reference` before any line is.
            ReferenceFormat::Checkpoints => {}
            ReferenceFormat::Describe => p.describe_line(&row),
        }
    }
    p.groups_found();
    p.values_missing(format);
    crate::diag::sort_diagnostics(&mut p.reference.diagnostics, crate::diag::by_position);
    p.reference
}

/// What the line readers remember from one line to the next.
#[derive(Default)]
struct Lines {
    /// Describe: the header's column names, looked up from the end (a repeated name means its
    /// last column, as a map built from the header would): a vector, no hash table code in the
    /// wasm.
    header: Option<Vec<String>>,
    /// CSV: the number of fields of the first row.
    csv_fields: Option<usize>,
    /// The consumer groups named (describe, and a CSV with a group column), with the line each
    /// is first seen on.
    groups: Vec<(String, u32)>,
}

/// One line of the reference, with the format detected from the first.
struct Row<'a> {
    line_no: u32,
    line: &'a str,
    format: ReferenceFormat,
}

impl Parser {
    /// REF1: nothing here reads as a reference.
    fn not_a_reference(&mut self, lines: &[&str]) {
        let (pos, what) = match lines.iter().position(|l| !l.trim().is_empty()) {
            Some(i) => (
                Position::new(i as u32 + 1, 1),
                format!(
                    "{} is not a reference this editor reads",
                    quoted(lines.get(i).copied().unwrap_or(""))
                ),
            ),
            None => (Position::new(1, 1), "The reference is empty".to_string()),
        };
        self.error(
            "REF1",
            pos,
            format!(
                "{what}. Paste the output of kafka-get-offsets.sh (topic:partition:offset lines), an rpk TOPIC PARTITION OFFSET file, a kafka-consumer-groups.sh --describe table or a consumer-groups CSV (topic,partition,offset)."
            ),
        );
    }

    /// REF2: the line is not one of the format's lines.
    fn bad_line(&mut self, row: &Row<'_>, expected: &str) {
        self.error(
            "REF2",
            Position::new(row.line_no, 1),
            format!(
                "{} is not a line of {}: expected {expected}. Fix or remove the line (the format was detected from the first line).",
                quoted(row.line),
                row.format.label()
            ),
        );
    }

    /// `topic:partition:offset`, read from the right: a topic name cannot contain ':'.
    fn get_offsets_line(&mut self, row: &Row<'_>) {
        let line = row.line;
        let Some((rest, offset)) = line.rsplit_once(':') else {
            return self.bad_line(row, "topic:partition:offset");
        };
        let Some((topic, partition)) = rest.rsplit_once(':') else {
            return self.bad_line(row, "topic:partition:offset");
        };
        let pcol = topic.chars().count() as u32 + 2;
        let ocol = rest.chars().count() as u32 + 2;
        self.line_value(
            row.line_no,
            line,
            (1, topic.trim()),
            (pcol, partition.trim()),
            (ocol, offset.trim()),
            true,
            1,
        );
    }

    /// `TOPIC PARTITION OFFSET`, separated by spaces (rpk); its header line is skipped.
    fn rpk_line(&mut self, row: &Row<'_>) {
        let t = tokens(row.line);
        if t.len() != 3 {
            return self.bad_line(row, "TOPIC PARTITION OFFSET, separated by spaces");
        }
        let upper: Vec<String> = t.iter().map(|(_, s)| s.to_ascii_uppercase()).collect();
        if upper == ["TOPIC", "PARTITION", "OFFSET"] {
            return;
        }
        let get = |i: usize| t.get(i).copied().unwrap_or((1, ""));
        let at = get(0).0;
        self.line_value(row.line_no, row.line, get(0), get(1), get(2), false, at);
    }

    /// `topic,partition,offset` or `group,topic,partition,offset`, as many fields as the first
    /// row; a header line is skipped.
    fn csv_line(&mut self, row: &Row<'_>) {
        let fields: Vec<&str> = row.line.split(',').collect();
        let lower: Vec<String> = fields
            .iter()
            .map(|f| f.trim().to_ascii_lowercase())
            .collect();
        if lower.iter().any(|f| f == "topic") && lower.iter().any(|f| f == "partition") {
            return;
        }
        let n = *self.lines.csv_fields.get_or_insert(fields.len());
        if !matches!(fields.len(), 3 | 4) || fields.len() != n {
            let expected = if n == 4 {
                "group,topic,partition,offset"
            } else {
                "topic,partition,offset"
            };
            return self.bad_line(row, expected);
        }
        let mut cols = Vec::with_capacity(fields.len());
        let mut col = 1u32;
        for f in &fields {
            let lead = (f.chars().count() - f.trim_start().chars().count()) as u32;
            cols.push((col + lead, f.trim()));
            col += f.chars().count() as u32 + 1;
        }
        let skip = usize::from(n == 4);
        if n == 4
            && let Some(&(_, g)) = cols.first()
        {
            self.group_seen(g, row.line_no);
        }
        let get = |i: usize| cols.get(i + skip).copied().unwrap_or((1, ""));
        self.line_value(row.line_no, row.line, get(0), get(1), get(2), false, 1);
    }

    fn group_seen(&mut self, group: &str, line_no: u32) {
        if !self.lines.groups.iter().any(|(name, _)| name == group) {
            self.lines.groups.push((group.to_string(), line_no));
        }
    }

    /// A line of `kafka-consumer-groups.sh --describe`: its header (which columns hold what), a
    /// note, or a row read by the header's columns.
    fn describe_line(&mut self, row: &Row<'_>) {
        let t = tokens(row.line);
        let upper: Vec<String> = t.iter().map(|(_, s)| s.to_ascii_uppercase()).collect();
        if upper.first().map(String::as_str) == Some("GROUP") {
            return self.describe_header(row, upper);
        }
        if row.line.trim().starts_with("Consumer group ") {
            // "Consumer group 'g' has no active members." and the like: a note, not a row.
            return;
        }
        let Some(columns) = &self.lines.header else {
            return self.bad_line(
                row,
                "the header line GROUP TOPIC PARTITION CURRENT-OFFSET LOG-END-OFFSET LAG ... before the rows",
            );
        };
        let col = |name: &str| {
            columns
                .iter()
                .rposition(|s| s == name)
                .unwrap_or(usize::MAX)
        };
        let (gi, ti, pi, ci, li) = (
            col("GROUP"),
            col("TOPIC"),
            col("PARTITION"),
            col("CURRENT-OFFSET"),
            col("LOG-END-OFFSET"),
        );
        let needed = ti.max(pi).max(ci).max(li) + 1;
        if t.len() < needed {
            return self.bad_line(row, "a row with a value (or '-') under every header column");
        }
        let get = |i: usize| t.get(i).copied().unwrap_or((1, ""));
        if let Some((_, g)) = t.get(gi) {
            self.group_seen(g, row.line_no);
        }
        self.describe_row(row, [get(ti), get(pi), get(ci), get(li)]);
    }

    /// The header names the columns the rows are read by; one without the offsets' columns is
    /// another table (REF2).
    fn describe_header(&mut self, row: &Row<'_>, columns: Vec<String>) {
        let has = |c: &str| columns.iter().any(|s| s == c);
        if !(has("TOPIC") && has("PARTITION") && has("CURRENT-OFFSET") && has("LOG-END-OFFSET")) {
            self.error(
                "REF2",
                Position::new(row.line_no, 1),
                format!(
                    "The header {} lacks TOPIC, PARTITION, CURRENT-OFFSET or LOG-END-OFFSET: this is not the offsets table (--members and --state print other tables). Run kafka-consumer-groups.sh --describe --group GROUP without --members or --state.",
                    quoted(row.line)
                ),
            );
            self.lines.header = None;
            return;
        }
        self.lines.header = Some(columns);
    }

    /// A describe row's topic, partition, current and log-end offsets (column, text each): the
    /// latest offsets read only LOG-END-OFFSET, a group's its CURRENT-OFFSET.
    fn describe_row(
        &mut self,
        row: &Row<'_>,
        [(tc, ts), (pc, ps), (cc, cs), (lc, ls)]: [(u32, &str); 4],
    ) {
        let (line_no, line) = (row.line_no, row.line);
        let topic = self.topic(line_no, tc, ts, line);
        let partition = self.partition(line_no, pc, ps, line);
        let latest = self.reference.role == Role::Latest;
        let (current, log_end) = if latest {
            // Only LOG-END-OFFSET counts: do not report a '-' under CURRENT-OFFSET.
            (Ok(None), self.offset(line_no, lc, ls, line, false))
        } else {
            let current = self.offset(line_no, cc, cs, line, false);
            let log_end = if ls == "-" {
                Ok(None)
            } else {
                self.offset(line_no, lc, ls, line, false)
            };
            (current, log_end)
        };
        if let (Some(topic), Some(partition), Ok(current), Ok(log_end)) =
            (topic, partition, current, log_end)
        {
            self.add(
                ReferenceValue {
                    topic,
                    partition,
                    offset: if latest { log_end } else { current },
                    log_end,
                    line: line_no,
                },
                Position::new(line_no, tc),
            );
        }
    }

    /// REF9 when the lines name several groups; a group reference without a name takes the
    /// one the lines name.
    fn groups_found(&mut self) {
        let groups = &self.lines.groups;
        if groups.len() > 1 {
            let (name, line) = groups.get(1).cloned().unwrap_or_default();
            let count = groups.len();
            self.error(
                "REF9",
                Position::new(line, 1),
                format!(
                    "The reference holds offsets of {count} consumer groups (the second, {}, starts here); a reference is one group's. Keep only one group's lines (or describe one group with --group).",
                    names::shown(&name)
                ),
            );
        }
        if let Role::Group { name: None } = self.reference.role
            && let Some((g, _)) = self.lines.groups.first()
        {
            self.reference.role = Role::Group {
                name: Some(g.clone()),
            };
        }
    }

    /// REF8: how many partitions were printed without a value, and what that means for them.
    fn values_missing(&mut self, format: ReferenceFormat) {
        if self.without_value == 0 {
            return;
        }
        let why = match (&self.reference.role, format) {
            (Role::Time { .. }, _) | (_, ReferenceFormat::GetOffsets) => {
                "no record at or after the time, or the lookup printed none"
            }
            _ => "the group has committed nothing there",
        };
        // A new connector made from the offsets at a time starts these at their log end when
        // the latest offsets are given too (`reference::fill`).
        let fill = match self.reference.role {
            Role::Time { .. } => " (give the latest offsets too, to start them at their log end)",
            _ => "",
        };
        let pos = self.first_without_value.unwrap_or(Position::new(1, 1));
        self.reference.diagnostics.push(Diagnostic::info(
            "REF8",
            pos,
            format!(
                "{} partition(s) have no value ({why}); a listed row of theirs is left as it is, a new connector's listing leaves them out{fill}, and their log range is unknown.",
                crate::diag::group_digits(self.without_value as u128)
            ),
        ));
    }
}
