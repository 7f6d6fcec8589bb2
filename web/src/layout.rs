//! The page's fixed parts around the panels: the top bar with the History toolbar, the
//! workspace's two columns once a listing is loaded, and the footer with the versions.

use crate::checks::Checks;
use crate::store::{StoreHandle, on_click};
use offsets_core::edit::Action;
use offsets_core::editor::{EditAction, EditorAction, View};
use std::rc::Rc;
use yew::prelude::*;

/// The title and the History toolbar (Undo, Redo).
pub(crate) fn topbar(store: &StoreHandle, can_undo: bool, can_redo: bool) -> Html {
    let dispatch = |action: EditorAction| on_click(store, action);
    html! {
        <header class="topbar">
            <h1>{ "Connector offsets editor" }</h1>
            <div class="toolbar" role="toolbar" aria-label="History">
                <button type="button" onclick={dispatch(EditorAction::Edit(EditAction::Session(Action::Undo)))}
                    disabled={!can_undo} title="Undo (Ctrl+Z)">{ "Undo" }</button>
                <button type="button" onclick={dispatch(EditorAction::Edit(EditAction::Session(Action::Redo)))}
                    disabled={!can_redo} title="Redo (Ctrl+Shift+Z)">{ "Redo" }</button>
            </div>
        </header>
    }
}

/// What the workspace shows and the callbacks between its panels.
pub(crate) struct Workspace<'a> {
    pub(crate) export_wide: bool,
    /// The table's rows after filter, sort and groups.
    pub(crate) view: Rc<View>,
    pub(crate) checks: &'a Checks,
    /// A row to scroll to and focus (from the Problems list).
    pub(crate) focus_row: Option<usize>,
    pub(crate) on_focus_row: Callback<usize>,
    pub(crate) on_focused: Callback<()>,
}

impl Workspace<'_> {
    /// The table gets the main column and the checks and exports a side column of their own
    /// (stacked on narrow screens).
    pub(crate) fn view(self) -> Html {
        let checks = self.checks;
        html! {
            <div class={classes!("workspace", self.export_wide.then_some("export-wide"))}>
                <main class="workspace-main">
                    <crate::kind::KindPicker />
                    <crate::table::Table view={self.view} focus_row={self.focus_row} on_focused={self.on_focused} row_errors={checks.row_errors.clone()} />
                    // Rewinding to a time starts here, next to the bulk actions (issue 20
                    // item 7): the lookup commands, then the reference that sets the rows.
                    <crate::references::ReferencesPanel />
                </main>
                <aside class="workspace-side" aria-label="Problems and export">
                    <crate::problems::ProblemsPanel problems={checks.check.clone()} fresh={checks.fresh} on_focus_row={self.on_focus_row} />
                    <crate::export::ExportPanel problems={checks.problems.clone()} check={checks.check.clone()} fresh={checks.fresh} />
                    <crate::resource::ResourcePanel />
                    <crate::landed::LandedPanel />
                </aside>
            </div>
        }
    }
}

/// Where the page runs, and the versions the rules are checked against.
pub(crate) fn footer() -> Html {
    html! {
        <footer class="footer">
            { "Runs entirely in this browser: nothing you load or type is sent anywhere. Drafts are kept in this browser's storage." }
            // One table of versions, the same the CLI's --version prints.
            <details class="versions">
                <summary>{ "Versions the rules and procedures are checked against" }</summary>
                <table aria-label="Versions checked against">
                    { for offsets_core::versions::TABLE.iter().map(|(what, version)| html! {
                        <tr><th scope="row">{ *what }</th><td>{ *version }</td></tr>
                    }) }
                </table>
            </details>
        </footer>
    }
}
