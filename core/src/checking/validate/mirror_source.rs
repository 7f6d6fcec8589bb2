//! Rules of MirrorMaker 2's MirrorSourceConnector entries (MS1–MS13).

use super::messages::{
    extra_keys, is_nested, missing_key, missing_offset_key, not_a_map_answer, not_a_string,
    partition_problem, range_message, shown,
};
use super::{Ctx, Parts};
use crate::json::Raw;
use crate::model::names;
use crate::model::{ConnectorKind, Entry, KeyIndex, Listing, OffsetField};

/// The values of [`MIRROR_KEYS`] in an entry's partition map (the last of each), read in one
/// pass, and whether they are its only keys, each once (`None`: no partition map).
pub(super) type MirrorKeys<'e> = ([Option<Raw<'e>>; 3], bool);

/// [`MirrorKeys`] of an entry.
pub(super) fn mirror_keys(parts: Parts<'_>) -> Option<MirrorKeys<'_>> {
    parts.partition_map()?.fields(MIRROR_KEYS)
}

/// MirrorMaker 2's rules for entry `i`; `mirror` is its [`MirrorKeys`], read once by the
/// caller (the kind check and S7 use them too).
pub(super) fn mirror_source_rules<'e>(
    cx: &mut Ctx<'_>,
    i: usize,
    entry: &Entry,
    parts: Parts<'e>,
    mirror: Option<MirrorKeys<'e>>,
    baseline: Option<&(&Listing, KeyIndex<'_>)>,
) {
    let offset = parts.offset_field();
    let tombstone = matches!(offset, OffsetField::Missing | OffsetField::Null);
    // MirrorMaker 2 skips every partition check for a tombstone (a null offset).
    if let Some(p) = parts.partition_map()
        && !tombstone
    {
        let (fields, known) = mirror.unwrap_or(([None; 3], true));
        partition_rules(cx, i, p, fields, known);
        let [cluster, topic, _] = fields;
        source_alias(cx, i, cluster);
        topic_name(cx, i, topic);
    }
    offset_rules(cx, i, offset);
    // Computed only when a finding needs it (a position costs a line lookup).
    let pos = || offset_pos(entry, offset);
    // The baseline's entry for this partition: `None` without a baseline or a key, `Some(None)`
    // for a partition the baseline does not list.
    let listed = baseline.and_then(|(base, index)| {
        index
            .probe(entry)
            .map(|key| index.get(&key).and_then(|j| base.entries.get(j)))
    });
    // Without a baseline (or for a partition it does not list), deleting is what the entry
    // does whatever was stored before: say so.
    if tombstone && !matches!(listed, Some(Some(_))) {
        // Entries built by code (a CSV import) have no position of their own.
        let pos = match pos() {
            crate::diag::Position::NONE => entry.pos(),
            pos => pos,
        };
        ms13(cx, i, pos);
    }
    match listed {
        None => {}
        Some(None) => new_partition(cx, i, entry),
        Some(Some(old_entry)) => against_listed(cx, i, entry, old_entry, pos()),
    }
}

/// The keys of a MirrorSourceConnector partition, in the order [`Raw::fields`] answers them.
const MIRROR_KEYS: [&str; 3] = ["cluster", "topic", "partition"];

/// MS1-MS4: the partition map's keys and their types, as MirrorMaker 2 reads them. `fields`
/// holds the values of [`MIRROR_KEYS`]; `known` is false when `p` has another key.
fn partition_rules(
    cx: &mut Ctx<'_>,
    i: usize,
    p: Raw<'_>,
    fields: [Option<Raw<'_>>; 3],
    known: bool,
) {
    let n = i + 1;
    for (k, v) in MIRROR_KEYS.into_iter().zip(fields) {
        if v.is_none() {
            cx.err("MS1", p.pos(), missing_key(n, k), i);
        }
    }
    let [cluster, topic, partition] = fields;
    for (k, v) in [("cluster", cluster), ("topic", topic)] {
        if let Some(v) = v
            && v.as_str().is_none()
            && !is_nested(v)
        {
            cx.err("MS2", v.pos(), not_a_string(n, k, v), i);
        }
    }
    if let Some(v) = partition
        && let Some(msg) = partition_problem(n, v)
    {
        cx.err("MS3", v.pos(), msg, i);
    }
    if !known && let Some(extra) = extra_keys(p, &MIRROR_KEYS) {
        cx.warn(
            "MS4",
            p.pos(),
            format!("Entry #{n} has extra key(s) {extra}. Kafka Connect accepts the entry, but MirrorMaker never reads it."),
            i,
        );
    }
}

/// MS6: a topic name Kafka refuses can never match a replicated partition.
fn topic_name(cx: &mut Ctx<'_>, i: usize, topic: Option<Raw<'_>>) {
    let n = i + 1;
    if let Some(t) = topic
        && let Some(ts) = t.as_str()
        && let Err(reason) = names::check_topic(ts)
    {
        cx.warn(
            "MS6",
            t.pos(),
            format!("Entry #{n}: '{ts}' is not a valid Kafka topic name ({reason}), so it can never match a replicated partition."),
            i,
        );
    }
}

/// MS5: a cluster that is not the connector's source alias is stored but never read.
fn source_alias(cx: &mut Ctx<'_>, i: usize, cluster: Option<Raw<'_>>) {
    let n = i + 1;
    let listing = cx.listing;
    let (Some(c), Some(m)) = (cluster, listing.mirror.as_ref()) else {
        return;
    };
    let Some(cs) = c.as_str() else {
        return;
    };
    if m.source_aliases().any(|a| a == cs) {
        return;
    }
    let msg = if m.candidates.len() == 1 {
        format!(
            "Entry #{n}: cluster '{cs}' is not this connector's source alias '{}'. The offset will be stored but ignored.",
            m.name.source
        )
    } else {
        // IMP5: the key reads as several connectors; a cluster that is any of their source
        // aliases may be right.
        let all: Vec<String> = m.source_aliases().map(|a| format!("'{a}'")).collect();
        format!(
            "Entry #{n}: cluster '{cs}' is none of the source aliases this connector's key can be read with ({}). The offset will be stored but ignored.",
            all.join(", ")
        )
    };
    cx.warn("MS5", c.pos(), msg, i);
}

/// MS7-MS9 and S8: the offset must be null or `{"offset": N}` with N a 64-bit whole number ≥ 0.
fn offset_rules(cx: &mut Ctx<'_>, i: usize, offset: OffsetField<'_>) {
    let n = i + 1;
    match offset {
        OffsetField::Other(v) => cx.err(
            "MS7",
            v.pos(),
            format!("Entry #{n}: the offset must be null or an object {{\"offset\": N}}, not {}; Kafka Connect answers HTTP 500 '{}'.", shown(v), not_a_map_answer(v)),
            i,
        ),
        OffsetField::Map(map) => match map.fields(["offset"]) {
            None | Some(([None], _)) => {
                cx.err("MS7", map.pos(), missing_offset_key(n, "{\"offset\": N}"), i)
            }
            Some(([Some(v)], known)) => {
                offset_value(cx, i, v);
                if !known && let Some(extra) = extra_keys(map, &["offset"]) {
                    cx.warn(
                        "MS9",
                        map.pos(),
                        format!(
                            "Entry #{n}: extra offset field(s) {extra} are stored but ignored."
                        ),
                        i,
                    );
                }
            }
        },
        OffsetField::Missing | OffsetField::Null => {}
    }
}

/// S8 and MS8: the value of `offset`.
fn offset_value(cx: &mut Ctx<'_>, i: usize, v: Raw<'_>) {
    let n = i + 1;
    match v.integer() {
        Some((x, None)) => cx.err(
            "S8",
            v.pos(),
            format!("Entry #{n}: the offset {x} is beyond the 64-bit range 0…9223372036854775807; Kafka Connect reads it as a BigInteger and answers HTTP 500 'Offsets may only contain primitive types as values, but field offset contains class java.math.BigInteger'."),
            i,
        ),
        Some((_, Some(o))) if o >= 0 => {}
        Some(_) => cx.err(
            "MS8",
            v.pos(),
            format!("Entry #{n}: the offset {} is negative; it must be a whole number ≥ 0 (MirrorMaker 2 answers HTTP 500 '... for the 'offset' key, which cannot be negative'). To replay from the beginning of the partition, set the offset to null.", shown(v)),
            i,
        ),
        // A nested value: S6 quotes the answer Kafka Connect gives first.
        None if is_nested(v) => {}
        None => cx.err(
            "MS8",
            v.pos(),
            format!("Entry #{n}: the offset {} is not an integer; it must be a whole number ≥ 0 written without quotes, fraction or exponent (MirrorMaker 2 answers HTTP 500 '... for the 'offset' key, which must be an integer'). To replay from the beginning of the partition, set the offset to null.", shown(v)),
            i,
        ),
    }
}

/// Where the findings about the entry's offset point: its value, else the `offset` member,
/// else the entry.
fn offset_pos(entry: &Entry, offset: OffsetField<'_>) -> crate::diag::Position {
    match offset {
        OffsetField::Map(m) => m.get("offset").map(|v| v.pos()).unwrap_or(m.pos()),
        OffsetField::Other(v) => v.pos(),
        _ => entry
            .raw()
            .member("offset")
            .map(|m| m.value.pos())
            .unwrap_or_else(|| entry.pos()),
    }
}

/// MS10: a partition the baseline does not list.
fn new_partition(cx: &mut Ctx<'_>, i: usize, entry: &Entry) {
    let n = i + 1;
    let (t, p) = match entry.mirror_partition() {
        Some(mp) => (mp.topic.to_string(), mp.partition.to_string()),
        None => {
            let get = |k: &str| {
                entry
                    .partition()
                    .and_then(|p| p.get(k))
                    .map(|v| match v.as_str() {
                        Some(s) => s.to_string(),
                        None => crate::json::to_compact(v),
                    })
            };
            (
                get("topic").unwrap_or_default(),
                get("partition").unwrap_or_default(),
            )
        }
    };
    cx.warn(
        "MS10",
        entry.pos(),
        format!("Entry #{n}: a new partition: make sure topic '{t}' has partition {p} on the source cluster and this connector replicates the topic."),
        i,
    );
}

/// MS11-MS13 against the baseline's entry for the same partition: records mirrored again,
/// skipped, or a stored offset deleted.
fn against_listed(
    cx: &mut Ctx<'_>,
    i: usize,
    entry: &Entry,
    old_entry: &Entry,
    pos: crate::diag::Position,
) {
    let n = i + 1;
    let new = entry.offset(ConnectorKind::MirrorSource);
    let old = old_entry.offset(ConnectorKind::MirrorSource);
    match (old, new) {
        (Some(old), Some(new)) if new < old => cx.warn(
            "MS11",
            pos,
            range_message(
                n,
                i128::from(new) + 1,
                old,
                " will be mirrored again (duplicates on the target).",
            ),
            i,
        ),
        (Some(old), Some(new)) if new > old => cx.warn(
            "MS12",
            pos,
            range_message(
                n,
                i128::from(old) + 1,
                new,
                " will be skipped and never mirrored.",
            ),
            i,
        ),
        _ => {}
    }
    if entry.is_tombstone() && !old_entry.is_tombstone() {
        ms13(cx, i, pos);
    }
}

/// MS13: a null offset deletes the stored one, if any (a new connector has none: the words
/// hold for both, issue 31 item 12).
fn ms13(cx: &mut Ctx<'_>, i: usize, pos: crate::diag::Position) {
    cx.warn(
        "MS13",
        pos,
        format!(
            "Entry #{}: null deletes any offset stored for this partition, and MirrorMaker starts it according to auto.offset.reset {}.",
            i + 1,
            cx.listing.reset.null_outcome_from_start(ConnectorKind::MirrorSource)
        ),
        i,
    );
}
