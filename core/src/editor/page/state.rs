//! The page's own state: the notice, the export column's width and its selected tab.

use super::{ExportTab, Notice};

/// What the page shows around the panels: neither data, view nor settings.
#[derive(Debug, Clone, PartialEq, Default)]
pub(in crate::editor) struct PageState {
    /// What the last action did, or why it was refused (every action replaces it).
    pub(in crate::editor) notice: Option<Notice>,
    /// The export column is wide (see [`PageAction::WidenExport`]).
    ///
    /// [`PageAction::WidenExport`]: crate::editor::PageAction::WidenExport
    pub(in crate::editor) export_wide: bool,
    /// The selected export tab (see `tabs`), the user's: kept over loads and kept in the prefs
    /// record.
    pub(in crate::editor) export_tab: ExportTab,
}
