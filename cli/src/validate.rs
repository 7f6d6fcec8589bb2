//! `connect-offsets validate [FILE|-] [--key KEY] [--kind KIND] [--format text|json]`: imports the input and
//! reports every diagnostic. Text goes to stderr (`FILE:LINE:COLUMN: severity[RULE]: message`
//! and a summary line); JSON goes to stdout.

use crate::input::{self, Arg, INPUT_OPTIONS_HELP, InputArgs, Source};
use crate::{CliError, output};
use lexopt::ValueExt;
use offsets_core::json::{self, JsonValue};
use offsets_core::{Diagnostic, Imported, Severity};
use std::process::ExitCode;

const HELP: &str = "\
Usage: connect-offsets validate [FILE|-] [OPTIONS]

Checks a listing (a ConfigMap as `kubectl get configmap -o yaml|json` prints it, a List of
ConfigMaps, a Kafka Connect REST offsets payload, or a kafka-consumer-groups.sh CSV) against
every Kafka Connect, MirrorMaker 2 and Strimzi rule. Reads stdin when FILE is `-` or missing.

Options:
  --format text|json   text: one line per diagnostic on stderr, then a summary (default);
                       json: one object on stdout {kind, kind_source, key, entries, form,
                       errors, diagnostics}; kind_source says where the kind came from:
                       chosen (--kind), data-key, owner or keys
";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    Text,
    Json,
}

pub fn run(parser: &mut lexopt::Parser) -> Result<ExitCode, CliError> {
    let mut args = InputArgs::default();
    let mut format = Format::Text;
    while let Some(arg) = Arg::next(parser)? {
        if args.parse_arg(&arg, parser)? {
            continue;
        }
        match arg {
            Arg::Long(l) if l == "format" => {
                format = match parser.value()?.string()?.as_str() {
                    "text" => Format::Text,
                    "json" => Format::Json,
                    other => {
                        return Err(CliError::usage(format!(
                            "--format must be text or json, not '{other}'"
                        )));
                    }
                }
            }
            a if a.is_help() => {
                output::out(HELP);
                output::out(INPUT_OPTIONS_HELP);
                return Ok(ExitCode::SUCCESS);
            }
            other => return Err(other.unexpected()),
        }
    }
    let source = args.source.unwrap_or(Source::Stdin);
    let loaded = input::load(&source, &args.options)?;
    let name = source.display_name();
    let (diagnostics, code) = match &loaded {
        Ok(imported) => {
            let code = u8::from(imported.diagnostics.iter().any(Diagnostic::is_error));
            (imported.diagnostics.as_slice(), code)
        }
        Err(diags) => (diags.as_slice(), input::failed_import_code(diags)),
    };
    let imported = loaded.as_ref().ok();
    match format {
        Format::Text => output::err(&render_text(&name, imported, diagnostics)),
        Format::Json => output::out(&render_json(imported, diagnostics)),
    }
    Ok(ExitCode::from(code))
}

fn count(n: usize, word: &str, plural: &str) -> String {
    format!("{n} {}", if n == 1 { word } else { plural })
}

/// The text report: one line per diagnostic, then the summary.
pub fn render_text(name: &str, imported: Option<&Imported>, diagnostics: &[Diagnostic]) -> String {
    let mut out = String::new();
    for d in diagnostics {
        out.push_str(&format!(
            "{name}:{}:{}: {}[{}]: {}\n",
            d.position.line,
            d.position.column,
            d.severity,
            d.rule,
            // One line per diagnostic, whatever names the message quotes.
            output::printable(&d.message)
        ));
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
                l.kind_source.phrase(),
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

/// The JSON report, written with the core's JSON writer (pretty, with a trailing newline).
pub fn render_json(imported: Option<&Imported>, diagnostics: &[Diagnostic]) -> String {
    let opt = |s: Option<&str>| s.map(JsonValue::string).unwrap_or_else(JsonValue::null);
    let listing = imported.map(|i| &i.listing);
    let diags = diagnostics
        .iter()
        .map(|d| {
            JsonValue::object([
                ("rule".to_string(), JsonValue::string(d.rule)),
                (
                    "severity".to_string(),
                    JsonValue::string(d.severity.as_str()),
                ),
                (
                    "line".to_string(),
                    JsonValue::int(i64::from(d.position.line)),
                ),
                (
                    "column".to_string(),
                    JsonValue::int(i64::from(d.position.column)),
                ),
                ("message".to_string(), JsonValue::string(d.message.clone())),
                ("key".to_string(), opt(d.data_key.as_deref())),
                (
                    "entry".to_string(),
                    d.entry
                        .map(|e| JsonValue::int(e as i64 + 1))
                        .unwrap_or_else(JsonValue::null),
                ),
            ])
        })
        .collect();
    let value = JsonValue::object([
        ("kind".to_string(), opt(listing.map(|l| l.kind.id()))),
        (
            "kind_source".to_string(),
            opt(listing.map(|l| l.kind_source.id())),
        ),
        (
            "key".to_string(),
            opt(listing.and_then(|l| l.data_key.as_deref())),
        ),
        (
            "entries".to_string(),
            JsonValue::int(listing.map(|l| l.entries.len() as i64).unwrap_or(0)),
        ),
        ("form".to_string(), opt(listing.map(|l| l.form.id()))),
        (
            "errors".to_string(),
            JsonValue::int(diagnostics.iter().filter(|d| d.is_error()).count() as i64),
        ),
        ("diagnostics".to_string(), JsonValue::array(diags)),
    ]);
    let mut text = json::to_pretty(&value);
    text.push('\n');
    text
}
