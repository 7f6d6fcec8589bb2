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
//! an action moves). Each panel is a folder (or a file) with the types of its state, its action
//! enum and its sub-reducer (the state itself is fields of [`Editor`], below): `import` (the import area, loads, the empty page's forms), `edit` (offset edits,
//! bulk, "Add partitions"), `table` (filter, groups, sort, selection), `settings` (export
//! settings and their checks), `safe_apply` (the custom resource, the landed check),
//! `references` (references and the command generator) and `page` (the notice, the export
//! tabs). Around them: `display` (labels, sentences, numbers), `input` (typed cells to
//! actions), `exports` (problems, blockers, exports), `draft` (the draft records), `replace`
//! (the load history Undo goes back over) and `keys` (which presses of the undo and redo keys
//! are the app's).

use crate::diag::Diagnostic;
use crate::editing::edit::Session;
use crate::editing::filter::Filter;
use crate::model::ConnectorKind;
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

use table::{FactsIndex, TopicSet};

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

/// The editor state. See the module documentation.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Editor {
    input: String,
    loaded: Option<Loaded>,
    load_errors: Vec<Diagnostic>,
    filter_text: String,
    filter: Filter,
    filter_error: Option<String>,
    sort: Sort,
    collapsed: TopicSet,
    selected: RowSet,
    settings: ExportSettings,
    notice: Option<Notice>,
    /// The export column is wide (see [`PageAction::WidenExport`]).
    export_wide: bool,
    revision: u64,
    /// Counts Load attempts; the page saves the large draft record when it changes.
    loads: u64,
    /// Counts changes of the import text, so the page updates the text area only then.
    input_revision: u64,
    /// Counts changes of the loaded data (load, edits, undo): problems and exports follow it.
    data_revision: u64,
    /// Counts changes of what the table shows (filter, sort, groups, selection).
    view_revision: u64,
    /// Counts changes of the export settings.
    settings_revision: u64,
    /// Editor states a load, a key pick or Discard replaced, oldest first: Undo brings the
    /// newest back, with its edits and their undo history (see `replace`).
    replaced: Vec<Editor>,
    /// States undone back over a load or a discard, newest last: Redo re-applies them.
    reloaded: Vec<Editor>,
    /// The connector kind the user chose (`None`: detected); every load uses it.
    kind_choice: Option<ConnectorKind>,
    /// The custom resource and the landed check (see `safe_apply`).
    safe: safe_apply::SafeApply,
    /// The references and the command generator (see `references`).
    refs: references::References,
    /// The import area is collapsed to the source bar (set by a load, cleared by Replace).
    import_collapsed: bool,
    /// The selected export tab (see `tabs`).
    export_tab: ExportTab,
    /// The "Start a new connector" form of the empty page (see `new_connector`).
    new_connector: NewConnectorForm,
    /// The "Fail over consumer groups" form of the empty page (see `failover`).
    failover: FailoverForm,
    /// What the empty page shows (see `start`).
    start_path: StartPath,
}

impl Editor {
    pub fn new() -> Editor {
        Editor::default()
    }

    // ----- reading -----

    /// Increases on every change; the web memoises derived data on it.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Increases on every Load attempt (and key pick), successful or not.
    pub fn loads(&self) -> u64 {
        self.loads
    }

    /// Increases when the loaded data changes (load, edit, undo, redo).
    pub fn data_revision(&self) -> u64 {
        self.data_revision
    }

    /// Increases when the table's filter, sort, groups or selection change.
    pub fn view_revision(&self) -> u64 {
        self.view_revision
    }

    /// Increases when the export settings change.
    pub fn settings_revision(&self) -> u64 {
        self.settings_revision
    }

    /// Increases whenever the import text changes.
    pub fn input_revision(&self) -> u64 {
        self.input_revision
    }

    pub fn input(&self) -> &str {
        &self.input
    }

    pub fn session(&self) -> Option<&Session> {
        self.loaded.as_ref().map(|l| &l.session)
    }

    /// Errors of the last Load that failed (empty after a successful one).
    pub fn load_errors(&self) -> &[Diagnostic] {
        &self.load_errors
    }

    pub fn filter_text(&self) -> &str {
        &self.filter_text
    }

    pub fn filter_error(&self) -> Option<&str> {
        self.filter_error.as_deref()
    }

    pub fn sort(&self) -> Sort {
        self.sort
    }

    pub fn selected(&self) -> &RowSet {
        &self.selected
    }

    pub fn settings(&self) -> &ExportSettings {
        &self.settings
    }

    pub fn notice(&self) -> Option<&Notice> {
        self.notice.as_ref()
    }

    /// Whether the export column is wide (the table narrower), as the user chose.
    pub fn export_wide(&self) -> bool {
        self.export_wide
    }

    /// Whether the page shows the import area: always when nothing is loaded, and over a
    /// listing only after "Replace" (otherwise the one-line source bar stands for it).
    pub fn import_open(&self) -> bool {
        self.loaded.is_none() || !self.import_collapsed
    }
}
