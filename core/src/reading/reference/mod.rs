//! References: offsets the user fetched from the cluster, one value per (topic, partition), with
//! what they mean (domain.md section 10). Read from the output of `kafka-get-offsets.sh`
//! (`topic:partition:offset`, read from the right), an rpk `TOPIC PARTITION OFFSET` file, a
//! `kafka-consumer-groups.sh --describe` table (CURRENT-OFFSET and LOG-END-OFFSET) or the
//! consumer-groups CSV (`topic,partition,offset` / `group,topic,partition,offset`).
//!
//! The format is detected from the first meaningful line; CRLF line ends and blank lines are
//! accepted, and every line that does not fit is a located diagnostic (rule `REF*`) that quotes
//! the line and says how to fix it. A reference is built whatever is wrong, so the page can show
//! every problem at once; [`Reference::is_usable`] says whether it may be used.
//!
//! Every value is a **position**: the next record to read (the earliest offset, the log end, the
//! first offset at or after a time, a group's committed offset). What a connector kind stores
//! for a position is `set_from`'s business, what a stored offset resumes at is `log_range`'s.
//!
//! Duplicates: the same (topic, partition) twice with the same value is a warning (REF7; two
//! pasted outputs overlap, harmless, one is kept); with different values it is an error (REF6):
//! the outputs were taken at different moments or from different clusters, and nothing says
//! which one is right.

use crate::diag::{Diagnostic, Position};
use crate::names;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A multiply-rotate hasher (FxHash's step) for the reference's index: the log-range check
/// looks up every row twice. Measured 2026-12-01 (release, no LTO, 100k rows and two 100k-line
/// references): with SipHash and a map per topic, loading took 117 ms and classifying 78 ms
/// (a third of it in `Reference::get` and its string compares); with this hasher, 79 ms and
/// 27 ms. References are the user's own text, so hash flooding is not a concern here.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct FxHasher(u64);

impl FxHasher {
    fn add(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for FxHasher {
    fn finish(&self) -> u64 {
        // The multiply leaves the entropy in the high bits, and the table picks buckets with
        // the low ones: rotate (as rustc-hash 2 does), or names that differ only in their
        // eighth byte (`topic-42`, `topic-43`) all land in one bucket.
        self.0.rotate_left(26)
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut b = [0u8; 8];
            if let Some(dst) = b.get_mut(..chunk.len()) {
                dst.copy_from_slice(chunk);
            }
            self.add(u64::from_le_bytes(b));
        }
    }
    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }
    fn write_i64(&mut self, i: i64) {
        self.add(i as u64);
    }
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
}

/// A `HashMap` with [`FxHasher`].
pub(crate) type FxMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;

/// Every rule id a reference can report.
pub const RULE_IDS: &[&str] = &[
    "REF1", "REF2", "REF3", "REF4", "REF5", "REF6", "REF7", "REF8", "REF9",
];

/// What a reference's values are.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Role {
    /// The log start of each partition (`--time -2`).
    Earliest,
    /// The log end of each partition (`--time -1`; LOG-END-OFFSET of a describe table).
    Latest,
    /// The first offset whose record timestamp is at or after a time (`--time MS`); the time,
    /// in epoch milliseconds, when the user gave it.
    Time { at_ms: Option<i64> },
    /// A consumer group's committed offsets (CURRENT-OFFSET of a describe table, or the CSV).
    Group { name: Option<String> },
}

impl Role {
    /// `earliest`, `latest`, `time`, `group`: the names the CLI's `ROLE=REF` takes.
    pub fn id(&self) -> &'static str {
        match self {
            Role::Earliest => "earliest",
            Role::Latest => "latest",
            Role::Time { .. } => "time",
            Role::Group { .. } => "group",
        }
    }

    /// A role from its id (a time or a group name is added by the caller).
    pub fn from_id(id: &str) -> Option<Role> {
        match id {
            "earliest" => Some(Role::Earliest),
            "latest" => Some(Role::Latest),
            "time" => Some(Role::Time { at_ms: None }),
            "group" => Some(Role::Group { name: None }),
            _ => None,
        }
    }

    /// How messages name the reference: "the earliest offsets", "the offsets at
    /// 2026-11-30T12:00:00Z", "group connect-sink's committed offsets".
    pub fn phrase(&self) -> String {
        match self {
            Role::Earliest => "the earliest offsets".into(),
            Role::Latest => "the latest offsets".into(),
            Role::Time { at_ms: Some(ms) } => {
                format!("the offsets at {}", crate::datetime::format_utc(*ms))
            }
            Role::Time { at_ms: None } => "the offsets at the requested time".into(),
            Role::Group { name: Some(g) } => {
                format!("group {}'s committed offsets", names::shown(g))
            }
            Role::Group { name: None } => "the group's committed offsets".into(),
        }
    }
}

/// The text form a reference was read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReferenceFormat {
    /// `kafka-get-offsets.sh`: `topic:partition:offset`.
    GetOffsets,
    /// `rpk group seek --to-file`: `TOPIC PARTITION OFFSET`.
    Rpk,
    /// `kafka-consumer-groups.sh --describe`.
    Describe,
    /// `kafka-consumer-groups.sh --reset-offsets --export`.
    Csv,
}

impl ReferenceFormat {
    pub fn label(self) -> &'static str {
        match self {
            ReferenceFormat::GetOffsets => "kafka-get-offsets.sh output",
            ReferenceFormat::Rpk => "rpk TOPIC PARTITION OFFSET file",
            ReferenceFormat::Describe => "kafka-consumer-groups.sh --describe table",
            ReferenceFormat::Csv => "consumer-groups CSV",
        }
    }
}

/// One partition of a reference.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReferenceValue {
    pub topic: String,
    pub partition: i64,
    /// The position for the reference's role; `None` when the source printed none (`-` in a
    /// describe table, an empty or `-1` offset from `kafka-get-offsets.sh`: no record after
    /// the time).
    pub offset: Option<i64>,
    /// LOG-END-OFFSET of a describe table, whatever the role: an upper bound of the log.
    pub log_end: Option<i64>,
    /// 1-based line in the reference text.
    pub line: u32,
}

/// A parsed reference. See the module documentation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reference {
    pub role: Role,
    /// `None` when no line could be read.
    pub format: Option<ReferenceFormat>,
    /// In input order, each partition once (the first of equal duplicates).
    pub values: Vec<ReferenceValue>,
    /// Everything wrong or worth knowing, positioned in the reference text.
    pub diagnostics: Vec<Diagnostic>,
    /// Topic name -> topic id, and (topic id, partition) -> index in `values`.
    topics: FxMap<String, u32>,
    index: FxMap<(u32, i64), u32>,
}

impl Reference {
    /// An empty reference of a role (nothing known).
    pub fn empty(role: Role) -> Reference {
        Reference {
            role,
            format: None,
            values: Vec::new(),
            diagnostics: Vec::new(),
            topics: FxMap::default(),
            index: FxMap::default(),
        }
    }

    /// Builds a reference from values (tests, and callers that already hold the numbers);
    /// the first value given for a partition is kept.
    pub fn from_values(
        role: Role,
        values: impl IntoIterator<Item = (String, i64, Option<i64>)>,
    ) -> Reference {
        let mut r = Reference::empty(role);
        for (topic, partition, offset) in values {
            r.insert(ReferenceValue {
                topic,
                partition,
                offset,
                log_end: None,
                line: 0,
            });
        }
        r
    }

    fn insert(&mut self, v: ReferenceValue) -> Option<usize> {
        let next = self.topics.len() as u32;
        let topic = match self.topics.get(v.topic.as_str()) {
            Some(&id) => id,
            None => {
                self.topics.insert(v.topic.clone(), next);
                next
            }
        };
        if let Some(&i) = self.index.get(&(topic, v.partition)) {
            return Some(i as usize);
        }
        self.index
            .insert((topic, v.partition), self.values.len() as u32);
        self.values.push(v);
        None
    }

    /// The value of a partition, if the reference has it.
    pub fn get(&self, topic: &str, partition: i64) -> Option<&ReferenceValue> {
        let topic = *self.topics.get(topic)?;
        let i = *self.index.get(&(topic, partition))?;
        self.values.get(i as usize)
    }

    /// The position of a partition (`None` when absent or printed without a value).
    pub fn offset(&self, topic: &str, partition: i64) -> Option<i64> {
        self.get(topic, partition)?.offset
    }

    /// The log end of a partition: the value of a `latest` reference, else a describe table's
    /// LOG-END-OFFSET.
    pub fn log_end(&self, topic: &str, partition: i64) -> Option<i64> {
        let v = self.get(topic, partition)?;
        match self.role {
            Role::Latest => v.offset.or(v.log_end),
            _ => v.log_end,
        }
    }

    /// True when it has no error (warnings and infos allowed).
    pub fn is_usable(&self) -> bool {
        !crate::diag::has_errors(&self.diagnostics)
    }

    /// How many partitions it names.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
}

/// The text of a line as messages quote it (escaped, cut at 80 characters).
fn quoted(line: &str) -> String {
    format!("'{}'", names::shown(line))
}

/// Tokens split on whitespace, each with its 1-based character column.
fn tokens(line: &str) -> Vec<(u32, &str)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, u32)> = None;
    let mut col = 0u32;
    for (i, c) in line.char_indices() {
        col += 1;
        if c.is_whitespace() {
            if let Some((s, sc)) = start.take() {
                out.push((sc, line.get(s..i).unwrap_or("")));
            }
        } else if start.is_none() {
            start = Some((i, col));
        }
    }
    if let Some((s, sc)) = start {
        out.push((sc, line.get(s..).unwrap_or("")));
    }
    out
}

struct Parser {
    reference: Reference,
    /// Partitions printed without a value, for the REF8 summary.
    without_value: usize,
    first_without_value: Option<Position>,
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

/// The format of the first meaningful line.
fn detect(line: &str) -> Option<ReferenceFormat> {
    let t = tokens(line);
    let upper: Vec<String> = t.iter().map(|(_, s)| s.to_ascii_uppercase()).collect();
    if upper.first().map(String::as_str) == Some("GROUP") {
        return Some(ReferenceFormat::Describe);
    }
    if line.trim_start().starts_with("Consumer group ") {
        return Some(ReferenceFormat::Describe);
    }
    if line.contains(',') {
        return Some(ReferenceFormat::Csv);
    }
    if t.len() == 3 {
        return Some(ReferenceFormat::Rpk);
    }
    if line.contains(':') && t.len() == 1 {
        return Some(ReferenceFormat::GetOffsets);
    }
    None
}

/// Reads a reference of `role` from `text`. Never fails: what is wrong is in
/// [`Reference::diagnostics`].
pub fn parse_reference(text: &str, role: Role) -> Reference {
    let mut p = Parser {
        reference: Reference::empty(role),
        without_value: 0,
        first_without_value: None,
    };
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lines: Vec<&str> = text
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect();
    let Some(format) = lines
        .iter()
        .find(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .and_then(|l| detect(l))
    else {
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
        p.error(
            "REF1",
            pos,
            format!(
                "{what}. Paste the output of kafka-get-offsets.sh (topic:partition:offset lines), an rpk TOPIC PARTITION OFFSET file, a kafka-consumer-groups.sh --describe table or a consumer-groups CSV (topic,partition,offset)."
            ),
        );
        return p.reference;
    };
    p.reference.format = Some(format);
    // Describe: the header's columns; CSV: the number of fields of the first row.
    let mut header: Option<HashMap<String, usize>> = None;
    let mut csv_fields: Option<usize> = None;
    let mut groups: Vec<(String, u32)> = Vec::new();
    for (idx, &line) in lines.iter().enumerate() {
        let line_no = idx as u32 + 1;
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let bad_line = |p: &mut Parser, expected: &str| {
            p.error(
                "REF2",
                Position::new(line_no, 1),
                format!(
                    "{} is not a line of {}: expected {expected}. Fix or remove the line (the format was detected from the first line).",
                    quoted(line),
                    format.label()
                ),
            );
        };
        match format {
            ReferenceFormat::GetOffsets => {
                // From the right: a topic name cannot contain ':'.
                let Some((rest, offset)) = line.rsplit_once(':') else {
                    bad_line(&mut p, "topic:partition:offset");
                    continue;
                };
                let Some((topic, partition)) = rest.rsplit_once(':') else {
                    bad_line(&mut p, "topic:partition:offset");
                    continue;
                };
                let pcol = topic.chars().count() as u32 + 2;
                let ocol = rest.chars().count() as u32 + 2;
                let (topic_t, partition_t, offset_t) =
                    (topic.trim(), partition.trim(), offset.trim());
                let topic = p.topic(line_no, 1, topic_t, line);
                let partition = p.partition(line_no, pcol, partition_t, line);
                let offset = p.offset(line_no, ocol, offset_t, line, true);
                if let (Some(topic), Some(partition), Ok(offset)) = (topic, partition, offset) {
                    p.add(
                        ReferenceValue {
                            topic,
                            partition,
                            offset,
                            log_end: None,
                            line: line_no,
                        },
                        Position::new(line_no, 1),
                    );
                }
            }
            ReferenceFormat::Rpk => {
                let t = tokens(line);
                if t.len() != 3 {
                    bad_line(&mut p, "TOPIC PARTITION OFFSET, separated by spaces");
                    continue;
                }
                let upper: Vec<String> = t.iter().map(|(_, s)| s.to_ascii_uppercase()).collect();
                if upper == ["TOPIC", "PARTITION", "OFFSET"] {
                    continue;
                }
                let get = |i: usize| t.get(i).copied().unwrap_or((1, ""));
                let ((tc, ts), (pc, ps), (oc, os)) = (get(0), get(1), get(2));
                let topic = p.topic(line_no, tc, ts, line);
                let partition = p.partition(line_no, pc, ps, line);
                let offset = p.offset(line_no, oc, os, line, false);
                if let (Some(topic), Some(partition), Ok(offset)) = (topic, partition, offset) {
                    p.add(
                        ReferenceValue {
                            topic,
                            partition,
                            offset,
                            log_end: None,
                            line: line_no,
                        },
                        Position::new(line_no, tc),
                    );
                }
            }
            ReferenceFormat::Csv => {
                let fields: Vec<&str> = line.split(',').collect();
                let lower: Vec<String> = fields
                    .iter()
                    .map(|f| f.trim().to_ascii_lowercase())
                    .collect();
                if lower.iter().any(|f| f == "topic") && lower.iter().any(|f| f == "partition") {
                    continue;
                }
                let n = *csv_fields.get_or_insert(fields.len());
                if !matches!(fields.len(), 3 | 4) || fields.len() != n {
                    bad_line(
                        &mut p,
                        if n == 4 {
                            "group,topic,partition,offset"
                        } else {
                            "topic,partition,offset"
                        },
                    );
                    continue;
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
                    && let Some(&(gc, g)) = cols.first()
                    && !groups.iter().any(|(name, _)| name == g)
                {
                    groups.push((g.to_string(), line_no));
                    let _ = gc;
                }
                let get = |i: usize| cols.get(i + skip).copied().unwrap_or((1, ""));
                let ((tc, ts), (pc, ps), (oc, os)) = (get(0), get(1), get(2));
                let topic = p.topic(line_no, tc, ts, line);
                let partition = p.partition(line_no, pc, ps, line);
                let offset = p.offset(line_no, oc, os, line, false);
                if let (Some(topic), Some(partition), Ok(offset)) = (topic, partition, offset) {
                    p.add(
                        ReferenceValue {
                            topic,
                            partition,
                            offset,
                            log_end: None,
                            line: line_no,
                        },
                        Position::new(line_no, 1),
                    );
                }
            }
            ReferenceFormat::Describe => {
                let t = tokens(line);
                let upper: Vec<String> = t.iter().map(|(_, s)| s.to_ascii_uppercase()).collect();
                if upper.first().map(String::as_str) == Some("GROUP") {
                    let columns: HashMap<String, usize> = upper
                        .iter()
                        .enumerate()
                        .map(|(i, s)| (s.clone(), i))
                        .collect();
                    let has = |c: &str| columns.contains_key(c);
                    if !(has("TOPIC")
                        && has("PARTITION")
                        && has("CURRENT-OFFSET")
                        && has("LOG-END-OFFSET"))
                    {
                        p.error(
                            "REF2",
                            Position::new(line_no, 1),
                            format!(
                                "The header {} lacks TOPIC, PARTITION, CURRENT-OFFSET or LOG-END-OFFSET: this is not the offsets table (--members and --state print other tables). Run kafka-consumer-groups.sh --describe --group GROUP without --members or --state.",
                                quoted(line)
                            ),
                        );
                        header = None;
                        continue;
                    }
                    header = Some(columns);
                    continue;
                }
                if trimmed.starts_with("Consumer group ") {
                    // "Consumer group 'g' has no active members." and the like: a note, not a row.
                    continue;
                }
                let Some(columns) = &header else {
                    bad_line(
                        &mut p,
                        "the header line GROUP TOPIC PARTITION CURRENT-OFFSET LOG-END-OFFSET LAG ... before the rows",
                    );
                    continue;
                };
                let col = |name: &str| columns.get(name).copied().unwrap_or(usize::MAX);
                let (gi, ti, pi, ci, li) = (
                    col("GROUP"),
                    col("TOPIC"),
                    col("PARTITION"),
                    col("CURRENT-OFFSET"),
                    col("LOG-END-OFFSET"),
                );
                let needed = ti.max(pi).max(ci).max(li) + 1;
                if t.len() < needed {
                    bad_line(
                        &mut p,
                        "a row with a value (or '-') under every header column",
                    );
                    continue;
                }
                let get = |i: usize| t.get(i).copied().unwrap_or((1, ""));
                if let Some((_, g)) = t.get(gi)
                    && !groups.iter().any(|(name, _)| name == g)
                {
                    groups.push((g.to_string(), line_no));
                }
                let ((tc, ts), (pc, ps), (cc, cs), (lc, ls)) = (get(ti), get(pi), get(ci), get(li));
                let topic = p.topic(line_no, tc, ts, line);
                let partition = p.partition(line_no, pc, ps, line);
                let latest = p.reference.role == Role::Latest;
                let (current, log_end) = if latest {
                    // Only LOG-END-OFFSET counts: do not report a '-' under CURRENT-OFFSET.
                    (Ok(None), p.offset(line_no, lc, ls, line, false))
                } else {
                    let current = p.offset(line_no, cc, cs, line, false);
                    let log_end = if ls == "-" {
                        Ok(None)
                    } else {
                        p.offset(line_no, lc, ls, line, false)
                    };
                    (current, log_end)
                };
                if let (Some(topic), Some(partition), Ok(current), Ok(log_end)) =
                    (topic, partition, current, log_end)
                {
                    p.add(
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
        }
    }
    if groups.len() > 1 {
        let (name, line) = groups.get(1).cloned().unwrap_or_default();
        p.error(
            "REF9",
            Position::new(line, 1),
            format!(
                "The reference holds offsets of {} consumer groups (the second, {}, starts here); a reference is one group's. Keep only one group's lines (or describe one group with --group).",
                groups.len(),
                names::shown(&name)
            ),
        );
    }
    if let Role::Group { name: None } = p.reference.role
        && let Some((g, _)) = groups.first()
    {
        p.reference.role = Role::Group {
            name: Some(g.clone()),
        };
    }
    if p.without_value > 0 {
        let why = match (&p.reference.role, format) {
            (Role::Time { .. }, _) | (_, ReferenceFormat::GetOffsets) => {
                "no record at or after the time, or the lookup printed none"
            }
            _ => "the group has committed nothing there",
        };
        let pos = p.first_without_value.unwrap_or(Position::new(1, 1));
        p.reference.diagnostics.push(Diagnostic::info(
            "REF8",
            pos,
            format!(
                "{} partition(s) have no value ({why}); rows of these partitions are left as they are and their log range is unknown.",
                crate::diag::group_digits(p.without_value as u128)
            ),
        ));
    }
    p.reference.diagnostics.sort_by_key(|d| d.position);
    p.reference
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn diags(r: &Reference) -> Vec<String> {
        r.diagnostics.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn get_offsets_lines_are_read_from_the_right() {
        let r = parse_reference(
            "orders.eu-west:0:42\r\n\r\norders.eu-west:1:0\r\nmy_topic-v2:10:9223372036854775807\r\n",
            Role::Earliest,
        );
        assert_eq!(r.format, Some(ReferenceFormat::GetOffsets));
        assert!(r.diagnostics.is_empty(), "{:?}", diags(&r));
        assert_eq!(r.offset("orders.eu-west", 0), Some(42));
        assert_eq!(r.offset("orders.eu-west", 1), Some(0));
        assert_eq!(r.offset("my_topic-v2", 10), Some(i64::MAX));
        assert_eq!(r.offset("orders.eu-west", 2), None);
        assert_eq!(r.len(), 3);
    }

    #[test]
    fn get_offsets_without_a_value() {
        let r = parse_reference("a:0:5\na:1:\na:2:-1\n", Role::Time { at_ms: Some(0) });
        assert!(r.is_usable());
        assert_eq!(r.get("a", 1).unwrap().offset, None);
        assert_eq!(r.get("a", 2).unwrap().offset, None);
        assert_eq!(
            diags(&r),
            [
                "2:5: REF8: 2 partition(s) have no value (no record at or after the time, or the lookup printed none); rows of these partitions are left as they are and their log range is unknown."
            ]
        );
    }

    #[test]
    fn bad_lines_are_located_and_quoted() {
        let r = parse_reference(
            "orders:0:10\norders:x:1\norders:1:-5\nbad topic:2:3\norders\norders:3:99999999999999999999\n",
            Role::Earliest,
        );
        assert!(!r.is_usable());
        assert_eq!(
            diags(&r),
            [
                "2:8: REF4: 'x' is not a partition number: partitions are whole numbers between 0 and 2147483647 (line 'orders:x:1'); fix or remove the line.",
                "3:10: REF5: '-5' is not an offset: offsets are whole numbers between 0 and 9223372036854775807 (line 'orders:1:-5'); fix or remove the line.",
                "4:1: REF3: Topic name is invalid: 'bad topic' contains one or more characters other than ASCII alphanumerics, '.', '_' and '-'. In line 'bad topic:2:3'; fix or remove the line.",
                "5:1: REF2: 'orders' is not a line of kafka-get-offsets.sh output: expected topic:partition:offset. Fix or remove the line (the format was detected from the first line).",
                "6:10: REF5: '99999999999999999999' is not an offset: offsets are whole numbers between 0 and 9223372036854775807 (line 'orders:3:99999999999999999999'); fix or remove the line.",
            ]
        );
        assert_eq!(r.offset("orders", 0), Some(10));
    }

    #[test]
    fn duplicates_same_value_warn_different_value_error() {
        let r = parse_reference("a:0:5\na:0:5\n", Role::Latest);
        assert!(r.is_usable());
        assert_eq!(r.len(), 1);
        assert!(
            diags(&r)[0].starts_with(
                "2:1: REF7: a:0 appears again with the same offset 5 (first on line 1)"
            )
        );
        let r = parse_reference("a:0:5\na:0:6\n", Role::Latest);
        assert!(!r.is_usable());
        assert!(
            diags(&r)[0]
                .starts_with("2:1: REF6: a:0 appears again with offset 6 but line 1 says 5")
        );
    }

    #[test]
    fn rpk_files() {
        let r = parse_reference(
            "TOPIC PARTITION OFFSET\norders.v1  0   17\n\n  orders.v1\t1 0\n",
            Role::Group { name: None },
        );
        assert_eq!(r.format, Some(ReferenceFormat::Rpk));
        assert!(r.diagnostics.is_empty(), "{:?}", diags(&r));
        assert_eq!(r.offset("orders.v1", 0), Some(17));
        assert_eq!(r.offset("orders.v1", 1), Some(0));
        let r = parse_reference("a 0 1\na 1\n", Role::Earliest);
        assert!(
            diags(&r)[0]
                .starts_with("2:1: REF2: 'a 1' is not a line of rpk TOPIC PARTITION OFFSET file")
        );
    }

    const DESCRIBE: &str = "\r\nConsumer group 'connect-sink' has no active members.\r\n\r\nGROUP           TOPIC           PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG             CONSUMER-ID     HOST            CLIENT-ID\r\nconnect-sink    orders.eu       0          40              50              10              -               -               -\r\nconnect-sink    orders.eu       1          -               7               -               -               -               -\r\n";

    #[test]
    fn describe_tables() {
        let r = parse_reference(DESCRIBE, Role::Group { name: None });
        assert_eq!(r.format, Some(ReferenceFormat::Describe));
        assert_eq!(
            r.role,
            Role::Group {
                name: Some("connect-sink".into())
            }
        );
        assert_eq!(r.offset("orders.eu", 0), Some(40));
        assert_eq!(r.log_end("orders.eu", 0), Some(50));
        assert_eq!(r.offset("orders.eu", 1), None);
        assert_eq!(r.log_end("orders.eu", 1), Some(7));
        assert_eq!(
            diags(&r),
            [
                "6:44: REF8: 1 partition(s) have no value (the group has committed nothing there); rows of these partitions are left as they are and their log range is unknown."
            ]
        );
        let latest = parse_reference(DESCRIBE, Role::Latest);
        assert!(latest.diagnostics.is_empty());
        assert_eq!(latest.offset("orders.eu", 1), Some(7));
        let two = parse_reference(
            "GROUP TOPIC PARTITION CURRENT-OFFSET LOG-END-OFFSET LAG\ng1 a 0 1 2 1\ng2 a 1 1 2 1\n",
            Role::Group { name: None },
        );
        assert!(
            diags(&two)[0]
                .starts_with("3:1: REF9: The reference holds offsets of 2 consumer groups")
        );
        let members = parse_reference(
            "GROUP CONSUMER-ID HOST CLIENT-ID #PARTITIONS\ng c h c 1\n",
            Role::Group { name: None },
        );
        assert!(diags(&members)[0].starts_with(
            "1:1: REF2: The header 'GROUP CONSUMER-ID HOST CLIENT-ID #PARTITIONS' lacks"
        ));
    }

    #[test]
    fn csv_files() {
        let r = parse_reference("orders,0,5\r\norders.x,1,6\r\n", Role::Group { name: None });
        assert_eq!(r.format, Some(ReferenceFormat::Csv));
        assert_eq!(r.offset("orders.x", 1), Some(6));
        let r = parse_reference("g,orders,0,5\ng,orders,1,x\n", Role::Group { name: None });
        assert_eq!(
            r.role,
            Role::Group {
                name: Some("g".into())
            }
        );
        assert!(diags(&r)[0].starts_with("2:12: REF5: 'x' is not an offset"));
        let r = parse_reference("orders,0,5\norders,1\n", Role::Group { name: None });
        assert!(diags(&r)[0].starts_with("2:1: REF2: 'orders,1' is not a line of consumer-groups CSV: expected topic,partition,offset"));
    }

    #[test]
    fn unrecognised_and_empty() {
        assert_eq!(
            diags(&parse_reference("\r\n  \n", Role::Earliest)),
            [
                "1:1: REF1: The reference is empty. Paste the output of kafka-get-offsets.sh (topic:partition:offset lines), an rpk TOPIC PARTITION OFFSET file, a kafka-consumer-groups.sh --describe table or a consumer-groups CSV (topic,partition,offset)."
            ]
        );
        assert!(
            diags(&parse_reference("\n{\"offsets\": []}", Role::Earliest))[0].starts_with(
                "2:1: REF1: '{\\\"offsets\\\": []}' is not a reference this editor reads."
            )
        );
    }
}
