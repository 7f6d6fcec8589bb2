//! `connect-offsets show FILE [--key KEY]`: prints the entries as an aligned table whose columns
//! depend on the connector kind. Values that are not well typed are shown as their JSON text.

use crate::input::{self, Arg, INPUT_OPTIONS_HELP, InputArgs};
use crate::{error::CliError, output};
use offsets_core::json::{self, Raw};
use offsets_core::model::OffsetField;
use offsets_core::{ConnectorKind, Entry, Listing, Severity};
use std::process::ExitCode;

const HELP: &str = "\
Usage: connect-offsets show FILE [OPTIONS]

Prints the offsets as a table (columns by connector kind). `null` means the stored offset is
deleted on alter; `(missing)` means the entry has no offset key. Use `-` for stdin.

Options:
";

pub fn run(parser: &mut lexopt::Parser) -> Result<ExitCode, CliError> {
    let mut args = InputArgs::default();
    while let Some(arg) = Arg::next(parser)? {
        if args.parse_arg(&arg, parser)? {
            continue;
        }
        match arg {
            a if a.is_help() => return Ok(output::help(&[HELP, INPUT_OPTIONS_HELP])),
            other => return Err(other.unexpected()),
        }
    }
    let Some(source) = args.source else {
        return Err(CliError::usage("show needs a FILE (or - for stdin)"));
    };
    let name = source.display_name();
    match input::load(&source, &args.options)? {
        Ok(imported) => {
            output::out(&table(&imported.listing));
            let errors = imported
                .diagnostics
                .iter()
                .filter(|d| d.severity == Severity::Error)
                .count();
            if errors > 0 {
                output::err(&format!(
                    "{name}: {errors} error(s); run `connect-offsets validate {name}` for details\n"
                ));
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(diags) => {
            output::err(&crate::validate::render_text(&name, None, &diags));
            Ok(ExitCode::from(input::failed_import_code(&diags)))
        }
    }
}

fn text(v: Option<Raw<'_>>) -> String {
    match v {
        None => "(missing)".into(),
        Some(v) => match v.as_str() {
            Some(s) => output::printable(s),
            None => json::to_compact(v),
        },
    }
}

fn offset_text(e: &Entry, key: Option<&str>) -> String {
    match e.offset_field() {
        OffsetField::Missing => "(missing)".into(),
        OffsetField::Null => "null".into(),
        OffsetField::Map(m) => match key {
            Some(k) => text(m.get(k)),
            None => json::to_compact(m),
        },
        OffsetField::Other(v) => json::to_compact(v),
    }
}

/// The aligned table, with a one-line heading.
pub fn table(listing: &Listing) -> String {
    let kind = listing.kind;
    let (headers, keys): (&[&str], &[&str]) = match kind {
        ConnectorKind::MirrorSource => (
            &["#", "CLUSTER", "TOPIC", "PARTITION", "OFFSET"],
            &["cluster", "topic", "partition"],
        ),
        ConnectorKind::MirrorCheckpoint => (
            &["#", "GROUP", "TOPIC", "PARTITION", "OFFSET"],
            &["group", "topic", "partition"],
        ),
        ConnectorKind::MirrorHeartbeat => (
            &["#", "SOURCE", "TARGET", "OFFSET"],
            &["sourceClusterAlias", "targetClusterAlias"],
        ),
        ConnectorKind::Sink => (
            &["#", "TOPIC", "PARTITION", "OFFSET"],
            &["kafka_topic", "kafka_partition"],
        ),
        ConnectorKind::Generic => (&["#", "PARTITION", "OFFSET"], &[]),
    };
    let mut rows: Vec<Vec<String>> = vec![headers.iter().map(|h| h.to_string()).collect()];
    for (i, e) in listing.entries.iter().enumerate() {
        let mut row = vec![(i + 1).to_string()];
        match e.partition() {
            Some(p) if !keys.is_empty() => row.extend(keys.iter().map(|k| text(p.get(k)))),
            Some(p) => row.push(output::printable(&json::to_compact(p))),
            None => {
                let raw = text(e.raw().get("partition"));
                row.push(raw);
                row.extend(keys.iter().skip(1).map(|_| String::new()));
            }
        }
        row.push(offset_text(e, kind.offset_key()));
        rows.push(row);
    }
    let columns = headers.len();
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            rows.iter()
                .map(|r| r.get(c).map(|s| s.chars().count()).unwrap_or(0))
                .max()
                .unwrap_or(0)
        })
        .collect();
    // Numbers (the entry number, partition and offset) are right-aligned.
    let right = |c: usize| {
        c == 0
            || (kind != ConnectorKind::Generic
                && headers
                    .get(c)
                    .is_some_and(|h| *h == "PARTITION" || *h == "OFFSET"))
    };
    let mut out = format!(
        "{}, key {}, {} entr{}\n",
        listing.kind_label(),
        output::printable(listing.data_key.as_deref().unwrap_or("-")),
        listing.entries.len(),
        if listing.entries.len() == 1 {
            "y"
        } else {
            "ies"
        }
    );
    out.push_str(&format!(
        "Listed: {}\n",
        output::printable(&offsets_core::editor::listed_sentence(listing, None))
    ));
    for row in &rows {
        let cells: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(c, cell)| {
                // Padded by hand: `format!("{cell:<w$}")` panics for a width over 65535
                // (a topic name that long is invalid, but `show` must still print it).
                let w = widths.get(c).copied().unwrap_or(0);
                let pad = " ".repeat(w.saturating_sub(cell.chars().count()));
                if right(c) {
                    format!("{pad}{cell}")
                } else {
                    format!("{cell}{pad}")
                }
            })
            .collect();
        out.push_str(cells.join("  ").trim_end());
        out.push('\n');
    }
    out
}
