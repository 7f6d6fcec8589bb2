//! The editor: everything the web app shows and every way a user changes it, as one state
//! ([`Editor`]) and the page's reducer ([`Editor::apply`] over [`EditorAction`]), which hands
//! offset edits to the offsets session's reducer (`Session::apply`).
//!
//! The web crate only renders what this module computes (rows, labels, change sentences,
//! problems, exports) and dispatches [`EditorAction`]s, so all of it is tested natively.
//! Offset edits are delegated to [`Session`]; this layer adds what the page needs around it:
//! the import text (never lost, even when it does not parse), the filter box, sorting, topic
//! groups, the selection, export settings, a notice line, and the draft records the page
//! keeps in browser storage.
//!
//! This file holds the state; the page's reducer, [`Editor::apply`], is in `action` (a short
//! dispatcher over [`EditorAction`], one variant per panel, which decides the revision counters
//! an action moves). Each panel is a folder (or a file) with its state, its action enum and its
//! sub-reducer, and [`Editor`] holds one state per panel beside the loaded listing, the
//! revision counters and the load history: `import` (the import area, loads, the empty page's
//! forms), `edit` (offset edits, bulk, "Add partitions": no state of its own, they act on the
//! loaded session), `table` (filter, groups, sort, selection), `settings` (export settings and
//! their checks), `safe_apply` (the custom resource, the landed check), `references`
//! (references and the command generator) and `page` (the notice, the export column and its
//! tabs). Around them: `display` (labels, sentences, numbers), `input` (typed cells to
//! actions), `exports` (problems, blockers, exports), `draft` (the draft records), `replace`
//! (the load history Undo goes back over) and `keys` (which presses of the undo and redo keys
//! are the app's).

use crate::diag::Diagnostic;
use crate::editing::edit::Session;
use crate::reading::import::ImportOptions;
use crate::writing::procedure::Listed;

mod action;
mod display;
mod draft;
mod edit;
mod exports;
mod groups;
mod import;
mod input;
mod keys;
mod page;
mod references;
mod replace;
mod safe_apply;
mod settings;
mod table;

use import::ImportState;
use page::PageState;
use table::{FactsIndex, TableState};

pub use crate::reading::datetime::epoch_ms;
pub use action::EditorAction;
pub use display::{
    FieldCell, Header, RowDisplay, caret_line, change_sentence, field_add_label, problems_heading,
    source_bar_line, source_line, summary_sentence,
};
pub use display::{age_text, counted, form_label, listed_sentence, stored_offsets_sentence};
pub use draft::{DRAFT_VERSION, DraftError, DraftRecord};
pub use edit::EditAction;
pub use exports::Check;
pub use exports::Exports;
pub use groups::{GROUP_FROM, ProblemItem, group_problems};
pub use import::{
    DETECTED, FailoverField, FailoverForm, ImportAction, NEW_CONNECTOR_KINDS, NewConnectorField,
    NewConnectorForm, NewOrigin, START_PATHS, START_STEPS, ScriptError, StartListError, StartPath,
};
pub use input::{
    BulkOp, InputError, NullButton, ShiftOffer, add_entries, bulk_action, cell_edit, null_toggle,
    parse_field_input, parse_offset_input, parse_signed_input,
};
pub use keys::{KeyFocus, history_key};
pub use page::{ExportTab, Notice, NoticeAt, PageAction, TabKey, export_tabs, tab_after};
pub use references::{
    LookupField, LookupForm, LookupOutput, ROLE_CHOICES, ReferenceField, ReferenceForm,
    ReferenceItem, ReferencesAction, role_from,
};
pub use safe_apply::{
    ExportBlockers, FieldBlocker, LandedReport, LandedRow, Landing, ResourceReport,
    RollbackExports, SafeApplyAction,
};
pub use settings::{
    ExportSettings, Field, FieldValues, PREVIOUS_CHOICES, STRIMZI_CHOICES, SettingsAction,
    TargetKind, previous_from_id, previous_id, strimzi_from_id, strimzi_id,
};
pub use table::{RowSet, Sort, SortColumn, TableAction, View, ViewItem};

#[derive(Debug, Clone, PartialEq)]
struct Loaded {
    session: Session,
    /// The exact text the session was imported from (restored drafts re-import it).
    source: String,
    options: ImportOptions,
    /// Non-fatal import diagnostics.
    diagnostics: Vec<Diagnostic>,
    multi_cluster: bool,
    /// Fingerprint of `source`, written into the draft record so that saved edits are only
    /// ever re-applied to the listing they were made on.
    source_hash: u64,
    /// What the filter and the table read of each imported entry, read once at load so that a
    /// filter keystroke over 100k rows touches no JSON.
    index: FactsIndex,
    /// The imported listing as the procedures compare it, its partition index built once.
    listed: Listed,
    /// What "Start a new connector" made this listing from (`None`: it was loaded).
    origin: Option<NewOrigin>,
}

/// FNV-1a over the bytes: a cheap fingerprint (not a security measure).
fn fingerprint(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The revision counters: each increases (wrapping) when what it counts changes, and the page
/// memoises what it derives on them. [`EditorAction::revisions`] says which an action moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Counters {
    /// Every action.
    revision: u64,
    /// Load attempts (and key picks); the page saves the large draft record when it changes.
    loads: u64,
    /// Changes of the import text, so the page updates the text area only then.
    input: u64,
    /// Changes of the loaded data (load, edits, undo): problems and exports follow it.
    data: u64,
    /// Changes of what the table shows (filter, sort, groups, selection).
    view: u64,
    /// Changes of the export settings.
    settings: u64,
}

/// Which revision counters an action moves, besides `revision`, which every action moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::editor) struct Revisions {
    pub(in crate::editor) data: bool,
    pub(in crate::editor) view: bool,
    pub(in crate::editor) settings: bool,
}

impl Revisions {
    /// No counter but `revision`.
    pub(in crate::editor) const NONE: Revisions = Revisions {
        data: false,
        view: false,
        settings: false,
    };
    /// New data: it also changes the view and the settings (a load fills them from the
    /// listing).
    pub(in crate::editor) const ALL: Revisions = Revisions {
        data: true,
        view: true,
        settings: true,
    };
    /// New data with the same settings (an edit from a reference).
    pub(in crate::editor) const DATA_AND_VIEW: Revisions = Revisions {
        data: true,
        view: true,
        settings: false,
    };
    /// What the table shows.
    pub(in crate::editor) const VIEW: Revisions = Revisions {
        data: false,
        view: true,
        settings: false,
    };
    /// The export settings.
    pub(in crate::editor) const SETTINGS: Revisions = Revisions {
        data: false,
        view: false,
        settings: true,
    };
}

impl Counters {
    /// Moves the counters `moves` names (each by one, wrapping).
    fn moved(&mut self, moves: Revisions) {
        let step = |counter: &mut u64, moved: bool| {
            if moved {
                *counter = counter.wrapping_add(1);
            }
        };
        step(&mut self.data, moves.data);
        step(&mut self.view, moves.view);
        step(&mut self.settings, moves.settings);
    }
}

/// The editor state: the loaded listing, each panel's own state, the revision counters and the
/// load history Undo goes back over. See the module documentation.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Editor {
    /// The listing loaded and its offsets session (`None`: nothing loaded).
    loaded: Option<Loaded>,
    /// The import area and the empty page's forms (see `import`).
    import: ImportState,
    /// The filter, sort, groups and selection of the table (see `table`).
    table: TableState,
    /// The export settings (see `settings`).
    settings: ExportSettings,
    /// The custom resource and the landed check (see `safe_apply`).
    safe: safe_apply::SafeApply,
    /// The references and the command generator (see `references`).
    refs: references::References,
    /// The notice and the export column (see `page`).
    page: PageState,
    counters: Counters,
    /// Editor states a load, a key pick or Discard replaced, oldest first: Undo brings the
    /// newest back, with its edits and their undo history (see `replace`).
    replaced: Vec<Editor>,
    /// States undone back over a load or a discard, newest last: Redo re-applies them.
    reloaded: Vec<Editor>,
}

impl Editor {
    pub fn new() -> Editor {
        Editor::default()
    }

    // ----- reading -----

    /// Increases on every change; the web memoises derived data on it.
    pub fn revision(&self) -> u64 {
        self.counters.revision
    }

    /// Increases on every Load attempt (and key pick), successful or not.
    pub fn loads(&self) -> u64 {
        self.counters.loads
    }

    /// Increases when the loaded data changes (load, edit, undo, redo).
    pub fn data_revision(&self) -> u64 {
        self.counters.data
    }

    /// Increases when the table's filter, sort, groups or selection change.
    pub fn view_revision(&self) -> u64 {
        self.counters.view
    }

    /// Increases when the export settings change.
    pub fn settings_revision(&self) -> u64 {
        self.counters.settings
    }

    /// Increases whenever the import text changes.
    pub fn input_revision(&self) -> u64 {
        self.counters.input
    }

    pub fn input(&self) -> &str {
        &self.import.input
    }

    pub fn session(&self) -> Option<&Session> {
        self.loaded.as_ref().map(|l| &l.session)
    }

    /// Errors of the last Load that failed (empty after a successful one).
    pub fn load_errors(&self) -> &[Diagnostic] {
        &self.import.load_errors
    }

    pub fn filter_text(&self) -> &str {
        &self.table.filter_text
    }

    pub fn filter_error(&self) -> Option<&str> {
        self.table.filter_error.as_deref()
    }

    pub fn sort(&self) -> Sort {
        self.table.sort
    }

    pub fn selected(&self) -> &RowSet {
        &self.table.selected
    }

    pub fn settings(&self) -> &ExportSettings {
        &self.settings
    }

    pub fn notice(&self) -> Option<&Notice> {
        self.page.notice.as_ref()
    }

    /// Whether the export column is wide (the table narrower), as the user chose.
    pub fn export_wide(&self) -> bool {
        self.page.export_wide
    }

    /// Whether the page shows the import area: always when nothing is loaded, and over a
    /// listing only after "Replace" (otherwise the one-line source bar stands for it).
    pub fn import_open(&self) -> bool {
        self.loaded.is_none() || !self.import.collapsed
    }
}
