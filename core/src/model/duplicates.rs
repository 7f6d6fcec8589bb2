//! S7's pairs over a whole listing, found by sorting the entries' key hashes instead of looking
//! each entry up in a hash table as it comes.
//!
//! A table of 1M keys is tens of megabytes read at random: `connect-offsets edit` at 1M entries
//! spent 250–370 ms of its ~750 in the table's cache misses (its streamed check with a
//! [`super::KeyIndex`]; the same run without S7 took 275 ms for everything else it checks).
//! Here each entry adds one `u64` (its hash's bits and its position) to a vector, written in
//! order; one sort brings equal hashes together, and only entries that share a hash have
//! their maps read again and compared.

#[cfg(test)]
use super::Entry;
use super::Raw;
use super::key::{CanonPairs, map_hash, new_seed, pair_hash, short};

/// The low half of a packed key or pair: a position.
const LOW: u64 = u32::MAX as u64;

/// The key hashes of a listing's entries, gathered in order; [`KeyHashes::pairs`] then gives
/// S7's pairs.
pub(crate) struct KeyHashes {
    seed: u64,
    /// The bits of a hash kept ([`short`]): all 32 but in the test that makes every hash
    /// shared.
    keep: u32,
    /// `hash bits << 32 | position`, one per entry with a key.
    keys: Vec<u64>,
}

impl KeyHashes {
    /// Room for `n` entries.
    pub(crate) fn with_capacity(n: usize) -> KeyHashes {
        KeyHashes::keeping(n, u32::MAX)
    }

    pub(super) fn keeping(n: usize, keep: u32) -> KeyHashes {
        KeyHashes {
            seed: new_seed(),
            keep,
            keys: Vec::with_capacity(n),
        }
    }

    /// Entry `i`'s partition map (`None`, or a map without a key — not a map, or a nested
    /// value — adds nothing: S7 does not apply). Entries come in position order.
    pub(crate) fn push(&mut self, i: usize, partition: Option<Raw<'_>>) {
        if let Some(hash) = partition.and_then(|p| map_hash(p, self.seed)) {
            self.add(i, hash);
        }
    }

    /// [`KeyHashes::push`] for a partition map whose members are exactly `pairs` (each key
    /// once), read by the caller already: its hash is theirs, without a walk over the map. A
    /// map with a nested value has no key; its hash only makes it compared, and it is found
    /// equal to none.
    pub(crate) fn push_pairs(&mut self, i: usize, pairs: &[(&str, Raw<'_>)]) {
        crate::work::step();
        let hash = pairs.iter().fold(0u64, |sum, (k, v)| {
            sum.wrapping_add(pair_hash(self.seed, k, *v))
        });
        self.add(i, hash);
    }

    /// Entry `i`'s key `hash`, packed; a position past `u32::MAX` (no input the import
    /// accepts has one) is left out.
    fn add(&mut self, i: usize, hash: u64) {
        if let Ok(i) = u32::try_from(i) {
            self.keys
                .push(u64::from(short(hash, self.keep)) << 32 | u64::from(i));
        }
    }

    /// `(later, first)` for every entry whose key an earlier entry has, `first` being the
    /// earliest such entry, in `later` order: what [`super::KeyIndex::insert_first`] answers
    /// entry by entry. `map(i)` reads entry `i`'s partition map again; it is asked only for
    /// entries whose hash another entry shares.
    pub(crate) fn pairs<'m>(
        mut self,
        map: impl Fn(usize) -> Option<Raw<'m>>,
    ) -> Vec<(usize, usize)> {
        // By hash bits, then by position: each run of one hash is in listing order.
        self.keys.sort_unstable();
        // `later << 32 | first`: sorted by the same code as the keys (a second sort of pairs
        // was 3 KB more wasm).
        let mut pairs: Vec<u64> = Vec::new();
        let shared = self.keys.chunk_by(|a, b| a >> 32 == b >> 32);
        for run in shared.filter(|run| run.len() > 1) {
            let positions: Vec<usize> = run.iter().map(|k| (k & LOW) as usize).collect();
            first_of_each(&positions, &map, &mut pairs);
        }
        pairs.sort_unstable();
        pairs
            .into_iter()
            .map(|p| ((p >> 32) as usize, (p & LOW) as usize))
            .collect()
    }
}

/// The pairs within one run of entries sharing a hash (`positions` ascending): each entry is
/// compared with the first entry of each different map met before it in the run (not with
/// every earlier one: 100k copies of one key stay linear). A run is one key's duplicates, or
/// rarely two keys that share the bits.
fn first_of_each<'m>(
    positions: &[usize],
    map: &impl Fn(usize) -> Option<Raw<'m>>,
    pairs: &mut Vec<u64>,
) {
    let mut firsts: Vec<(CanonPairs<'m>, usize)> = Vec::new();
    for &at in positions {
        let Some(later) = map(at).and_then(CanonPairs::of) else {
            continue;
        };
        let same = |(first, _): &&(CanonPairs<'m>, usize)| {
            crate::work::step();
            first.same(&later)
        };
        match firsts.iter().find(same) {
            Some(&(_, first_at)) => pairs.push((at as u64) << 32 | first_at as u64),
            None => firsts.push((later, at)),
        }
    }
}

/// S7's pairs over a whole listing ([`KeyHashes::pairs`] of its entries): the reference the
/// tests hold the validator's hashes (read by the rules) to.
#[cfg(test)]
pub(crate) fn duplicate_pairs(entries: &[Entry]) -> Vec<(usize, usize)> {
    duplicate_pairs_keeping(entries, u32::MAX)
}

/// [`duplicate_pairs`] with the hash bits `keep` keeps.
#[cfg(test)]
pub(super) fn duplicate_pairs_keeping(entries: &[Entry], keep: u32) -> Vec<(usize, usize)> {
    let mut hashes = KeyHashes::keeping(entries.len(), keep);
    for (i, e) in entries.iter().enumerate() {
        hashes.push(i, e.partition());
    }
    hashes.pairs(|i| entries.get(i).and_then(Entry::partition))
}
