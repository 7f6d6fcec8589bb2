//! `--reference ROLE=REF` and `--set-from ROLE=REF`, shared by `validate` and `edit`: a role
//! (`earliest`, `latest`, `time[@DATETIME]`, `group[@NAME]`) and a file (or `-` for stdin) read
//! as a reference by the core. A reference with an error is reported with its file name and
//! stops the command (exit 2, like any input that cannot be read).

use crate::input::Source;
use crate::{error::CliError, output};
use offsets_core::reference::{Reference, Role, parse_reference};
use std::sync::Arc;

pub const REFERENCE_HELP: &str = "\
  ROLE=REF: ROLE is earliest, latest, time@DATETIME (the time the lookup used, e.g.
  time@2026-11-30T12:00:00Z; `time` alone works too), group[@NAME] or checkpoints[@GROUP];
  REF is a file (or - for stdin) holding kafka-get-offsets.sh output (topic:partition:offset),
  an rpk TOPIC PARTITION OFFSET file, a kafka-consumer-groups.sh --describe table, a
  consumer-groups CSV, or MirrorMaker 2's checkpoints (CheckpointFormatter output: the group's
  translated offsets on the target; a sink connector's group is connect-NAME). A describe
  table's LOG-END-OFFSET also serves as the log end.
";

/// The current time in epoch milliseconds (the core has no clock).
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// A date-time argument as epoch milliseconds, or a usage error naming the flag.
pub fn datetime_arg(flag: &str, text: &str) -> Result<i64, CliError> {
    offsets_core::datetime::parse_datetime(text, now_ms()).map_err(|e| {
        CliError::usage(format!(
            "{flag} '{}': {e}",
            offsets_core::names::shown(text)
        ))
    })
}

/// Parses `ROLE=REF` into the role and the source (nothing is read yet).
pub fn parse_spec(flag: &str, spec: &str) -> Result<(Role, Source), CliError> {
    let bad = || {
        CliError::usage(format!(
            "{flag} needs ROLE=FILE with ROLE earliest, latest, time[@DATETIME], group[@NAME] or checkpoints[@GROUP] (for example earliest=earliest.txt), not '{}'",
            offsets_core::names::shown(spec)
        ))
    };
    let (role, path) = spec.split_once('=').ok_or_else(bad)?;
    if path.is_empty() {
        return Err(bad());
    }
    let (id, arg) = match role.split_once('@') {
        Some((id, arg)) => (id, Some(arg)),
        None => (role, None),
    };
    let role = match (id, arg) {
        ("earliest", None) => Role::Earliest,
        ("latest", None) => Role::Latest,
        ("time", None) => Role::Time { at_ms: None },
        ("time", Some(t)) => Role::Time {
            at_ms: Some(datetime_arg(flag, t)?),
        },
        ("group", None) => Role::Group { name: None },
        ("group", Some(g)) if !g.is_empty() => Role::Group {
            name: Some(g.to_string()),
        },
        // MirrorMaker 2's checkpoints: the group's translated offsets on the target (the
        // reference reads CheckpointFormatter output whichever of the two is given).
        ("checkpoints", None) => Role::Group { name: None },
        ("checkpoints", Some(g)) if !g.is_empty() => Role::Group {
            name: Some(g.to_string()),
        },
        _ => return Err(bad()),
    };
    Ok((role, Source::from_arg(path.into())))
}

/// Reads and parses a reference; reports its diagnostics (all errors, warnings and infos) on
/// stderr as `FILE:LINE:COL: severity[RULE]: message`, and refuses one with an error (exit 2).
pub fn load(role: Role, source: &Source) -> Result<Arc<Reference>, CliError> {
    let bytes = source.read()?;
    let name = source.display_name();
    let text = String::from_utf8(bytes).map_err(|e| CliError {
        message: format!(
            "{name}: the reference is not UTF-8 text (invalid byte at offset {}); save it as UTF-8",
            e.utf8_error().valid_up_to()
        ),
        code: 2,
    })?;
    let reference = parse_reference(&text, role);
    let mut out = String::new();
    for d in &reference.diagnostics {
        output::push_diagnostic(&mut out, &name, d, &output::printable(&d.message));
    }
    output::err(&out);
    if !reference.is_usable() {
        return Err(CliError {
            message: format!(
                "{name} could not be used as a reference ({} error(s)); nothing was done",
                reference
                    .diagnostics
                    .iter()
                    .filter(|d| d.is_error())
                    .count()
            ),
            code: 2,
        });
    }
    Ok(Arc::new(reference))
}
