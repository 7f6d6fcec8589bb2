//! The table panel: what the table shows of the loaded listing: the filter, topic groups and
//! sort (`view`), the selection (`selection`), and [`TableAction`] with its sub-reducer
//! (`action`).

mod action;
mod selection;
mod view;

pub use action::TableAction;
pub use selection::RowSet;
pub(in crate::editor) use selection::TopicSet;
pub(in crate::editor) use view::FactsIndex;
pub use view::{Sort, SortColumn, View, ViewItem};
