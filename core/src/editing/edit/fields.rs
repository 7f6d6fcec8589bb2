//! Key-by-key edits of an entry's partition or offset map (generic connectors), and the short
//! description of an entry used in messages.

use crate::json::{JsonKind, JsonValue, Member};
use crate::model::EntryFacts;
use crate::model::{ConnectorKind, Entry};

/// Which map of an entry a field belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MapSide {
    Partition,
    Offset,
}

impl MapSide {
    /// The entry's key holding this map.
    pub fn key(self) -> &'static str {
        match self {
            MapSide::Partition => "partition",
            MapSide::Offset => "offset",
        }
    }
}

/// `members` with the last member named `key` given `value` (a new member at the end when
/// there is none); `None` removes every member named `key`. Positions of what is kept stay.
fn set_member(members: &[Member], key: &str, value: Option<JsonValue>) -> Vec<Member> {
    let last = members.iter().rposition(|m| m.key == key);
    match value {
        None => members.iter().filter(|m| m.key != key).cloned().collect(),
        Some(value) => {
            let mut out = members.to_vec();
            match last.and_then(|i| out.get_mut(i)) {
                Some(m) => {
                    m.value = JsonValue {
                        pos: m.value.pos,
                        start: m.value.start,
                        ..value
                    }
                }
                None => out.push(Member {
                    key: key.to_string(),
                    key_pos: crate::diag::Position::NONE,
                    value,
                }),
            }
            out
        }
    }
}

/// The JSON of `entry` with field `key` of its partition or offset map set to `value`, or
/// removed (`None`): what [`Action::SetEntry`](super::Action::SetEntry) stores when one
/// key/value cell is edited. Every other key, its order and its number text are kept. Setting a
/// field of a null (or missing) offset creates the offset map.
pub fn with_field(
    entry: &Entry,
    side: MapSide,
    key: &str,
    value: Option<JsonValue>,
) -> Result<JsonValue, String> {
    let Some(members) = entry.value.as_members() else {
        return Err(format!(
            "The entry is {}, not an object with \"partition\" and \"offset\"; fix it in the source.",
            entry.value.type_name()
        ));
    };
    let map = entry.value.get(side.key());
    let new_map = match (map.and_then(JsonValue::as_members), &value) {
        (Some(fields), _) => {
            if value.is_none() && !fields.iter().any(|m| m.key == key) {
                return Err(format!("The {} map has no field '{key}'.", side.key()));
            }
            JsonValue {
                kind: JsonKind::Object(set_member(fields, key, value)),
                pos: map.map_or(crate::diag::Position::NONE, |m| m.pos),
                start: map.map_or(0, |m| m.start),
            }
        }
        (None, Some(v)) if side == MapSide::Offset && map.is_none_or(JsonValue::is_null) => {
            JsonValue::object([(key.to_string(), v.clone())])
        }
        (None, _) => {
            return Err(format!(
                "The {side} is {what}, not a map of fields; fix it in the source.",
                side = side.key(),
                what = map.map_or("missing", JsonValue::type_name),
            ));
        }
    };
    Ok(JsonValue {
        kind: JsonKind::Object(set_member(members, side.key(), Some(new_map))),
        pos: entry.value.pos,
        start: entry.value.start,
    })
}

/// `east/orders:0` (MirrorSourceConnector), `events:2` (sink), else the partition map.
pub fn describe_entry(kind: ConnectorKind, entry: &Entry) -> String {
    let f = EntryFacts::of(kind, entry, false);
    match (kind, f.cluster, f.topic, f.partition) {
        (ConnectorKind::MirrorSource, Some(c), Some(t), Some(p)) => format!("{c}/{t}:{p}"),
        (ConnectorKind::Sink | ConnectorKind::MirrorCheckpoint, _, Some(t), Some(p)) => {
            format!("{t}:{p}")
        }
        _ => match entry.key() {
            Some(k) => k.to_string(),
            None => "an entry without a partition".to_string(),
        },
    }
}
