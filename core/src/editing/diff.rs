//! Diffs between listings, matched by canonical partition key:
//!
//! * [`diff`]: what an edit changes compared with the imported listing (or what changed between
//!   two listings): per entry unchanged / rewound by N / skipped N / nulled / set / added /
//!   removed, plus summary counts;
//! * [`confirm`]: after an alter, whether a fresh listing shows what the alter asked for.
//!
//! "Rewound by N" means N records are processed again: mirrored again (duplicates on the target)
//! for MirrorMaker 2, re-consumed for a sink connector. "Skipped N" means N records are never
//! processed.

use crate::editing::edit::{OffsetValue, describe_entry};
use crate::model::{ConnectorKind, Entry, Listing, OffsetField, PartitionKey, ResetFact};
use std::collections::{HashMap, hash_map};
use std::fmt::Write as _;

/// How one partition's offset differs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Change {
    Unchanged,
    /// The offset went down by this many records: they are processed again.
    Rewound(u64),
    /// The offset went up by this many records: they are never processed.
    Skipped(u64),
    /// The offset was set to null (deleted).
    Nulled,
    /// A null offset got a value.
    Set,
    /// Only in the second listing.
    Added,
    /// Only in the first listing.
    Removed,
    /// Changed, but one side is not a readable integer.
    Modified,
}

/// One partition of a diff.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntryDiff {
    /// `east/orders:0`, `events:2` or the partition map.
    pub label: String,
    pub key: Option<PartitionKey>,
    /// The entry's index in the second listing, when it is there.
    pub after_index: Option<usize>,
    pub before: Option<OffsetValue>,
    pub after: Option<OffsetValue>,
    pub change: Change,
}

/// Counts per kind of change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Summary {
    pub unchanged: usize,
    pub rewound: usize,
    pub skipped: usize,
    pub nulled: usize,
    pub set: usize,
    pub added: usize,
    pub removed: usize,
    pub modified: usize,
    /// Records processed again, summed over rewound partitions.
    pub records_replayed: u128,
    /// Records never processed, summed over skipped partitions.
    pub records_skipped: u128,
}

impl Summary {
    /// Partitions that differ.
    pub fn changed(&self) -> usize {
        self.rewound
            + self.skipped
            + self.nulled
            + self.set
            + self.added
            + self.removed
            + self.modified
    }
}

/// A whole diff.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diff {
    pub kind: ConnectorKind,
    /// The connector's `auto.offset.reset` (the edited listing's): what a null does.
    pub reset: ResetFact,
    pub entries: Vec<EntryDiff>,
    pub summary: Summary,
}

/// The meaning of an entry's offset (what [`crate::editing::edit::Session`] shows).
pub fn offset_value(kind: ConnectorKind, entry: &Entry) -> OffsetValue {
    match entry.offset_field() {
        OffsetField::Missing | OffsetField::Null => OffsetValue::Null,
        OffsetField::Other(_) => OffsetValue::Unreadable,
        OffsetField::Map(_) => match entry.offset(kind) {
            Some(v) => OffsetValue::Value(v),
            None => OffsetValue::Unreadable,
        },
    }
}

fn classify(
    kind: ConnectorKind,
    before: &Entry,
    after: &Entry,
) -> (OffsetValue, OffsetValue, Change) {
    let b = offset_value(kind, before);
    let a = offset_value(kind, after);
    let change = match (b, a) {
        (OffsetValue::Value(x), OffsetValue::Value(y)) if x == y => Change::Unchanged,
        (OffsetValue::Value(x), OffsetValue::Value(y)) if y < x => {
            Change::Rewound((i128::from(x) - i128::from(y)) as u64)
        }
        (OffsetValue::Value(x), OffsetValue::Value(y)) => {
            Change::Skipped((i128::from(y) - i128::from(x)) as u64)
        }
        (OffsetValue::Null, OffsetValue::Null) => Change::Unchanged,
        (OffsetValue::Value(_), OffsetValue::Null) => Change::Nulled,
        (OffsetValue::Null, OffsetValue::Value(_)) => Change::Set,
        (OffsetValue::Unreadable, OffsetValue::Null) => Change::Nulled,
        _ => {
            if before.raw().get("offset") == after.raw().get("offset") {
                Change::Unchanged
            } else {
                Change::Modified
            }
        }
    };
    (b, a, change)
}

fn index_by_key(listing: &Listing) -> HashMap<PartitionKey, usize> {
    let mut map = HashMap::with_capacity(listing.entries.len());
    for (i, e) in listing.entries.iter().enumerate() {
        if let Some(k) = e.connect_key(listing.kind) {
            // Jackson (and Connect's toMap) keep the LAST duplicate.
            map.insert(k, i);
        }
    }
    map
}

/// Compares `before` (usually the imported listing) with `after` (the edited one, or a later
/// listing). Entries come in `before` order, then entries only in `after`, in its order.
pub fn diff(before: &Listing, after: &Listing) -> Diff {
    let kind = before.kind;
    // The last entry of each partition (the one Connect keeps), and the earlier duplicates (S7),
    // in order, for the few partitions that have them.
    let mut after_index: HashMap<PartitionKey, usize> = HashMap::with_capacity(after.entries.len());
    let mut earlier: HashMap<PartitionKey, Vec<usize>> = HashMap::new();
    for (i, e) in after.entries.iter().enumerate() {
        let Some(k) = e.connect_key(kind) else {
            continue;
        };
        match after_index.entry(k) {
            hash_map::Entry::Vacant(v) => {
                v.insert(i);
            }
            hash_map::Entry::Occupied(mut o) => {
                let previous = o.insert(i);
                earlier.entry(o.key().clone()).or_default().push(previous);
            }
        }
    }
    // Duplicates pair from the end: the last `before` entry of a partition with the last `after`
    // one, the one before it with the one before that; any further `before` duplicate with the
    // last. So a listing with duplicates still diffs clean against itself.
    let mut rank_from_end = vec![0usize; before.entries.len()];
    if !earlier.is_empty() {
        let mut count: HashMap<PartitionKey, usize> = HashMap::new();
        for (i, b) in before.entries.iter().enumerate().rev() {
            if let Some(k) = b.connect_key(kind).filter(|k| earlier.contains_key(k)) {
                let n = count.entry(k).or_default();
                if let Some(r) = rank_from_end.get_mut(i) {
                    *r = *n;
                }
                *n += 1;
            }
        }
    }
    let mut seen = vec![false; after.entries.len()];
    let mut entries = Vec::with_capacity(before.entries.len());
    let mut summary = Summary::default();
    let mut keyless = KeylessMatch::new(after, kind);
    for (i, b) in before.entries.iter().enumerate() {
        let key = b.connect_key(kind);
        let label = describe_entry(kind, b);
        let rank = rank_from_end.get(i).copied().unwrap_or(0);
        let found = match &key {
            Some(k) => {
                let dups = earlier.get(k).filter(|_| rank > 0);
                match dups.and_then(|d| d.len().checked_sub(rank).and_then(|j| d.get(j))) {
                    Some(&j) => Some(j),
                    None => after_index.get(k).copied(),
                }
            }
            None => keyless.find(b),
        };
        let (before_v, after_v, change) =
            match found.and_then(|j| after.entries.get(j).map(|a| (j, a))) {
                Some((j, a)) => {
                    if let Some(s) = seen.get_mut(j) {
                        *s = true;
                    }
                    let (x, y, c) = classify(kind, b, a);
                    (Some(x), Some(y), c)
                }
                None => (Some(offset_value(kind, b)), None, Change::Removed),
            };
        entries.push(EntryDiff {
            label,
            key,
            after_index: found.filter(|&j| j < after.entries.len()),
            before: before_v,
            after: after_v,
            change,
        });
    }
    for (j, a) in after.entries.iter().enumerate() {
        if seen.get(j).copied().unwrap_or(true) {
            continue;
        }
        entries.push(EntryDiff {
            label: describe_entry(kind, a),
            key: a.connect_key(kind),
            after_index: Some(j),
            before: None,
            after: Some(offset_value(kind, a)),
            change: Change::Added,
        });
    }
    for e in &entries {
        match e.change {
            Change::Unchanged => summary.unchanged += 1,
            Change::Rewound(n) => {
                summary.rewound += 1;
                summary.records_replayed += u128::from(n);
            }
            Change::Skipped(n) => {
                summary.skipped += 1;
                summary.records_skipped += u128::from(n);
            }
            Change::Nulled => summary.nulled += 1,
            Change::Set => summary.set += 1,
            Change::Added => summary.added += 1,
            Change::Removed => summary.removed += 1,
            Change::Modified => summary.modified += 1,
        }
    }
    Diff {
        kind,
        reset: after.reset.clone(),
        entries,
        summary,
    }
}

/// Pairs the entries that have no partition key (`partition` missing or not an object): such an
/// entry is the same entry in both listings when its whole text is the same, in the same order
/// among the keyless entries (a listing diffed against itself is unchanged). Each `before` entry
/// takes the first unpaired keyless `after` entry, at or past the last one paired, with the same
/// value; one with no such twin is removed, and the `after` entries left over are added.
struct KeylessMatch<'a> {
    after: &'a Listing,
    /// The indexes of `after`'s keyless entries, in order.
    candidates: Vec<usize>,
    /// How many of `candidates` are paired or passed over.
    next: usize,
}

impl<'a> KeylessMatch<'a> {
    fn new(after: &'a Listing, kind: ConnectorKind) -> Self {
        let candidates = after
            .entries
            .iter()
            .enumerate()
            .filter(|(_, e)| e.connect_key(kind).is_none())
            .map(|(i, _)| i)
            .collect();
        KeylessMatch {
            after,
            candidates,
            next: 0,
        }
    }

    fn find(&mut self, b: &Entry) -> Option<usize> {
        let rest = self.candidates.get(self.next..)?;
        let offset = rest.iter().position(|&j| {
            self.after
                .entries
                .get(j)
                .is_some_and(|a| a.raw().same_as(b.raw()))
        })?;
        let j = rest.get(offset).copied();
        self.next += offset + 1;
        j
    }
}

fn show(v: Option<OffsetValue>) -> String {
    match v {
        None => "-".into(),
        Some(OffsetValue::Null) => "null".into(),
        Some(OffsetValue::Value(v)) => v.to_string(),
        Some(OffsetValue::Unreadable) => "?".into(),
    }
}

impl EntryDiff {
    /// One sentence describing the change, in the connector's terms.
    pub fn describe(&self, kind: ConnectorKind, reset: &ResetFact) -> String {
        let again = match kind {
            ConnectorKind::Sink => "re-consumed",
            ConnectorKind::MirrorSource => "mirrored again",
            _ => "processed again",
        };
        let never = match kind {
            ConnectorKind::Sink => "never consumed",
            ConnectorKind::MirrorSource => "never mirrored",
            _ => "never processed",
        };
        match self.change {
            Change::Unchanged => "unchanged".into(),
            Change::Rewound(n) => format!("rewound by {n} ({n} record(s) {again})"),
            Change::Skipped(n) => format!("skipped {n} record(s) ({never})"),
            Change::Nulled => match kind {
                ConnectorKind::MirrorSource => format!("nulled ({})", reset.null_short(kind)),
                ConnectorKind::Sink if reset.is_default() => {
                    "nulled (consumer-group offset deleted)".into()
                }
                ConnectorKind::Sink => format!(
                    "nulled (consumer-group offset deleted; {})",
                    reset.null_short(kind)
                ),
                _ => "nulled (stored offset deleted)".into(),
            },
            Change::Set => "set (was null)".into(),
            Change::Added => "added".into(),
            Change::Removed => "removed".into(),
            Change::Modified => "modified".into(),
        }
    }
}

impl Diff {
    /// Entries that differ.
    pub fn changed(&self) -> impl Iterator<Item = &EntryDiff> {
        self.entries
            .iter()
            .filter(|e| e.change != Change::Unchanged)
    }

    /// Plain-text report: one line per changed entry (`label: before -> after, what`) and a
    /// summary line. With `all`, unchanged entries are listed too.
    pub fn render(&self, all: bool) -> String {
        let mut out = String::new();
        for e in &self.entries {
            if !all && e.change == Change::Unchanged {
                continue;
            }
            let _ = writeln!(
                out,
                "{}: {} -> {}, {}",
                e.label,
                show(e.before),
                show(e.after),
                e.describe(self.kind, &self.reset)
            );
        }
        let s = &self.summary;
        let _ = writeln!(
            out,
            "Summary: {} changed ({} rewound, {} skipped, {} nulled, {} set, {} added, {} removed, {} modified), {} unchanged; {} record(s) processed again, {} record(s) skipped.",
            s.changed(),
            s.rewound,
            s.skipped,
            s.nulled,
            s.set,
            s.added,
            s.removed,
            s.modified,
            s.unchanged,
            s.records_replayed,
            s.records_skipped
        );
        out
    }
}

/// One partition whose listed offset is not what the alter asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    /// Index of the entry in the alter payload (`requested`).
    pub entry: usize,
    pub label: String,
    pub expected: OffsetValue,
    /// `None`: the partition is not in the listing.
    pub actual: Option<OffsetValue>,
}

/// The result of [`confirm`].
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Confirmation {
    /// Partitions of the alter that the listing shows as asked.
    pub confirmed: usize,
    pub mismatches: Vec<Mismatch>,
}

impl Confirmation {
    pub fn is_ok(&self) -> bool {
        self.mismatches.is_empty()
    }

    /// Plain-text report.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for m in &self.mismatches {
            let _ = writeln!(
                out,
                "{}: the alter asked for {}, the listing shows {}",
                m.label,
                show(Some(m.expected)),
                match m.actual {
                    None => "no entry".to_string(),
                    a => show(a),
                }
            );
        }
        let _ = writeln!(
            out,
            "Confirmed {} of {} altered partition(s){}",
            self.confirmed,
            self.confirmed + self.mismatches.len(),
            if self.is_ok() {
                "."
            } else {
                "; the entries above did not land."
            }
        );
        out
    }
}

/// Checks a listing taken after an alter (`after`, with the connector still stopped) against
/// the alter payload (`requested`). A null request is confirmed when the partition is absent
/// (source connectors list only non-null offsets) or null.
pub fn confirm(requested: &Listing, after: &Listing) -> Confirmation {
    let kind = requested.kind;
    let index = index_by_key(after);
    let mut out = Confirmation::default();
    for (entry, r) in requested.entries.iter().enumerate() {
        let expected = offset_value(kind, r);
        let actual = r
            .connect_key(kind)
            .and_then(|k| index.get(&k).copied())
            .and_then(|j| after.entries.get(j))
            .map(|a| offset_value(kind, a));
        let ok = match (expected, actual) {
            (OffsetValue::Null, None | Some(OffsetValue::Null)) => true,
            (e, Some(a)) => e == a && e != OffsetValue::Unreadable,
            _ => false,
        };
        if ok {
            out.confirmed += 1;
        } else {
            out.mismatches.push(Mismatch {
                entry,
                label: describe_entry(kind, r),
                expected,
                actual,
            });
        }
    }
    out
}
