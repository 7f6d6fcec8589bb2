//! Keeping the draft: the editor's state written to browser storage as it changes, and read
//! back when the page starts, so a reload, a crash or a closed tab loses nothing.
//!
//! Drafts live in IndexedDB ([`crate::idb`]), which holds drafts of any size the page can edit
//! (a 100k-entry listing and its edits are about 20 MB). Local storage (a few megabytes) is the
//! fallback: used when IndexedDB is missing, or for a record IndexedDB refused. A record is
//! kept in local storage only while it is newer than IndexedDB's copy (written there by a
//! build before drafts moved, or after IndexedDB refused it) and removed as soon as IndexedDB
//! has a newer one; so on start a local storage record wins, and is moved into IndexedDB.

use crate::{idb, io, store::StoreHandle};
use offsets_core::editor::ImportAction;
use offsets_core::editor::{Editor, EditorAction};
use std::cell::RefCell;
use std::rc::Rc;
use web_sys::IdbDatabase;
use yew::prelude::*;

/// The records the draft is kept in, in the order they are written: a draft is bound to its
/// source by a fingerprint, so a draft written without its source would not be restored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Record {
    /// The loaded document (megabytes for 100k rows): written when the user loads.
    Source,
    /// The edits (megabytes after a bulk change of 100k rows): written when the data changes.
    Draft,
    /// The filter and settings (a few hundred bytes): written as they are typed.
    Prefs,
}

impl Record {
    const ALL: [Record; 3] = [Record::Source, Record::Draft, Record::Prefs];

    fn key(self) -> &'static str {
        io::DRAFT_KEYS[self as usize]
    }

    fn text(self, editor: &Editor) -> String {
        match self {
            Record::Source => editor.source_record(),
            Record::Draft => editor.draft_record_at(io::now_ms()),
            Record::Prefs => editor.prefs_record(),
        }
    }
}

/// Where the records are written.
#[derive(Debug, Clone)]
enum Target {
    /// The saved draft is still being read: nothing is written yet, or it would overwrite the
    /// draft being restored.
    Restoring,
    /// IndexedDB, opened once so that a write can start synchronously (on `pagehide`).
    Indexed(IdbDatabase),
    /// Local storage: IndexedDB is not available.
    Local,
}

/// What the records are written from: a record is due when its part changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Revisions {
    data: u64,
    /// The view and settings revisions, and the export tab (kept in the prefs record).
    prefs: (u64, u64, offsets_core::editor::ExportTab),
    loads: u64,
}

impl Revisions {
    fn of(editor: &Editor) -> Revisions {
        Revisions {
            data: editor.data_revision(),
            prefs: (
                editor.view_revision(),
                editor.settings_revision(),
                editor.export_tab(),
            ),
            loads: editor.loads(),
        }
    }
}

/// The state of the draft records, indexed like [`Record::ALL`].
#[derive(Debug)]
struct Saves {
    /// Changed since last written.
    due: [bool; 3],
    /// Why the last write failed (quota, private mode), per record.
    failed: [Option<String>; 3],
    target: Target,
    /// The revisions of the state as restored (or as the page started, with no draft): that
    /// state is what storage holds, so it is not written again.
    restored: Option<Revisions>,
}

impl Default for Saves {
    fn default() -> Saves {
        Saves {
            due: [false; 3],
            failed: Default::default(),
            target: Target::Restoring,
            restored: None,
        }
    }
}

type Shared = Rc<RefCell<Saves>>;
type StorageError = UseStateHandle<Option<String>>;

/// Shows the first failure, if any.
fn show_failure(saves: &Shared, storage_error: &StorageError) {
    let shown = saves.borrow().failed.iter().flatten().next().cloned();
    if shown != **storage_error {
        storage_error.set(shown);
    }
}

/// Writes every due record and shows the first failure, if any. A record is written again only
/// when it changes: retrying a write the quota refused would cost every keystroke the time of
/// writing megabytes, for the same refusal.
///
/// The IndexedDB transaction is started before this returns (see [`idb::write`]); its outcome
/// is handled when it completes.
fn write_due(store: &StoreHandle, saves: &Shared, storage_error: &StorageError) {
    let due = std::mem::take(&mut saves.borrow_mut().due);
    if !due.contains(&true) {
        return;
    }
    let target = saves.borrow().target.clone();
    if matches!(target, Target::Restoring) {
        // Not reached (nothing is due before the draft is read), and never written over.
        saves.borrow_mut().due = due;
        return;
    }
    let mut records = Vec::new();
    for record in Record::ALL {
        if !due[record as usize] {
            continue;
        }
        // Edits cannot be restored without their source: not worth megabytes of writing.
        if record == Record::Draft && saves.borrow().failed[Record::Source as usize].is_some() {
            continue;
        }
        records.push((record, record.text(&store.editor())));
    }
    match target {
        Target::Indexed(db) => {
            let entries: Vec<_> = records
                .iter()
                .map(|(r, text)| (r.key(), Some(text.as_str())))
                .collect();
            match idb::write(&db, &entries) {
                Ok(done) => {
                    let (saves, storage_error) = (saves.clone(), storage_error.clone());
                    wasm_bindgen_futures::spawn_local(async move {
                        let result = done.await;
                        written(&saves, &storage_error, Some(&db), records, result);
                    });
                }
                Err(e) => written(saves, storage_error, Some(&db), records, Err(e)),
            }
        }
        Target::Local => written(
            saves,
            storage_error,
            None,
            records,
            Err("IndexedDB is not available".to_string()),
        ),
        Target::Restoring => {}
    }
}

/// The outcome of writing `records` to IndexedDB (`db`; `None`: not available). Written, their
/// local storage copies are older and go; refused, they are written to local storage instead,
/// and only when that fails too is the failure shown.
fn written(
    saves: &Shared,
    storage_error: &StorageError,
    db: Option<&IdbDatabase>,
    records: Vec<(Record, String)>,
    result: Result<(), String>,
) {
    for (record, text) in records {
        let outcome = match &result {
            Ok(()) => {
                io::remove(record.key());
                Ok(())
            }
            // IndexedDB's reason when there was one (local storage's quota is smaller and
            // says less), local storage's when IndexedDB is not there at all.
            Err(reason) => io::save(record.key(), &text)
                .map_err(|local| if db.is_some() { reason.clone() } else { local }),
        };
        if record == Record::Source && outcome.is_err() {
            // The stored source and edits are of an older listing: a reload must not bring
            // them back as if they were this one.
            for key in io::DRAFT_KEYS {
                io::remove(key);
            }
            if let Some(db) = db {
                let _ = idb::write(db, &io::DRAFT_KEYS.map(|key| (key, None)));
            }
        }
        saves.borrow_mut().failed[record as usize] = outcome.err();
    }
    show_failure(saves, storage_error);
}

/// Marks `record` due and writes the due records after the repaint; a newer change cancels a
/// write that has not run yet.
fn schedule(
    record: Record,
    store: &StoreHandle,
    saves: &Shared,
    storage_error: &StorageError,
    pending: &RefCell<Option<gloo::render::AnimationFrame>>,
) {
    saves.borrow_mut().due[record as usize] = true;
    let (store, saves, storage_error) = (store.clone(), saves.clone(), storage_error.clone());
    *pending.borrow_mut() = Some(io::after_paint(move || {
        write_due(&store, &saves, &storage_error);
    }));
}

/// Reads the saved draft and puts it in the store; then writes start. A draft in local storage
/// (from a build before IndexedDB, or a record IndexedDB refused) is newer than IndexedDB's: it
/// is restored, then written to IndexedDB, and its local storage keys are removed only once
/// that write has succeeded.
async fn restore(store: StoreHandle, saves: Shared) {
    let local = io::DRAFT_KEYS.map(io::load);
    let db = idb::open().await.ok();
    let indexed = match &db {
        Some(db) => idb::read(db, &io::DRAFT_KEYS).await.unwrap_or_default(),
        None => Vec::new(),
    };
    let [source, draft, prefs] = std::array::from_fn(|i| {
        local[i]
            .clone()
            .or_else(|| indexed.get(i).cloned().flatten())
    });
    if let Some(source) = source {
        store.dispatch(EditorAction::Import(ImportAction::Restore {
            source,
            draft,
            prefs,
            now: io::now_ms(),
        }));
    }
    {
        // The reducer has run: the store holds the restored state.
        let mut saves = saves.borrow_mut();
        saves.restored = Some(Revisions::of(&store.editor()));
        saves.target = db.clone().map_or(Target::Local, Target::Indexed);
    }
    if let Some(db) = db
        && local.iter().any(Option::is_some)
    {
        let moved: Vec<_> = io::DRAFT_KEYS
            .iter()
            .zip(&local)
            .filter_map(|(key, text)| Some((*key, Some(text.as_deref()?))))
            .collect();
        if let Ok(done) = idb::write(&db, &moved)
            && done.await.is_ok()
        {
            // Only the copies nothing newer replaced since: a later write removed its own.
            for (key, text) in moved {
                if io::load(key).as_deref() == text {
                    io::remove(key);
                }
            }
        }
    }
}

/// Schedules the write of a record whenever `value`, its part of the editor's revisions,
/// changes and `due` says it differs from the restored state (never while restoring).
#[hook]
fn use_write_on_change<T: PartialEq + Copy + 'static>(
    writer: (Record, StoreHandle, Shared, StorageError),
    value: T,
    due: fn(&Revisions, T) -> bool,
) {
    let (record, store, saves, storage_error) = writer;
    let pending = use_mut_ref(|| None);
    use_effect_with(value, move |value| {
        let value = *value;
        if saves
            .borrow()
            .restored
            .as_ref()
            .is_some_and(|r| due(r, value))
        {
            schedule(record, &store, &saves, &storage_error, &pending);
        }
    });
}

/// Keeps the draft in browser storage: restores the saved one when the page starts, then
/// writes each change. Returns the last storage error, if any, and whether the saved draft is
/// still being read (the page then shows [`restoring_page`], not an empty editor).
///
/// Writes happen after the repaint (a draft of 100k edited rows is megabytes), and a newer
/// change cancels a write that has not run yet. When the page is hidden or left (a reload, a
/// closed tab, a background tab where frames never come), whatever is still unsaved is written
/// at once, so no change is lost to the deferral.
#[hook]
pub fn use_drafts(store: StoreHandle) -> (StorageError, bool) {
    let storage_error = use_state(|| None::<String>);
    let restoring = use_state(|| true);
    let saves = use_mut_ref(Saves::default);
    let now = Revisions::of(&store.editor());
    let on = |record| (record, store.clone(), saves.clone(), storage_error.clone());
    use_write_on_change(on(Record::Draft), now.data, |r, data| r.data != data);
    use_write_on_change(on(Record::Prefs), now.prefs, |r, prefs| r.prefs != prefs);
    // No load since the page started (Discard goes back to none): the source record is not
    // written, so a reload after Discard restores nothing.
    use_write_on_change(on(Record::Source), now.loads, |r, loads| {
        loads > 0 && r.loads != loads
    });
    {
        let (store, saves, restoring) = (store.clone(), saves.clone(), restoring.clone());
        use_effect_with((), move |_| {
            wasm_bindgen_futures::spawn_local(async move {
                restore(store, saves).await;
                restoring.set(false);
            });
        });
    }
    {
        let storage_error = storage_error.clone();
        use_effect_with((), move |_| {
            let window = gloo::utils::window();
            let document = gloo::utils::document();
            let hide = {
                let (store, saves, storage_error) =
                    (store.clone(), saves.clone(), storage_error.clone());
                gloo::events::EventListener::new(&window, "pagehide", move |_| {
                    write_due(&store, &saves, &storage_error);
                })
            };
            let hidden = {
                let document = document.clone();
                gloo::events::EventListener::new(&document.clone(), "visibilitychange", move |_| {
                    if document.hidden() {
                        write_due(&store, &saves, &storage_error);
                    }
                })
            };
            move || drop((hide, hidden))
        });
    }
    (storage_error, *restoring)
}

/// What the page shows while the saved draft is read (a moment; longer for a big draft, which
/// is re-imported): not an empty editor, which would look as if the draft were gone. The notice
/// shows only when reading takes a while (style.css), so a first visit, where IndexedDB says
/// within a few frames that there is nothing, does not flash it.
pub fn restoring_page() -> Html {
    html! {
        <div class="app">
            <header class="topbar">
                <h1>{ "Connector offsets editor" }</h1>
            </header>
            <p class="notice restoring" role="status">{ "Restoring your draft…" }</p>
        </div>
    }
}
