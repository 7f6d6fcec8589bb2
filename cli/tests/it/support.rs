//! Helpers shared by the CLI tests: the repository's files, a run of the built binary, and a
//! snapshot check of a run.
#![allow(dead_code, clippy::unwrap_used)]

use offsets_test_support::snapshot::assert_snapshot;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The repository's top folder.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The path of `tests/fixtures/{name}`.
pub fn fixture(name: &str) -> String {
    root()
        .join("tests/fixtures")
        .join(name)
        .display()
        .to_string()
}

/// Runs the built binary with `args`.
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_connect-offsets"))
        .args(args)
        .output()
        .unwrap()
}

/// Output bytes as text.
pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// What one run did, as a snapshot shows it: `exit: CODE`, then `--- stdout` and `--- stderr`
/// each followed by the stream's text.
pub fn outcome(out: &Output) -> String {
    let code = out
        .status
        .code()
        .map_or_else(|| "killed".to_string(), |c| c.to_string());
    format!(
        "exit: {code}\n--- stdout\n{}--- stderr\n{}",
        text(&out.stdout),
        text(&out.stderr)
    )
}

/// Runs the built binary in the repository's top folder (so relative paths such as
/// `tests/golden/...` print the same on every machine) with `args` and, when given, `stdin`,
/// and compares its [`outcome`] with the inline snapshot `expect`: for outputs that are the
/// CLI's contract (exit code, stdout and stderr exactly).
#[track_caller]
pub fn check(args: &[&str], stdin: Option<&[u8]>, expect: &str) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_connect-offsets"));
    command
        .args(args)
        .current_dir(root())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        });
    let mut child = command.spawn().unwrap();
    if let Some(input) = stdin {
        // A usage error exits before reading stdin: a broken pipe then is expected.
        let _ = child.stdin.take().unwrap().write_all(input);
    }
    let out = child.wait_with_output().unwrap();
    assert_snapshot(
        &format!("connect-offsets {}", args.join(" ")),
        &outcome(&out),
        expect,
    );
}

/// A fresh directory, `PREFIX-PID-N`: the tests of this binary run in parallel and write files
/// of the same names, so each call gets a directory of its own. It is under Cargo's temp dir for
/// integration tests (`target/tmp`, which `cargo clean` removes), not the system's.
pub fn unique_dir(prefix: &str) -> PathBuf {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{prefix}-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
