//! offsets-web: the offline single-page editor. Components render the state of
//! [`offsets_core::editor::Editor`] and dispatch its actions; every bit of parsing, validation
//! and formatting lives in `offsets-core`. Browser side effects live in [`io`]; keeping the
//! draft in [`drafts`].

mod bulk;
mod busy;
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
mod new_connector;
mod notice;
mod problems;
mod references;
mod resource;
mod shortcuts;
mod start;
mod store;
mod table;
mod text_input;

use offsets_core::edit::Action;
use offsets_core::editor::EditAction;
use offsets_core::editor::{Editor, EditorAction, NoticeAt, StartPath};
use std::rc::Rc;
use store::{Store, StoreHandle, on_click};
use wasm_bindgen::JsCast;
use web_sys::{DragEvent, HtmlElement, KeyboardEvent};
use yew::prelude::*;

/// Above this many rows, problems (and so exports) are computed after the table has been
/// repainted instead of before: an edit of 100k rows shows at once, and the panels below
/// follow a moment later, marked as updating until then.
const DEFER_ROWS: usize = 5_000;

/// The editor's problems for the current data, and whether they are up to date.
#[hook]
fn use_problems(store: StoreHandle) -> (Rc<Vec<offsets_core::Diagnostic>>, bool) {
    let (data_revision, big) = {
        let editor = store.editor();
        (
            editor.data_revision(),
            editor.session().is_some_and(|s| s.len() > DEFER_ROWS),
        )
    };
    let now = {
        let store = store.clone();
        use_memo((data_revision, big), move |(_, big)| {
            (!big).then(|| Rc::new(store.editor().problems()))
        })
    };
    let later = use_state(|| (u64::MAX, Rc::new(Vec::new())));
    let pending = use_mut_ref(|| None::<gloo::render::AnimationFrame>);
    {
        let later = later.clone();
        use_effect_with((data_revision, big), move |(revision, big)| {
            if *big {
                let revision = *revision;
                // After the next frame is painted, in a task of its own.
                *pending.borrow_mut() = Some(io::after_paint(move || {
                    if store.editor().data_revision() == revision {
                        let problems = store.editor().problems();
                        later.set((revision, Rc::new(problems)));
                    }
                }));
            }
        });
    }
    match &*now {
        Some(problems) => (problems.clone(), true),
        None => (later.1.clone(), later.0 == data_revision),
    }
}

fn typing_in_a_field(event: &KeyboardEvent) -> bool {
    event
        .target()
        .and_then(|t| t.dyn_into::<HtmlElement>().ok())
        .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"))
}

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
    {
        let store = store.clone();
        let shortcuts_open = shortcuts_open.clone();
        use_effect_with((), move |_| {
            let document = gloo::utils::document();
            let options = gloo::events::EventListenerOptions::enable_prevent_default();
            let keys = gloo::events::EventListener::new_with_options(
                &document,
                "keydown",
                options,
                move |e| {
                    let Some(e) = e.dyn_ref::<KeyboardEvent>() else {
                        return;
                    };
                    if e.key() == "?"
                        && !(e.ctrl_key() || e.meta_key() || e.alt_key())
                        && !typing_in_a_field(e)
                    {
                        e.prevent_default();
                        shortcuts_open.set(true);
                    }
                },
            );
            let over = gloo::events::EventListener::new_with_options(
                &document,
                "dragover",
                options,
                |e| e.prevent_default(),
            );
            let drop = {
                let store = store.clone();
                gloo::events::EventListener::new_with_options(
                    &document,
                    "drop",
                    options,
                    move |e| {
                        e.prevent_default();
                        // The references panel adds a dropped file as a reference itself.
                        if references::dropped_on_references(e) {
                            return;
                        }
                        let file = e
                            .dyn_ref::<DragEvent>()
                            .and_then(DragEvent::data_transfer)
                            .and_then(|d| d.files())
                            .and_then(|f| f.get(0));
                        if let Some(file) = file {
                            import::load_file(store.clone(), file);
                        }
                    },
                )
            };
            move || drop_all((keys, over, drop))
        });
    }

    let on_focus_row = {
        let focus_row = focus_row.clone();
        Callback::from(move |row: usize| focus_row.set(Some(row)))
    };
    let on_focused = {
        let focus_row = focus_row.clone();
        Callback::from(move |_| focus_row.set(None))
    };

    // Problems are computed once per change of the data and shared by the panels that show
    // them (Problems) and act on them (Export).
    let (problems, problems_fresh) = use_problems(store.clone());
    // What Problems lists and what blocks the export, from one core call, so the two panels
    // count the same things (settings errors included); recomputed when the settings change too.
    let check = {
        let store = store.clone();
        let problems = problems.clone();
        let key = {
            let editor = store.editor();
            (
                editor.data_revision(),
                editor.settings_revision(),
                problems_fresh,
            )
        };
        use_memo(key, move |_| Rc::new(store.editor().check_from(&problems)))
    };
    // The rows with an error, marked in the table: from the same check as Problems.
    let row_errors = {
        let check = check.clone();
        let key = {
            let editor = store.editor();
            (
                editor.data_revision(),
                editor.settings_revision(),
                problems_fresh,
            )
        };
        use_memo(key, move |_| Rc::new(check.row_errors()))
    };
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

    let dispatch = |action: EditorAction| on_click(&store, action);

    html! {
        <ContextProvider<StoreHandle> context={store.clone()}>
        <ContextProvider<busy::Busy> context={busy.clone()}>
            <div class="app" aria-busy={busy.is_busy().then_some("true")}>
                <busy::BusyIndicator busy={busy.clone()} />
                <header class="topbar">
                    <h1>{ "Connector offsets editor" }</h1>
                    <div class="toolbar" role="toolbar" aria-label="History">
                        <button type="button" onclick={dispatch(EditorAction::Edit(EditAction::Session(Action::Undo)))}
                            disabled={!can_undo} title="Undo (Ctrl+Z)">{ "Undo" }</button>
                        <button type="button" onclick={dispatch(EditorAction::Edit(EditAction::Session(Action::Redo)))}
                            disabled={!can_redo} title="Redo (Ctrl+Shift+Z)">{ "Redo" }</button>
                    </div>
                </header>
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
                    <div class={classes!("workspace", export_wide.then_some("export-wide"))}>
                        <main class="workspace-main">
                            <kind::KindPicker />
                            <table::Table view={view} focus_row={*focus_row} on_focused={on_focused} row_errors={(*row_errors).clone()} />
                            // Rewinding to a time starts here, next to the bulk actions (issue 20
                            // item 7): the lookup commands, then the reference that sets the rows.
                            <references::ReferencesPanel />
                        </main>
                        <aside class="workspace-side" aria-label="Problems and export">
                            <problems::ProblemsPanel problems={(*check).clone()} fresh={problems_fresh} on_focus_row={on_focus_row} />
                            <export::ExportPanel problems={problems} check={(*check).clone()} fresh={problems_fresh} />
                            <resource::ResourcePanel />
                            <landed::LandedPanel />
                        </aside>
                    </div>
                }
                <shortcuts::ShortcutsDialog open={*shortcuts_open} on_close={close_shortcuts} />
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
            </div>
        </ContextProvider<busy::Busy>>
        </ContextProvider<StoreHandle>>
    }
}

fn drop_all<T>(_listeners: T) {}

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

/// Benchmark hook for `make bench` (scripts/bench-browser.mjs calls it through
/// `window.wasmBindings`): import, validate and export the PATCH body of every entry of `text`,
/// with the entries as trees (as the editor holds them) or on a tape (`tape`, as the CLI does),
/// and return how many entries went through (0 when refused). The page itself never calls it.
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn bench_import_validate_export(text: &str, tape: bool) -> usize {
    let options = offsets_core::ImportOptions {
        storage: if tape {
            offsets_core::import::Storage::Tape
        } else {
            offsets_core::import::Storage::Tree
        },
        ..offsets_core::ImportOptions::default()
    };
    let Ok(imported) = offsets_core::import(text, &options) else {
        return 0;
    };
    // `import` validates the listing (its diagnostics are the validation), so the export
    // does not validate again.
    let listing = imported.listing;
    match offsets_core::export::patch_json_gated(
        &listing,
        offsets_core::export::Gate::Checked(&imported.diagnostics),
        false,
    ) {
        Ok(export) if !export.text.is_empty() => listing.entries.len(),
        _ => 0,
    }
}
