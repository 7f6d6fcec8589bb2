//! The reference's index: [`FxHasher`] and [`FxMap`], and the lookups of [`Reference`] by
//! (topic, partition).

use super::{Reference, ReferenceValue, Role};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A multiply-rotate hasher (FxHash's step) for the reference's index: the log-range check
/// looks up every row twice. Measured 2026-12-01 (release, no LTO, 100k rows and two 100k-line
/// references): with SipHash and a map per topic, loading took 117 ms and classifying 78 ms
/// (a third of it in `Reference::get` and its string compares); with this hasher, 79 ms and
/// 27 ms. References are the user's own text, so hash flooding is not a concern here.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct FxHasher(u64);

impl FxHasher {
    fn add(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for FxHasher {
    fn finish(&self) -> u64 {
        // The multiply leaves the entropy in the high bits, and the table picks buckets with
        // the low ones: rotate (as rustc-hash 2 does), or names that differ only in their
        // eighth byte (`topic-42`, `topic-43`) all land in one bucket.
        self.0.rotate_left(26)
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut b = [0u8; 8];
            if let Some(dst) = b.get_mut(..chunk.len()) {
                dst.copy_from_slice(chunk);
            }
            self.add(u64::from_le_bytes(b));
        }
    }
    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }
    fn write_i64(&mut self, i: i64) {
        self.add(i as u64);
    }
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
}

/// A `HashMap` with [`FxHasher`].
pub(crate) type FxMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;
impl Reference {
    /// An empty reference of a role (nothing known).
    pub fn empty(role: Role) -> Reference {
        Reference {
            role,
            format: None,
            values: Vec::new(),
            diagnostics: Vec::new(),
            topics: FxMap::default(),
            index: FxMap::default(),
        }
    }

    /// Builds a reference from values (tests, and callers that already hold the numbers);
    /// the first value given for a partition is kept.
    pub fn from_values(
        role: Role,
        values: impl IntoIterator<Item = (String, i64, Option<i64>)>,
    ) -> Reference {
        let mut r = Reference::empty(role);
        for (topic, partition, offset) in values {
            r.insert(ReferenceValue {
                topic,
                partition,
                offset,
                log_end: None,
                line: 0,
            });
        }
        r
    }

    pub(super) fn insert(&mut self, v: ReferenceValue) -> Option<usize> {
        let next = self.topics.len() as u32;
        let topic = match self.topics.get(v.topic.as_str()) {
            Some(&id) => id,
            None => {
                self.topics.insert(v.topic.clone(), next);
                next
            }
        };
        if let Some(&i) = self.index.get(&(topic, v.partition)) {
            return Some(i as usize);
        }
        self.index
            .insert((topic, v.partition), self.values.len() as u32);
        self.values.push(v);
        None
    }

    /// The value of a partition, if the reference has it.
    pub fn get(&self, topic: &str, partition: i64) -> Option<&ReferenceValue> {
        let topic = *self.topics.get(topic)?;
        let i = *self.index.get(&(topic, partition))?;
        self.values.get(i as usize)
    }

    /// Where a partition's value is in [`Reference::values`].
    pub fn position(&self, topic: &str, partition: i64) -> Option<usize> {
        let topic = *self.topics.get(topic)?;
        self.index.get(&(topic, partition)).map(|&i| i as usize)
    }

    /// The position of a partition (`None` when absent or printed without a value).
    pub fn offset(&self, topic: &str, partition: i64) -> Option<i64> {
        self.get(topic, partition)?.offset
    }

    /// The log end of a partition: the value of a `latest` reference, else a describe table's
    /// LOG-END-OFFSET.
    pub fn log_end(&self, topic: &str, partition: i64) -> Option<i64> {
        let v = self.get(topic, partition)?;
        match self.role {
            Role::Latest => v.offset.or(v.log_end),
            _ => v.log_end,
        }
    }

    /// True when it has no error (warnings and infos allowed).
    pub fn is_usable(&self) -> bool {
        !crate::diag::has_errors(&self.diagnostics)
    }

    /// How many partitions it names.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
}
