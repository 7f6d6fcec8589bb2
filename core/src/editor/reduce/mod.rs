//! The page's reducer, [`Editor::apply`]: every action moves `revision` and the counters its
//! outer variant says ([`EditorAction::revisions`]), clears the previous notice, then goes to
//! its panel's sub-reducer. Each file here holds one panel's action enum and the sub-reducer
//! that matches it exhaustively: `import` (the import area, loads, the empty page's forms),
//! `edits` (offset edits, handed to the offsets session's reducer `Session::apply`), `table`
//! (filter, sort, groups, selection), `settings` (the export settings), `safe_apply` (the custom
//! resource and the landed check), `references` (the references and their forms) and `page`
//! (the notice, the export column's width and tabs).

mod edits;
mod import;
mod page;
mod references;
mod safe_apply;
mod settings;
mod table;

pub use edits::EditAction;
pub use import::ImportAction;
pub use page::PageAction;
pub use references::ReferencesAction;
pub use safe_apply::SafeApplyAction;
pub use settings::SettingsAction;
pub use table::TableAction;

use super::Editor;
use super::action::EditorAction;

impl Editor {
    /// The page's reducer. Never panics; a refused action sets the notice and changes nothing
    /// else.
    pub fn apply(&mut self, action: EditorAction) {
        self.revision = self.revision.wrapping_add(1);
        let moves = action.revisions();
        if moves.data {
            self.data_revision = self.data_revision.wrapping_add(1);
        }
        if moves.view {
            self.view_revision = self.view_revision.wrapping_add(1);
        }
        if moves.settings {
            self.settings_revision = self.settings_revision.wrapping_add(1);
        }
        // Every action replaces the previous action's message (or clears it when it says
        // nothing), so a message is never read as the outcome of a later action. Except the
        // text area's text: the page sends it when the area loses the focus, which is the
        // mouse press on Load; clearing there would move the page under the pointer before
        // the click lands (and Load, which follows, replaces the message anyway).
        if !matches!(action, EditorAction::Import(ImportAction::SetInput(_))) {
            self.notice = None;
        }
        match action {
            EditorAction::Import(action) => self.reduce_import(action),
            EditorAction::Edit(action) => self.reduce_edit(action),
            EditorAction::Table(action) => self.reduce_table(action),
            EditorAction::Settings(action) => self.reduce_settings(action),
            EditorAction::SafeApply(action) => self.reduce_safe_apply(action),
            EditorAction::References(action) => self.reduce_references(action),
            EditorAction::Page(action) => self.reduce_page(action),
        }
    }
}
