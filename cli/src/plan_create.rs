//! `plan --create`: the flags of the procedure that creates a plain Kafka Connect connector
//! stopped at FILE's offsets, checked before anything is loaded, and the connector config read.

use crate::CliError;
use crate::input::Source;
use offsets_core::procedure::Previous;

/// The config text and what to do with the name's old offsets when `--create` is given with
/// everything it needs, `None` without `--create`; otherwise a usage error that says why.
pub fn check_flags(
    create: bool,
    config: Option<&Source>,
    recreated: Option<&str>,
    kind: Option<&str>,
    compares: bool,
) -> Result<Option<(String, Previous)>, CliError> {
    if !create {
        return match (config, recreated) {
            (Some(_), _) => Err(CliError::usage(
                "--config is the connector config of plan --create; without --create the connector exists already",
            )),
            (None, Some(_)) => Err(CliError::usage(
                "--recreated says what plan --create does with the offsets a deleted connector of the same name left; without --create the connector exists already and its offsets are the listing you edited",
            )),
            (None, None) => Ok(None),
        };
    }
    let previous = match recreated {
        None => Previous::Refuse,
        Some(value) => Previous::from_flag(value).ok_or_else(|| {
            CliError::usage(format!(
                "--recreated takes reset (delete the old offsets first) or keep (alter over them), not '{value}'"
            ))
        })?,
    };
    match kind {
        Some("rest") => {}
        Some(other) => {
            return Err(CliError::usage(format!(
                "plan --create is built for --kind rest only: the Strimzi create procedure (a resource created with state: stopped and alterOffsets) is not built yet, so --kind {other} cannot create"
            )));
        }
        None => {
            return Err(CliError::usage(
                "plan --create needs --kind rest (a plain Kafka Connect cluster)",
            ));
        }
    }
    if compares {
        return Err(CliError::usage(
            "plan --create starts a connector that has never run, so it has no listing to compare with or roll back: drop --against and --rollback",
        ));
    }
    let Some(config) = config else {
        return Err(CliError::usage(
            "plan --create needs --config CONFIG.json: Kafka Connect creates the connector from its config object (with connector.class)",
        ));
    };
    let bytes = config.read()?;
    String::from_utf8(bytes)
        .map(|config| Some((config, previous)))
        .map_err(|_| CliError {
            message: format!(
                "{}: the connector config is not UTF-8",
                config.display_name()
            ),
            code: 1,
        })
}
