//! Writing to stdout and stderr without panicking on a closed pipe.

use std::io::Write;

/// Writes `text` to stdout (a closed pipe is not an error worth reporting).
pub fn out(text: &str) {
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
}

/// Writes `text` to stderr.
pub fn err(text: &str) {
    let _ = std::io::stderr().lock().write_all(text.as_bytes());
}
