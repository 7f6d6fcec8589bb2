//! `EditorAction`, every change of the page's state, and [`Panel`]: the part of the page each
//! action belongs to. `Panel` is the one place that sorts the actions: the page's reducer
//! (`Editor::apply` in `reduce/`) sends an action to its panel's sub-reducer and derives from
//! the panel which revision counters the action moves ([`Panel::revisions`]).

use super::{
    BulkOp, ExportTab, Field, LookupField, NewConnectorField, NoticeAt, ReferenceField, SortColumn,
    TargetKind,
};
use crate::editing::edit::Action;
use crate::model::{AliasPath, ConnectorKind};
use crate::writing::procedure::{AutoOffsetReset, Previous, StrimziVersion};

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
    /// text, over [`super::Editor::bulk_selection`]. A value that cannot be read is refused at
    /// [`NoticeAt::BulkValue`] (the field is marked invalid); the outcome is shown at
    /// [`NoticeAt::Bulk`].
    Bulk {
        op: BulkOp,
        value: String,
    },
    /// The "Add partitions" form's four fields, as typed (see [`super::add_entries`]); refusal and
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
    /// Export the alter ConfigMap in rounds of at most 1 MiB (`true`) or as one (`false`).
    SetRounds(bool),
    /// Give the export the width it needs (`true`: the table narrows while it is wide).
    WidenExport(bool),
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
    /// A field of the "Start a new connector" form changed.
    SetNewConnector(NewConnectorField, String),
    /// A field of "Fail over consumer groups" (see `failover`).
    SetFailover(super::FailoverField, String),
    /// What the empty page shows (see `start`).
    SetStartPath(super::StartPath),
    /// Make the listing of a connector that has none yet from the form's reference and load it
    /// (one undoable step; `now_ms`: the page's clock, for the time of a `time` reference).
    /// A refusal names the form's field and keeps everything typed.
    StartNewConnector {
        now_ms: i64,
    },
    /// Create the connector stopped before setting its offsets (`true`), or alter one that
    /// exists: kept in the export settings and the draft.
    SetCreate(bool),
    /// The config object of the connector to create, as typed (JSON).
    SetCreateConfig(String),
    /// What the create does with offsets stored under the connector's name before.
    SetCreatePrevious(Previous),
    /// Which Strimzi creates the connector (a Strimzi target): `None`, not known (read from
    /// the custom resource's apiVersion where it says).
    SetCreateStrimzi(Option<StrimziVersion>),
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
    /// asynchronously): the three records of [`super::Editor::source_record`],
    /// [`super::Editor::draft_record_at`] and [`super::Editor::prefs_record`], and the page's clock. The
    /// restored state replaces the current one (not an undoable step); a draft that cannot be
    /// restored leaves the editor as it is and says why in the notice.
    Restore {
        source: String,
        draft: Option<String>,
        prefs: Option<String>,
        now: i64,
    },
}

/// The part of the page an action belongs to: its sub-reducer handles it, and it says which
/// revision counters the action moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Panel {
    /// The import area's text, a file that could not be read, folding the area, the "Start a
    /// new connector" form: no data change.
    ImportArea,
    /// A load, a re-import (key or kind pick), a restored draft, Discard or a new connector's
    /// listing: new data.
    Load,
    /// An offset edit, undo or redo, a bulk button, the "Add partitions" form: new data.
    Edit,
    /// Filter, sort, groups and selection: what the table shows.
    Table,
    /// The export settings.
    Settings,
    /// The notice and the export tabs: neither data nor view.
    Page,
    /// The custom resource and the landed check (a resource that fills settings moves their
    /// counter itself).
    SafeApply,
    /// Set-from and add-unlisted from a reference: new data, the same settings.
    ReferenceEdit,
    /// The reference and lookup forms, adding and removing references (a change of the bounds
    /// moves the data and view counters, see `Editor::apply`).
    References,
}

/// Which revision counters an action moves, besides `revision`, which every action moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) struct Revisions {
    pub(super) data: bool,
    pub(super) view: bool,
    pub(super) settings: bool,
}

impl Panel {
    /// What the panel's actions change: new data also changes the view and the settings (a
    /// load fills them from the listing); a reference edit changes data and view only.
    pub(super) fn revisions(self) -> Revisions {
        match self {
            Panel::Load | Panel::Edit => Revisions {
                data: true,
                view: true,
                settings: true,
            },
            Panel::ReferenceEdit => Revisions {
                data: true,
                view: true,
                settings: false,
            },
            Panel::Table => Revisions {
                view: true,
                ..Revisions::default()
            },
            Panel::Settings => Revisions {
                settings: true,
                ..Revisions::default()
            },
            Panel::ImportArea | Panel::Page | Panel::SafeApply | Panel::References => {
                Revisions::default()
            }
        }
    }
}

impl EditorAction {
    /// The panel this action belongs to.
    pub(super) fn panel(&self) -> Panel {
        match self {
            EditorAction::SetInput(_)
            | EditorAction::FileUnreadable { .. }
            | EditorAction::ShowImport(_)
            | EditorAction::SetNewConnector(..)
            | EditorAction::SetFailover(..)
            | EditorAction::SetStartPath(_) => Panel::ImportArea,
            EditorAction::Load
            | EditorAction::LoadText(_)
            | EditorAction::LoadFile(_)
            | EditorAction::PickKey(_)
            | EditorAction::ChooseKind(_)
            | EditorAction::Restore { .. }
            | EditorAction::StartNewConnector { .. }
            | EditorAction::Discard => Panel::Load,
            EditorAction::Edit(_) | EditorAction::Bulk { .. } | EditorAction::AddEntries { .. } => {
                Panel::Edit
            }
            EditorAction::SetFilter(_)
            | EditorAction::SortBy(_)
            | EditorAction::ToggleGroup(_)
            | EditorAction::CollapseAll(_)
            | EditorAction::Select { .. }
            | EditorAction::SelectShown
            | EditorAction::ClearSelection => Panel::Table,
            EditorAction::SetTarget(_)
            | EditorAction::SetField(..)
            | EditorAction::SetAliasPath(_)
            | EditorAction::SetAutoOffsetReset(_)
            | EditorAction::SetRounds(_)
            | EditorAction::SetCreate(_)
            | EditorAction::SetCreateConfig(_)
            | EditorAction::SetCreatePrevious(_)
            | EditorAction::SetCreateStrimzi(_) => Panel::Settings,
            EditorAction::DismissNotice
            | EditorAction::SelectExportTab(_)
            | EditorAction::WidenExport(_) => Panel::Page,
            EditorAction::CheckResource(_)
            | EditorAction::CheckResourceFile(_)
            | EditorAction::ChooseResource(_)
            | EditorAction::CheckNewListing(_)
            | EditorAction::CheckNewListingFile(_) => Panel::SafeApply,
            EditorAction::SetFromReference(_) | EditorAction::AddUnlistedFromReference(_) => {
                Panel::ReferenceEdit
            }
            EditorAction::SetReferenceForm(..)
            | EditorAction::SetLookup(..)
            | EditorAction::AddReference { .. }
            | EditorAction::AddReferenceFile { .. }
            | EditorAction::RemoveReference(_) => Panel::References,
        }
    }
}
