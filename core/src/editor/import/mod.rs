//! The import panel: its state (`state`: the text, the load errors, the kind chosen, the empty
//! page's path and forms), the import area and every load (`action`: [`ImportAction`], its
//! sub-reducer and the load itself), and the empty page: its three paths (`start`), "Start a
//! new connector" (`new_connector`), "Fail over consumer groups" (`failover`), and the
//! connector kind the user chose (`kind`). The loaded listing is [`super::Editor`]'s; the load
//! history Undo goes back over is `replace`.

mod action;
mod failover;
mod kind;
mod new_connector;
mod start;
mod state;

pub use action::ImportAction;
pub use failover::{FailoverField, FailoverForm, ScriptError};
pub use kind::DETECTED;
pub use new_connector::{NEW_CONNECTOR_KINDS, NewConnectorField, NewConnectorForm, NewOrigin};
pub use start::{START_PATHS, START_STEPS, StartListError, StartPath};
pub(in crate::editor) use state::ImportState;
