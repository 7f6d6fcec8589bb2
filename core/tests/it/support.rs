//! Helpers shared by the core tests: fixtures and an editor that loaded one (golden files:
//! `offsets_test_support::golden`).
#![allow(dead_code, clippy::unwrap_used, clippy::panic)]

use offsets_core::editor::ImportAction;
use offsets_core::editor::{Editor, EditorAction, RowDisplay};
use offsets_test_support::snapshot::assert_snapshot;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

/// The text of `tests/fixtures/{name}` at the top of the repository.
pub fn fixture(name: &str) -> String {
    let path = format!("{}/../tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// An editor that loaded `text` without errors.
pub fn loaded_text(text: String) -> Editor {
    let mut editor = Editor::new();
    editor.apply(EditorAction::Import(ImportAction::SetInput(text)));
    editor.apply(EditorAction::Import(ImportAction::Load));
    assert!(
        editor.load_errors().is_empty(),
        "{:?}",
        editor.load_errors()
    );
    editor
}

/// An editor that loaded the fixture `name` without errors.
pub fn loaded(name: &str) -> Editor {
    loaded_text(fixture(name))
}

/// A row as the table shows it, one `name: value` line per field that is set (an unset optional
/// field has no line, a flag is named only when true), for [`check_row`] to compare as data.
pub fn row_text(d: &RowDisplay) -> String {
    let mut out = String::new();
    let mut line = |name: &str, value: Option<&str>| match value {
        Some("") => out.push_str(&format!("{name}:\n")),
        Some(v) => out.push_str(&format!("{name}: {v}\n")),
        None => {}
    };
    line("offset", Some(&d.offset));
    line("imported", d.imported.as_deref());
    line("resumes at", d.resumes_at.as_deref());
    line("change", d.change.as_deref());
    line("log range", d.log_range.as_deref());
    line("offset error", d.offset_error.as_deref());
    line("label", Some(&d.label));
    line("null label", Some(&d.null_label));
    let flags: Vec<&str> = [
        (d.is_null, "null"),
        (!d.editable, "not editable"),
        (d.changed, "changed"),
        (d.added, "added"),
        (d.removed, "removed"),
    ]
    .into_iter()
    .filter_map(|(on, name)| on.then_some(name))
    .collect();
    if !flags.is_empty() {
        out.push_str(&format!("flags: {}\n", flags.join(", ")));
    }
    out
}

/// The index of the row of `topic` partition `partition`.
pub fn row_of(editor: &Editor, topic: &str, partition: &str) -> usize {
    (0..editor.session().unwrap().len())
        .find(|&i| {
            let d = editor.row_display(i).unwrap();
            d.topic.as_deref() == Some(topic) && d.partition == partition
        })
        .unwrap_or_else(|| panic!("no row {topic} partition {partition}"))
}

/// Applies each step's actions to `editor` in turn and compares row `row` after it with the
/// step's expectation: [`row_text`] exactly, as an inline snapshot.
#[track_caller]
pub fn check_row(editor: &mut Editor, row: usize, steps: Vec<(Vec<EditorAction>, &str)>) {
    for (i, (actions, expect)) in steps.into_iter().enumerate() {
        for action in actions {
            editor.apply(action);
        }
        let got = row_text(&editor.row_display(row).unwrap());
        assert_snapshot(&format!("row {row} after step {}", i + 1), &got, expect);
    }
}

/// A table of what typing each text into one field does, for the helpers that read what the
/// user typed (`cell_edit`, `bulk_action`): `read` is the field, `Ok(value)` the exact result,
/// `Err(part)` a refusal whose sentence contains `part`.
#[track_caller]
pub fn check_typed<T: PartialEq + std::fmt::Debug, E: std::fmt::Display + std::fmt::Debug>(
    read: impl Fn(&str) -> Result<T, E>,
    cases: Vec<(&str, Result<T, &str>)>,
) {
    for (typed, want) in cases {
        match (read(typed), want) {
            (Ok(got), Ok(want)) => assert_eq!(got, want, "typing {typed:?}"),
            (Err(got), Err(part)) => {
                let got = got.to_string();
                assert!(got.contains(part), "typing {typed:?}: {got}");
            }
            (got, want) => panic!("typing {typed:?}: got {got:?}, want {want:?}"),
        }
    }
}

/// A property-test runner with a fixed seed (deterministic in CI) that keeps no failure file.
pub fn seeded_runner(cases: u32, seed: u8) -> TestRunner {
    let config = Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    };
    TestRunner::new_with_rng(
        config,
        TestRng::from_seed(RngAlgorithm::ChaCha, &[seed; 32]),
    )
}
