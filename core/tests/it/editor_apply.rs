//! Safe apply in the page's state machine (issue 12): exports gated by what they use, the custom
//! resource as an input (findings, settings it fills, kept in the draft), the rollback view and
//! the landed check, driven through `EditorAction`s as the page dispatches them.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use offsets_core::edit::Action;
use offsets_core::editor::{EditAction, ImportAction, SafeApplyAction, SettingsAction};
use offsets_core::editor::{Editor, EditorAction, Field, Landing, TargetKind};
use offsets_core::procedure::AliasPath;

fn read(path: &str) -> String {
    let path = format!("{}/../tests/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The MirrorMaker 2 listing with its owner reference cut out (no resource name to guess).
fn mm2_without_owner() -> String {
    let text = read("fixtures/kafkamirrormaker2-source.list.yaml");
    let start = text.find("  ownerReferences:").unwrap();
    let end = text.find("  resourceVersion:").unwrap();
    format!("{}{}", &text[..start], &text[end..])
}

fn loaded(text: String) -> Editor {
    let mut editor = Editor::new();
    editor.apply(EditorAction::Import(ImportAction::LoadText(text)));
    assert!(
        editor.load_errors().is_empty(),
        "{:?}",
        editor.load_errors()
    );
    editor
}

/// orders:0 rewound to 10, orders:1 nulled.
fn edited(text: String) -> Editor {
    let mut editor = loaded(text);
    editor.apply(EditorAction::Edit(EditAction::Session(Action::SetOffset {
        row: 0,
        offset: 10,
    })));
    editor.apply(EditorAction::Edit(EditAction::Session(Action::SetNull {
        row: 1,
    })));
    editor
}

fn cr(annotation: &str) -> String {
    read("fixtures/resources/kafkamirrormaker2-1.2-v1.yaml").replace(
        "strimzi.io/connector-offsets: alter",
        &format!("strimzi.io/connector-offsets: {annotation}"),
    )
}

#[test]
fn a_missing_resource_name_blocks_only_the_commands() {
    let editor = edited(mm2_without_owner());
    assert_eq!(editor.settings().target, TargetKind::KafkaMirrorMaker2);
    assert_eq!(editor.settings().get(Field::Resource), "");
    let problems = editor.problems();
    let by_view = editor.export_blockers_by_view_from(&problems);
    assert!(by_view.payload.is_empty(), "{:?}", by_view.payload);
    assert!(by_view.configmap.is_empty(), "{:?}", by_view.configmap);
    assert_eq!(by_view.commands.len(), 1, "{:?}", by_view.commands);
    assert_eq!(by_view.commands[0].field, Field::Resource);
    assert_eq!(
        by_view.commands[0].named().message,
        "Fill in KafkaMirrorMaker2 name: Required: the name of the KafkaMirrorMaker2 resource."
    );
    // Every blocker of some view, as before.
    assert_eq!(editor.export_blockers().len(), 1);
    let exports = editor.exports_from(&problems).unwrap();
    let yaml = exports.configmap.unwrap().text;
    assert!(yaml.contains("name: \"my-mm2-offsets-alter\""), "{yaml}");
    assert!(
        !yaml.contains("my-mm2\"\n"),
        "the YAML holds no resource name"
    );
    assert!(exports.patch_json.is_ok() && exports.csv.is_ok());
    let steps = exports.procedure.unwrap_err();
    assert!(
        steps[0]
            .message
            .starts_with("Fill in KafkaMirrorMaker2 name:"),
        "{steps:?}"
    );
    // The rollback's ConfigMap needs no resource name either; its steps do.
    let rb = editor.rollback_exports_from(&problems).unwrap();
    assert!(rb.document.is_ok(), "{:?}", rb.document);
    assert!(rb.procedure.is_err());
}

#[test]
fn a_bad_configmap_setting_blocks_the_yaml_but_not_patch_json_or_csv() {
    let mut editor = edited(mm2_without_owner());
    editor.apply(EditorAction::Settings(SettingsAction::SetField(
        Field::AlterConfigMap,
        "Bad Name".into(),
    )));
    editor.apply(EditorAction::Settings(SettingsAction::SetField(
        Field::Resource,
        "my-mm2".into(),
    )));
    let problems = editor.problems();
    let by_view = editor.export_blockers_by_view_from(&problems);
    assert_eq!(by_view.configmap.len(), 1);
    assert_eq!(by_view.configmap[0].label, "Alter ConfigMap name");
    let exports = editor.exports_from(&problems).unwrap();
    let err = exports.configmap.unwrap_err();
    assert!(
        err.iter()
            .any(|d| d.message.starts_with("Fill in Alter ConfigMap name:")),
        "{err:?}"
    );
    assert!(exports.patch_json.is_ok() && exports.csv.is_ok());
    assert!(exports.procedure.is_err());
    // A wrong connector names the data key: the YAML is stopped too.
    editor.apply(EditorAction::Settings(SettingsAction::SetField(
        Field::AlterConfigMap,
        "alter".into(),
    )));
    editor.apply(EditorAction::Settings(SettingsAction::SetField(
        Field::Connector,
        "nonsense".into(),
    )));
    let exports = editor.exports().unwrap();
    assert!(exports.configmap.is_err() && exports.patch_json.is_ok());
}

#[test]
fn payload_errors_still_block_every_view() {
    let mut editor = loaded(read("fixtures/invalid-negative-partition.list.yaml"));
    editor.apply(EditorAction::Edit(EditAction::Session(Action::SetScope {
        scope: offsets_core::ExportScope::All,
    })));
    editor.apply(EditorAction::Settings(SettingsAction::SetField(
        Field::Resource,
        "mirror-source".into(),
    )));
    let problems = editor.problems();
    let by_view = editor.export_blockers_by_view_from(&problems);
    assert!(by_view.payload.iter().any(|d| d.rule == "MS3"));
    let exports = editor.exports_from(&problems).unwrap();
    assert!(exports.configmap.is_err() && exports.patch_json.is_err() && exports.csv.is_err());
    assert!(exports.procedure.is_err());
    let rb = editor.rollback_exports_from(&problems).unwrap();
    assert!(rb.document.is_err() && rb.procedure.is_err());
    // Nothing changed: nothing to alter, for every view.
    let editor = loaded(mm2_without_owner());
    let exports = editor.exports().unwrap();
    assert!(exports.patch_json.is_err() && exports.csv.is_err());
}

#[test]
fn the_custom_resource_fills_the_settings_and_flags_a_wrong_annotation() {
    let mut editor = edited(mm2_without_owner());
    editor.apply(EditorAction::SafeApply(SafeApplyAction::CheckResource(cr(
        "List",
    ))));
    let s = editor.settings();
    assert_eq!(s.target, TargetKind::KafkaMirrorMaker2);
    assert_eq!(s.get(Field::Resource), "my-mm2");
    assert_eq!(s.get(Field::Namespace), "kafka");
    assert_eq!(s.get(Field::Connector), "east->west.MirrorSourceConnector");
    assert_eq!(s.get(Field::MirrorIndex), "0");
    assert_eq!(s.alias_path, AliasPath::New);
    assert_eq!(s.get(Field::ListConfigMap), "my-mm2-offsets");
    assert_eq!(s.get(Field::AlterConfigMap), "my-mm2-offsets-alter");
    let report = editor.resource_report().unwrap();
    assert_eq!(
        report.title.as_deref(),
        Some("KafkaMirrorMaker2 my-mm2 (kafka.strimzi.io/v1)")
    );
    assert!(
        report
            .filled
            .unwrap()
            .starts_with("Export settings filled from KafkaMirrorMaker2 'my-mm2'")
    );
    let cr3 = report
        .findings
        .iter()
        .find(|f| f.diagnostic.rule == "CR3")
        .expect("CR3 for 'List'");
    assert_eq!(cr3.diagnostic.position.line, 5, "{}", cr3.diagnostic);
    assert!(
        cr3.command
            .as_deref()
            .unwrap()
            .starts_with("kubectl annotate kafkamirrormaker2 'my-mm2' -n 'kafka'")
    );
    // Every name is filled: the commands are generated.
    let exports = editor.exports().unwrap();
    let steps = exports.procedure.unwrap().render_steps();
    assert!(
        steps.contains("kubectl annotate kafkamirrormaker2 'my-mm2' -n 'kafka'"),
        "{steps}"
    );

    // Loading the listing again resets the settings to the listing's, then the CR fills them.
    editor.apply(EditorAction::Import(ImportAction::LoadText(
        mm2_without_owner(),
    )));
    assert_eq!(editor.settings().get(Field::Resource), "my-mm2");
    // Given before any listing, it fills at the load.
    let mut early = Editor::new();
    early.apply(EditorAction::SafeApply(SafeApplyAction::CheckResource(cr(
        "alter",
    ))));
    assert!(
        early
            .resource_report()
            .unwrap()
            .filled
            .unwrap()
            .contains("load the listing")
    );
    early.apply(EditorAction::Import(ImportAction::LoadText(
        mm2_without_owner(),
    )));
    assert_eq!(early.settings().get(Field::Resource), "my-mm2");
}

#[test]
fn an_unreadable_or_hostile_resource_fills_nothing() {
    let mut editor = edited(mm2_without_owner());
    editor.apply(EditorAction::SafeApply(SafeApplyAction::CheckResource(
        "kind: ConfigMap\n".into(),
    )));
    let report = editor.resource_report().unwrap();
    assert!(report.title.is_none());
    assert!(
        report
            .findings
            .iter()
            .all(|f| f.diagnostic.rule == "CR1" && f.command.is_none())
    );
    assert_eq!(editor.settings().get(Field::Resource), "");
    editor.apply(EditorAction::SafeApply(SafeApplyAction::CheckResourceFile(
        vec![0xff, 0xfe],
    )));
    assert_eq!(
        editor.resource_report().unwrap().findings[0]
            .diagnostic
            .rule,
        "CR1"
    );
    let hostile = read("fixtures/resources/hostile-names.yaml");
    editor.apply(EditorAction::SafeApply(SafeApplyAction::CheckResource(
        hostile,
    )));
    let report = editor.resource_report().unwrap();
    assert!(report.filled.unwrap().starts_with("Nothing was filled"));
    assert_eq!(editor.settings().get(Field::Resource), "");
    for f in &report.findings {
        if let Some(c) = &f.command {
            assert!(
                !c.contains('$') && !c.contains('`') && !c.contains('\n'),
                "{c}"
            );
        }
    }
    // Empty text: no resource.
    editor.apply(EditorAction::SafeApply(SafeApplyAction::CheckResource(
        String::new(),
    )));
    assert!(editor.resource_report().is_none());
}

#[test]
fn the_resource_is_kept_in_the_draft_and_older_drafts_restore() {
    let mut editor = edited(mm2_without_owner());
    let text = cr("List");
    editor.apply(EditorAction::SafeApply(SafeApplyAction::CheckResource(
        text.clone(),
    )));
    let restored = Editor::restore_with_prefs(
        &editor.source_record(),
        Some(&editor.draft_record()),
        Some(&editor.prefs_record()),
    )
    .unwrap();
    assert_eq!(restored.resource_text(), text);
    assert_eq!(restored.settings().get(Field::Resource), "my-mm2");
    assert!(
        restored
            .resource_report()
            .unwrap()
            .findings
            .iter()
            .any(|f| f.diagnostic.rule == "CR3")
    );
    // A record written before the field existed restores without a resource.
    let old = editor.prefs_record();
    let cut = old.find(",\"resource\":").unwrap();
    let old = format!("{}}}", &old[..cut]);
    let restored = Editor::restore_with_prefs(&editor.source_record(), None, Some(&old)).unwrap();
    assert_eq!(restored.resource_text(), "");
    assert!(restored.resource_report().is_none());
}

#[test]
fn the_rollback_restores_exactly_the_changed_partitions() {
    let mut editor = edited(mm2_without_owner());
    editor.apply(EditorAction::SafeApply(SafeApplyAction::CheckResource(cr(
        "alter",
    ))));
    let rb = editor.rollback_exports_from(&editor.problems()).unwrap();
    assert_eq!((rb.restored, rb.deleted), (2, 0));
    let yaml = rb.document.unwrap().text;
    assert!(
        yaml.contains("name: \"my-mm2-offsets-alter-rollback\""),
        "{yaml}"
    );
    assert!(
        yaml.contains("\"offset\" : 41") && yaml.contains("\"offset\" : 42"),
        "{yaml}"
    );
    assert_eq!(rb.expected, "east/orders:0: 41\neast/orders:1: 42\n");
    let p = rb.procedure.unwrap();
    assert!(p.title.starts_with("Roll back: "), "{}", p.title);
    let steps = p.render_steps();
    assert!(steps.contains("my-mm2-offsets-alter-rollback"), "{steps}");
    // REST: the PATCH body and curl steps.
    editor.apply(EditorAction::Settings(SettingsAction::SetTarget(
        TargetKind::Rest,
    )));
    let rb = editor.rollback_exports().unwrap();
    assert!(rb.document.unwrap().text.contains("\"offset\" : 41"));
    assert!(rb.procedure.unwrap().render_steps().contains("curl"));
}

#[test]
fn the_landed_check_reads_landed_drifted_and_missing() {
    let mut editor = edited(mm2_without_owner());
    assert!(editor.landed_report().is_none());
    // The listing after the alter: orders:0 at 10 (landed), orders:1 gone (null asked: landed).
    let after = mm2_without_owner().replace("\"offset\" : 41", "\"offset\" : 10");
    let cut = after.find("}, {").unwrap();
    let end = after.find("} ]").unwrap();
    let after_landed = format!("{}}} ]{}", &after[..cut], &after[end + 3..]);
    editor.apply(EditorAction::SafeApply(SafeApplyAction::CheckNewListing(
        after_landed,
    )));
    let report = editor.landed_report().unwrap().unwrap();
    assert_eq!((report.landed, report.drifted, report.missing), (2, 0, 0));
    assert!(
        report
            .summary
            .starts_with("All 2 partitions of the alter landed"),
        "{}",
        report.summary
    );
    // orders:0 at 11 (drifted), orders:1 still listed at 42 (drifted from null).
    editor.apply(EditorAction::SafeApply(SafeApplyAction::CheckNewListing(
        mm2_without_owner().replace("\"offset\" : 41", "\"offset\" : 11"),
    )));
    let report = editor.landed_report().unwrap().unwrap();
    assert_eq!(report.rows[0].status, Landing::Drifted);
    assert_eq!(
        (
            report.rows[0].asked.as_str(),
            report.rows[0].listed.as_str()
        ),
        ("10", "11")
    );
    assert_eq!(report.drifted, 2);
    // Set an offset on a partition the new listing lacks: missing.
    editor.apply(EditorAction::Edit(EditAction::Session(Action::SetOffset {
        row: 1,
        offset: 5,
    })));
    let after = mm2_without_owner().replace("\"offset\" : 41", "\"offset\" : 10");
    let cut = after.find("}, {").unwrap();
    let end = after.find("} ]").unwrap();
    editor.apply(EditorAction::SafeApply(SafeApplyAction::CheckNewListing(
        format!("{}}} ]{}", &after[..cut], &after[end + 3..]),
    )));
    let report = editor.landed_report().unwrap().unwrap();
    assert_eq!(
        report.rows.iter().map(|r| r.status).collect::<Vec<_>>(),
        vec![Landing::Landed, Landing::Missing]
    );
    assert!(
        report
            .summary
            .starts_with("1 of 2 altered partitions landed; 0 drifted"),
        "{}",
        report.summary
    );
    // An unreadable listing is a located error.
    editor.apply(EditorAction::SafeApply(SafeApplyAction::CheckNewListing(
        "{\"offsets\": [".into(),
    )));
    assert!(editor.landed_report().unwrap().is_err());
}

/// Issue 31, item 7: a connector without alterOffsets and no alter pending. The page's export
/// procedures set alterOffsets themselves, so the custom resource check says so (no error, no
/// patch to run), as Problems does, for an alter and for a create.
#[test]
fn a_connector_without_alter_offsets_is_no_error_for_the_generated_procedures() {
    let resource = read("fixtures/resources/kafkamirrormaker2-1.2-v1.yaml")
        .replacen(
            "    strimzi.io/connector-offsets: alter\n    strimzi.io/mirrormaker-connector: east->west.MirrorSourceConnector\n",
            "",
            1,
        )
        .replacen(
            "      alterOffsets:\n        fromConfigMap:\n          name: my-mm2-offsets-alter\n",
            "",
            1,
        );
    let mut editor = edited(mm2_without_owner());
    editor.apply(EditorAction::SafeApply(SafeApplyAction::CheckResource(
        resource,
    )));
    for create in [false, true] {
        if create {
            editor.apply(EditorAction::Settings(SettingsAction::SetCreate(true)));
        }
        let report = editor.resource_report().unwrap();
        let errors: Vec<String> = report
            .findings
            .iter()
            .filter(|f| f.diagnostic.is_error())
            .map(|f| f.diagnostic.to_string())
            .collect();
        assert!(errors.is_empty(), "create {create}: {errors:?}");
        let cr5 = report
            .findings
            .iter()
            .find(|f| f.diagnostic.rule == "CR5")
            .expect("CR5 says the procedures set alterOffsets");
        assert!(
            cr5.diagnostic.message.contains("has no alterOffsets yet. The generated procedures set /spec/mirrors/0/sourceConnector/alterOffsets/fromConfigMap/name to 'my-mm2-offsets-alter' themselves"),
            "{}",
            cr5.diagnostic
        );
        assert_eq!(cr5.command, None);
    }
}

/// Issue 31, item 3 on the page: a REST listing (no data key) whose entries are all from south,
/// and a KafkaMirrorMaker2 with mirrors east, central and south. The export settings take
/// south's mirror; a pending annotation for east fills nothing and is an error naming both.
#[test]
fn the_mirror_comes_from_the_listing_not_the_pending_annotation() {
    let three = read("fixtures/resources/kafkamirrormaker2-1.2-v1.yaml").replacen(
        "  replicas: 1\n",
        "  - source:\n      alias: south\n      bootstrapServers: south:9092\n    sourceConnector:\n      listOffsets:\n        toConfigMap:\n          name: my-mm2-offsets\n    topicsPattern: audit\n  replicas: 1\n",
        1,
    );
    let south = read("fixtures/rest-get-offsets.mm2-source.json").replace("\"east\"", "\"south\"");
    let mut editor = loaded(south.clone());
    editor.apply(EditorAction::SafeApply(SafeApplyAction::CheckResource(three.replacen(
        "    strimzi.io/connector-offsets: alter\n    strimzi.io/mirrormaker-connector: east->west.MirrorSourceConnector\n",
        "",
        1,
    ))));
    let s = editor.settings();
    assert_eq!(s.get(Field::Connector), "south->west.MirrorSourceConnector");
    assert_eq!(s.get(Field::MirrorIndex), "2");
    let mut editor = loaded(south);
    editor.apply(EditorAction::SafeApply(SafeApplyAction::CheckResource(
        three,
    )));
    let report = editor.resource_report().unwrap();
    assert!(
        report.filled.unwrap().starts_with("Nothing was filled from the custom resource: 6:39: CR7: The pending strimzi.io/mirrormaker-connector annotation names 'east->west.MirrorSourceConnector', but this is the listing for source alias 'south'"),
    );
    assert!(
        report
            .findings
            .iter()
            .any(|f| f.diagnostic.rule == "CR7" && f.diagnostic.is_error()),
        "{:?}",
        report.findings
    );
}
