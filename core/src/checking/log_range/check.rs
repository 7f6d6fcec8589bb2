//! The log-range rules LR1-LR5 over a listing or the session's rows, with all their wording.

use super::*;

/// The counts of a check, for LR3 and the page's header.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RangeCounts {
    pub ok: usize,
    pub caught_up: usize,
    pub below: usize,
    pub missed: u128,
    pub above: usize,
    pub unknown: usize,
    pub not_checked: usize,
}

impl RangeCounts {
    pub fn add(&mut self, class: RangeClass) {
        match class {
            RangeClass::Ok => self.ok += 1,
            RangeClass::CaughtUp => self.caught_up += 1,
            RangeClass::Below { missed } => {
                self.below += 1;
                self.missed = self.missed.saturating_add(missed);
            }
            RangeClass::Above { .. } => self.above += 1,
            RangeClass::Unknown => self.unknown += 1,
            RangeClass::NotChecked => self.not_checked += 1,
        }
    }
}

/// One row as the check sees it.
#[derive(Debug, Clone, Copy)]
pub struct RowFacts<'a> {
    /// 0-based entry index (as diagnostics carry it).
    pub entry: usize,
    pub pos: Position,
    pub cluster: Option<&'a str>,
    pub topic: Option<&'a str>,
    pub partition: Option<i64>,
    /// The current offset (`None`: null or unreadable).
    pub stored: Option<i64>,
}

/// Checks an imported listing (what `validate --reference` does).
pub fn check_listing(listing: &Listing, range: &LogRange) -> Vec<Diagnostic> {
    let kind = listing.kind;
    let rows = listing.entries.iter().enumerate().map(|(i, e)| {
        let f = EntryFacts::of(kind, e, false);
        RowFacts {
            entry: i,
            pos: e.pos(),
            cluster: f.cluster,
            topic: f.topic,
            partition: f.partition,
            stored: stored_offset(kind, e),
        }
    });
    check_rows(kind, rows, range, listing.offsets_pos)
}

/// The stored offset of an entry as the check reads it.
pub fn stored_offset(kind: ConnectorKind, e: &Entry) -> Option<i64> {
    if e.is_tombstone() {
        None
    } else {
        e.offset(kind)
    }
}

/// The check over any rows (the listing's, or a session's with its edits): LR1, LR2 and LR4 per
/// row, LR3 and LR5 once (at `summary_pos`). Sorted by position.
pub fn check_rows<'a>(
    kind: ConnectorKind,
    rows: impl IntoIterator<Item = RowFacts<'a>>,
    range: &LogRange,
    summary_pos: Position,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    if range.is_empty() {
        return out;
    }
    let mut counts = RangeCounts::default();
    let mut listed: FastSet<(&str, i64)> = FastSet::default();
    let mut first_pos: Option<Position> = None;
    for r in rows {
        first_pos.get_or_insert(r.pos);
        if let (Some(t), Some(p)) = (r.topic, r.partition) {
            listed.insert((t, p));
        }
        let (Some(topic), Some(partition)) = (r.topic, r.partition) else {
            counts.add(range.classify(kind, r.topic, r.partition, r.stored));
            continue;
        };
        let b = range.bounds(topic, partition);
        let class = match resume_at(kind, r.stored) {
            Some(resume) => classify_resume(resume, b),
            None => RangeClass::NotChecked,
        };
        counts.add(class);
        if matches!(
            class,
            RangeClass::Ok | RangeClass::CaughtUp | RangeClass::NotChecked
        ) {
            continue;
        }
        out.extend(row_finding(kind, &r, (topic, partition), class, b));
    }
    let pos = first_pos.unwrap_or(summary_pos);
    out.push(Diagnostic::info("LR3", pos, summary(kind, range, &counts)));
    out.extend(unlisted(range, &listed, pos));
    crate::diag::sort_diagnostics(&mut out, crate::diag::by_position);
    out
}

/// LR1, LR2 or LR4 for a row outside its partition's log (or with an unknowable range). The
/// words are built only for the rows that get a diagnostic.
fn row_finding(
    kind: ConnectorKind,
    r: &RowFacts<'_>,
    (topic, partition): (&str, i64),
    class: RangeClass,
    b: Bounds,
) -> Option<Diagnostic> {
    let name = match r.cluster {
        Some(c) if kind == ConnectorKind::MirrorSource => {
            format!("{}/{}:{partition}", names::shown(c), names::shown(topic))
        }
        _ => format!("{}:{partition}", names::shown(topic)),
    };
    let n = r.entry + 1;
    let resume = resume_at(kind, r.stored).unwrap_or_default();
    let stored = r.stored.unwrap_or_default();
    let resumes = match kind {
        ConnectorKind::MirrorSource => {
            format!("stored offset {stored} resumes at record {resume}")
        }
        _ => format!("resumes at record {resume}"),
    };
    let who = match kind {
        ConnectorKind::MirrorSource => "MirrorMaker 2",
        _ => "sink connectors",
    };
    let lost_to = match kind {
        ConnectorKind::MirrorSource => "never reach the target cluster",
        _ => "are never delivered to the sink",
    };
    let (rule, message) = match class {
        RangeClass::Below { missed } => {
            let e = b.earliest.unwrap_or_default();
            (
                "LR1",
                format!(
                    "Entry #{n} ({name}): {resumes}, below the log start {e}: records {resume}…{} ({} record{}) were deleted by retention before they were processed. The consumer falls back to auto.offset.reset: with earliest (the default for {who}) it restarts at {e} and those records {lost_to}; with latest it skips to the log end; with none the task fails. To acknowledge the loss, set the offset from the earliest offsets.",
                    e as i128 - 1,
                    group_digits(missed),
                    if missed == 1 { "" } else { "s" }
                ),
            )
        }
        RangeClass::Above { past } => {
            let l = b.latest.unwrap_or_default();
            let replay = match b.earliest {
                Some(e) if e <= l => format!(
                    "it replays the whole log ({} record{} from {e})",
                    group_digits((l - e) as u128),
                    if l - e == 1 { "" } else { "s" }
                ),
                _ => "it replays the whole partition from its log start".to_string(),
            };
            let cluster_hint = match kind {
                ConnectorKind::MirrorSource => {
                    " (MirrorMaker 2 offsets must be looked up on the SOURCE cluster)"
                }
                _ => "",
            };
            (
                "LR2",
                format!(
                    "Entry #{n} ({name}): {resumes}, {} past the log end {l}: the topic was probably deleted and recreated, or the reference comes from another cluster{cluster_hint}. The consumer gets OffsetOutOfRange and falls back to auto.offset.reset: with earliest (the default for {who}) {replay}; with latest it skips to the log end. Check the cluster, then set the offset from the earliest or latest offsets.",
                    group_digits(past)
                ),
            )
        }
        RangeClass::Unknown => {
            let (Some(e), Some(l)) = (b.earliest, b.latest) else {
                return None;
            };
            if e <= l {
                return None;
            }
            (
                "LR4",
                format!(
                    "Entry #{n} ({name}): the earliest offset {e} is above the latest {l}: the two references come from different clusters or were taken far apart, so this partition's log range is unknown. Look both up again, one right after the other, on the same cluster."
                ),
            )
        }
        _ => return None,
    };
    Some(Diagnostic::warning(rule, r.pos, message).with_entry(r.entry))
}

/// LR3: how many rows fall where, against which references.
fn summary(kind: ConnectorKind, range: &LogRange, counts: &RangeCounts) -> String {
    let g = |n: usize| group_digits(n as u128);
    if matches!(kind, ConnectorKind::MirrorSource | ConnectorKind::Sink) {
        format!(
            "Log range against {}: {} in the log ({} caught up), {} below the log start ({} records purged), {} above the log end, {} unknown (no reference), {} not checked (null or unreadable offset).",
            range.against(),
            g(counts.ok + counts.caught_up),
            g(counts.caught_up),
            g(counts.below),
            group_digits(counts.missed),
            g(counts.above),
            g(counts.unknown),
            g(counts.not_checked)
        )
    } else {
        format!(
            "Log range: not checked; a {} stores no position in a Kafka log (the check applies to MirrorSourceConnector and sink connectors).",
            kind.label()
        )
    }
}

/// LR5: the references' partitions the listing does not hold.
fn unlisted(range: &LogRange, listed: &FastSet<(&str, i64)>, pos: Position) -> Option<Diagnostic> {
    let mut unlisted: Vec<String> = Vec::new();
    let mut seen: FastSet<(&str, i64)> = FastSet::default();
    for r in [&range.earliest, &range.latest].into_iter().flatten() {
        for v in &r.values {
            let key = (v.topic.as_str(), v.partition);
            if !listed.contains(&key) && seen.insert(key) {
                unlisted.push(format!("{}:{}", v.topic, v.partition));
            }
        }
    }
    if unlisted.is_empty() {
        return None;
    }
    let shown: Vec<&str> = unlisted.iter().take(5).map(String::as_str).collect();
    Some(Diagnostic::info(
        "LR5",
        pos,
        format!(
            "{} partition(s) of the references are not in the listing ({}{}): the connector has no offset stored for them; it starts them from auto.offset.reset. Add them with edit --set-from ROLE=REF --add-unlisted if they should start elsewhere.",
            group_digits(unlisted.len() as u128),
            shown.join(", "),
            if unlisted.len() > 5 { ", …" } else { "" }
        ),
    ))
}
