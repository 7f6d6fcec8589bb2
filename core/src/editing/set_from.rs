//! Deciding offsets from the cluster's facts, over a [`Session`]: "set from a reference" (the
//! plan behind [`Action::SetFromReference`]) and the log-range view of the session's rows
//! (classes per row, the `range:` filter, LR diagnostics with the edits, "skips K records").
//!
//! Setting a row "to R" (docs/rules.md, LR1–LR5): a sink connector stores R (its offset is the
//! next record to read, like a consumer group's); a MirrorSourceConnector stores R − 1, because
//! it resumes at stored + 1, and R = 0 becomes null (MirrorMaker rejects −1; null replays from
//! `auto.offset.reset`, earliest by default). Rows the reference has no value for are left as
//! they were and listed; reference partitions the session does not hold are returned as
//! [`SetFromPlan::unlisted`], never added silently ([`SetFromPlan::add_actions`] builds the
//! actions that add them, for a caller that asks).
//!
//! Rows are matched by topic and partition. For MirrorMaker 2 the cluster alias is not part of
//! the match: a reference comes from one (source) cluster, so a listing that holds entries of
//! several aliases is narrowed with a `cluster:` filter first.

use crate::checking::log_range::{self, EditEffect, LogRange, RangeClass, RowFacts};
use crate::diag::{Diagnostic, capitalised, group_digits, some_names};
use crate::editing::edit::{Action, Cell, EditError, OffsetValue, RowView, Selection, Session};
use crate::editing::filter::{Filter, PartitionSet};
use crate::model::ConnectorKind;
use crate::model::names;
use crate::reading::reference::{Reference, Role};
use std::collections::{BTreeMap, HashSet};

/// What a kind stores to resume at position `r`: a sink `r`; MirrorMaker 2 `r − 1`, and null
/// (`None`) for `r = 0`. `Err` for a kind that stores no position in a Kafka log.
pub fn stored_for(kind: ConnectorKind, r: i64) -> Result<Option<i64>, EditError> {
    match kind {
        ConnectorKind::Sink => Ok(Some(r)),
        ConnectorKind::MirrorSource if r <= 0 => Ok(None),
        ConnectorKind::MirrorSource => Ok(Some(r - 1)),
        other => Err(EditError {
            message: format!(
                "Setting offsets from a reference is defined for MirrorSourceConnector and sink connectors; this is a {}, whose offsets are not positions in a Kafka log. Nothing was changed.",
                other.label()
            ),
        }),
    }
}

/// What a latest reference that filled another's partitions did (issue 31 item 1): the
/// partitions `start` has no offset for take their log end. `None` when it filled none.
pub fn log_end_note(kind: ConnectorKind, start: &Role, filled: &[(String, i64)]) -> Option<String> {
    if filled.is_empty() {
        return None;
    }
    Some(format!(
        "{} partition(s) have no offset in {}: they start at their log end, from {} ({}), so they copy nothing written before: {}.",
        group_digits(filled.len() as u128),
        start.phrase(),
        Role::Latest.phrase(),
        match kind {
            ConnectorKind::MirrorSource => "MirrorMaker 2 stores the log end − 1, and null at 0",
            _ => "a sink stores the log end",
        },
        some_names(
            filled
                .iter()
                .map(|(t, p)| format!("{}:{p}", names::shown(t))),
            filled.len(),
            10
        )
    ))
}

/// The partitions of `filled` (a [`Reference::filled_from_log_end`]) that rows of `selection`
/// hold: those the set really starts at their log end, for [`log_end_note`].
pub fn filled_in(
    session: &Session,
    selection: &Selection,
    filled: &[(String, i64)],
) -> Vec<(String, i64)> {
    let held: HashSet<(&str, i64)> = session
        .selected_rows(selection)
        .into_iter()
        .filter_map(|i| topic_partition(session, i))
        .collect();
    filled
        .iter()
        .filter(|(t, p)| held.contains(&(t.as_str(), *p)))
        .cloned()
        .collect()
}

/// What setting a selection from a reference would do.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SetFromPlan {
    /// Each selected row with a value, and its new cell.
    pub changes: Vec<(usize, Cell)>,
    /// Selected rows the reference has no value for: left as they were.
    pub missing: Vec<usize>,
    /// Rows set to null because the reference says 0 (MirrorMaker 2).
    pub zero_to_null: usize,
    /// Reference partitions no row of the session holds: (topic, partition, what the kind would
    /// store). Offered as new entries, not added.
    pub unlisted: Vec<(String, i64, Option<i64>)>,
}

/// The topic and partition of a row, read the way the filter reads them.
fn topic_partition(session: &Session, i: usize) -> Option<(&str, i64)> {
    let f = session.facts(i)?;
    Some((f.topic?, f.partition?))
}

/// The plan of [`Action::SetFromReference`] over `rows` (ascending session row numbers).
pub fn plan(
    session: &Session,
    rows: &[usize],
    reference: &Reference,
) -> Result<SetFromPlan, EditError> {
    let kind = session.kind();
    stored_for(kind, 0)?;
    if !reference.is_usable() {
        return Err(EditError {
            message: format!(
                "{} has errors; fix them before setting offsets from it. Nothing was changed.",
                capitalised(&reference.role.phrase())
            ),
        });
    }
    let mut out = SetFromPlan::default();
    for &i in rows {
        let value = topic_partition(session, i).and_then(|(t, p)| reference.offset(t, p));
        match value {
            Some(r) => {
                let cell = match stored_for(kind, r)? {
                    Some(v) => Cell::Value(v),
                    None => {
                        out.zero_to_null += 1;
                        Cell::Null
                    }
                };
                out.changes.push((i, cell));
            }
            None => out.missing.push(i),
        }
    }
    let listed: HashSet<(&str, i64)> = (0..session.len())
        .filter(|&i| session.row(i).is_some_and(|r| !r.removed))
        .filter_map(|i| topic_partition(session, i))
        .collect();
    for v in &reference.values {
        if let Some(r) = v.offset
            && !listed.contains(&(v.topic.as_str(), v.partition))
        {
            out.unlisted
                .push((v.topic.clone(), v.partition, stored_for(kind, r)?));
        }
    }
    Ok(out)
}

impl SetFromPlan {
    /// The notes the outcome carries: the conversion, R = 0, rows left as they were, and the
    /// partitions offered as new entries.
    pub fn notes(&self, session: &Session, role: &Role) -> Vec<String> {
        let kind = session.kind();
        let mut notes = Vec::new();
        match kind {
            ConnectorKind::MirrorSource => notes.push(
                "MirrorMaker 2 resumes at the stored offset + 1, so each offset stores the reference's value − 1.".into(),
            ),
            _ => notes.push(
                "A sink connector's offset is the next record to consume, so each offset stores the reference's value as it is.".into(),
            ),
        }
        if self.zero_to_null > 0 {
            notes.push(format!(
                "{} partition(s) are at record 0: their offset is set to null (MirrorMaker cannot store -1): MirrorMaker restarts them according to auto.offset.reset {}.",
                group_digits(self.zero_to_null as u128),
                session.reset().null_outcome(kind)
            ));
        }
        if !self.missing.is_empty() {
            let n = self.missing.len();
            let names = some_names(self.missing.iter().map(|&i| describe(session, i)), n, 10);
            let count = group_digits(n as u128);
            notes.push(match role {
                Role::Time { at_ms } => {
                    let time = at_ms.map_or(
                        "the requested time".to_string(),
                        crate::reading::datetime::format_utc,
                    );
                    format!(
                        "No record at or after {time} in {count} partition(s): left as they were ({names}), so they resume at their stored offset and copy what was written after it, records before {time} included. To start them at their log end, give the latest offsets of the same partitions too: --set-from latest=FILE right after this one, or in the page a Latest offsets (log end) reference beside this one."
                    )
                }
                _ => format!(
                    "{count} partition(s) have no value in {}: left as they were ({names}).",
                    role.phrase()
                ),
            });
        }
        if !self.unlisted.is_empty() {
            let n = self.unlisted.len();
            notes.push(format!(
                "{} partition(s) of the reference are not listed ({}): the connector has no offset for them. Add them as new entries if it should start there (connect-offsets edit --set-from ... --add-unlisted, or the page's offer).",
                group_digits(n as u128),
                some_names(
                    self.unlisted
                        .iter()
                        .map(|(t, p, _)| format!("{}:{p}", names::shown(t))),
                    n,
                    10
                )
            ));
        }
        notes
    }

    /// The actions that add [`SetFromPlan::unlisted`] as new entries: one
    /// [`Action::AddEntries`] per topic and stored value, partitions as ranges.
    pub fn add_actions(&self) -> Vec<Action> {
        let mut groups: BTreeMap<(&str, Option<i64>), Vec<i64>> = BTreeMap::new();
        for (t, p, v) in &self.unlisted {
            groups.entry((t.as_str(), *v)).or_default().push(*p);
        }
        groups
            .into_iter()
            .filter_map(|((topic, offset), mut partitions)| {
                partitions.sort_unstable();
                partitions.dedup();
                let set = PartitionSet::parse(&ranges_text(&partitions)).ok()?;
                Some(Action::AddEntries {
                    cluster: None,
                    topic: topic.to_string(),
                    partitions: set,
                    offset,
                })
            })
            .collect()
    }
}

/// Sorted distinct partitions as their runs of consecutive numbers, `(first, last)`: `0 1 2 5`
/// is `(0, 2), (5, 5)`.
pub fn partition_runs(sorted: &[i64]) -> Vec<(i64, i64)> {
    let mut out = Vec::new();
    let mut iter = sorted.iter().copied().peekable();
    while let Some(start) = iter.next() {
        let mut end = start;
        while iter.peek() == Some(&(end + 1)) {
            end += 1;
            iter.next();
        }
        out.push((start, end));
    }
    out
}

/// Sorted distinct partitions as `0-2,5,7-8`.
pub fn ranges_text(sorted: &[i64]) -> String {
    let runs: Vec<String> = partition_runs(sorted)
        .into_iter()
        .map(|(start, end)| {
            if start == end {
                start.to_string()
            } else {
                format!("{start}-{end}")
            }
        })
        .collect();
    runs.join(",")
}

fn describe(session: &Session, i: usize) -> String {
    match session.row(i) {
        Some(r) => crate::editing::edit::describe_entry(session.kind(), r.entry),
        None => format!("row {i}"),
    }
}

fn stored(current: OffsetValue) -> Option<i64> {
    match current {
        OffsetValue::Value(v) => Some(v),
        _ => None,
    }
}

/// The log-range class of every row of the session (removed rows included), in row order:
/// what the page's "Log range" column shows and what `range:` terms match.
pub fn classify_rows(session: &Session, range: &LogRange) -> Vec<RangeClass> {
    let kind = session.kind();
    (0..session.len())
        .map(|i| {
            let facts = session.facts(i);
            let current = session.row(i).map(|r| stored(r.current)).unwrap_or(None);
            range.classify(
                kind,
                facts.and_then(|f| f.topic),
                facts.and_then(|f| f.partition),
                current,
            )
        })
        .collect()
}

/// The rows (not removed) a filter with `range:` terms matches, given the references; the
/// selection to pass to a bulk action is `Selection::Rows` of them.
pub fn log_range_rows(session: &Session, filter: &Filter, range: &LogRange) -> Vec<usize> {
    let kind = session.kind();
    let known = !range.is_empty();
    (0..session.len())
        .filter(|&i| {
            let (Some(row), Some(facts)) = (session.row(i), session.facts(i)) else {
                return false;
            };
            if row.removed {
                return false;
            }
            let class = known
                .then(|| range.classify(kind, facts.topic, facts.partition, stored(row.current)));
            filter.matches_with_range(&facts, class)
        })
        .collect()
}

/// The selection a bulk action takes for `filter`: `Selection::Rows` when it has `range:`
/// terms (the session cannot classify rows itself), else as the CLI and page already do.
pub fn selection_for(session: &Session, filter: &Filter, range: &LogRange) -> Selection {
    if filter.needs_range() {
        Selection::Rows(log_range_rows(session, filter, range))
    } else if filter.is_empty() {
        Selection::All
    } else {
        Selection::Filter(filter.clone())
    }
}

/// The log-range diagnostics of the session's rows as they are now (edits included; removed
/// rows left out): what Problems lists.
pub fn check_session(session: &Session, range: &LogRange) -> Vec<Diagnostic> {
    let kind = session.kind();
    let rows: Vec<(RowView<'_>, Option<crate::model::EntryFacts<'_>>)> = session
        .rows()
        .filter(|r| !r.removed)
        .map(|r| (r, session.facts(r.index)))
        .collect();
    let facts = rows.iter().map(|(r, f)| RowFacts {
        entry: r.index,
        pos: r.entry.pos(),
        cluster: f.and_then(|f| f.cluster),
        topic: f.and_then(|f| f.topic),
        partition: f.and_then(|f| f.partition),
        stored: stored(r.current),
    });
    log_range::check_rows(kind, facts, range, session.imported().offsets_pos)
}

/// What row `i`'s edit (imported value → current value) does against its log: "skips K
/// records" / "replays K records". Unknown for added rows and rows without bounds.
pub fn row_effect(session: &Session, i: usize, range: &LogRange) -> EditEffect {
    let (Some(row), Some((topic, partition))) = (session.row(i), topic_partition(session, i))
    else {
        return EditEffect::Unknown;
    };
    let value = |v: OffsetValue| match v {
        OffsetValue::Value(x) => Some(Some(x)),
        OffsetValue::Null => Some(None),
        OffsetValue::Unreadable => None,
    };
    let Some(before) = row.imported else {
        return EditEffect::Unknown;
    };
    log_range::edit_effect(
        session.kind(),
        value(before),
        value(row.current),
        range.bounds(topic, partition),
    )
}
