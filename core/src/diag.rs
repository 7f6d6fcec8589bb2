//! Diagnostics: what every check in the crate reports, with a stable rule id, a severity,
//! a 1-based position in the original text and a message that says how to fix the problem.

use std::cmp::Ordering;
use std::fmt;

/// How serious a diagnostic is. Errors block export; warnings and infos explain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Error,
    Warning,
    Info,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A 1-based line and column (columns count Unicode scalar values) in the text the user gave.
/// `Position::NONE` (0:0) marks diagnostics that are about the document as a whole.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Position {
    pub line: u32,
    pub column: u32,
}

impl Position {
    pub const NONE: Position = Position { line: 0, column: 0 };

    pub fn new(line: u32, column: u32) -> Position {
        Position { line, column }
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// One finding. `rule` is a stable id with a section in docs/rules.md (`S7`, `MS8`, `K1`,
/// `IMP1`, `YAML`, `CSV`, ...).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Diagnostic {
    pub rule: &'static str,
    pub severity: Severity,
    pub position: Position,
    pub message: String,
    /// The ConfigMap data key the offsets JSON came from, when there is one.
    pub data_key: Option<String>,
    /// Index of the offsets entry (0-based) the diagnostic is about, if any.
    pub entry: Option<usize>,
}

impl Diagnostic {
    pub fn new(
        rule: &'static str,
        severity: Severity,
        position: Position,
        message: impl Into<String>,
    ) -> Diagnostic {
        Diagnostic {
            rule,
            severity,
            position,
            message: message.into(),
            data_key: None,
            entry: None,
        }
    }

    pub fn error(rule: &'static str, position: Position, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(rule, Severity::Error, position, message)
    }

    pub fn warning(
        rule: &'static str,
        position: Position,
        message: impl Into<String>,
    ) -> Diagnostic {
        Diagnostic::new(rule, Severity::Warning, position, message)
    }

    pub fn info(rule: &'static str, position: Position, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(rule, Severity::Info, position, message)
    }

    pub fn with_entry(mut self, entry: usize) -> Diagnostic {
        self.entry = Some(entry);
        self
    }

    pub fn with_data_key(mut self, key: impl Into<String>) -> Diagnostic {
        self.data_key = Some(key.into());
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// `line:col: rule: message`, the form golden files pin.
impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}: {}", self.position, self.rule, self.message)
    }
}

/// A count with digit groups (`5,000`), the one format of counts in every message and on the
/// page. Offsets are not counts: they are shown as typed (plain digits).
pub fn group_digits(n: u128) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A diagnostic as the page lists it: `line:col: rule: message`, or `rule: message` when it is
/// about the document as a whole (no `0:0`, which is not a place a user can find).
pub fn located_text(d: &Diagnostic) -> String {
    if d.position == Position::NONE {
        format!("{}: {}", d.rule, d.message)
    } else {
        d.to_string()
    }
}

/// Up to `max` names, then "and N more": how a message names a long list.
pub fn some_names(names: impl Iterator<Item = String>, total: usize, max: usize) -> String {
    let mut shown: Vec<String> = names.take(max).collect();
    if total > max {
        shown.push(format!("and {} more", group_digits((total - max) as u128)));
    }
    shown.join(", ")
}

/// True when any diagnostic is an error (export must be refused).
pub fn has_errors(diagnostics: &[Diagnostic]) -> bool {
    diagnostics.iter().any(Diagnostic::is_error)
}

/// `s` with its first letter in upper case, for a sentence built from a phrase ("the earliest
/// offsets", a parser's "expected ..."). Every such phrase starts with an ASCII letter; a first
/// character outside ASCII is left as it is (`char::to_uppercase` would bring Unicode's case
/// table into the wasm, 7 KB of gzip).
pub(crate) fn capitalised(s: &str) -> String {
    let mut out = s.to_string();
    if let Some(first) = out.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    out
}

/// Sorts diagnostics stably by `by`. Each closure given to `sort_by_key` is its own copy of the
/// standard library's stable sort in the wasm (about 3.5 KB); the sorts of diagnostics share this
/// one by passing a function pointer.
pub(crate) fn sort_diagnostics(
    diagnostics: &mut [Diagnostic],
    by: fn(&Diagnostic, &Diagnostic) -> Ordering,
) {
    diagnostics.sort_by(by);
}

/// The order of a file's diagnostics: by position (line, then column).
pub(crate) fn by_position(a: &Diagnostic, b: &Diagnostic) -> Ordering {
    a.position.cmp(&b.position)
}
