//! References in the editor (issue 11, the page's half): the "Add a reference" form with its
//! confirmed role, the Log range column and summary, `range:` filter terms in the table and in
//! bulk actions, LR problems, "set from a reference" over a filtered set as one undoable step,
//! unlisted partitions added on request, references kept in the draft, and the command
//! generator (pinned by the same golden files as the core commands).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support::loaded_text;
use offsets_core::Severity;
use offsets_core::edit::Action;
use offsets_core::editor::{EditAction, ReferencesAction, TableAction};
use offsets_core::editor::{
    Editor, EditorAction, LookupField, ReferenceField, ViewItem, role_from,
};
use std::path::PathBuf;

/// 2026-11-30T12:00:00Z.
const T: i64 = 1_796_040_000_000;
/// A day later: the page's clock in these tests.
const NOW: i64 = T + 86_400_000;

fn golden(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/golden/references")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The MirrorMaker 2 body of the golden references (7 rows over 3 topics).
fn mm2() -> Editor {
    loaded_text(golden("mm2.json"))
}

fn add(editor: &mut Editor, role: &str, time: &str, text: &str) {
    editor.apply(EditorAction::References(
        ReferencesAction::SetReferenceForm(ReferenceField::Role, role.into()),
    ));
    editor.apply(EditorAction::References(
        ReferencesAction::SetReferenceForm(ReferenceField::Time, time.into()),
    ));
    editor.apply(EditorAction::References(
        ReferencesAction::SetReferenceForm(ReferenceField::Text, text.into()),
    ));
    editor.apply(EditorAction::References(ReferencesAction::AddReference {
        now_ms: NOW,
    }));
    assert!(
        editor.reference_form().error.is_none(),
        "{:?}",
        editor.reference_form().error
    );
}

fn lookup(e: &mut Editor, field: LookupField, value: &str) {
    e.apply(EditorAction::References(ReferencesAction::SetLookup(
        field,
        value.to_string(),
    )));
}

fn with_bounds() -> Editor {
    let mut e = mm2();
    add(&mut e, "earliest", "", &golden("earliest.txt"));
    add(&mut e, "latest", "", &golden("latest.txt"));
    e
}

/// Row index of `topic:partition`.
fn row(e: &Editor, topic: &str, partition: i64) -> usize {
    (0..e.session().unwrap().len())
        .find(|&i| {
            let d = e.row_display(i).unwrap();
            d.topic.as_deref() == Some(topic) && d.partition == partition.to_string()
        })
        .unwrap()
}

fn offset(e: &Editor, topic: &str, partition: i64) -> String {
    let d = e.row_display(row(e, topic, partition)).unwrap();
    if d.is_null { "null".into() } else { d.offset }
}

fn shown_rows(e: &Editor) -> Vec<String> {
    e.view()
        .items
        .iter()
        .filter_map(|i| match i {
            ViewItem::Row(r) => {
                let d = e.row_display(*r).unwrap();
                Some(format!("{}:{}", d.topic.unwrap(), d.partition))
            }
            ViewItem::Group { .. } => None,
        })
        .collect()
}

#[test]
fn the_role_must_be_chosen_and_a_time_reference_needs_a_past_time() {
    let mut e = mm2();
    e.apply(EditorAction::References(
        ReferencesAction::SetReferenceForm(ReferenceField::Text, golden("time.txt")),
    ));
    e.apply(EditorAction::References(ReferencesAction::AddReference {
        now_ms: NOW,
    }));
    let (field, message) = e.reference_form().error.clone().unwrap();
    assert_eq!(field, ReferenceField::Role);
    assert!(
        message.starts_with("Choose what these offsets are"),
        "{message}"
    );
    assert!(e.references().is_empty());
    // The pasted text is kept for the next try.
    assert_eq!(e.reference_form().text, golden("time.txt"));

    e.apply(EditorAction::References(
        ReferencesAction::SetReferenceForm(ReferenceField::Role, "time".into()),
    ));
    e.apply(EditorAction::References(ReferencesAction::AddReference {
        now_ms: NOW,
    }));
    assert_eq!(
        e.reference_form().error.as_ref().unwrap().0,
        ReferenceField::Time
    );

    // A time after the page's clock is refused with its column.
    e.apply(EditorAction::References(
        ReferencesAction::SetReferenceForm(ReferenceField::Time, "2027-01-01T00:00:00Z".into()),
    ));
    e.apply(EditorAction::References(ReferencesAction::AddReference {
        now_ms: NOW,
    }));
    let (field, message) = e.reference_form().error.clone().unwrap();
    assert_eq!(field, ReferenceField::Time);
    assert!(message.contains("column"), "{message}");

    e.apply(EditorAction::References(
        ReferencesAction::SetReferenceForm(ReferenceField::Time, "2026-11-30 12:00".into()),
    ));
    e.apply(EditorAction::References(ReferencesAction::AddReference {
        now_ms: NOW,
    }));
    assert!(e.reference_form().error.is_none());
    assert_eq!(e.references().len(), 1);
    assert_eq!(e.references()[0].name, "Pasted reference 1");
    assert_eq!(
        e.references()[0].summary(),
        "The offsets at 2026-11-30T12:00:00Z: 5 partitions (kafka-get-offsets.sh output)"
    );
    // The box is emptied for the next reference.
    assert_eq!(e.reference_form().text, "");
    // A time reference gives no bounds: no Log range column yet.
    assert!(e.log_range().is_empty());
    assert_eq!(e.row_display(0).unwrap().log_range, None);

    assert_eq!(
        role_from("group", "", "  connect-sink ", NOW)
            .unwrap()
            .phrase(),
        "group connect-sink's committed offsets"
    );
}

#[test]
fn a_reference_with_bad_lines_is_kept_with_located_errors_and_not_used() {
    let mut e = mm2();
    add(
        &mut e,
        "earliest",
        "",
        "orders.eu-west:0:0\r\norders.eu-west:x:5\r\n",
    );
    let item = &e.references()[0];
    assert!(
        item.summary().ends_with("1 error — not used until fixed"),
        "{}",
        item.summary()
    );
    let d = item
        .reference
        .diagnostics
        .iter()
        .find(|d| d.severity == Severity::Error)
        .unwrap();
    assert_eq!(d.position.line, 2);
    assert!(d.position.column > 0);
    assert!(
        e.log_range().is_empty(),
        "an unusable reference gives no bounds"
    );
    assert_eq!(e.notice().unwrap().severity, Severity::Warning);

    // Not UTF-8: refused with the byte, nothing added.
    e.apply(EditorAction::References(
        ReferencesAction::AddReferenceFile {
            name: "earliest.txt".into(),
            bytes: vec![b'a', b':', 0xff],
            now_ms: NOW,
        },
    ));
    assert_eq!(e.references().len(), 1);
    let notice = e.notice().unwrap();
    assert_eq!(notice.severity, Severity::Error);
    assert!(notice.text.contains("byte 3"), "{}", notice.text);

    e.apply(EditorAction::References(ReferencesAction::RemoveReference(
        0,
    )));
    assert!(e.references().is_empty());
}

#[test]
fn bounds_fill_the_log_range_column_summary_filter_and_problems() {
    let mut e = with_bounds();
    let label = |e: &Editor, t: &str, p: i64| e.row_display(row(e, t, p)).unwrap().log_range;
    // MirrorMaker 2 resumes at stored + 1.
    assert_eq!(label(&e, "orders.eu-west", 0).as_deref(), Some("caught up"));
    assert_eq!(
        label(&e, "orders.eu-west", 2).as_deref(),
        Some("below the log start (4 purged)")
    );
    assert_eq!(
        label(&e, "payments", 0).as_deref(),
        Some("above the log end (by 1,000)")
    );
    assert_eq!(label(&e, "payments", 1).as_deref(), Some("—"));
    assert_eq!(
        e.range_summary().unwrap(),
        "Log range: in the log 4 (4 caught up) · below the log start 1 (4 records purged) · above the log end 1 · unknown 0 · not checked (null) 1."
    );

    e.apply(EditorAction::Table(TableAction::SetFilter(
        "range:below".into(),
    )));
    assert_eq!(shown_rows(&e), ["orders.eu-west:2"]);
    assert_eq!(e.bulk_count(), 1);
    e.apply(EditorAction::Table(TableAction::SetFilter(
        "range:above".into(),
    )));
    assert_eq!(shown_rows(&e), ["payments:0"]);
    e.apply(EditorAction::Table(TableAction::SetFilter(
        "range:ok topic:orders*".into(),
    )));
    assert_eq!(shown_rows(&e), ["orders.eu-west:0", "orders.eu-west:1"]);

    let rules: Vec<&str> = e.problems().iter().map(|d| d.rule).collect();
    assert!(
        rules.contains(&"LR1") && rules.contains(&"LR2"),
        "{rules:?}"
    );

    // An edit says what it does against the log, not only against the old value.
    let r = row(&e, "orders.eu-west", 2);
    e.apply(EditorAction::Edit(EditAction::Session(Action::SetOffset {
        row: r,
        offset: 299,
    })));
    let change = e.row_display(r).unwrap().change.unwrap();
    assert!(
        change.ends_with("; skips 290 records against the log"),
        "{change}"
    );

    // Without references, range: terms read every row as unknown.
    e.apply(EditorAction::References(ReferencesAction::RemoveReference(
        1,
    )));
    e.apply(EditorAction::References(ReferencesAction::RemoveReference(
        0,
    )));
    e.apply(EditorAction::Table(TableAction::SetFilter(
        "range:unknown".into(),
    )));
    assert_eq!(shown_rows(&e).len(), 7);
    assert!(!e.problems().iter().any(|d| d.rule.starts_with("LR")));
}

#[test]
fn set_from_a_time_reference_over_a_filter_is_one_undoable_step() {
    let mut e = with_bounds();
    add(&mut e, "time", "2026-11-30T12:00:00Z", &golden("time.txt"));
    e.apply(EditorAction::Table(TableAction::SetFilter(
        "topic:payments".into(),
    )));
    e.apply(EditorAction::References(
        ReferencesAction::SetFromReference(2),
    ));
    let notice = e.notice().unwrap().text.clone();
    // The time lookup has nothing for payments:0 and payments:1 (no record at or after T): the
    // latest reference loaded beside it gives them their log end (issue 31, item 1), and the
    // note names only the filtered rows it filled (audit_log:0 is not among them).
    assert!(
        notice.starts_with(
            "Set 3 offset(s) from the offsets at 2026-11-30T12:00:00Z; 0 left as they were."
        ),
        "{notice}"
    );
    assert!(
        notice.contains("2 partition(s) have no offset in the offsets at 2026-11-30T12:00:00Z: they start at their log end, from the latest offsets (MirrorMaker 2 stores the log end − 1, and null at 0), so they copy nothing written before: payments:0, payments:1."),
        "{notice}"
    );
    // Only the filtered topic: payments:3 stores 8 − 1 (as imported), the others log end − 1.
    assert_eq!(offset(&e, "payments", 3), "7");
    assert_eq!(offset(&e, "payments", 0), "999");
    assert_eq!(offset(&e, "payments", 1), "11");
    assert_eq!(offset(&e, "orders.eu-west", 1), "99");

    // All of the orders topic, with R = 0 -> null.
    e.apply(EditorAction::Table(TableAction::SetFilter(
        "topic:orders*".into(),
    )));
    e.apply(EditorAction::References(
        ReferencesAction::SetFromReference(2),
    ));
    assert_eq!(offset(&e, "orders.eu-west", 0), "null");
    assert_eq!(offset(&e, "orders.eu-west", 1), "69");
    assert_eq!(offset(&e, "orders.eu-west", 2), "299");
    assert!(e.notice().unwrap().text.contains("set to null"));

    e.apply(EditorAction::Edit(EditAction::Session(Action::Undo)));
    assert_eq!(offset(&e, "orders.eu-west", 0), "41");
    assert_eq!(offset(&e, "orders.eu-west", 1), "99");
    assert_eq!(offset(&e, "orders.eu-west", 2), "5");
    // The first step (payments:3 at 8 stores 7, as imported) stays.
    assert_eq!(offset(&e, "payments", 3), "7");
    e.apply(EditorAction::Edit(EditAction::Session(Action::Redo)));
    assert_eq!(offset(&e, "orders.eu-west", 0), "null");
}

/// Without a latest reference, the partitions a time lookup has nothing for are left as they
/// were, and the note says what that costs and how to avoid it.
#[test]
fn a_time_reference_alone_says_what_its_quiet_partitions_copy() {
    let mut e = mm2();
    add(&mut e, "time", "2026-11-30T12:00:00Z", &golden("time.txt"));
    e.apply(EditorAction::Table(TableAction::SetFilter(
        "topic:payments".into(),
    )));
    e.apply(EditorAction::References(
        ReferencesAction::SetFromReference(0),
    ));
    let notice = e.notice().unwrap().text.clone();
    assert!(
        notice.contains("No record at or after 2026-11-30T12:00:00Z in 2 partition(s): left as they were (east/payments:0, east/payments:1), so they resume at their stored offset and copy what was written after it, records before 2026-11-30T12:00:00Z included."),
        "{notice}"
    );
    assert!(
        notice.contains("a Latest offsets (log end) reference beside this one"),
        "{notice}"
    );
    assert_eq!(offset(&e, "payments", 0), "1999");
}

#[test]
fn set_to_earliest_over_range_below_touches_only_purged_rows() {
    let mut e = with_bounds();
    e.apply(EditorAction::Table(TableAction::SetFilter(
        "range:below".into(),
    )));
    e.apply(EditorAction::References(
        ReferencesAction::SetFromReference(0),
    ));
    assert_eq!(offset(&e, "orders.eu-west", 2), "9");
    assert_eq!(offset(&e, "orders.eu-west", 1), "99");
    assert_eq!(offset(&e, "payments", 0), "1999");
    // The row is in the log now: the range: filter no longer shows it.
    assert!(shown_rows(&e).is_empty());
}

#[test]
fn unlisted_partitions_are_offered_then_added_on_request() {
    let mut e = with_bounds();
    assert_eq!(e.unlisted_count(0), 1);
    let before = e.session().unwrap().len();
    e.apply(EditorAction::References(
        ReferencesAction::AddUnlistedFromReference(0),
    ));
    assert_eq!(e.session().unwrap().len(), before + 1);
    // payments:4 at record 0: null for MirrorMaker 2.
    assert_eq!(offset(&e, "payments", 4), "null");
    assert_eq!(e.unlisted_count(0), 0);
    e.apply(EditorAction::References(
        ReferencesAction::AddUnlistedFromReference(0),
    ));
    assert!(e.notice().unwrap().text.contains("already listed"));

    // Partitions of several topics are one step: one Undo takes them all back.
    e.apply(EditorAction::Edit(EditAction::Session(Action::Undo)));
    assert_eq!(e.session().unwrap().len(), before);
    add(
        &mut e,
        "latest",
        "",
        "new.topic:0:5\nother-topic:2:0\nother-topic:3:7\n",
    );
    assert_eq!(e.unlisted_count(2), 3);
    e.apply(EditorAction::References(
        ReferencesAction::AddUnlistedFromReference(2),
    ));
    assert_eq!(e.session().unwrap().len(), before + 3);
    assert_eq!(offset(&e, "new.topic", 0), "4");
    assert_eq!(offset(&e, "other-topic", 2), "null");
    assert_eq!(offset(&e, "other-topic", 3), "6");
    e.apply(EditorAction::Edit(EditAction::Session(Action::Undo)));
    assert_eq!(e.session().unwrap().len(), before);
    e.apply(EditorAction::Edit(EditAction::Session(Action::Redo)));
    assert_eq!(e.session().unwrap().len(), before + 3);
}

#[test]
fn references_survive_the_draft() {
    let mut e = with_bounds();
    add(&mut e, "time", "2026-11-30T12:00:00Z", &golden("time.txt"));
    e.apply(EditorAction::Table(TableAction::SetFilter(
        "range:above".into(),
    )));
    let source = e.source_record();
    let draft = e.draft_record_at(NOW);
    let prefs = e.prefs_record();
    assert!(
        !prefs.contains("references"),
        "the prefs record stays small"
    );
    let back = Editor::restore_at(&source, Some(&draft), Some(&prefs), NOW).unwrap();
    assert_eq!(back.references().len(), 3);
    assert_eq!(
        back.references()[2].reference.role,
        e.references()[2].reference.role
    );
    assert_eq!(&*back.references()[1].text, golden("latest.txt"));
    assert_eq!(shown_rows(&back), ["payments:0"]);
    assert_eq!(back.range_summary(), e.range_summary());
}

#[test]
fn the_command_generator_matches_the_golden_commands_and_locates_errors() {
    let mut e = mm2();
    let out = e.lookup_output(NOW);
    assert!(out.script.is_none());
    let fields: Vec<_> = out.errors.iter().map(|(f, _)| *f).collect();
    assert_eq!(
        fields,
        [Some(LookupField::At), Some(LookupField::Bootstrap)]
    );

    lookup(&mut e, LookupField::At, "2026-11-30T13:00:00+01:00");
    lookup(
        &mut e,
        LookupField::Bootstrap,
        "east-kafka-bootstrap.kafka.svc:9093",
    );
    let out = e.lookup_output(NOW);
    assert_eq!(out.errors, []);
    assert_eq!(
        out.time.as_deref(),
        Some("2026-11-30T12:00:00Z = 1796040000000 ms since 1970 (the value of --time)")
    );
    assert_eq!(out.script.unwrap(), golden("mm2.lookup-time.sh"));

    lookup(&mut e, LookupField::At, "earliest");
    lookup(&mut e, LookupField::Bootstrap, "localhost:9092");
    lookup(&mut e, LookupField::CommandConfig, "/tmp/client.properties");
    lookup(&mut e, LookupField::Exec, "kafka/east-cluster-broker-0");
    assert_eq!(
        e.lookup_output(NOW).script.unwrap(),
        golden("mm2.lookup-earliest-exec.sh")
    );

    // Bad values: each error names its field; nothing is generated.
    lookup(&mut e, LookupField::Exec, "broker-0");
    lookup(&mut e, LookupField::Bootstrap, "localhost:99999");
    let out = e.lookup_output(NOW);
    assert!(out.script.is_none());
    let fields: Vec<_> = out.errors.iter().map(|(f, _)| *f).collect();
    assert_eq!(
        fields,
        [Some(LookupField::Exec), Some(LookupField::Bootstrap)]
    );

    // The filter narrows the partitions looked up.
    lookup(&mut e, LookupField::Exec, "");
    lookup(&mut e, LookupField::Bootstrap, "localhost:9092");
    e.apply(EditorAction::Table(TableAction::SetFilter(
        "topic:audit_log".into(),
    )));
    let script = e.lookup_output(NOW).script.unwrap();
    assert!(script.contains("audit_log:0"), "{script}");
    assert!(!script.contains("payments"), "{script}");
}
