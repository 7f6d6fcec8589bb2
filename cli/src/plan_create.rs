//! `plan --create`: the flags of the procedure that creates a connector stopped at FILE's
//! offsets (plain Kafka Connect, or Strimzi), checked before anything is loaded, and the
//! connector config read (REST only).

use crate::error::CliError;
use crate::input::Source;
use offsets_core::procedure::{Previous, StrimziCreate, StrimziVersion};

/// The config text (empty for a Strimzi create, which takes it from the resource) and what to
/// do with the name's old offsets when `--create` is given with everything it needs, `None`
/// without `--create`; otherwise a usage error that says why. `resource_file`: the kind may
/// still come from `--resource-file`.
pub fn check_flags(
    create: bool,
    config: Option<&Source>,
    recreated: Option<&str>,
    kind: Option<&str>,
    compares: bool,
    resource_file: bool,
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
    let strimzi = match kind {
        Some("rest") => false,
        Some(_) => true,
        None if resource_file => true,
        None => {
            return Err(CliError::usage(
                "plan --create needs --kind rest (a plain Kafka Connect cluster), --kind connector or --kind mirrormaker2 (Strimzi; or --resource-file CR)",
            ));
        }
    };
    if compares {
        return Err(CliError::usage(
            "plan --create starts a connector that has never run, so it has no listing to compare with or roll back: drop --against and --rollback",
        ));
    }
    if strimzi {
        return match config {
            Some(_) => Err(CliError::usage(
                "--config is the connector config of a plain Kafka Connect cluster (--kind rest); a Strimzi create takes the config from the resource: give your KafkaConnector or KafkaMirrorMaker2 with --resource-file CR",
            )),
            None => Ok(Some((String::new(), previous))),
        };
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

/// The Strimzi create's own flags (`--connect-cluster`, `--connector-class`, `--strimzi`), only
/// with `--create` (`create`: it was given, with everything it needs). `Some` with `--create`.
pub fn strimzi_flags(
    create: bool,
    connect_cluster: Option<String>,
    class: Option<String>,
    strimzi: Option<&str>,
) -> Result<Option<StrimziCreate>, CliError> {
    if !create {
        for (flag, given) in [
            ("--connect-cluster", connect_cluster.is_some()),
            ("--connector-class", class.is_some()),
            ("--strimzi", strimzi.is_some()),
        ] {
            if given {
                return Err(CliError::usage(format!(
                    "{flag} describes the connector plan --create makes; without --create the connector exists already"
                )));
            }
        }
        return Ok(None);
    }
    let strimzi = match strimzi {
        None => None,
        Some(v) => Some(StrimziVersion::from_flag(v).ok_or_else(|| {
            CliError::usage(format!(
                "--strimzi takes 1.2 (the operator creates the connector stopped) or older (before 1.2: it starts it first), not '{v}'"
            ))
        })?),
    };
    Ok(Some(StrimziCreate {
        resource: None,
        connect_cluster,
        class,
        strimzi,
    }))
}
