//! The page's own sub-reducer: the notice's dismissal, the export column's width and the
//! selected export tab, on the page's own state: none of them changes data, view or settings.

use super::PageState;
use crate::editor::ExportTab;

/// The page's own actions.
#[derive(Debug, Clone, PartialEq)]
pub enum PageAction {
    DismissNotice,
    /// Select an export view's tab (kept in the prefs record).
    SelectExportTab(ExportTab),
    /// Give the export the width it needs (`true`: the table narrows while it is wide).
    WidenExport(bool),
}

impl PageState {
    /// The page's sub-reducer: it changes the page's own state only.
    pub(in crate::editor) fn reduce(&mut self, action: PageAction) {
        match action {
            PageAction::WidenExport(wide) => self.export_wide = wide,
            PageAction::DismissNotice => self.notice = None,
            PageAction::SelectExportTab(tab) => self.export_tab = tab,
        }
    }
}
