//! `edit`'s command line: its help, the edits in the order given, the filter, the output, the
//! references and `--add-unlisted`.

use crate::error::CliError;
use crate::input::{self, Arg, INPUT_OPTIONS_HELP, InputArgs, Source};
use crate::{output, reference};
use lexopt::ValueExt;
use offsets_core::filter::Filter;
use offsets_core::reference::Role;
use std::process::ExitCode;

const HELP: &str = "\
Usage: connect-offsets edit FILE [EDITS] [FILTERS] [-o OUT]

Applies edits and writes the whole edited document in the same form as FILE (a ConfigMap stays a
ConfigMap with all its other fields, a REST payload stays a payload, a CSV stays a CSV) to OUT or
stdout. Edits run in the order given. A refused edit (a negative or overflowing offset, a --set
of a partition that is not listed) exits 1 with the reason and writes nothing.

Edits:
  --set [CLUSTER/]TOPIC:PARTITION=OFFSET|null   set one listed partition
  --null [CLUSTER/]TOPIC:PARTITION              set one listed partition to null
  --add [CLUSTER/]TOPIC:P[-Q]=OFFSET|null       add partitions P..Q that are not listed
                              (MirrorMaker 2 source: CLUSTER defaults to the source alias;
                              sink connectors: no CLUSTER); a listed one is refused (use --set)
  --shift N                   add N (may be negative) to every selected offset (checked)
  --set-all N                 set every selected offset to N
  --resume-at M               MirrorMaker 2: resume the selected partitions at record M
                              (stores M-1; M=0 stores null); sink: stores M
  --restore-from LISTING      set the selected partitions to their values in LISTING
  --set-from ROLE=REF         set the selected partitions from a reference (see below): a sink
                              stores its value R, MirrorMaker 2 stores R-1 (R=0: null);
                              partitions it lacks are left as they were and listed, and
                              partitions it has that are not listed are named (not added);
                              a --set-from latest=REF right after it gives the partitions it
                              has no offset for (no record at or after the time) their log end
  --add-unlisted              with --set-from: add those partitions as new entries
  --reference ROLE=REF        the earliest/latest offsets that range: filters need (repeatable;
                              a --set-from earliest or latest reference counts too)
  --dedupe                    keep only the last entry of each partition that appears more than
                              once (S7), as Kafka Connect does: the earlier ones are removed
                              (filters do not apply; for sinks, 3 and \"3\" are one partition)
FILTERS (select what the bulk edits act on; all entries without filters):
  --topic GLOB                topic glob (`*`, `?`) or /regex/
  --partition LIST            partitions, e.g. 0,2,5-9
  --cluster C                 MirrorMaker 2 source cluster alias
  --filter EXPR               the filter language, e.g. 'orders* partition:0-5 changed';
                              range:below, range:above, range:ok, range:unknown select by log
                              range (they need --reference or --set-from earliest/latest)
Output:
  -o, --output OUT            write to OUT instead of stdout
";

/// One edit of the command line, in the order given.
pub(crate) enum Op {
    Set(String, Option<i64>),
    Add(String, Option<i64>),
    Shift(i64),
    SetAll(i64),
    ResumeAt(i64),
    RestoreFrom(Source),
    Dedupe,
    SetFrom(Role, Source),
    /// `--set-from latest=REF` right after another `--set-from`: the log end of the partitions
    /// that one has no offset for (no record at or after the time), merged into it.
    FillFrom(Source),
}

fn parse_i64(flag: &str, v: &str) -> Result<i64, CliError> {
    v.parse().map_err(|_| {
        CliError::usage(format!(
            "{flag} needs a whole number between -9223372036854775808 and 9223372036854775807, not '{v}'"
        ))
    })
}

/// The command line of `edit`: the input, the edits in order, the filter, the output, the
/// references and `--add-unlisted`; `Err(code)` for --help, which printed it.
pub(crate) fn parse_flags(
    parser: &mut lexopt::Parser,
) -> Result<Result<EditFlags, ExitCode>, CliError> {
    let mut args = InputArgs::default();
    let mut ops: Vec<Op> = Vec::new();
    let mut filter = Filter::all();
    let mut out_path: Option<std::path::PathBuf> = None;
    let mut reference_specs = Vec::new();
    let mut add_unlisted = false;
    while let Some(arg) = Arg::next(parser)? {
        if args.parse_arg(&arg, parser)? {
            continue;
        }
        match arg {
            Arg::Long(l) if l == "set" => {
                let spec = parser.value()?.string()?;
                let (rows, value) =
                    rows_and_offset("--set", "[CLUSTER/]TOPIC:PARTITION=OFFSET|null", &spec)?;
                ops.push(Op::Set(rows, value));
            }
            Arg::Long(l) if l == "null" => ops.push(Op::Set(parser.value()?.string()?, None)),
            Arg::Long(l) if l == "add" => {
                let spec = parser.value()?.string()?;
                let (rows, value) =
                    rows_and_offset("--add", "[CLUSTER/]TOPIC:P[-Q]=OFFSET|null", &spec)?;
                ops.push(Op::Add(rows, value));
            }
            Arg::Long(l) if l == "shift" => {
                ops.push(Op::Shift(parse_i64("--shift", &parser.value()?.string()?)?))
            }
            Arg::Long(l) if l == "set-all" => ops.push(Op::SetAll(parse_i64(
                "--set-all",
                &parser.value()?.string()?,
            )?)),
            Arg::Long(l) if l == "resume-at" => ops.push(Op::ResumeAt(parse_i64(
                "--resume-at",
                &parser.value()?.string()?,
            )?)),
            Arg::Long(l) if l == "dedupe" => ops.push(Op::Dedupe),
            Arg::Long(l) if l == "set-from" => {
                let (role, source) =
                    reference::parse_spec("--set-from", &parser.value()?.string()?)?;
                let fills = role == Role::Latest
                    && matches!(ops.last(), Some(Op::SetFrom(r, _)) if *r != Role::Latest);
                ops.push(if fills {
                    Op::FillFrom(source)
                } else {
                    Op::SetFrom(role, source)
                });
            }
            Arg::Long(l) if l == "reference" => reference_specs.push(reference::parse_spec(
                "--reference",
                &parser.value()?.string()?,
            )?),
            Arg::Long(l) if l == "add-unlisted" => add_unlisted = true,
            Arg::Long(l) if l == "restore-from" => {
                ops.push(Op::RestoreFrom(Source::from_arg(parser.value()?)))
            }
            Arg::Long(l) if matches!(l.as_str(), "topic" | "partition" | "cluster" | "filter") => {
                input::filter_flag(&mut filter, l.as_str(), parser.value()?.string()?)?;
            }
            Arg::Short('o') => out_path = Some(parser.value()?.into()),
            Arg::Long(l) if l == "output" => out_path = Some(parser.value()?.into()),
            a if a.is_help() => {
                return Ok(Err(output::help(&[
                    HELP,
                    INPUT_OPTIONS_HELP,
                    reference::REFERENCE_HELP,
                ])));
            }
            other => return Err(other.unexpected()),
        }
    }
    Ok(Ok(EditFlags {
        args,
        ops,
        filter,
        out_path,
        reference_specs,
        add_unlisted,
    }))
}

/// `ROWS=OFFSET` or `ROWS=null` (the last `=` splits: a topic may hold one), as `flag` takes it.
fn rows_and_offset(flag: &str, form: &str, spec: &str) -> Result<(String, Option<i64>), CliError> {
    let (rows, value) = spec
        .rsplit_once('=')
        .ok_or_else(|| CliError::usage(format!("{flag} needs {form}, not '{spec}'")))?;
    let value = if value == "null" {
        None
    } else {
        Some(parse_i64(flag, value)?)
    };
    Ok((rows.to_string(), value))
}

/// What `edit`'s flags say.
pub(crate) struct EditFlags {
    pub(crate) args: InputArgs,
    pub(crate) ops: Vec<Op>,
    pub(crate) filter: Filter,
    pub(crate) out_path: Option<std::path::PathBuf>,
    pub(crate) reference_specs: Vec<(Role, Source)>,
    pub(crate) add_unlisted: bool,
}
