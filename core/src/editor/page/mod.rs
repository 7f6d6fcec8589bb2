//! The page's own state: the notice (`notice`), the export view's tabs (`tabs`) and the export
//! column's width (a field of [`super::Editor`]), and [`PageAction`] with its sub-reducer
//! (`action`).

mod action;
mod notice;
mod tabs;

pub use action::PageAction;
pub use notice::{Notice, NoticeAt};
pub use tabs::{ExportTab, TabKey, export_tabs, tab_after};
