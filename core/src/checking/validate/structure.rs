//! Structure rules every entry must pass whatever the connector (S3–S9, S11, duplicate keys), and
//! duplicate partitions across entries (S7).

use super::messages::{not_a_map_answer, shown};
use super::{Ctx, Parts};
use crate::diag::Severity;
use crate::json::{Raw, RawKind, RawMembers};
use crate::model::{ConnectorKind, Entry, FewKeys, OffsetField};

/// Largest integer a JavaScript number holds exactly (2^53 - 1).
const MAX_SAFE_JS: i64 = 9_007_199_254_740_991;

/// True when S7 reads the same from `a` as from `b`: the origin and the partition map (its
/// position, keys and values).
pub(super) fn same_for_s7(a: &Entry, b: &Entry) -> bool {
    a.same_origin(b)
        && match (a.partition(), b.partition()) {
            (None, None) => true,
            // An edited entry's copy is where its imported entry is: no position computed.
            (Some(x), Some(y)) => (x.same_place(y) || x.pos() == y.pos()) && x.same_as(y),
            _ => false,
        }
}

/// DUPKEY: a key that appears more than once in one object.
pub(super) fn duplicate_keys(cx: &mut Ctx<'_>, members: RawMembers<'_>, entry: Option<usize>) {
    for (i, m) in members.clone().enumerate() {
        if let Some(first) = members.clone().take(i).find(|p| p.key == m.key) {
            cx.push(
                "DUPKEY",
                Severity::Warning,
                m.key_pos(),
                format!(
                    "Key '{}' appears more than once in this object (first at {}); Kafka Connect keeps only the last value. Remove one of them.",
                    m.key,
                    first.key_pos()
                ),
                entry,
            );
        }
    }
}

/// S3: 'partition' or 'offset' again after the entry already had both. Jackson builds the
/// entry (`ConnectorOffset`'s creator) as soon as both are read, and a later one has no setter:
/// Kafka 4.3.1's worker answers 500 for the whole request. A repeat before that point replaces
/// the buffered value (the last wins), which `DUPKEY` reports as a warning.
fn repeated_after_both(cx: &mut Ctx<'_>, members: RawMembers<'_>, i: usize) -> bool {
    let (mut partition, mut offset) = (false, false);
    for m in members {
        let seen = match m.key {
            "partition" => partition,
            "offset" => offset,
            _ => continue,
        };
        if seen && partition && offset {
            cx.err(
                "S3",
                m.key_pos(),
                format!(
                    "'{key}' appears again after this entry already has 'partition' and 'offset': Kafka Connect {refused} or later rejects the whole request with HTTP 500 'Should never call `set()` on setterless property ('{key}')'; Kafka Connect {last} keeps only the last '{key}'. Keep one '{key}'.",
                    key = m.key,
                    refused = crate::versions::CONNECT_REPEATED_KEY_REFUSED,
                    last = crate::versions::CONNECT_REPEATED_KEY_LAST_WINS,
                ),
                i,
            );
            return true;
        }
        match m.key {
            "partition" => partition = true,
            _ => offset = true,
        }
    }
    false
}

/// S3 and DUPKEY for the keys of entry `i` (`members`): a repeated key, and a key other than
/// `partition` and `offset`.
fn entry_keys(cx: &mut Ctx<'_>, i: usize, members: RawMembers<'_>) {
    // A repeat after both keys fails the whole request; the "last wins" warning would mislead.
    if !repeated_after_both(cx, members.clone(), i) {
        duplicate_keys(cx, members.clone(), Some(i));
    }
    for m in members {
        if m.key != "partition" && m.key != "offset" {
            cx.err(
                "S3",
                m.key_pos(),
                format!(
                    "Entry #{} has an unexpected field '{}' (Kafka Connect returns HTTP 500 'Unrecognized field'). Remove it: an entry holds only 'partition' and 'offset'.",
                    i + 1,
                    m.key
                ),
                i,
            );
        }
    }
}

pub(super) fn structure_rules(cx: &mut Ctx<'_>, i: usize, entry: &Entry, parts: Parts<'_>) {
    let n = i + 1;
    let kind = cx.listing.kind;
    let value = entry.raw();
    if value.kind() != RawKind::Object {
        let upstream = match value.kind() {
            RawKind::Null => {
                "Kafka Connect fails with a NullPointerException and answers HTTP 500 'Cannot invoke \"org.apache.kafka.connect.runtime.rest.entities.ConnectorOffset.partition()\"'"
            }
            _ => &format!(
                "Kafka Connect answers HTTP 500 '{}'",
                crate::json::java::binding_error(crate::json::java::CONNECTOR_OFFSET, value)
            ),
        };
        cx.err(
            "S3",
            entry.pos(),
            format!("Entry #{n} must be an object {{\"partition\": {{...}}, \"offset\": {{...}}}}, not {}; {upstream}.", shown(value)),
            i,
        );
        return;
    }
    // One pass over the entry's members (every rule below reads these two). A clean entry
    // (each key once, no other) has nothing for the three checks that read every key.
    let (partition, offset) = (parts.partition, parts.offset);
    if !parts.clean {
        entry_keys(cx, i, value.members());
    }
    let offset_given = offset.is_some_and(|o| !o.is_null());
    match partition {
        Some(p) if p.kind() == RawKind::Object => {}
        Some(p) if !p.is_null() => cx.err(
            "S4",
            p.pos(),
            format!(
                "Entry #{n}: 'partition' must be an object such as {}, not {}; Kafka Connect answers HTTP 500 '{}'.",
                partition_example(kind),
                shown(p),
                not_a_map_answer(p)
            ),
            i,
        ),
        _ => {
            let pos = partition.map_or_else(|| entry.pos(), |p| p.pos());
            if kind == ConnectorKind::Sink {
                cx.err(
                    "SK1",
                    pos,
                    format!("Entry #{n}: the partition is null or missing. Kafka Connect answers HTTP 400 'The partition for a sink connector offset cannot be null or missing'. Give {{\"kafka_topic\": ..., \"kafka_partition\": ...}}."),
                    i,
                );
            } else if !offset_given {
                cx.warn(
                    "S4",
                    pos,
                    format!("Entry #{n} has no partition; Kafka Connect accepts this tombstone but it changes nothing. Remove the entry, or give the partition whose offset should be deleted."),
                    i,
                );
            } else if kind == ConnectorKind::Generic {
                cx.warn(
                    "S4",
                    pos,
                    format!("Entry #{n} has no partition; Kafka Connect accepts it and stores the offset under a null partition, which the connector never reads for any of its partitions. Give the partition map."),
                    i,
                );
            } else {
                cx.err(
                    "S4",
                    pos,
                    format!("Entry #{n} has no partition; MirrorMaker 2 answers HTTP 500 'Source partitions may not be null'. Give the partition map {}.", partition_example(kind)),
                    i,
                );
            }
        }
    }
    if offset.is_none() {
        cx.warn(
            "S5",
            entry.pos(),
            format!(
                "Entry #{n} has no 'offset'; Kafka Connect treats that as null and deletes the stored offset for this partition."
            ),
            i,
        );
    }
    for (field, map) in [("partition", partition), ("offset", offset)] {
        let Some(map) = map.filter(|m| m.kind() == RawKind::Object) else {
            continue;
        };
        // One walk: each value's rules, and whether the keys are distinct (up to 8 kept; a
        // longer map, or a repeated key, is checked again one by one). The findings are
        // sorted by position, so a repeated key is still reported before its value.
        let mut seen = FewKeys::<8>::default();
        let mut distinct = true;
        for m in map.members() {
            distinct = distinct && seen.keep(m.key);
            primitive_value(cx, i, field, m.key, m.value, offset_given);
        }
        if !distinct {
            duplicate_keys(cx, map.members(), Some(i));
        }
    }
}

/// S6 (and S9) for one value of a partition or offset map: source connectors run
/// `OffsetUtils.validateFormat` on every map, tombstones included, which refuses nested maps
/// and lists and numbers beyond 64 bits (bound as `BigInteger`); sink connectors never run it
/// and read only their own keys.
fn primitive_value(
    cx: &mut Ctx<'_>,
    i: usize,
    field: &str,
    key: &str,
    v: Raw<'_>,
    offset_given: bool,
) {
    let n = i + 1;
    let kind = cx.listing.kind;
    let nested = !v.is_primitive();
    let int = v.as_i64();
    let huge = int.is_none() && v.is_integer_number();
    if kind == ConnectorKind::Sink {
        if nested && !key.starts_with("kafka_") {
            cx.warn(
                "S6",
                v.pos(),
                format!("Entry #{n}: '{key}' is ignored by sink connectors (they read only kafka_topic, kafka_partition and kafka_offset), so its nested value is accepted and has no effect."),
                i,
            );
        }
        return;
    }
    // The MirrorMaker 2 rules report their own integer keys (MS3, S8, MC1, MC2) unless the
    // entry is a tombstone, whose partition MirrorMaker 2 never checks.
    let own_integer = offset_given
        && match (kind, field) {
            (ConnectorKind::MirrorSource | ConnectorKind::MirrorCheckpoint, "partition") => {
                key == "partition"
            }
            (ConnectorKind::Generic, _) => false,
            (_, "offset") => key == "offset",
            _ => false,
        };
    if nested {
        cx.err(
            "S6",
            v.pos(),
            format!(
                "Entry #{n}: '{key}' must be a plain value (string, number, boolean or null); Kafka Connect rejects nested objects or arrays in source {field}s with HTTP 500 'Offsets may only contain primitive types as values, but field {key} contains {}'.",
                if v.kind() == RawKind::Array { "ARRAY" } else { "MAP" }
            ),
            i,
        );
    } else if huge && !own_integer {
        cx.err(
            "S6",
            v.pos(),
            format!(
                "Entry #{n}: '{key}' is {}, beyond the 64-bit range; Kafka Connect reads it as a BigInteger and answers HTTP 500 'Offsets may only contain primitive types as values, but field {key} contains class java.math.BigInteger'. Use a value between -9223372036854775808 and 9223372036854775807.",
                shown(v)
            ),
            i,
        );
    } else if let Some(x) = int
        && x > MAX_SAFE_JS
    {
        cx.push(
            "S9",
            Severity::Info,
            v.pos(),
            "Kept exactly. (Tools that hold offsets in JavaScript numbers would corrupt this value; never route it through one.)".into(),
            Some(i),
        );
    }
}

/// An example partition map of `kind`, for messages that tell what to write.
fn partition_example(kind: ConnectorKind) -> &'static str {
    match kind {
        ConnectorKind::MirrorSource => {
            "{\"cluster\": \"east\", \"topic\": \"orders\", \"partition\": 0}"
        }
        ConnectorKind::MirrorCheckpoint => {
            "{\"group\": \"my-group\", \"topic\": \"east.orders\", \"partition\": 0}"
        }
        ConnectorKind::MirrorHeartbeat => {
            "{\"sourceClusterAlias\": \"east\", \"targetClusterAlias\": \"west\"}"
        }
        ConnectorKind::Sink => "{\"kafka_topic\": \"orders\", \"kafka_partition\": 0}",
        ConnectorKind::Generic => "{\"filename\": \"/data/a.txt\"}",
    }
}

/// IMP7: an entry whose partition keys are those of another kind than the listing's.
pub(super) fn kind_fit(cx: &mut Ctx<'_>, i: usize, partition: Option<Raw<'_>>) {
    let kind = cx.listing.kind;
    if kind == ConnectorKind::Generic {
        return;
    }
    let Some(p) = partition else { return };
    let looks = ConnectorKind::classify(p);
    if looks != kind {
        let what = if looks == ConnectorKind::Generic {
            "none of its keys marks that kind".to_string()
        } else {
            format!("its keys are those of a {}", looks.label())
        };
        cx.warn(
            "IMP7",
            p.pos(),
            format!(
                "Entry #{} does not look like a {} partition ({what}); it is checked as one. If the connector kind is wrong, choose the right one (--kind, or \"Connector kind\" in the page).",
                i + 1,
                kind.label()
            ),
            i,
        );
    }
}

pub(super) fn generic_rules(cx: &mut Ctx<'_>, i: usize, parts: Parts<'_>) {
    if let OffsetField::Other(v) = parts.offset_field() {
        cx.err(
            "S11",
            v.pos(),
            format!(
                "Entry #{}: the offset must be null or an object of plain values, not {}; Kafka Connect answers HTTP 500 '{}'.",
                i + 1,
                shown(v),
                not_a_map_answer(v)
            ),
            i,
        );
    }
}

/// S7: the same partition (Java `Map.equals`: key order ignored, `1`, `1.0` and `"1"` differ)
/// in two entries, reported at every later occurrence with the first one's index. Returns the
/// pairs (later entry, first entry).
pub(super) fn duplicate_partitions(cx: &mut Ctx<'_>, entries: &[Entry], pairs: &[(usize, usize)]) {
    for &(i, first) in pairs {
        if let Some(e) = entries.get(i) {
            s7(cx, i, first, e);
        }
    }
}

/// S7 for entry `i`, whose partition entry `first` already has.
pub(super) fn s7(cx: &mut Ctx<'_>, i: usize, first: usize, e: &Entry) {
    let Some(key) = e.key() else { return };
    let pos = e.partition().map_or_else(|| e.pos(), |p| p.pos());
    cx.warn(
        "S7",
        pos,
        format!(
            "Entry #{}: partition {key} is also in entry #{}. Kafka Connect keeps only the last entry for a partition and ignores the earlier ones (and any problem they have). Keep only the last to make that explicit.",
            i + 1,
            first + 1
        ),
        i,
    );
}

/// The entries a later entry with the same partition replaces before any check runs
/// (`ConnectorOffsets.toMap`), from the (later, first) pairs S7 found: every member of a group
/// but its last. An entry whose offset is neither null nor an object still fails to bind, so it
/// is not counted. In ascending order (callers look entries up by binary search).
pub(super) fn superseded(
    pairs: &[(usize, usize)],
    entry: impl Fn(usize) -> Option<bool>,
) -> Vec<usize> {
    // Sorted vectors rather than a hash map and set: the wasm holds no hash table code for them.
    let mut members: Vec<usize> = Vec::new();
    for &(later, first) in pairs {
        members.push(first);
        members.push(later);
    }
    members.sort_unstable();
    members.dedup();
    let at = |m: usize| members.binary_search(&m).ok();
    // The last member of each group, by the position of the group's first member.
    let mut last_of: Vec<Option<usize>> = vec![None; members.len()];
    for &(later, first) in pairs {
        if let Some(last) = at(first).and_then(|i| last_of.get_mut(i)) {
            *last = Some(last.map_or(later, |l| l.max(later)));
        }
    }
    let mut is_last = vec![false; members.len()];
    for last in last_of.iter().flatten() {
        if let Some(flag) = at(*last).and_then(|i| is_last.get_mut(i)) {
            *flag = true;
        }
    }
    members
        .iter()
        .zip(&is_last)
        .filter(|&(&m, &last)| !last && entry(m) == Some(true))
        .map(|(&m, _)| m)
        .collect()
}
