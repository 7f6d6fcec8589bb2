//! Rules of MirrorMaker 2's MirrorCheckpointConnector and MirrorHeartbeatConnector entries (MC1,
//! MC2), worded as `MirrorUtils` words them: the key, its value and what it must be.

use super::messages::{
    is_nested, missing_key, missing_offset_key, not_a_map_answer, not_a_string, partition_problem,
    shown,
};
use super::{Ctx, Parts};
use crate::model::{ConnectorKind, OffsetField};

pub(super) fn mirror_other_rules(cx: &mut Ctx<'_>, i: usize, parts: Parts<'_>) {
    let n = i + 1;
    let offset = parts.offset_field();
    let tombstone = matches!(offset, OffsetField::Missing | OffsetField::Null);
    // MirrorMaker 2 skips every partition check for a tombstone (a null offset).
    if let Some(p) = parts.partition_map()
        && !tombstone
    {
        let (strings, int): (&[&str], Option<&str>) =
            if cx.listing.kind == ConnectorKind::MirrorCheckpoint {
                (&["group", "topic"], Some("partition"))
            } else {
                (&["sourceClusterAlias", "targetClusterAlias"], None)
            };
        for k in strings {
            match p.get(k) {
                None => cx.err("MC1", p.pos(), missing_key(n, k), i),
                Some(v) if v.as_str().is_none() && !is_nested(v) => {
                    cx.err("MC1", v.pos(), not_a_string(n, k, v), i)
                }
                Some(_) => {}
            }
        }
        if let Some(k) = int {
            match p.get(k) {
                None => cx.err("MC1", p.pos(), missing_key(n, k), i),
                Some(v) => {
                    if let Some(msg) = partition_problem(n, v) {
                        cx.err("MC1", v.pos(), msg, i);
                    }
                }
            }
        }
    }
    const ONLY_ZERO: &str = "this connector only accepts offset 0 (or null)";
    match offset {
        OffsetField::Missing | OffsetField::Null => {}
        OffsetField::Other(v) => cx.err(
            "MC2",
            v.pos(),
            format!("Entry #{n}: the offset must be null or {{\"offset\": 0}}, not {}; Kafka Connect answers HTTP 500 '{}'.", shown(v), not_a_map_answer(v)),
            i,
        ),
        OffsetField::Map(map) => match map.get("offset") {
            None => cx.err("MC2", map.pos(), missing_offset_key(n, "{\"offset\": 0}"), i),
            Some(v) => match v.as_number().filter(|x| x.is_integer_text()) {
                Some(x) if x.as_i128() == Some(0) => {}
                Some(x) if x.as_i64().is_none() => cx.err(
                    "MC2",
                    v.pos(),
                    format!("Entry #{n}: the offset {} is beyond the 64-bit range; {ONLY_ZERO} (Kafka Connect reads it as a BigInteger and answers HTTP 500).", x.text()),
                    i,
                ),
                Some(x) => cx.err(
                    "MC2",
                    v.pos(),
                    format!("Entry #{n}: the offset is {}; {ONLY_ZERO} (MirrorMaker 2 answers HTTP 500 '... for the 'offset' key; the only accepted value is 0').", x.text()),
                    i,
                ),
                // A nested value: S6 quotes the answer Kafka Connect gives first.
                None if is_nested(v) => {}
                None => cx.err(
                    "MC2",
                    v.pos(),
                    format!("Entry #{n}: the offset {} is not an integer; {ONLY_ZERO}, written without quotes, fraction or exponent (MirrorMaker 2 answers HTTP 500 '... for the 'offset' key, which must be an integer').", shown(v)),
                    i,
                ),
            },
        },
    }
}
