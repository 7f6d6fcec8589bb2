//! Validation of a listing against the rules of docs/rules.md (IMP4–IMP7, S1–S11, MS1–MS14,
//! MC1–MC4, SK1–SK7, K1, K2, K4, DUPKEY, GENERIC), in ONE function, [`validate`], that returns
//! every diagnostic at once, sorted by position. docs/rules.md shows each message, with `<n>`
//! the 1-based entry number.
//!
//! Choices worth knowing:
//! * MS14 and SK7 are display hints that apply to every entry; they are emitted once per listing
//!   (at the first entry) so output stays readable. MC3 and MC4 are also once per listing.
//! * A number that is not a 64-bit integer is reported by S8 only; the kind-specific checks
//!   (MS3, MS8, MC1, ...) then skip that value instead of reporting it twice.
//! * MirrorMaker 2 skips every check for a tombstone (null offset), so MS1–MS6 and MC1 do too.
//! * Also: `S11` (error) when `offset` is neither null nor an object for a generic connector
//!   (Connect answers HTTP 500 'Cannot deserialize'), and `DUPKEY` (warning) for a key that
//!   appears twice in one JSON object (Jackson keeps the last). `GENERIC` (info) says that only
//!   the structure rules apply to generic connectors.
//!
//! This file holds the entry points and the dispatch by connector kind; each rule family has a
//! file: `listing` (once per listing, and the wrapper's names), `structure` (S*), `mirror_source`
//! (MS*), `mirror_checkpoint` (MC*), `sink` (SK*), with the shared wording in `messages`.

use crate::diag::{Diagnostic, Position, Severity};
use crate::json::{Raw, RawKind};
use crate::model::{ConnectorKind, Entry, KeyHashes, KeyIndex, Listing, OffsetField};
use std::borrow::Cow;
use std::collections::HashMap;

mod listing;
mod messages;
mod mirror_checkpoint;
mod mirror_source;
mod sink;
mod structure;

use listing::{listing_rules, same_payload};
use mirror_checkpoint::mirror_other_rules;
use mirror_source::{mirror_keys, mirror_source_rules};
use sink::sink_rules;
use structure::{
    duplicate_partitions, generic_rules, kind_fit, s7, same_for_s7, structure_rules, superseded,
};

/// Every rule id [`validate`] and the importer can emit (the golden tests check each appears).
pub const RULE_IDS: &[&str] = &[
    "IMP1", "IMP2", "IMP3", "IMP4", "IMP5", "IMP6", "IMP7", "S1", "S2", "S3", "S4", "S5", "S6",
    "S7", "S8", "S9", "S10", "S11", "MS1", "MS2", "MS3", "MS4", "MS5", "MS6", "MS7", "MS8", "MS9",
    "MS10", "MS11", "MS12", "MS13", "MS14", "MC1", "MC2", "MC3", "MC4", "SK1", "SK2", "SK3", "SK4",
    "SK5", "SK6", "SK7", "K1", "K2", "K4", "DUPKEY", "GENERIC", "JSON", "YAML", "CSV", "INPUT",
    "OPTION", "LIST", "KEY",
];

struct Ctx<'a> {
    listing: &'a Listing,
    out: Vec<Diagnostic>,
}

impl Ctx<'_> {
    fn push(
        &mut self,
        rule: &'static str,
        sev: Severity,
        pos: Position,
        msg: String,
        entry: Option<usize>,
    ) {
        let mut d = Diagnostic::new(rule, sev, pos, msg);
        d.entry = entry;
        self.push_diagnostic(d);
    }

    /// Adds a diagnostic a rule's own function built, with this listing's data key.
    fn push_diagnostic(&mut self, mut d: Diagnostic) {
        d.data_key = self.listing.data_key.clone();
        self.out.push(d);
    }
    fn err(&mut self, rule: &'static str, pos: Position, msg: String, entry: usize) {
        self.push(rule, Severity::Error, pos, msg, Some(entry));
    }
    fn warn(&mut self, rule: &'static str, pos: Position, msg: String, entry: usize) {
        self.push(rule, Severity::Warning, pos, msg, Some(entry));
    }
}

/// Validates `listing`; with `baseline` (the listing it was edited from) also reports what the
/// edit changes (MS10–MS13, S10). Returns every diagnostic, sorted by position.
pub fn validate(listing: &Listing, baseline: Option<&Listing>) -> Vec<Diagnostic> {
    let mut cx = Ctx {
        listing,
        out: Vec::new(),
    };
    let unchanged = baseline.is_some_and(|base| same_payload(base, listing));
    listing_rules(
        &mut cx,
        listing.entries.len(),
        first_entry_pos(listing),
        unchanged,
    );
    // The baseline is indexed once (first entry per key, as `Listing::find` answers): looking
    // each entry up with a linear scan made validating 100k entries take minutes.
    let baseline = baseline.map(|b| {
        let mut index = KeyIndex::with_capacity(b.entries.len());
        for (j, e) in b.entries.iter().enumerate() {
            if let Some(k) = index.probe(e) {
                index.insert_first(k, j);
            }
        }
        (b, index)
    });
    let mut hashes = KeyHashes::with_capacity(listing.entries.len());
    for (i, entry) in listing.entries.iter().enumerate() {
        entry_rules(&mut cx, i, entry, baseline.as_ref()).push_key(&mut hashes, i, entry);
    }
    let pairs = hashes.pairs(|i| listing.entries.get(i).and_then(Entry::partition));
    duplicate_partitions(&mut cx, &listing.entries, &pairs);
    let replaced = superseded(&pairs, |i| listing.entries.get(i).map(binds_offset));
    drop_replaced(&mut cx.out, &replaced);
    if listing.kind == ConnectorKind::Sink {
        sink::same_topic_partition(&mut cx, listing.entries.iter(), &replaced);
    }
    let mut out = cx.out;
    name_rows(&mut out, |i| {
        row_label(listing.entries.get(i)?, listing.kind)
    });
    if let Some(numbers) = &listing.numbers {
        for d in &mut out {
            if let Some(to) = d.entry.and_then(|i| numbers.get(i)) {
                renumber(d, *to);
            }
        }
    }
    crate::diag::sort_diagnostics(&mut out, crate::diag::by_position);
    out
}

/// The name messages lead with: the row's ([`Entry::row_name`]), or what its partition map has.
fn row_label(entry: &Entry, kind: ConnectorKind) -> Option<String> {
    entry.row_name(kind).or_else(|| partial_name(entry, kind))
}

/// The name of a row whose partition map has its topic but no readable partition number:
/// "east/orders, no valid partition" (issue 31 item 13: "Entry #2" alone made the user count).
fn partial_name(entry: &Entry, kind: ConnectorKind) -> Option<String> {
    let p = entry.partition()?;
    let text = |key: &str| p.get(key).and_then(Raw::as_str);
    let shown = crate::model::names::shown;
    let (prefix, topic) = match kind {
        ConnectorKind::Sink => (None, text("kafka_topic")?),
        ConnectorKind::MirrorSource => (text("cluster"), text("topic")?),
        ConnectorKind::MirrorCheckpoint => (text("group"), text("topic")?),
        ConnectorKind::MirrorHeartbeat | ConnectorKind::Generic => return None,
    };
    Some(match prefix {
        Some(c) => format!("{}/{}, no valid partition", shown(c), shown(topic)),
        None => format!("{}, no valid partition", shown(topic)),
    })
}

/// Numbers a diagnostic about entry `d.entry` of a subset as entry `to` of the listing it came
/// from: "Entry #n: ..." and "orders partition 1 (entry #n): ..." then count as the user's
/// file does. `d.entry` stays the subset's index.
pub fn renumber(d: &mut Diagnostic, to: usize) {
    let Some(from) = d.entry else { return };
    let lead = format!("Entry #{}", from + 1);
    let named = format!(" (entry #{}):", from + 1);
    if let Some(rest) = d.message.strip_prefix(&lead) {
        d.message = format!("Entry #{}{rest}", to + 1);
    } else if let Some(at) = d.message.find(&named) {
        d.message = format!(
            "{} (entry #{}):{}",
            &d.message[..at],
            to + 1,
            &d.message[at + named.len()..]
        );
    }
}

/// Leads each message about one entry with the row it is about, as the page's table names
/// it: "Entry #9: ..." becomes "payments partition 2 (entry #9): ..." (with the cluster for
/// MirrorMaker 2), so a user finds the row without counting. Messages that already name it
/// ("Entry #3 (east/orders:0): ...") and entries without a readable topic and partition keep
/// their number alone.
pub fn name_rows(out: &mut [Diagnostic], name: impl Fn(usize) -> Option<String>) {
    for d in out.iter_mut() {
        let Some(i) = d.entry else { continue };
        let lead = format!("Entry #{}", i + 1);
        let Some(rest) = d.message.strip_prefix(&lead) else {
            continue;
        };
        if !rest.starts_with(':') {
            continue;
        }
        if let Some(name) = name(i) {
            d.message = format!("{name} (entry #{}){rest}", i + 1);
        }
    }
}

/// [`validate`]`(&edited, None)` for `edited` = `meta` (every field but its entries) with the
/// entries `entries` yields, without holding those entries all at once: `connect-offsets edit`
/// writes 100k rewritten entries one at a time instead of building a second listing. `each`
/// sees every entry after it is checked (the caller writes it).
///
/// Each entry comes with a stand-in that lives through the call (the entry it was made from)
/// for S7, the only rule that compares entries with each other: its partition (content and
/// position) and its origin must be the entry's. `None` as soon as one differs; call
/// [`validate`] on the built listing then.
pub fn validate_streamed<'s>(
    meta: &Listing,
    entries: impl IntoIterator<Item = (Cow<'s, Entry>, &'s Entry)>,
    mut each: impl FnMut(&Entry),
) -> Option<Vec<Diagnostic>> {
    let mut cx = Ctx {
        listing: meta,
        out: Vec::new(),
    };
    let entries = entries.into_iter();
    let (least, most) = entries.size_hint();
    let capacity = most.unwrap_or(least);
    // S7's key hashes, and each stand-in for the pairs they give once all are in.
    let mut hashes = KeyHashes::with_capacity(capacity);
    let mut stand_ins: Vec<&'s Entry> = Vec::with_capacity(capacity);
    let mut count = 0usize;
    let mut first_pos = meta.offsets_pos;
    // Whether each entry's offset binds (`binds_offset`), for the entries S7 finds replaced.
    let mut binds: Vec<bool> = Vec::new();
    let mut sink_keys: Vec<Option<(String, i64, Position)>> = Vec::new();
    // The row names of the entries with a finding (the entries are gone after the loop).
    let mut names: HashMap<usize, String> = HashMap::new();
    for (i, (entry, stand_in)) in entries.enumerate() {
        if !same_for_s7(&entry, stand_in) {
            return None;
        }
        let before = cx.out.len();
        let read = entry_rules(&mut cx, i, &entry, None);
        if cx.out.len() > before
            && let Some(name) = row_label(&entry, meta.kind)
        {
            names.insert(i, name);
        }
        binds.push(read.binds_offset);
        if meta.kind == ConnectorKind::Sink {
            sink_keys.push(sink::topic_partition(&entry));
        }
        // S7 as `duplicate_partitions` finds it, on the stand-in (the same partition: the
        // entry's own keys hash the same).
        read.push_key(&mut hashes, i, stand_in);
        stand_ins.push(stand_in);
        if i == 0 {
            first_pos = entry.pos();
        }
        count += 1;
        each(&entry);
    }
    // Listing rules first and S7 last, as in `validate` (the sort below is stable).
    let mut entry_findings = std::mem::take(&mut cx.out);
    let pairs = hashes.pairs(|i| stand_ins.get(i).and_then(|e| e.partition()));
    let duplicates: Vec<(usize, usize, &Entry)> = pairs
        .iter()
        .filter_map(|&(i, first)| Some((i, first, *stand_ins.get(i)?)))
        .collect();
    let replaced = superseded(&pairs, |i| binds.get(i).copied());
    drop_replaced(&mut entry_findings, &replaced);
    listing_rules(&mut cx, count, first_pos, false);
    cx.out.extend(entry_findings);
    for &(i, first, e) in &duplicates {
        s7(&mut cx, i, first, e);
    }
    if meta.kind == ConnectorKind::Sink {
        sink::same_topic_partition_keys(&mut cx, &sink_keys, &replaced);
    }
    for (i, _, e) in &duplicates {
        if let Some(name) = row_label(e, meta.kind) {
            names.entry(*i).or_insert(name);
        }
    }
    let mut out = cx.out;
    name_rows(&mut out, |i| {
        names.get(&i).cloned().or_else(|| {
            let (topic, partition, _) = sink_keys.get(i)?.as_ref()?;
            Some(format!(
                "{} partition {partition}",
                crate::model::names::shown(topic)
            ))
        })
    });
    crate::diag::sort_diagnostics(&mut out, crate::diag::by_position);
    Some(out)
}

/// The topic partition a sink connector makes of an entry (`String.valueOf(kafka_topic)`,
/// `Integer.parseInt(String.valueOf(kafka_partition))`), when both parse: two entries with the
/// same one are the same partition for the sink, whatever their JSON.
pub fn sink_topic_partition(e: &Entry) -> Option<(String, i64)> {
    sink::topic_partition(e).map(|(t, p, _)| (t, p))
}

/// One entry's `partition` and `offset` members, found in one pass over it: every rule reads
/// them, and looking each up again cost about a tenth of the rules' work.
#[derive(Clone, Copy)]
struct Parts<'e> {
    /// `partition` as written (the last one), whatever it holds.
    partition: Option<Raw<'e>>,
    /// `offset` as written (the last one).
    offset: Option<Raw<'e>>,
    /// Every key of the entry is `partition` or `offset`, each once.
    clean: bool,
    /// The entry is an object.
    object: bool,
}

impl<'e> Parts<'e> {
    fn of(entry: &'e Entry) -> Parts<'e> {
        let value = entry.raw();
        match value.fields(["partition", "offset"]) {
            Some(([partition, offset], clean)) => Parts {
                partition,
                offset,
                clean,
                object: true,
            },
            None => Parts {
                partition: None,
                offset: None,
                clean: false,
                object: false,
            },
        }
    }

    /// The partition map: `partition` when it is an object ([`Entry::partition`]).
    fn partition_map(self) -> Option<Raw<'e>> {
        self.partition.filter(|p| p.kind() == RawKind::Object)
    }

    /// The `offset` field ([`Entry::offset_field`]).
    fn offset_field(self) -> OffsetField<'e> {
        OffsetField::of(self.offset)
    }

    /// True when the entry's offset binds as Kafka Connect reads it (null, absent or an
    /// object): only such an entry can be replaced by a later one with the same partition.
    fn binds_offset(self) -> bool {
        self.object && !matches!(self.offset_field(), OffsetField::Other(_))
    }
}

/// What one entry's rules read that the listing's checks reuse.
struct EntryRead<'e> {
    /// [`Parts::binds_offset`].
    binds_offset: bool,
    /// A MirrorMaker 2 partition map holding its three keys, each once, and no other: S7
    /// hashes them without reading the map again.
    mirror_pairs: Option<[(&'static str, Raw<'e>); 3]>,
}

impl EntryRead<'_> {
    /// Adds entry `i`'s partition key to S7's hashes.
    fn push_key(&self, hashes: &mut KeyHashes, i: usize, entry: &Entry) {
        match &self.mirror_pairs {
            Some(pairs) => hashes.push_pairs(i, pairs),
            None => hashes.push(i, entry.partition()),
        }
    }
}

/// Every rule about one entry on its own (all but S7); what S7 and the listing's checks reuse
/// of what they read.
fn entry_rules<'e>(
    cx: &mut Ctx<'_>,
    i: usize,
    entry: &'e Entry,
    baseline: Option<&(&Listing, KeyIndex<'_>)>,
) -> EntryRead<'e> {
    let parts = Parts::of(entry);
    structure_rules(cx, i, entry, parts);
    // A MirrorMaker 2 source listing reads its three partition keys once: for its rules, and
    // for the kind check when they are the map's only keys (a tenth of the rules' work).
    let mirror = (cx.listing.kind == ConnectorKind::MirrorSource)
        .then(|| mirror_keys(parts))
        .flatten();
    let fits = mirror.is_some_and(|([cluster, _, _], known)| known && cluster.is_some());
    if !fits {
        kind_fit(cx, i, parts.partition_map());
    }
    match cx.listing.kind {
        ConnectorKind::MirrorSource => mirror_source_rules(cx, i, entry, parts, mirror, baseline),
        ConnectorKind::MirrorCheckpoint | ConnectorKind::MirrorHeartbeat => {
            mirror_other_rules(cx, i, parts)
        }
        ConnectorKind::Sink => sink_rules(cx, i, parts),
        ConnectorKind::Generic => generic_rules(cx, i, parts),
    }
    // The three keys, each once, and no other.
    let mirror_pairs = match mirror {
        Some(([Some(cluster), Some(topic), Some(partition)], true)) => Some([
            ("cluster", cluster),
            ("topic", topic),
            ("partition", partition),
        ]),
        _ => None,
    };
    EntryRead {
        binds_offset: parts.binds_offset(),
        mirror_pairs,
    }
}

/// [`Parts::binds_offset`] of an entry.
fn binds_offset(e: &Entry) -> bool {
    Parts::of(e).binds_offset()
}

/// Removes the findings about entries a later duplicate replaces: Kafka Connect collapses
/// equal partitions (`ConnectorOffsets.toMap`, the last one wins) before any check runs, so
/// what is wrong with a replaced entry never reaches it. Only what fails earlier, in the JSON
/// binding (S3, and duplicate keys), and the notes that are true anyway stay.
fn drop_replaced(out: &mut Vec<Diagnostic>, replaced: &[usize]) {
    if replaced.is_empty() {
        return;
    }
    // `replaced` is in ascending order (`superseded`).
    out.retain(|d| {
        d.entry.is_none_or(|e| replaced.binary_search(&e).is_err())
            || matches!(d.rule, "S3" | "S5" | "S7" | "DUPKEY" | "S9" | "IMP7")
    });
}

fn first_entry_pos(l: &Listing) -> Position {
    l.entries.first().map(|e| e.pos()).unwrap_or(l.offsets_pos)
}
