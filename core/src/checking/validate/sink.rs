//! Rules of sink connector entries (SK1–SK6), as `SinkUtils.parseSinkConnectorOffsets` reads
//! them (`String.valueOf`, then `Integer.parseInt` / `Long.parseLong`), plus what the worker and
//! the broker do next (a negative offset or partition, an illegal topic name), and the one
//! duplicate that only sinks have: two partition maps that differ as JSON but name the same
//! topic partition.

use super::messages::{java_parse_long, java_string_value, not_a_map_answer, shown};
use super::{Ctx, Parts};
use crate::diag::Position;
use crate::json::{Raw, RawKind};
use crate::model::names;
use crate::model::{Entry, OffsetField};
use std::collections::HashMap;

/// What the broker's refusal looks like from the REST API.
const BROKER_REFUSES: &str = "the broker refuses the commit (UNKNOWN_TOPIC_OR_PARTITION) and Kafka Connect answers HTTP 500 'Failed to alter consumer group offsets for connector <name>'";

pub(super) fn sink_rules(cx: &mut Ctx<'_>, i: usize, parts: Parts<'_>) {
    let n = i + 1;
    if let Some(p) = parts.partition_map() {
        if p.get("kafka_topic").is_none() || p.get("kafka_partition").is_none() {
            cx.err(
                "SK1",
                p.pos(),
                format!("Entry #{n}: The partition for a sink connector offset must contain the keys 'kafka_topic' and 'kafka_partition' (Kafka Connect answers HTTP 400)."),
                i,
            );
        }
        if let Some(t) = p.get("kafka_topic") {
            topic_rule(cx, i, t);
        }
        if let Some(v) = p.get("kafka_partition") {
            partition_rule(cx, i, v);
        }
    }
    match parts.offset_field() {
        OffsetField::Other(v) => cx.err(
            "SK4",
            v.pos(),
            format!("Entry #{n}: the offset must be null or an object {{\"kafka_offset\": N}}, not {}; Kafka Connect answers HTTP 500 '{}'.", shown(v), not_a_map_answer(v)),
            i,
        ),
        OffsetField::Map(map) => match map.get("kafka_offset") {
            None => cx.err(
                "SK4",
                map.pos(),
                format!("Entry #{n}: The offset for a sink connector should either be null or contain the key 'kafka_offset' (Kafka Connect answers HTTP 400). Write {{\"kafka_offset\": N}}, or null to delete the offset."),
                i,
            ),
            Some(v) => {
                let text = java_string_value(v);
                match text.as_deref().and_then(java_parse_long) {
                    None => cx.err(
                        "SK5",
                        v.pos(),
                        format!("Entry #{n}: kafka_offset {} {}; Kafka Connect answers HTTP 400 'Failed to parse the following Kafka offset value in the provided offsets: '{}'. Offset values for sink connectors need to be integers.' Write a whole number ≥ 0, or make the whole offset null to delete it.", shown(v), beyond_or_not_integer(text.as_deref()), text.clone().unwrap_or_else(|| "...".into())),
                        i,
                    ),
                    Some(o) if o < 0 => cx.err(
                        "SK5",
                        v.pos(),
                        format!("Entry #{n}: kafka_offset {o} is negative; Kafka Connect answers HTTP 500 'Failed to modify offsets for sink connector <name>'; the cause, in the worker log, is 'Invalid negative offset'. Write a whole number ≥ 0, or make the whole offset null to delete it."),
                        i,
                    ),
                    Some(_) if v.as_str().is_some() => cx.warn(
                        "SK6",
                        v.pos(),
                        "kafka_offset is a string; Connect accepts this, but the editor will write it as a number.".into(),
                        i,
                    ),
                    Some(_) => {}
                }
            }
        },
        OffsetField::Missing | OffsetField::Null => {}
    }
}

/// SK2: `kafka_topic` is read with `String.valueOf`; null is refused, a legal name is needed by
/// the broker, and a number or boolean becomes a topic named by its text.
fn topic_rule(cx: &mut Ctx<'_>, i: usize, t: Raw<'_>) {
    let n = i + 1;
    match t.kind() {
        RawKind::Null => cx.err(
            "SK2",
            t.pos(),
            format!("Entry #{n}: kafka_topic is null; Kafka Connect answers HTTP 400 'Kafka topic names must be valid strings and may not be null'. Write the topic name as a string."),
            i,
        ),
        RawKind::String => {
            let s = t.as_str().unwrap_or_default();
            if let Err(reason) = names::check_topic(s) {
                cx.err(
                    "SK2",
                    t.pos(),
                    format!("Entry #{n}: '{}' is not a valid topic name ({reason}); {BROKER_REFUSES}.", names::shown(s)),
                    i,
                );
            }
        }
        RawKind::Array | RawKind::Object => cx.err(
            "SK2",
            t.pos(),
            format!("Entry #{n}: kafka_topic is {}; Kafka Connect reads it as text, which is not a valid topic name, so {BROKER_REFUSES}. Write the topic name as a string.", shown(t)),
            i,
        ),
        RawKind::Number | RawKind::Bool => {
            let text = java_string_value(t).unwrap_or_else(|| shown(t));
            match names::check_topic(&text) {
                Ok(()) => cx.warn(
                    "SK2",
                    t.pos(),
                    format!("Entry #{n}: kafka_topic is {}, not a string; Kafka Connect reads it as the topic '{text}'. Write it as a string.", shown(t)),
                    i,
                ),
                Err(reason) => cx.err(
                    "SK2",
                    t.pos(),
                    format!("Entry #{n}: kafka_topic is {}; Kafka Connect reads it as the topic '{text}', which is not a valid topic name ({reason}), so {BROKER_REFUSES}.", shown(t)),
                    i,
                ),
            }
        }
    }
}

/// SK3: `kafka_partition` is read with `Integer.parseInt(String.valueOf(v))`; a negative one
/// parses, but no such partition exists.
fn partition_rule(cx: &mut Ctx<'_>, i: usize, v: Raw<'_>) {
    let n = i + 1;
    if v.is_null() {
        cx.err(
            "SK3",
            v.pos(),
            format!("Entry #{n}: kafka_partition is null; Kafka Connect answers HTTP 400 'Kafka partitions must be valid numbers and may not be null'. Write the partition number."),
            i,
        );
        return;
    }
    let text = java_string_value(v);
    match java_int(v) {
        None => cx.err(
            "SK3",
            v.pos(),
            format!("Entry #{n}: kafka_partition {} is not an integer between 0 and 2147483647; Kafka Connect answers HTTP 400 'Failed to parse the following Kafka partition value in the provided offsets: '{}'. Partition values for sink connectors need to be integers.'", shown(v), text.unwrap_or_else(|| "...".into())),
            i,
        ),
        Some(p) if p < 0 => cx.err(
            "SK3",
            v.pos(),
            format!("Entry #{n}: kafka_partition {p} is negative; no such partition exists, so {BROKER_REFUSES}. Partitions are numbered from 0."),
            i,
        ),
        Some(p) if v.as_str().is_some() => cx.warn(
            "SK6",
            v.pos(),
            format!("Entry #{n}: kafka_partition is the string {}; Kafka Connect reads it as partition {p} and lists it back as the number {p}. The export keeps it as written, and every check compares it as partition {p}; write {p} to avoid the surprise.", shown(v)),
            i,
        ),
        Some(_) => {}
    }
}

/// `Integer.parseInt(String.valueOf(v))`.
fn java_int(v: Raw<'_>) -> Option<i32> {
    java_string_value(v)
        .as_deref()
        .and_then(java_parse_long)
        .and_then(|x| i32::try_from(x).ok())
}

/// The topic partition `SinkUtils` makes of an entry (`String.valueOf(kafka_topic)`,
/// `Integer.parseInt(String.valueOf(kafka_partition))`), when both parse.
pub(super) fn topic_partition(e: &Entry) -> Option<(String, i64, Position)> {
    let p = e.partition()?;
    let t = p.get("kafka_topic")?;
    if t.is_null() {
        return None;
    }
    let topic = java_string_value(t)?;
    let partition = java_int(p.get("kafka_partition")?)?;
    Some((topic, i64::from(partition), p.pos()))
}

/// S7 for sinks: entries whose partition maps differ (so Kafka Connect keeps both) but name the
/// same topic partition (`3` and `"3"`); `SinkUtils` then keeps one of them in a `HashMap`, and
/// which one is not defined.
pub(super) fn same_topic_partition<'e>(
    cx: &mut Ctx<'_>,
    entries: impl Iterator<Item = &'e Entry>,
    replaced: &[usize],
) {
    let keys: Vec<Option<(String, i64, Position)>> = entries.map(topic_partition).collect();
    same_topic_partition_keys(cx, &keys, replaced);
}

/// [`same_topic_partition`] on the entries' topic partitions.
pub(super) fn same_topic_partition_keys(
    cx: &mut Ctx<'_>,
    keys: &[Option<(String, i64, Position)>],
    replaced: &[usize],
) {
    let mut first: HashMap<(&str, i64), usize> = HashMap::new();
    for (i, key) in keys.iter().enumerate() {
        let Some((topic, partition, pos)) = key else {
            continue;
        };
        // `replaced` is in ascending order (`superseded`).
        if replaced.binary_search(&i).is_ok() {
            continue;
        }
        let key = (topic.as_str(), *partition);
        match first.get(&key) {
            None => {
                first.insert(key, i);
            }
            Some(&f) => {
                let pos = *pos;
                cx.warn(
                    "S7",
                    pos,
                    format!(
                        "Entry #{}: topic '{}' partition {} is also in entry #{}, written differently. Kafka Connect reads both as the same topic partition and keeps one of them, and which one is not defined. Keep only one.",
                        i + 1,
                        names::shown(key.0),
                        key.1,
                        f + 1
                    ),
                    i,
                );
            }
        }
    }
}

/// Why a `kafka_offset` does not read as a 64-bit integer: digits beyond the range say so (as
/// the page's offset cell does), anything else is not an integer.
fn beyond_or_not_integer(text: Option<&str>) -> &'static str {
    let negative = text.is_some_and(|t| t.starts_with('-'));
    let digits = text.map(|t| t.strip_prefix('-').unwrap_or(t));
    match digits.is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit())) {
        true if negative => "is negative and beyond the 64-bit range",
        true => "is above 9223372036854775807, the largest 64-bit offset",
        false => "is not an integer",
    }
}
