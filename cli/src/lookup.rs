//! `connect-offsets lookup FILE --at DATETIME|earliest|latest --bootstrap-server B
//! [--command-config F] [--exec NS/POD] [FILTERS]`: prints the `kafka-get-offsets.sh` commands
//! that fetch a reference for the listing's partitions (`offsets_core::lookup`).

use crate::input::{self, Arg, INPUT_OPTIONS_HELP, InputArgs};
use crate::{error::CliError, output, reference};
use lexopt::ValueExt;
use offsets_core::edit::Session;
use offsets_core::filter::Filter;
use offsets_core::lookup::{LookupAt, LookupOptions, lookup_commands};
use std::process::ExitCode;

const HELP: &str = "\
Usage: connect-offsets lookup FILE --at DATETIME|earliest|latest --bootstrap-server HOST:PORT
                              [--command-config FILE] [--exec NAMESPACE/POD] [FILTERS]

Prints the kafka-get-offsets.sh commands that look up, for the topics and partitions of the
listing (or of the rows the filters select), the earliest offsets, the latest offsets, or the
first offsets at or after a time. Run them, save their output, and give it back to
`validate --reference` (the log-range check) or `edit --set-from` (set the offsets from it).
Every value is validated and single-quoted; nothing is printed when one is not valid (exit 2).
For MirrorMaker 2, run the commands against the SOURCE cluster.

Options:
  --at DATETIME|earliest|latest  what to look up; DATETIME is UTC unless it has an offset:
                              2026-11-30T12:00:00Z, 2026-11-30T13:00:00+01:00, 2026-11-30
                              (midnight UTC); a time in the future or before 1970 is refused
  --bootstrap-server B        HOST:PORT[,HOST:PORT...], as the command's host sees it
  --command-config FILE       client properties (TLS, SASL) for the command
  --exec NAMESPACE/POD        run inside a pod: kubectl exec -n NAMESPACE POD -- bin/kafka-get-offsets.sh
                              (a Strimzi broker pod, e.g. kafka/my-cluster-broker-0)
FILTERS: --topic GLOB|/regex/, --partition LIST, --cluster C, --filter EXPR (as in edit)
";

pub fn run(parser: &mut lexopt::Parser) -> Result<ExitCode, CliError> {
    let mut args = InputArgs::default();
    let mut at: Option<LookupAt> = None;
    let mut bootstrap: Option<String> = None;
    let mut command_config: Option<String> = None;
    let mut exec: Option<(String, String)> = None;
    let mut filter = Filter::all();
    while let Some(arg) = Arg::next(parser)? {
        if args.parse_arg(&arg, parser)? {
            continue;
        }
        match arg {
            Arg::Long(l) if l == "at" => {
                let v = parser.value()?.string()?;
                at = Some(match v.as_str() {
                    "earliest" => LookupAt::Earliest,
                    "latest" => LookupAt::Latest,
                    other => LookupAt::Time(reference::datetime_arg("--at", other)?),
                });
            }
            Arg::Long(l) if l == "bootstrap-server" => bootstrap = Some(parser.value()?.string()?),
            Arg::Long(l) if l == "command-config" => {
                command_config = Some(parser.value()?.string()?)
            }
            Arg::Long(l) if l == "exec" => {
                let v = parser.value()?.string()?;
                let (ns, pod) = v.split_once('/').ok_or_else(|| {
                    CliError::usage(format!(
                        "--exec needs NAMESPACE/POD (for example kafka/my-cluster-broker-0), not '{}'",
                        offsets_core::names::shown(&v)
                    ))
                })?;
                exec = Some((ns.to_string(), pod.to_string()));
            }
            Arg::Long(l) if matches!(l.as_str(), "topic" | "partition" | "cluster" | "filter") => {
                input::filter_flag(&mut filter, l.as_str(), parser.value()?.string()?)?;
            }
            a if a.is_help() => return Ok(output::help(&[HELP, INPUT_OPTIONS_HELP])),
            other => return Err(other.unexpected()),
        }
    }
    if filter.needs_range() {
        return Err(CliError::usage(
            "--filter: lookup does not take range: terms (they need the references this command helps fetch)",
        ));
    }
    let Some(source) = args.source else {
        return Err(CliError::usage(
            "lookup needs a FILE (or - for stdin); see --help",
        ));
    };
    let Some(at) = at else {
        return Err(CliError::usage(
            "lookup needs --at DATETIME|earliest|latest; see --help",
        ));
    };
    let Some(bootstrap) = bootstrap else {
        return Err(CliError::usage(
            "lookup needs --bootstrap-server HOST:PORT (as the command's host sees the cluster); see --help",
        ));
    };
    let loaded = crate::edit::load(&source, &args.options)?;
    let listing = loaded.listing;
    let kind = listing.kind;
    let source_alias = offsets_core::lookup::source_alias(&listing);
    let session = Session::new(listing);
    let rows = session.matching_rows(&filter);
    let partitions = offsets_core::lookup::row_partitions(&session, &rows);
    let options = LookupOptions {
        at,
        bootstrap,
        command_config,
        exec,
        kind,
        source_alias,
    };
    match lookup_commands(partitions, &options) {
        Ok(lookup) => {
            output::out(&lookup.render());
            Ok(ExitCode::SUCCESS)
        }
        Err(reasons) => Err(CliError::usage(format!(
            "no command generated:\n  {}",
            reasons
                .iter()
                .map(|r| output::printable(r))
                .collect::<Vec<_>>()
                .join("\n  ")
        ))),
    }
}
