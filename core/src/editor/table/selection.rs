//! The table's two sets: the selected rows ([`RowSet`], row indices) and the collapsed topic
//! groups ([`TopicSet`]). Plain vectors rather than `BTreeSet`s: each `BTreeSet` instantiation
//! is a copy of the tree's code (insert, remove, rebalancing, clone, drop) in the page's wasm,
//! and these sets need none of it.

/// Selected rows as one flag per row index, in index order.
#[derive(Debug, Clone, Default)]
pub struct RowSet {
    flags: Vec<bool>,
    len: usize,
}

impl RowSet {
    pub fn contains(&self, row: &usize) -> bool {
        self.flags.get(*row).copied().unwrap_or(false)
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The selected rows, in ascending order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.flags
            .iter()
            .enumerate()
            .filter_map(|(row, &on)| on.then_some(row))
    }

    pub(in crate::editor) fn insert(&mut self, row: usize) {
        if self.flags.len() <= row {
            self.flags.resize(row + 1, false);
        }
        if let Some(flag) = self.flags.get_mut(row)
            && !*flag
        {
            *flag = true;
            self.len += 1;
        }
    }

    pub(in crate::editor) fn remove(&mut self, row: usize) {
        if let Some(flag) = self.flags.get_mut(row)
            && *flag
        {
            *flag = false;
            self.len -= 1;
        }
    }

    pub(in crate::editor) fn clear(&mut self) {
        *self = RowSet::default();
    }

    /// Forgets rows from `len` on (rows past the end of a shorter session).
    pub(in crate::editor) fn truncate(&mut self, len: usize) {
        if self.flags.len() > len {
            self.flags.truncate(len);
            self.len = self.flags.iter().filter(|&&on| on).count();
        }
    }
}

/// Two sets are equal when they hold the same rows (however long their flag vectors grew).
impl PartialEq for RowSet {
    fn eq(&self, other: &RowSet) -> bool {
        self.len == other.len && self.iter().eq(other.iter())
    }
}

impl Extend<usize> for RowSet {
    fn extend<I: IntoIterator<Item = usize>>(&mut self, rows: I) {
        for row in rows {
            self.insert(row);
        }
    }
}

/// Collapsed topic groups, kept sorted (looked up by binary search).
#[derive(Debug, Clone, PartialEq, Default)]
pub(in crate::editor) struct TopicSet(Vec<String>);

impl TopicSet {
    fn find(&self, topic: &str) -> Result<usize, usize> {
        self.0.binary_search_by(|t| t.as_str().cmp(topic))
    }

    pub(in crate::editor) fn contains(&self, topic: &str) -> bool {
        self.find(topic).is_ok()
    }

    /// Collapses `topic` when it is open, opens it when it is collapsed.
    pub(in crate::editor) fn toggle(&mut self, topic: String) {
        match self.find(&topic) {
            Ok(at) => {
                self.0.remove(at);
            }
            Err(at) => self.0.insert(at, topic),
        }
    }

    pub(in crate::editor) fn clear(&mut self) {
        self.0.clear();
    }
}

impl Extend<String> for TopicSet {
    fn extend<I: IntoIterator<Item = String>>(&mut self, topics: I) {
        for topic in topics {
            if let Err(at) = self.find(&topic) {
                self.0.insert(at, topic);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{RowSet, TopicSet};

    #[test]
    fn row_set_counts_each_row_once_and_lists_rows_in_order() {
        let mut s = RowSet::default();
        s.extend([5, 2, 5, 9]);
        assert_eq!((s.len(), s.iter().collect::<Vec<_>>()), (3, vec![2, 5, 9]));
        s.remove(5);
        s.remove(5);
        assert!(!s.contains(&5) && s.contains(&9) && !s.contains(&100));
        s.truncate(9);
        assert_eq!((s.len(), s.iter().collect::<Vec<_>>()), (1, vec![2]));
        s.clear();
        assert!(s.is_empty());
    }

    #[test]
    fn row_sets_with_the_same_rows_are_equal() {
        let (mut a, mut b) = (RowSet::default(), RowSet::default());
        a.insert(1);
        b.extend([1, 40]);
        assert_ne!(a, b);
        b.remove(40);
        assert_eq!(a, b, "a longer flag vector holds the same rows");
    }

    #[test]
    fn topic_set_toggles_and_stays_sorted() {
        let mut s = TopicSet::default();
        s.extend(["b".to_string(), "a".to_string(), "b".to_string()]);
        s.toggle("c".to_string());
        s.toggle("a".to_string());
        assert_eq!(s.0, ["b", "c"]);
        assert!(s.contains("b") && !s.contains("a"));
    }
}
