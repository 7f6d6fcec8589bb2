//! Rules of MirrorMaker 2's MirrorSourceConnector entries (MS1–MS13).

use super::Ctx;
use super::messages::{extra_keys, range_message};
use crate::json::{JsonKind, JsonValue};
use crate::model::{ConnectorKind, Entry, KeyIndex, Listing, OffsetField};
use crate::names;

pub(super) fn mirror_source_rules(
    cx: &mut Ctx<'_>,
    i: usize,
    entry: &Entry,
    baseline: Option<&(&Listing, KeyIndex<'_>)>,
    skip: &dyn Fn(&JsonValue) -> bool,
) {
    let n = i + 1;
    let offset = entry.offset_field();
    let tombstone = matches!(offset, OffsetField::Missing | OffsetField::Null);
    if let Some(p) = entry.partition()
        && !tombstone
    {
        for k in ["cluster", "topic", "partition"] {
            if p.get(k).is_none() {
                cx.err(
                    "MS1",
                    p.pos,
                    format!("Entry #{n}: the source partition is missing the '{k}' key, which is required."),
                    i,
                );
            }
        }
        for k in ["cluster", "topic"] {
            if let Some(v) = p.get(k)
                && v.as_str().is_none()
            {
                cx.err(
                    "MS2",
                    v.pos,
                    format!("Entry #{n}: '{k}' must be a string."),
                    i,
                );
            }
        }
        if let Some(v) = p.get("partition")
            && !skip(v)
            && v.as_number()
                .and_then(|x| x.as_i64())
                .is_none_or(|x| !(0..=names::MAX_PARTITION).contains(&x))
        {
            cx.err(
                "MS3",
                v.pos,
                format!("Entry #{n}: partition must be an integer between 0 and 2147483647."),
                i,
            );
        }
        if let Some(extra) = extra_keys(p, &["cluster", "topic", "partition"]) {
            cx.warn(
                "MS4",
                p.pos,
                format!("Entry #{n} has extra key(s) {extra}. Kafka Connect accepts the entry, but MirrorMaker never reads it."),
                i,
            );
        }
        if let (Some(c), Some(alias)) = (p.get("cluster"), cx.listing.source_alias())
            && let Some(cs) = c.as_str()
            && cs != alias
        {
            cx.warn(
                "MS5",
                c.pos,
                format!("Entry #{n}: cluster '{cs}' is not this connector's source alias '{alias}'. The offset will be stored but ignored."),
                i,
            );
        }
        if let Some(t) = p.get("topic")
            && let Some(ts) = t.as_str()
            && let Err(reason) = names::check_topic(ts)
        {
            cx.warn(
                "MS6",
                t.pos,
                format!("Entry #{n}: '{ts}' is not a valid Kafka topic name ({reason}), so it can never match a replicated partition."),
                i,
            );
        }
    }
    match offset {
        OffsetField::Other(v) => cx.err(
            "MS7",
            v.pos,
            format!("Entry #{n}: the offset must be null or contain an 'offset' key."),
            i,
        ),
        OffsetField::Map(map) => match map.get("offset") {
            None => cx.err(
                "MS7",
                map.pos,
                format!("Entry #{n}: the offset must be null or contain an 'offset' key."),
                i,
            ),
            Some(v) => {
                if !skip(v) && v.as_number().and_then(|x| x.as_i64()).is_none_or(|x| x < 0) {
                    cx.err(
                        "MS8",
                        v.pos,
                        format!("Entry #{n}: the offset must be a whole number ≥ 0. To replay from the beginning of the partition, set the offset to null."),
                        i,
                    );
                }
                if let Some(extra) = extra_keys(map, &["offset"]) {
                    cx.warn(
                        "MS9",
                        map.pos,
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
    let Some((base, index)) = baseline else {
        return;
    };
    let Some(key) = index.probe(entry) else {
        return;
    };
    let pos = match offset {
        OffsetField::Map(m) => m.get("offset").map(|v| v.pos).unwrap_or(m.pos),
        OffsetField::Other(v) => v.pos,
        _ => entry
            .value
            .member("offset")
            .map(|m| m.value.pos)
            .unwrap_or(entry.origin.pos),
    };
    match index.get(&key).and_then(|j| base.entries.get(j)) {
        None => {
            let (t, p) = match entry.mirror_partition() {
                Some(mp) => (mp.topic.to_string(), mp.partition.to_string()),
                None => {
                    let get = |k: &str| {
                        entry
                            .partition()
                            .and_then(|p| p.get(k))
                            .map(|v| match &v.kind {
                                JsonKind::String(s) => s.clone(),
                                _ => crate::json::to_compact(v),
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
                entry.origin.pos,
                format!("Entry #{n} is new. Make sure topic '{t}' partition {p} exists on the source cluster and is replicated by this connector."),
                i,
            );
        }
        Some(old_entry) => {
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
                cx.warn(
                    "MS13",
                    pos,
                    format!("Entry #{n}: the stored offset is deleted. MirrorMaker restarts this partition according to auto.offset.reset (earliest by default), so the whole partition is replicated again."),
                    i,
                );
            }
        }
    }
}
