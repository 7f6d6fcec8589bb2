//! The page's reducer, [`Editor::apply`]: every action moves `revision` and the counters its
//! panel says ([`Panel::revisions`]), clears the previous notice, then goes to its panel's
//! sub-reducer: `import` (the import area and loads), `edits` (offset edits, handed to the
//! offsets session's reducer `Session::apply`), `table` (filter, sort, groups, selection) and
//! `page` (settings, notice, tabs, the custom resource, references).

mod edits;
mod import;
mod page;
mod table;

use super::Editor;
use super::action::{EditorAction, Panel};

impl Editor {
    /// The page's reducer. Never panics; a refused action sets the notice and changes nothing
    /// else.
    pub fn apply(&mut self, action: EditorAction) {
        self.revision = self.revision.wrapping_add(1);
        let panel = action.panel();
        let moves = panel.revisions();
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
        if !matches!(action, EditorAction::SetInput(_)) {
            self.notice = None;
        }
        match panel {
            Panel::ImportArea | Panel::Load => self.reduce_import(action),
            Panel::Edit => self.reduce_edit(action),
            Panel::Table => self.reduce_table(action),
            Panel::Settings | Panel::Page | Panel::SafeApply => self.reduce_page(action),
            Panel::ReferenceEdit | Panel::References => self.reduce_references(action),
        }
    }
}
