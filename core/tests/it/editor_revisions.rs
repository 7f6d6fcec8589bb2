//! Which revision counters each kind of action moves (the page memoises on them): loads and
//! edits move data, view and settings; an edit from a reference data and view; the table the
//! view; the export settings theirs; the rest none of them. Refused actions move them too.

use crate::support::loaded;
use offsets_core::edit::Action;
use offsets_core::editor::{
    EditAction, Editor, EditorAction, ImportAction, LookupField, PageAction, ReferenceField,
    ReferencesAction, SafeApplyAction, SettingsAction, TableAction,
};

/// The counters `action` moves on a loaded editor, as `data view settings` initials.
fn moves(action: EditorAction) -> String {
    let mut editor: Editor = loaded("kafkamirrormaker2-source.list.yaml");
    let before = (
        editor.data_revision(),
        editor.view_revision(),
        editor.settings_revision(),
        editor.revision(),
    );
    editor.apply(action);
    assert_ne!(editor.revision(), before.3, "every action moves revision");
    [
        (editor.data_revision() != before.0, 'd'),
        (editor.view_revision() != before.1, 'v'),
        (editor.settings_revision() != before.2, 's'),
    ]
    .iter()
    .map(|&(moved, c)| if moved { c } else { '-' })
    .collect()
}

#[test]
fn each_kind_of_action_moves_its_revision_counters() {
    let text = |s: &str| s.to_string();
    let cases: Vec<(EditorAction, &str)> = vec![
        (
            EditorAction::Import(ImportAction::SetInput(text("x"))),
            "---",
        ),
        (EditorAction::Import(ImportAction::ShowImport(true)), "---"),
        (EditorAction::Import(ImportAction::Load), "dvs"),
        (EditorAction::Import(ImportAction::ChooseKind(None)), "dvs"),
        (EditorAction::Import(ImportAction::Discard), "dvs"),
        (EditorAction::Edit(EditAction::Session(Action::Undo)), "dvs"),
        (
            EditorAction::Edit(EditAction::Bulk {
                op: offsets_core::editor::BulkOp::Set,
                value: text("not a number"),
            }),
            "dvs",
        ),
        (
            EditorAction::Table(TableAction::SetFilter(text("orders"))),
            "-v-",
        ),
        (EditorAction::Table(TableAction::SelectShown), "-v-"),
        (
            EditorAction::Settings(SettingsAction::SetRounds(true)),
            "--s",
        ),
        (
            EditorAction::SafeApply(SafeApplyAction::CheckNewListing(String::new())),
            "---",
        ),
        (
            EditorAction::References(ReferencesAction::SetLookup(LookupField::At, text("latest"))),
            "---",
        ),
        (
            EditorAction::References(ReferencesAction::SetReferenceForm(
                ReferenceField::Text,
                text("x"),
            )),
            "---",
        ),
        (
            EditorAction::References(ReferencesAction::SetFromReference(7)),
            "dv-",
        ),
        (EditorAction::Page(PageAction::DismissNotice), "---"),
        (EditorAction::Page(PageAction::WidenExport(true)), "---"),
    ];
    for (action, expected) in cases {
        let shown = format!("{action:?}");
        assert_eq!(moves(action), expected, "{shown}");
    }
}
