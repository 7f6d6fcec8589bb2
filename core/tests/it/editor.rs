//! The editor state machine behind the web app: load, view, row display, problems, exports and
//! drafts, driven through `EditorAction`s exactly as the page dispatches them.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use offsets_core::edit::{Action, MapSide, Selection};
use offsets_core::editor::{EditAction, ImportAction, SettingsAction, TableAction};
use offsets_core::editor::{
    Editor, EditorAction, Field, NoticeAt, SortColumn, TargetKind, ViewItem,
};

use crate::support::{check_row, check_typed, fixture, loaded, loaded_text, row_of};

#[test]
fn loading_a_configmap_fills_the_header_and_groups_rows_by_topic() {
    let editor = loaded("kafkaconnector-mm2-source.list.yaml");
    let header = editor.header().unwrap();
    assert_eq!(header.kind, "MirrorSourceConnector");
    assert_eq!(header.data_key.as_deref(), Some("offsets.json"));
    assert_eq!(header.configmap.as_deref(), Some("mirror-source-offsets"));
    assert_eq!(header.namespace.as_deref(), Some("kafka"));
    assert_eq!((header.entries, header.topics), (5, 2));
    assert_eq!(header.clusters, vec!["east".to_string()]);
    let view = editor.view();
    let groups: Vec<(String, usize)> = view
        .items
        .iter()
        .filter_map(|i| match i {
            ViewItem::Group { topic, rows, .. } => Some((topic.clone(), *rows)),
            ViewItem::Row(_) => None,
        })
        .collect();
    assert_eq!(groups, vec![("orders".into(), 3), ("payments".into(), 2)]);
    assert_eq!((view.matched, view.total, view.items.len()), (5, 5, 7));
}

#[test]
fn rows_carry_accessible_names_and_the_plus_one_semantics() {
    let mut editor = loaded("kafkamirrormaker2-source.list.yaml");
    let row = row_of(&editor, "orders", "1");
    check_row(
        &mut editor,
        row,
        vec![(
            vec![],
            r#"
            offset: 42
            imported: 42
            resumes at: 43
            label: Offset of orders partition 1
            null label: Null offset of orders partition 1
            "#,
        )],
    );
}

#[test]
fn an_edit_shows_what_it_means() {
    let mut editor = loaded("kafkamirrormaker2-source.list.yaml");
    let row = row_of(&editor, "orders", "0");
    let edit = |action| vec![EditorAction::Edit(EditAction::Session(action))];
    check_row(
        &mut editor,
        row,
        vec![
            (
                edit(Action::SetOffset { row, offset: 1 }),
                r#"
                offset: 1
                imported: 41
                resumes at: 2
                change: 40 records will be mirrored again
                label: Offset of orders partition 0
                null label: Null offset of orders partition 0
                flags: changed
                "#,
            ),
            (
                edit(Action::SetOffset { row, offset: 1241 }),
                r#"
                offset: 1241
                imported: 41
                resumes at: 1242
                change: skips 1,200 records (never mirrored)
                label: Offset of orders partition 0
                null label: Null offset of orders partition 0
                flags: changed
                "#,
            ),
            (
                edit(Action::SetNull { row }),
                r#"
                offset:
                imported: 41
                resumes at: auto.offset.reset
                change: replicated again from auto.offset.reset
                label: Offset of orders partition 0
                null label: Null offset of orders partition 0
                flags: null, changed
                "#,
            ),
        ],
    );
}

#[test]
fn a_refused_edit_sets_an_error_notice_and_changes_nothing() {
    let mut editor = loaded("kafkamirrormaker2-source.list.yaml");
    let before = editor.session().unwrap().working_listing();
    editor.apply(EditorAction::Edit(EditAction::Session(
        Action::ShiftOffsets {
            selection: Selection::All,
            delta: -42,
        },
    )));
    let notice = editor.notice().unwrap();
    assert_eq!(notice.severity, offsets_core::Severity::Error);
    assert!(
        notice.text.contains("below 0") || notice.text.contains("negative"),
        "{}",
        notice.text
    );
    assert_eq!(editor.session().unwrap().working_listing(), before);
}

#[test]
fn a_parse_error_keeps_the_text_and_the_current_session() {
    let mut editor = loaded("kafkamirrormaker2-source.list.yaml");
    editor.apply(EditorAction::Import(ImportAction::SetInput(
        "{\"offsets\": [".into(),
    )));
    editor.apply(EditorAction::Import(ImportAction::Load));
    assert_eq!(editor.input(), "{\"offsets\": [");
    let error = &editor.load_errors()[0];
    assert_eq!(error.position.line, 1);
    assert!(
        editor
            .notice()
            .unwrap()
            .text
            .starts_with("Not loaded, your current edits are kept: 1:")
    );
    assert_eq!(editor.session().unwrap().len(), 2);
}

#[test]
fn the_filter_box_narrows_the_view_and_bad_filters_are_explained() {
    let mut editor = loaded("kafkaconnector-mm2-source.list.yaml");
    editor.apply(EditorAction::Table(TableAction::SetFilter(
        "ord* partition:1-2".into(),
    )));
    let rows: Vec<usize> = editor
        .view()
        .items
        .iter()
        .filter_map(|i| {
            if let ViewItem::Row(r) = i {
                Some(*r)
            } else {
                None
            }
        })
        .collect();
    assert_eq!(rows.len(), 2);
    assert_eq!(editor.bulk_count(), 2);
    editor.apply(EditorAction::Table(TableAction::SetFilter(
        "partition:x".into(),
    )));
    assert_eq!(
        editor.filter_error().unwrap(),
        "Filter column 11: 'x' is not a partition number or range; partitions are whole numbers between 0 and 2147483647 (for example 0,2,5-9)"
    );
    // The last good filter stays in force while the user types.
    assert_eq!(editor.view().matched, 2);
}

#[test]
fn sorting_and_collapsing() {
    let mut editor = loaded("kafkaconnector-mm2-source.list.yaml");
    editor.apply(EditorAction::Table(TableAction::SortBy(SortColumn::Offset)));
    editor.apply(EditorAction::Table(TableAction::SortBy(SortColumn::Offset)));
    assert!(editor.sort().descending);
    let first_row = editor.view().items.iter().find_map(|i| match i {
        ViewItem::Row(r) => Some(*r),
        _ => None,
    });
    assert_eq!(
        editor.row_display(first_row.unwrap()).unwrap().offset,
        "3006"
    );
    editor.apply(EditorAction::Table(TableAction::ToggleGroup(
        "orders".into(),
    )));
    assert_eq!(editor.view().items.len(), 2 + 2);
    editor.apply(EditorAction::Table(TableAction::CollapseAll(true)));
    assert_eq!(editor.view().items.len(), 2);
}

#[test]
fn problems_point_at_session_rows() {
    let editor = loaded("invalid-negative-partition.list.yaml");
    let problems = editor.problems();
    let ms3 = problems
        .iter()
        .find(|d| d.rule == "MS3")
        .expect("MS3 for partition -1");
    assert_eq!(ms3.entry, Some(1));
    assert!(ms3.position.line > 1);
    // An error anywhere in what would be exported blocks export.
    let mut editor = editor;
    editor.apply(EditorAction::Edit(EditAction::Session(Action::SetScope {
        scope: offsets_core::ExportScope::All,
    })));
    assert!(editor.export_blockers().iter().any(|d| d.rule == "MS3"));
}

#[test]
fn exports_follow_the_settings() {
    let mut editor = loaded("kafkamirrormaker2-source.list.yaml");
    assert_eq!(editor.settings().target, TargetKind::KafkaMirrorMaker2);
    assert_eq!(editor.settings().get(Field::Resource), "my-mm2");
    assert_eq!(
        editor.settings().get(Field::Connector),
        "east->west.MirrorSourceConnector"
    );
    assert_eq!(
        editor.settings().get(Field::AlterConfigMap),
        "my-mm2-offsets-alter"
    );
    // Nothing changed: exporting is refused with S2.
    assert!(editor.exports().unwrap().configmap.is_err());
    let row = row_of(&editor, "orders", "0");
    editor.apply(EditorAction::Edit(EditAction::Session(Action::SetOffset {
        row,
        offset: 10,
    })));
    assert!(
        editor.export_blockers().is_empty(),
        "{:?}",
        editor.export_blockers()
    );
    let exports = editor.exports().unwrap();
    let yaml = exports.configmap.unwrap().text;
    assert!(
        yaml.contains("name: \"my-mm2-offsets-alter\"")
            || yaml.contains("name: my-mm2-offsets-alter"),
        "{yaml}"
    );
    assert!(yaml.contains("east--west.MirrorSourceConnector.json"));
    let steps = exports.procedure.unwrap().render_steps();
    assert!(steps.contains("'strimzi.io/mirrormaker-connector=east->west.MirrorSourceConnector'"));
    assert_eq!(exports.summary.rewound, 1);
    assert_eq!(exports.entries, 1);
    // No auto.offset.reset command before the user chooses (issue 14); one after.
    assert!(exports.auto_offset_reset.unwrap().is_err());
    editor.apply(EditorAction::Settings(SettingsAction::SetAutoOffsetReset(
        Some(offsets_core::procedure::AutoOffsetReset::Earliest),
    )));
    assert!(editor.exports().unwrap().auto_offset_reset.unwrap().is_ok());
    // A bad namespace is explained at the field and blocks export.
    editor.apply(EditorAction::Settings(SettingsAction::SetField(
        Field::Namespace,
        "Kafka Prod".into(),
    )));
    assert!(
        editor
            .field_error(Field::Namespace)
            .unwrap()
            .starts_with("Namespace must be")
    );
    assert!(editor.export_blockers().iter().any(|d| d.rule == "K2"));
    assert!(editor.exports().unwrap().procedure.is_err());
}

#[test]
fn drafts_restore_edits_filter_and_settings() {
    let mut editor = loaded("kafkaconnector-mm2-source.list.yaml");
    let row = row_of(&editor, "payments", "1");
    editor.apply(EditorAction::Edit(EditAction::Session(Action::SetOffset {
        row,
        offset: 7,
    })));
    let gone = row_of(&editor, "orders", "2");
    editor.apply(EditorAction::Edit(EditAction::Session(
        Action::RemoveEntries {
            selection: Selection::Rows(vec![gone]),
        },
    )));
    editor.apply(EditorAction::Edit(EditAction::Session(
        Action::AddEntries {
            cluster: None,
            topic: "refunds".into(),
            partitions: offsets_core::filter::PartitionSet::range(0, 1),
            offset: Some(5),
        },
    )));
    editor.apply(EditorAction::Table(TableAction::SetFilter(
        "changed".into(),
    )));
    editor.apply(EditorAction::Settings(SettingsAction::SetField(
        Field::AlterConfigMap,
        "rewind-1".into(),
    )));
    let restored = Editor::restore(&editor.source_record(), Some(&editor.draft_record())).unwrap();
    assert_eq!(
        restored.session().unwrap().working_listing(),
        editor.session().unwrap().working_listing()
    );
    assert_eq!(restored.filter_text(), "changed");
    assert_eq!(restored.settings().get(Field::AlterConfigMap), "rewind-1");
    assert_eq!(restored.input(), editor.input());
    assert_eq!(
        restored.notice().unwrap().text,
        "Draft restored from this browser's storage."
    );
}

#[test]
fn a_draft_of_text_that_never_loaded_keeps_the_text() {
    let mut editor = Editor::new();
    editor.apply(EditorAction::Import(ImportAction::SetInput(
        "not: [valid".into(),
    )));
    editor.apply(EditorAction::Import(ImportAction::Load));
    let restored = Editor::restore(&editor.source_record(), None).unwrap();
    assert_eq!(restored.input(), "not: [valid");
    assert!(restored.session().is_none());
    assert!(Editor::restore("{", None).is_err());
}

#[test]
fn problems_follow_edits_without_revalidating_everything() {
    let mut editor = loaded("invalid-negative-partition.list.yaml");
    // Entry #4 is payments:0; its change warning keeps the listing's numbering.
    let row = row_of(&editor, "payments", "0");
    assert_eq!(row, 3);
    editor.apply(EditorAction::Edit(EditAction::Session(Action::SetOffset {
        row,
        offset: 1000,
    })));
    let ms11: Vec<_> = editor
        .problems()
        .into_iter()
        .filter(|d| d.rule == "MS11")
        .collect();
    assert_eq!(ms11.len(), 1);
    assert_eq!(ms11[0].entry, Some(3));
    assert!(
        ms11[0]
            .message
            .starts_with("east/payments partition 0 (entry #4): records 1001…1008"),
        "{}",
        ms11[0].message
    );
    // Removing the entry with the bad partition removes its error.
    editor.apply(EditorAction::Edit(EditAction::Session(
        Action::RemoveEntries {
            selection: Selection::Rows(vec![1]),
        },
    )));
    assert!(!editor.problems().iter().any(|d| d.rule == "MS3"));
    let summary = editor.change_summary();
    assert_eq!(
        (summary.rewound, summary.records_replayed, summary.removed),
        (1, 8, 1)
    );
    let blockers = editor.export_blockers();
    assert_eq!(blockers.len(), 1, "{blockers:?}");
    assert_eq!(
        blockers[0].message,
        "Required: the name of the KafkaConnector resource."
    );
    editor.apply(EditorAction::Settings(SettingsAction::SetField(
        Field::Resource,
        "mirror-source".into(),
    )));
    assert!(
        editor.export_blockers().is_empty(),
        "{:?}",
        editor.export_blockers()
    );
}

#[test]
fn saved_edits_are_never_applied_to_another_listing() {
    let mut first = loaded("kafkaconnector-mm2-source.list.yaml");
    first.apply(EditorAction::Edit(EditAction::Session(Action::SetOffset {
        row: 0,
        offset: 1,
    })));
    let second = loaded("kafkamirrormaker2-source.list.yaml");
    // The browser kept the new source but the edits of the old one (or the other way round).
    let restored = Editor::restore(&second.source_record(), Some(&first.draft_record())).unwrap();
    assert_eq!(restored.session().unwrap().changed_count(), 0);
    let notice = restored.notice().unwrap();
    assert_eq!(notice.severity, offsets_core::Severity::Warning);
    assert!(notice.text.contains("not re-applied"), "{}", notice.text);
}

#[test]
fn restoring_a_removed_and_edited_row_counts_it_once() {
    let mut editor = loaded("kafkamirrormaker2-source.list.yaml");
    editor.apply(EditorAction::Edit(EditAction::Session(Action::SetOffset {
        row: 0,
        offset: 5,
    })));
    editor.apply(EditorAction::Edit(EditAction::Session(
        Action::RemoveEntries {
            selection: Selection::Rows(vec![0]),
        },
    )));
    editor.apply(EditorAction::Edit(EditAction::Session(
        Action::RestoreOffsets {
            selection: Selection::Rows(vec![0]),
        },
    )));
    assert_eq!(
        editor.notice().unwrap().text,
        "Restored 1 row(s) to their imported state."
    );
    assert_eq!(editor.session().unwrap().changed_count(), 0);
}

#[test]
fn cell_edits_and_null_toggles_become_the_right_actions() {
    use offsets_core::editor::{cell_edit, null_toggle};
    let editor = loaded("kafkamirrormaker2-source.list.yaml");
    let d = editor.row_display(row_of(&editor, "orders", "1")).unwrap();
    let row = d.index;
    // A cleared cell changes nothing; null is typed out (issue 14: null only on purpose).
    check_typed(
        |text| cell_edit(&d, text),
        vec![
            ("42", Ok(None)), // the same value changes nothing
            (" 1,000 ", Ok(Some(Action::SetOffset { row, offset: 1000 }))),
            ("", Ok(None)),
            ("null", Ok(Some(Action::SetNull { row }))),
            ("-5", Err("negative")),
            ("abc", Err("not a whole number")),
            ("9223372036854775808", Err("largest Kafka offset")),
        ],
    );
    assert_eq!(null_toggle(&d, true), Action::SetNull { row });
    assert_eq!(null_toggle(&d, false), Action::Restore { row });
}

#[test]
fn bulk_buttons_and_the_add_form_become_actions_or_explained_refusals() {
    use offsets_core::editor::{BulkOp, add_entries, bulk_action};
    let all = || Selection::All;
    assert_eq!(
        bulk_action(BulkOp::Shift, all(), "-1_000"),
        Ok(Action::ShiftOffsets {
            selection: all(),
            delta: -1000
        })
    );
    // An empty value is refused, never null (issue 14).
    assert!(bulk_action(BulkOp::Set, all(), "").is_err());
    assert!(bulk_action(BulkOp::ResumeAt, all(), "").is_err());
    assert!(
        bulk_action(BulkOp::Shift, all(), "x")
            .unwrap_err()
            .to_string()
            .contains("not a whole number")
    );
    assert_eq!(
        add_entries(" east ", "refunds", "0-2", ""),
        Ok(Action::AddEntries {
            cluster: Some("east".into()),
            topic: "refunds".into(),
            partitions: offsets_core::filter::PartitionSet::range(0, 2),
            offset: None,
        })
    );
    assert!(
        add_entries("", "bad topic", "0", "")
            .unwrap_err()
            .to_string()
            .contains("Topic name is invalid")
    );
    assert!(
        add_entries("", "t", "2-1", "")
            .unwrap_err()
            .to_string()
            .starts_with("Partitions, column")
    );
}

#[test]
fn the_export_summary_counts_what_changed() {
    use offsets_core::editor::summary_sentence;
    let mut editor = loaded("kafkaconnector-mm2-source.list.yaml");
    editor.apply(EditorAction::Settings(SettingsAction::SetField(
        Field::Resource,
        "mirror-source".into(),
    )));
    editor.apply(EditorAction::Edit(EditAction::Session(
        Action::ShiftOffsets {
            selection: Selection::All,
            delta: -1000,
        },
    )));
    let exports = editor.exports().unwrap();
    assert_eq!(
        summary_sentence(&exports, false),
        "5 rewound (5,000 records processed again), 0 skipped (0 records never processed), 0 nulled, 0 set, 0 added, 0 removed. The export holds 5 entries (changes only)."
    );
}

const GENERIC: &str = r#"{"offsets":[
 {"partition":{"server":"inventory"},"offset":{"lsn":"0/16B6C50","txId":562,"ts_usec":1700000000000000,"snapshot":false}},
 {"partition":{"filename":"/data/in.txt"},"offset":{"position":1234}},
 {"partition":{"filename":"/data/gone.txt"},"offset":null}
]}"#;

fn generic() -> Editor {
    loaded_text(GENERIC.into())
}

fn commit(editor: &mut Editor, row: usize, side: MapSide, key: &str, text: &str) {
    let action = editor.field_edit(row, side, key, text).unwrap().unwrap();
    editor.apply(EditorAction::Edit(EditAction::Session(action)));
}

#[test]
fn generic_rows_show_their_maps_as_key_value_cells() {
    let editor = generic();
    let d = editor.row_display(0).unwrap();
    let cells: Vec<(&str, &str, &str)> = d
        .partition_fields
        .iter()
        .chain(&d.offset_fields)
        .map(|c| (c.key.as_str(), c.text.as_str(), c.label.as_str()))
        .collect();
    assert_eq!(
        cells,
        vec![
            (
                "server",
                "inventory",
                "Partition field server of server=inventory"
            ),
            ("lsn", "0/16B6C50", "Offset field lsn of server=inventory"),
            ("txId", "562", "Offset field txId of server=inventory"),
            (
                "ts_usec",
                "1700000000000000",
                "Offset field ts_usec of server=inventory"
            ),
            (
                "snapshot",
                "false",
                "Offset field snapshot of server=inventory"
            ),
        ]
    );
    assert!(
        d.partition_fields
            .iter()
            .chain(&d.offset_fields)
            .all(|c| !c.changed)
    );
    // A null offset has no offset cells; typed connectors have none at all.
    assert!(editor.row_display(2).unwrap().offset_fields.is_empty());
    let mm2 = loaded("kafkaconnector-mm2-source.list.yaml");
    assert!(mm2.row_display(0).unwrap().partition_fields.is_empty());
}

#[test]
fn field_cells_keep_the_type_of_the_value_they_replace() {
    let mut editor = generic();
    // Unchanged text is no action.
    assert_eq!(
        editor.field_edit(0, MapSide::Offset, "lsn", "0/16B6C50"),
        Ok(None)
    );
    assert_eq!(
        editor.field_edit(0, MapSide::Offset, "txId", " 562 "),
        Ok(None)
    );
    // Type errors are explained and change nothing.
    assert_eq!(
        editor
            .field_edit(0, MapSide::Offset, "txId", "abc")
            .unwrap_err()
            .to_string(),
        "'abc' is not a number; this field holds a number (for example 42 or 1.5)."
    );
    assert_eq!(
        editor
            .field_edit(0, MapSide::Offset, "snapshot", "yes")
            .unwrap_err()
            .to_string(),
        "'yes' is not true or false; this field holds a boolean."
    );
    assert!(editor.field_edit(0, MapSide::Offset, "nope", "1").is_err());
    assert!(editor.field_edit(9, MapSide::Offset, "lsn", "1").is_err());

    commit(&mut editor, 0, MapSide::Offset, "lsn", "0/16B0000");
    commit(
        &mut editor,
        0,
        MapSide::Offset,
        "ts_usec",
        "9223372036854775807",
    );
    commit(&mut editor, 0, MapSide::Offset, "snapshot", "true");
    commit(
        &mut editor,
        1,
        MapSide::Partition,
        "filename",
        "/data/renamed.txt",
    );
    let d = editor.row_display(0).unwrap();
    assert!(d.changed);
    let changed: Vec<&str> = d
        .offset_fields
        .iter()
        .filter(|c| c.changed)
        .map(|c| c.key.as_str())
        .collect();
    assert_eq!(changed, vec!["lsn", "ts_usec", "snapshot"]);
    assert_eq!(d.change.as_deref(), Some("Changed: lsn, ts_usec, snapshot"));
    assert_eq!(
        editor.row_display(1).unwrap().partition_fields[0].label,
        "Partition field filename of filename=/data/renamed.txt"
    );
    // The export holds both entries exactly, the 64-bit value digit for digit.
    editor.apply(EditorAction::Settings(SettingsAction::SetField(
        Field::Connector,
        "inventory-source".into(),
    )));
    let exports = editor.exports().unwrap();
    let patch = offsets_core::json::to_compact(
        &offsets_core::json::parse(&exports.patch_json.unwrap().text).unwrap(),
    );
    assert!(
        patch.contains(
            r#""lsn":"0/16B0000","txId":562,"ts_usec":9223372036854775807,"snapshot":true"#
        ),
        "{patch}"
    );
    assert!(
        patch.contains(r#""filename":"/data/renamed.txt""#),
        "{patch}"
    );
    assert_eq!(exports.entries, 2);

    // A field can be removed (and the removal undone).
    let remove = editor.field_remove(0, MapSide::Offset, "snapshot").unwrap();
    editor.apply(EditorAction::Edit(EditAction::Session(remove)));
    let d = editor.row_display(0).unwrap();
    assert_eq!(d.offset_fields.len(), 3);
    assert_eq!(
        d.offset_fields[2].remove_label,
        "Remove offset field ts_usec of server=inventory"
    );
    assert!(editor.field_remove(0, MapSide::Offset, "snapshot").is_err());
    editor.apply(EditorAction::Edit(EditAction::Session(Action::Undo)));
    assert_eq!(editor.row_display(0).unwrap().offset_fields.len(), 4);

    // A field can be added, typed as key=value: JSON when it reads as JSON, else a string.
    let add = |editor: &Editor, text: &str| editor.field_add(0, MapSide::Offset, text);
    assert_eq!(
        add(&editor, "nope").unwrap_err().to_string(),
        "Type the new field as key=value, for example snapshot=true."
    );
    assert_eq!(
        add(&editor, "lsn=1").unwrap_err().to_string(),
        "The offset map already has a field 'lsn': edit it instead."
    );
    let action = add(&editor, "snapshot_completed = true").unwrap();
    editor.apply(EditorAction::Edit(EditAction::Session(action)));
    let action = add(&editor, "file=binlog.000003").unwrap();
    editor.apply(EditorAction::Edit(EditAction::Session(action)));
    let d = editor.row_display(0).unwrap();
    let last: Vec<(&str, &str)> = d
        .offset_fields
        .iter()
        .rev()
        .take(2)
        .map(|c| (c.key.as_str(), c.text.as_str()))
        .collect();
    assert_eq!(
        last,
        vec![("file", "binlog.000003"), ("snapshot_completed", "true")]
    );
    assert_eq!(
        offsets_core::editor::field_add_label(MapSide::Offset, &d),
        "Add offset field to server=inventory"
    );
    // The null offset of row 2 gets an offset map from its first field.
    let action = editor.field_add(2, MapSide::Offset, "position=0").unwrap();
    editor.apply(EditorAction::Edit(EditAction::Session(action)));
    assert_eq!(editor.row_display(2).unwrap().offset_fields.len(), 1);
    for _ in 0..3 {
        editor.apply(EditorAction::Edit(EditAction::Session(Action::Undo)));
    }

    // Undo is per cell.
    editor.apply(EditorAction::Edit(EditAction::Session(Action::Undo)));
    assert_eq!(
        editor.row_display(1).unwrap().partition_fields[0].text,
        "/data/in.txt"
    );
    // The draft keeps the edited entries.
    let restored = Editor::restore(&editor.source_record(), Some(&editor.draft_record())).unwrap();
    assert_eq!(
        restored.session().unwrap().working_listing(),
        editor.session().unwrap().working_listing()
    );
    assert_eq!(
        restored.notice().unwrap().text,
        "Draft restored from this browser's storage."
    );
}

#[test]
fn a_connector_defined_offset_can_be_nulled_and_brought_back() {
    let mut editor = generic();
    let d = editor.row_display(0).unwrap();
    editor.apply(EditorAction::Edit(EditAction::Session(
        offsets_core::editor::null_toggle(&d, true),
    )));
    let d = editor.row_display(0).unwrap();
    assert!(d.is_null && d.changed && d.offset_fields.is_empty());
    editor.apply(EditorAction::Edit(EditAction::Session(
        offsets_core::editor::null_toggle(&d, false),
    )));
    let d = editor.row_display(0).unwrap();
    assert!(!d.is_null && !d.changed);
    assert_eq!(d.offset_fields.len(), 4);
}

#[test]
fn the_view_reads_a_replaced_entry_not_the_imported_one() {
    // Only generic rows get key/value cells in the page, but the view must not trust the
    // index built at load for any replaced entry.
    let mut editor = loaded("kafkaconnector-sink.list.json");
    let row = 0;
    let entry = editor.session().unwrap().current_entry(row).unwrap();
    let value = offsets_core::edit::with_field(
        &entry,
        MapSide::Partition,
        "kafka_topic",
        Some(offsets_core::json::JsonValue::string("renamed")),
    )
    .unwrap();
    editor.apply(EditorAction::Edit(EditAction::Session(Action::SetEntry {
        row,
        value,
    })));
    editor.apply(EditorAction::Table(TableAction::SetFilter(
        "renamed".into(),
    )));
    let rows: Vec<usize> = editor
        .view()
        .items
        .iter()
        .filter_map(|i| match i {
            ViewItem::Row(r) => Some(*r),
            _ => None,
        })
        .collect();
    assert_eq!(rows, vec![row]);
}

#[test]
fn added_rows_join_their_topic_group_and_filters_see_them() {
    let mut editor = loaded("kafkaconnector-mm2-source.list.yaml");
    editor.apply(EditorAction::Edit(EditAction::Session(
        Action::AddEntries {
            cluster: None,
            topic: "orders".into(),
            partitions: offsets_core::filter::PartitionSet::range(3, 4),
            offset: Some(5),
        },
    )));
    editor.apply(EditorAction::Edit(EditAction::Session(
        Action::AddEntries {
            cluster: None,
            topic: "aaa".into(),
            partitions: offsets_core::filter::PartitionSet::range(0, 0),
            offset: None,
        },
    )));
    let groups = |editor: &Editor| -> Vec<(String, usize, usize)> {
        editor
            .view()
            .items
            .iter()
            .filter_map(|i| match i {
                ViewItem::Group {
                    topic,
                    rows,
                    changed,
                    ..
                } => Some((topic.clone(), *rows, *changed)),
                _ => None,
            })
            .collect()
    };
    assert_eq!(
        groups(&editor),
        vec![
            ("aaa".to_string(), 1, 1),
            ("orders".to_string(), 5, 2),
            ("payments".to_string(), 2, 0),
        ]
    );
    // Globs and regexes over imported and added rows alike (the topic test is cached per
    // topic for imported rows only).
    for (filter, expected) in [
        ("ord*", vec![("orders".to_string(), 5, 2)]),
        (
            "/^(aaa|pay)/",
            vec![("aaa".to_string(), 1, 1), ("payments".to_string(), 2, 0)],
        ),
        ("orders partition:2-3", vec![("orders".to_string(), 2, 1)]),
        (
            "changed",
            vec![("aaa".to_string(), 1, 1), ("orders".to_string(), 2, 2)],
        ),
    ] {
        editor.apply(EditorAction::Table(TableAction::SetFilter(filter.into())));
        assert_eq!(groups(&editor), expected, "{filter}");
    }
}

#[test]
fn the_small_prefs_record_carries_the_newer_filter_and_settings() {
    let mut editor = loaded("kafkaconnector-mm2-source.list.yaml");
    let row = row_of(&editor, "payments", "1");
    editor.apply(EditorAction::Edit(EditAction::Session(Action::SetOffset {
        row,
        offset: 7,
    })));
    editor.apply(EditorAction::Table(TableAction::SetFilter("orders".into())));
    editor.apply(EditorAction::Settings(SettingsAction::SetField(
        Field::AlterConfigMap,
        "old-name".into(),
    )));
    let draft = editor.draft_record();
    // Typing after the last edit changes only the prefs record.
    editor.apply(EditorAction::Table(TableAction::SetFilter(
        "payments partition:1".into(),
    )));
    editor.apply(EditorAction::Settings(SettingsAction::SetField(
        Field::AlterConfigMap,
        "new-name".into(),
    )));
    editor.apply(EditorAction::Settings(SettingsAction::SetTarget(
        TargetKind::Rest,
    )));
    let prefs = editor.prefs_record();
    assert!(prefs.len() < 400, "{prefs}");
    assert!(!prefs.contains("\"set\""), "{prefs}");

    let restored =
        Editor::restore_with_prefs(&editor.source_record(), Some(&draft), Some(&prefs)).unwrap();
    assert_eq!(
        restored.session().unwrap().working_listing(),
        editor.session().unwrap().working_listing()
    );
    assert_eq!(restored.filter_text(), "payments partition:1");
    assert_eq!(restored.settings().get(Field::AlterConfigMap), "new-name");
    assert_eq!(restored.settings().target, TargetKind::Rest);
    assert_eq!(
        restored.notice().unwrap().text,
        "Draft restored from this browser's storage."
    );
    // Without prefs, the draft's own copy; with unreadable prefs, the same.
    let without = Editor::restore(&editor.source_record(), Some(&draft)).unwrap();
    assert_eq!(without.filter_text(), "orders");
    let garbage =
        Editor::restore_with_prefs(&editor.source_record(), Some(&draft), Some("{nope")).unwrap();
    assert_eq!(garbage.filter_text(), "orders");
    assert_eq!(garbage.settings().get(Field::AlterConfigMap), "old-name");
}

#[test]
fn the_problems_heading_counts_by_severity() {
    use offsets_core::editor::problems_heading;
    assert_eq!(
        problems_heading(&[]),
        "Problems: 0 errors, 0 warnings, 0 infos"
    );
    let editor = loaded("invalid-negative-partition.list.yaml");
    let problems = editor.problems();
    let errors = problems
        .iter()
        .filter(|d| d.severity == offsets_core::Severity::Error)
        .count();
    assert_eq!(errors, 1);
    assert!(
        problems_heading(&problems).starts_with("Problems: 1 error, "),
        "{}",
        problems_heading(&problems)
    );
}

#[test]
fn a_file_with_invalid_utf8_is_a_located_error_and_its_text_is_kept() {
    let mut editor = Editor::new();
    let mut bytes =
        b"{\"offsets\":[\n {\"partition\":{\"cluster\":\"east\",\"topic\":\"ord".to_vec();
    bytes.push(0xE9);
    bytes.extend_from_slice(b"rs\",\"partition\":0},\"offset\":{\"offset\":1}}]}");
    editor.apply(EditorAction::Import(ImportAction::LoadFile(bytes)));
    assert!(editor.session().is_none());
    let errors = editor.load_errors();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].rule, "INPUT");
    assert_eq!(
        (errors[0].position.line, errors[0].position.column),
        (2, 45)
    );
    assert!(
        errors[0]
            .message
            .starts_with("The input is not valid UTF-8: byte 0xE9")
    );
    assert!(editor.input().contains("ord\u{FFFD}rs"));
    assert!(
        editor
            .notice()
            .unwrap()
            .text
            .starts_with("Not loaded: 2:45: INPUT: The input is not valid UTF-8"),
        "{}",
        editor.notice().unwrap().text
    );
    // A valid file loads, as pasting it would.
    editor.apply(EditorAction::Import(ImportAction::LoadFile(
        fixture("kafkamirrormaker2-source.list.yaml").into_bytes(),
    )));
    assert_eq!(editor.session().unwrap().len(), 2);
    assert_eq!(
        editor.input(),
        fixture("kafkamirrormaker2-source.list.yaml")
    );
    // An unreadable file changes nothing but the notice.
    let before = editor.session().unwrap().working_listing();
    editor.apply(EditorAction::Import(ImportAction::FileUnreadable {
        name: "big.yaml".into(),
        reason: "NotReadableError".into(),
        at: NoticeAt::Import,
    }));
    assert_eq!(
        editor.notice().unwrap().text,
        "Could not read big.yaml: NotReadableError. Nothing was loaded and your edits are kept; try again, or paste the text instead."
    );
    assert_eq!(editor.notice().unwrap().at, NoticeAt::Import);
    assert_eq!(editor.session().unwrap().working_listing(), before);
    // A file opened in another panel is reported in that panel.
    for at in [NoticeAt::References, NoticeAt::Resource, NoticeAt::Landed] {
        editor.apply(EditorAction::Import(ImportAction::FileUnreadable {
            name: "cr.yaml".into(),
            reason: "NotReadableError".into(),
            at,
        }));
        let notice = editor.notice().unwrap();
        assert_eq!(notice.at, at);
        assert_eq!(
            notice.text,
            "Could not read cr.yaml: NotReadableError. Nothing was changed; try again, or paste the text instead."
        );
    }
    assert_eq!(editor.session().unwrap().working_listing(), before);
}

#[test]
fn a_negative_mirrormaker_offset_resumes_nowhere() {
    let mut editor = Editor::new();
    editor.apply(EditorAction::Import(ImportAction::SetInput(
        r#"{"offsets":[{"partition":{"cluster":"east","topic":"orders","partition":0},"offset":{"offset":-2}},
{"partition":{"cluster":"east","topic":"orders","partition":1},"offset":{"offset":-9223372036854775808}},
{"partition":{"cluster":"east","topic":"orders","partition":2},"offset":{"offset":9223372036854775807}}]}"#
            .into(),
    )));
    editor.apply(EditorAction::Import(ImportAction::Load));
    let resumes: Vec<String> = (0..3)
        .map(|i| editor.row_display(i).unwrap().resumes_at.unwrap())
        .collect();
    assert_eq!(resumes, vec!["?", "?", "9223372036854775808"]);
    assert!(editor.problems().iter().any(|d| d.rule == "MS8"));
}

#[test]
fn the_source_record_stores_the_loaded_text_once() {
    let mut editor = loaded("kafkamirrormaker2-source.list.yaml");
    let text = fixture("kafkamirrormaker2-source.list.yaml");
    let record = editor.source_record();
    assert!(
        record.len() < text.len() + 200,
        "{} for {}",
        record.len(),
        text.len()
    );
    let restored = Editor::restore(&record, None).unwrap();
    assert_eq!(restored.input(), text);
    assert_eq!(
        restored.session().unwrap().working_listing(),
        editor.session().unwrap().working_listing()
    );
    // The text area changed after the load: both are kept.
    editor.apply(EditorAction::Import(ImportAction::SetInput(
        "half-typed".into(),
    )));
    let restored = Editor::restore(&editor.source_record(), None).unwrap();
    assert_eq!(restored.input(), "half-typed");
    assert_eq!(restored.session().unwrap().len(), 2);
}

/// The page holds its entries on a tape, as the CLI's import (the default) does (BENCHMARKS.md,
/// "The import on the tape": with the tape's readers inlined in wasm, in Chromium import +
/// validate + export is at least as fast as on trees and Load, a bulk shift and a filter
/// keystroke no slower). Moving the page back to trees is a measured decision: this test says
/// where to write it.
#[test]
fn the_page_and_the_cli_hold_their_entries_on_a_tape() {
    let editor = loaded("rest-get-offsets.mm2-source.json");
    let listing = editor.session().unwrap().imported();
    assert!(!listing.entries.is_empty());
    assert!(listing.entries.iter().all(|e| e.is_on_tape()));
    let text = fixture("rest-get-offsets.mm2-source.json");
    let cli = offsets_core::import(&text, &offsets_core::ImportOptions::default()).unwrap();
    assert!(cli.listing.entries.iter().all(|e| e.is_on_tape()));
}

/// Issue 36 item 2: an entry whose offset number changes for another number stays on the tape
/// (a copy of its nodes, the number replaced), in the page's session and through the CLI's
/// session; a change of shape (null) builds a small tree, and both export what the text says.
#[test]
fn a_changed_offset_stays_on_the_tape_without_a_tree() {
    let text = fixture("rest-get-offsets.mm2-source.json");
    let imported = offsets_core::import(&text, &offsets_core::ImportOptions::default()).unwrap();
    let n = imported.listing.entries.len();
    assert!(n >= 2);
    let mut session = offsets_core::edit::Session::new(imported.listing);
    session
        .apply(Action::ShiftOffsets {
            selection: Selection::All,
            delta: -1,
        })
        .unwrap();
    session.apply(Action::SetNull { row: n - 1 }).unwrap();
    let shifted = session.current_entry(0).unwrap();
    assert!(shifted.is_on_tape(), "{shifted:?}");
    let before = session.imported().entries[0]
        .offset(session.kind())
        .unwrap();
    assert_eq!(shifted.offset(session.kind()), Some(before - 1));
    assert_eq!(shifted.origin(), session.imported().entries[0].origin());
    let nulled = session.current_entry(n - 1).unwrap();
    assert!(!nulled.is_on_tape());
    assert_eq!(nulled.offset(session.kind()), None);
}
