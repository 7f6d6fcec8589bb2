//! The log-range check (docs/rules.md, LR1–LR5): where each row resumes, compared with the log
//! start (earliest offset) and the log end (latest offset) the user looked up, and what an edit
//! skips or replays against the log.
//!
//! The resume position depends on the kind: a MirrorSourceConnector stores the last record it
//! mirrored and resumes at stored + 1; a sink connector (like a consumer group) stores the next
//! record to read. A null offset resumes wherever `auto.offset.reset` says, so there is nothing
//! to check. Other kinds (checkpoint, heartbeat, generic source connectors) store no position in
//! a Kafka log.
//!
//! Rules: LR1 (warning) below the log start, LR2 (warning) above the log end, LR3 (info, once)
//! the counts, LR4 (warning) references that contradict each other for a partition, LR5 (info,
//! once) reference partitions the listing lacks. This file holds the classes and the bounds;
//! `check` the rules and all their wording.

use crate::diag::{Diagnostic, Position, group_digits};
use crate::model::EntryFacts;
use crate::model::names;
use crate::model::{ConnectorKind, Entry, Listing};
use crate::reading::reference::{Reference, Role};
use std::collections::HashSet;

/// A set with foldhash's fast hasher, as the reference's index (the check of 100k rows inserts each once).
type FastSet<K> = HashSet<K, foldhash::fast::FixedState>;
use std::sync::Arc;

/// Every rule id the log-range check reports.
pub const RULE_IDS: &[&str] = &["LR1", "LR2", "LR3", "LR4", "LR5"];

/// Where a row resumes, compared with its partition's log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RangeClass {
    /// Inside the log, with records still to read.
    Ok,
    /// At the log end: nothing to replicate or consume yet.
    CaughtUp,
    /// Before the log start: `missed` records were deleted before they were processed.
    Below { missed: u128 },
    /// After the log end, by `past` records: the topic was recreated, or the wrong cluster.
    Above { past: u128 },
    /// No reference for the partition (or references that contradict each other).
    Unknown,
    /// Nothing to check: a null or unreadable offset, or a kind that stores no log position.
    NotChecked,
}

impl RangeClass {
    /// The filter term that names the class (`range:ok` also matches caught-up rows).
    pub fn term(self) -> &'static str {
        match self {
            RangeClass::Ok => "ok",
            RangeClass::CaughtUp => "caught-up",
            RangeClass::Below { .. } => "below",
            RangeClass::Above { .. } => "above",
            RangeClass::Unknown => "unknown",
            RangeClass::NotChecked => "unchecked",
        }
    }

    /// The page's "Log range" column.
    pub fn label(self) -> String {
        match self {
            RangeClass::Ok => "in the log".into(),
            RangeClass::CaughtUp => "caught up".into(),
            RangeClass::Below { missed } => {
                format!("below the log start ({} purged)", group_digits(missed))
            }
            RangeClass::Above { past } => {
                format!("above the log end (by {})", group_digits(past))
            }
            RangeClass::Unknown => "unknown".into(),
            RangeClass::NotChecked => "—".into(),
        }
    }
}

/// The filter's `range:` terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RangeTerm {
    /// `range:ok`: in the log, caught up included.
    Ok,
    /// `range:caught-up`.
    CaughtUp,
    /// `range:below`.
    Below,
    /// `range:above`.
    Above,
    /// `range:unknown`: no reference for the partition.
    Unknown,
    /// `range:unchecked`: null or unreadable offsets, kinds without a log position.
    Unchecked,
}

impl RangeTerm {
    pub const ALL: [RangeTerm; 6] = [
        RangeTerm::Ok,
        RangeTerm::CaughtUp,
        RangeTerm::Below,
        RangeTerm::Above,
        RangeTerm::Unknown,
        RangeTerm::Unchecked,
    ];

    pub fn parse(s: &str) -> Option<RangeTerm> {
        RangeTerm::ALL.into_iter().find(|t| t.name() == s)
    }

    pub fn name(self) -> &'static str {
        match self {
            RangeTerm::Ok => "ok",
            RangeTerm::CaughtUp => "caught-up",
            RangeTerm::Below => "below",
            RangeTerm::Above => "above",
            RangeTerm::Unknown => "unknown",
            RangeTerm::Unchecked => "unchecked",
        }
    }

    /// Whether a row of class `class` (None: no references at all, so unknown) matches.
    pub fn matches(self, class: Option<RangeClass>) -> bool {
        let class = class.unwrap_or(RangeClass::Unknown);
        match self {
            RangeTerm::Ok => matches!(class, RangeClass::Ok | RangeClass::CaughtUp),
            RangeTerm::CaughtUp => class == RangeClass::CaughtUp,
            RangeTerm::Below => matches!(class, RangeClass::Below { .. }),
            RangeTerm::Above => matches!(class, RangeClass::Above { .. }),
            RangeTerm::Unknown => class == RangeClass::Unknown,
            RangeTerm::Unchecked => class == RangeClass::NotChecked,
        }
    }
}

/// The log bounds the user looked up: an `earliest` reference, a `latest` one (or a describe
/// table's LOG-END-OFFSET column), or both. Shared (`Arc`) so the page keeps one copy.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LogRange {
    pub earliest: Option<Arc<Reference>>,
    pub latest: Option<Arc<Reference>>,
}

/// The log bounds of one partition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Bounds {
    pub earliest: Option<i64>,
    pub latest: Option<i64>,
}

impl LogRange {
    /// The bounds from a set of references: the first `earliest` one; the first `latest` one,
    /// else the first with a LOG-END-OFFSET column (a describe table of any role).
    pub fn from_references<'a>(refs: impl IntoIterator<Item = &'a Arc<Reference>>) -> LogRange {
        let refs: Vec<&Arc<Reference>> = refs.into_iter().collect();
        let earliest = refs.iter().find(|r| r.role == Role::Earliest).cloned();
        let latest = refs
            .iter()
            .find(|r| r.role == Role::Latest)
            .or_else(|| {
                refs.iter()
                    .find(|r| r.values.iter().any(|v| v.log_end.is_some()))
            })
            .cloned();
        LogRange {
            earliest: earliest.cloned(),
            latest: latest.cloned(),
        }
    }

    /// True when neither bound is known.
    pub fn is_empty(&self) -> bool {
        self.earliest.is_none() && self.latest.is_none()
    }

    pub fn bounds(&self, topic: &str, partition: i64) -> Bounds {
        Bounds {
            earliest: self
                .earliest
                .as_ref()
                .and_then(|r| r.offset(topic, partition)),
            latest: self
                .latest
                .as_ref()
                .and_then(|r| r.log_end(topic, partition)),
        }
    }

    /// The class of a row: `stored` is its current offset (`None` for null or unreadable).
    pub fn classify(
        &self,
        kind: ConnectorKind,
        topic: Option<&str>,
        partition: Option<i64>,
        stored: Option<i64>,
    ) -> RangeClass {
        let (Some(resume), Some(topic), Some(partition)) =
            (resume_at(kind, stored), topic, partition)
        else {
            return RangeClass::NotChecked;
        };
        classify_resume(resume, self.bounds(topic, partition))
    }

    /// What the phrase "against X" names in messages.
    fn against(&self) -> &'static str {
        match (&self.earliest, &self.latest) {
            (Some(_), Some(_)) => "the earliest and latest offsets",
            (Some(_), None) => "the earliest offsets",
            (None, Some(_)) => "the latest offsets",
            (None, None) => "no reference",
        }
    }
}

/// Where a row resumes: MirrorMaker 2 at stored + 1, a sink at stored; `None` for a null
/// offset or a kind that stores no log position.
pub fn resume_at(kind: ConnectorKind, stored: Option<i64>) -> Option<i128> {
    let v = i128::from(stored?);
    match kind {
        ConnectorKind::MirrorSource => Some(v + 1),
        ConnectorKind::Sink => Some(v),
        _ => None,
    }
}

/// The class of a resume position within bounds.
pub fn classify_resume(resume: i128, b: Bounds) -> RangeClass {
    if let (Some(e), Some(l)) = (b.earliest, b.latest)
        && e > l
    {
        return RangeClass::Unknown;
    }
    if let Some(e) = b.earliest
        && resume < i128::from(e)
    {
        return RangeClass::Below {
            missed: (i128::from(e) - resume) as u128,
        };
    }
    match b.latest {
        Some(l) if resume > i128::from(l) => RangeClass::Above {
            past: (resume - i128::from(l)) as u128,
        },
        Some(l) if resume == i128::from(l) => RangeClass::CaughtUp,
        Some(_) => RangeClass::Ok,
        None if b.earliest.is_some() => RangeClass::Ok,
        None => RangeClass::Unknown,
    }
}

/// What an edit does against the log, not only against the old value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EditEffect {
    /// The new position skips this many records that are still in the log.
    Skips(u128),
    /// The new position reads again this many records that are still in the log.
    Replays(u128),
    /// The same position, or a move outside the log only (nothing in the log changes hands).
    Same,
    /// Not enough known (no bounds, unreadable offsets, a kind without a log position).
    Unknown,
}

impl EditEffect {
    /// "skips 1,200 records", "replays 5 records", "reads the same records".
    pub fn phrase(self) -> Option<String> {
        let records = |n: u128| {
            format!(
                "{} record{}",
                group_digits(n),
                if n == 1 { "" } else { "s" }
            )
        };
        match self {
            EditEffect::Skips(n) => Some(format!("skips {} against the log", records(n))),
            EditEffect::Replays(n) => Some(format!("replays {} against the log", records(n))),
            EditEffect::Same => Some("reads the same records of the log".into()),
            EditEffect::Unknown => None,
        }
    }
}

/// What changing a row's offset from `before` to `after` does against its log. A null offset
/// resumes at the log start (auto.offset.reset=earliest, the default of MirrorMaker 2 and of
/// sink connectors), so null needs the earliest offset.
pub fn edit_effect(
    kind: ConnectorKind,
    before: Option<Option<i64>>,
    after: Option<Option<i64>>,
    b: Bounds,
) -> EditEffect {
    if !matches!(kind, ConnectorKind::MirrorSource | ConnectorKind::Sink) {
        return EditEffect::Unknown;
    }
    let position = |v: Option<Option<i64>>| -> Option<i128> {
        match v? {
            Some(stored) => resume_at(kind, Some(stored)),
            None => b.earliest.map(i128::from),
        }
    };
    let (Some(a), Some(z)) = (position(before), position(after)) else {
        return EditEffect::Unknown;
    };
    let (Some(e), Some(l)) = (b.earliest, b.latest) else {
        return EditEffect::Unknown;
    };
    let (e, l) = (i128::from(e), i128::from(l));
    let (lo, hi) = (a.min(z).max(e), a.max(z).min(l));
    let n = if hi > lo { (hi - lo) as u128 } else { 0 };
    match (n, z > a) {
        (0, _) => EditEffect::Same,
        (n, true) => EditEffect::Skips(n),
        (n, false) => EditEffect::Replays(n),
    }
}

mod check;

pub use check::{RangeCounts, RowFacts, check_listing, check_rows, stored_offset};

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn b(e: Option<i64>, l: Option<i64>) -> Bounds {
        Bounds {
            earliest: e,
            latest: l,
        }
    }

    #[test]
    fn every_class() {
        let both = b(Some(100), Some(200));
        assert_eq!(classify_resume(150, both), RangeClass::Ok);
        assert_eq!(classify_resume(100, both), RangeClass::Ok);
        assert_eq!(classify_resume(200, both), RangeClass::CaughtUp);
        assert_eq!(classify_resume(40, both), RangeClass::Below { missed: 60 });
        assert_eq!(classify_resume(205, both), RangeClass::Above { past: 5 });
        assert_eq!(classify_resume(5, b(None, None)), RangeClass::Unknown);
        assert_eq!(classify_resume(5, b(Some(9), Some(3))), RangeClass::Unknown);
        assert_eq!(classify_resume(500, b(Some(100), None)), RangeClass::Ok);
        assert_eq!(classify_resume(50, b(None, Some(100))), RangeClass::Ok);
    }

    #[test]
    fn resume_positions_per_kind() {
        assert_eq!(resume_at(ConnectorKind::MirrorSource, Some(99)), Some(100));
        assert_eq!(resume_at(ConnectorKind::Sink, Some(99)), Some(99));
        assert_eq!(resume_at(ConnectorKind::MirrorSource, None), None);
        assert_eq!(resume_at(ConnectorKind::Generic, Some(1)), None);
        // 2^63-1 stored by MirrorMaker 2 resumes at 2^63: no overflow.
        assert_eq!(
            resume_at(ConnectorKind::MirrorSource, Some(i64::MAX)),
            Some(i128::from(i64::MAX) + 1)
        );
        let r = LogRange {
            earliest: None,
            latest: Some(Arc::new(Reference::from_values(
                Role::Latest,
                [("t".to_string(), 0, Some(i64::MAX))],
            ))),
        };
        assert_eq!(
            r.classify(
                ConnectorKind::MirrorSource,
                Some("t"),
                Some(0),
                Some(i64::MAX)
            ),
            RangeClass::Above { past: 1 }
        );
        assert_eq!(
            r.classify(ConnectorKind::Sink, Some("t"), Some(0), Some(i64::MAX)),
            RangeClass::CaughtUp
        );
        assert_eq!(
            r.classify(ConnectorKind::Sink, Some("t"), Some(0), None),
            RangeClass::NotChecked
        );
    }

    #[test]
    fn edit_effects_count_records_in_the_log() {
        let k = ConnectorKind::Sink;
        let bounds = b(Some(600), Some(1000));
        // 500 -> 800: 300 against the old value, but 600..799 are the 200 left in the log.
        assert_eq!(
            edit_effect(k, Some(Some(500)), Some(Some(800)), bounds),
            EditEffect::Skips(200)
        );
        assert_eq!(
            edit_effect(k, Some(Some(900)), Some(Some(700)), bounds),
            EditEffect::Replays(200)
        );
        assert_eq!(
            edit_effect(k, Some(Some(100)), Some(Some(500)), bounds),
            EditEffect::Same
        );
        // Null resumes at the log start.
        assert_eq!(
            edit_effect(k, Some(Some(900)), Some(None), bounds),
            EditEffect::Replays(300)
        );
        // MirrorMaker 2: stored + 1.
        assert_eq!(
            edit_effect(
                ConnectorKind::MirrorSource,
                Some(Some(599)),
                Some(Some(699)),
                bounds
            ),
            EditEffect::Skips(100)
        );
        assert_eq!(
            edit_effect(k, Some(Some(1)), Some(Some(2)), b(None, Some(5))),
            EditEffect::Unknown
        );
        assert_eq!(
            EditEffect::Skips(1200).phrase().unwrap(),
            "skips 1,200 records against the log"
        );
        assert_eq!(
            EditEffect::Replays(1).phrase().unwrap(),
            "replays 1 record against the log"
        );
    }

    #[test]
    fn range_terms() {
        assert!(RangeTerm::Ok.matches(Some(RangeClass::CaughtUp)));
        assert!(RangeTerm::Below.matches(Some(RangeClass::Below { missed: 1 })));
        assert!(RangeTerm::Unknown.matches(None));
        assert!(!RangeTerm::Unchecked.matches(None));
        assert_eq!(RangeTerm::parse("caught-up"), Some(RangeTerm::CaughtUp));
    }
}
