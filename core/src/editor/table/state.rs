//! The table panel's state: the filter box (its text, the filter it last read and why the text
//! does not read), the sort, the collapsed topic groups and the selection.

use super::{RowSet, Sort, SortColumn, TopicSet};
use crate::editing::filter::Filter;

/// What the table shows of the loaded listing, as the user set it.
#[derive(Debug, Clone, PartialEq, Default)]
pub(in crate::editor) struct TableState {
    /// The filter box as typed.
    pub(in crate::editor) filter_text: String,
    /// The last filter that read: a text that does not read keeps the previous one, so the
    /// table does not flash empty while typing.
    pub(in crate::editor) filter: Filter,
    /// Why the filter box's text does not read (`None`: it reads).
    pub(in crate::editor) filter_error: Option<String>,
    pub(in crate::editor) sort: Sort,
    /// Collapsed topic groups.
    pub(in crate::editor) collapsed: TopicSet,
    /// Rows selected for the bulk actions.
    pub(in crate::editor) selected: RowSet,
}

impl TableState {
    /// [`TableAction::SetFilter`](crate::editor::TableAction::SetFilter).
    pub(in crate::editor) fn set_filter(&mut self, text: String) {
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

    /// [`TableAction::SortBy`](crate::editor::TableAction::SortBy): the same column again
    /// reverses the order.
    pub(in crate::editor) fn sort_by(&mut self, column: SortColumn) {
        self.sort = Sort {
            column,
            descending: self.sort.column == column && !self.sort.descending,
        };
    }

    /// [`TableAction::Select`](crate::editor::TableAction::Select) in a session of `rows` rows.
    pub(in crate::editor) fn select(&mut self, row: usize, selected: bool, rows: usize) {
        // Only a row of the session can be selected: `RowSet` keeps a flag per row up to the
        // highest, so a stray index must not grow it.
        if selected && row < rows {
            self.selected.insert(row);
        } else {
            self.selected.remove(row);
        }
    }
}
