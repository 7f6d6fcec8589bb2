//! The import area's sub-reducer: the text, a file that could not be read, folding the area;
//! and every load: Load, a file, Load example, a key or kind pick, Discard, a restored draft and
//! "Start a new connector" (its form and the listing it makes).

use crate::diag::Diagnostic;
use crate::editing::edit::Session;
use crate::editor::display::group_digits;
use crate::editor::settings::{self, default_settings};
use crate::editor::table::FactsIndex;
use crate::editor::{
    Counters, Editor, FailoverField, Loaded, NewConnectorField, Notice, NoticeAt, PageState,
    StartPath, fingerprint,
};
use crate::model::{ConnectorKind, EntryFacts};
use crate::pipeline::import;
use crate::reading::import::{ImportOptions, Storage};
use crate::writing::procedure::Listed;

/// The import area's actions, every load, and the empty page's forms ("Start a new connector",
/// "Fail over consumer groups", the path chosen).
#[derive(Debug, Clone, PartialEq)]
pub enum ImportAction {
    /// The import text area changed.
    SetInput(String),
    /// Import the text area (a failure keeps the text and any session already loaded).
    Load,
    /// A picked or dropped file, as bytes: it becomes the text area and is loaded. Invalid
    /// UTF-8 is a located load error (the text area shows the file with U+FFFD in place of the
    /// bad bytes), never silently replaced characters in names.
    LoadFile(Vec<u8>),
    /// A picked or dropped file could not be read (`reason` as the browser gave it); the
    /// notice is shown at `at`, the panel the file was opened in.
    FileUnreadable {
        name: String,
        reason: String,
        at: NoticeAt,
    },
    /// Re-import the loaded text with another offsets data key.
    PickKey(String),
    /// The text area set to this text and loaded, as one step (Load example): Undo brings back
    /// the previous text as well as the previous listing.
    LoadText(String),
    /// The "Connector kind" selector: `Some(kind)` validates the listing as that kind, `None`
    /// goes back to the detected one (IMP7). Re-imports the loaded text, like [`PickKey`].
    ///
    /// [`PickKey`]: ImportAction::PickKey
    ChooseKind(Option<ConnectorKind>),
    /// Open (`true`) the import area over a loaded listing ("Replace"), or collapse it back to
    /// the source bar. A successful load collapses it; nothing loaded, it is always open.
    ShowImport(bool),
    /// Forget everything: the empty editor (Undo brings it back).
    Discard,
    /// The saved draft, read by the page after it started (browser storage is read
    /// asynchronously): the three records of [`Editor::source_record`],
    /// [`Editor::draft_record_at`] and [`Editor::prefs_record`], and the page's clock. The
    /// restored state replaces the current one (not an undoable step); a draft that cannot be
    /// restored leaves the editor as it is and says why in the notice.
    Restore {
        source: String,
        draft: Option<String>,
        prefs: Option<String>,
        now: i64,
    },
    /// A field of the "Start a new connector" form changed.
    SetNewConnector(NewConnectorField, String),
    /// A field of "Fail over consumer groups" (see `failover`).
    SetFailover(FailoverField, String),
    /// What the empty page shows (see `start`).
    SetStartPath(StartPath),
    /// Make the listing of a connector that has none yet from the form's reference and load it
    /// (one undoable step; `now_ms`: the page's clock, for the time of a `time` reference).
    /// A refusal names the form's field and keeps everything typed.
    StartNewConnector { now_ms: i64 },
}

impl ImportAction {
    /// Whether the action loads (new data, so new view and settings), whether or not the load
    /// succeeds: a load, a re-import (key or kind pick), a restored draft, Discard or a new
    /// connector's listing. The text, a file that could not be read, folding the area and the
    /// empty page's fields change no data.
    pub(in crate::editor) fn loads(&self) -> bool {
        match self {
            ImportAction::Load
            | ImportAction::LoadText(_)
            | ImportAction::LoadFile(_)
            | ImportAction::PickKey(_)
            | ImportAction::ChooseKind(_)
            | ImportAction::Restore { .. }
            | ImportAction::StartNewConnector { .. }
            | ImportAction::Discard => true,
            ImportAction::SetInput(_)
            | ImportAction::FileUnreadable { .. }
            | ImportAction::ShowImport(_)
            | ImportAction::SetNewConnector(..)
            | ImportAction::SetFailover(..)
            | ImportAction::SetStartPath(_) => false,
        }
    }
}

impl Editor {
    pub(in crate::editor) fn reduce_import(&mut self, action: ImportAction) {
        match action {
            ImportAction::SetInput(text) => {
                self.import.input = text;
                self.counters.input = self.counters.input.wrapping_add(1);
            }
            ImportAction::Load => {
                let mut before = self.snapshot();
                // The text area already holds the new text: Undo shows the previous listing
                // with the text it came from (Redo brings the new text back).
                if let Some(loaded) = &before.loaded {
                    before.import.input = loaded.source.clone();
                }
                if self.load(self.import.input.clone(), ImportOptions::default()) {
                    self.replaced_from(before);
                }
            }
            ImportAction::LoadFile(bytes) => {
                self.counters.input = self.counters.input.wrapping_add(1);
                match String::from_utf8(bytes) {
                    Ok(text) => {
                        let before = self.snapshot();
                        self.import.input = text;
                        if self.load(self.import.input.clone(), ImportOptions::default()) {
                            self.replaced_from(before);
                        }
                    }
                    Err(e) => {
                        let bytes = e.into_bytes();
                        // The size and UTF-8 checks the CLI applies to a file, with positions.
                        let errors = match crate::pipeline::import_bytes(
                            &bytes,
                            &ImportOptions::default(),
                        ) {
                            Err(errors) => errors,
                            Ok(_) => Vec::new(),
                        };
                        self.import.input = String::from_utf8_lossy(&bytes).into_owned();
                        self.counters.loads = self.counters.loads.wrapping_add(1);
                        self.load_failed(errors);
                    }
                }
            }
            ImportAction::LoadText(text) => {
                let before = self.snapshot();
                self.import.input = text;
                self.counters.input = self.counters.input.wrapping_add(1);
                if self.load(self.import.input.clone(), ImportOptions::default()) {
                    self.replaced_from(before);
                }
            }
            ImportAction::FileUnreadable { name, reason, at } => {
                let kept = match at {
                    NoticeAt::Import if self.loaded.is_some() => {
                        "Nothing was loaded and your edits are kept"
                    }
                    NoticeAt::Import => "Nothing was loaded",
                    _ => "Nothing was changed",
                };
                self.page.notice = Some(Notice::error(
                    at,
                    format!(
                        "Could not read {name}: {reason}. {kept}; try again, or paste the text instead."
                    ),
                ));
            }
            ImportAction::PickKey(key) => {
                if let Some(loaded) = &self.loaded {
                    let source = loaded.source.clone();
                    let options = ImportOptions {
                        data_key: Some(key),
                        ..loaded.options.clone()
                    };
                    let before = self.snapshot();
                    if self.load(source, options) {
                        self.replaced_from(before);
                    }
                }
            }
            ImportAction::ChooseKind(kind) => self.choose_kind(kind),
            ImportAction::SetNewConnector(field, value) => {
                self.import.new_connector.edit(field, value);
            }
            ImportAction::SetFailover(field, value) => self.import.failover.set(field, value),
            ImportAction::SetStartPath(path) => self.import.start_path = path,
            ImportAction::StartNewConnector { now_ms } => self.start_new_connector(now_ms),
            ImportAction::Discard => {
                let before = self.snapshot();
                // The empty editor, but for the counters, the load history and the export
                // column; `loads` starts again from 0, as Discard always did.
                *self = Editor {
                    counters: Counters {
                        loads: 0,
                        input: self.counters.input.wrapping_add(1),
                        ..self.counters
                    },
                    replaced: std::mem::take(&mut self.replaced),
                    page: PageState {
                        notice: None,
                        export_tab: self.page.export_tab,
                        export_wide: self.page.export_wide,
                    },
                    ..Editor::default()
                };
                self.replaced_from(before);
            }
            ImportAction::ShowImport(open) => self.import.collapsed = !open,
            ImportAction::Restore {
                source,
                draft,
                prefs,
                now,
            } => self.restore_in_place(&source, draft.as_deref(), prefs.as_deref(), now),
        }
    }

    /// Imports `source`; `true` when it replaced the loaded session (a refused load keeps it).
    pub(in crate::editor) fn load(&mut self, source: String, options: ImportOptions) -> bool {
        // Offsets key offers every key, so two equally likely ones are read with a warning.
        // The page keeps its entries on a tape, as the CLI does: with the tape's small readers
        // forced inline in wasm (core/src/json/tape.rs), import + validate + export over a
        // tape is faster than over trees in Chromium (issue 35, 100k entries, 2026-12-07: 183
        // against 194 ms), and Load, a bulk shift and a filter keystroke are no slower than
        // the page on trees (BENCHMARKS.md, "The import on the tape").
        let options = ImportOptions {
            kind: self.import.kind_choice,
            guess_key: true,
            storage: Storage::Tape,
            ..options
        };
        self.counters.loads = self.counters.loads.wrapping_add(1);
        let source_hash = fingerprint(&source);
        match import(&source, &options) {
            Ok(imported) => {
                let listing = imported.listing;
                let typed = std::mem::replace(&mut self.settings, default_settings(&listing));
                // The first listing keeps what the guided start typed and the listing lacks.
                if self.loaded.is_none() {
                    settings::keep_typed(&mut self.settings, &typed, &listing);
                }
                // More than one source cluster: two entries name different ones.
                let mut clusters = listing
                    .entries
                    .iter()
                    .filter_map(|e| EntryFacts::of(listing.kind, e, false).cluster);
                let multi_cluster = match clusters.next() {
                    Some(first) => clusters.any(|c| c != first),
                    None => false,
                };
                let index = FactsIndex::new(&listing);
                let entries = listing.entries.len();
                let kind = listing.kind.label();
                let session = Session::new(listing);
                let listed = Listed::new(session.imported_shared());
                self.loaded = Some(Loaded {
                    listed,
                    session,
                    source,
                    options,
                    diagnostics: imported.diagnostics,
                    multi_cluster,
                    source_hash,
                    index,
                    origin: None,
                });
                // A custom resource given earlier fills the settings of the new listing too.
                self.fill_from_resource();
                self.import.load_errors.clear();
                self.import.collapsed = true;
                self.table.selected.clear();
                self.table.collapsed.clear();
                self.page.notice = Some(Notice::info(
                    NoticeAt::Import,
                    format!(
                        "Loaded {} {} ({kind}).",
                        group_digits(entries as u128),
                        if entries == 1 { "entry" } else { "entries" }
                    ),
                ));
                true
            }
            Err(errors) => {
                self.load_failed(errors);
                false
            }
        }
    }

    /// A refused load: the errors, and a notice naming the first one.
    pub(in crate::editor) fn load_failed(&mut self, errors: Vec<Diagnostic>) {
        self.page.notice = Some(Notice::error(
            NoticeAt::Import,
            match errors.first() {
                Some(d) if self.loaded.is_some() => {
                    format!("Not loaded, your current edits are kept: {d}")
                }
                Some(d) => format!("Not loaded: {d}"),
                None => "Not loaded.".to_string(),
            },
        ));
        self.import.load_errors = errors;
    }
}
