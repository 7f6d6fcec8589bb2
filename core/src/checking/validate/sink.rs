//! Rules of sink connector entries (SK1–SK6).

use super::Ctx;
use crate::json::{JsonKind, JsonValue};
use crate::model::{Entry, OffsetField, parse_java_long};
use crate::names;

pub(super) fn sink_rules(
    cx: &mut Ctx<'_>,
    i: usize,
    entry: &Entry,
    skip: &dyn Fn(&JsonValue) -> bool,
) {
    let n = i + 1;
    if let Some(p) = entry.partition() {
        if p.get("kafka_topic").is_none() || p.get("kafka_partition").is_none() {
            cx.err(
                "SK1",
                p.pos,
                "The partition for a sink connector offset must contain the keys 'kafka_topic' and 'kafka_partition'.".into(),
                i,
            );
        }
        if let Some(t) = p.get("kafka_topic") {
            let msg = format!("Entry #{n}: kafka_topic must be a valid topic name.");
            match t.as_str() {
                None => cx.err("SK2", t.pos, msg, i),
                Some(s) if names::check_topic(s).is_err() => cx.warn("SK2", t.pos, msg, i),
                Some(_) => {}
            }
        }
        if let Some(v) = p.get("kafka_partition")
            && !skip(v)
            && sink_integer(v).is_none_or(|x| !(0..=names::MAX_PARTITION).contains(&x))
        {
            cx.err(
                "SK3",
                v.pos,
                "Partition values for sink connectors need to be integers (0 or greater).".into(),
                i,
            );
        }
    }
    match entry.offset_field() {
        OffsetField::Other(v) => cx.err(
            "SK4",
            v.pos,
            "The offset for a sink connector should either be null or contain the key 'kafka_offset'.".into(),
            i,
        ),
        OffsetField::Map(map) => match map.get("kafka_offset") {
            None => cx.err(
                "SK4",
                map.pos,
                "The offset for a sink connector should either be null or contain the key 'kafka_offset'.".into(),
                i,
            ),
            Some(v) => {
                let value = sink_integer(v);
                if !skip(v) && value.is_none_or(|x| x < 0) {
                    cx.err(
                        "SK5",
                        v.pos,
                        "Offset values for sink connectors need to be whole numbers ≥ 0 (a negative offset makes Kafka Connect fail with 'Invalid negative offset').".into(),
                        i,
                    );
                } else if v.as_str().is_some() {
                    cx.warn(
                        "SK6",
                        v.pos,
                        "kafka_offset is a string; Connect accepts this, but the editor will write it as a number.".into(),
                        i,
                    );
                }
            }
        },
        OffsetField::Missing | OffsetField::Null => {}
    }
}

/// Java's `Long.parseLong(String.valueOf(v))` for a JSON number or string.
fn sink_integer(v: &JsonValue) -> Option<i64> {
    match &v.kind {
        JsonKind::Number(n) => n.as_i64(),
        JsonKind::String(s) => parse_java_long(s),
        _ => None,
    }
}
