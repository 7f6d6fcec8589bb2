//! The golden-file rule every Rust test follows (the node tests under `tests/live` follow it too).
//!
//! The rule: with `UPDATE_GOLDEN=1` a golden comparison rewrites its file from the actual output
//! (creating its folder, and removing the stale files of a folder a test owns) and then fails
//! nothing; unset or with any other value it compares, and a file that is missing, different or
//! stale fails the test.
//!
//! Only the golden comparison is skipped in update mode: the other assertions of a test still run.

use std::collections::BTreeSet;
use std::path::Path;

/// Whether this run rewrites golden files: `UPDATE_GOLDEN` is exactly `1`.
pub fn updating() -> bool {
    std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v == "1")
}

/// Compares `actual` with the golden file at `path` and returns what differs, if anything; in
/// update mode writes the file instead and returns `None`.
pub fn compare(path: &Path, actual: &str) -> Option<String> {
    if updating() {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).unwrap();
        }
        std::fs::write(path, actual).unwrap();
        return None;
    }
    match std::fs::read_to_string(path) {
        Ok(expected) if expected == actual => None,
        Ok(expected) => Some(difference(path, &expected, actual)),
        Err(e) => Some(format!(
            "{} is missing ({e}); UPDATE_GOLDEN=1 writes it",
            path.display()
        )),
    }
}

/// [`compare`], adding the difference to `failures` (for a test that checks many files and
/// reports them all at once).
pub fn check_into(path: &Path, actual: &str, failures: &mut Vec<String>) {
    failures.extend(compare(path, actual));
}

/// [`compare`], failing the test at once on a difference.
#[track_caller]
pub fn check(path: &Path, actual: &str) {
    if let Some(failure) = compare(path, actual) {
        panic!("{failure}");
    }
}

/// The files of `dir` not named in `produced`: stale golden files. In update mode they are
/// removed and nothing is returned; otherwise each is returned as a failure.
pub fn stale(dir: &Path, produced: &BTreeSet<String>) -> Vec<String> {
    let mut failures = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return failures;
    };
    for entry in entries {
        let entry = entry.unwrap();
        let name = entry.file_name().to_string_lossy().into_owned();
        if produced.contains(&name) {
            continue;
        }
        if updating() {
            std::fs::remove_file(entry.path()).unwrap();
        } else {
            failures.push(format!(
                "{}: stale golden file, nothing produces it (UPDATE_GOLDEN=1 removes it)",
                entry.path().display()
            ));
        }
    }
    failures
}

/// Lines shown of each side from the first difference on.
const SHOWN: usize = 20;

/// Where `expected` and `actual` part, and up to [`SHOWN`] lines of each from there.
fn difference(path: &Path, expected: &str, actual: &str) -> String {
    let at = expected
        .split_inclusive('\n')
        .zip(actual.split_inclusive('\n'))
        .position(|(a, b)| a != b)
        .unwrap_or_else(|| {
            expected
                .split_inclusive('\n')
                .count()
                .min(actual.split_inclusive('\n').count())
        });
    let from = |text: &str| {
        let lines: Vec<&str> = text.split_inclusive('\n').skip(at).take(SHOWN).collect();
        if lines.is_empty() {
            "(end of file)\n".to_string()
        } else {
            let mut shown = lines.concat();
            if !shown.ends_with('\n') {
                shown.push_str("\n(no newline at end of file)\n");
            }
            shown
        }
    };
    let line = at + 1;
    format!(
        "{} differs from the actual output at line {line} (UPDATE_GOLDEN=1 rewrites it)\n\
         --- expected, from line {line}\n{}--- actual, from line {line}\n{}",
        path.display(),
        from(expected),
        from(actual),
    )
}
