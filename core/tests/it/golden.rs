//! Golden tests: every input under `tests/golden/{ok,err}/` is imported (with the options in an
//! optional `<input>.options` file: `key=`, `item=` (1-based), `csv-cluster=`, `baseline=`,
//! `kind=` as `--kind` takes it) and its
//! diagnostics are compared with `<input>.diagnostics`, rendered as `line:col: rule: message`
//! after a summary line. Run with `UPDATE_GOLDEN=1` to rewrite the expectations.
//!
//! Also checked here: inputs in `ok/` have no error and inputs in `err/` have one, every rule id
//! appears in at least one golden file (a diagnostics file, or an export's refusal), and every imported payload survives print -> parse.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::print_stderr
)]

use offsets_core::json;
use offsets_core::validate::RULE_IDS;
use offsets_core::{CsvTarget, Diagnostic, ImportOptions, import_bytes, validate};
use offsets_test_support::golden;
use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/golden")
}

fn is_input(p: &Path) -> bool {
    let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
    !(name.ends_with(".diagnostics")
        || name.ends_with(".options")
        || name.ends_with(".base")
        || name.starts_with('.'))
}

fn inputs(sub: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = fs::read_dir(golden_dir().join(sub))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file() && is_input(p))
        .collect();
    v.sort();
    v
}

/// Returns (rendered text, had errors).
fn render(path: &Path) -> (String, bool) {
    let bytes = fs::read(path).unwrap();
    let mut opts = ImportOptions::default();
    let mut baseline = None;
    let options_path = PathBuf::from(format!("{}.options", path.display()));
    if let Ok(text) = fs::read_to_string(&options_path) {
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let (k, v) = line.split_once('=').expect("options lines are key=value");
            match k {
                "key" => opts.data_key = Some(v.to_string()),
                "item" => opts.list_item = Some(v.parse::<usize>().unwrap() - 1),
                "csv-cluster" => {
                    opts.csv_target = CsvTarget::MirrorSource {
                        cluster: v.to_string(),
                    }
                }
                "baseline" => baseline = Some(path.with_file_name(v)),
                "kind" => opts.kind = Some(offsets_core::ConnectorKind::from_choice(v).unwrap()),
                other => panic!("unknown option {other} in {}", options_path.display()),
            }
        }
    }
    let mut out = String::new();
    let diagnostics: Vec<Diagnostic> = match import_bytes(&bytes, &opts) {
        Ok(imported) => {
            let l = &imported.listing;
            out.push_str(&format!(
                "# form={} kind={} key={} entries={}\n",
                l.form.id(),
                l.kind.id(),
                l.data_key.as_deref().unwrap_or("-"),
                l.entries.len()
            ));
            // Lossless: the payload printed the Strimzi way parses back to the same payload.
            let reparsed = json::parse(&l.to_pretty_json()).unwrap();
            assert!(
                reparsed == l.payload(),
                "{}: pretty round trip",
                path.display()
            );
            let reparsed = json::parse(&l.to_compact_json()).unwrap();
            assert!(
                reparsed == l.payload(),
                "{}: compact round trip",
                path.display()
            );
            match baseline {
                Some(base_path) => {
                    let base =
                        import_bytes(&fs::read(&base_path).unwrap(), &ImportOptions::default())
                            .unwrap_or_else(|_| panic!("baseline {} imports", base_path.display()));
                    validate(l, Some(&base.listing))
                }
                None => imported.diagnostics,
            }
        }
        Err(diags) => {
            out.push_str("# import failed\n");
            assert!(!diags.is_empty() && diags.iter().any(Diagnostic::is_error));
            diags
        }
    };
    for d in &diagnostics {
        out.push_str(&format!("{d}\n"));
    }
    (out, diagnostics.iter().any(Diagnostic::is_error))
}

#[test]
fn golden_files() {
    let mut failures = Vec::new();
    for (sub, want_errors) in [("ok", false), ("err", true)] {
        let files = inputs(sub);
        assert!(!files.is_empty(), "no golden inputs in {sub}");
        for path in files {
            let (got, has_errors) = render(&path);
            if has_errors != want_errors {
                failures.push(format!(
                    "{}: expected {} but got:\n{got}",
                    path.display(),
                    if want_errors { "an error" } else { "no error" }
                ));
            }
            let expected_path = PathBuf::from(format!("{}.diagnostics", path.display()));
            golden::check_into(&expected_path, &got, &mut failures);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_rule_id_appears_in_a_golden_file() {
    let mut seen = BTreeSet::new();
    for sub in ["ok", "err"] {
        for entry in fs::read_dir(golden_dir().join(sub)).unwrap() {
            let path = entry.unwrap().path();
            if !path.to_string_lossy().ends_with(".diagnostics") {
                continue;
            }
            for line in fs::read_to_string(&path).unwrap().lines() {
                // line:col: RULE: message
                let mut parts = line.splitn(3, ": ");
                if let (Some(_), Some(rule)) = (parts.next(), parts.next()) {
                    seen.insert(rule.to_string());
                }
            }
        }
    }
    // An export's refusals (S2, an alter of nothing, is raised by the export, not by validation)
    // are pinned in the export golden files as `# error line:col: RULE: message`. Those files
    // also hold the export's own rules (K...), so they count only towards `missing`.
    let mut exported = BTreeSet::new();
    let mut dirs = vec![golden_dir().join("export")];
    while let Some(dir) = dirs.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            for line in fs::read_to_string(&path).unwrap_or_default().lines() {
                let Some(rest) = ["# error ", "# warning ", "# info "]
                    .iter()
                    .find_map(|p| line.strip_prefix(p))
                else {
                    continue;
                };
                let mut parts = rest.splitn(3, ": ");
                if let (Some(_), Some(rule)) = (parts.next(), parts.next()) {
                    exported.insert(rule.to_string());
                }
            }
        }
    }
    let missing: Vec<&&str> = RULE_IDS
        .iter()
        .filter(|r| !seen.contains(**r) && !exported.contains(**r))
        .collect();
    assert!(
        missing.is_empty(),
        "rule ids without a golden file: {missing:?}"
    );
    let unknown: Vec<&String> = seen
        .iter()
        .filter(|r| !RULE_IDS.contains(&r.as_str()))
        .collect();
    assert!(
        unknown.is_empty(),
        "golden files name rules missing from RULE_IDS: {unknown:?}"
    );
}
