//! [`PartitionKey`], the canonical identity of an entry's partition, and the hash index over
//! partitions (`KeyIndex`) that finds duplicates and matches without building keys.

use super::Entry;
use crate::diag::Position;
use crate::json::{JsonKind, JsonValue, Raw, RawKind};
use foldhash::fast::FixedState;
use std::collections::HashMap;
use std::collections::hash_map::RandomState;
use std::fmt;
use std::hash::{BuildHasher, Hasher};

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
/// the same partition compare equal whatever their key order or number spelling
/// (docs/rules.md, S7).
/// Displays like Java's `Map.toString`: `{cluster=east, partition=0, topic=orders}`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PartitionKey(pub Vec<(String, KeyValue)>);

impl PartitionKey {
    /// `None` when `partition` is not an object or holds a nested value. For duplicate keys the
    /// last one wins, as in Jackson. A tree's and a tape's map of one text give the same key.
    pub fn of<'a>(partition: impl Into<Raw<'a>>) -> Option<PartitionKey> {
        let partition = partition.into();
        crate::work::step();
        let mut pairs: Vec<(String, KeyValue)> = Vec::new();
        if partition.kind() != RawKind::Object {
            return None;
        }
        for m in partition.members() {
            let v = match m.value.kind() {
                RawKind::Null => KeyValue::Null,
                RawKind::Bool => KeyValue::Bool(m.value.as_bool() == Some(true)),
                RawKind::Number => {
                    let text = m.value.number_text().unwrap_or_default();
                    match text.parse::<i128>() {
                        Ok(i) if m.value.is_integer_number() => KeyValue::Int(i),
                        _ => KeyValue::Number(text.to_string()),
                    }
                }
                RawKind::String => {
                    KeyValue::String(m.value.as_str().unwrap_or_default().to_owned())
                }
                RawKind::Array | RawKind::Object => return None,
            };
            pairs.retain(|(k, _)| *k != m.key);
            pairs.push((m.key.to_string(), v));
        }
        pairs.sort();
        Some(PartitionKey(pairs))
    }
}

/// An entry's key (here, beside the key, so that `entry.rs` needs nothing of this file).
impl Entry {
    /// The canonical partition key used to match entries between listings and to find
    /// duplicates (S7). `None` when `partition` is not an object.
    pub fn key(&self) -> Option<PartitionKey> {
        PartitionKey::of(self.partition()?)
    }

    /// [`Entry::key`] of [`Entry::as_connect_reads`]: the partition as Kafka Connect stores it,
    /// for matching an alter with a listing taken later.
    pub fn connect_key(&self, kind: super::ConnectorKind) -> Option<PartitionKey> {
        self.as_connect_reads(kind).key()
    }
}

/// A partition map's canonical pairs without building a [`PartitionKey`]: the last member of
/// each key, sorted by key (exactly the pairs `PartitionKey::of` keeps), read through the view
/// (a tree's or a tape's map). Small maps (every real one) stay on the stack: the size
/// difference is the point.
#[allow(clippy::large_enum_variant)]
pub(super) enum CanonPairs<'a> {
    Small(usize, [(&'a str, Raw<'a>); SMALL_KEY]),
    Large(Vec<(&'a str, Raw<'a>)>),
}

/// Real partition maps have 2 or 3 keys; a larger array only costs initialising and moving
/// (a pair is 40 bytes: a key and a view).
const SMALL_KEY: usize = 3;

static NULL_VALUE: JsonValue = JsonValue {
    kind: JsonKind::Null,
    pos: Position::NONE,
    start: 0,
};

impl<'a> CanonPairs<'a> {
    /// `None` exactly when [`PartitionKey::of_raw`] is `None`.
    pub(super) fn of(partition: Raw<'a>) -> Option<CanonPairs<'a>> {
        crate::work::step();
        if partition.kind() != RawKind::Object {
            return None;
        }
        let mut small = [("", Raw::Tree(&NULL_VALUE)); SMALL_KEY];
        let mut n = 0;
        let mut large: Option<Vec<(&'a str, Raw<'a>)>> = None;
        for m in partition.members() {
            if !m.value.is_primitive() {
                return None;
            }
            if let Some(pairs) = &mut large {
                pairs.push((m.key, m.value));
                continue;
            }
            let used = small.get_mut(..n).unwrap_or_default();
            if let Some(earlier) = used.iter_mut().find(|p| p.0 == m.key) {
                // The last of duplicate keys wins.
                earlier.1 = m.value;
            } else if let Some(slot) = small.get_mut(n) {
                *slot = (m.key, m.value);
                n += 1;
            } else {
                let mut pairs = small.to_vec();
                pairs.push((m.key, m.value));
                large = Some(pairs);
            }
        }
        match large {
            // Small maps stay in member order: the hash does not depend on it and `same`
            // compares them as sets.
            None => Some(CanonPairs::Small(n, small)),
            Some(mut pairs) => {
                // Reversed, then a stable sort: the first of equal keys is the LAST in the map.
                pairs.reverse();
                pairs.sort_by(|a, b| a.0.cmp(b.0));
                pairs.dedup_by(|later, first| later.0 == first.0);
                Some(CanonPairs::Large(pairs))
            }
        }
    }

    fn as_slice(&self) -> &[(&'a str, Raw<'a>)] {
        match self {
            CanonPairs::Small(n, pairs) => pairs.get(..*n).unwrap_or_default(),
            CanonPairs::Large(pairs) => pairs,
        }
    }

    /// The map's hash, the same whatever the order of its pairs: the wrapping sum of each
    /// pair's hash (each keyed by `seed`, so a listing cannot be written to collide).
    fn hash(&self, seed: u64) -> u64 {
        self.as_slice()
            .iter()
            .fold(0u64, |sum, (k, v)| sum.wrapping_add(pair_hash(seed, k, *v)))
    }

    /// Whether the two maps hold the same pairs. Keys are unique within each; a small map's
    /// pairs are in member order (compared as sets), a large one's sorted by key.
    pub(super) fn same(&self, other: &CanonPairs<'_>) -> bool {
        let (a, b) = (self.as_slice(), other.as_slice());
        let equal = |x: &(&str, Raw<'_>), y: &(&str, Raw<'_>)| {
            x.0 == y.0 && canon_value(x.1) == canon_value(y.1)
        };
        if a.len() != b.len() {
            return false;
        }
        match (self, other) {
            (CanonPairs::Large(_), CanonPairs::Large(_)) => {
                a.iter().zip(b).all(|(x, y)| equal(x, y))
            }
            _ => a.iter().all(|x| b.iter().any(|y| equal(x, y))),
        }
    }
}

/// A partition map's hash, equal to [`CanonPairs::hash`] of its pairs (`None` exactly when
/// [`CanonPairs::of`] is), read in one pass without gathering the pairs: a map whose keys are
/// each there once (every real one) is hashed member by member. Gathering the pairs first and
/// moving them out cost `validate` about 8% of its cycles at 100k entries (a store-forwarding
/// stall on every move of the array). Repeated keys (the last wins) and large maps take the
/// gathering path.
pub(super) fn map_hash(partition: Raw<'_>, seed: u64) -> Option<u64> {
    crate::work::step();
    if partition.kind() != RawKind::Object {
        return None;
    }
    let mut seen = FewKeys::<SMALL_KEY>::default();
    let mut sum = 0u64;
    for m in partition.members() {
        if !m.value.is_primitive() {
            return None;
        }
        if !seen.keep(m.key) {
            return CanonPairs::of(partition).map(|pairs| pairs.hash(seed));
        }
        sum = sum.wrapping_add(pair_hash(seed, m.key, m.value));
    }
    Some(sum)
}

/// Up to `N` keys of one object, each once: what a walk over its members keeps to know,
/// without a second walk, that no key repeats (the map hash above, and the structure rules'
/// duplicate keys).
pub(crate) struct FewKeys<'a, const N: usize> {
    keys: [&'a str; N],
    len: usize,
}

impl<const N: usize> Default for FewKeys<'_, N> {
    fn default() -> Self {
        FewKeys {
            keys: [""; N],
            len: 0,
        }
    }
}

impl<'a, const N: usize> FewKeys<'a, N> {
    /// Keeps `key`; false when an earlier key is the same or `N` are kept already: the caller
    /// then reads the keys another way.
    pub(crate) fn keep(&mut self, key: &'a str) -> bool {
        let repeated = self.keys.get(..self.len).unwrap_or_default().contains(&key);
        match self.keys.get_mut(self.len).filter(|_| !repeated) {
            Some(slot) => {
                *slot = key;
                self.len += 1;
                true
            }
            None => false,
        }
    }
}

/// One pair's share of a map's hash.
pub(super) fn pair_hash(seed: u64, key: &str, value: Raw<'_>) -> u64 {
    let mut h = FixedState::with_seed(seed).build_hasher();
    h.write(key.as_bytes());
    h.write_u8(0xff); // never in UTF-8: ends the key
    // What `canon_value` gives, hashed; an integer is read as an `i64` first: every real
    // partition number fits, and an `Option<i128>` comes back through memory, which stalled
    // the next read of it (6% of `validate`'s cycles at 100k entries).
    let int = || value.as_i64().map(i128::from).or_else(|| value.as_i128());
    match value.kind() {
        RawKind::Bool => h.write_u8(1 + u8::from(value.as_bool() == Some(true))),
        RawKind::Number => match int() {
            Some(i) => {
                h.write_u8(3);
                h.write_i128(i);
            }
            None => {
                h.write_u8(4);
                h.write(value.number_text().unwrap_or_default().as_bytes());
            }
        },
        RawKind::String => {
            h.write_u8(5);
            h.write(value.as_str().unwrap_or_default().as_bytes());
        }
        RawKind::Null | RawKind::Array | RawKind::Object => h.write_u8(0),
    }
    h.finish()
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

fn canon_value(v: Raw<'_>) -> CanonValue<'_> {
    match v.kind() {
        RawKind::Bool => CanonValue::Bool(v.as_bool() == Some(true)),
        RawKind::Number => match v.as_i128() {
            Some(i) => CanonValue::Int(i),
            None => CanonValue::Number(v.number_text().unwrap_or_default()),
        },
        RawKind::String => CanonValue::String(v.as_str().unwrap_or_default()),
        // Nested values never reach here (`CanonPairs::of` refuses them).
        RawKind::Null | RawKind::Array | RawKind::Object => CanonValue::Null,
    }
}

/// A map from canonical partition keys to `usize` values (row numbers), keyed by the entries'
/// partition maps themselves: no [`PartitionKey`] (strings and a vector per entry) is built.
/// Equal keys are those [`Entry::key`] says are equal. Hashes are keyed per index
/// (foldhash's `FixedState` with a seed from std's random `RandomState`), so a listing cannot be written
/// in advance to make lookups collide.
pub(crate) struct KeyIndex<'a> {
    seed: u64,
    /// The bits of a hash the table keys on ([`short`]): all 32 but in the test that makes
    /// every chain long.
    keep: u32,
    /// The first slot of each hash (its low 32 bits, half the table of the whole hash; a chain
    /// compares the maps themselves); a slot's `next` is the next one with the same key.
    heads: HashMap<u32, u32, FixedState>,
    slots: Vec<KeySlot<'a>>,
}

/// 24 bytes: 100k entries' slots are 2.4 MB (a `usize` value made them 3.2).
struct KeySlot<'a> {
    partition: Raw<'a>,
    value: u32,
    next: u32,
}

/// The end of a chain of slots (an index no table reaches: tables hold at most `u32::MAX - 1`).
const NONE: u32 = u32::MAX;

/// An entry's key, ready for a [`KeyIndex`] lookup.
pub(crate) struct KeyProbe<'a> {
    partition: Raw<'a>,
    hash: u64,
}

/// The part of a map's hash the tables key on: its low 32 bits (`keep` is `u32::MAX` but in
/// a test that keeps two bits, so that different maps share chains). Two maps that share them
/// are told apart by comparing the maps, so this only trades a rare extra comparison for a
/// table half the size (100k entries: 1 MB instead of 2), and lets S7's `KeyHashes` pack the
/// bits with a position in one `u64`.
pub(super) fn short(hash: u64, keep: u32) -> u32 {
    hash as u32 & keep
}

pub(super) fn new_seed() -> u64 {
    RandomState::new().hash_one(0x6b65_7973u64) | 1
}

impl<'a> KeyIndex<'a> {
    pub(crate) fn with_capacity(n: usize) -> KeyIndex<'a> {
        KeyIndex::keeping(n, u32::MAX)
    }

    fn keeping(n: usize, keep: u32) -> KeyIndex<'a> {
        KeyIndex {
            seed: new_seed(),
            keep,
            heads: HashMap::with_capacity_and_hasher(n, FixedState::default()),
            slots: Vec::with_capacity(n),
        }
    }

    /// The probe for `entry`'s key; `None` exactly when [`Entry::key`] is `None`.
    pub(crate) fn probe<'e>(&self, entry: &'e Entry) -> Option<KeyProbe<'e>> {
        self.probe_raw(entry.partition()?)
    }

    /// The probe for a partition map read through the view (a tree's or a tape's map: equal
    /// maps of the two forms find each other); `None` exactly when [`PartitionKey::of_raw`] is.
    pub(crate) fn probe_raw<'e>(&self, partition: Raw<'e>) -> Option<KeyProbe<'e>> {
        let hash = map_hash(partition, self.seed)?;
        Some(KeyProbe { partition, hash })
    }

    /// The slot holding the probe's key. A chain holds the slots whose hash has the probe's low
    /// 32 bits; the maps are compared.
    fn find(&self, probe: &KeyProbe<'_>) -> Option<&KeySlot<'a>> {
        let mut at = self
            .heads
            .get(&short(probe.hash, self.keep))
            .copied()
            .unwrap_or(NONE);
        // The probe's pairs are gathered only when a slot shares the hash's bits.
        let mut pairs = None;
        while let Some(slot) = self.slots.get(at as usize) {
            let pairs = pairs.get_or_insert_with(|| CanonPairs::of(probe.partition));
            if CanonPairs::of(slot.partition)
                .zip(pairs.as_ref())
                .is_some_and(|(p, q)| p.same(q))
            {
                return Some(slot);
            }
            at = slot.next;
        }
        None
    }

    /// The value stored for the probe's key.
    pub(crate) fn get(&self, probe: &KeyProbe<'_>) -> Option<usize> {
        self.find(probe).map(|s| s.value as usize)
    }

    /// Stores `value` unless the key is already present; returns the value already stored.
    pub(crate) fn insert_first(&mut self, probe: KeyProbe<'a>, value: usize) -> Option<usize> {
        if let Some(existing) = self.get(&probe) {
            return Some(existing);
        }
        // A table (or a value) this large cannot be built from an input the import accepts;
        // refusing the key keeps the chains sound.
        let index = u32::try_from(self.slots.len())
            .ok()
            .filter(|&i| i != NONE)?;
        let value = u32::try_from(value).ok()?;
        let next = self
            .heads
            .insert(short(probe.hash, self.keep), index)
            .unwrap_or(NONE);
        self.slots.push(KeySlot {
            partition: probe.partition,
            value,
            next,
        });
        None
    }
}

/// A [`KeyIndex`] that borrows nothing: entries are named by their position in the slice it
/// was built from, so it can be built once and kept next to a shared listing. Every entry is
/// indexed (duplicates too); equal keys are those [`Entry::key`] says are equal.
#[derive(Debug, Clone)]
pub(crate) struct EntryKeys {
    seed: u64,
    heads: HashMap<u64, usize, FixedState>,
    /// `(hash, entry position, next slot with the same hash)`.
    slots: Vec<(u64, usize, Option<usize>)>,
}

impl EntryKeys {
    pub(crate) fn new(entries: &[Entry]) -> EntryKeys {
        let mut keys = EntryKeys {
            seed: new_seed(),
            heads: HashMap::with_capacity_and_hasher(entries.len(), FixedState::default()),
            slots: Vec::with_capacity(entries.len()),
        };
        for (i, e) in entries.iter().enumerate() {
            let Some(hash) = e.partition().and_then(|p| map_hash(p, keys.seed)) else {
                continue;
            };
            let next = keys.heads.insert(hash, keys.slots.len());
            keys.slots.push((hash, i, next));
        }
        keys
    }

    /// The positions in `entries` (the slice the index was built from) of every entry with
    /// `entry`'s key, in slice order.
    pub(crate) fn find(&self, entries: &[Entry], entry: &Entry) -> Vec<usize> {
        let Some(pairs) = entry.partition().and_then(CanonPairs::of) else {
            return Vec::new();
        };
        let hash = pairs.hash(self.seed);
        let mut found = Vec::new();
        let mut at = self.heads.get(&hash).copied();
        while let Some(&(h, i, next)) = at.and_then(|s| self.slots.get(s)) {
            let same = h == hash
                && entries
                    .get(i)
                    .and_then(Entry::partition)
                    .and_then(CanonPairs::of)
                    .is_some_and(|p| p.same(&pairs));
            if same {
                found.push(i);
            }
            at = next;
        }
        found.reverse();
        found
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

#[cfg(test)]
#[path = "key_tests.rs"]
mod tests;
