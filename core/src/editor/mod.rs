//! The editor: everything the web app shows and every way a user changes it, as one state
//! ([`Editor`]) and one reducer ([`Editor::apply`] over [`EditorAction`]).
//!
//! The web crate only renders what this module computes (rows, labels, change sentences,
//! problems, exports) and dispatches [`EditorAction`]s, so all of it is tested natively.
//! Offset edits are delegated to [`Session`]; this layer adds what the page needs around it:
//! the import text (never lost, even when it does not parse), the filter box, sorting, topic
//! groups, the selection, export settings, a notice line, and the draft records the page
//! keeps in browser storage.
//!
//! This file holds the state and its reducer; each concern around it has a file of its own:
//! `view` (the table: filter, groups, sort), `display` (labels, sentences, numbers), `input`
//! (typed cells to actions), `settings` (export settings and their checks), `exports`
//! (problems, blockers, exports), `draft` (the draft records) and `keys` (which presses of the
//! undo and redo keys are the app's).

use crate::diag::Diagnostic;
use crate::editing::edit::{Action, Session};
use crate::editing::filter::Filter;
use crate::model::AliasPath;
use crate::model::ConnectorKind;
use crate::model::EntryFacts;
use crate::pipeline::import;
use crate::reading::import::ImportOptions;
use crate::writing::procedure::{AutoOffsetReset, Listed};

mod apply;
mod display;
mod draft;
mod exports;
mod groups;
mod input;
mod keys;
mod kind;
mod notice;
mod references;
mod replace;
mod selection;
mod settings;
mod start;
mod tabs;
mod view;

use display::group_digits;
use selection::TopicSet;
use settings::default_settings;
use view::FactsIndex;

pub use apply::{
    ExportBlockers, FieldBlocker, LandedReport, LandedRow, Landing, ResourceReport, RollbackExports,
};
pub use display::{
    FieldCell, Header, RowDisplay, caret_line, change_sentence, field_add_label, problems_heading,
    source_bar_line, source_line, summary_sentence,
};
pub use display::{
    age_text, counted, epoch_ms, form_label, listed_sentence, stored_offsets_sentence,
};
pub use draft::DRAFT_VERSION;
pub use exports::Check;
pub use exports::Exports;
pub use groups::{GROUP_FROM, ProblemItem, group_problems};
pub use input::{
    BulkOp, ShiftOffer, add_entries, bulk_action, cell_edit, null_toggle, parse_field_input,
    parse_offset_input, parse_signed_input,
};
pub use keys::{KeyFocus, history_key};
pub use kind::DETECTED;
pub use notice::{Notice, NoticeAt};
pub use references::{
    LookupField, LookupForm, LookupOutput, ROLE_CHOICES, ReferenceField, ReferenceForm,
    ReferenceItem, role_from,
};
pub use selection::RowSet;
pub use settings::{ExportSettings, Field, FieldValues, TargetKind};
pub use start::START_STEPS;
pub use tabs::{ExportTab, TabKey, export_tabs, tab_after};
pub use view::{Sort, SortColumn, View, ViewItem};

/// Every change of editor state.
#[derive(Debug, Clone, PartialEq)]
pub enum EditorAction {
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
    /// An offset edit, undo or redo. Its notice is shown where [`NoticeAt::of`] says.
    Edit(Action),
    /// A bulk button (or Enter in the bulk Value field, which is Set) with the Value field's
    /// text, over [`Editor::bulk_selection`]. A value that cannot be read is refused at
    /// [`NoticeAt::BulkValue`] (the field is marked invalid); the outcome is shown at
    /// [`NoticeAt::Bulk`].
    Bulk {
        op: BulkOp,
        value: String,
    },
    /// The "Add partitions" form's four fields, as typed (see [`add_entries`]); refusal and
    /// outcome are shown at [`NoticeAt::Add`].
    AddEntries {
        cluster: String,
        topic: String,
        partitions: String,
        offset: String,
    },
    /// The filter box changed.
    SetFilter(String),
    /// Sort by a column; the same column again reverses the order.
    SortBy(SortColumn),
    ToggleGroup(String),
    /// Collapse (`true`) or expand every group.
    CollapseAll(bool),
    /// Select or unselect one row for bulk actions.
    Select {
        row: usize,
        selected: bool,
    },
    /// Select every row the filter shows.
    SelectShown,
    ClearSelection,
    SetTarget(TargetKind),
    SetField(Field, String),
    SetAliasPath(AliasPath),
    /// Choose `source.consumer.auto.offset.reset` (`None`: not chosen, no command).
    SetAutoOffsetReset(Option<AutoOffsetReset>),
    DismissNotice,
    /// Forget everything: the empty editor (Undo brings it back).
    Discard,
    /// The text area set to this text and loaded, as one step (Load example): Undo brings back
    /// the previous text as well as the previous listing.
    LoadText(String),
    /// The "Connector kind" selector: `Some(kind)` validates the listing as that kind, `None`
    /// goes back to the detected one (IMP7). Re-imports the loaded text, like [`PickKey`].
    ///
    /// [`PickKey`]: EditorAction::PickKey
    ChooseKind(Option<ConnectorKind>),
    /// Check this custom resource (`kubectl get kafkaconnector|kafkamirrormaker2 X -o yaml`)
    /// and fill the export settings from it (empty text: no resource).
    CheckResource(String),
    /// A picked custom resource file, as bytes.
    CheckResourceFile(Vec<u8>),
    /// Use this one (`KIND/NAME`) of the custom resources the checked text holds.
    ChooseResource(String),
    /// Check this listing, taken after the alter, against the export: landed, drifted or
    /// missing per partition (empty text: no check).
    CheckNewListing(String),
    /// A picked listing file for the landed check, as bytes.
    CheckNewListingFile(Vec<u8>),
    /// A field of the "Add a reference" form changed.
    SetReferenceForm(ReferenceField, String),
    /// Read the form's pasted text as a reference of the form's role (`now_ms`: the page's
    /// clock, for the time of a `time` reference).
    AddReference {
        now_ms: i64,
    },
    /// A picked or dropped reference file, read with the form's role.
    AddReferenceFile {
        name: String,
        bytes: Vec<u8>,
        now_ms: i64,
    },
    RemoveReference(usize),
    /// Set the rows the filter (or the selection) shows from reference `n`: one undoable edit.
    SetFromReference(usize),
    /// Add the partitions of reference `n` the listing lacks as new entries.
    AddUnlistedFromReference(usize),
    /// A field of the command generator changed.
    SetLookup(LookupField, String),
    /// Open (`true`) the import area over a loaded listing ("Replace"), or collapse it back to
    /// the source bar. A successful load collapses it; nothing loaded, it is always open.
    ShowImport(bool),
    /// Select an export view's tab (kept in the prefs record).
    SelectExportTab(ExportTab),
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
}

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
    /// The custom resource and the landed check (see `apply`).
    safe: apply::SafeApply,
    /// The references and the command generator (see `references`).
    refs: references::References,
    /// The import area is collapsed to the source bar (set by a load, cleared by Replace).
    import_collapsed: bool,
    /// The selected export tab (see `tabs`).
    export_tab: ExportTab,
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

    /// Whether the page shows the import area: always when nothing is loaded, and over a
    /// listing only after "Replace" (otherwise the one-line source bar stands for it).
    pub fn import_open(&self) -> bool {
        self.loaded.is_none() || !self.import_collapsed
    }

    // ----- the reducer -----

    /// THE reducer of the page. Never panics; a refused action sets the notice and changes
    /// nothing else.
    pub fn apply(&mut self, action: EditorAction) {
        self.revision = self.revision.wrapping_add(1);
        let bump = |n: &mut u64| *n = n.wrapping_add(1);
        match &action {
            EditorAction::Load
            | EditorAction::LoadText(_)
            | EditorAction::LoadFile(_)
            | EditorAction::PickKey(_)
            | EditorAction::ChooseKind(_)
            | EditorAction::Edit(_)
            | EditorAction::Restore { .. }
            | EditorAction::Bulk { .. }
            | EditorAction::AddEntries { .. } => {
                bump(&mut self.data_revision);
                bump(&mut self.view_revision);
                bump(&mut self.settings_revision);
            }
            EditorAction::SetFilter(_)
            | EditorAction::SortBy(_)
            | EditorAction::ToggleGroup(_)
            | EditorAction::CollapseAll(_)
            | EditorAction::Select { .. }
            | EditorAction::SelectShown
            | EditorAction::ClearSelection => bump(&mut self.view_revision),
            EditorAction::SetTarget(_)
            | EditorAction::SetField(..)
            | EditorAction::SetAliasPath(_)
            | EditorAction::SetAutoOffsetReset(_) => bump(&mut self.settings_revision),
            EditorAction::Discard => {
                bump(&mut self.data_revision);
                bump(&mut self.view_revision);
                bump(&mut self.settings_revision);
            }
            EditorAction::SetInput(_)
            | EditorAction::DismissNotice
            | EditorAction::FileUnreadable { .. }
            | EditorAction::ShowImport(_)
            | EditorAction::SelectExportTab(_) => {}
            // The resource fills settings (and bumps their revision when it does).
            EditorAction::CheckResource(_)
            | EditorAction::CheckResourceFile(_)
            | EditorAction::ChooseResource(_)
            | EditorAction::CheckNewListing(_)
            | EditorAction::CheckNewListingFile(_) => {}
            // Set-from and add edit the data (and so bump like an edit); the forms change
            // nothing the table or the exports read.
            EditorAction::SetFromReference(_) | EditorAction::AddUnlistedFromReference(_) => {
                bump(&mut self.data_revision);
                bump(&mut self.view_revision);
            }
            EditorAction::SetReferenceForm(..)
            | EditorAction::SetLookup(..)
            | EditorAction::AddReference { .. }
            | EditorAction::AddReferenceFile { .. }
            | EditorAction::RemoveReference(_) => {}
        }
        // Every action replaces the previous action's message (or clears it when it says
        // nothing), so a message is never read as the outcome of a later action. Except the
        // text area's text: the page sends it when the area loses the focus, which is the
        // mouse press on Load; clearing there would move the page under the pointer before
        // the click lands (and Load, which follows, replaces the message anyway).
        if !matches!(action, EditorAction::SetInput(_)) {
            self.notice = None;
        }
        match action {
            EditorAction::SetInput(text) => {
                self.input = text;
                self.input_revision = self.input_revision.wrapping_add(1);
            }
            EditorAction::Load => {
                let mut before = self.snapshot();
                // The text area already holds the new text: Undo shows the previous listing
                // with the text it came from (Redo brings the new text back).
                if let Some(loaded) = &before.loaded {
                    before.input = loaded.source.clone();
                }
                if self.load(self.input.clone(), ImportOptions::default()) {
                    self.replaced_from(before);
                }
            }
            EditorAction::LoadFile(bytes) => {
                self.input_revision = self.input_revision.wrapping_add(1);
                match String::from_utf8(bytes) {
                    Ok(text) => {
                        let before = self.snapshot();
                        self.input = text;
                        if self.load(self.input.clone(), ImportOptions::default()) {
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
                        self.input = String::from_utf8_lossy(&bytes).into_owned();
                        self.loads = self.loads.wrapping_add(1);
                        self.load_failed(errors);
                    }
                }
            }
            EditorAction::LoadText(text) => {
                let before = self.snapshot();
                self.input = text;
                self.input_revision = self.input_revision.wrapping_add(1);
                if self.load(self.input.clone(), ImportOptions::default()) {
                    self.replaced_from(before);
                }
            }
            EditorAction::FileUnreadable { name, reason, at } => {
                let kept = match at {
                    NoticeAt::Import if self.loaded.is_some() => {
                        "Nothing was loaded and your edits are kept"
                    }
                    NoticeAt::Import => "Nothing was loaded",
                    _ => "Nothing was changed",
                };
                self.notice = Some(Notice::error(
                    at,
                    format!(
                        "Could not read {name}: {reason}. {kept}; try again, or paste the text instead."
                    ),
                ));
            }
            EditorAction::PickKey(key) => {
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
            EditorAction::ChooseKind(kind) => self.choose_kind(kind),
            EditorAction::Edit(action) => self.edit(action),
            EditorAction::Bulk { op, value } => {
                match bulk_action(op, self.bulk_selection(), &value) {
                    Ok(action) => self.edit(action),
                    Err(message) => {
                        self.notice = Some(Notice::error(NoticeAt::BulkValue, message));
                    }
                }
            }
            EditorAction::AddEntries {
                cluster,
                topic,
                partitions,
                offset,
            } => match add_entries(&cluster, &topic, &partitions, &offset) {
                Ok(action) => self.edit(action),
                Err(message) => self.notice = Some(Notice::error(NoticeAt::Add, message)),
            },
            EditorAction::SetFilter(text) => {
                match Filter::parse(&text) {
                    Ok(filter) => {
                        self.filter = filter;
                        self.filter_error = None;
                    }
                    // Keep the previous filter so the table does not flash empty while typing.
                    Err(e) => self.filter_error = Some(format!("Filter {e}")),
                }
                self.filter_text = text;
            }
            EditorAction::SortBy(column) => {
                self.sort = Sort {
                    column,
                    descending: self.sort.column == column && !self.sort.descending,
                };
            }
            EditorAction::ToggleGroup(topic) => {
                self.collapsed.toggle(topic);
            }
            EditorAction::CollapseAll(collapse) => {
                self.collapsed.clear();
                if collapse {
                    self.collapsed
                        .extend(self.view().items.into_iter().filter_map(|i| match i {
                            ViewItem::Group { topic, .. } => Some(topic),
                            ViewItem::Row(_) => None,
                        }));
                }
            }
            EditorAction::Select { row, selected } => {
                // Only a row of the session can be selected: `RowSet` keeps a flag per row up
                // to the highest, so a stray index must not grow it.
                let exists = self.loaded.as_ref().is_some_and(|l| row < l.session.len());
                if selected && exists {
                    self.selected.insert(row);
                } else {
                    self.selected.remove(row);
                }
            }
            EditorAction::SelectShown => {
                let rows = self.range_aware_rows();
                self.selected.extend(rows);
            }
            EditorAction::ClearSelection => self.selected.clear(),
            EditorAction::SetTarget(target) => self.settings.target = target,
            EditorAction::SetField(field, value) => {
                self.settings.values.insert(field, value);
            }
            EditorAction::SetAliasPath(path) => self.settings.alias_path = path,
            EditorAction::SetAutoOffsetReset(value) => self.settings.auto_offset_reset = value,
            EditorAction::DismissNotice => self.notice = None,
            EditorAction::Discard => {
                let before = self.snapshot();
                *self = Editor {
                    revision: self.revision,
                    input_revision: self.input_revision.wrapping_add(1),
                    data_revision: self.data_revision,
                    view_revision: self.view_revision,
                    settings_revision: self.settings_revision,
                    replaced: std::mem::take(&mut self.replaced),
                    export_tab: self.export_tab,
                    ..Editor::default()
                };
                self.replaced_from(before);
            }
            EditorAction::CheckResource(text) => self.check_resource_text(text),
            EditorAction::CheckResourceFile(bytes) => self.check_resource_bytes(bytes),
            EditorAction::ChooseResource(choice) => self.choose_resource(choice),
            EditorAction::CheckNewListing(text) => self.check_landed_text(&text),
            EditorAction::CheckNewListingFile(bytes) => self.check_landed_bytes(&bytes),
            action @ (EditorAction::SetReferenceForm(..)
            | EditorAction::AddReference { .. }
            | EditorAction::AddReferenceFile { .. }
            | EditorAction::RemoveReference(_)
            | EditorAction::SetFromReference(_)
            | EditorAction::AddUnlistedFromReference(_)
            | EditorAction::SetLookup(..)) => {
                // New bounds change the Log range column, range: filters and LR problems.
                if self.apply_reference(action) {
                    bump(&mut self.data_revision);
                    bump(&mut self.view_revision);
                }
            }
            EditorAction::ShowImport(open) => self.import_collapsed = !open,
            EditorAction::SelectExportTab(tab) => self.export_tab = tab,
            EditorAction::Restore {
                source,
                draft,
                prefs,
                now,
            } => self.restore_in_place(&source, draft.as_deref(), prefs.as_deref(), now),
        }
    }

    fn edit(&mut self, action: Action) {
        // Undo and redo go through the session's own history first, then over the load or
        // discard that replaced it: one timeline.
        match action {
            Action::Undo
                if !self.session().is_some_and(Session::can_undo) && !self.replaced.is_empty() =>
            {
                return self.undo_replace();
            }
            Action::Redo
                if !self.session().is_some_and(Session::can_redo) && !self.reloaded.is_empty() =>
            {
                return self.redo_replace();
            }
            _ => {}
        }
        let history = matches!(action, Action::Undo | Action::Redo);
        let at = NoticeAt::of(&action);
        let Some(loaded) = self.loaded.as_mut() else {
            self.notice = Some(Notice::error(at, "Load offsets first."));
            return;
        };
        self.notice = Some(match loaded.session.apply(action) {
            Ok(outcome) => {
                if outcome.changed > 0 && !history {
                    // A new edit after an undone load: the load cannot be redone any more.
                    self.reloaded.clear();
                }
                let mut text = outcome.message;
                for note in outcome.notes {
                    text.push(' ');
                    text.push_str(&note);
                }
                Notice::info(at, text)
            }
            Err(e) => Notice::error(at, e.message),
        });
        let len = loaded.session.len();
        self.selected.truncate(len);
    }

    /// Imports `source`; `true` when it replaced the loaded session (a refused load keeps it).
    fn load(&mut self, source: String, options: ImportOptions) -> bool {
        let options = ImportOptions {
            kind: self.kind_choice,
            ..options
        };
        self.loads = self.loads.wrapping_add(1);
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
                });
                // A custom resource given earlier fills the settings of the new listing too.
                self.fill_from_resource();
                self.load_errors.clear();
                self.import_collapsed = true;
                self.selected.clear();
                self.collapsed.clear();
                self.notice = Some(Notice::info(
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
    fn load_failed(&mut self, errors: Vec<Diagnostic>) {
        self.notice = Some(Notice::error(
            NoticeAt::Import,
            match errors.first() {
                Some(d) if self.loaded.is_some() => {
                    format!("Not loaded, your current edits are kept: {d}")
                }
                Some(d) => format!("Not loaded: {d}"),
                None => "Not loaded.".to_string(),
            },
        ));
        self.load_errors = errors;
    }
}
