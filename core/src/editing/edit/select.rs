//! Which rows an action covers: a [`Selection`] resolved to row indices, the repeated
//! partitions, and the checks that a row exists, is not removed and can take an offset.

use super::rows::read_offset;
use super::{EditError, OffsetValue, RowOrigin, Selection, Session, messages};
use crate::editing::filter::Filter;
use crate::model::{ConnectorKind, Entry, EntryFacts, PartitionKey};
use std::collections::HashMap;

impl Session {
    /// How many rows of `selection` a shift by `delta` would take below 0 (the rows a refused
    /// [`super::Action::ShiftOffsets`] is refused for, and an [`super::Action::ShiftOffsetsClamped`] sets
    /// to null or 0).
    pub fn shift_below_zero(&self, selection: &Selection, delta: i64) -> usize {
        let Ok(rows) = self.resolve(selection, false) else {
            return 0;
        };
        rows.iter()
            .filter_map(|&i| self.rows.get(i))
            .filter(|r| match self.current_of(r) {
                OffsetValue::Value(v) => match v.checked_add(delta) {
                    Some(n) => n < 0,
                    None => delta < 0,
                },
                _ => false,
            })
            .count()
    }

    /// The rows `selection` covers (not removed), ascending; none when it cannot be resolved.
    pub fn selected_rows(&self, selection: &Selection) -> Vec<usize> {
        self.resolve(selection, false).unwrap_or_default()
    }

    pub(super) fn select_filter(&self, filter: &Filter, include_removed: bool) -> Vec<usize> {
        let kind = self.kind();
        // Sized for every row (memory a narrow filter never touches): grown from empty, a
        // selection of 1M rows copied itself through 16 MB.
        let mut rows = Vec::with_capacity(self.rows.len());
        rows.extend(
            self.rows
                .iter()
                .enumerate()
                .filter(|(_, r)| include_removed || !r.removed)
                .filter(|(_, r)| {
                    self.entry_of(r).is_some_and(|e| {
                        filter.is_empty()
                            || filter.matches(&EntryFacts::of(kind, e, self.changed_of(r)))
                    })
                })
                .map(|(i, _)| i),
        );
        rows
    }

    /// Resolves a selection into ascending, distinct row indices.
    pub(super) fn resolve(
        &self,
        selection: &Selection,
        include_removed: bool,
    ) -> Result<Vec<usize>, EditError> {
        let mut rows = match selection {
            Selection::All => self.select_filter(&Filter::all(), include_removed),
            Selection::Filter(f) if f.needs_range() => {
                return Err(EditError::new(messages::range_filter_as_selection()));
            }
            Selection::Filter(f) => self.select_filter(f, include_removed),
            Selection::Rows(rows) => {
                for &i in rows {
                    self.check_row(i, include_removed)?;
                }
                rows.clone()
            }
            Selection::Keys(keys) => {
                let mut index: HashMap<PartitionKey, usize> = HashMap::new();
                for (i, r) in self.rows.iter().enumerate() {
                    if (include_removed || !r.removed)
                        && let Some(k) = self.entry_of(r).and_then(Entry::key)
                    {
                        index.entry(k).or_insert(i);
                    }
                }
                let mut out = Vec::with_capacity(keys.len());
                for k in keys {
                    match index.get(k) {
                        Some(&i) => out.push(i),
                        None => {
                            return Err(EditError::new(messages::not_listed(k)));
                        }
                    }
                }
                out
            }
        };
        rows.sort_unstable();
        rows.dedup();
        Ok(rows)
    }

    /// The rows [`Action::KeepLastDuplicates`] removes: every row (not removed) whose partition
    /// a later row has too, or, for a sink connector, whose topic partition a later row names.
    pub(super) fn earlier_duplicates(&self) -> Vec<usize> {
        let mut rows = self.repeated(true);
        rows.reverse();
        rows
    }

    /// The rows (not removed) whose partition an earlier row has too (S7 is reported at them),
    /// in row order: empty once "Keep only the last" has run.
    pub fn repeated_rows(&self) -> Vec<usize> {
        self.repeated(false)
    }

    /// The rows whose partition another row seen before them has, walking the rows backwards
    /// (`backwards`) or forwards.
    fn repeated(&self, backwards: bool) -> Vec<usize> {
        let mut live: Vec<(usize, Entry)> = self
            .rows
            .iter()
            .enumerate()
            .filter(|(_, r)| !r.removed)
            .filter_map(|(i, r)| self.materialise(r).map(|e| (i, e)))
            .collect();
        if backwards {
            live.reverse();
        }
        let mut index = crate::model::KeyIndex::with_capacity(live.len());
        let mut topic_partitions: std::collections::HashSet<(String, i64)> =
            std::collections::HashSet::new();
        let sink = self.kind() == ConnectorKind::Sink;
        let mut repeated = Vec::new();
        for (i, e) in &live {
            let mut seen = index
                .probe(e)
                .is_some_and(|probe| index.insert_first(probe, *i).is_some());
            if sink && let Some(tp) = crate::checking::validate::sink_topic_partition(e) {
                seen |= !topic_partitions.insert(tp);
            }
            if seen {
                repeated.push(*i);
            }
        }
        repeated
    }

    pub(super) fn check_row(&self, i: usize, include_removed: bool) -> Result<(), EditError> {
        match self.rows.get(i) {
            None => Err(EditError::new(messages::no_such_row(i, self.rows.len()))),
            Some(r) if r.removed && !include_removed => {
                Err(EditError::new(messages::row_removed(&self.describe(i))))
            }
            Some(_) => Ok(()),
        }
    }

    pub(super) fn settable(&self, i: usize) -> Result<(), EditError> {
        let Some(row) = self.rows.get(i) else {
            return self.check_row(i, false);
        };
        let readable = match (row.edited, &row.origin) {
            (None, RowOrigin::Imported(_)) => matches!(row.base(), Some(OffsetValue::Value(_))),
            (None, RowOrigin::Added(_)) => true,
            (Some(_), _) => self
                .entry_of(row)
                .is_some_and(|e| matches!(read_offset(self.kind(), e), OffsetValue::Value(_))),
        };
        if self.kind() == ConnectorKind::Generic && !readable {
            return Err(EditError::new(messages::generic_not_settable(
                &self.describe(i),
            )));
        }
        Ok(())
    }
}
