//! The page's workspace, driven through `EditorAction`s: the guided start's list commands
//! (golden files in `tests/golden/start/`), the import area collapsed to the source bar after a
//! load, and the export tabs with the selection kept in the prefs record.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::support::{fixture, loaded};
use offsets_core::editor::{EditAction, ImportAction, PageAction, SettingsAction};
use offsets_core::editor::{
    Editor, EditorAction, ExportTab, Field, TabKey, TargetKind, export_tabs, tab_after,
};
use offsets_test_support::golden;
use std::path::PathBuf;

fn golden_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("../tests/golden/start/{name}"))
}

fn typed(target: TargetKind, fields: &[(Field, &str)]) -> Editor {
    let mut editor = Editor::new();
    editor.apply(EditorAction::Settings(SettingsAction::SetTarget(target)));
    for (field, value) in fields {
        editor.apply(EditorAction::Settings(SettingsAction::SetField(
            *field,
            value.to_string(),
        )));
    }
    editor
}

// ----- the guided start -----

#[test]
fn start_list_commands_match_golden_files() {
    let cases = [
        (
            "connector.steps.sh",
            typed(
                TargetKind::KafkaConnector,
                &[
                    (Field::Resource, "my-connector"),
                    (Field::Namespace, "kafka"),
                ],
            ),
        ),
        (
            "mm2.steps.sh",
            typed(
                TargetKind::KafkaMirrorMaker2,
                &[
                    (Field::Resource, "my-mm2"),
                    (Field::Namespace, "kafka"),
                    (Field::Connector, "east->west.MirrorCheckpointConnector"),
                    (Field::MirrorIndex, "1"),
                ],
            ),
        ),
    ];
    let mut failures = Vec::new();
    for (name, editor) in cases {
        let procedure = editor.start_list().unwrap();
        let steps = procedure.render_steps();
        if let Err(out) = crate::procedure_support::bash_syntax(&steps) {
            failures.push(format!("{name}: bash -n failed:\n{out}"));
        }
        crate::procedure_support::require_shellcheck();
        if let Err(out) = crate::procedure_support::shellcheck(&steps) {
            failures.push(format!("{name}: shellcheck:\n{out}"));
        }
        golden::check_into(&golden_path(name), &steps, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn start_annotate_command_is_quoted_and_exact() {
    let editor = typed(
        TargetKind::KafkaMirrorMaker2,
        &[
            (Field::Resource, "my-mm2"),
            (Field::Namespace, "kafka"),
            (Field::Connector, "east->west.MirrorSourceConnector"),
        ],
    );
    let steps = editor.start_list().unwrap().render_steps();
    assert!(steps.contains(
        "kubectl annotate kafkamirrormaker2 'my-mm2' -n 'kafka' strimzi.io/connector-offsets=list 'strimzi.io/mirrormaker-connector=east->west.MirrorSourceConnector' --overwrite\n"
    ));
    // The list ConfigMap defaults to <name>-offsets; an empty mirror index is 0.
    assert!(steps.contains("\"value\":{\"toConfigMap\":{\"name\":\"my-mm2-offsets\"}}"));
    assert!(steps.contains("/spec/mirrors/0/sourceConnector/listOffsets"));
}

#[test]
fn start_says_what_is_missing_and_marks_bad_fields() {
    let editor = Editor::new();
    assert_eq!(
        editor.start_fields(),
        vec![Field::Resource, Field::Namespace]
    );
    assert_eq!(
        editor.start_list().unwrap_err().to_string(),
        "Fill in the KafkaConnector name and the namespace to see the commands."
    );
    assert_eq!(
        editor.start_field_error(Field::Resource),
        None,
        "empty is not an error"
    );

    let editor = typed(
        TargetKind::KafkaMirrorMaker2,
        &[(Field::Namespace, "kafka")],
    );
    assert_eq!(
        editor.start_fields(),
        vec![
            Field::Resource,
            Field::Namespace,
            Field::Connector,
            Field::MirrorIndex
        ]
    );
    assert_eq!(
        editor.start_list().unwrap_err().to_string(),
        "Fill in the KafkaMirrorMaker2 name and the connector to see the commands."
    );

    let editor = typed(
        TargetKind::KafkaMirrorMaker2,
        &[
            (Field::Resource, "My_MM2"),
            (Field::Namespace, "kafka; rm -rf /"),
            (Field::Connector, "east->west"),
            (Field::MirrorIndex, "-1"),
        ],
    );
    for field in editor.start_fields() {
        assert!(editor.start_field_error(field).is_some(), "{field:?}");
    }
    assert_eq!(
        editor.start_list().unwrap_err().to_string(),
        "Correct the fields marked above to see the commands."
    );
}

#[test]
fn start_fields_prefill_the_export_settings_of_a_listing_that_lacks_them() {
    // A REST payload names no resource, namespace or ConfigMap: what the start typed is kept.
    let mut editor = typed(
        TargetKind::KafkaMirrorMaker2,
        &[
            (Field::Resource, "my-mm2"),
            (Field::Namespace, "mirror"),
            (Field::Connector, "east->west.MirrorSourceConnector"),
            (Field::MirrorIndex, "2"),
        ],
    );
    editor.apply(EditorAction::Import(ImportAction::LoadText(fixture(
        "rest-get-offsets.mm2-source.json",
    ))));
    assert!(editor.load_errors().is_empty());
    let s = editor.settings();
    assert_eq!(s.target, TargetKind::KafkaMirrorMaker2);
    assert_eq!(s.get(Field::Resource), "my-mm2");
    assert_eq!(s.get(Field::Namespace), "mirror");
    assert_eq!(s.get(Field::MirrorIndex), "2");
    assert_eq!(s.get(Field::ListConfigMap), "my-mm2-offsets");

    // A ConfigMap's own namespace and names win over what was typed.
    let mut editor = typed(
        TargetKind::KafkaConnector,
        &[(Field::Resource, "typed"), (Field::Namespace, "typed-ns")],
    );
    editor.apply(EditorAction::Import(ImportAction::LoadText(fixture(
        "kafkaconnector-sink.list.json",
    ))));
    assert_eq!(editor.settings().get(Field::Namespace), "connect");
    assert_eq!(
        editor.settings().get(Field::ListConfigMap),
        "jdbc-sink-offsets"
    );

    // Nothing typed: the listing's defaults, as before (a REST payload targets REST).
    let mut editor = Editor::new();
    editor.apply(EditorAction::Import(ImportAction::LoadText(fixture(
        "rest-get-offsets.mm2-source.json",
    ))));
    assert_eq!(editor.settings().target, TargetKind::Rest);
}

// ----- the source bar -----

#[test]
fn a_load_collapses_the_import_area_and_replace_reopens_it_with_the_text() {
    let mut editor = Editor::new();
    assert!(editor.import_open(), "nothing loaded: always open");
    editor.apply(EditorAction::Import(ImportAction::ShowImport(false)));
    assert!(editor.import_open(), "nothing loaded: still open");

    let text = fixture("kafkamirrormaker2-source.list.yaml");
    editor.apply(EditorAction::Import(ImportAction::SetInput(text.clone())));
    editor.apply(EditorAction::Import(ImportAction::Load));
    assert!(!editor.import_open(), "collapsed after a load");

    editor.apply(EditorAction::Import(ImportAction::ShowImport(true)));
    assert!(editor.import_open());
    assert_eq!(editor.input(), text, "the text is kept");

    // A refused load keeps the area open (and the listing).
    editor.apply(EditorAction::Import(ImportAction::SetInput(
        "{".to_string(),
    )));
    editor.apply(EditorAction::Import(ImportAction::Load));
    assert!(!editor.load_errors().is_empty());
    assert!(editor.import_open());
    assert!(editor.session().is_some());

    // Undo over a load shows the listing brought back table first.
    editor.apply(EditorAction::Import(ImportAction::LoadText(fixture(
        "kafkaconnector-sink.list.json",
    ))));
    editor.apply(EditorAction::Import(ImportAction::ShowImport(true)));
    editor.apply(EditorAction::Edit(EditAction::Session(
        offsets_core::Action::Undo,
    )));
    assert!(!editor.import_open());
}

#[test]
fn the_source_line_says_what_was_loaded() {
    let line = |editor: &Editor| editor.header_at(None).unwrap().line;
    assert_eq!(
        line(&loaded("kafkamirrormaker2-source.list.yaml")),
        "ConfigMap kafka/my-mm2-offsets · MirrorSourceConnector · key east--west.MirrorSourceConnector.json · 2 entries"
    );
    assert_eq!(
        line(&loaded("rest-get-offsets.mm2-source.json")),
        "REST payload · MirrorSourceConnector · 4 entries"
    );
    assert_eq!(
        line(&loaded("offsets.csv")),
        "CSV · Sink connector · 3 entries"
    );
}

// ----- the export tabs -----

#[test]
fn tabs_are_named_as_the_views_and_move_with_the_arrow_keys() {
    let all = export_tabs(true, true);
    assert_eq!(all, ExportTab::ALL.to_vec());
    let names: Vec<String> = all
        .iter()
        .map(|t| t.label(TargetKind::KafkaConnector))
        .collect();
    assert_eq!(
        names,
        [
            "ConfigMap YAML",
            "kubectl commands",
            "kubectl script",
            "PATCH JSON",
            "CSV",
            "Rollback",
            "auto.offset.reset commands"
        ]
    );
    assert_eq!(ExportTab::Commands.label(TargetKind::Rest), "curl commands");
    assert_eq!(export_tabs(false, true), vec![ExportTab::AutoOffsetReset]);
    assert_eq!(export_tabs(false, false), vec![]);

    let tabs = export_tabs(true, false);
    let key = |t, k| tab_after(&tabs, t, k).unwrap();
    assert_eq!(key(ExportTab::ConfigMap, TabKey::Next), ExportTab::Commands);
    assert_eq!(
        key(ExportTab::ConfigMap, TabKey::Previous),
        ExportTab::Rollback
    );
    assert_eq!(key(ExportTab::Rollback, TabKey::Next), ExportTab::ConfigMap);
    assert_eq!(key(ExportTab::Csv, TabKey::First), ExportTab::ConfigMap);
    assert_eq!(key(ExportTab::Csv, TabKey::Last), ExportTab::Rollback);
    assert_eq!(tab_after(&[], ExportTab::Csv, TabKey::Next), None);
    assert_eq!(TabKey::from_key("ArrowRight"), Some(TabKey::Next));
    assert_eq!(TabKey::from_key("End"), Some(TabKey::Last));
    assert_eq!(TabKey::from_key("ArrowDown"), None);
}

#[test]
fn the_selected_tab_is_shown_when_offered_and_kept_in_the_prefs() {
    let mut editor = loaded("kafkamirrormaker2-source.list.yaml");
    let default_prefs = editor.prefs_record();
    assert!(
        !default_prefs.contains("exportTab"),
        "the default is not written"
    );
    assert_eq!(editor.export_tab(), ExportTab::ConfigMap);

    editor.apply(EditorAction::Page(PageAction::SelectExportTab(
        ExportTab::Csv,
    )));
    assert_eq!(editor.export_tab(), ExportTab::Csv);
    assert_eq!(
        editor.shown_export_tab(&export_tabs(true, true)),
        Some(ExportTab::Csv)
    );
    // Not offered (the alter is blocked): the first tab offered is shown, the choice is kept.
    assert_eq!(
        editor.shown_export_tab(&export_tabs(false, true)),
        Some(ExportTab::AutoOffsetReset)
    );
    assert_eq!(editor.export_tab(), ExportTab::Csv);

    let prefs = editor.prefs_record();
    assert!(prefs.contains(r#""exportTab":"csv""#), "{prefs}");
    let source = editor.source_record();
    let restored = Editor::restore_with_prefs(&source, None, Some(&prefs)).unwrap();
    assert_eq!(restored.export_tab(), ExportTab::Csv);
    // A prefs record written before there were tabs restores the first tab.
    let restored = Editor::restore_with_prefs(&source, None, Some(&default_prefs)).unwrap();
    assert_eq!(restored.export_tab(), ExportTab::ConfigMap);
    // Discard keeps the user's tab.
    editor.apply(EditorAction::Import(ImportAction::Discard));
    assert_eq!(editor.export_tab(), ExportTab::Csv);
}

#[test]
fn a_restored_draft_brings_back_its_export_tab() {
    let mut editor = loaded("kafkamirrormaker2-source.list.yaml");
    editor.apply(EditorAction::Page(PageAction::SelectExportTab(
        ExportTab::Csv,
    )));
    let (source, draft, prefs) = (
        editor.source_record(),
        editor.draft_record_at(0),
        editor.prefs_record(),
    );
    // The page starts empty and restores when storage answers.
    let mut page = Editor::new();
    page.apply(EditorAction::Import(ImportAction::Restore {
        source,
        draft: Some(draft),
        prefs: Some(prefs),
        now: 0,
    }));
    assert!(page.session().is_some());
    assert_eq!(page.export_tab(), ExportTab::Csv);
}
