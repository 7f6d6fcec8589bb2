//! The page's own state (`state`: the notice, the export column's width and its selected tab),
//! the notice (`notice`), the export view's tabs (`tabs`), and [`PageAction`] with its
//! sub-reducer (`action`).

mod action;
mod notice;
mod state;
mod tabs;

pub use action::PageAction;
pub use notice::{Notice, NoticeAt};
pub(in crate::editor) use state::PageState;
pub use tabs::{ExportTab, TabKey, export_tabs, tab_after};
