//! `connect-offsets validate [FILE|-] [--key KEY] [--kind KIND] [--format text|json]
//! [--reference ROLE=REF ...]`: imports the input and reports every diagnostic, with the
//! log-range rules (LR1-LR5) when references are given. Text goes to stderr (`FILE:LINE:COLUMN: severity[RULE]: message`
//! and a summary line); JSON goes to stdout.

use crate::input::{self, Arg, INPUT_OPTIONS_HELP, InputArgs, Source};
use crate::output::Format;
use crate::{error::CliError, output, reference};
use lexopt::ValueExt;
use offsets_core::{Diagnostic, Imported, Severity};
use serde::Serialize;
use std::process::ExitCode;

const HELP: &str = "\
Usage: connect-offsets validate [FILE|-] [OPTIONS]

Checks a listing (a ConfigMap as `kubectl get configmap -o yaml|json` prints it, a List of
ConfigMaps, a Kafka Connect REST offsets payload, or a kafka-consumer-groups.sh CSV) against
every Kafka Connect, MirrorMaker 2 and Strimzi rule. Reads stdin when FILE is `-` or missing.

The text report starts with when the listing was taken: the operator's managedFields time,
which kubectl prints only with --show-managed-fields (otherwise it is unknown).

Options:
  --format text|json   text: one line per diagnostic on stderr, then a summary (default);
                       json: one object on stdout {kind, kind_source, key, entries, form,
                       errors, diagnostics}; kind_source says where the kind came from:
                       chosen (--kind), data-key, owner or keys
  --reference ROLE=REF adds the log-range check (rules LR1-LR5) of every entry against the
                       earliest and/or latest offsets; repeatable (see below). Its own
                       problems (REF1-REF9) are reported with its file name; one with an
                       error stops the command (exit 2)
";

pub fn run(parser: &mut lexopt::Parser) -> Result<ExitCode, CliError> {
    let mut args = InputArgs::default();
    let mut format = Format::Text;
    let mut specs = Vec::new();
    while let Some(arg) = Arg::next(parser)? {
        if args.parse_arg(&arg, parser)? {
            continue;
        }
        match arg {
            Arg::Long(l) if l == "format" => format = Format::from_arg(parser)?,
            Arg::Long(l) if l == "reference" => specs.push(reference::parse_spec(
                "--reference",
                &parser.value()?.string()?,
            )?),
            a if a.is_help() => {
                return Ok(output::help(&[
                    HELP,
                    INPUT_OPTIONS_HELP,
                    reference::REFERENCE_HELP,
                ]));
            }
            other => return Err(other.unexpected()),
        }
    }
    let references = specs
        .into_iter()
        .map(|(role, source)| reference::load(role, &source))
        .collect::<Result<Vec<_>, _>>()?;
    let source = args.source.unwrap_or(Source::Stdin);
    let loaded = input::load(&source, &args.options)?;
    let name = source.display_name();
    let with_ranges: Option<Vec<Diagnostic>> = match &loaded {
        Ok(imported) if !references.is_empty() => {
            let range = offsets_core::log_range::LogRange::from_references(&references);
            let mut all = imported.diagnostics.clone();
            all.extend(offsets_core::log_range::check_listing(
                &imported.listing,
                &range,
            ));
            all.sort_by_key(|d| d.position);
            Some(all)
        }
        _ => None,
    };
    let (diagnostics, code) = match &loaded {
        Ok(imported) => {
            let code = u8::from(imported.diagnostics.iter().any(Diagnostic::is_error));
            let all = with_ranges.as_deref().unwrap_or(&imported.diagnostics);
            (all, code)
        }
        Err(diags) => (diags.as_slice(), input::failed_import_code(diags)),
    };
    let imported = loaded.as_ref().ok();
    match format {
        Format::Text => output::err(&render_text(&name, imported, diagnostics)),
        Format::Json => output::json(&JsonReport::new(imported, diagnostics)),
    }
    Ok(ExitCode::from(code))
}

fn count(n: usize, word: &str, plural: &str) -> String {
    format!("{n} {}", if n == 1 { word } else { plural })
}

/// The text report: one line per diagnostic, then the summary.
pub fn render_text(name: &str, imported: Option<&Imported>, diagnostics: &[Diagnostic]) -> String {
    let mut out = String::new();
    if let Some(i) = imported {
        out.push_str(&format!(
            "{name}: listed: {}\n",
            output::printable(&offsets_core::editor::listed_sentence(&i.listing, None))
        ));
    }
    for d in diagnostics {
        // One line per diagnostic, whatever names the message quotes.
        output::push_diagnostic(&mut out, name, d, &output::printable(&d.message));
    }
    let n = |s: Severity| diagnostics.iter().filter(|d| d.severity == s).count();
    let counts = format!(
        "{}, {}, {}",
        count(n(Severity::Error), "error", "errors"),
        count(n(Severity::Warning), "warning", "warnings"),
        count(n(Severity::Info), "info", "infos")
    );
    match imported {
        Some(i) => {
            let l = &i.listing;
            out.push_str(&format!(
                "{name}: {counts} (kind {}, {}, key {}, {})\n",
                l.kind.id(),
                l.kind_phrase(),
                l.data_key
                    .as_deref()
                    .map_or("-".into(), offsets_core::names::shown),
                count(l.entries.len(), "entry", "entries")
            ));
        }
        None => out.push_str(&format!("{name}: {counts} (not imported)\n")),
    }
    out
}

/// The `--format json` report: one object, its fields in this order (cli/tests pin them).
#[derive(Debug, Serialize)]
pub struct JsonReport<'a> {
    /// The connector kind (`mirror-source`, ...), null when the input could not be imported.
    kind: Option<&'a str>,
    /// Where the kind came from (`chosen`, `data-key`, `owner`, `keys`), null when not imported.
    kind_source: Option<&'a str>,
    /// The ConfigMap data key the offsets came from, if any.
    key: Option<&'a str>,
    entries: usize,
    /// The input's form (`configmap`, `rest`, ...), null when not imported.
    form: Option<&'a str>,
    errors: usize,
    diagnostics: Vec<JsonDiagnostic<'a>>,
}

/// One diagnostic of [`JsonReport`].
#[derive(Debug, Serialize)]
struct JsonDiagnostic<'a> {
    rule: &'a str,
    severity: &'a str,
    line: u32,
    column: u32,
    message: &'a str,
    key: Option<&'a str>,
    /// The offsets entry the diagnostic is about, counted from 1 as the messages do.
    entry: Option<usize>,
}

impl<'a> JsonReport<'a> {
    pub fn new(imported: Option<&'a Imported>, diagnostics: &'a [Diagnostic]) -> JsonReport<'a> {
        let listing = imported.map(|i| &i.listing);
        JsonReport {
            kind: listing.map(|l| l.kind.id()),
            kind_source: listing.map(|l| l.kind_source.id()),
            key: listing.and_then(|l| l.data_key.as_deref()),
            entries: listing.map_or(0, |l| l.entries.len()),
            form: listing.map(|l| l.form.id()),
            errors: diagnostics.iter().filter(|d| d.is_error()).count(),
            diagnostics: diagnostics
                .iter()
                .map(|d| JsonDiagnostic {
                    rule: d.rule,
                    severity: d.severity.as_str(),
                    line: d.position.line,
                    column: d.position.column,
                    message: &d.message,
                    key: d.data_key.as_deref(),
                    entry: d.entry.map(|e| e.saturating_add(1)),
                })
                .collect(),
        }
    }
}
