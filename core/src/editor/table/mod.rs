//! The table panel: what the table shows of the loaded listing: its state (`state`: the filter
//! box, sort, collapsed groups and selection), the filter, topic groups and sort applied
//! (`view`), the two sets (`selection`), and [`TableAction`] with its sub-reducer (`action`).

mod action;
mod selection;
mod state;
mod view;

pub use action::TableAction;
pub use selection::RowSet;
pub(in crate::editor) use selection::TopicSet;
pub(in crate::editor) use state::TableState;
pub(in crate::editor) use view::FactsIndex;
pub use view::{Sort, SortColumn, View, ViewItem};
