//! The page's alter checks each partition by its edit (issue 31 items 4 and 5): a partition
//! shifted or rewound from its listed offset must be unchanged since the listing; one set
//! (set, set from a reference, null, restore, added, or set and then shifted) is altered even
//! when it moved, and the rollback is absolute by itself. The session keeps which is which
//! through undo and redo.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use offsets_core::edit::{Action, BelowZero, Selection};
use offsets_core::editor::EditAction;
use offsets_core::editor::{Editor, EditorAction};

use crate::support::loaded_text as loaded;

/// A MirrorMaker 2 source listing of partitions 0..n of `orders`, partition i at 100 + i.
fn listing(n: usize) -> String {
    let entries: Vec<String> = (0..n)
        .map(|i| {
            format!(
                "{{\"partition\":{{\"cluster\":\"east\",\"partition\":{i},\"topic\":\"orders\"}},\"offset\":{{\"offset\":{}}}}}",
                100 + i
            )
        })
        .collect();
    format!(
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: my-mm2-offsets\n  namespace: kafka\n  ownerReferences:\n  - apiVersion: kafka.strimzi.io/v1\n    kind: KafkaMirrorMaker2\n    name: my-mm2\n    uid: 0\ndata:\n  east--west.MirrorSourceConnector.json: '{{\"offsets\":[{}]}}'\n",
        entries.join(",")
    )
}

fn edit(editor: &mut Editor, action: Action) {
    editor.apply(EditorAction::Edit(EditAction::Session(action)));
}

/// The check line of partition `p` in the page's alter script.
fn check_line(script: &str, p: usize) -> String {
    let needle = format!(
        "{{\"partition\":{{\"cluster\":\"east\",\"partition\":{p},\"topic\":\"orders\"}},\"listed\""
    );
    script
        .lines()
        .find(|l| l.starts_with(&needle))
        .unwrap_or_else(|| panic!("no check line for partition {p}:\n{script}"))
        .to_owned()
}

fn script(editor: &Editor) -> String {
    editor.exports().unwrap().procedure.unwrap().render_script()
}

#[test]
fn only_partitions_shifted_from_their_listed_offset_must_be_unchanged() {
    let mut editor = loaded(listing(6));
    let rows = |r: &[usize]| Selection::Rows(r.to_vec());
    // 0: rewound from its listed offset. 1: set. 2: null. 3: set, then shifted.
    // 4: clamped below 0 to null (computed from the listed offset). 5: shifted, then set.
    edit(
        &mut editor,
        Action::ShiftOffsets {
            selection: rows(&[0]),
            delta: -10,
        },
    );
    edit(&mut editor, Action::SetOffset { row: 1, offset: 7 });
    edit(&mut editor, Action::SetNull { row: 2 });
    edit(&mut editor, Action::SetOffset { row: 3, offset: 50 });
    edit(
        &mut editor,
        Action::ShiftOffsets {
            selection: rows(&[3]),
            delta: 5,
        },
    );
    edit(
        &mut editor,
        Action::ShiftOffsetsClamped {
            selection: rows(&[4]),
            delta: -1000,
            below_zero: BelowZero::Null,
        },
    );
    edit(
        &mut editor,
        Action::ShiftOffsets {
            selection: rows(&[5]),
            delta: 3,
        },
    );
    edit(&mut editor, Action::SetOffset { row: 5, offset: 9 });
    let text = script(&editor);
    for (p, set) in [
        (0, false),
        (1, true),
        (2, true),
        (3, true),
        (4, false),
        (5, true),
    ] {
        let line = check_line(&text, p);
        assert_eq!(line.contains("\"set\":true"), set, "partition {p}: {line}");
    }
    assert!(text.contains("The 2 partitions edited relatively (shift, rewind) must be unchanged; the other 4 are set"), "{text}");
    assert!(text.contains("moved_set=\"$("), "{text}");
    // The page knows each edit: its stop never sends the user to --absolute.
    assert!(!text.contains("--absolute"), "{text}");

    // Undo takes back the set of row 5: it is shifted from its listed offset again.
    editor.apply(EditorAction::Edit(EditAction::Session(Action::Undo)));
    assert!(!check_line(&script(&editor), 5).contains("\"set\":true"));
    editor.apply(EditorAction::Edit(EditAction::Session(Action::Redo)));
    assert!(check_line(&script(&editor), 5).contains("\"set\":true"));

    // The rollback puts back listed values: every partition is set.
    let rb = editor
        .rollback_exports()
        .unwrap()
        .procedure
        .unwrap()
        .render_script();
    for p in 0..6 {
        assert!(check_line(&rb, p).contains("\"set\":true"), "{rb}");
    }
    assert!(rb.contains("Every one of the 6 partitions is set to a value that does not depend on its stored offset"), "{rb}");
}

#[test]
fn the_session_says_which_rows_are_relative_through_undo() {
    let mut editor = loaded(listing(2));
    edit(
        &mut editor,
        Action::ShiftOffsets {
            selection: Selection::All,
            delta: 2,
        },
    );
    let session = editor.session().unwrap();
    assert!(session.rows().all(|r| r.relative && r.changed));
    edit(&mut editor, Action::Restore { row: 0 });
    let session = editor.session().unwrap();
    assert!(!session.row(0).unwrap().relative && !session.row(0).unwrap().changed);
    assert!(session.row(1).unwrap().relative);
    editor.apply(EditorAction::Edit(EditAction::Session(Action::Undo)));
    editor.apply(EditorAction::Edit(EditAction::Session(Action::Undo)));
    let session = editor.session().unwrap();
    assert!(session.rows().all(|r| !r.relative && !r.changed));
    editor.apply(EditorAction::Edit(EditAction::Session(Action::Redo)));
    assert!(editor.session().unwrap().rows().all(|r| r.relative));
}

#[test]
fn a_draft_restores_shifted_rows_as_shifted() {
    let mut editor = loaded(listing(4));
    let rows = |r: &[usize]| Selection::Rows(r.to_vec());
    edit(
        &mut editor,
        Action::ShiftOffsets {
            selection: rows(&[0, 1]),
            delta: -10,
        },
    );
    edit(
        &mut editor,
        Action::ShiftOffsetsClamped {
            selection: rows(&[2]),
            delta: -1000,
            below_zero: BelowZero::Null,
        },
    );
    edit(&mut editor, Action::SetOffset { row: 3, offset: 5 });
    let restored =
        Editor::restore_with_prefs(&editor.source_record(), Some(&editor.draft_record()), None)
            .unwrap();
    let session = restored.session().unwrap();
    let seen: Vec<(bool, bool)> = session.rows().map(|r| (r.changed, r.relative)).collect();
    assert_eq!(
        seen,
        [(true, true), (true, true), (true, true), (true, false)]
    );
    assert_eq!(
        session.working_listing(),
        editor.session().unwrap().working_listing()
    );
    // So the restored page's alter checks the same partitions as before the reload.
    assert_eq!(script(&restored), script(&editor));
    // A record's `shifted` rows in any order (it is looked up sorted): the same rows come back
    // as shifts.
    let draft = editor.draft_record();
    let reversed = draft.replacen("\"shifted\":[0,1,2]", "\"shifted\":[2,1,0]", 1);
    assert_ne!(reversed, draft);
    let again = Editor::restore_with_prefs(&editor.source_record(), Some(&reversed), None).unwrap();
    let seen: Vec<(bool, bool)> = again
        .session()
        .unwrap()
        .rows()
        .map(|r| (r.changed, r.relative))
        .collect();
    assert_eq!(
        seen,
        [(true, true), (true, true), (true, true), (true, false)]
    );
}
