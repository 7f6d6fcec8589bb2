//! offsets-web: the offline single-page editor. Components render the state of
//! [`offsets_core::editor::Editor`] and dispatch its actions; every bit of parsing, validation
//! and formatting lives in `offsets-core`. Browser side effects live in [`io`]; keeping the
//! draft in [`drafts`].
//!
//! This file is the `App` composition; `checks` computes what the panels share, `layout` the
//! top bar, the workspace's columns and the footer, `page_events` the page-wide listeners.

mod bench;
mod bulk;
mod busy;
mod checks;
mod drafts;
mod export;
mod failover;
mod field;
mod history_keys;
mod idb;
mod import;
pub mod io;
mod kind;
mod landed;
mod layout;
mod new_connector;
mod notice;
mod page_events;
mod problems;
mod references;
mod resource;
mod shortcuts;
mod start;
mod store;
mod table;
mod text_input;

use offsets_core::editor::{Editor, NoticeAt, StartPath};
use store::{Store, StoreHandle};
use yew::prelude::*;

/// The application: import, header, table, bulk actions, problems and export.
#[component]
pub fn App() -> Html {
    let store = use_reducer(|| Store::new(Editor::new()));
    let (storage_error, restoring) = drafts::use_drafts(store.clone());
    let busy = busy::use_busy_state();
    let focus_row = use_state(|| None::<usize>);
    let shortcuts_open = use_state(|| false);

    // Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y anywhere, a field's own typing first.
    history_keys::use_history_keys(store.clone());
    // "?" for the shortcuts (outside a field, where it is a character); files dropped anywhere
    // on the page.
    page_events::use_page_events(store.clone(), shortcuts_open.clone());

    let on_focus_row = {
        let focus_row = focus_row.clone();
        Callback::from(move |row: usize| focus_row.set(Some(row)))
    };
    let on_focused = {
        let focus_row = focus_row.clone();
        Callback::from(move |_| focus_row.set(None))
    };

    // The problems, what Problems lists and blocks the export, and the rows with an error.
    let checks = checks::use_checks(store.clone());
    // The table's rows after filter, sort and groups: recomputed only when the data or the view
    // changes (never for an export setting), and shared with the bulk panel's row count.
    let view_key = {
        let editor = store.editor();
        (editor.data_revision(), editor.view_revision())
    };
    let view = {
        let store = store.clone();
        use_memo(view_key, move |_| store.editor().view())
    };

    let close_shortcuts = {
        let shortcuts_open = shortcuts_open.clone();
        Callback::from(move |()| shortcuts_open.set(false))
    };

    if restoring {
        return drafts::restoring_page();
    }
    let editor = store.editor();
    let loaded = editor.session().is_some();
    let import_open = editor.import_open();
    let start_path = editor.start_path();
    let export_wide = editor.export_wide();
    let can_undo = editor.can_undo();
    let can_redo = editor.can_redo();
    drop(editor);

    html! {
        <ContextProvider<StoreHandle> context={store.clone()}>
        <ContextProvider<busy::Busy> context={busy.clone()}>
            <div class="app" aria-busy={busy.is_busy().then_some("true")}>
                <busy::BusyIndicator busy={busy.clone()} />
                { layout::topbar(&store, can_undo, can_redo) }
                if let Some(e) = &*storage_error {
                    <p class="notice warning" role="alert">{ format!("Draft not saved: {e}.") }</p>
                }
                // What loads and Undo/Redo did (the import area or source bar and the History
                // toolbar are right here); the other groups show their own next to their controls.
                <notice::NoticeLine at={&[NoticeAt::Page, NoticeAt::Import, NoticeAt::History][..]} />
                if !loaded {
                    <start::GuidedStart />
                }
                // After a load the import area collapses to the source bar (the header), whose
                // "Replace" opens it again; the table gets the main column and the checks and
                // exports a side column of their own (stacked on narrow screens).
                if loaded {
                    <import::Header />
                }
                // The empty page shows the import area and the custom resource only on the path
                // that reads a listing (the other two make their own, or none).
                if import_open && (loaded || start_path == StartPath::Change) {
                    <import::ImportPanel />
                }
                if !loaded && start_path == StartPath::Change {
                    <resource::ResourcePanel />
                }
                if loaded {
                    { layout::Workspace { export_wide, view, checks: &checks, focus_row: *focus_row, on_focus_row, on_focused }.view() }
                }
                <shortcuts::ShortcutsDialog open={*shortcuts_open} on_close={close_shortcuts} />
                { layout::footer() }
            </div>
        </ContextProvider<busy::Busy>>
        </ContextProvider<StoreHandle>>
    }
}

/// Installs a panic hook that shows a banner instead of leaving a dead page. The draft was
/// saved after the last successful change, so a reload restores it.
pub fn install_panic_banner() {
    std::panic::set_hook(Box::new(|info| {
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown error".to_string());
        io::show_fatal_banner(&message);
    }));
}
