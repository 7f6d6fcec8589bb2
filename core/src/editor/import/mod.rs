//! The import panel: the import area and every load (`action`: [`ImportAction`], its
//! sub-reducer and the load itself), and the empty page: its three paths (`start`), "Start a
//! new connector" (`new_connector`), "Fail over consumer groups" (`failover`), and the
//! connector kind the user chose (`kind`). The text, the loaded listing and the load errors are
//! fields of [`super::Editor`]; the load history Undo goes back over is `replace`.

mod action;
mod failover;
mod kind;
mod new_connector;
mod start;

pub use action::ImportAction;
pub use failover::{FailoverField, FailoverForm, ScriptError};
pub use kind::DETECTED;
pub use new_connector::{NEW_CONNECTOR_KINDS, NewConnectorField, NewConnectorForm, NewOrigin};
pub use start::{START_PATHS, START_STEPS, StartListError, StartPath};
