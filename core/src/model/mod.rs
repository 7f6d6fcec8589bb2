//! The domain model of an imported listing: the connector kind, the offsets entries (each a
//! lossless JSON object that remembers where it came from), the ConfigMap metadata needed for
//! export and planning, and typed accessors / constructors for the edit engine.
//!
//! Entries keep their raw JSON ([`crate::json::JsonValue`]) rather than a typed struct, so unknown
//! keys, key order, duplicate keys and the original text of every number survive an import ->
//! export round trip untouched. Typed views ([`Entry::mirror_partition`], [`Entry::offset`],
//! [`Entry::key`]) read from it; constructors build well-formed entries.
//!
//! This file holds the connector kind and the listing with its metadata; `entry` holds the
//! entries and `key` the partition key and its hash index.

use crate::diag::Position;
use crate::json::{self, JsonKind, JsonValue, Member, Raw};
use names::MirrorDataKey;

mod alias_path;
mod duplicates;
mod entry;
pub(crate) use entry::offset_in;
mod entry_fields;
mod facts;
mod key;
mod listing_mirror;
pub mod names;
pub mod reset;

pub use alias_path::AliasPath;
pub(crate) use duplicates::KeyHashes;
pub use entry::{
    Entry, MirrorPartition, OffsetField, Origin, SinkPartition, integer_value, parse_java_long,
    partition_of,
};
pub use facts::EntryFacts;
pub(crate) use key::{EntryKeys, FewKeys, KeyIndex};
pub use key::{KeyValue, PartitionKey};
pub use listing_mirror::ListingMirror;
pub use reset::{ResetFact, ResetPolicy, ResetSource};

/// Which connector wrote the offsets, detected from the partition keys (docs/rules.md, IMP6),
/// or from the MirrorMaker 2 data key when there is one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ConnectorKind {
    MirrorSource,
    MirrorCheckpoint,
    MirrorHeartbeat,
    Sink,
    Generic,
}

impl ConnectorKind {
    /// Every kind, in a stable order.
    pub const ALL: [ConnectorKind; 5] = [
        ConnectorKind::MirrorSource,
        ConnectorKind::MirrorCheckpoint,
        ConnectorKind::MirrorHeartbeat,
        ConnectorKind::Sink,
        ConnectorKind::Generic,
    ];

    /// Stable machine id, as the CLI's JSON output prints it.
    pub fn id(self) -> &'static str {
        match self {
            ConnectorKind::MirrorSource => "mirror-source",
            ConnectorKind::MirrorCheckpoint => "mirror-checkpoint",
            ConnectorKind::MirrorHeartbeat => "mirror-heartbeat",
            ConnectorKind::Sink => "sink",
            ConnectorKind::Generic => "generic",
        }
    }

    /// Human label.
    pub fn label(self) -> &'static str {
        match self {
            ConnectorKind::MirrorSource => "MirrorSourceConnector",
            ConnectorKind::MirrorCheckpoint => "MirrorCheckpointConnector",
            ConnectorKind::MirrorHeartbeat => "MirrorHeartbeatConnector",
            ConnectorKind::Sink => "Sink connector",
            ConnectorKind::Generic => "Source connector (generic)",
        }
    }

    /// The kind of a MirrorMaker 2 connector type name (`MirrorSourceConnector`, ...).
    pub fn from_mirror_type(connector_type: &str) -> Option<ConnectorKind> {
        match connector_type {
            "MirrorSourceConnector" => Some(ConnectorKind::MirrorSource),
            "MirrorCheckpointConnector" => Some(ConnectorKind::MirrorCheckpoint),
            "MirrorHeartbeatConnector" => Some(ConnectorKind::MirrorHeartbeat),
            _ => None,
        }
    }

    /// The key inside the offset map that holds the offset (`offset`, or `kafka_offset` for sinks).
    pub fn offset_key(self) -> Option<&'static str> {
        match self {
            ConnectorKind::Sink => Some("kafka_offset"),
            ConnectorKind::Generic => None,
            _ => Some("offset"),
        }
    }

    /// The kind a user names on the command line (`--kind`) or in the page's selector:
    /// `mirror-source`, `mirror-checkpoint`, `mirror-heartbeat`, `sink`, or `source` (a generic
    /// source connector; `generic`, the [`id`](Self::id), is read too).
    pub fn from_choice(s: &str) -> Option<ConnectorKind> {
        match s {
            "mirror-source" => Some(ConnectorKind::MirrorSource),
            "mirror-checkpoint" => Some(ConnectorKind::MirrorCheckpoint),
            "mirror-heartbeat" => Some(ConnectorKind::MirrorHeartbeat),
            "sink" => Some(ConnectorKind::Sink),
            "source" | "generic" => Some(ConnectorKind::Generic),
            _ => None,
        }
    }

    /// The name [`from_choice`](Self::from_choice) reads (`source` for a generic connector).
    pub fn choice(self) -> &'static str {
        match self {
            ConnectorKind::Generic => "source",
            other => other.id(),
        }
    }

    /// The label with where the kind came from: "MirrorSourceConnector (from the data key)",
    /// "Source connector (generic; chosen)".
    pub fn label_from(self, source: KindSource) -> String {
        let label = self.label();
        match label.strip_suffix(')') {
            Some(open) => format!("{open}; {})", source.phrase()),
            None => format!("{label} ({})", source.phrase()),
        }
    }

    /// Classifies one partition map by its keys (IMP6), a tree's or a tape's.
    pub fn classify<'a>(partition: impl Into<Raw<'a>>) -> ConnectorKind {
        // One pass over the keys (this runs for every entry at import and in validation),
        // keys told apart without reading them as text where the view can.
        let Some((found, _)) = partition.into().fields([
            "kafka_topic",
            "kafka_partition",
            "cluster",
            "group",
            "sourceClusterAlias",
            "targetClusterAlias",
        ]) else {
            return ConnectorKind::Generic;
        };
        let [topic, kafka_partition, cluster, group, source, target] = found.map(|f| f.is_some());
        let (sink, heartbeat) = (topic || kafka_partition, source || target);
        if sink {
            ConnectorKind::Sink
        } else if cluster {
            ConnectorKind::MirrorSource
        } else if group {
            ConnectorKind::MirrorCheckpoint
        } else if heartbeat {
            ConnectorKind::MirrorHeartbeat
        } else {
            ConnectorKind::Generic
        }
    }
}

/// Where a listing's connector kind came from (docs/rules.md, IMP7), in the order they are tried.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum KindSource {
    /// The user chose it (CLI `--kind`, the page's "Connector kind" selector).
    Chosen,
    /// The MirrorMaker 2 data key names the connector (`…MirrorSourceConnector.json`).
    DataKey,
    /// The ConfigMap's owner reference (a KafkaMirrorMaker2 custom resource).
    Owner,
    /// The majority of the entries' partition keys.
    #[default]
    Keys,
}

impl KindSource {
    /// Stable machine id, as `validate --format json` prints it in `kind_source`.
    pub fn id(self) -> &'static str {
        match self {
            KindSource::Chosen => "chosen",
            KindSource::DataKey => "data-key",
            KindSource::Owner => "owner",
            KindSource::Keys => "keys",
        }
    }

    /// How IMP6's sentence says it: `"Detected: <kind> (<this>)."`
    pub fn phrase(self) -> &'static str {
        match self {
            KindSource::Chosen => "chosen",
            KindSource::DataKey => "from the data key",
            KindSource::Owner => "from the owner reference",
            KindSource::Keys => "from the entry keys",
        }
    }
}

/// The form the input was detected as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum InputForm {
    /// `kubectl get configmap -o yaml` (or any YAML ConfigMap, or a YAML `kind: List`).
    ConfigMapYaml,
    /// `kubectl get configmap -o json` (or a JSON `kind: List`).
    ConfigMapJson,
    /// The body of `GET /connectors/<name>/offsets`.
    RestPayload,
    /// `kafka-consumer-groups.sh --export` CSV.
    Csv,
}

impl InputForm {
    pub fn id(self) -> &'static str {
        match self {
            InputForm::ConfigMapYaml => "configmap-yaml",
            InputForm::ConfigMapJson => "configmap-json",
            InputForm::RestPayload => "rest",
            InputForm::Csv => "csv",
        }
    }
}

/// A Kubernetes owner reference of the ConfigMap (the KafkaConnector / KafkaMirrorMaker2 CR).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct OwnerRef {
    pub api_version: String,
    pub kind: String,
    pub name: String,
}

/// One ConfigMap of a `kind: List`, for the caller to choose from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListItem {
    /// 0-based index in `items`.
    pub index: usize,
    pub kind: String,
    pub name: String,
    /// The offsets keys (`*.json`) it holds.
    pub offsets_keys: Vec<String>,
}

/// ConfigMap metadata kept for export and planning. Everything else (resourceVersion, uid,
/// managedFields, creationTimestamp) is dropped on purpose: export must strip it anyway (K10);
/// only the operator's managedFields time is read, as the time of the listing.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ConfigMapMeta {
    pub name: Option<String>,
    /// Where the name's value is in the input ([`Position::NONE`] when absent).
    pub name_pos: Position,
    pub namespace: Option<String>,
    pub namespace_pos: Position,
    /// In input order.
    pub labels: Vec<(String, String)>,
    /// In input order.
    pub annotations: Vec<(String, String)>,
    pub owners: Vec<OwnerRef>,
    /// Every data key other than the one imported, with its exact value, in input order.
    pub other_data: Vec<(String, String)>,
    /// When the input was a `kind: List`: every item, and which one was imported.
    pub list_items: Vec<ListItem>,
    pub list_index: Option<usize>,
    /// When the operator last wrote the listing, from `metadata.managedFields` (`kubectl get`
    /// prints them only with `--show-managed-fields`). Never the creation timestamp: a re-list
    /// updates the same ConfigMap.
    pub listed_at: Option<ListedAt>,
}

/// The operator's `managedFields` entry of a listed ConfigMap: when it last changed the listing.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ListedAt {
    /// The entry's `time`, as written (RFC 3339, UTC, e.g. `2026-11-30T12:00:00Z`).
    pub time: String,
    /// The field manager, e.g. `strimzi-kafka-operator`.
    pub manager: String,
    /// `Apply` or `Update`.
    pub operation: String,
}

impl ConfigMapMeta {
    /// The Strimzi owner: the first owner reference of kind KafkaConnector or KafkaMirrorMaker2.
    pub fn strimzi_owner(&self) -> Option<&OwnerRef> {
        self.owners
            .iter()
            .find(|o| o.kind == "KafkaConnector" || o.kind == "KafkaMirrorMaker2")
    }
}

/// An imported (or edited) listing: the offsets payload plus where it came from.
#[derive(Debug, Clone, PartialEq)]
pub struct Listing {
    pub kind: ConnectorKind,
    /// Where `kind` came from (IMP7).
    pub kind_source: KindSource,
    pub entries: Vec<Entry>,
    pub form: InputForm,
    /// The ConfigMap data key the payload came from (`None` for REST and CSV input).
    pub data_key: Option<String>,
    /// Position of the data key in the input.
    pub data_key_pos: Position,
    /// Every offsets key (`*.json`) the ConfigMap holds, in input order; the caller may pick
    /// another with `ImportOptions::data_key`.
    pub available_keys: Vec<String>,
    /// The MirrorMaker 2 connector name read back from the data key, when it is an MM2 key.
    pub mirror: Option<MirrorDataKey>,
    pub configmap: Option<ConfigMapMeta>,
    /// Top-level members of the payload other than `offsets` (invalid, S1; kept for fidelity).
    pub extra_fields: Vec<Member>,
    /// Position of the payload's top-level `{` and of the `offsets` array.
    pub payload_pos: Position,
    pub offsets_pos: Position,
    /// The connector's `auto.offset.reset` (what a null does): the default until a custom
    /// resource or the user says otherwise.
    pub reset: ResetFact,
    /// For a subset of the user's listing (the changed entries): each entry's index there, so
    /// that messages number entries as the user's file does (issue 31 item 13).
    pub numbers: Option<Vec<usize>>,
}

/// What a listing with no entries and no other hint says of its kind (IMP6, `show`, the
/// `validate` summary): nothing is known, whatever the default kind.
pub const NO_ENTRIES_KIND: &str = "no entries to tell it from";

impl Listing {
    /// True when nothing tells the connector kind: no entries to classify, and no choice, data
    /// key or owner reference. The kind is then the generic default, not a detection.
    pub fn kind_unknown(&self) -> bool {
        self.entries.is_empty() && self.kind_source == KindSource::Keys
    }

    /// The kind with where it came from, `MirrorSourceConnector (from the data key)`, or
    /// `connector kind unknown (no entries to tell it from)` when [`Listing::kind_unknown`].
    pub fn kind_label(&self) -> String {
        if self.kind_unknown() {
            format!("connector kind unknown ({NO_ENTRIES_KIND})")
        } else {
            self.kind.label_from(self.kind_source)
        }
    }

    /// Where the kind came from, as the `validate` summary says it.
    pub fn kind_phrase(&self) -> &'static str {
        if self.kind_unknown() {
            NO_ENTRIES_KIND
        } else {
            self.kind_source.phrase()
        }
    }

    /// An empty listing of a kind, built by code.
    pub fn new(kind: ConnectorKind, form: InputForm) -> Listing {
        Listing {
            kind,
            kind_source: KindSource::Keys,
            entries: Vec::new(),
            form,
            data_key: None,
            data_key_pos: Position::NONE,
            available_keys: Vec::new(),
            mirror: None,
            configmap: None,
            extra_fields: Vec::new(),
            payload_pos: Position::NONE,
            offsets_pos: Position::NONE,
            reset: ResetFact::default(),
            numbers: None,
        }
    }

    /// The payload `{"offsets": [...]}` (plus any extra top-level fields that were imported).
    pub fn payload(&self) -> JsonValue {
        let mut members = vec![Member {
            key: "offsets".into(),
            key_pos: Position::NONE,
            value: JsonValue::array(self.entries.iter().map(|e| e.tree().into_owned()).collect()),
        }];
        members.extend(self.extra_fields.iter().cloned());
        JsonValue::new(JsonKind::Object(members))
    }

    /// The payload as Strimzi writes it into the ConfigMap (Jackson pretty printer).
    /// Written entry by entry: the same text as `json::to_pretty(&self.payload())`, without the
    /// deep copy of every entry that building the payload value costs.
    pub fn to_pretty_json(&self) -> String {
        let mut w = PayloadWriter::new(self, true, self.entries.len());
        self.entries.iter().for_each(|e| w.entry(e));
        w.finish()
    }

    /// The payload as a compact REST body (`json::to_compact(&self.payload())`, without the
    /// deep copy).
    pub fn to_compact_json(&self) -> String {
        let mut w = PayloadWriter::new(self, false, self.entries.len());
        self.entries.iter().for_each(|e| w.entry(e));
        w.finish()
    }

    /// Index of the first entry whose canonical partition key is `key`.
    pub fn find(&self, key: &PartitionKey) -> Option<usize> {
        self.entries
            .iter()
            .position(|e| e.key().as_ref() == Some(key))
    }

    /// The source alias of a MirrorMaker 2 connector, from the data key.
    pub fn source_alias(&self) -> Option<&str> {
        self.mirror.as_ref().map(|m| m.name.source.as_str())
    }
}

/// Writes a listing's payload entry by entry ([`Listing::to_pretty_json`] and
/// [`Listing::to_compact_json`]), from the listing's other fields and entries given one at a
/// time, so that a caller can write entries it builds and drops one by one.
///
/// Part of the raw level's writers, not a typed record: it frames raw entries, written by
/// `json::write_compact`/`write_pretty_at` with their key order, duplicate keys and number
/// text, in Jackson's pretty layout that serde_json's formatters do not produce (ARCHITECTURE.md,
/// "JSON").
pub(crate) struct PayloadWriter<'l> {
    meta: &'l Listing,
    pretty: bool,
    out: String,
    written: usize,
}

impl<'l> PayloadWriter<'l> {
    /// A writer for `meta`'s payload (its entries are not written); `count` sizes the buffer.
    pub(crate) fn new(meta: &'l Listing, pretty: bool, count: usize) -> PayloadWriter<'l> {
        let mut out = if pretty {
            String::with_capacity(count.saturating_mul(200) + 64)
        } else {
            String::with_capacity(count.saturating_mul(100) + 16)
        };
        if pretty {
            out.push_str("{\n  ");
            json::write_string(&mut out, "offsets");
            out.push_str(" : ");
        } else {
            out.push_str("{\"offsets\":[");
        }
        PayloadWriter {
            meta,
            pretty,
            out,
            written: 0,
        }
    }

    /// Appends the next entry.
    pub(crate) fn entry(&mut self, e: &Entry) {
        let out = &mut self.out;
        if self.pretty {
            out.push_str(if self.written == 0 { "[ " } else { ", " });
            json::write_pretty_at(out, e.raw(), 1);
        } else {
            if self.written > 0 {
                out.push(',');
            }
            json::write_compact(out, e.raw());
        }
        self.written += 1;
    }

    /// Closes the array and appends the listing's extra top-level fields.
    pub(crate) fn finish(self) -> String {
        let mut out = self.out;
        if self.pretty {
            out.push_str(if self.written == 0 { "[ ]" } else { " ]" });
            for m in &self.meta.extra_fields {
                out.push_str(",\n  ");
                json::write_string(&mut out, &m.key);
                out.push_str(" : ");
                json::write_pretty_at(&mut out, &m.value, 1);
            }
            out.push_str("\n}");
        } else {
            out.push(']');
            for m in &self.meta.extra_fields {
                out.push(',');
                json::write_string(&mut out, &m.key);
                out.push(':');
                json::write_compact(&mut out, &m.value);
            }
            out.push('}');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn partition_keys_ignore_order_and_number_spelling() {
        let a = json::parse(r#"{"topic":"t","partition":1,"cluster":"c"}"#).unwrap();
        let b = json::parse(r#"{"cluster":"c","partition":1,"topic":"t"}"#).unwrap();
        assert_eq!(PartitionKey::of(&a), PartitionKey::of(&b));
        assert_eq!(
            PartitionKey::of(&a).unwrap().to_string(),
            "{cluster=c, partition=1, topic=t}"
        );
    }

    #[test]
    fn payload_writers_match_the_payload_value() {
        for text in [
            r#"{"offsets":[]}"#,
            r#"{"offsets":[{"partition":{"a":"x\"y","b":[]},"offset":{"offset":1}},{"partition":{},"offset":null}],"z":{"q":[1,{}]},"e":[]}"#,
        ] {
            let l = crate::reading::import::payload_listing(
                crate::reading::import::Document::Tree(json::parse(text).unwrap()),
                None,
                InputForm::RestPayload,
                Position::NONE,
                Default::default(),
            )
            .unwrap();
            assert_eq!(l.to_pretty_json(), json::to_pretty(&l.payload()));
            assert_eq!(l.to_compact_json(), json::to_compact(&l.payload()));
        }
    }

    #[test]
    fn with_offset_keeps_other_keys() {
        let v = json::parse(r#"{"partition":{"cluster":"c","partition":0,"topic":"t"},"offset":{"offset":5,"x":1}}"#).unwrap();
        let e = Entry::from_tree(v, Origin::default());
        let e2 = e.with_offset(ConnectorKind::MirrorSource, Some(9_223_372_036_854_775_807));
        assert_eq!(
            json::to_compact(e2.raw()),
            r#"{"partition":{"cluster":"c","partition":0,"topic":"t"},"offset":{"offset":9223372036854775807,"x":1}}"#
        );
        assert_eq!(e2.offset(ConnectorKind::MirrorSource), Some(i64::MAX));
        let e3 = e.with_offset(ConnectorKind::MirrorSource, None);
        assert!(e3.is_tombstone());
        assert_eq!(e.mirror_partition().unwrap().topic, "t");
    }

    #[test]
    fn constructors_build_well_formed_entries() {
        let e = Entry::sink("events", 2, Some(10));
        assert_eq!(e.sink_partition().unwrap().partition, 2);
        assert_eq!(e.offset(ConnectorKind::Sink), Some(10));
        let m = Entry::mirror_source("east", "orders", 1, None);
        assert!(m.is_tombstone());
        assert_eq!(
            ConnectorKind::classify(m.partition().unwrap()),
            ConnectorKind::MirrorSource
        );
        assert_eq!(parse_java_long("+12"), Some(12));
        assert_eq!(parse_java_long("1.0"), None);
    }
}
