//! The connector kind chosen in the page (IMP7) and "Keep only the last" for repeated
//! partitions (S7), driven through `EditorAction`s and the session's reducer.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use offsets_core::editor::{DETECTED, Editor, EditorAction};
use offsets_core::editor::{EditAction, ImportAction};
use offsets_core::{Action, ConnectorKind, ImportOptions, Session, Severity, import};

/// A bare REST body of MirrorSourceConnector offsets whose entries lack `cluster`: read as a
/// generic connector unless the kind is chosen.
const BARE_MM2: &str = r#"{"offsets":[{"partition":{"topic":"orders","partition":0},"offset":{"offset":5}},{"partition":{"topic":"orders","partition":1},"offset":{"offset":-1}}]}"#;

/// Partition 0 three times (the last wins), partition 1 once.
const REPEATED: &str = r#"{"offsets":[{"partition":{"cluster":"east","topic":"t","partition":0},"offset":{"offset":1}},{"partition":{"cluster":"east","topic":"t","partition":1},"offset":{"offset":2}},{"partition":{"topic":"t","partition":0,"cluster":"east"},"offset":{"offset":3}},{"partition":{"cluster":"east","topic":"t","partition":0},"offset":{"offset":4}}]}"#;

fn loaded(text: &str) -> Editor {
    let mut editor = Editor::new();
    editor.apply(EditorAction::Import(ImportAction::SetInput(
        text.to_string(),
    )));
    editor.apply(EditorAction::Import(ImportAction::Load));
    assert!(editor.load_errors().is_empty());
    editor
}

fn rules(editor: &Editor, severity: Severity) -> Vec<&'static str> {
    editor
        .problems()
        .iter()
        .filter(|d| d.severity == severity)
        .map(|d| d.rule)
        .collect()
}

#[test]
fn choosing_the_kind_revalidates_with_that_kinds_rules() {
    let mut editor = loaded(BARE_MM2);
    assert_eq!(editor.kind_value(), DETECTED);
    let options = editor.kind_options();
    assert_eq!(
        options[0],
        (
            DETECTED.to_string(),
            "Detected: Source connector (generic; from the entry keys)".to_string()
        )
    );
    let values: Vec<&str> = options.iter().skip(1).map(|o| o.0.as_str()).collect();
    assert_eq!(
        values,
        [
            "mirror-source",
            "mirror-checkpoint",
            "mirror-heartbeat",
            "sink",
            "source"
        ]
    );
    assert!(rules(&editor, Severity::Error).is_empty());

    editor.apply(EditorAction::Import(ImportAction::ChooseKind(Some(
        ConnectorKind::MirrorSource,
    ))));
    assert_eq!(editor.kind_value(), "mirror-source");
    assert_eq!(
        editor.session().unwrap().kind(),
        ConnectorKind::MirrorSource
    );
    let errors = rules(&editor, Severity::Error);
    assert_eq!(errors, ["MS1", "MS1", "MS8"], "{:?}", editor.problems());
    assert!(rules(&editor, Severity::Warning).contains(&"IMP7"));
    // The detected kind is still offered first.
    assert!(
        editor.kind_options()[0]
            .1
            .starts_with("Detected: Source connector")
    );

    // Kept in the draft, and restored with it.
    let record = editor.source_record();
    assert!(record.contains(r#""kind":"mirror-source""#), "{record}");
    let restored = Editor::restore(&record, None).unwrap();
    assert_eq!(restored.kind_choice(), Some(ConnectorKind::MirrorSource));
    assert_eq!(rules(&restored, Severity::Error), ["MS1", "MS1", "MS8"]);

    // A draft written before the selector existed restores the detected kind.
    let older = record.replace(r#","kind":"mirror-source""#, "");
    let restored = Editor::restore(&older, None).unwrap();
    assert_eq!(restored.kind_choice(), None);
    assert_eq!(restored.session().unwrap().kind(), ConnectorKind::Generic);

    // Back to the detected kind.
    editor.apply(EditorAction::Import(ImportAction::ChooseKind(None)));
    assert_eq!(editor.kind_value(), DETECTED);
    assert!(rules(&editor, Severity::Error).is_empty());
}

#[test]
fn keep_only_the_last_removes_the_earlier_duplicates_in_one_undoable_step() {
    let listing = import(REPEATED, &ImportOptions::default()).unwrap().listing;
    let mut session = Session::new(listing);
    assert_eq!(session.repeated_rows(), [2, 3]);
    let out = session.apply(Action::KeepLastDuplicates).unwrap();
    assert_eq!(out.changed, 2);
    let removed: Vec<usize> = session
        .rows()
        .filter(|r| r.removed)
        .map(|r| r.index)
        .collect();
    assert_eq!(removed, [0, 2]);
    assert!(session.repeated_rows().is_empty());
    assert_eq!(
        session.working_listing().to_compact_json(),
        r#"{"offsets":[{"partition":{"cluster":"east","topic":"t","partition":1},"offset":{"offset":2}},{"partition":{"cluster":"east","topic":"t","partition":0},"offset":{"offset":4}}]}"#
    );
    // Nothing left to do.
    let again = session.apply(Action::KeepLastDuplicates).unwrap();
    assert_eq!(again.changed, 0);
    assert!(
        again.message.contains("No partition appears"),
        "{}",
        again.message
    );
    // One undo brings both back.
    session.apply(Action::Undo).unwrap();
    assert_eq!(session.rows().filter(|r| r.removed).count(), 0);
    assert_eq!(session.repeated_rows(), [2, 3]);
}

#[test]
fn sink_partitions_written_differently_count_as_repeated() {
    let text = r#"{"offsets":[{"partition":{"kafka_topic":"o","kafka_partition":3},"offset":{"kafka_offset":5}},{"partition":{"kafka_topic":"o","kafka_partition":"3"},"offset":{"kafka_offset":9}}]}"#;
    let mut session = Session::new(import(text, &ImportOptions::default()).unwrap().listing);
    assert_eq!(session.repeated_rows(), [1]);
    session.apply(Action::KeepLastDuplicates).unwrap();
    assert_eq!(session.working_listing().entries.len(), 1);
}

#[test]
fn the_s7_problem_goes_away_once_only_the_last_is_kept() {
    let mut editor = loaded(REPEATED);
    assert_eq!(
        rules(&editor, Severity::Warning)
            .iter()
            .filter(|r| **r == "S7")
            .count(),
        2
    );
    editor.apply(EditorAction::Edit(EditAction::Session(
        Action::KeepLastDuplicates,
    )));
    assert!(!rules(&editor, Severity::Warning).contains(&"S7"));
    editor.apply(EditorAction::Edit(EditAction::Session(Action::Undo)));
    assert!(rules(&editor, Severity::Warning).contains(&"S7"));
}

/// Choosing another kind re-imports the text, which drops the session's edits; like every
/// load it is an undoable step, so the edits and the previous kind come back with Undo.
#[test]
fn choosing_a_kind_after_edits_loses_nothing() {
    let mut editor = loaded(REPEATED);
    editor.apply(EditorAction::Edit(EditAction::Session(Action::SetOffset {
        row: 1,
        offset: 7,
    })));
    editor.apply(EditorAction::Edit(EditAction::Session(Action::SetNull {
        row: 3,
    })));
    assert_eq!(editor.edit_count(), 2);

    editor.apply(EditorAction::Import(ImportAction::ChooseKind(Some(
        ConnectorKind::MirrorSource,
    ))));
    assert_eq!(editor.kind_value(), "mirror-source");
    assert_eq!(editor.edit_count(), 0, "the re-import starts from the text");
    assert!(editor.can_undo());

    editor.apply(EditorAction::Edit(EditAction::Session(Action::Undo)));
    assert_eq!(editor.kind_value(), DETECTED, "the previous kind is back");
    assert_eq!(editor.edit_count(), 2, "and so are its edits");

    editor.apply(EditorAction::Edit(EditAction::Session(Action::Redo)));
    assert_eq!(editor.kind_value(), "mirror-source");
}
