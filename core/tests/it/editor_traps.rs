//! What a new user tripped over (issue 20), in the page's state machine.
//!
//! The connector's own `auto.offset.reset` (item 1): once the custom resource says
//! `latest`, every sentence about a null says the partition skips its history, in the Problems
//! entry, the table's Change text, the session's notes, the shift offer and the
//! auto.offset.reset panel; without a resource (or with one that sets nothing) the default
//! wording stays.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support::{fixture, loaded};
use offsets_core::edit::{Action, Selection};
use offsets_core::editor::{BulkOp, Editor, EditorAction, bulk_action};
use offsets_core::editor::{EditAction, ImportAction, ReferencesAction, SafeApplyAction};
use offsets_core::model::{ResetPolicy, ResetSource};

const LISTING: &str = "kafkamirrormaker2-source.list.yaml";

fn resource(reset: Option<(&str, &str)>) -> String {
    let text = fixture("resources/kafkamirrormaker2-1.2-v1.yaml");
    match reset {
        None => text,
        Some((key, value)) => text.replacen(
            "        replication.factor: -1\n",
            &format!("        replication.factor: -1\n        {key}: {value}\n"),
            1,
        ),
    }
}

fn ms13(editor: &Editor) -> String {
    editor
        .problems()
        .into_iter()
        .find(|d| d.rule == "MS13")
        .map(|d| d.message)
        .expect("an MS13 warning for the null")
}

/// The listing with orders:1 nulled, and the resource `reset` checked.
fn nulled_under(reset: Option<(&str, &str)>) -> Editor {
    let mut editor = loaded(LISTING);
    editor.apply(EditorAction::Edit(EditAction::Session(Action::SetNull {
        row: 1,
    })));
    editor.apply(EditorAction::SafeApply(SafeApplyAction::CheckResource(
        resource(reset),
    )));
    editor
}

#[test]
fn a_resource_set_to_latest_changes_every_null_sentence() {
    let editor = nulled_under(Some(("source.consumer.auto.offset.reset", "latest")));
    let reset = editor.session().unwrap().reset().clone();
    assert_eq!(reset.policy, ResetPolicy::Latest);
    assert_eq!(
        reset.source,
        ResetSource::Config("source.consumer.auto.offset.reset".into())
    );
    let warning = ms13(&editor);
    assert!(
        warning.contains("auto.offset.reset (latest, set by source.consumer.auto.offset.reset): it starts at the log end, so every record written so far is skipped and never mirrored"),
        "{warning}"
    );
    assert!(!warning.contains("replicated again"), "{warning}");
    let change = editor.row_display(1).unwrap().change.unwrap();
    assert_eq!(
        change,
        "skips every record so far, never mirrored: auto.offset.reset latest, set by source.consumer.auto.offset.reset"
    );
}

#[test]
fn the_lower_key_counts_when_the_higher_one_is_absent() {
    let editor = nulled_under(Some(("consumer.auto.offset.reset", "latest")));
    assert!(
        ms13(&editor).contains("(latest, set by consumer.auto.offset.reset)"),
        "{}",
        ms13(&editor)
    );
}

#[test]
fn no_resource_or_an_earliest_one_keeps_the_replay_sentences() {
    let mut editor = loaded(LISTING);
    editor.apply(EditorAction::Edit(EditAction::Session(Action::SetNull {
        row: 1,
    })));
    assert!(ms13(&editor).contains(
        "(earliest by default), so the whole partition is replicated from its first record"
    ));
    let editor = nulled_under(None);
    assert!(ms13(&editor).contains("(earliest by default)"));
    let editor = nulled_under(Some(("source.consumer.auto.offset.reset", "earliest")));
    assert!(
        ms13(&editor).contains(
            "(earliest, set by source.consumer.auto.offset.reset), so the whole partition is replicated from its first record"
        ),
        "{}",
        ms13(&editor)
    );
    // Clearing the resource goes back to the default.
    let mut editor = nulled_under(Some(("source.consumer.auto.offset.reset", "latest")));
    editor.apply(EditorAction::SafeApply(SafeApplyAction::CheckResource(
        String::new(),
    )));
    assert!(ms13(&editor).contains("(earliest by default)"));
}

#[test]
fn under_latest_the_shift_offer_does_not_promise_record_0() {
    let mut editor = loaded(LISTING);
    editor.apply(EditorAction::SafeApply(SafeApplyAction::CheckResource(
        resource(Some(("source.consumer.auto.offset.reset", "latest"))),
    )));
    let shift = bulk_action(BulkOp::Shift, Selection::All, "-1500").unwrap();
    let offer = editor.shift_offer(&shift).expect("a way out");
    assert_eq!(
        offer.null_label,
        "Set those 2 rows to null (skips every record so far, never mirrored: auto.offset.reset latest, set by source.consumer.auto.offset.reset)"
    );
    assert_eq!(
        offer.zero_label,
        "Resume them at record 1 (stores 0: record 0 is skipped)"
    );
}

#[test]
fn the_null_notes_follow_the_resource() {
    let mut editor = loaded(LISTING);
    editor.apply(EditorAction::SafeApply(SafeApplyAction::CheckResource(
        resource(Some(("source.consumer.auto.offset.reset", "latest"))),
    )));
    editor.apply(EditorAction::Edit(EditAction::Session(Action::ResumeAt {
        selection: Selection::Rows(vec![0]),
        record: 0,
    })));
    let notice = editor.notice().unwrap().text.clone();
    assert!(
        notice.contains("Record 0 is the start of the partition")
            && notice.contains("every record written so far is skipped"),
        "{notice}"
    );
}

/// Issue 20, item 2: an empty listing's "Nothing to alter" is about the import's entries; once
/// partitions are added it no longer blocks the export.
#[test]
fn adding_to_an_empty_listing_clears_nothing_to_alter() {
    use offsets_core::ConnectorKind;
    for text in [
        r#"{"offsets":[]}"#.to_owned(),
        fixture("kafkaconnector-empty.list.yaml"),
    ] {
        let mut editor = crate::support::loaded_text(text.clone());
        editor.apply(EditorAction::Import(ImportAction::ChooseKind(Some(
            ConnectorKind::MirrorSource,
        ))));
        // Issue 31, item 14: an empty listing is normal (IMP4), not an error; the export
        // waits for a change instead.
        assert!(
            !editor.problems().iter().any(|d| d.is_error()),
            "{text}: {:?}",
            editor.problems()
        );
        assert!(
            editor
                .export_waiting()
                .is_some_and(|w| w.contains("the listing is empty")),
            "{text}: empty at first: {:?}",
            editor.export_waiting()
        );
        editor.apply(EditorAction::Edit(EditAction::AddEntries {
            cluster: "east".into(),
            topic: "orders".into(),
            partitions: "0-5".into(),
            offset: "10".into(),
        }));
        assert_eq!(editor.session().unwrap().len(), 6, "{:?}", editor.notice());
        let problems = editor.problems();
        assert!(
            !problems.iter().any(|d| d.rule == "S2" || d.rule == "IMP4"),
            "{text}: {problems:?}"
        );
        let blockers = editor.export_blockers_by_view_from(&problems);
        assert!(
            blockers.payload.is_empty(),
            "{text}: {:?}",
            blockers.payload
        );
        // Removing every added row makes it empty again: the export has nothing to hold.
        let exports = editor.exports_from(&problems).unwrap();
        assert!(exports.patch_json.is_ok(), "{text}");
    }
}

/// Issue 20, item 7: a time typed where an offset goes points to the time workflow, and the
/// reference's time is filled from the lookup's.
#[test]
fn a_time_in_the_value_box_points_to_the_time_workflow() {
    use offsets_core::editor::{LookupField, ReferenceField, parse_offset_input};
    let err = bulk_action(BulkOp::Shift, Selection::All, "2026-11-30 12:00 UTC")
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with("'2026-11-30 12:00 UTC' is a time, not an offset. To rewind to a time: press \"Rewind to a time…\" (Bulk actions), or in References below the table type it in \"Look up at\""),
        "{err}"
    );
    assert!(
        parse_offset_input("2026-11-30T12:00:00Z")
            .unwrap_err()
            .to_string()
            .contains("is a time")
    );
    assert!(
        parse_offset_input("12x")
            .unwrap_err()
            .to_string()
            .contains("is not a whole number")
    );

    let mut editor = loaded(LISTING);
    editor.apply(EditorAction::References(ReferencesAction::SetLookup(
        LookupField::At,
        "2026-11-30 12:00 UTC".into(),
    )));
    editor.apply(EditorAction::References(
        ReferencesAction::SetReferenceForm(ReferenceField::Role, "time".into()),
    ));
    assert_eq!(editor.reference_form().time, "2026-11-30 12:00 UTC");
}

/// Issue 31, item 6: under `latest` the bulk Null button, the CSV's note on the rows it leaves
/// out and the auto.offset.reset tab's "not chosen" say what a null does there; the default
/// keeps the replay words.
#[test]
fn under_latest_the_null_button_the_csv_note_and_the_reset_tab_say_latest() {
    fn csv_note(editor: &Editor) -> String {
        let exports = editor.exports().unwrap();
        let csv = exports.csv.unwrap();
        csv.diagnostics
            .into_iter()
            .find(|d| d.message.contains("left out"))
            .map(|d| d.message)
            .expect("a note on the null row")
    }
    fn not_chosen(editor: &Editor) -> String {
        let exports = editor.exports().unwrap();
        exports.auto_offset_reset.unwrap().unwrap_err()[0]
            .message
            .clone()
    }
    let latest = nulled_under(Some(("source.consumer.auto.offset.reset", "latest")));
    let button = latest.null_button("2 rows").unwrap();
    assert_eq!(button.label, "Null: skip to the log end (2 rows)");
    assert_eq!(
        button.title,
        "Stores null: skips every record so far, never mirrored: auto.offset.reset latest, set by source.consumer.auto.offset.reset"
    );
    let note = csv_note(&latest);
    assert!(
        note.contains("Its offset is null (skips every record so far, never mirrored: auto.offset.reset latest, set by source.consumer.auto.offset.reset)"),
        "{note}"
    );
    assert_eq!(
        not_chosen(&latest),
        "Not chosen, so no command: the connector keeps its current setting (latest, set by source.consumer.auto.offset.reset). Choose earliest or latest above to get the commands."
    );
    let default = nulled_under(None);
    assert_eq!(
        default.null_button("2 rows").unwrap().label,
        "Replay whole partition (2 rows)"
    );
    assert!(
        csv_note(&default).contains("Its offset is null (replicate again from auto.offset.reset)")
    );
    assert!(not_chosen(&default).contains("(MirrorMaker 2's default is earliest)"));
}
