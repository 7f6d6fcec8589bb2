//! Where the page shows what an action did (`NoticeAt`): next to the control that caused it,
//! and only until the next action.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use offsets_core::Severity;
use offsets_core::edit::Action;
use offsets_core::editor::{BulkOp, Editor, EditorAction, NoticeAt};
use offsets_core::editor::{EditAction, ImportAction, TableAction};

use crate::support::loaded;

fn at(editor: &Editor) -> Option<(NoticeAt, Severity)> {
    editor.notice().map(|n| (n.at, n.severity))
}

/// Each action's notice, as (anchor, severity), in order.
fn check(actions: Vec<EditorAction>, expected: &[Option<(NoticeAt, Severity)>]) {
    let mut editor = loaded("kafkamirrormaker2-source.list.yaml");
    assert_eq!(at(&editor), Some((NoticeAt::Import, Severity::Info)));
    let got: Vec<_> = actions
        .into_iter()
        .map(|a| {
            editor.apply(a);
            at(&editor)
        })
        .collect();
    assert_eq!(got, expected);
}

#[test]
fn each_action_anchors_its_notice_at_its_control() {
    use NoticeAt::*;
    use Severity::Info;
    check(
        vec![
            EditorAction::Edit(EditAction::Session(Action::SetOffset { row: 0, offset: 7 })),
            EditorAction::Edit(EditAction::Bulk {
                op: BulkOp::Shift,
                value: "5".into(),
            }),
            EditorAction::Edit(EditAction::AddEntries {
                cluster: "east".into(),
                topic: "new-topic".into(),
                partitions: "0-1".into(),
                offset: "3".into(),
            }),
            EditorAction::Edit(EditAction::Session(Action::Undo)),
            EditorAction::Edit(EditAction::Session(Action::KeepLastDuplicates)),
            EditorAction::Import(ImportAction::Load),
        ],
        &[
            Some((Table, Info)),
            Some((Bulk, Info)),
            Some((Add, Info)),
            Some((History, Info)),
            Some((Problems, Info)),
            Some((Import, Info)),
        ],
    );
}

#[test]
fn an_unreadable_bulk_value_marks_the_value_field_and_changes_nothing() {
    let mut editor = loaded("kafkamirrormaker2-source.list.yaml");
    let before = editor.session().unwrap().working_listing();
    editor.apply(EditorAction::Edit(EditAction::Bulk {
        op: BulkOp::Set,
        value: "1k".into(),
    }));
    let notice = editor.notice().unwrap();
    assert_eq!(
        (notice.at, notice.severity),
        (NoticeAt::BulkValue, Severity::Error)
    );
    assert!(notice.text.contains("'1k'"), "{}", notice.text);
    assert_eq!(editor.session().unwrap().working_listing(), before);
    // A bad Add form is the Add group's refusal, not the Value field's.
    editor.apply(EditorAction::Edit(EditAction::AddEntries {
        cluster: String::new(),
        topic: "bad topic".into(),
        partitions: "0".into(),
        offset: String::new(),
    }));
    assert_eq!(at(&editor), Some((NoticeAt::Add, Severity::Error)));
}

#[test]
fn the_next_action_clears_the_previous_message() {
    use NoticeAt::*;
    use Severity::Error;
    check(
        vec![
            EditorAction::Edit(EditAction::Bulk {
                op: BulkOp::Shift,
                value: "-1000".into(),
            }),
            // An action that says nothing (the filter, a selection) still clears the refusal.
            EditorAction::Table(TableAction::SetFilter("orders".into())),
            EditorAction::Edit(EditAction::Bulk {
                op: BulkOp::Set,
                value: "x".into(),
            }),
            EditorAction::Table(TableAction::Select {
                row: 0,
                selected: true,
            }),
        ],
        &[Some((Bulk, Error)), None, Some((BulkValue, Error)), None],
    );
}

#[test]
fn enter_in_the_bulk_value_is_set_over_the_rows_the_filter_shows() {
    let mut editor = loaded("kafkamirrormaker2-source.list.yaml");
    editor.apply(EditorAction::Table(TableAction::SetFilter(
        "partition:1".into(),
    )));
    editor.apply(EditorAction::Edit(EditAction::Bulk {
        op: BulkOp::Set,
        value: "5".into(),
    }));
    let session = editor.session().unwrap();
    let changed: Vec<_> = (0..session.len())
        .filter(|&i| editor.row_display(i).unwrap().changed)
        .map(|i| editor.row_display(i).unwrap().partition)
        .collect();
    assert_eq!(changed, vec!["1".to_string()]);
}

#[test]
fn the_import_text_keeps_the_message_until_the_load() {
    use NoticeAt::Import;
    use Severity::{Error, Info};
    check(
        vec![
            EditorAction::Import(ImportAction::SetInput("{".into())),
            EditorAction::Import(ImportAction::Load),
        ],
        &[Some((Import, Info)), Some((Import, Error))],
    );
}
