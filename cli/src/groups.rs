//! `connect-offsets groups FILE [--group GLOB]... [--topic GLOB]... [--bootstrap-server
//! HOST:PORT] [--to csv|script] [-o OUT]`: MirrorMaker 2's checkpoints (CheckpointFormatter
//! output) to the target cluster's consumer-group reset plan (`offsets_core::groups`), as the CSV
//! `kafka-consumer-groups.sh --reset-offsets --from-file` reads or as the failover script
//! (`offsets_core::groups_script`).

use crate::input::Source;
use crate::output::report;
use crate::{error::CliError, output};
use offsets_core::checkpoints::parse_checkpoints;
use offsets_core::groups::{GroupsOptions, plan};
use offsets_core::reference::Role;
use std::process::ExitCode;

const HELP: &str = "\
Usage: connect-offsets groups FILE [--group GLOB]... [--topic GLOB]...
                              [--bootstrap-server HOST:PORT] [--to csv|script] [-o OUT]

Reads MirrorMaker 2's checkpoints, as the target cluster holds them, and writes where each
consumer group should resume on the target: the translated (downstream) offset of every
partition it has a checkpoint for. FILE (or - for stdin) is the output of

  kafka-console-consumer.sh --bootstrap-server TARGET --topic SOURCE.checkpoints.internal \\
    --from-beginning --timeout-ms 10000 \\
    --formatter org.apache.kafka.connect.mirror.formatters.CheckpointFormatter

(SOURCE: the source cluster's alias). The last checkpoint of a group and partition counts, as
in the compacted topic. A translated offset is rounded down to MirrorMaker 2's last offset sync:
a consumer reset there may read some records again, never skip one.

Options:
  --group GLOB          the consumer groups to fail over (* and ?; repeatable; default all)
  --reference ROLE=REF  what the TARGET cluster says, checked against the plan (repeatable):
                        earliest=FILE and latest=FILE (kafka-get-offsets.sh --time -2 / -1 of the
                        target topics: CK8 below the log start, CK7 past the log end), and
                        group@GROUP=FILE (kafka-consumer-groups.sh --describe --group GROUP on the
                        target: CK9 when the group has committed past the plan)
  --rewind              a group the target has ahead of the plan may be moved back (its
                        consumers read those records again); without it CK9 is an error
  --topic GLOB          only these topics, as the target names them (east.orders; repeatable)
  --to csv              (default) the CSV for kafka-consumer-groups.sh --reset-offsets
                        --from-file: topic,partition,offset for one group, with the group first
                        for several (then give every group with --group)
  --to script           the failover script, per group: stop unless it has no active member,
                        save its offsets to rollback-N.csv, dry-run the plan and compare, execute,
                        verify; needs --bootstrap-server (the TARGET cluster)
  --bootstrap-server B  HOST:PORT[,HOST:PORT...] of the target cluster, for --to script
  --command-config FILE client properties (TLS, SASL) for the script's commands
  -o, --output OUT      write to OUT instead of stdout

Exit codes: 0 written (warnings allowed), 1 a checkpoint line could not be read or nothing
matches, 2 usage error or unreadable FILE.
";

pub fn run(parser: &mut lexopt::Parser) -> Result<ExitCode, CliError> {
    let mut source: Option<Source> = None;
    let mut options = GroupsOptions::default();
    let mut bootstrap: Option<String> = None;
    let mut command_config: Option<String> = None;
    let mut to = "csv".to_owned();
    let mut out_path: Option<std::path::PathBuf> = None;
    let mut references = Vec::new();
    let mut rewind = false;
    while let Some(arg) = parser.next()? {
        use lexopt::prelude::*;
        match arg {
            Long("group") => options.groups.push(parser.value()?.string()?),
            Long("topic") => options.topics.push(parser.value()?.string()?),
            Long("bootstrap-server") => bootstrap = Some(parser.value()?.string()?),
            Long("command-config") => command_config = Some(parser.value()?.string()?),
            Long("to") => to = parser.value()?.string()?,
            Long("reference") => references.push(crate::reference::parse_spec(
                "--reference",
                &parser.value()?.string()?,
            )?),
            Long("rewind") => rewind = true,
            Short('o') | Long("output") => out_path = Some(parser.value()?.into()),
            Short('h') | Long("help") => return Ok(output::help(&[HELP])),
            Value(v) if source.is_none() => source = Some(Source::from_arg(v)),
            other => return Err(other.unexpected().into()),
        }
    }
    let Some(source) = source else {
        return Err(CliError::usage(
            "groups needs a FILE of checkpoints (or - for stdin); see --help",
        ));
    };
    if to != "csv" && to != "script" {
        return Err(CliError::usage(format!(
            "--to must be csv or script, not '{}'",
            offsets_core::names::shown(&to)
        )));
    }
    if to == "script" && bootstrap.is_none() {
        return Err(CliError::usage(
            "groups --to script needs --bootstrap-server HOST:PORT of the target cluster",
        ));
    }
    let name = source.display_name();
    let bytes = source.read()?;
    let text = String::from_utf8(bytes).map_err(|e| CliError {
        message: format!(
            "{name}: not UTF-8 (byte {}); give the console consumer's output as it printed it",
            e.utf8_error().valid_up_to()
        ),
        code: 2,
    })?;
    let checkpoints = parse_checkpoints(&text);
    let mut reset = plan(&checkpoints, &options);
    let (mut earliest, mut latest, mut current) = (None, None, Vec::new());
    for (role, src) in references {
        let r = crate::reference::load(role, &src)?;
        match r.role {
            Role::Earliest => earliest = Some(r),
            Role::Latest => latest = Some(r),
            Role::Group { .. } => current.push((*r).clone()),
            Role::Time { .. } => {
                return Err(CliError::usage(
                    "groups --reference takes earliest, latest or group@GROUP (the target's log and groups), not a time",
                ));
            }
        }
    }
    offsets_core::groups_checks::check_target(
        &mut reset,
        &offsets_core::groups_checks::TargetFacts {
            earliest: earliest.as_deref(),
            latest: latest.as_deref(),
            current: &current,
            rewind,
        },
    );
    report(&name, &reset.diagnostics, 20);
    // What the translation means and what was dropped are said too (`report` keeps infos out).
    for d in reset
        .diagnostics
        .iter()
        .filter(|d| d.severity == offsets_core::Severity::Info)
    {
        output::err(&format!(
            "{name}: info[{}]: {}\n",
            d.rule,
            output::printable(&d.message)
        ));
    }
    if reset.has_errors() {
        return Err(CliError {
            message: format!("{name}: no plan written (see the errors above)"),
            code: 1,
        });
    }
    if let Some(note) = reset.group_column_note().filter(|_| to == "csv") {
        output::err(&format!("{name}: {note}\n"));
    }
    let text = match to.as_str() {
        "script" => offsets_core::groups_script::failover_script(
            &reset,
            bootstrap.as_deref().unwrap_or_default(),
            command_config.as_deref(),
        )
        .map_err(CliError::usage)?,
        _ => reset.csv(),
    };
    output::to_out_path(out_path.as_deref(), &text)?;
    Ok(ExitCode::SUCCESS)
}
