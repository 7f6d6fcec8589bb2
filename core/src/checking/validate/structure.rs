//! Structure rules every entry must pass whatever the connector (S3–S9, S11, duplicate keys), and
//! duplicate partitions across entries (S7).

use super::Ctx;
use crate::diag::Severity;
use crate::json::{JsonKind, JsonValue, Member};
use crate::model::{Entry, KeyIndex, OffsetField};

/// Largest integer a JavaScript number holds exactly (2^53 - 1).
const MAX_SAFE_JS: i64 = 9_007_199_254_740_991;

/// True when S7 reads the same from `a` as from `b`: the origin and the partition map (its
/// position, keys and values).
pub(super) fn same_for_s7(a: &Entry, b: &Entry) -> bool {
    a.origin.pos == b.origin.pos
        && match (a.partition(), b.partition()) {
            (None, None) => true,
            (Some(x), Some(y)) => x.pos == y.pos && x.same_as(y),
            _ => false,
        }
}

/// DUPKEY: a key that appears more than once in one object.
pub(super) fn duplicate_keys(cx: &mut Ctx<'_>, members: &[Member], entry: Option<usize>) {
    for (i, m) in members.iter().enumerate() {
        if let Some(first) = members
            .get(..i)
            .and_then(|b| b.iter().find(|p| p.key == m.key))
        {
            cx.push(
                "DUPKEY",
                Severity::Warning,
                m.key_pos,
                format!(
                    "Key '{}' appears more than once in this object (first at {}); Kafka Connect keeps only the last value. Remove one of them.",
                    m.key, first.key_pos
                ),
                entry,
            );
        }
    }
}

pub(super) fn structure_rules(
    cx: &mut Ctx<'_>,
    i: usize,
    entry: &Entry,
    s8: &mut Vec<*const JsonValue>,
) {
    let n = i + 1;
    let Some(members) = entry.value.as_members() else {
        cx.err(
            "S4",
            entry.origin.pos,
            format!("Entry #{n} has no partition."),
            i,
        );
        return;
    };
    duplicate_keys(cx, members, Some(i));
    for m in members {
        if m.key != "partition" && m.key != "offset" {
            cx.err(
                "S3",
                m.key_pos,
                format!(
                    "Entry #{n} has an unexpected field '{}' (Kafka Connect returns HTTP 500 'Unrecognized field').",
                    m.key
                ),
                i,
            );
        }
    }
    match entry.value.get("partition") {
        Some(p) if p.as_members().is_some() => {}
        Some(p) => cx.err("S4", p.pos, format!("Entry #{n} has no partition."), i),
        None => cx.err(
            "S4",
            entry.origin.pos,
            format!("Entry #{n} has no partition."),
            i,
        ),
    }
    if entry.value.get("offset").is_none() {
        cx.warn(
            "S5",
            entry.origin.pos,
            format!(
                "Entry #{n} has no 'offset'; Kafka Connect treats that as null and deletes the stored offset for this partition."
            ),
            i,
        );
    }
    for field in ["partition", "offset"] {
        let Some(map) = entry.value.get(field).and_then(JsonValue::as_members) else {
            continue;
        };
        duplicate_keys(cx, map, Some(i));
        for m in map {
            match &m.value.kind {
                JsonKind::Array(_) | JsonKind::Object(_) => cx.err(
                    "S6",
                    m.value.pos,
                    format!(
                        "Entry #{n}: '{}' must be a plain value; nested objects or arrays are rejected by Kafka Connect.",
                        m.key
                    ),
                    i,
                ),
                JsonKind::Number(num) => match num.as_i64() {
                    None => {
                        s8.push(&m.value as *const JsonValue);
                        cx.err(
                            "S8",
                            m.value.pos,
                            format!(
                                "Entry #{n}: '{}' must be a whole number between 0 and 9223372036854775807.",
                                m.key
                            ),
                            i,
                        );
                    }
                    Some(v) if v > MAX_SAFE_JS => cx.push(
                        "S9",
                        Severity::Info,
                        m.value.pos,
                        "Kept exactly. (Tools that hold offsets in JavaScript numbers would corrupt this value; never route it through one.)".into(),
                        Some(i),
                    ),
                    Some(_) => {}
                },
                _ => {}
            }
        }
    }
}

pub(super) fn generic_rules(cx: &mut Ctx<'_>, i: usize, entry: &Entry) {
    if let OffsetField::Other(v) = entry.offset_field() {
        cx.err(
            "S11",
            v.pos,
            format!(
                "Entry #{}: the offset must be null or an object of plain values (Kafka Connect returns HTTP 500 'Cannot deserialize').",
                i + 1
            ),
            i,
        );
    }
}

/// S7: the same canonical partition in two entries; reported at every later occurrence.
/// S7 over `entries` (`len` of them).
pub(super) fn duplicate_partitions<'e>(
    cx: &mut Ctx<'_>,
    len: usize,
    entries: impl Iterator<Item = &'e Entry>,
) {
    let mut seen = KeyIndex::with_capacity(len);
    for (i, e) in entries.enumerate() {
        let Some(probe) = seen.probe(e) else { continue };
        if seen.insert_first(probe, i).is_some() {
            s7(cx, i, e);
        }
    }
}

/// S7 for entry `i`, whose partition key an earlier entry already has.
pub(super) fn s7(cx: &mut Ctx<'_>, i: usize, e: &Entry) {
    let Some(key) = e.key() else { return };
    let pos = e.partition().map(|p| p.pos).unwrap_or(e.origin.pos);
    cx.err(
        "S7",
        pos,
        format!("Partition {key} appears more than once; Kafka Connect would silently keep only the last entry."),
        i,
    );
}
