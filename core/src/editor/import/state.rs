//! The import panel's state: the text area, why the last load failed, whether the area is
//! folded to the source bar, the connector kind chosen, and the empty page's path and forms.

use super::{FailoverForm, NewConnectorForm, StartPath};
use crate::diag::Diagnostic;
use crate::model::ConnectorKind;

/// The import area and the empty page, as the user left them (the listing they load is
/// [`Editor`](crate::editor::Editor)'s).
#[derive(Debug, Clone, PartialEq, Default)]
pub(in crate::editor) struct ImportState {
    /// The text area, exactly as typed or opened (never lost, even when it does not load).
    pub(in crate::editor) input: String,
    /// Errors of the last Load that failed (empty after a successful one).
    pub(in crate::editor) load_errors: Vec<Diagnostic>,
    /// The import area is collapsed to the source bar (set by a load, cleared by Replace).
    pub(in crate::editor) collapsed: bool,
    /// The connector kind the user chose (`None`: detected); every load uses it.
    pub(in crate::editor) kind_choice: Option<ConnectorKind>,
    /// What the empty page shows (see `start`).
    pub(in crate::editor) start_path: StartPath,
    /// The "Start a new connector" form of the empty page (see `new_connector`).
    pub(in crate::editor) new_connector: NewConnectorForm,
    /// The "Fail over consumer groups" form of the empty page (see `failover`).
    pub(in crate::editor) failover: FailoverForm,
}
