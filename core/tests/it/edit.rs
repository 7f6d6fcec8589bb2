//! Edit engine: every action through the one reducer, atomic refusals, undo/redo.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use offsets_core::edit::{
    Action, ExportScope, HISTORY_STEPS, MapSide, OffsetValue, Selection, Session, null_meaning,
    with_field,
};
use offsets_core::filter::{Filter, PartitionSet};
use offsets_core::json::JsonValue;
use offsets_core::{ConnectorKind, ImportOptions, Listing, import};

const MM2: &str = r#"{"offsets":[
 {"partition":{"cluster":"east","partition":0,"topic":"orders"},"offset":{"offset":41}},
 {"partition":{"cluster":"east","partition":1,"topic":"orders"},"offset":{"offset":42}},
 {"partition":{"cluster":"east","partition":0,"topic":"payments"},"offset":null},
 {"partition":{"cluster":"west","partition":2,"topic":"orders"},"offset":{"offset":9223372036854775800}}
]}"#;

const SINK: &str = r#"{"offsets":[
 {"partition":{"kafka_partition":0,"kafka_topic":"events"},"offset":{"kafka_offset":500}},
 {"partition":{"kafka_partition":1,"kafka_topic":"events"},"offset":{"kafka_offset":"501"}}
]}"#;

fn listing(text: &str) -> Listing {
    import(text, &ImportOptions::default()).unwrap().listing
}

fn session(text: &str) -> Session {
    Session::new(listing(text))
}

fn offsets(s: &Session) -> Vec<OffsetValue> {
    s.rows().map(|r| r.current).collect()
}

fn filter(text: &str) -> Selection {
    Selection::Filter(Filter::parse(text).unwrap())
}

use OffsetValue::{Null, Value};

#[test]
fn set_null_restore_single_rows() {
    let mut s = session(MM2);
    assert_eq!(s.kind(), ConnectorKind::MirrorSource);
    s.apply(Action::SetOffset { row: 0, offset: 7 }).unwrap();
    let out = s.apply(Action::SetNull { row: 1 }).unwrap();
    assert_eq!(
        out.notes,
        vec![null_meaning(
            ConnectorKind::MirrorSource,
            &offsets_core::model::ResetFact::default()
        )]
    );
    assert_eq!(
        offsets(&s),
        vec![Value(7), Null, Null, Value(9223372036854775800)]
    );
    assert_eq!(s.changed_count(), 2);
    s.apply(Action::Restore { row: 0 }).unwrap();
    assert_eq!(s.row(0).unwrap().current, Value(41));
    assert!(!s.row(0).unwrap().changed);
    // Setting the imported value again is not a change.
    s.apply(Action::SetOffset { row: 0, offset: 41 }).unwrap();
    assert_eq!(s.changed_count(), 1);
}

#[test]
fn refusals_leave_the_state_untouched() {
    let mut s = session(MM2);
    s.apply(Action::SetOffset { row: 0, offset: 1 }).unwrap();
    let before = s.clone();
    let table: Vec<(Action, &str)> = vec![
        (Action::SetOffset { row: 9, offset: 1 }, "There is no row 9 (the session has 4 rows). Nothing was changed."),
        (Action::SetOffset { row: 1, offset: -1 }, "Entry #2 (east/orders:1): offset -1 is negative; offsets are whole numbers between 0 and 9223372036854775807. Nothing was changed."),
        (
            Action::ShiftOffsets { selection: Selection::All, delta: 10 },
            "Entry #4 (west/orders:2): shifting offset 9223372036854775800 by 10 overflows the largest offset 9223372036854775807; the whole shift was refused and nothing was changed.",
        ),
        (
            Action::ShiftOffsets { selection: Selection::All, delta: -2 },
            "Entry #1 (east/orders:0): shifting offset 1 by -2 gives -1, below 0. Offsets cannot be negative; the whole shift was refused and nothing was changed.",
        ),
        (
            Action::ShiftOffsets { selection: Selection::All, delta: i64::MIN },
            "Entry #1 (east/orders:0): shifting offset 1 by -9223372036854775808 gives -9223372036854775807, below 0. Offsets cannot be negative; the whole shift was refused and nothing was changed.",
        ),
        (Action::ResumeAt { selection: Selection::All, record: -3 }, "Record -3 is negative; records are numbered from 0. Nothing was changed."),
        (
            Action::SetOffsets { selection: Selection::Keys(vec![listing(r#"{"offsets":[{"partition":{"cluster":"east","partition":9,"topic":"orders"},"offset":null}]}"#).entries[0].key().unwrap()]), offset: 1 },
            "Partition {cluster=east, partition=9, topic=orders} is not listed; add it first (only listed partitions can be edited). Nothing was changed.",
        ),
        (
            Action::AddEntries { cluster: None, topic: "orders".into(), partitions: PartitionSet::parse("1-3").unwrap(), offset: None },
            "east/orders:1 is already listed; edit it instead. Nothing was added.",
        ),
        (
            Action::AddEntries { cluster: None, topic: "bad topic".into(), partitions: PartitionSet::range(0, 0), offset: None },
            "Topic name is invalid: 'bad topic' contains one or more characters other than ASCII alphanumerics, '.', '_' and '-'. Nothing was added.",
        ),
        (Action::Redo, "Nothing to redo."),
    ];
    for (action, message) in table {
        let err = s.apply(action.clone()).unwrap_err();
        assert_eq!(err.message, message, "{action:?}");
        assert_eq!(s, before, "{action:?} changed the state");
    }
}

/// A commit writes each row as it goes: a refusal part way puts back the rows written before
/// it, whatever their cells were (an imported value, a shifted one, one set).
#[test]
fn a_refusal_part_way_puts_back_the_rows_written_before_it() {
    const LISTING: &str = r#"{"offsets":[
 {"partition":{"file":"a"},"offset":{"position":5}},
 {"partition":{"file":"b"},"offset":{"position":6}},
 {"partition":{"file":"c"},"offset":{"position":7}},
 {"partition":{"file":"d"},"offset":{"position":8,"line":2}}
]}"#;
    let mut s = session(LISTING);
    assert_eq!(s.kind(), ConnectorKind::Generic);
    s.apply(Action::ShiftOffsets {
        selection: Selection::Rows(vec![1]),
        delta: 3,
    })
    .unwrap();
    s.apply(Action::SetOffset { row: 2, offset: 70 }).unwrap();
    let before = s.clone();
    assert_eq!(
        offsets(&s),
        vec![Value(5), Value(9), Value(70), OffsetValue::Unreadable]
    );
    let err = s
        .apply(Action::SetOffsets {
            selection: Selection::All,
            offset: 1,
        })
        .unwrap_err();
    assert_eq!(
        err.message,
        "Entry #4 ({file=d}): this connector's offset format is connector-defined and the entry has no single integer field to set; only null or restore are possible. Nothing was changed."
    );
    assert_eq!(s, before);
    // Undo still finds the two steps before the refusal, in order.
    s.apply(Action::Undo).unwrap();
    assert_eq!(
        offsets(&s),
        vec![Value(5), Value(9), Value(7), OffsetValue::Unreadable]
    );
    s.apply(Action::Undo).unwrap();
    assert_eq!(
        offsets(&s),
        vec![Value(5), Value(6), Value(7), OffsetValue::Unreadable]
    );
}

#[test]
fn shift_is_checked_and_skips_nulls() {
    let mut s = session(MM2);
    let out = s
        .apply(Action::ShiftOffsets {
            selection: filter("orders cluster:east"),
            delta: -1,
        })
        .unwrap();
    assert_eq!(out.changed, 2);
    assert_eq!(out.message, "Shifted 2 offset(s) by -1.");
    let out = s
        .apply(Action::ShiftOffsets {
            selection: Selection::All,
            delta: 7,
        })
        .unwrap();
    assert_eq!(out.changed, 3);
    assert_eq!(
        out.notes,
        vec!["1 selected row(s) have no offset (null or unreadable) and were left alone."]
    );
    assert_eq!(
        offsets(&s),
        vec![Value(47), Value(48), Null, Value(i64::MAX)]
    );
}

#[test]
fn mirror_helpers_make_plus_one_explicit() {
    let mut s = session(MM2);
    let out = s
        .apply(Action::ResumeAt {
            selection: filter("partition:1"),
            record: 100,
        })
        .unwrap();
    assert_eq!(
        out.notes,
        vec![
            "MirrorMaker resumes at the stored offset + 1, so 99 is stored to resume at record 100."
        ]
    );
    assert_eq!(s.row(1).unwrap().current, Value(99));
    let out = s
        .apply(Action::ResumeAt {
            selection: Selection::Rows(vec![0]),
            record: 0,
        })
        .unwrap();
    assert!(
        out.notes[0]
            .starts_with("Record 0 is the start of the partition: the offset is set to null")
    );
    assert_eq!(s.row(0).unwrap().current, Null);
    s.apply(Action::ReplayPartitions {
        selection: filter("cluster:west"),
    })
    .unwrap();
    assert_eq!(s.row(3).unwrap().current, Null);
}

#[test]
fn sink_resume_stores_the_next_record_and_string_offsets_read_as_numbers() {
    let mut s = session(SINK);
    assert_eq!(offsets(&s), vec![Value(500), Value(501)]);
    s.apply(Action::ResumeAt {
        selection: filter("partition:1"),
        record: 501,
    })
    .unwrap();
    assert_eq!(s.changed_count(), 0);
    s.apply(Action::ResumeAt {
        selection: filter("events"),
        record: 7,
    })
    .unwrap();
    assert_eq!(offsets(&s), vec![Value(7), Value(7)]);
    let out = s
        .apply(Action::NullOffsets {
            selection: Selection::Rows(vec![0]),
        })
        .unwrap();
    assert!(out.notes[0].starts_with("null deletes the consumer-group offset"));
}

#[test]
fn add_and_remove_entries() {
    let mut s = session(MM2);
    let out = s
        .apply(Action::AddEntries {
            cluster: None,
            topic: "orders".into(),
            partitions: PartitionSet::parse("2-3").unwrap(),
            offset: Some(5),
        })
        .unwrap();
    assert_eq!(out.message, "Added 2 entries.");
    assert_eq!(s.len(), 6);
    assert!(s.row(4).unwrap().added);
    assert_eq!(s.describe(4), "Added entry (east/orders:2)");
    s.apply(Action::RemoveEntries {
        selection: filter("payments"),
    })
    .unwrap();
    let edited = s.export_listing();
    let compact: Vec<String> = edited
        .entries
        .iter()
        .map(|e| offsets_core::json::to_compact(e.raw()))
        .collect();
    assert_eq!(
        compact,
        vec![
            r#"{"partition":{"cluster":"east","partition":2,"topic":"orders"},"offset":{"offset":5}}"#,
            r#"{"partition":{"cluster":"east","partition":3,"topic":"orders"},"offset":{"offset":5}}"#,
        ]
    );
    assert_eq!(s.working_listing().entries.len(), 5);
    // Restoring everything removes added rows and brings removed ones back.
    let out = s
        .apply(Action::RestoreOffsets {
            selection: Selection::All,
        })
        .unwrap();
    assert_eq!(
        out.notes,
        vec!["2 added row(s) have no imported value and were removed."]
    );
    assert_eq!(s.working_listing(), *s.imported());
}

#[test]
fn export_scope_and_untouched_entries_stay_byte_identical() {
    let mut s = session(SINK);
    s.apply(Action::SetOffset { row: 0, offset: 1 }).unwrap();
    assert_eq!(s.export_listing().entries.len(), 1);
    s.apply(Action::SetScope {
        scope: ExportScope::All,
    })
    .unwrap();
    let all = s.export_listing();
    assert_eq!(all.entries.len(), 2);
    // The untouched entry keeps its string offset exactly.
    assert_eq!(
        offsets_core::json::to_compact(all.entries[1].raw()),
        r#"{"partition":{"kafka_partition":1,"kafka_topic":"events"},"offset":{"kafka_offset":"501"}}"#
    );
    s.apply(Action::Undo).unwrap();
    assert_eq!(s.scope(), ExportScope::ChangedOnly);
}

#[test]
fn undo_redo_round_trip() {
    let mut s = session(MM2);
    let start = s.clone();
    s.apply(Action::ShiftOffsets {
        selection: Selection::All,
        delta: -5,
    })
    .unwrap();
    let shifted = offsets(&s);
    s.apply(Action::SetOffsets {
        selection: filter("partition:0"),
        offset: 3,
    })
    .unwrap();
    s.apply(Action::AddEntries {
        cluster: Some("east".into()),
        topic: "x".into(),
        partitions: PartitionSet::range(0, 1),
        offset: None,
    })
    .unwrap();
    s.apply(Action::RemoveEntries {
        selection: Selection::Rows(vec![1]),
    })
    .unwrap();
    let end = offsets(&s);
    for _ in 0..4 {
        s.apply(Action::Undo).unwrap();
    }
    assert_eq!(offsets(&s), offsets(&start));
    assert_eq!(s.working_listing(), start.working_listing());
    assert!(s.apply(Action::Undo).is_err());
    s.apply(Action::Redo).unwrap();
    assert_eq!(offsets(&s), shifted);
    for _ in 0..3 {
        s.apply(Action::Redo).unwrap();
    }
    assert_eq!(offsets(&s), end);
    // A new action clears the redo stack.
    s.apply(Action::Undo).unwrap();
    s.apply(Action::SetOffset { row: 0, offset: 1 }).unwrap();
    assert!(!s.can_redo());
}

#[test]
fn history_is_bounded() {
    let mut s = session(MM2);
    for i in 0..(HISTORY_STEPS as i64 + 20) {
        s.apply(Action::SetOffset { row: 0, offset: i }).unwrap();
    }
    assert_eq!(s.undo_depth(), HISTORY_STEPS);
}

#[test]
fn large_shift_undoes_with_one_run() {
    let mut text = String::from("{\"offsets\":[");
    for i in 0..100_000 {
        if i > 0 {
            text.push(',');
        }
        text.push_str(&format!(
            "{{\"partition\":{{\"cluster\":\"east\",\"partition\":{i},\"topic\":\"t\"}},\"offset\":{{\"offset\":{}}}}}",
            i + 10
        ));
    }
    text.push_str("]}");
    let mut s = session(&text);
    for _ in 0..5 {
        s.apply(Action::ShiftOffsets {
            selection: Selection::All,
            delta: -1,
        })
        .unwrap();
    }
    assert_eq!(s.row(99_999).unwrap().current, Value(100_004));
    for _ in 0..5 {
        s.apply(Action::Undo).unwrap();
    }
    assert_eq!(s.changed_count(), 0);
}

const GENERIC: &str = r#"{"offsets":[
 {"partition":{"server":"inventory"},"offset":{"lsn":"0/16B6C50","txId":562,"ts_usec":1700000000000000}},
 {"partition":{"filename":"/data/in.txt"},"offset":{"position":1234}},
 {"partition":{"filename":"/data/gone.txt"},"offset":null}
]}"#;

fn entry_json(s: &Session, row: usize) -> String {
    offsets_core::json::to_compact(s.current_entry(row).unwrap().raw())
}

fn set_field(s: &mut Session, row: usize, side: MapSide, key: &str, value: Option<JsonValue>) {
    let entry = s.current_entry(row).unwrap();
    let value = with_field(&entry, side, key, value).unwrap();
    s.apply(Action::SetEntry { row, value }).unwrap();
}

#[test]
fn generic_fields_are_edited_one_key_at_a_time_and_undo() {
    let mut s = session(GENERIC);
    assert_eq!(s.kind(), ConnectorKind::Generic);
    // Two numbers in the offset map: the offset is not a single integer.
    assert_eq!(s.row(0).unwrap().current, OffsetValue::Unreadable);
    set_field(
        &mut s,
        0,
        MapSide::Offset,
        "lsn",
        Some(JsonValue::string("0/16B0000")),
    );
    assert_eq!(
        entry_json(&s, 0),
        r#"{"partition":{"server":"inventory"},"offset":{"lsn":"0/16B0000","txId":562,"ts_usec":1700000000000000}}"#
    );
    let row = s.row(0).unwrap();
    assert!(row.changed && row.edited);
    assert_eq!(s.changed_count(), 1);
    // The export holds the edited entry, and only it.
    let export = s.export_listing();
    assert_eq!(export.entries.len(), 1);
    assert_eq!(
        offsets_core::json::to_compact(export.entries[0].raw()),
        entry_json(&s, 0)
    );
    // Its origin still points at the imported line.
    assert_eq!(export.entries[0].pos().line, 2);

    s.apply(Action::Undo).unwrap();
    assert_eq!(s.changed_count(), 0);
    assert!(!s.row(0).unwrap().edited);
    assert_eq!(s.working_listing(), listing(GENERIC));
    s.apply(Action::Redo).unwrap();
    assert!(entry_json(&s, 0).contains("0/16B0000"));

    // Editing the value back makes the row unchanged again.
    set_field(
        &mut s,
        0,
        MapSide::Offset,
        "lsn",
        Some(JsonValue::string("0/16B6C50")),
    );
    assert_eq!(s.changed_count(), 0);
    assert!(!s.row(0).unwrap().edited);
}

#[test]
fn generic_offset_and_null_apply_on_top_of_edited_fields() {
    let mut s = session(GENERIC);
    set_field(
        &mut s,
        1,
        MapSide::Partition,
        "filename",
        Some(JsonValue::string("/data/renamed.txt")),
    );
    // The single-integer offset is still settable, and keeps the partition edit.
    s.apply(Action::SetOffset { row: 1, offset: 99 }).unwrap();
    assert_eq!(s.row(1).unwrap().current, Value(99));
    assert_eq!(
        entry_json(&s, 1),
        r#"{"partition":{"filename":"/data/renamed.txt"},"offset":{"position":99}}"#
    );
    s.apply(Action::SetNull { row: 1 }).unwrap();
    assert_eq!(
        entry_json(&s, 1),
        r#"{"partition":{"filename":"/data/renamed.txt"},"offset":null}"#
    );
    // A field of a null offset creates the offset map.
    set_field(
        &mut s,
        2,
        MapSide::Offset,
        "position",
        Some(JsonValue::int(0)),
    );
    assert_eq!(
        entry_json(&s, 2),
        r#"{"partition":{"filename":"/data/gone.txt"},"offset":{"position":0}}"#
    );
    assert_eq!(s.row(2).unwrap().current, Value(0));
    // Removing a field.
    set_field(&mut s, 0, MapSide::Offset, "ts_usec", None);
    assert_eq!(
        entry_json(&s, 0),
        r#"{"partition":{"server":"inventory"},"offset":{"lsn":"0/16B6C50","txId":562}}"#
    );
    assert_eq!(s.changed_count(), 3);
    // Restore undoes the entry edit and the offset together, as one row.
    let out = s.apply(Action::Restore { row: 1 }).unwrap();
    assert_eq!(out.changed, 1);
    assert_eq!(
        entry_json(&s, 1),
        r#"{"partition":{"filename":"/data/in.txt"},"offset":{"position":1234}}"#
    );
    let out = s
        .apply(Action::RestoreOffsets {
            selection: Selection::All,
        })
        .unwrap();
    assert_eq!(out.changed, 2);
    assert_eq!(s.working_listing(), listing(GENERIC));
    // Every step undoes back to the import, and forward again.
    while s.apply(Action::Undo).is_ok() {}
    assert_eq!(s.working_listing(), listing(GENERIC));
}

#[test]
fn field_edits_refuse_what_cannot_be_done() {
    let mut s = session(GENERIC);
    let entry = s.current_entry(0).unwrap();
    assert_eq!(
        with_field(&entry, MapSide::Offset, "nope", None).unwrap_err(),
        "The offset map has no field 'nope'."
    );
    let odd = offsets_core::model::Entry::from_tree(
        JsonValue::object([
            ("partition".to_string(), JsonValue::string("p")),
            ("offset".to_string(), JsonValue::null()),
        ]),
        Default::default(),
    );
    assert_eq!(
        with_field(&odd, MapSide::Partition, "k", Some(JsonValue::int(1))).unwrap_err(),
        "The partition is a string, not a map of fields; fix it in the source."
    );
    let before = s.clone();
    let err = s
        .apply(Action::SetEntry {
            row: 0,
            value: JsonValue::int(3),
        })
        .unwrap_err();
    assert!(err.message.contains("must be a JSON object"), "{err}");
    assert_eq!(s, before);
    assert!(
        s.apply(Action::SetEntry {
            row: 9,
            value: JsonValue::object([]),
        })
        .is_err()
    );
    assert_eq!(s, before);
    // Setting an entry to what it is now changes nothing and leaves no undo step.
    let same = s.current_entry(0).unwrap().into_tree();
    let out = s
        .apply(Action::SetEntry {
            row: 0,
            value: same,
        })
        .unwrap();
    assert_eq!(out.changed, 0);
    assert!(!s.can_undo());
}

/// Found by the `edit_session` fuzz target: an entry edited key by key in a session over a CSV
/// document held a field the CSV cannot hold, and rewriting the document silently dropped it.
#[test]
fn a_csv_never_silently_drops_a_field_an_edit_added() {
    let text = "payments,0,9223372036854775806\norders,1,9223372036854775806\n";
    let mut s = session(text);
    assert_eq!(s.kind(), ConnectorKind::Sink);
    set_field(
        &mut s,
        0,
        MapSide::Partition,
        "note",
        Some(JsonValue::int(0)),
    );
    let err = offsets_core::export::rewrite_document(text, &s.working_listing()).unwrap_err();
    assert_eq!(
        err,
        "Entry #1 (payments:0) has fields a CSV cannot hold (partition.note); write it as JSON instead."
    );
    // The CSV export says what it leaves out.
    let csv = offsets_core::export::csv(&s.export_listing(), Some(s.imported())).unwrap();
    assert_eq!(csv.text, "payments,0,9223372036854775806\n");
    assert!(
        csv.diagnostics.iter().any(|d| d.message
            == "Entry #1 (payments:0): partition.note cannot be written to CSV and is left out; export JSON to keep it."),
        "{:?}",
        csv.diagnostics
    );
}

/// Issue 31, item 11: setting a MirrorMaker 2 offset says where the partition resumes, and that
/// 0 skips record 0; a sink's set says nothing of the kind.
#[test]
fn setting_a_mirror_offset_says_where_it_resumes() {
    let mirror = r#"{"offsets":[{"partition":{"cluster":"east","topic":"t","partition":0},"offset":{"offset":5}}]}"#;
    let mut s = Session::new(import(mirror, &Default::default()).unwrap().listing);
    let out = s
        .apply(Action::SetOffsets {
            selection: Selection::All,
            offset: 0,
        })
        .unwrap();
    assert!(
        out.notes
            .iter()
            .any(|n| n.contains("record 0 is never mirrored") && n.contains("Resume at record 0")),
        "{:?}",
        out.notes
    );
    let out = s.apply(Action::SetOffset { row: 0, offset: 41 }).unwrap();
    assert!(
        out.notes
            .iter()
            .any(|n| n.ends_with("resume at record 42.")),
        "{:?}",
        out.notes
    );
    let sink = r#"{"offsets":[{"partition":{"kafka_topic":"t","kafka_partition":0},"offset":{"kafka_offset":5}}]}"#;
    let mut s = Session::new(import(sink, &Default::default()).unwrap().listing);
    let out = s.apply(Action::SetOffset { row: 0, offset: 0 }).unwrap();
    assert!(
        out.notes.iter().all(|n| !n.contains("MirrorMaker")),
        "{:?}",
        out.notes
    );
}
