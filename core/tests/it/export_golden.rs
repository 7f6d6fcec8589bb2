//! Golden files for every export of every fixture, byte for byte: the alter ConfigMap, the
//! PATCH body, the CSV, and the edited document written back in its own form and layout, as
//! `connect-offsets edit` writes it (after shifting every offset by +1). Run with `UPDATE_GOLDEN=1` to rewrite them.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use offsets_core::edit::{Action, ExportScope, Selection, Session};
use offsets_core::export::{self, ConfigMapOptions};
use offsets_core::{Diagnostic, ImportOptions, import};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use offsets_test_support::golden::check_into as check;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn render(result: Result<export::Export, Vec<Diagnostic>>) -> String {
    let (mut out, diags) = match result {
        Ok(e) => (e.text, e.diagnostics),
        Err(d) => ("REFUSED\n".to_string(), d),
    };
    for d in diags
        .iter()
        .filter(|d| d.severity != offsets_core::Severity::Info || d.rule.starts_with('K'))
    {
        let _ = writeln!(out, "# {} {d}", d.severity);
    }
    out
}

#[test]
fn every_fixture_exports_as_pinned() {
    let fixtures = root().join("tests/fixtures");
    let golden = root().join("tests/golden/export");
    let mut names: Vec<PathBuf> = std::fs::read_dir(&fixtures)
        .unwrap()
        .map(|e| e.unwrap().path())
        // tests/fixtures/resources/ holds custom resources (core/tests/resource.rs).
        .filter(|p| p.is_file())
        .collect();
    names.sort();
    let mut failures = Vec::new();
    let mut count = 0;
    for path in names {
        let text = std::fs::read_to_string(&path).unwrap();
        let Ok(imported) = import(&text, &ImportOptions::default()) else {
            continue;
        };
        let stem = path.file_name().unwrap().to_string_lossy().to_string();
        let dir = golden.join(&stem);
        let listing = &imported.listing;
        let mut session = Session::new(listing.clone());
        let shifted = session.apply(Action::ShiftOffsets {
            selection: Selection::All,
            delta: 1,
        });
        let changed = session.export_listing();
        session
            .apply(Action::SetScope {
                scope: ExportScope::All,
            })
            .unwrap();
        let all = session.export_listing();
        let cm_all = ConfigMapOptions {
            name: Some("offsets-alter".into()),
            keep_other_data: true,
            ..ConfigMapOptions::default()
        };
        let outputs = [
            (
                "alter-changed.yaml",
                render(export::configmap_yaml(
                    &changed,
                    Some(listing),
                    &ConfigMapOptions::default(),
                )),
            ),
            (
                "alter-all.yaml",
                render(export::configmap_yaml(&all, Some(listing), &cm_all)),
            ),
            (
                "patch.json",
                render(export::patch_json(&changed, Some(listing), false)),
            ),
            (
                "patch-pretty.json",
                render(export::patch_json(&changed, Some(listing), true)),
            ),
            ("offsets.csv", render(export::csv(&changed, Some(listing)))),
            (
                "edited",
                match shifted {
                    // What `connect-offsets edit` writes: the input's layout, with notes
                    // where it could not be kept (a CSV keeps its rows through
                    // `rewrite_document`).
                    Ok(_) => match export::rewrite_session(&text, &session) {
                        Some(done) => done.notes.iter().fold(done.text(), |mut out, n| {
                            let _ = writeln!(out, "# note: {n}");
                            out
                        }),
                        None => export::rewrite_document(&text, &session.working_listing())
                            .unwrap_or_else(|e| format!("REFUSED {e}\n")),
                    },
                    Err(e) => format!("REFUSED {e}\n"),
                },
            ),
        ];
        for (name, actual) in outputs {
            check(&dir.join(name), &actual, &mut failures);
            count += 1;
        }
    }
    assert!(count >= 30, "only {count} golden outputs");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
