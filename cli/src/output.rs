//! Writing to stdout and stderr without panicking on a closed pipe.

use crate::CliError;
use lexopt::ValueExt;
use std::io::Write;

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
