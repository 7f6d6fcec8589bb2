//! The table panel's sub-reducer: the filter box, sorting, topic groups and the selection.

use crate::editing::filter::Filter;
use crate::editor::{Editor, Sort, SortColumn, ViewItem};

/// The table panel's actions: what the table shows.
#[derive(Debug, Clone, PartialEq)]
pub enum TableAction {
    /// The filter box changed.
    SetFilter(String),
    /// Sort by a column; the same column again reverses the order.
    SortBy(SortColumn),
    ToggleGroup(String),
    /// Collapse (`true`) or expand every group.
    CollapseAll(bool),
    /// Select or unselect one row for bulk actions.
    Select {
        row: usize,
        selected: bool,
    },
    /// Select every row the filter shows.
    SelectShown,
    ClearSelection,
}

impl Editor {
    pub(in crate::editor) fn reduce_table(&mut self, action: TableAction) {
        match action {
            TableAction::SetFilter(text) => {
                match Filter::parse(&text) {
                    Ok(filter) => {
                        self.filter = filter;
                        self.filter_error = None;
                    }
                    // Keep the previous filter so the table does not flash empty while typing.
                    Err(e) => self.filter_error = Some(format!("Filter {e}")),
                }
                self.filter_text = text;
            }
            TableAction::SortBy(column) => {
                self.sort = Sort {
                    column,
                    descending: self.sort.column == column && !self.sort.descending,
                };
            }
            TableAction::ToggleGroup(topic) => {
                self.collapsed.toggle(topic);
            }
            TableAction::CollapseAll(collapse) => {
                self.collapsed.clear();
                if collapse {
                    self.collapsed
                        .extend(self.view().items.into_iter().filter_map(|i| match i {
                            ViewItem::Group { topic, .. } => Some(topic),
                            ViewItem::Row(_) => None,
                        }));
                }
            }
            TableAction::Select { row, selected } => {
                // Only a row of the session can be selected: `RowSet` keeps a flag per row up
                // to the highest, so a stray index must not grow it.
                let exists = self.loaded.as_ref().is_some_and(|l| row < l.session.len());
                if selected && exists {
                    self.selected.insert(row);
                } else {
                    self.selected.remove(row);
                }
            }
            TableAction::SelectShown => {
                let rows = self.range_aware_rows();
                self.selected.extend(rows);
            }
            TableAction::ClearSelection => self.selected.clear(),
        }
    }
}
