//! The offsets payload (the Connect REST body, or the value of a ConfigMap's offsets key) to a
//! [`Listing`], and the connector kind read from its entries.

use crate::diag::{Diagnostic, Position};
use crate::json::{JsonKind, JsonValue, Member};
use crate::model::{ConnectorKind, Entry, InputForm, Listing, Origin};
use crate::names;

/// Builds the payload-level listing: `{"offsets": [...]}` with entries kept raw.
pub(crate) fn payload_listing(
    root: JsonValue,
    data_key: Option<&str>,
    form: InputForm,
    data_key_pos: Position,
) -> Result<Listing, Vec<Diagnostic>> {
    let s1 = |pos: Position| {
        let d = Diagnostic::error(
            "S1",
            pos,
            "The payload must be {\"offsets\": [...]} with no other fields (Kafka Connect returns HTTP 500 'Unrecognized field').",
        );
        vec![match data_key {
            Some(k) => d.with_data_key(k),
            None => d,
        }]
    };
    let payload_pos = root.pos;
    let JsonKind::Object(members) = root.kind else {
        return Err(s1(payload_pos));
    };
    let Some(last_offsets) = members.iter().rposition(|m| m.key == "offsets") else {
        return Err(s1(payload_pos));
    };
    let mut extra: Vec<Member> = Vec::new();
    let mut offsets = None;
    for (i, m) in members.into_iter().enumerate() {
        if i == last_offsets {
            offsets = Some(m.value);
        } else {
            extra.push(m);
        }
    }
    let Some(offsets) = offsets else {
        return Err(s1(payload_pos));
    };
    let offsets_pos = offsets.pos;
    let JsonKind::Array(items) = offsets.kind else {
        return Err(s1(offsets_pos));
    };
    let entries: Vec<Entry> = items
        .into_iter()
        .map(|value| Entry {
            origin: Origin {
                pos: value.pos,
                data_key: data_key.map(str::to_string),
            },
            value,
        })
        .collect();
    let mirror = data_key.and_then(names::parse_mirror_data_key);
    let kind = match mirror
        .as_ref()
        .and_then(|m| ConnectorKind::from_mirror_type(m.name.connector_type))
    {
        Some(k) => k,
        None => detect_kind(&entries),
    };
    Ok(Listing {
        kind,
        entries,
        form,
        data_key: data_key.map(str::to_string),
        data_key_pos,
        available_keys: Vec::new(),
        mirror,
        configmap: None,
        extra_fields: extra,
        payload_pos,
        offsets_pos,
    })
}

/// IMP6: the most common classification among the entries' partition maps (ties go to the kind
/// seen first); `Generic` when there is no partition map at all.
pub fn detect_kind(entries: &[Entry]) -> ConnectorKind {
    let mut counts: Vec<(ConnectorKind, usize)> = Vec::new();
    for e in entries {
        if let Some(p) = e.partition() {
            let k = ConnectorKind::classify(p);
            match counts.iter_mut().find(|c| c.0 == k) {
                Some(c) => c.1 += 1,
                None => counts.push((k, 1)),
            }
        }
    }
    let mut best: Option<(ConnectorKind, usize)> = None;
    for c in counts {
        if best.is_none_or(|b| c.1 > b.1) {
            best = Some(c);
        }
    }
    best.map(|b| b.0).unwrap_or(ConnectorKind::Generic)
}
