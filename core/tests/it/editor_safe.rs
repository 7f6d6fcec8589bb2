//! Safe by default (issue 14): each trap a new user fell into, reproduced through the editor's
//! reducer exactly as the page drives it, and what the editor does now.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use offsets_core::edit::{Action, Selection};
use offsets_core::editor::{BulkOp, Editor, EditorAction, bulk_action, cell_edit};
use offsets_core::editor::{EditAction, ImportAction, SettingsAction, TableAction};

use crate::support::{check_typed, fixture, loaded, loaded_text};

fn offset(editor: &Editor, row: usize) -> String {
    editor.row_display(row).unwrap().offset
}

fn changed_rows(editor: &Editor) -> usize {
    editor
        .session()
        .unwrap()
        .rows()
        .filter(|r| r.changed)
        .count()
}

fn edit(editor: &mut Editor, action: Action) {
    editor.apply(EditorAction::Edit(EditAction::Session(action)));
}

// ----- 1. No dangerous default -----

#[test]
fn auto_offset_reset_produces_no_commands_until_the_user_chooses() {
    let mut editor = loaded("kafkamirrormaker2-source.list.yaml");
    edit(&mut editor, Action::SetOffset { row: 0, offset: 1 });
    let exports = editor.exports().unwrap();
    let reset = exports
        .auto_offset_reset
        .expect("the view is shown for MirrorMaker 2");
    let errors = reset.expect_err("no commands before a choice");
    assert!(
        errors[0].message.contains("earliest") && errors[0].message.contains("Choose"),
        "{errors:?}"
    );
    editor.apply(EditorAction::Settings(SettingsAction::SetAutoOffsetReset(
        Some(offsets_core::procedure::AutoOffsetReset::Latest),
    )));
    let steps = editor
        .exports()
        .unwrap()
        .auto_offset_reset
        .unwrap()
        .unwrap()
        .render_steps();
    assert!(
        steps.contains("latest") && steps.contains("at-least-once"),
        "{steps}"
    );
}

#[test]
fn a_draft_without_the_choice_restores_to_not_chosen() {
    let mut editor = loaded("kafkamirrormaker2-source.list.yaml");
    assert_eq!(editor.settings().auto_offset_reset, None);
    let source = editor.source_record();
    // A record written before the choice existed says "latest" without the user choosing it.
    let old = editor.prefs_record().trim_end_matches('}').to_string()
        + ",\"autoOffsetReset\":\"latest\"}";
    let restored = Editor::restore_with_prefs(&source, None, Some(&old)).unwrap();
    assert_eq!(restored.settings().auto_offset_reset, None);
    editor.apply(EditorAction::Settings(SettingsAction::SetAutoOffsetReset(
        Some(offsets_core::procedure::AutoOffsetReset::Earliest),
    )));
    let restored = Editor::restore_with_prefs(&source, None, Some(&editor.prefs_record())).unwrap();
    assert_eq!(
        restored.settings().auto_offset_reset,
        Some(offsets_core::procedure::AutoOffsetReset::Earliest)
    );
}

// ----- 2. Nothing lost -----

/// Three edits on the example listing (MirrorMaker 2, five partitions).
fn edited() -> Editor {
    let mut editor = loaded("kafkaconnector-mm2-source.list.yaml");
    edit(&mut editor, Action::SetOffset { row: 0, offset: 7 });
    edit(&mut editor, Action::SetOffset { row: 1, offset: 8 });
    edit(&mut editor, Action::SetOffset { row: 2, offset: 9 });
    assert_eq!(changed_rows(&editor), 3);
    editor
}

fn assert_back(editor: &mut Editor, after: &str) {
    assert!(editor.can_undo(), "{after}: Undo is offered");
    edit(editor, Action::Undo);
    assert_eq!(changed_rows(editor), 3, "{after}: the edits are back");
    assert_eq!(offset(editor, 0), "7");
    assert_eq!(
        editor.session().unwrap().kind().label(),
        "MirrorSourceConnector"
    );
    // Its own history came back too.
    edit(editor, Action::Undo);
    assert_eq!(changed_rows(editor), 2, "{after}: its undo history is back");
}

#[test]
fn undo_after_load_brings_back_the_previous_listing_and_its_edits() {
    let mut editor = edited();
    editor.apply(EditorAction::Import(ImportAction::SetInput(fixture(
        "kafkaconnector-sink.list.json",
    ))));
    editor.apply(EditorAction::Import(ImportAction::Load));
    assert_eq!(editor.session().unwrap().kind().label(), "Sink connector");
    assert!(
        editor.notice().unwrap().text.contains("Undo"),
        "{:?}",
        editor.notice()
    );
    assert_back(&mut editor, "Load");
}

#[test]
fn undo_after_load_example_brings_back_the_edits_and_redo_loads_again() {
    let mut editor = edited();
    // The page's Load example: the example text, loaded in one step.
    editor.apply(EditorAction::Import(ImportAction::LoadText(fixture(
        "kafkaconnector-mm2-source.list.yaml",
    ))));
    assert_eq!(changed_rows(&editor), 0);
    edit(&mut editor, Action::Undo);
    assert_eq!(changed_rows(&editor), 3);
    assert!(editor.can_redo());
    edit(&mut editor, Action::Redo);
    assert_eq!(changed_rows(&editor), 0);
    assert_eq!(
        editor.header().unwrap().configmap.as_deref(),
        Some("mirror-source-offsets")
    );
    assert_back(&mut editor, "Load example");
}

#[test]
fn undo_after_discard_brings_back_the_draft() {
    let mut editor = edited();
    editor.apply(EditorAction::Import(ImportAction::Discard));
    assert!(editor.session().is_none());
    assert_back(&mut editor, "Discard");
    assert!(!editor.input().is_empty(), "the text area comes back too");
}

#[test]
fn undo_after_opening_a_file_brings_back_the_edits() {
    let mut editor = edited();
    editor.apply(EditorAction::Import(ImportAction::LoadFile(
        fixture("kafkaconnector-sink.list.json").into_bytes(),
    )));
    assert_eq!(editor.session().unwrap().kind().label(), "Sink connector");
    assert_back(&mut editor, "Open file");
}

#[test]
fn a_new_edit_after_undoing_a_load_forgets_the_redo() {
    let mut editor = edited();
    editor.apply(EditorAction::Import(ImportAction::Discard));
    edit(&mut editor, Action::Undo);
    assert!(editor.can_redo());
    edit(&mut editor, Action::SetOffset { row: 1, offset: 1 });
    assert!(!editor.can_redo());
}

#[test]
fn load_example_over_typed_text_brings_the_text_back() {
    let mut editor = Editor::new();
    editor.apply(EditorAction::Import(ImportAction::SetInput(
        "my half-typed listing".into(),
    )));
    editor.apply(EditorAction::Import(ImportAction::LoadText(fixture(
        "kafkaconnector-mm2-source.list.yaml",
    ))));
    assert!(editor.session().is_some());
    edit(&mut editor, Action::Undo);
    assert_eq!(editor.input(), "my half-typed listing");
    assert!(editor.session().is_none());
}

/// Issue 31, item 10: Undo right after the first Load takes the load back, to the empty page
/// with the text that was loaded (it said "Nothing to undo."); Redo loads it again.
#[test]
fn a_first_load_can_be_undone_back_to_the_empty_page() {
    let mut editor = loaded("kafkaconnector-mm2-source.list.yaml");
    let text = editor.input().to_string();
    assert!(editor.can_undo());
    // The notice is the load's alone: Undo is on the page, the text stays in the text area.
    assert_eq!(
        editor.notice().map(|n| n.text.as_str()),
        Some("Loaded 5 entries (MirrorSourceConnector).")
    );
    edit(&mut editor, Action::Undo);
    assert!(editor.session().is_none());
    assert_eq!(editor.input(), text);
    assert!(!editor.can_undo());
    assert!(editor.can_redo());
    edit(&mut editor, Action::Redo);
    assert_eq!(editor.session().map(|s| s.len()), Some(5));
}

// ----- 3. Null only on purpose -----

#[test]
fn an_empty_bulk_value_is_refused_never_null() {
    let all = Selection::All;
    let refused = bulk_action(BulkOp::Set, all.clone(), "  ")
        .unwrap_err()
        .to_string();
    assert!(refused.contains("Type a value"), "{refused}");
    assert!(bulk_action(BulkOp::Shift, all.clone(), "").is_err());
    assert_eq!(
        bulk_action(BulkOp::Set, all.clone(), "null"),
        Ok(Action::NullOffsets {
            selection: all.clone()
        }),
        "typing null is on purpose"
    );
    assert_eq!(
        bulk_action(BulkOp::Null, all.clone(), ""),
        Ok(Action::NullOffsets { selection: all })
    );
}

#[test]
fn clearing_a_cell_changes_nothing() {
    let editor = loaded("kafkaconnector-sink.list.json");
    let d = editor.row_display(0).unwrap();
    check_typed(
        |text| cell_edit(&d, text),
        vec![
            ("", Ok(None)),
            ("   ", Ok(None)),
            ("null", Ok(Some(Action::SetNull { row: 0 }))),
        ],
    );
}

// ----- 7. Refusals with a way out -----

/// An MirrorMaker 2 listing whose orders partition 1 offset is `offset` as written.
fn mm2_with_offset(offset: &str) -> Editor {
    let text = fixture("kafkaconnector-mm2-source.list.yaml").replacen(
        "\"offset\" : 2006",
        &format!("\"offset\" : {offset}"),
        1,
    );
    loaded_text(text)
}

#[test]
fn a_float_exponent_or_string_offset_is_shown_as_typed_and_can_be_fixed_in_its_cell() {
    for typed in ["1.0", "1e3", "\"5\""] {
        let mut editor = mm2_with_offset(typed);
        let d = editor.row_display(1).unwrap();
        assert_eq!(d.offset, typed, "shown as typed");
        assert!(d.editable, "{typed}: the cell accepts a fix");
        let error = d.offset_error.clone().expect("the cell says what is wrong");
        assert!(error.contains("whole number"), "{error}");
        assert!(
            editor.problems().iter().any(|p| p.entry == Some(1)),
            "{typed}: Problems lists it"
        );
        let fix = cell_edit(&d, "2006")
            .unwrap()
            .expect("a whole number is an edit");
        edit(&mut editor, fix);
        let d = editor.row_display(1).unwrap();
        assert_eq!(
            (d.offset.as_str(), d.offset_error.is_none()),
            ("2006", true)
        );
        assert!(
            !editor
                .problems()
                .iter()
                .any(|p| p.entry == Some(1) && p.is_error()),
            "{typed}: fixed: {:?}",
            editor.problems()
        );
        // The same text as typed is no edit; another bad text is explained.
        let d = mm2_with_offset(typed).row_display(1).unwrap();
        assert!(cell_edit(&d, "2.5").is_err());
    }
}

#[test]
fn a_bulk_action_leaves_out_selected_rows_the_filter_hides() {
    let mut editor = loaded("kafkaconnector-mm2-source.list.yaml");
    // orders partition 0 and payments partition 0, then a filter that shows only orders.
    editor.apply(EditorAction::Table(TableAction::Select {
        row: 0,
        selected: true,
    }));
    editor.apply(EditorAction::Table(TableAction::Select {
        row: 3,
        selected: true,
    }));
    editor.apply(EditorAction::Table(TableAction::SetFilter("orders".into())));
    assert_eq!(editor.bulk_selection(), Selection::Rows(vec![0]));
    assert_eq!(editor.hidden_selected(), 1);
    assert_eq!(editor.bulk_count_in(&editor.view()), 1);
    let action = bulk_action(BulkOp::Set, editor.bulk_selection(), "5").unwrap();
    edit(&mut editor, action);
    assert_eq!(offset(&editor, 0), "5");
    assert_eq!(
        offset(&editor, 3),
        "1008",
        "the hidden selected row is left alone"
    );
    // Clearing the filter brings it back into the scope.
    editor.apply(EditorAction::Table(TableAction::SetFilter(String::new())));
    assert_eq!(editor.bulk_selection(), Selection::Rows(vec![0, 3]));
    assert_eq!(editor.hidden_selected(), 0);
    // A row the session does not have is not selected (and grows nothing).
    editor.apply(EditorAction::Table(TableAction::Select {
        row: usize::MAX,
        selected: true,
    }));
    assert_eq!(editor.bulk_selection(), Selection::Rows(vec![0, 3]));
}

#[test]
fn a_shift_below_zero_offers_null_or_zero_in_one_undoable_step() {
    use offsets_core::edit::BelowZero;
    let mut editor = loaded("kafkaconnector-mm2-source.list.yaml");
    // 1006, 2006, 3006, 1008, 2008: rewinding by 1500 takes two of them below 0.
    let shift = bulk_action(BulkOp::Shift, Selection::All, "-1500").unwrap();
    edit(&mut editor, shift.clone());
    assert_eq!(
        changed_rows(&editor),
        0,
        "the plain shift is refused as a whole"
    );
    assert!(editor.notice().unwrap().text.contains("below 0"));
    let offer = editor.shift_offer(&shift).expect("a way out");
    assert_eq!(offer.rows, 2);
    // MirrorMaker 2 resumes at stored + 1: null resumes at record 0 (under earliest), 0 at
    // record 1, and the choices say so.
    assert_eq!(
        offer.null_label,
        "Resume those 2 rows at record 0 (null: replays from auto.offset.reset, earliest by default)"
    );
    assert_eq!(
        offer.zero_label,
        "Resume them at record 1 (stores 0: record 0 is skipped)"
    );
    edit(&mut editor, offer.null_action.clone());
    let offsets: Vec<String> = (0..5).map(|r| offset(&editor, r)).collect();
    assert_eq!(offsets, ["", "506", "1506", "", "508"]);
    assert!(editor.row_display(0).unwrap().is_null);
    // One step: one Undo takes all of it back.
    edit(&mut editor, Action::Undo);
    assert_eq!(changed_rows(&editor), 0);
    edit(&mut editor, offer.zero_action.clone());
    let offsets: Vec<String> = (0..5).map(|r| offset(&editor, r)).collect();
    assert_eq!(offsets, ["0", "506", "1506", "0", "508"]);
    assert_eq!(
        offer.zero_action,
        Action::ShiftOffsetsClamped {
            selection: Selection::All,
            delta: -1500,
            below_zero: BelowZero::Zero
        }
    );
    edit(&mut editor, Action::Undo);
    assert_eq!(changed_rows(&editor), 0);
    // A shift every row can take needs no offer.
    let fine = bulk_action(BulkOp::Shift, Selection::All, "-6").unwrap();
    assert_eq!(editor.shift_offer(&fine), None);
}

#[test]
fn for_a_sink_the_offer_says_null_deletes_the_consumer_group_offset() {
    let editor = loaded("kafkaconnector-sink.list.json");
    let shift = bulk_action(BulkOp::Shift, Selection::All, "-502").unwrap();
    let offer = editor.shift_offer(&shift).unwrap();
    assert_eq!(offer.rows, 2);
    assert_eq!(
        offer.null_label,
        "Set those 2 rows to null (delete the consumer group offset)"
    );
    // A sink stores the next record to read: 0 is record 0.
    assert_eq!(offer.zero_label, "Set them to 0");
}

#[test]
fn undo_after_picking_another_offsets_key_brings_back_the_edits() {
    let path = format!(
        "{}/../tests/golden/ok/mm2-several-keys-checkpoint.yaml",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut editor = loaded_text(std::fs::read_to_string(path).unwrap());
    let first = editor.session().unwrap().kind();
    edit(&mut editor, Action::SetNull { row: 0 });
    assert_eq!(changed_rows(&editor), 1);
    let other = editor
        .header()
        .unwrap()
        .available_keys
        .into_iter()
        .find(|k| Some(k) != editor.header().unwrap().data_key.as_ref())
        .unwrap();
    editor.apply(EditorAction::Import(ImportAction::PickKey(other)));
    assert_ne!(editor.session().unwrap().kind(), first);
    assert_eq!(changed_rows(&editor), 0);
    edit(&mut editor, Action::Undo);
    assert_eq!(editor.session().unwrap().kind(), first);
    assert_eq!(changed_rows(&editor), 1, "the edit is back");
}
