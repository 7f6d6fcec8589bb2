//! The domain model of an imported listing: the connector kind, the offsets entries (each a
//! lossless JSON object that remembers where it came from), the ConfigMap metadata needed for
//! export and planning, and typed accessors / constructors for the edit engine.
//!
//! Entries keep their raw JSON ([`crate::json::JsonValue`]) rather than a typed struct, so unknown
//! keys, key order, duplicate keys and the original text of every number survive an import ->
//! export round trip untouched. Typed views ([`Entry::mirror_partition`], [`Entry::offset`],
//! [`Entry::key`]) read from it; constructors build well-formed entries.

use crate::diag::Position;
use crate::json::{self, JsonKind, JsonValue, Member};
use crate::names::MirrorDataKey;
use std::collections::HashMap;
use std::collections::hash_map::RandomState;
use std::fmt;
use std::hash::{BuildHasher, BuildHasherDefault, Hasher};

/// Which connector wrote the offsets, detected from the partition keys (domain.md IMP6), or from
/// the MirrorMaker 2 data key when there is one.
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

    /// Classifies one partition map by its keys (IMP6).
    pub fn classify(partition: &JsonValue) -> ConnectorKind {
        let has = |k: &str| partition.get(k).is_some();
        if has("kafka_topic") || has("kafka_partition") {
            ConnectorKind::Sink
        } else if has("cluster") {
            ConnectorKind::MirrorSource
        } else if has("group") {
            ConnectorKind::MirrorCheckpoint
        } else if has("sourceClusterAlias") || has("targetClusterAlias") {
            ConnectorKind::MirrorHeartbeat
        } else {
            ConnectorKind::Generic
        }
    }
}

/// Where an entry came from: its position (the entry's `{`) in the ORIGINAL input, and the
/// ConfigMap data key it was read from. `pos` is [`Position::NONE`] for entries built by code.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Origin {
    pub pos: Position,
    pub data_key: Option<String>,
}

/// One element of the `offsets` array, kept exactly as written.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    /// The raw element, normally `{"partition": {...}, "offset": {...} | null}`. It may be anything
    /// (validation reports what is wrong); all keys, their order and number texts are kept.
    pub value: JsonValue,
    pub origin: Origin,
}

/// The `offset` field of an entry, as the validator and editor see it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum OffsetField<'a> {
    /// No `offset` key: Kafka Connect reads it as null (S5).
    Missing,
    /// `"offset": null`: delete the stored offset (a tombstone).
    Null,
    /// `"offset": {...}`.
    Map(&'a JsonValue),
    /// Anything else (a number, a string, an array): invalid.
    Other(&'a JsonValue),
}

/// The typed view of a MirrorSourceConnector partition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MirrorPartition<'a> {
    pub cluster: &'a str,
    pub topic: &'a str,
    pub partition: i64,
}

/// The typed view of a sink connector partition (`kafka_partition` may be a numeric string).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SinkPartition<'a> {
    pub topic: &'a str,
    pub partition: i64,
}

impl Entry {
    /// An entry from a partition map and an offset (`None` writes `"offset" : null`).
    pub fn new(partition: JsonValue, offset: Option<JsonValue>) -> Entry {
        Entry {
            value: JsonValue::object([
                ("partition".to_string(), partition),
                ("offset".to_string(), offset.unwrap_or_else(JsonValue::null)),
            ]),
            origin: Origin::default(),
        }
    }

    /// A MirrorSourceConnector entry, keys in the order Connect lists them.
    pub fn mirror_source(cluster: &str, topic: &str, partition: i64, offset: Option<i64>) -> Entry {
        Entry::new(
            JsonValue::object([
                ("cluster".to_string(), JsonValue::string(cluster)),
                ("partition".to_string(), JsonValue::int(partition)),
                ("topic".to_string(), JsonValue::string(topic)),
            ]),
            offset.map(|o| JsonValue::object([("offset".to_string(), JsonValue::int(o))])),
        )
    }

    /// A sink connector entry.
    pub fn sink(topic: &str, partition: i64, offset: Option<i64>) -> Entry {
        Entry::new(
            JsonValue::object([
                ("kafka_partition".to_string(), JsonValue::int(partition)),
                ("kafka_topic".to_string(), JsonValue::string(topic)),
            ]),
            offset.map(|o| JsonValue::object([("kafka_offset".to_string(), JsonValue::int(o))])),
        )
    }

    /// A copy with the offset replaced: `None` sets `"offset" : null`; `Some(v)` writes `v` into
    /// the kind's offset key (`offset` or `kafka_offset`), keeping every other key of the offset
    /// map. For a generic connector, `Some(v)` replaces the map's only integer value, if any.
    /// The origin is kept, so diagnostics still point at the imported line.
    pub fn with_offset(&self, kind: ConnectorKind, offset: Option<i64>) -> Entry {
        let new_offset = match offset {
            None => JsonValue::null(),
            Some(v) => {
                let key = kind.offset_key().or_else(|| {
                    // Generic: the single number-valued key of the existing map.
                    let map = self.value.get("offset")?.as_members()?;
                    let mut numbers = map.iter().filter(|m| m.value.as_number().is_some());
                    match (numbers.next(), numbers.next()) {
                        (Some(one), None) => Some(one.key.as_str()),
                        _ => None,
                    }
                });
                let Some(key) = key else { return self.clone() };
                match self.value.get("offset") {
                    Some(
                        map @ JsonValue {
                            kind: JsonKind::Object(members),
                            ..
                        },
                    ) => JsonValue {
                        kind: JsonKind::Object(replaced_last(members, key, |old| match old {
                            Some(old) => JsonValue {
                                pos: old.pos,
                                ..JsonValue::int(v)
                            },
                            None => JsonValue::int(v),
                        })),
                        pos: map.pos,
                        start: map.start,
                    },
                    _ => JsonValue::object([(key.to_string(), JsonValue::int(v))]),
                }
            }
        };
        // Every member is copied once, except the old offset, which is replaced (not copied).
        let value = match &self.value.kind {
            JsonKind::Object(members) => JsonValue {
                kind: JsonKind::Object(replaced_last(members, "offset", |_| new_offset)),
                pos: self.value.pos,
                start: self.value.start,
            },
            _ => self.value.clone(),
        };
        Entry {
            value,
            origin: self.origin.clone(),
        }
    }

    /// The partition map, when `partition` is an object.
    pub fn partition(&self) -> Option<&JsonValue> {
        self.value
            .get("partition")
            .filter(|p| p.as_members().is_some())
    }

    /// The `offset` field.
    pub fn offset_field(&self) -> OffsetField<'_> {
        match self.value.get("offset") {
            None => OffsetField::Missing,
            Some(v) if v.is_null() => OffsetField::Null,
            Some(v) if v.as_members().is_some() => OffsetField::Map(v),
            Some(v) => OffsetField::Other(v),
        }
    }

    /// True when the entry deletes the stored offset (`null` or no `offset` key).
    pub fn is_tombstone(&self) -> bool {
        matches!(
            self.offset_field(),
            OffsetField::Missing | OffsetField::Null
        )
    }

    /// The offset as a 64-bit integer: `offset.offset` (MirrorMaker 2) or `offset.kafka_offset`
    /// (sink; a numeric string counts). `None` for a tombstone, an invalid value, or a generic
    /// connector whose offset map does not hold exactly one integer.
    pub fn offset(&self, kind: ConnectorKind) -> Option<i64> {
        let OffsetField::Map(map) = self.offset_field() else {
            return None;
        };
        match kind.offset_key() {
            Some(key) => integer_value(map.get(key)?, kind == ConnectorKind::Sink),
            None => {
                let ints: Vec<i64> = map
                    .as_members()?
                    .iter()
                    .filter_map(|m| m.value.as_number()?.as_i64())
                    .collect();
                match ints.as_slice() {
                    [one] => Some(*one),
                    _ => None,
                }
            }
        }
    }

    /// `cluster`, `topic`, `partition` of a MirrorSourceConnector entry, when all are well typed.
    pub fn mirror_partition(&self) -> Option<MirrorPartition<'_>> {
        let p = self.partition()?;
        Some(MirrorPartition {
            cluster: p.get("cluster")?.as_str()?,
            topic: p.get("topic")?.as_str()?,
            partition: p.get("partition")?.as_number()?.as_i64()?,
        })
    }

    /// `kafka_topic`, `kafka_partition` of a sink entry (the partition may be a numeric string).
    pub fn sink_partition(&self) -> Option<SinkPartition<'_>> {
        let p = self.partition()?;
        Some(SinkPartition {
            topic: p.get("kafka_topic")?.as_str()?,
            partition: integer_value(p.get("kafka_partition")?, true)?,
        })
    }

    /// The canonical partition key used to match entries between listings and to find
    /// duplicates (S7). `None` when `partition` is not an object.
    pub fn key(&self) -> Option<PartitionKey> {
        PartitionKey::of(self.partition()?)
    }
}

/// A copy of `members` where the value of the LAST member named `key` is `make(Some(old))`, or,
/// when there is none, with `key: make(None)` appended (no key position).
fn replaced_last(
    members: &[Member],
    key: &str,
    make: impl FnOnce(Option<&JsonValue>) -> JsonValue,
) -> Vec<Member> {
    let last = members.iter().rposition(|m| m.key == key);
    let mut out: Vec<Member> = Vec::with_capacity(members.len() + usize::from(last.is_none()));
    let mut make = Some(make);
    for (i, m) in members.iter().enumerate() {
        if Some(i) == last
            && let Some(make) = make.take()
        {
            out.push(Member {
                key: m.key.clone(),
                key_pos: m.key_pos,
                value: make(Some(&m.value)),
            });
        } else {
            out.push(m.clone());
        }
    }
    if let Some(make) = make.take() {
        out.push(Member {
            key: key.to_string(),
            key_pos: Position::NONE,
            value: make(None),
        });
    }
    out
}

/// A JSON integer as `i64`, or (when `allow_string`) a string Java's `Long.parseLong` accepts.
pub fn integer_value(v: &JsonValue, allow_string: bool) -> Option<i64> {
    match &v.kind {
        JsonKind::Number(n) => n.as_i64(),
        JsonKind::String(s) if allow_string => parse_java_long(s),
        _ => None,
    }
}

/// `Long.parseLong`: an optional sign then ASCII digits, within the `i64` range.
pub fn parse_java_long(s: &str) -> Option<i64> {
    let digits = s.strip_prefix(['+', '-']).unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// One value of a canonical partition key.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum KeyValue {
    Null,
    Bool(bool),
    /// Integers compare by value (`1` and `01` cannot both occur, but `1` and `1` from two
    /// listings with different texts still match).
    Int(i128),
    /// A non-integer number, by its text.
    Number(String),
    String(String),
}

impl fmt::Display for KeyValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KeyValue::Null => f.write_str("null"),
            KeyValue::Bool(b) => write!(f, "{b}"),
            KeyValue::Int(i) => write!(f, "{i}"),
            KeyValue::Number(n) | KeyValue::String(n) => f.write_str(n),
        }
    }
}

/// A partition map with keys sorted and numbers turned into integers, so that two entries for
/// the same partition compare equal whatever their key order or number spelling (domain.md S7).
/// Displays like Java's `Map.toString`: `{cluster=east, partition=0, topic=orders}`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PartitionKey(pub Vec<(String, KeyValue)>);

impl PartitionKey {
    /// `None` when `partition` is not an object or holds a nested value. For duplicate keys the
    /// last one wins, as in Jackson.
    pub fn of(partition: &JsonValue) -> Option<PartitionKey> {
        let mut pairs: Vec<(String, KeyValue)> = Vec::new();
        for m in partition.as_members()? {
            let v = match &m.value.kind {
                JsonKind::Null => KeyValue::Null,
                JsonKind::Bool(b) => KeyValue::Bool(*b),
                JsonKind::Number(n) if n.is_integer_text() => match n.text().parse::<i128>() {
                    Ok(i) => KeyValue::Int(i),
                    Err(_) => KeyValue::Number(n.text().to_string()),
                },
                JsonKind::Number(n) => KeyValue::Number(n.text().to_string()),
                JsonKind::String(s) => KeyValue::String(s.clone()),
                JsonKind::Array(_) | JsonKind::Object(_) => return None,
            };
            pairs.retain(|(k, _)| *k != m.key);
            pairs.push((m.key.clone(), v));
        }
        pairs.sort();
        Some(PartitionKey(pairs))
    }
}

/// A partition map's canonical pairs without building a [`PartitionKey`]: the last member of
/// each key, sorted by key (exactly the pairs `PartitionKey::of` keeps), borrowed from the map.
/// Small maps (every real one) stay on the stack: the size difference is the point.
#[allow(clippy::large_enum_variant)]
enum CanonPairs<'a> {
    Small(usize, [(&'a str, &'a JsonValue); SMALL_KEY]),
    Large(Vec<(&'a str, &'a JsonValue)>),
}

/// Real partition maps have 2 or 3 keys; a larger array only costs initialising and moving.
const SMALL_KEY: usize = 4;

static NULL_VALUE: JsonValue = JsonValue {
    kind: JsonKind::Null,
    pos: Position::NONE,
    start: 0,
};

impl<'a> CanonPairs<'a> {
    /// `None` exactly when [`PartitionKey::of`] is `None`.
    fn of(partition: &'a JsonValue) -> Option<CanonPairs<'a>> {
        let members = partition.as_members()?;
        if members.iter().any(|m| !m.value.is_primitive()) {
            return None;
        }
        if members.len() <= SMALL_KEY {
            let mut pairs = [("", &NULL_VALUE); SMALL_KEY];
            let mut n = 0;
            for (j, m) in members.iter().enumerate() {
                let overridden = members
                    .get(j + 1..)
                    .is_some_and(|later| later.iter().any(|l| l.key == m.key));
                if !overridden && let Some(slot) = pairs.get_mut(n) {
                    *slot = (m.key.as_str(), &m.value);
                    n += 1;
                }
            }
            if let Some(used) = pairs.get_mut(..n) {
                used.sort_unstable_by(|a, b| a.0.cmp(b.0));
            }
            Some(CanonPairs::Small(n, pairs))
        } else {
            // Reversed, then a stable sort: the first of equal keys is the LAST in the map.
            let mut pairs: Vec<(&str, &JsonValue)> = members
                .iter()
                .rev()
                .map(|m| (m.key.as_str(), &m.value))
                .collect();
            pairs.sort_by(|a, b| a.0.cmp(b.0));
            pairs.dedup_by(|later, first| later.0 == first.0);
            Some(CanonPairs::Large(pairs))
        }
    }

    fn as_slice(&self) -> &[(&'a str, &'a JsonValue)] {
        match self {
            CanonPairs::Small(n, pairs) => pairs.get(..*n).unwrap_or_default(),
            CanonPairs::Large(pairs) => pairs,
        }
    }

    fn hash(&self, seed: u64) -> u64 {
        let mut h = FoldHasher { h: seed, seed };
        for (k, v) in self.as_slice() {
            h.write(k.as_bytes());
            h.write_u8(0xff); // never in UTF-8: ends the key
            match canon_value(v) {
                CanonValue::Null => h.write_u8(0),
                CanonValue::Bool(b) => h.write_u8(1 + u8::from(b)),
                CanonValue::Int(i) => {
                    h.write_u8(3);
                    h.write_i128(i);
                }
                CanonValue::Number(t) => {
                    h.write_u8(4);
                    h.write(t.as_bytes());
                    h.write_u8(0xff);
                }
                CanonValue::String(t) => {
                    h.write_u8(5);
                    h.write(t.as_bytes());
                    h.write_u8(0xff);
                }
            }
        }
        h.finish()
    }

    fn same(&self, other: &CanonPairs<'_>) -> bool {
        let (a, b) = (self.as_slice(), other.as_slice());
        a.len() == b.len()
            && a.iter()
                .zip(b)
                .all(|(x, y)| x.0 == y.0 && canon_value(x.1) == canon_value(y.1))
    }
}

/// [`KeyValue`] borrowed.
#[derive(PartialEq)]
enum CanonValue<'a> {
    Null,
    Bool(bool),
    Int(i128),
    Number(&'a str),
    String(&'a str),
}

fn canon_value(v: &JsonValue) -> CanonValue<'_> {
    match &v.kind {
        JsonKind::Bool(b) => CanonValue::Bool(*b),
        JsonKind::Number(n) if n.is_integer_text() => match n.as_i128() {
            Some(i) => CanonValue::Int(i),
            None => CanonValue::Number(n.text()),
        },
        JsonKind::Number(n) => CanonValue::Number(n.text()),
        JsonKind::String(s) => CanonValue::String(s),
        // Nested values never reach here (`CanonPairs::of` refuses them).
        JsonKind::Null | JsonKind::Array(_) | JsonKind::Object(_) => CanonValue::Null,
    }
}

/// A small keyed hash (folded multiply, as foldhash and aHash do): fast on short keys, and
/// with a random per-index seed a listing cannot be crafted to make every key collide.
struct FoldHasher {
    h: u64,
    seed: u64,
}

const FOLD_K: u64 = 0x9E37_79B9_7F4A_7C15;

fn folded_multiply(a: u64, b: u64) -> u64 {
    let r = u128::from(a) * u128::from(b);
    (r as u64) ^ ((r >> 64) as u64)
}

impl Hasher for FoldHasher {
    fn finish(&self) -> u64 {
        folded_multiply(self.h, self.seed ^ FOLD_K)
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            self.h = folded_multiply(self.h ^ u64::from_le_bytes(w), self.seed ^ FOLD_K);
        }
        let rest = chunks.remainder();
        let mut w = [0u8; 8];
        if let Some(dst) = w.get_mut(..rest.len()) {
            dst.copy_from_slice(rest);
        }
        // The length tag keeps "ab" + "" apart from "a" + "b".
        self.h = folded_multiply(
            self.h ^ u64::from_le_bytes(w),
            (self.seed ^ FOLD_K).wrapping_add(rest.len() as u64),
        );
    }
    fn write_u8(&mut self, i: u8) {
        self.h = folded_multiply(self.h ^ u64::from(i), self.seed ^ FOLD_K);
    }
}

/// Hashes an already well-mixed `u64` as itself.
#[derive(Default)]
struct U64Hasher(u64);

impl Hasher for U64Hasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// A map from canonical partition keys to `usize` values (row numbers), keyed by the entries'
/// partition maps themselves: no [`PartitionKey`] (strings and a vector per entry) is built.
/// Equal keys are those [`Entry::key`] says are equal. Hashes are keyed per index (SipHash with
/// a random key), so a hostile listing cannot make lookups collide.
pub(crate) struct KeyIndex<'a> {
    seed: u64,
    heads: HashMap<u64, usize, BuildHasherDefault<U64Hasher>>,
    slots: Vec<KeySlot<'a>>,
}

struct KeySlot<'a> {
    partition: &'a JsonValue,
    hash: u64,
    value: usize,
    next: Option<usize>,
}

/// An entry's key, ready for a [`KeyIndex`] lookup.
pub(crate) struct KeyProbe<'a> {
    partition: &'a JsonValue,
    pairs: CanonPairs<'a>,
    hash: u64,
}

impl<'a> KeyIndex<'a> {
    pub(crate) fn with_capacity(n: usize) -> KeyIndex<'a> {
        KeyIndex {
            seed: RandomState::new().hash_one(0x6b65_7973u64) | 1,
            heads: HashMap::with_capacity_and_hasher(n, BuildHasherDefault::default()),
            slots: Vec::with_capacity(n),
        }
    }

    /// The probe for `entry`'s key; `None` exactly when [`Entry::key`] is `None`.
    pub(crate) fn probe<'e>(&self, entry: &'e Entry) -> Option<KeyProbe<'e>> {
        let partition = entry.partition()?;
        let pairs = CanonPairs::of(partition)?;
        let hash = pairs.hash(self.seed);
        Some(KeyProbe {
            partition,
            pairs,
            hash,
        })
    }

    fn find(&self, probe: &KeyProbe<'_>) -> Option<usize> {
        let mut at = self.heads.get(&probe.hash).copied();
        while let Some(i) = at {
            let slot = self.slots.get(i)?;
            if slot.hash == probe.hash
                && CanonPairs::of(slot.partition).is_some_and(|p| p.same(&probe.pairs))
            {
                return Some(i);
            }
            at = slot.next;
        }
        None
    }

    /// The value stored for the probe's key.
    pub(crate) fn get(&self, probe: &KeyProbe<'_>) -> Option<usize> {
        self.find(probe)
            .and_then(|i| self.slots.get(i))
            .map(|s| s.value)
    }

    /// Stores `value` unless the key is already present; returns the value already stored.
    pub(crate) fn insert_first(&mut self, probe: KeyProbe<'a>, value: usize) -> Option<usize> {
        if let Some(existing) = self.get(&probe) {
            return Some(existing);
        }
        let index = self.slots.len();
        let next = self.heads.insert(probe.hash, index);
        self.slots.push(KeySlot {
            partition: probe.partition,
            hash: probe.hash,
            value,
            next,
        });
        None
    }
}

impl fmt::Display for PartitionKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, (k, v)) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{k}={v}")?;
        }
        f.write_str("}")
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
/// managedFields, creationTimestamp) is dropped on purpose: export must strip it anyway (K10).
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
}

impl Listing {
    /// An empty listing of a kind, built by code.
    pub fn new(kind: ConnectorKind, form: InputForm) -> Listing {
        Listing {
            kind,
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
        }
    }

    /// The payload `{"offsets": [...]}` (plus any extra top-level fields that were imported).
    pub fn payload(&self) -> JsonValue {
        let mut members = vec![Member {
            key: "offsets".into(),
            key_pos: Position::NONE,
            value: JsonValue::array(self.entries.iter().map(|e| e.value.clone()).collect()),
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
            json::write_pretty_at(out, &e.value, 1);
        } else {
            if self.written > 0 {
                out.push(',');
            }
            json::write_compact(out, &e.value);
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
    fn key_index_matches_partition_key_equality() {
        let maps = [
            r#"{"topic":"t","partition":1,"cluster":"c"}"#,
            r#"{"cluster":"c","partition":1,"topic":"t"}"#,
            r#"{"cluster":"c","partition":1.0,"topic":"t"}"#,
            r#"{"cluster":"c","partition":"1","topic":"t"}"#,
            r#"{"cluster":"c","partition":-0,"topic":"t"}"#,
            r#"{"cluster":"c","partition":0,"topic":"t"}"#,
            r#"{"cluster":"c","partition":2,"topic":"t","partition":1}"#,
            r#"{"cluster":"c","partition":99999999999999999999999999999999999999999,"topic":"t"}"#,
            r#"{"cluster":"c","topic":"t"}"#,
            r#"{"cluster":null,"topic":true}"#,
            r#"{"cluster":null,"topic":false}"#,
            r#"{"cluster":[1],"topic":"t"}"#,
            r#"{"a":1,"b":1,"c":1,"d":1,"e":1,"f":1,"g":1,"h":1,"i":1,"j":1,"k":1,"l":1,"m":1,"n":1,"o":1,"p":1,"q":1}"#,
            r#"{"q":1,"b":1,"c":1,"d":1,"e":1,"f":1,"g":1,"h":1,"i":1,"j":1,"k":1,"l":1,"m":1,"n":1,"o":1,"p":1,"a":2,"a":1}"#,
            r#"{"a":1,"b":1,"c":1,"d":1,"e":1,"f":1,"g":1,"h":1,"i":1,"j":1,"k":1,"l":1,"m":1,"n":1,"o":1,"p":1}"#,
            r#"{"p":1,"b":1,"c":1,"d":1,"e":1,"f":1,"g":1,"h":1,"i":1,"j":1,"k":1,"l":1,"m":1,"n":1,"o":1,"a":0,"a":1}"#,
            r#"{}"#,
        ];
        let entries: Vec<Entry> = maps
            .iter()
            .map(|m| Entry::new(json::parse(m).unwrap(), None))
            .collect();
        let mut index = KeyIndex::with_capacity(entries.len());
        for (i, e) in entries.iter().enumerate() {
            let first = entries
                .iter()
                .position(|o| o.key().is_some() && o.key() == e.key());
            match index.probe(e) {
                None => assert!(e.key().is_none(), "{}", maps[i]),
                Some(p) => assert_eq!(index.insert_first(p, i), first.filter(|&f| f < i)),
            }
        }
    }

    #[test]
    fn payload_writers_match_the_payload_value() {
        for text in [
            r#"{"offsets":[]}"#,
            r#"{"offsets":[{"partition":{"a":"x\"y","b":[]},"offset":{"offset":1}},{"partition":{},"offset":null}],"z":{"q":[1,{}]},"e":[]}"#,
        ] {
            let l = crate::import::payload_listing(
                json::parse(text).unwrap(),
                None,
                InputForm::RestPayload,
                Position::NONE,
            )
            .unwrap();
            assert_eq!(l.to_pretty_json(), json::to_pretty(&l.payload()));
            assert_eq!(l.to_compact_json(), json::to_compact(&l.payload()));
        }
    }

    #[test]
    fn with_offset_keeps_other_keys() {
        let v = json::parse(r#"{"partition":{"cluster":"c","partition":0,"topic":"t"},"offset":{"offset":5,"x":1}}"#).unwrap();
        let e = Entry {
            value: v,
            origin: Origin::default(),
        };
        let e2 = e.with_offset(ConnectorKind::MirrorSource, Some(9_223_372_036_854_775_807));
        assert_eq!(
            json::to_compact(&e2.value),
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
