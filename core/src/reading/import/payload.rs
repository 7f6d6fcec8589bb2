//! The offsets payload (the Connect REST body, or the value of a ConfigMap's offsets key) to a
//! [`Listing`], and the connector kind read from its entries.

use super::Storage;
use crate::diag::{Diagnostic, Position};
use crate::json::{
    self, JsonError, JsonKind, JsonValue, Member, Raw, RawKind, SharedValue, SourceMap, Tape, java,
};
use crate::model::names;
use crate::model::{ConnectorKind, Entry, InputForm, KindSource, Listing, Origin};
use std::borrow::Cow;
use std::sync::Arc;

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

/// The offsets document as the import parsed it: a tree, or a tape that holds (a shared copy
/// of) its text, whose nodes the entries become.
pub(crate) enum Document {
    Tree(JsonValue),
    Tape(Arc<Tape<'static>>),
}

impl Document {
    /// Parses the offsets document `text` (positions mapped through `map`) as `storage` asks;
    /// a tape takes an owned text as it is, without a copy.
    pub(crate) fn parse(
        text: Cow<'_, str>,
        map: SourceMap,
        storage: Storage,
    ) -> Result<Document, JsonError> {
        match storage {
            Storage::Tree => json::parse_mapped(&text, &map).map(Document::Tree),
            Storage::Tape => json::parse_tape_owned(text.into_owned(), map)
                .map(|tape| Document::Tape(Arc::new(tape)))
                .map_err(|(e, _)| e),
        }
    }

    pub(crate) fn root(&self) -> Raw<'_> {
        match self {
            Document::Tree(root) => Raw::Tree(root),
            Document::Tape(tape) => Raw::from(tape.root()),
        }
    }

    /// The document as a tree (a copy for a tape): for the Kubernetes wrappers around a payload.
    pub(crate) fn into_value(self) -> JsonValue {
        match self {
            Document::Tree(root) => root,
            Document::Tape(tape) => tape.root().to_value(),
        }
    }
}

/// Builds the payload-level listing: `{"offsets": [...]}` with entries kept raw, on the tree or
/// the tape the document was parsed into.
pub(crate) fn payload_listing(
    doc: Document,
    data_key: Option<&str>,
    form: InputForm,
    data_key_pos: Position,
    hint: KindHint,
) -> Result<Listing, Vec<Diagnostic>> {
    let shape = payload_shape(doc.root(), data_key)?;
    let origin = |pos: Position| Origin { pos };
    let mut entries: Vec<Entry> = Vec::new();
    let mut extra: Vec<Member> = Vec::new();
    match doc {
        Document::Tree(root) => {
            // `payload_shape` found an object: anything else has no members to read.
            let members = match root.kind {
                JsonKind::Object(members) => members,
                _ => Vec::new(),
            };
            for (i, m) in members.into_iter().enumerate() {
                match m.value.kind {
                    JsonKind::Array(items) if i == shape.offsets_at => {
                        entries = items
                            .into_iter()
                            .map(|value| {
                                let origin = origin(value.pos);
                                Entry::from_tree(value, origin)
                            })
                            .collect();
                    }
                    _ => extra.push(m),
                }
            }
        }
        Document::Tape(tape) => {
            for (i, m) in tape.root().members().enumerate() {
                if i == shape.offsets_at {
                    entries.reserve(m.value.items().count());
                    for item in m.value.items() {
                        // Always `Some`: `item` is a node of `tape`.
                        if let Some(value) = SharedValue::of(&tape, item) {
                            entries.push(Entry::on_tape(value));
                        }
                    }
                } else {
                    extra.push(Member {
                        key: m.key.to_string(),
                        key_pos: tape.position(m.key_start),
                        value: m.value.to_value(),
                    });
                }
            }
        }
    }
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
        payload_pos: shape.payload_pos,
        offsets_pos: shape.offsets_pos,
        reset: crate::model::ResetFact::default(),
        numbers: None,
    })
}

/// Where a well-formed payload keeps its entries.
struct Shape {
    /// The index, among the root's members, of the last `offsets` (the one Jackson keeps).
    offsets_at: usize,
    payload_pos: Position,
    offsets_pos: Position,
}

/// S1: the payload must be an object whose last `offsets` is an array; said as Kafka Connect
/// answers each other shape.
fn payload_shape(root: Raw<'_>, data_key: Option<&str>) -> Result<Shape, Vec<Diagnostic>> {
    let payload_pos = root.pos();
    match root.kind() {
        RawKind::Object => {}
        RawKind::Null => {
            return Err(s1(
                payload_pos,
                data_key,
                "The payload is JSON null; write an object {\"offsets\": [...]}. Kafka Connect fails with a NullPointerException and answers HTTP 500 'Cannot invoke \"org.apache.kafka.connect.runtime.rest.entities.ConnectorOffsets.offsets()\"'.",
            ));
        }
        other => {
            let answer = java::binding_error(java::CONNECTOR_OFFSETS, root);
            let message = match other {
                RawKind::Array => format!(
                    "The payload is an array; it must be an object {{\"offsets\": [...]}} (wrap the entries in it). Kafka Connect answers HTTP 500 '{answer}'."
                ),
                _ => {
                    let what = match other {
                        RawKind::String => "a string",
                        RawKind::Number => "a number",
                        _ => "a boolean",
                    };
                    format!(
                        "The payload is {what}; it must be an object {{\"offsets\": [...]}}. Kafka Connect answers HTTP 500 '{answer}'."
                    )
                }
            };
            return Err(s1(payload_pos, data_key, &message));
        }
    }
    let Some((offsets_at, offsets)) = root
        .members()
        .enumerate()
        .filter(|(_, m)| m.key == "offsets")
        .last()
        .map(|(i, m)| (i, m.value))
    else {
        if let Some(first) = root.members().next() {
            return Err(s1(
                first.key_pos(),
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
    let offsets_pos = offsets.pos();
    match offsets.kind() {
        RawKind::Array => Ok(Shape {
            offsets_at,
            payload_pos,
            offsets_pos,
        }),
        RawKind::Null => Err(s1(
            offsets_pos,
            data_key,
            &format!("'offsets' is null; it must be an array of entries. {NOTHING_PROVIDED}."),
        )),
        _ => {
            let answer = java::binding_error(java::OFFSET_LIST, offsets);
            Err(s1(
                offsets_pos,
                data_key,
                &format!(
                    "'offsets' must be an array of entries [{{\"partition\": {{...}}, \"offset\": {{...}}}}, ...]. Kafka Connect answers HTTP 500 '{answer}'."
                ),
            ))
        }
    }
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
            let count = match counts.iter_mut().find(|c| c.0 == k) {
                Some(c) => {
                    c.1 += 1;
                    c.1
                }
                None => {
                    counts.push((k, 1));
                    1
                }
            };
            // More than half of all entries: no other kind can reach this count, so the rest
            // need not be classified (at 100k entries of one kind, half the work).
            if count > entries.len() / 2 {
                return Some(k);
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
