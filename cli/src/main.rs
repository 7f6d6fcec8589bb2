//! connect-offsets: the command-line interface, thin over offsets-core.
//!
//! Each command lives in its own module with a `run(parser) -> Result<ExitCode, CliError>`
//! function; add a new command by writing its module and one arm in [`dispatch`].
//! Exit codes: 0 = no errors, 1 = validation errors, 2 = unreadable or unsupported input, and
//! usage errors.

mod check_resource;
mod diff;
mod edit;
mod edit_flags;
mod error;
mod export;
mod groups;
mod input;
mod lookup;
mod new;
mod output;
mod plan;
mod plan_create;
mod reference;
mod resource;
mod show;
mod validate;

use error::CliError;
use std::io::Write;
use std::process::ExitCode;

const VERSION: &str = env!("CARGO_PKG_VERSION");

const HELP: &str = "\
connect-offsets: validate and inspect Kafka Connect / MirrorMaker 2 connector offsets
(the ConfigMaps Strimzi writes on strimzi.io/connector-offsets=list, Connect REST payloads,
and kafka-consumer-groups.sh --export CSV).

Usage: connect-offsets <COMMAND> [OPTIONS]

Commands:
  validate [FILE|-]   check every rule and report diagnostics (exit 0 / 1 / 2);
                      --reference ROLE=REF adds the log-range check (LR1-LR5)
  show FILE           print the offsets as a table
  edit FILE [EDITS]   apply edits, write the whole document back in its own form
                      (--set-from ROLE=REF sets offsets from earliest, latest, a time or a group)
  lookup FILE --at T  the kafka-get-offsets.sh commands that fetch a reference for the
                      listing's partitions (T: DATETIME, earliest or latest)
  export FILE --to F  alter ConfigMap, PATCH body or CSV (configmap|json|csv)
  plan FILE --kind K  the apply procedure with the alter ConfigMap embedded (--script)
  diff BEFORE AFTER   per-partition diff and summary (--expect ALTER to confirm an alter)
  check-resource CR   check a KafkaConnector / KafkaMirrorMaker2 before the operator does
                      (--listing FILE, --alter ALTER.yaml; exit 0 / 1 / 2)
  new --kind K --from ROLE=REF
                      the listing of a connector that has none yet, from a reference
                      (mirror-source with --source-alias, or sink)
  groups FILE         consumer groups' failover to the target cluster from MirrorMaker 2's
                      checkpoints: the --reset-offsets --from-file CSV, or a checked script

Options:
  -h, --help          help (also `connect-offsets <COMMAND> --help`)
  -V, --version       print the version

Exit codes: 0 no errors (warnings allowed), 1 validation errors,
            2 input unreadable or not a supported form, or a usage error.
";

fn dispatch() -> Result<ExitCode, CliError> {
    let mut parser = lexopt::Parser::from_env();
    use lexopt::prelude::*;
    match parser.next()? {
        Some(Value(cmd)) => match cmd.to_string_lossy().as_ref() {
            "validate" => validate::run(&mut parser),
            "show" => show::run(&mut parser),
            "edit" => edit::run(&mut parser),
            "export" => export::run(&mut parser),
            "diff" => diff::run(&mut parser),
            "plan" => plan::run(&mut parser),
            "check-resource" => check_resource::run(&mut parser),
            "lookup" => lookup::run(&mut parser),
            "new" => new::run(&mut parser),
            "groups" => groups::run(&mut parser),
            // More commands (edit, export, plan, diff) plug in here.
            other => Err(CliError::usage(format!(
                "unknown command '{other}'; run `connect-offsets --help` for the list"
            ))),
        },
        Some(Short('h') | Long("help")) | None => {
            output::out(HELP);
            Ok(ExitCode::SUCCESS)
        }
        Some(Short('V') | Long("version")) => {
            // The first line is the version alone (scripts read it); then what the rules and
            // procedures are checked against.
            let mut text = format!("connect-offsets {VERSION}\nChecked against:\n");
            for (what, version) in offsets_core::versions::TABLE {
                text.push_str(&format!("  {what}: {version}\n"));
            }
            output::out(&text);
            Ok(ExitCode::SUCCESS)
        }
        Some(arg) => Err(arg.unexpected().into()),
    }
}

/// mimalloc (version 2, see the workspace's Cargo.toml) instead of the system allocator: the
/// edit session allocates a few small blocks per changed entry, and on the tape's few large
/// blocks glibc's malloc still costs a fifth more CPU (validate at 100k: 60 against 50 ms;
/// BENCHMARKS.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    match dispatch() {
        Ok(code) => code,
        Err(e) => {
            let _ = writeln!(std::io::stderr().lock(), "connect-offsets: {}", e.message);
            ExitCode::from(e.code)
        }
    }
}
