//! Writing to stdout and stderr without panicking on a closed pipe, and the reports every
//! command shares: the `NAME:LINE:COL: severity[RULE]: message` line, an export's diagnostics,
//! what a rollback does.

use crate::error::CliError;
use lexopt::ValueExt;
use offsets_core::editor::{ProblemItem, group_problems};
use offsets_core::export::Export;
use offsets_core::rollback::Rollback;
use offsets_core::{Diagnostic, Severity};
use std::io::Write;
use std::process::ExitCode;

/// `--format text|json`: findings as text lines on stderr, or one JSON report on stdout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
}

impl Format {
    /// The value of a `--format` option.
    pub fn from_arg(parser: &mut lexopt::Parser) -> Result<Format, CliError> {
        match parser.value()?.string()?.as_str() {
            "text" => Ok(Format::Text),
            "json" => Ok(Format::Json),
            other => Err(CliError::usage(format!(
                "--format must be text or json, not '{other}'"
            ))),
        }
    }
}

/// Writes `text` to stdout (a closed pipe is not an error worth reporting).
pub fn out(text: &str) {
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
}

/// Standard output for a document written in blocks (`edit`'s): on Unix its descriptor,
/// duplicated, so that the blocks go straight to it. std's stdout is line-buffered: it looks
/// for the last line end of every block and copies it again (at 100k entries, 1% of `edit`'s
/// instructions). Whatever std's stdout holds is flushed first, so the order is kept.
pub fn bulk_stdout() -> Box<dyn Write> {
    let _ = std::io::stdout().flush();
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        if let Ok(fd) = std::io::stdout().as_fd().try_clone_to_owned() {
            return Box::new(std::fs::File::from(fd));
        }
    }
    Box::new(std::io::stdout())
}

/// Writes `text` to the file `-o` named, or to stdout; a file that cannot be written is an
/// error that names it (exit 2).
pub fn to_out_path(out_path: Option<&std::path::Path>, text: &str) -> Result<(), CliError> {
    match out_path {
        Some(path) => std::fs::write(path, text).map_err(|e| CliError {
            message: format!("cannot write {}: {e}", path.display()),
            code: 2,
        }),
        None => {
            out(text);
            Ok(())
        }
    }
}

/// Prints a command's help, made of `parts` (its own text, then the option groups it shares),
/// and the success a `--help` exits with.
pub fn help(parts: &[&str]) -> ExitCode {
    for part in parts {
        out(part);
    }
    ExitCode::SUCCESS
}

/// Writes `value` to stdout as pretty JSON (serde_json's two-space style) and a newline. The
/// reports given here serialize infallibly, so the only error is a closed pipe, ignored as above.
pub fn json(value: &impl serde::Serialize) {
    let mut stdout = std::io::stdout().lock();
    if serde_json::to_writer_pretty(&mut stdout, value).is_ok() {
        let _ = stdout.write_all(b"\n");
    }
}

/// Writes `text` to stderr.
pub fn err(text: &str) {
    let _ = std::io::stderr().lock().write_all(text.as_bytes());
}

/// `s` with control characters escaped (`\n`, `\u{1b}`, ...), so that a hostile name cannot
/// break the table into extra lines or send escape sequences to the terminal. Every other
/// character is printed as is.
pub fn printable(s: &str) -> String {
    if !s.chars().any(char::is_control) {
        return s.to_string();
    }
    s.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_debug().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// Appends one diagnostic as `NAME:LINE:COL: severity[RULE]: message` and a newline, the form
/// every command writes; `message` is the diagnostic's message as the caller shows it (raw, or
/// through [`printable`]).
pub fn push_diagnostic(out: &mut String, name: &str, d: &Diagnostic, message: &str) {
    // About the document as a whole (a plan setting, a listing built by `new`): no `0:0`,
    // which is not a place a user can find, as the page shows it.
    if d.position == offsets_core::Position::NONE {
        out.push_str(&format!("{name}: {}[{}]: {message}\n", d.severity, d.rule));
        return;
    }
    out.push_str(&format!(
        "{name}:{}:{}: {}[{}]: {}\n",
        d.position.line, d.position.column, d.severity, d.rule, message
    ));
}

/// Writes errors (all) and warnings (at most `max_warnings`) to stderr, `NAME:LINE:COL:` style.
/// Problems of one rule and one message shape on many rows (5,000 MS11 after a shift of every
/// row) are one line, as the page's Problems list groups them (`group_problems`): the count,
/// what they say, and the first of them in full.
pub fn report(name: &str, diagnostics: &[Diagnostic], max_warnings: usize) {
    let owned: Vec<Diagnostic> = diagnostics
        .iter()
        .filter(|d| d.severity != Severity::Info || d.rule.starts_with('K'))
        .cloned()
        .collect();
    let mut out = String::new();
    let mut warnings = 0usize;
    let mut hidden = 0usize;
    for item in group_problems(&owned) {
        let (first, line) = match item {
            ProblemItem::One(i) => match owned.get(i) {
                Some(d) => (d, d.message.clone()),
                None => continue,
            },
            ProblemItem::Group {
                rule,
                summary,
                members,
                ..
            } => match members.first().and_then(|&i| owned.get(i)) {
                Some(d) => {
                    let what = summary.strip_prefix(rule).unwrap_or(&summary).trim_start();
                    (d, format!("{what} The first: {}", d.message))
                }
                None => continue,
            },
        };
        if first.severity == Severity::Warning {
            warnings += 1;
            if warnings > max_warnings {
                hidden += 1;
                continue;
            }
        }
        push_diagnostic(&mut out, name, first, &line);
    }
    if hidden > 0 {
        out.push_str(&format!(
            "{name}: ... and {hidden} more warning(s); run `connect-offsets validate` to see all\n"
        ));
    }
    err(&out);
}

/// Reports an export result: diagnostics on stderr; `Ok(text)` or exit 1.
pub fn finish(name: &str, result: Result<Export, Vec<Diagnostic>>) -> Result<String, CliError> {
    match result {
        Ok(e) => {
            report(name, &e.diagnostics, 20);
            Ok(e.text)
        }
        Err(diags) => {
            report(name, &diags, 20);
            Err(CliError {
                message: "export refused: fix the errors above".into(),
                code: 1,
            })
        }
    }
}

/// Says on stderr what the rollback does.
pub fn report_rollback(name: &str, rb: &Rollback) {
    err(&format!(
        "{name}: the rollback names {} partition(s): {} back to their listed value, {} added by the alter deleted (null); partitions the alter did not change are not named.\n",
        rb.payload.entries.len(),
        rb.restored,
        rb.deleted
    ));
}
