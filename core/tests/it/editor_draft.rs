//! The draft records the page keeps in local storage, written by `json::to_json` and read back
//! member by member: records the hand-written writer of version 1 saved (captured from that
//! build, before serde, which wrote them in between) still restore and are written again byte
//! for byte; a record of another version is refused with the
//! message the page shows; hostile names round-trip or are refused, never a panic.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use offsets_core::edit::{Action, MapSide, Selection};
use offsets_core::editor::{EditAction, ImportAction, SettingsAction, TableAction};
use offsets_core::editor::{Editor, EditorAction, Field, TargetKind};
use offsets_core::procedure::{AliasPath, AutoOffsetReset};

const ANOTHER_VERSION: &str = "The saved draft is from another version of this editor.";

fn fixture(name: &str) -> String {
    let path = format!("{}/../tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

// Captured 2026-12-01 from the build before serde (commit 8f4151f) by printing
// `source_record()`, `draft_record_at(1764590400000)` and `prefs_record()` of the editors
// `mm2()`, `generic()`, `picked_key()` and `chosen_kind()` below build.
const MM2_SOURCE: &str = "{\"version\":1,\"input\":\"apiVersion: v1\\ndata:\\n  offsets.json: |-\\n    {\\n      \\\"offsets\\\" : [ {\\n        \\\"partition\\\" : {\\n          \\\"cluster\\\" : \\\"east\\\",\\n          \\\"partition\\\" : 0,\\n          \\\"topic\\\" : \\\"orders\\\"\\n        },\\n        \\\"offset\\\" : {\\n          \\\"offset\\\" : 1006\\n        }\\n      }, {\\n        \\\"partition\\\" : {\\n          \\\"cluster\\\" : \\\"east\\\",\\n          \\\"partition\\\" : 1,\\n          \\\"topic\\\" : \\\"orders\\\"\\n        },\\n        \\\"offset\\\" : {\\n          \\\"offset\\\" : 2006\\n        }\\n      }, {\\n        \\\"partition\\\" : {\\n          \\\"cluster\\\" : \\\"east\\\",\\n          \\\"partition\\\" : 2,\\n          \\\"topic\\\" : \\\"orders\\\"\\n        },\\n        \\\"offset\\\" : {\\n          \\\"offset\\\" : 3006\\n        }\\n      }, {\\n        \\\"partition\\\" : {\\n          \\\"cluster\\\" : \\\"east\\\",\\n          \\\"partition\\\" : 0,\\n          \\\"topic\\\" : \\\"payments\\\"\\n        },\\n        \\\"offset\\\" : {\\n          \\\"offset\\\" : 1008\\n        }\\n      }, {\\n        \\\"partition\\\" : {\\n          \\\"cluster\\\" : \\\"east\\\",\\n          \\\"partition\\\" : 1,\\n          \\\"topic\\\" : \\\"payments\\\"\\n        },\\n        \\\"offset\\\" : {\\n          \\\"offset\\\" : 2008\\n        }\\n      } ]\\n    }\\nkind: ConfigMap\\nmetadata:\\n  creationTimestamp: \\\"2026-11-02T09:14:07Z\\\"\\n  labels:\\n    strimzi.io/cluster: my-connect\\n  name: mirror-source-offsets\\n  namespace: kafka\\n  ownerReferences:\\n  - apiVersion: kafka.strimzi.io/v1beta2\\n    blockOwnerDeletion: true\\n    controller: false\\n    kind: KafkaConnector\\n    name: mirror-source\\n    uid: 6a1f7c1e-2b0d-4c47-9d0e-5f3f2b9a8c11\\n  resourceVersion: \\\"4815162\\\"\\n  uid: 0b6c3f5e-77aa-4a7e-9a53-0c4b1f0e2d19\\n\",\"source\":true}";
const MM2_DRAFT: &str = "{\"version\":1,\"filter\":\"q\\\"b\\\\s\\u0001\u{2028}é\",\"target\":\"rest\",\"fields\":{\"resource\":\"mirror-source\",\"connector\":\"mirror-source\",\"namespace\":\"ns\\\"\\\\\\n\",\"listConfigMap\":\"mirror-source-offsets\",\"alterConfigMap\":\"rewind-1\",\"mirrorIndex\":\"0\",\"restUrl\":\"http://localhost:8083\"},\"aliasPath\":\"old\",\"autoOffsetResetChoice\":\"latest\",\"source\":\"2797b17940ee70af\",\"scope\":\"changed\",\"set\":[[1,7]],\"entries\":[],\"added\":[{\"topic\":\"refunds\",\"cluster\":\"east\",\"partition\":0,\"offset\":5},{\"topic\":\"refunds\",\"cluster\":\"east\",\"partition\":1,\"offset\":5}],\"removed\":[2],\"savedAt\":1764590400000}";
const MM2_PREFS: &str = "{\"version\":1,\"filter\":\"q\\\"b\\\\s\\u0001\u{2028}é\",\"target\":\"rest\",\"fields\":{\"resource\":\"mirror-source\",\"connector\":\"mirror-source\",\"namespace\":\"ns\\\"\\\\\\n\",\"listConfigMap\":\"mirror-source-offsets\",\"alterConfigMap\":\"rewind-1\",\"mirrorIndex\":\"0\",\"restUrl\":\"http://localhost:8083\"},\"aliasPath\":\"old\",\"autoOffsetResetChoice\":\"latest\"}";
const GEN_SOURCE: &str = "{\"version\":1,\"input\":\"{\\\"offsets\\\":[\\n {\\\"partition\\\":{\\\"server\\\":\\\"inventory\\\"},\\\"offset\\\":{\\\"lsn\\\":\\\"0/16B6C50\\\",\\\"txId\\\":562,\\\"ts_usec\\\":1700000000000000,\\\"snapshot\\\":false}},\\n {\\\"partition\\\":{\\\"filename\\\":\\\"/data/in.txt\\\"},\\\"offset\\\":{\\\"position\\\":1234}},\\n {\\\"partition\\\":{\\\"filename\\\":\\\"/data/gone.txt\\\"},\\\"offset\\\":null}\\n]}\",\"source\":true}";
const GEN_DRAFT: &str = "{\"version\":1,\"filter\":\"\",\"target\":\"rest\",\"fields\":{\"namespace\":\"kafka\",\"mirrorIndex\":\"0\",\"restUrl\":\"http://localhost:8083\"},\"aliasPath\":\"new\",\"source\":\"63b14570f85bed81\",\"scope\":\"changed\",\"set\":[],\"entries\":[[0,{\"partition\":{\"server\":\"inventory\"},\"offset\":{\"lsn\":\"0/16B6C50\",\"txId\":562,\"ts_usec\":1700000000000000,\"snapshot\":false,\"big\":1.5e3}}],[1,{\"partition\":{\"filename\":\"/data/in.txt\",\"x\":\"t\\u0001\\\"\"},\"offset\":{\"position\":1234}}]],\"added\":[],\"removed\":[]}";
const GEN_PREFS: &str = r#"{"version":1,"filter":"","target":"rest","fields":{"namespace":"kafka","mirrorIndex":"0","restUrl":"http://localhost:8083"},"aliasPath":"new"}"#;
const KEY_SOURCE: &str = "{\"version\":1,\"input\":\"apiVersion: v1\\nkind: ConfigMap\\nmetadata:\\n  name: c\\ndata:\\n  a.json: '{\\\"offsets\\\":[]}'\\n  b.json: '{\\\"offsets\\\":[{\\\"partition\\\":{\\\"kafka_topic\\\":\\\"t\\\",\\\"kafka_partition\\\":0},\\\"offset\\\":{\\\"kafka_offset\\\":5}}]}'\\n\",\"source\":true,\"dataKey\":\"b.json\"}";
const KEY_DRAFT: &str = "{\"version\":1,\"filter\":\"\",\"target\":\"connector\",\"fields\":{\"namespace\":\"kafka\",\"listConfigMap\":\"c\",\"alterConfigMap\":\"c-alter\",\"mirrorIndex\":\"0\",\"restUrl\":\"http://localhost:8083\"},\"aliasPath\":\"new\",\"source\":\"eb736e98b8fc571f\",\"scope\":\"changed\",\"set\":[[0,9]],\"entries\":[],\"added\":[],\"removed\":[]}";
const KIND_SOURCE: &str = r#"{"version":1,"input":"other text","source":"apiVersion: v1\ndata:\n  offsets.json: |-\n    {\n      \"offsets\" : [ {\n        \"partition\" : {\n          \"cluster\" : \"east\",\n          \"partition\" : 0,\n          \"topic\" : \"orders\"\n        },\n        \"offset\" : {\n          \"offset\" : 1006\n        }\n      }, {\n        \"partition\" : {\n          \"cluster\" : \"east\",\n          \"partition\" : 1,\n          \"topic\" : \"orders\"\n        },\n        \"offset\" : {\n          \"offset\" : 2006\n        }\n      }, {\n        \"partition\" : {\n          \"cluster\" : \"east\",\n          \"partition\" : 2,\n          \"topic\" : \"orders\"\n        },\n        \"offset\" : {\n          \"offset\" : 3006\n        }\n      }, {\n        \"partition\" : {\n          \"cluster\" : \"east\",\n          \"partition\" : 0,\n          \"topic\" : \"payments\"\n        },\n        \"offset\" : {\n          \"offset\" : 1008\n        }\n      }, {\n        \"partition\" : {\n          \"cluster\" : \"east\",\n          \"partition\" : 1,\n          \"topic\" : \"payments\"\n        },\n        \"offset\" : {\n          \"offset\" : 2008\n        }\n      } ]\n    }\nkind: ConfigMap\nmetadata:\n  creationTimestamp: \"2026-11-02T09:14:07Z\"\n  labels:\n    strimzi.io/cluster: my-connect\n  name: mirror-source-offsets\n  namespace: kafka\n  ownerReferences:\n  - apiVersion: kafka.strimzi.io/v1beta2\n    blockOwnerDeletion: true\n    controller: false\n    kind: KafkaConnector\n    name: mirror-source\n    uid: 6a1f7c1e-2b0d-4c47-9d0e-5f3f2b9a8c11\n  resourceVersion: \"4815162\"\n  uid: 0b6c3f5e-77aa-4a7e-9a53-0c4b1f0e2d19\n","kind":"source"}"#;
const KIND_DRAFT: &str = r#"{"version":1,"filter":"","target":"connector","fields":{"resource":"mirror-source","connector":"mirror-source","namespace":"kafka","listConfigMap":"mirror-source-offsets","alterConfigMap":"mirror-source-offsets-alter","mirrorIndex":"0","restUrl":"http://localhost:8083"},"aliasPath":"old","source":"2797b17940ee70af","scope":"changed","set":[],"entries":[],"added":[],"removed":[]}"#;
const SAVED_AT: i64 = 1764590400000;

/// Edits, removed and added rows, a hostile filter and field, every setting.
fn mm2() -> Editor {
    let mut e = Editor::new();
    e.apply(EditorAction::Import(ImportAction::SetInput(fixture(
        "kafkaconnector-mm2-source.list.yaml",
    ))));
    e.apply(EditorAction::Import(ImportAction::Load));
    e.apply(EditorAction::Edit(EditAction::Session(Action::SetOffset {
        row: 1,
        offset: 7,
    })));
    e.apply(EditorAction::Edit(EditAction::Session(
        Action::RemoveEntries {
            selection: Selection::Rows(vec![2]),
        },
    )));
    e.apply(EditorAction::Edit(EditAction::Session(
        Action::AddEntries {
            cluster: None,
            topic: "refunds".into(),
            partitions: offsets_core::filter::PartitionSet::range(0, 1),
            offset: Some(5),
        },
    )));
    e.apply(EditorAction::Table(TableAction::SetFilter(
        "q\"b\\s\u{1}\u{2028}é".into(),
    )));
    e.apply(EditorAction::Settings(SettingsAction::SetField(
        Field::AlterConfigMap,
        "rewind-1".into(),
    )));
    e.apply(EditorAction::Settings(SettingsAction::SetField(
        Field::Namespace,
        "ns\"\\\n".into(),
    )));
    e.apply(EditorAction::Settings(SettingsAction::SetAliasPath(
        AliasPath::Old,
    )));
    e.apply(EditorAction::Settings(SettingsAction::SetAutoOffsetReset(
        Some(AutoOffsetReset::Latest),
    )));
    e.apply(EditorAction::Settings(SettingsAction::SetTarget(
        TargetKind::Rest,
    )));
    e
}

/// Entries edited key by key: a number kept as its text (`1.5e3`), a control character.
fn generic() -> Editor {
    let mut g = Editor::new();
    g.apply(EditorAction::Import(ImportAction::SetInput(
        r#"{"offsets":[
 {"partition":{"server":"inventory"},"offset":{"lsn":"0/16B6C50","txId":562,"ts_usec":1700000000000000,"snapshot":false}},
 {"partition":{"filename":"/data/in.txt"},"offset":{"position":1234}},
 {"partition":{"filename":"/data/gone.txt"},"offset":null}
]}"#
        .into(),
    )));
    g.apply(EditorAction::Import(ImportAction::Load));
    let a = g.field_add(0, MapSide::Offset, "big=1.5e3").unwrap();
    g.apply(EditorAction::Edit(EditAction::Session(a)));
    let a = g
        .field_add(1, MapSide::Partition, "x=\"t\\u0001\\\"\"")
        .unwrap();
    g.apply(EditorAction::Edit(EditAction::Session(a)));
    g.apply(EditorAction::Edit(EditAction::Session(Action::SetEach {
        changes: vec![(2, None)],
    })));
    g
}

/// A data key picked among two.
fn picked_key() -> Editor {
    let mut d = Editor::new();
    d.apply(EditorAction::Import(ImportAction::SetInput("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  a.json: '{\"offsets\":[]}'\n  b.json: '{\"offsets\":[{\"partition\":{\"kafka_topic\":\"t\",\"kafka_partition\":0},\"offset\":{\"kafka_offset\":5}}]}'\n".into())));
    d.apply(EditorAction::Import(ImportAction::Load));
    d.apply(EditorAction::Import(ImportAction::PickKey("b.json".into())));
    d.apply(EditorAction::Edit(EditAction::Session(Action::SetOffset {
        row: 0,
        offset: 9,
    })));
    d
}

/// A connector kind chosen, and a text area that no longer holds the loaded text.
fn chosen_kind() -> Editor {
    let mut k = Editor::new();
    k.apply(EditorAction::Import(ImportAction::SetInput(fixture(
        "kafkaconnector-mm2-source.list.yaml",
    ))));
    k.apply(EditorAction::Import(ImportAction::Load));
    k.apply(EditorAction::Import(ImportAction::ChooseKind(Some(
        offsets_core::model::ConnectorKind::Generic,
    ))));
    k.apply(EditorAction::Import(ImportAction::SetInput(
        "other text".into(),
    )));
    k
}

/// Everything a draft keeps is the same in `restored` as in `expected`.
fn assert_same(restored: &Editor, expected: &Editor) {
    assert_eq!(restored.input(), expected.input());
    assert_eq!(
        restored.session().map(|s| s.working_listing()),
        expected.session().map(|s| s.working_listing())
    );
    assert_eq!(
        restored.session().map(|s| s.changed_count()),
        expected.session().map(|s| s.changed_count())
    );
    assert_eq!(restored.filter_text(), expected.filter_text());
    let (r, e) = (restored.settings(), expected.settings());
    assert_eq!(r.values, e.values);
    assert_eq!(r.target, e.target);
    assert_eq!(r.alias_path, e.alias_path);
    assert_eq!(r.auto_offset_reset, e.auto_offset_reset);
    assert_eq!(restored.kind_choice(), expected.kind_choice());
}

#[test]
fn records_saved_by_the_hand_written_build_restore() {
    for (name, expected, source, draft, prefs) in [
        ("mm2", mm2(), MM2_SOURCE, Some(MM2_DRAFT), Some(MM2_PREFS)),
        (
            "generic",
            generic(),
            GEN_SOURCE,
            Some(GEN_DRAFT),
            Some(GEN_PREFS),
        ),
        ("key", picked_key(), KEY_SOURCE, Some(KEY_DRAFT), None),
        ("kind", chosen_kind(), KIND_SOURCE, Some(KIND_DRAFT), None),
    ] {
        let restored = Editor::restore_with_prefs(source, draft, prefs)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_same(&restored, &expected);
        assert_eq!(
            restored.notice().unwrap().text,
            "Draft restored from this browser's storage.",
            "{name}"
        );
    }
    // The saved time is read from the draft record.
    let restored =
        Editor::restore_at(MM2_SOURCE, Some(MM2_DRAFT), None, SAVED_AT + 3 * 3_600_000).unwrap();
    assert!(
        restored
            .notice()
            .unwrap()
            .text
            .starts_with("Draft restored from 3 hours ago."),
        "{}",
        restored.notice().unwrap().text
    );
}

#[test]
fn records_are_written_in_the_same_shape_as_before() {
    let e = mm2();
    assert_eq!(e.source_record(), MM2_SOURCE);
    assert_eq!(e.draft_record_at(SAVED_AT), MM2_DRAFT);
    assert_eq!(e.prefs_record(), MM2_PREFS);
    let g = generic();
    assert_eq!(g.source_record(), GEN_SOURCE);
    assert_eq!(g.draft_record(), GEN_DRAFT);
    assert_eq!(g.prefs_record(), GEN_PREFS);
    assert_eq!(picked_key().source_record(), KEY_SOURCE);
    assert_eq!(picked_key().draft_record(), KEY_DRAFT);
    assert_eq!(chosen_kind().source_record(), KIND_SOURCE);
    assert_eq!(chosen_kind().draft_record(), KIND_DRAFT);
}

/// Restores `source` with an edits record that does not read: the text area and the listing
/// come back without edits, and the notice (returned) says why.
fn without_edits(source: &str, draft: &str) -> String {
    let restored = Editor::restore(source, Some(draft))
        .unwrap_or_else(|e| panic!("the source is restored alone: {e}\n{draft}"));
    let session = restored.session().expect("the listing is loaded again");
    assert_eq!(session.changed_count(), 0, "{draft}");
    let notice = restored.notice().expect("the notice says why");
    assert_eq!(notice.severity, offsets_core::Severity::Warning, "{draft}");
    let text = notice.text.clone();
    assert!(
        text.ends_with(" The text area and the listing were restored without them."),
        "{text}"
    );
    text
}

#[test]
fn a_record_of_another_version_is_refused_with_the_message() {
    for source in [
        r#"{"version":2,"input":"x"}"#.to_string(),
        // A newer shape that this build cannot even read is still "another version".
        r#"{"version":2,"input":{"text":"x"},"source":[1]}"#.to_string(),
        MM2_SOURCE.replacen(r#"{"version":1,"#, r#"{"version":0,"#, 1),
    ] {
        assert_eq!(
            Editor::restore(&source, None).unwrap_err().to_string(),
            ANOTHER_VERSION,
            "{source}"
        );
    }
    let draft = MM2_DRAFT.replacen(r#"{"version":1,"#, r#"{"version":2,"#, 1);
    assert_eq!(
        Editor::restore(MM2_SOURCE, Some(&draft))
            .unwrap_err()
            .to_string(),
        ANOTHER_VERSION
    );
    // Newer prefs are ignored: the draft's own copy of the settings stands.
    let prefs = r#"{"version":2,"filter":"newer","fields":7}"#;
    let restored = Editor::restore_with_prefs(MM2_SOURCE, Some(MM2_DRAFT), Some(prefs)).unwrap();
    assert_same(&restored, &mm2());
    // A record without a version, or one that is not JSON, is unreadable.
    for bad in ["{", r#"{"input":"x"}"#, "[]", ""] {
        let e = Editor::restore(bad, None).unwrap_err().to_string();
        assert!(
            e.starts_with("The saved draft is unreadable ("),
            "{bad}: {e}"
        );
    }
    let e = without_edits(MM2_SOURCE, "{\"version\":1,\"set\":[[\"x\"]]}");
    assert!(e.starts_with("The saved edits are unreadable ("), "{e}");
}

/// An unreadable record says which member, which item and where its value is.
#[test]
fn an_unreadable_record_names_the_member_and_where() {
    let cases = [
        (
            r#"{"version":1,"set":[[1,7],["x",2]]}"#,
            "The saved edits are unreadable (set: item 2: expected a row number, found a string at line 1 column 28).",
        ),
        (
            r#"{"version":1,"set":[[1,7,3]]}"#,
            "The saved edits are unreadable (set: item 1: expected an array of two, found an array at line 1 column 21).",
        ),
        (
            r#"{"version":1,"removed":[-1]}"#,
            "The saved edits are unreadable (removed: item 1: expected a row number, found a number at line 1 column 25).",
        ),
        (
            "{\"version\":1,\n\"added\":[{\"topic\":\"t\"}]}",
            "The saved edits are unreadable (added: item 1: missing member 'partition').",
        ),
        (
            r#"{"version":1,"create":{"create":null}}"#,
            "The saved edits are unreadable (create: create: expected true or false, found null at line 1 column 33).",
        ),
        (
            r#"{"version":1,"fields":{"namespace":5}}"#,
            "The saved edits are unreadable (fields: namespace: expected a string, found a number at line 1 column 36).",
        ),
        (
            r#"{"version":1,"set":[[1,7]"#,
            "The saved edits are unreadable (unexpected end of input inside an array; a ']' is missing at line 1 column 26).",
        ),
    ];
    for (draft, want) in cases {
        let e = without_edits(MM2_SOURCE, draft);
        assert_eq!(
            e,
            format!("{want} The text area and the listing were restored without them.")
        );
    }
    // Missing optional members, nulls and defaults read as before: an empty draft of this
    // version restores the source with no edits.
    let restored = Editor::restore(
        MM2_SOURCE,
        Some(r#"{"version":1,"filter":null,"set":null,"create":{}}"#),
    )
    .unwrap();
    assert_eq!(restored.session().unwrap().changed_count(), 0);
    let e = Editor::restore(r#"{"version":1,"input":null}"#, None).unwrap_err();
    assert_eq!(
        e.to_string(),
        "The saved draft is unreadable (input: expected a string, found null at line 1 column 22)."
    );
    let e = Editor::restore(r#"{"version":1,"source":false}"#, None).unwrap_err();
    assert_eq!(
        e.to_string(),
        "The saved draft is unreadable (source: expected true or the loaded text, found a boolean at line 1 column 23)."
    );
}

#[test]
fn a_newer_member_is_ignored() {
    // A member, and a setting id inside "fields", that this build does not know.
    let draft = MM2_DRAFT
        .replacen(
            r#"{"version":1,"#,
            r#"{"version":1,"customResource":"kind: KafkaConnector","#,
            1,
        )
        .replacen(r#""fields":{"#, r#""fields":{"laterSetting":"x","#, 1);
    assert!(draft.contains("laterSetting"));
    let source = MM2_SOURCE.replacen(r#"{"version":1,"#, r#"{"version":1,"later":[{}],"#, 1);
    let restored = Editor::restore(&source, Some(&draft)).unwrap();
    assert_same(&restored, &mm2());
}

const HOSTILE: [&str; 9] = [
    "\"",
    "\\",
    "\\\"\\\\\"",
    "\u{0}\u{1}\u{8}\u{c}\u{1f}\u{7f}",
    "\n\r\t",
    "\u{2028}\u{2029}",
    "\u{feff}é😀",
    "</script><!--",
    "\\ud800 \\u0000",
];

#[test]
fn hostile_names_and_filters_round_trip() {
    for text in HOSTILE {
        let mut e = mm2();
        e.apply(EditorAction::Table(TableAction::SetFilter(
            text.to_string(),
        )));
        e.apply(EditorAction::Settings(SettingsAction::SetField(
            Field::Resource,
            text.to_string(),
        )));
        e.apply(EditorAction::Edit(EditAction::Session(
            Action::AddEntries {
                cluster: Some(text.to_string()),
                topic: format!("t{text}"),
                partitions: offsets_core::filter::PartitionSet::range(3, 3),
                offset: None,
            },
        )));
        let mut input = e.input().to_string();
        input.push_str(&format!("# {text}\n"));
        for record in [e.source_record(), e.draft_record_at(1), e.prefs_record()] {
            assert!(serde_json_valid(&record), "{record:?}");
        }
        let restored = Editor::restore_with_prefs(
            &e.source_record(),
            Some(&e.draft_record_at(1)),
            Some(&e.prefs_record()),
        )
        .unwrap();
        assert_same(&restored, &e);
        // The text area alone, not loaded.
        let mut t = Editor::new();
        t.apply(EditorAction::Import(ImportAction::SetInput(input.clone())));
        let restored = Editor::restore(&t.source_record(), None).unwrap();
        assert_eq!(restored.input(), input);
    }
}

/// Records are plain JSON: a second parser (serde_json, not the one that reads them back)
/// reads them.
fn serde_json_valid(text: &str) -> bool {
    serde_json::from_str::<serde_json::Value>(text).is_ok()
}

#[test]
fn lone_surrogate_escapes_are_refused_cleanly() {
    for escape in ["\\ud800", "\\udc00", "\\ud800\\u0041", "\\ud800\\ud800"] {
        let source = format!(r#"{{"version":1,"input":"a{escape}b"}}"#);
        let e = Editor::restore(&source, None).unwrap_err().to_string();
        assert!(
            e.starts_with("The saved draft is unreadable ("),
            "{escape}: {e}"
        );
        let prefs = format!(r#"{{"version":1,"filter":"{escape}"}}"#);
        let restored =
            Editor::restore_with_prefs(MM2_SOURCE, Some(MM2_DRAFT), Some(&prefs)).unwrap();
        assert_same(&restored, &mm2());
        let draft = MM2_DRAFT.replacen(r#""filter":""#, &format!(r#""filter":"{escape}"#), 1);
        let e = without_edits(MM2_SOURCE, &draft);
        assert!(
            e.starts_with("The saved edits are unreadable ("),
            "{escape}: {e}"
        );
        // In an edited entry too: the record is read by the raw parser as a whole, so the
        // escape makes the edits record unreadable, and the message says where it is.
        let entry = GEN_DRAFT.replacen(r#""lsn":""#, &format!(r#""lsn":"{escape}"#), 1);
        let at = entry.find(escape).unwrap();
        let e = without_edits(GEN_SOURCE, &entry);
        let column: usize = e
            .strip_prefix("The saved edits are unreadable (")
            .and_then(|rest| rest.split(" at line 1 column ").nth(1))
            .and_then(|rest| {
                rest.strip_suffix("). The text area and the listing were restored without them.")?
                    .parse()
                    .ok()
            })
            .unwrap_or_else(|| panic!("{escape}: {e}"));
        assert!(
            (at + 1..=at + 1 + escape.len()).contains(&column),
            "{escape}: {e}"
        );
    }
}

#[test]
fn a_list_item_is_restored() {
    let list = "apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: a}\n  data:\n    offsets.json: '{\"offsets\":[]}'\n- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: b}\n  data:\n    offsets.json: '{\"offsets\":[{\"partition\":{\"kafka_topic\":\"t\",\"kafka_partition\":0},\"offset\":{\"kafka_offset\":5}}]}'\n";
    let mut record = String::from(r#"{"version":1,"input":"#);
    offsets_core::json::write_string(&mut record, list);
    record.push_str(r#","source":true,"listItem":1}"#);
    let restored = Editor::restore(&record, None).unwrap();
    assert_eq!(restored.session().unwrap().len(), 1);
    assert_eq!(restored.source_record(), record);
}

#[test]
fn the_restore_action_puts_the_draft_in_place_and_bumps_every_revision() {
    let saved = mm2();
    let mut e = Editor::new();
    let before = (
        e.data_revision(),
        e.view_revision(),
        e.settings_revision(),
        e.loads(),
    );
    e.apply(EditorAction::Import(ImportAction::Restore {
        source: saved.source_record(),
        draft: Some(saved.draft_record_at(SAVED_AT)),
        prefs: Some(saved.prefs_record()),
        now: SAVED_AT + 3 * 3_600_000,
    }));
    assert_same(&e, &saved);
    assert!(
        e.notice()
            .unwrap()
            .text
            .starts_with("Draft restored from 3 hours ago."),
        "{}",
        e.notice().unwrap().text
    );
    // The page repaints and memoises on these: each must move.
    assert_ne!(e.data_revision(), before.0);
    assert_ne!(e.view_revision(), before.1);
    assert_ne!(e.settings_revision(), before.2);
    assert_ne!(e.loads(), before.3);

    // A draft that cannot be restored says why and changes nothing else.
    let mut e = Editor::new();
    e.apply(EditorAction::Import(ImportAction::Restore {
        source: r#"{"version":2,"input":"x"}"#.into(),
        draft: None,
        prefs: None,
        now: SAVED_AT,
    }));
    assert_eq!(e.notice().unwrap().text, ANOTHER_VERSION);
    assert_eq!(e.input(), "");
    assert!(e.session().is_none());

    // Saved edits that do not read: the page gets its text area and listing back, and the
    // warning says why (no "Draft restored from ..." age: nothing of the draft came back).
    let mut e = Editor::new();
    e.apply(EditorAction::Import(ImportAction::Restore {
        source: saved.source_record(),
        draft: Some(r#"{"version":1,"set":7}"#.into()),
        prefs: None,
        now: SAVED_AT,
    }));
    assert_eq!(
        e.notice().unwrap().text,
        "The saved edits are unreadable (set: expected an array, found a number at line 1 column 20). The text area and the listing were restored without them."
    );
    assert_eq!(e.input(), saved.input());
    let listing_alone = Editor::restore(&saved.source_record(), None).unwrap();
    assert_eq!(
        e.session().unwrap().len(),
        listing_alone.session().unwrap().len()
    );
    assert_eq!(e.session().unwrap().changed_count(), 0);
}
