//! `connect-offsets diff BEFORE AFTER [--all] [--expect ALTER] [INPUT OPTIONS]`: the per-entry
//! diff and summary;
//! with `--expect`, also checks that AFTER (a listing taken after an alter) shows what ALTER asked
//! for, and exits 1 when it does not.

use crate::edit::load;
use crate::input::{Arg, INPUT_OPTIONS_HELP, InputArgs, Source};
use crate::{error::CliError, output};
use offsets_core::diff::{confirm, diff};
use std::process::ExitCode;

const HELP: &str = "\
Usage: connect-offsets diff BEFORE AFTER [--all] [--expect ALTER] [--kind KIND]
                            [--auto-offset-reset earliest|latest|none]

Compares two listings partition by partition (matched by partition, whatever the key order):
unchanged, rewound by N (N records processed again), skipped N records, nulled, set, added,
removed, and a summary line.

  --all            list unchanged partitions too
  --expect ALTER   check that AFTER shows every offset ALTER (the alter ConfigMap or payload)
                   asked for; exit 1 and list the partitions that did not land

The input options below apply to BEFORE, AFTER and ALTER alike.
";

pub fn run(parser: &mut lexopt::Parser) -> Result<ExitCode, CliError> {
    let mut files: Vec<Source> = Vec::new();
    let mut all = false;
    let mut expect: Option<Source> = None;
    // The input options (--key, --item, --kind, ...) apply to BEFORE, AFTER and ALTER alike.
    let mut input = InputArgs::default();
    while let Some(arg) = Arg::next(parser)? {
        if let Arg::Value(v) = &arg {
            files.push(Source::from_arg(v.clone()));
            continue;
        }
        if input.parse_arg(&arg, parser)? {
            continue;
        }
        match arg {
            Arg::Long(l) if l == "all" => all = true,
            Arg::Long(l) if l == "expect" => expect = Some(Source::from_arg(parser.value()?)),
            a if a.is_help() => return Ok(output::help(&[HELP, INPUT_OPTIONS_HELP])),
            other => return Err(other.unexpected()),
        }
    }
    let options = input.options;
    let [before, after] = files.as_slice() else {
        return Err(CliError::usage(
            "diff needs exactly two files, BEFORE and AFTER; see --help",
        ));
    };
    let before = load(before, &options)?.listing;
    let after = load(after, &options)?.listing;
    let mut text = diff(&before, &after).render(all);
    let mut code = 0;
    if let Some(alter) = expect {
        let requested = load(&alter, &options)?.listing;
        let c = confirm(&requested, &after);
        text.push_str(&c.render());
        code = u8::from(!c.is_ok());
    }
    output::out(&text);
    Ok(ExitCode::from(code))
}
