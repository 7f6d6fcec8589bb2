//! The offsets payload (the Connect REST body, or the value of a ConfigMap's offsets key) to a
//! [`Listing`], and the connector kind read from its entries.

use crate::diag::{Diagnostic, Position};
use crate::json::{JsonKind, JsonValue, Member, java};
use crate::model::names;
use crate::model::{ConnectorKind, Entry, InputForm, KindSource, Listing, Origin};

/// How the connector kind is decided beyond the entries' keys (IMP7): the user's choice, and
/// whether the ConfigMap's owner is a KafkaMirrorMaker2.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct KindHint {
    pub chosen: Option<ConnectorKind>,
    pub mirror_owner: bool,
}

/// S1 as Kafka Connect answers it: `what` is wrong (with the fix), then upstream's status and
/// text for that case.
fn s1(pos: Position, data_key: Option<&str>, what: &str) -> Vec<Diagnostic> {
    let d = Diagnostic::error("S1", pos, what.to_string());
    vec![match data_key {
        Some(k) => d.with_data_key(k),
        None => d,
    }]
}

const NOTHING_PROVIDED: &str = "Kafka Connect answers HTTP 400 'Partitions / offsets need to be provided for an alter offsets request'";

/// Builds the payload-level listing: `{"offsets": [...]}` with entries kept raw.
pub(crate) fn payload_listing(
    root: JsonValue,
    data_key: Option<&str>,
    form: InputForm,
    data_key_pos: Position,
    hint: KindHint,
) -> Result<Listing, Vec<Diagnostic>> {
    let payload_pos = root.pos;
    let members = match root.kind {
        JsonKind::Object(members) => members,
        JsonKind::Null => {
            return Err(s1(
                payload_pos,
                data_key,
                "The payload is JSON null; write an object {\"offsets\": [...]}. Kafka Connect fails with a NullPointerException and answers HTTP 500 'Cannot invoke \"org.apache.kafka.connect.runtime.rest.entities.ConnectorOffsets.offsets()\"'.",
            ));
        }
        other => {
            let root = JsonValue {
                kind: other,
                pos: payload_pos,
                start: 0,
            };
            let answer = java::binding_error(java::CONNECTOR_OFFSETS, &root);
            let message = match &root.kind {
                JsonKind::Array(_) => format!(
                    "The payload is an array; it must be an object {{\"offsets\": [...]}} (wrap the entries in it). Kafka Connect answers HTTP 500 '{answer}'."
                ),
                _ => {
                    let what = match &root.kind {
                        JsonKind::String(_) => "a string",
                        JsonKind::Number(_) => "a number",
                        _ => "a boolean",
                    };
                    format!(
                        "The payload is {what}; it must be an object {{\"offsets\": [...]}}. Kafka Connect answers HTTP 500 '{answer}'."
                    )
                }
            };
            return Err(s1(payload_pos, data_key, &message));
        }
    };
    let Some(last_offsets) = members.iter().rposition(|m| m.key == "offsets") else {
        if let Some(first) = members.first() {
            return Err(s1(
                first.key_pos,
                data_key,
                &format!(
                    "Unexpected top-level field '{}': the payload must be {{\"offsets\": [...]}} with no other fields. Kafka Connect answers HTTP 500 'Unrecognized field \"{}\"'.",
                    first.key, first.key
                ),
            ));
        }
        return Err(s1(
            payload_pos,
            data_key,
            &format!(
                "The payload has no 'offsets' array; write {{\"offsets\": [...]}}. {NOTHING_PROVIDED}."
            ),
        ));
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
        return Err(s1(
            payload_pos,
            data_key,
            "The payload has no 'offsets' array.",
        ));
    };
    let offsets_pos = offsets.pos;
    let items = match offsets.kind {
        JsonKind::Array(items) => items,
        JsonKind::Null => {
            return Err(s1(
                offsets_pos,
                data_key,
                &format!("'offsets' is null; it must be an array of entries. {NOTHING_PROVIDED}."),
            ));
        }
        other => {
            let offsets = JsonValue {
                kind: other,
                pos: offsets_pos,
                start: 0,
            };
            let answer = java::binding_error(java::OFFSET_LIST, &offsets);
            return Err(s1(
                offsets_pos,
                data_key,
                &format!(
                    "'offsets' must be an array of entries [{{\"partition\": {{...}}, \"offset\": {{...}}}}, ...]. Kafka Connect answers HTTP 500 '{answer}'."
                ),
            ));
        }
    };
    let entries: Vec<Entry> = items
        .into_iter()
        .map(|value| {
            let origin = Origin {
                pos: value.pos,
                data_key: data_key.map(str::to_string),
            };
            Entry::from_tree(value, origin)
        })
        .collect();
    let mirror = data_key
        .and_then(names::parse_mirror_data_key)
        .map(|m| fitted(m, &entries));
    let from_key = mirror
        .as_ref()
        .and_then(|m| ConnectorKind::from_mirror_type(m.name.connector_type));
    let (kind, kind_source) = match (hint.chosen, from_key) {
        (Some(k), _) => (k, KindSource::Chosen),
        (None, Some(k)) => (k, KindSource::DataKey),
        (None, None) if hint.mirror_owner => (mirror_kind(&entries), KindSource::Owner),
        (None, None) => (detect_kind(&entries), KindSource::Keys),
    };
    Ok(Listing {
        kind,
        kind_source,
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
        reset: crate::model::ResetFact::default(),
        numbers: None,
    })
}

/// An ambiguous MirrorMaker 2 key (IMP5) read with the one split whose source alias is every
/// entry's `cluster`, when exactly one fits; every split is kept in `candidates`.
fn fitted(mut key: names::MirrorDataKey, entries: &[Entry]) -> names::MirrorDataKey {
    if !key.ambiguous {
        return key;
    }
    let clusters: Vec<&str> = entries
        .iter()
        .filter_map(|e| e.partition()?.get("cluster")?.as_str())
        .collect();
    let Some(first) = clusters.first() else {
        return key;
    };
    if clusters.iter().any(|c| c != first) {
        return key;
    }
    let mut fits = key.candidates.iter().filter(|c| c.source == *first);
    if let (Some(one), None) = (fits.next(), fits.next()) {
        key.name = one.clone();
        key.fits_entries = true;
    }
    key
}

/// The kind a listing would have without the user's choice (IMP7: the data key, the owner
/// reference, then the entries' keys), and where it comes from: what the page's "Connector
/// kind" selector offers as "Detected: ...".
pub fn detected_kind(listing: &Listing) -> (ConnectorKind, KindSource) {
    if let Some(k) = listing
        .mirror
        .as_ref()
        .and_then(|m| ConnectorKind::from_mirror_type(m.name.connector_type))
    {
        return (k, KindSource::DataKey);
    }
    let mirror_owner = listing
        .configmap
        .as_ref()
        .and_then(|c| c.strimzi_owner())
        .is_some_and(|o| o.kind == "KafkaMirrorMaker2");
    if mirror_owner {
        (mirror_kind(&listing.entries), KindSource::Owner)
    } else if listing.form == InputForm::Csv {
        (listing.kind, listing.kind_source)
    } else {
        (detect_kind(&listing.entries), KindSource::Keys)
    }
}

/// IMP6: the most common classification among the entries' partition maps (ties go to the kind
/// seen first); `Generic` when there is no partition map at all.
pub fn detect_kind(entries: &[Entry]) -> ConnectorKind {
    majority(entries, |_| true).unwrap_or(ConnectorKind::Generic)
}

/// The kind of a listing whose owner is a KafkaMirrorMaker2: the most common MirrorMaker 2
/// classification among the entries, MirrorSourceConnector when none looks like one.
fn mirror_kind(entries: &[Entry]) -> ConnectorKind {
    majority(entries, |k| {
        matches!(
            k,
            ConnectorKind::MirrorSource
                | ConnectorKind::MirrorCheckpoint
                | ConnectorKind::MirrorHeartbeat
        )
    })
    .unwrap_or(ConnectorKind::MirrorSource)
}

/// The most common classification among the entries' partition maps that `counts` accepts
/// (ties go to the kind seen first).
fn majority(
    entries: &[Entry],
    counts_for: impl Fn(ConnectorKind) -> bool,
) -> Option<ConnectorKind> {
    let mut counts: Vec<(ConnectorKind, usize)> = Vec::new();
    for e in entries {
        if let Some(p) = e.partition() {
            let k = ConnectorKind::classify(p);
            if !counts_for(k) {
                continue;
            }
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
    best.map(|b| b.0)
}
