//! Shared by the hostile-input tests of the CLI (`cli/tests/it/hostile.rs`) and of the editor
//! (`core/tests/it/editor_hostile.rs`) and by the resource check's fix commands
//! (`core/tests/it/resource.rs`): the check that a generated script is safe whatever names went
//! into it.

use std::io::Write;
use std::process::{Command, Stdio};

/// Substrings of the hostile corpus's names (`tests/hostile/make-corpus.py`) that must never
/// appear in a script outside data.
pub const MARKERS: &[&str] = &["PWNED", "<script", "onerror", "OFFSETS_EOF\ntouch"];

/// A generated script: `bash -n` accepts it, and outside quoted heredocs (data: `<<'EOF'`
/// expands nothing) no line holds a hostile marker, and no heredoc is unquoted.
pub fn assert_script_safe(what: &str, script: &str) {
    let mut heredoc: Option<String> = None;
    for line in script.lines() {
        if let Some(end) = &heredoc {
            if line == end {
                heredoc = None;
            }
            continue;
        }
        for m in MARKERS {
            assert!(
                !line.contains(m),
                "{what}: hostile name outside a quoted heredoc: {line}"
            );
        }
        let here_string = line.replace("<<<", "");
        if let Some(at) = here_string.find("<<'") {
            let rest = here_string.get(at + 3..).unwrap_or("");
            heredoc = rest.split('\'').next().map(str::to_string);
        } else {
            assert!(
                !here_string.contains("<<"),
                "{what}: unquoted heredoc: {line}"
            );
        }
    }
    assert!(heredoc.is_none(), "{what}: unterminated heredoc");
    let mut bash = Command::new("bash")
        .arg("-n")
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    bash.stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let out = bash.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{what}: bash -n rejects the script: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}
