//! The table panel's sub-reducer: the filter box, sorting, topic groups and the selection, each
//! on the panel's own state but for what needs the view (collapse all, select what is shown).

use crate::editor::{Editor, SortColumn, ViewItem};

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
            TableAction::SetFilter(text) => self.table.set_filter(text),
            TableAction::SortBy(column) => self.table.sort_by(column),
            TableAction::ToggleGroup(topic) => self.table.collapsed.toggle(topic),
            TableAction::CollapseAll(collapse) => {
                self.table.collapsed.clear();
                if collapse {
                    // The groups the view shows once none is collapsed.
                    self.table
                        .collapsed
                        .extend(self.view().items.into_iter().filter_map(|i| match i {
                            ViewItem::Group { topic, .. } => Some(topic),
                            ViewItem::Row(_) => None,
                        }));
                }
            }
            TableAction::Select { row, selected } => {
                let rows = self.session().map_or(0, |s| s.len());
                self.table.select(row, selected, rows);
            }
            TableAction::SelectShown => {
                let rows = self.range_aware_rows();
                self.table.selected.extend(rows);
            }
            TableAction::ClearSelection => self.table.selected.clear(),
        }
    }
}
