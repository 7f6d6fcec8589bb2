//! Inline snapshots: an expected text written in the test as an indented raw string, compared
//! whole with what the code produced (rust-analyzer's `check(input, expect)` style, without a
//! dependency).

/// `text` without its leading and trailing blank lines, with the common indent of the other
/// lines removed and trailing spaces dropped, each line ending in `\n`: how an expectation
/// written as an indented raw string reads.
pub fn trim_indent(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines.iter().position(|l| !l.trim().is_empty()).unwrap_or(0);
    let end = lines
        .iter()
        .rposition(|l| !l.trim().is_empty())
        .map_or(start, |e| e + 1);
    let lines = &lines[start..end];
    let indent = lines
        .iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    lines
        .iter()
        .map(|l| format!("{}\n", l.get(indent..).unwrap_or("").trim_end()))
        .collect()
}

/// Fails the test unless `actual` is exactly the snapshot `expect` (after [`trim_indent`]),
/// showing both whole; `what` says what was compared.
#[track_caller]
pub fn assert_snapshot(what: &str, actual: &str, expect: &str) {
    let expect = trim_indent(expect);
    assert!(
        actual == expect,
        "{what} differs from its snapshot\n--- expected\n{expect}--- actual\n{actual}"
    );
}
