//! The page's reducer, [`Editor::apply`], over [`EditorAction`]: every change of the page's
//! state, nested by the panel it belongs to. Each panel's actions are an enum of their own, in
//! the panel's folder beside its state and the sub-reducer that matches them exhaustively
//! (`import/`, `edit.rs`, `table/`, `settings/`, `safe_apply/`, `references/`, `page/`, each
//! `action.rs` but the edit panel's). The outer variant decides which revision counters an
//! action moves ([`EditorAction::revisions`]); within the import area and the references, the
//! panel's own enum says which of its actions are loads or edits.

use super::{
    EditAction, Editor, ImportAction, PageAction, ReferencesAction, Revisions, SafeApplyAction,
    SettingsAction, TableAction,
};

/// Every change of editor state, by panel.
#[derive(Debug, Clone, PartialEq)]
pub enum EditorAction {
    /// The import area, every load and the empty page's forms (see [`ImportAction`]).
    Import(ImportAction),
    /// An offset edit, undo or redo, a bulk button, the "Add partitions" form.
    Edit(EditAction),
    /// Filter, sort, groups and selection: what the table shows.
    Table(TableAction),
    /// The export settings.
    Settings(SettingsAction),
    /// The custom resource and the landed check (a resource that fills settings moves their
    /// counter itself).
    SafeApply(SafeApplyAction),
    /// The reference and lookup forms, the references, and the edits made from them.
    References(ReferencesAction),
    /// The notice and the export column's width and tabs: neither data nor view.
    Page(PageAction),
}

impl EditorAction {
    /// Which revision counters the action moves.
    pub(super) fn revisions(&self) -> Revisions {
        match self {
            EditorAction::Import(action) if action.loads() => Revisions::ALL,
            EditorAction::Import(_) => Revisions::NONE,
            EditorAction::Edit(_) => Revisions::ALL,
            EditorAction::Table(_) => Revisions::VIEW,
            EditorAction::Settings(_) => Revisions::SETTINGS,
            EditorAction::SafeApply(_) | EditorAction::Page(_) => Revisions::NONE,
            EditorAction::References(action) if action.edits() => Revisions::DATA_AND_VIEW,
            // A change of the bounds moves the data and view counters (see `reduce_references`).
            EditorAction::References(_) => Revisions::NONE,
        }
    }
}

impl Editor {
    /// The page's reducer. Never panics; a refused action sets the notice and changes nothing
    /// else.
    pub fn apply(&mut self, action: EditorAction) {
        self.counters.revision = self.counters.revision.wrapping_add(1);
        self.counters.moved(action.revisions());
        // Every action replaces the previous action's message (or clears it when it says
        // nothing), so a message is never read as the outcome of a later action. Except the
        // text area's text: the page sends it when the area loses the focus, which is the
        // mouse press on Load; clearing there would move the page under the pointer before
        // the click lands (and Load, which follows, replaces the message anyway).
        if !matches!(action, EditorAction::Import(ImportAction::SetInput(_))) {
            self.page.notice = None;
        }
        match action {
            EditorAction::Import(action) => self.reduce_import(action),
            EditorAction::Edit(action) => self.reduce_edit(action),
            EditorAction::Table(action) => self.reduce_table(action),
            EditorAction::Settings(action) => self.settings.reduce(action),
            EditorAction::SafeApply(action) => self.reduce_safe_apply(action),
            EditorAction::References(action) => self.reduce_references(action),
            EditorAction::Page(action) => self.page.reduce(action),
        }
    }
}
