//! The table panel's sub-reducer: the filter box, sorting, topic groups and the selection.

use crate::editing::filter::Filter;
use crate::editor::action::EditorAction;
use crate::editor::{Editor, Sort, ViewItem};

impl Editor {
    pub(super) fn reduce_table(&mut self, action: EditorAction) {
        match action {
            EditorAction::SetFilter(text) => {
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
            EditorAction::SortBy(column) => {
                self.sort = Sort {
                    column,
                    descending: self.sort.column == column && !self.sort.descending,
                };
            }
            EditorAction::ToggleGroup(topic) => {
                self.collapsed.toggle(topic);
            }
            EditorAction::CollapseAll(collapse) => {
                self.collapsed.clear();
                if collapse {
                    self.collapsed
                        .extend(self.view().items.into_iter().filter_map(|i| match i {
                            ViewItem::Group { topic, .. } => Some(topic),
                            ViewItem::Row(_) => None,
                        }));
                }
            }
            EditorAction::Select { row, selected } => {
                // Only a row of the session can be selected: `RowSet` keeps a flag per row up
                // to the highest, so a stray index must not grow it.
                let exists = self.loaded.as_ref().is_some_and(|l| row < l.session.len());
                if selected && exists {
                    self.selected.insert(row);
                } else {
                    self.selected.remove(row);
                }
            }
            EditorAction::SelectShown => {
                let rows = self.range_aware_rows();
                self.selected.extend(rows);
            }
            EditorAction::ClearSelection => self.selected.clear(),
            // The other panels' actions never come here (see `Editor::apply`).
            _ => {}
        }
    }
}
