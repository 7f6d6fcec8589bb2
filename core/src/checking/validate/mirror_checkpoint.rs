//! Rules of MirrorMaker 2's MirrorCheckpointConnector and MirrorHeartbeatConnector entries (MC1,
//! MC2).

use super::Ctx;
use crate::diag::Position;
use crate::json::JsonValue;
use crate::model::{ConnectorKind, Entry, OffsetField};
use crate::names;

pub(super) fn mirror_other_rules(
    cx: &mut Ctx<'_>,
    i: usize,
    entry: &Entry,
    skip: &dyn Fn(&JsonValue) -> bool,
) {
    let n = i + 1;
    let offset = entry.offset_field();
    let tombstone = matches!(offset, OffsetField::Missing | OffsetField::Null);
    if let Some(p) = entry.partition()
        && !tombstone
    {
        let mc1 = |cx: &mut Ctx<'_>, k: &str, pos: Position| {
            cx.err(
                "MC1",
                pos,
                format!("Entry #{n}: the source partition is missing or has an invalid '{k}'."),
                i,
            );
        };
        let (strings, int): (&[&str], Option<&str>) =
            if cx.listing.kind == ConnectorKind::MirrorCheckpoint {
                (&["group", "topic"], Some("partition"))
            } else {
                (&["sourceClusterAlias", "targetClusterAlias"], None)
            };
        for k in strings {
            match p.get(k) {
                None => mc1(cx, k, p.pos),
                Some(v) if v.as_str().is_none() => mc1(cx, k, v.pos),
                Some(_) => {}
            }
        }
        if let Some(k) = int {
            match p.get(k) {
                None => mc1(cx, k, p.pos),
                Some(v)
                    if !skip(v)
                        && v.as_number()
                            .and_then(|x| x.as_i64())
                            .is_none_or(|x| !(0..=names::MAX_PARTITION).contains(&x)) =>
                {
                    mc1(cx, k, v.pos)
                }
                Some(_) => {}
            }
        }
    }
    let bad = match offset {
        OffsetField::Missing | OffsetField::Null => None,
        OffsetField::Other(v) => Some(v.pos),
        OffsetField::Map(map) => match map.get("offset") {
            Some(v) if skip(v) || v.as_number().and_then(|x| x.as_i64()) == Some(0) => None,
            Some(v) => Some(v.pos),
            None => Some(map.pos),
        },
    };
    if let Some(pos) = bad {
        cx.err(
            "MC2",
            pos,
            format!("Entry #{n}: this connector only accepts offset 0 (or null)."),
            i,
        );
    }
}
