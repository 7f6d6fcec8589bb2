//! A copy of an entry's JSON with one field of its partition or offset map set or removed: what
//! a generic connector's key/value cell edit stores.

use super::Entry;
use crate::diag::Position;
use crate::json::{JsonKind, JsonValue, Member};

impl Entry {
    /// The JSON of the entry with field `key` of its map `map_key` (`partition` or `offset`) set
    /// to `value`, or removed (`None`). Every other key, its order and its number text are
    /// kept. Setting a field of a null (or missing) offset creates the offset map. The error is
    /// the sentence the editor shows.
    pub fn with_field(
        &self,
        map_key: &str,
        key: &str,
        value: Option<JsonValue>,
    ) -> Result<JsonValue, String> {
        let tree = self.tree();
        let Some(members) = tree.as_members() else {
            return Err(format!(
                "The entry is {}, not an object with \"partition\" and \"offset\"; fix it in the source.",
                tree.type_name()
            ));
        };
        let map = tree.get(map_key);
        let new_map = match (map.and_then(JsonValue::as_members), &value) {
            (Some(fields), _) => {
                if value.is_none() && !fields.iter().any(|m| m.key == key) {
                    return Err(format!("The {map_key} map has no field '{key}'."));
                }
                JsonValue {
                    kind: JsonKind::Object(set_member(fields, key, value)),
                    pos: map.map_or(Position::NONE, |m| m.pos),
                    start: map.map_or(0, |m| m.start),
                }
            }
            (None, Some(v)) if map_key == "offset" && map.is_none_or(JsonValue::is_null) => {
                JsonValue::object([(key.to_string(), v.clone())])
            }
            (None, _) => {
                return Err(format!(
                    "The {map_key} is {what}, not a map of fields; fix it in the source.",
                    what = map.map_or("missing", JsonValue::type_name),
                ));
            }
        };
        Ok(JsonValue {
            kind: JsonKind::Object(set_member(members, map_key, Some(new_map))),
            pos: tree.pos,
            start: tree.start,
        })
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
                    key_pos: Position::NONE,
                    value,
                }),
            }
            out
        }
    }
}
