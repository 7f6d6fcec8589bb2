//! Property tests of the edit engine, fixed seed: random action sequences never panic and refused
//! actions change nothing; undoing everything restores the import exactly; import -> edit ->
//! export -> import gives the edited model (PATCH body, alter ConfigMap and edit write-back).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use offsets_core::edit::{Action, ExportScope, Selection, Session};
use offsets_core::export::{self, ConfigMapOptions};
use offsets_core::filter::{Filter, PartitionSet};
use offsets_core::{ImportOptions, Listing, import};
use proptest::prelude::*;

use crate::support::seeded_runner as runner;

const MM2_YAML: &str = "apiVersion: v1
kind: ConfigMap
metadata:
  name: my-mm2-offsets
  namespace: kafka
  labels:
    strimzi.io/cluster: my-mm2
data:
  other.txt: keep me
  east--west.MirrorSourceConnector.json: |-
    {
      \"offsets\" : [ {
        \"partition\" : { \"cluster\" : \"east\", \"partition\" : 0, \"topic\" : \"orders\" },
        \"offset\" : { \"offset\" : 41 }
      }, {
        \"partition\" : { \"cluster\" : \"east\", \"partition\" : 1, \"topic\" : \"orders\" },
        \"offset\" : { \"offset\" : 9223372036854775806 }
      }, {
        \"partition\" : { \"cluster\" : \"east\", \"partition\" : 0, \"topic\" : \"payments\" },
        \"offset\" : null
      }, {
        \"partition\" : { \"topic\" : \"audit\", \"partition\" : 3, \"cluster\" : \"east\" },
        \"offset\" : { \"offset\" : 0, \"extra\" : \"kept\" }
      }, {
        \"partition\" : { \"cluster\" : \"west\", \"partition\" : 2, \"topic\" : \"orders\" },
        \"offset\" : { \"offset\" : 7 }
      } ]
    }
";

const SINK: &str = r#"{"offsets":[
 {"partition":{"kafka_partition":0,"kafka_topic":"events"},"offset":{"kafka_offset":500}},
 {"partition":{"kafka_partition":"1","kafka_topic":"events"},"offset":{"kafka_offset":"501"}},
 {"partition":{"kafka_partition":2,"kafka_topic":"clicks"},"offset":null}
]}"#;

const GENERIC: &str = r#"{"offsets":[
 {"partition":{"server":"inventory"},"offset":{"lsn":"0/16B6C50","txId":562,"ts_usec":1700000000000000}},
 {"partition":{"filename":"/data/in.txt"},"offset":{"position":1234}},
 {"partition":{"filename":"/data/gone.txt"},"offset":null}
]}"#;

fn listing(text: &str) -> Listing {
    import(text, &ImportOptions::default()).unwrap().listing
}

fn offset() -> impl Strategy<Value = i64> {
    prop_oneof![
        0i64..100,
        -5i64..0,
        (0i64..5).prop_map(|d| i64::MAX - d),
        any::<i64>(),
    ]
}

fn selection() -> impl Strategy<Value = Selection> {
    prop_oneof![
        Just(Selection::All),
        proptest::collection::vec(0usize..9, 0..4).prop_map(Selection::Rows),
        prop::sample::select(vec![
            "orders*",
            "partition:0-1",
            "cluster:east",
            "changed",
            "/^(e|c)/",
            "x*",
            "partition:2,3 changed",
        ])
        .prop_map(|f| Selection::Filter(Filter::parse(f).unwrap())),
    ]
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        (0usize..9, offset()).prop_map(|(row, offset)| Action::SetOffset { row, offset }),
        (0usize..9).prop_map(|row| Action::SetNull { row }),
        (0usize..9).prop_map(|row| Action::Restore { row }),
        (selection(), offset())
            .prop_map(|(selection, offset)| Action::SetOffsets { selection, offset }),
        (selection(), offset())
            .prop_map(|(selection, delta)| Action::ShiftOffsets { selection, delta }),
        (selection(), -3i64..3)
            .prop_map(|(selection, delta)| Action::ShiftOffsets { selection, delta }),
        selection().prop_map(|selection| Action::NullOffsets { selection }),
        selection().prop_map(|selection| Action::RestoreOffsets { selection }),
        (selection(), -1i64..50)
            .prop_map(|(selection, record)| Action::ResumeAt { selection, record }),
        selection().prop_map(|selection| Action::ReplayPartitions { selection }),
        proptest::collection::vec((0usize..9, proptest::option::of(offset())), 0..4)
            .prop_map(|changes| Action::SetEach { changes }),
        (
            proptest::option::of(prop::sample::select(vec!["east", "west", "bad alias!"])),
            prop::sample::select(vec!["orders", "events", "new", "bad topic"]),
            (0i64..4, 0i64..3),
            proptest::option::of(offset()),
        )
            .prop_map(|(cluster, topic, (from, len), offset)| Action::AddEntries {
                cluster: cluster.map(str::to_string),
                topic: topic.to_string(),
                partitions: PartitionSet::range(from, from + len),
                offset,
            }),
        (
            0usize..9,
            prop::sample::select(vec![
                r#"{"partition":{"cluster":"east","partition":0,"topic":"orders"},"offset":{"offset":5,"note":"x"}}"#,
                r#"{"partition":{"cluster":"east","partition":9,"topic":"moved"},"offset":null}"#,
                r#"{"partition":{"kafka_partition":0,"kafka_topic":"events"},"offset":{"kafka_offset":7}}"#,
                r#"{"partition":{"server":"inventory"},"offset":{"lsn":"0/1","txId":2}}"#,
                r#"{"partition":{"filename":"/in"},"offset":{"position":3}}"#,
                r#"{"offset":{"offset":1}}"#,
                "3",
            ]),
        )
            .prop_map(|(row, text)| Action::SetEntry {
                row,
                value: offsets_core::json::parse(text).unwrap(),
            }),
        selection().prop_map(|selection| Action::RemoveEntries { selection }),
        prop::bool::ANY.prop_map(|all| Action::SetScope {
            scope: if all {
                ExportScope::All
            } else {
                ExportScope::ChangedOnly
            }
        }),
        Just(Action::Undo),
        Just(Action::Redo),
        Just(Action::KeepLastDuplicates),
    ]
}

fn run_sequence(text: &str, actions: &[Action]) -> Session {
    let mut s = Session::new(listing(text));
    for a in actions {
        let before = s.clone();
        if s.apply(a.clone()).is_err() {
            assert_eq!(s, before, "refused {a:?} changed the state");
        }
    }
    s
}

#[test]
fn random_sequences_never_panic_and_undo_restores_the_import() {
    for (seed, text) in [(11u8, MM2_YAML), (12u8, SINK), (13u8, GENERIC)] {
        let imported = listing(text);
        runner(300, seed)
            .run(&proptest::collection::vec(action(), 0..60), |actions| {
                let mut s = run_sequence(text, &actions);
                while s.apply(Action::Undo).is_ok() {}
                prop_assert_eq!(s.working_listing(), imported.clone());
                prop_assert_eq!(s.scope(), ExportScope::ChangedOnly);
                prop_assert_eq!(s.changed_count(), 0);
                Ok(())
            })
            .unwrap();
    }
}

#[test]
fn import_edit_export_import_gives_the_edited_model() {
    runner(200, 21)
        .run(&proptest::collection::vec(action(), 0..30), |actions| {
            let s = run_sequence(MM2_YAML, &actions);
            let edited = s.working_listing();
            // The edit write-back re-imports to the edited entries.
            let rewritten = export::rewrite_document(MM2_YAML, &edited).unwrap();
            let back = listing(&rewritten);
            prop_assert_eq!(
                &back.entries.iter().map(|e| e.raw()).collect::<Vec<_>>(),
                &edited.entries.iter().map(|e| e.raw()).collect::<Vec<_>>()
            );
            prop_assert_eq!(
                &back.configmap.as_ref().unwrap().other_data,
                &edited.configmap.as_ref().unwrap().other_data
            );
            // Exports (when validation lets them through) re-import to the exported entries.
            let scoped = s.export_listing();
            if let Ok(patch) = export::patch_json(&scoped, Some(s.imported()), false) {
                let back = listing(&patch.text);
                prop_assert_eq!(back.payload(), scoped.payload());
            }
            let options = ConfigMapOptions {
                keep_other_data: true,
                ..ConfigMapOptions::default()
            };
            if let Ok(cm) = export::configmap_yaml(&scoped, Some(s.imported()), &options) {
                let back = listing(&cm.text);
                prop_assert_eq!(back.payload(), scoped.payload());
                prop_assert_eq!(back.data_key, scoped.data_key.clone());
            }
            Ok(())
        })
        .unwrap();
}
