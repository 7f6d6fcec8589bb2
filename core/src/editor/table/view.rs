//! The table's view of the loaded session: the filter, topic groups and sort, computed from an
//! interned index of each entry's topic, cluster and partition so a keystroke touches no JSON.

use crate::editing::edit::{OffsetValue, RowView, Selection};
use crate::editor::Editor;
use crate::model::EntryFacts;
use crate::model::{ConnectorKind, Listing};
use std::collections::BTreeMap;
use std::collections::btree_map::Entry;

/// Which column the table is sorted by (within each topic group).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum SortColumn {
    #[default]
    Partition,
    Cluster,
    Offset,
    Change,
}

/// Sort order of the rows in a group. Groups are always ordered by topic name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Sort {
    pub column: SortColumn,
    pub descending: bool,
}

/// What the table shows, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ViewItem {
    /// A topic heading; `rows` and `changed` count the rows of the group that match the filter.
    Group {
        topic: String,
        rows: usize,
        changed: usize,
        collapsed: bool,
    },
    /// A row of the session (see [`Session::row`](crate::editing::edit::Session::row)).
    Row(usize),
}

/// The table: groups and rows after filter, sort and collapsing.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct View {
    pub items: Vec<ViewItem>,
    /// Rows that match the filter (collapsed ones included).
    pub matched: usize,
    /// Rows that are not removed.
    pub total: usize,
}

/// Topic, cluster and partition of every imported entry, with interned names.
#[derive(Debug, Clone, PartialEq, Default)]
pub(in crate::editor) struct FactsIndex {
    names: Vec<String>,
    /// Per imported entry: topic name id, cluster name id, partition.
    rows: Vec<(Option<u32>, Option<u32>, Option<i64>)>,
}

impl FactsIndex {
    pub(in crate::editor) fn new(listing: &Listing) -> FactsIndex {
        let mut ids: BTreeMap<&str, usize> = BTreeMap::new();
        let mut names: Vec<String> = Vec::new();
        let mut rows = Vec::with_capacity(listing.entries.len());
        for entry in &listing.entries {
            let f = EntryFacts::of(listing.kind, entry, false);
            let [topic, cluster] = [f.topic, f.cluster].map(|name| {
                name.map(|n| {
                    let id = match ids.entry(n) {
                        Entry::Occupied(id) => *id.get(),
                        Entry::Vacant(id) => {
                            names.push(n.to_string());
                            *id.insert(names.len() - 1)
                        }
                    };
                    id as u32
                })
            });
            rows.push((topic, cluster, f.partition));
        }
        FactsIndex { names, rows }
    }

    /// [`FactsIndex::facts`], and the interned id of the topic when the facts came from the
    /// index.
    fn facts_and_topic<'a>(
        &'a self,
        kind: ConnectorKind,
        row: &RowView<'a>,
    ) -> (EntryFacts<'a>, Option<u32>) {
        let topic = match self.rows.get(row.index) {
            Some(&(topic, _, _)) if !row.added && !row.edited => topic,
            _ => None,
        };
        (self.facts(kind, row), topic)
    }

    /// The facts of session row `row`: from the index for imported rows, read from the entry
    /// for added ones and for rows whose entry was replaced.
    pub(in crate::editor) fn facts<'a>(
        &'a self,
        kind: ConnectorKind,
        row: &RowView<'a>,
    ) -> EntryFacts<'a> {
        let name = |id: Option<u32>| {
            id.and_then(|i| self.names.get(i as usize))
                .map(String::as_str)
        };
        match self.rows.get(row.index) {
            Some(&(topic, cluster, partition)) if !row.added && !row.edited => EntryFacts {
                topic: name(topic),
                cluster: name(cluster),
                partition,
                changed: row.changed,
            },
            _ => EntryFacts::of(kind, row.entry, row.changed),
        }
    }
}

/// A row as the sort sees it: index, cluster, partition, offset rank, changed.
type SortRow<'a> = (usize, Option<&'a str>, Option<i64>, i128, bool);

/// The group of entries that have no topic (heartbeat and generic connectors).
const NO_TOPIC: &str = "(no topic)";

impl Editor {
    /// The rows a bulk action acts on: the selection if any, else the rows the filter shows.
    /// The selection follows the filter: selected rows the filter hides are left out (and
    /// counted by [`Editor::hidden_selected`], so the page says so).
    pub fn bulk_selection(&self) -> Selection {
        if !self.table.selected.is_empty() {
            Selection::Rows(
                self.table
                    .selected
                    .iter()
                    .filter(|&r| self.filter_shows(r))
                    .collect(),
            )
        } else if self.table.filter.is_empty() {
            Selection::All
        } else if self.table.filter.needs_range() {
            // The session cannot classify rows against the log: the rows, listed.
            Selection::Rows(self.range_aware_rows())
        } else {
            Selection::Filter(self.table.filter.clone())
        }
    }

    /// How many rows a bulk action would touch, given the current [`Editor::view`] (which has
    /// already counted the rows the filter shows).
    pub fn bulk_count_in(&self, view: &View) -> usize {
        if self.table.selected.is_empty() {
            view.matched
        } else {
            self.table.selected.len() - self.hidden_selected()
        }
    }

    /// Selected rows the filter hides, which bulk actions leave out. O(rows up to the last
    /// selected one).
    pub fn hidden_selected(&self) -> usize {
        if self.table.filter.is_empty() {
            return 0;
        }
        self.table
            .selected
            .iter()
            .filter(|&r| !self.filter_shows(r))
            .count()
    }

    /// Whether the filter shows row `row` (removed rows count as shown: the table never
    /// shows them, and a bulk action refuses them with its own message).
    fn filter_shows(&self, row: usize) -> bool {
        let Some(loaded) = self.loaded.as_ref() else {
            return false;
        };
        if self.table.filter.is_empty() {
            return true;
        }
        match loaded.session.row(row) {
            Some(r) if r.removed => true,
            Some(r) => {
                let facts = loaded.index.facts(loaded.session.kind(), &r);
                self.table
                    .filter
                    .matches_with_range(&facts, self.range_class_known(&r, &facts))
            }
            None => false,
        }
    }

    /// How many rows a bulk action would touch.
    pub fn bulk_count(&self) -> usize {
        if self.session().is_none() {
            return 0;
        }
        if self.table.selected.is_empty() {
            self.range_aware_rows().len()
        } else {
            self.table.selected.len() - self.hidden_selected()
        }
    }

    /// The table after filter, sort and collapsing.
    pub fn view(&self) -> View {
        let Some(loaded) = self.loaded.as_ref() else {
            return View::default();
        };
        let session = &loaded.session;
        let kind = session.kind();
        let index = &loaded.index;
        let needs_range = self.table.filter.needs_range();
        let mut total = 0;
        // Rows whose facts come from the load-time index are grouped by the interned topic id,
        // and the filter's topic terms run once per topic, not once per row (a glob or regex
        // over 100k rows is most of a keystroke otherwise).
        let mut topic_ok: Vec<Option<bool>> = vec![None; index.names.len()];
        let mut by_id: Vec<Vec<SortRow<'_>>> = vec![Vec::new(); index.names.len()];
        // Topics in order, each with its slot in `by_id`: the interned topics that have rows,
        // and the topics of the other rows in slots after them.
        let mut slots: BTreeMap<&str, usize> = BTreeMap::new();
        for row in session.rows() {
            if row.removed {
                continue;
            }
            total += 1;
            let (facts, topic_id) = index.facts_and_topic(kind, &row);
            let slot = topic_id.and_then(|id| topic_ok.get_mut(id as usize));
            let topic_matches = match slot {
                Some(slot) => {
                    *slot.get_or_insert_with(|| self.table.filter.matches_topic(facts.topic))
                }
                None => self.table.filter.matches_topic(facts.topic),
            };
            if !topic_matches || !self.table.filter.matches_facts(&facts) {
                continue;
            }
            if needs_range
                && !self
                    .table
                    .filter
                    .matches_range(self.range_class_known(&row, &facts))
            {
                continue;
            }
            let offset_rank = match row.current {
                OffsetValue::Null => -1,
                OffsetValue::Value(v) => i128::from(v),
                OffsetValue::Unreadable => -2,
            };
            let sort_row = (
                row.index,
                facts.cluster,
                facts.partition,
                offset_rank,
                row.changed,
            );
            let slot = match topic_id {
                Some(id) => id as usize,
                None => match slots.entry(facts.topic.unwrap_or(NO_TOPIC)) {
                    Entry::Occupied(slot) => *slot.get(),
                    Entry::Vacant(slot) => {
                        by_id.push(Vec::new());
                        *slot.insert(by_id.len() - 1)
                    }
                },
            };
            if let Some(rows) = by_id.get_mut(slot) {
                rows.push(sort_row);
            }
        }
        // Groups in topic order; an added row joins the imported rows of its topic. The map
        // puts them in order (the rows of a group are sorted below with a total order, so the
        // order they join in does not matter), and the page's wasm holds no sort of groups.
        for (id, name) in index.names.iter().enumerate() {
            if by_id.get(id).is_none_or(Vec::is_empty) {
                continue;
            }
            match slots.entry(name.as_str()) {
                Entry::Vacant(slot) => {
                    slot.insert(id);
                }
                Entry::Occupied(slot) => {
                    let rows = by_id.get_mut(id).map(std::mem::take).unwrap_or_default();
                    if let Some(into) = by_id.get_mut(*slot.get()) {
                        into.extend(rows);
                    }
                }
            }
        }
        let mut items = Vec::new();
        let mut matched = 0;
        for (topic, slot) in slots {
            let Some(mut rows) = by_id.get_mut(slot).map(std::mem::take) else {
                continue;
            };
            let sort = self.table.sort;
            rows.sort_by(|a, b| {
                let ord = match sort.column {
                    SortColumn::Partition => (a.2, a.1).cmp(&(b.2, b.1)),
                    SortColumn::Cluster => (a.1, a.2).cmp(&(b.1, b.2)),
                    SortColumn::Offset => (a.3, a.2).cmp(&(b.3, b.2)),
                    SortColumn::Change => (b.4, a.2).cmp(&(a.4, b.2)),
                };
                let ord = ord.then(a.0.cmp(&b.0));
                if sort.descending { ord.reverse() } else { ord }
            });
            let collapsed = self.table.collapsed.contains(topic);
            matched += rows.len();
            items.push(ViewItem::Group {
                changed: rows.iter().filter(|r| r.4).count(),
                rows: rows.len(),
                topic: topic.to_string(),
                collapsed,
            });
            if !collapsed {
                items.extend(rows.into_iter().map(|r| ViewItem::Row(r.0)));
            }
        }
        View {
            items,
            matched,
            total,
        }
    }
}
