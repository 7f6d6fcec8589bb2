//! Rollback (a PATCH only adds to or tombstones what it names): golden files for the rollback
//! exports of the fixtures
//! (`tests/golden/rollback/`, `UPDATE_GOLDEN=1` rewrites them), the rule by case, and a property
//! test with a fixed seed: applying the alter and then the rollback to the listing with PATCH
//! semantics (only named partitions change, null removes) gives back the original listing.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use offsets_core::edit::{Action, Selection, Session};
use offsets_core::export::{ConfigMapOptions, changed_entries};
use offsets_core::filter::{Filter, PartitionSet};
use offsets_core::json;
use offsets_core::procedure::{self, AliasPath, Kubernetes, Options, Target};
use offsets_core::rollback::{alter_name, apply_patch, rollback, rollback_configmap};
use offsets_core::{ImportOptions, Listing, import};
use proptest::prelude::*;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use offsets_test_support::golden::check_into as check;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn listing(text: &str) -> Listing {
    import(text, &ImportOptions::default()).unwrap().listing
}

fn fixture(name: &str) -> Listing {
    listing(&std::fs::read_to_string(root().join("tests/fixtures").join(name)).unwrap())
}

/// The listing as a map partition -> entry text (PATCH results are compared as sets).
fn state(l: &Listing) -> BTreeMap<String, String> {
    l.entries
        .iter()
        .filter_map(|e| {
            let k = e.key()?;
            Some((format!("{k:?}"), json::to_compact(e.raw())))
        })
        .collect()
}

/// The MirrorMaker 2 fixture edited: orders:0 rewound, orders:1 nulled, orders:7 added.
fn mm2_edit() -> (Listing, Listing) {
    let before = fixture("kafkamirrormaker2-source.list.yaml");
    let mut s = Session::new(before.clone());
    s.apply(Action::SetOffset { row: 0, offset: 10 }).unwrap();
    s.apply(Action::SetNull { row: 1 }).unwrap();
    s.apply(Action::AddEntries {
        cluster: None,
        topic: "orders".into(),
        partitions: PartitionSet::parse("7").unwrap(),
        offset: Some(99),
    })
    .unwrap();
    (before, s.working_listing())
}

/// The sink fixture edited: events:2 shifted by -2, events:9 added with a value.
fn sink_edit() -> (Listing, Listing) {
    let before = fixture("kafkaconnector-sink.list.json");
    let mut s = Session::new(before.clone());
    s.apply(Action::ShiftOffsets {
        selection: Selection::Filter(Filter::parse("partition:2").unwrap()),
        delta: -2,
    })
    .unwrap();
    s.apply(Action::AddEntries {
        cluster: None,
        topic: "events".into(),
        partitions: PartitionSet::parse("9").unwrap(),
        offset: Some(0),
    })
    .unwrap();
    (before, s.working_listing())
}

fn render(before: &Listing, edited: &Listing, target: Target) -> String {
    let rb = rollback(before, edited);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# restored {}, deleted {}\n# --- rollback ConfigMap",
        rb.restored, rb.deleted
    );
    let export = rollback_configmap(
        &rb,
        alter_name(before, edited),
        &ConfigMapOptions::default(),
    );
    let yaml = match export {
        Ok(e) => {
            out.push_str(&e.text);
            for d in e
                .diagnostics
                .iter()
                .filter(|d| d.severity != offsets_core::Severity::Info)
            {
                let _ = writeln!(out, "# {} {d}", d.severity);
            }
            e.text
        }
        Err(d) => panic!("{d:?}"),
    };
    let _ = writeln!(
        out,
        "# --- expected after the rollback\n{}",
        rb.expected.to_pretty_json()
    );
    let mut options = Options::new(target.clone());
    rb.procedure_options(&mut options);
    let payload = match target {
        Target::Rest { .. } => rb.payload.to_compact_json(),
        _ => yaml,
    };
    let p = procedure::alter(&options, &payload).unwrap();
    let _ = writeln!(out, "# --- steps\n{}", p.render_steps());
    out
}

fn kube(alter: &str) -> Kubernetes {
    Kubernetes {
        namespace: "kafka".into(),
        context: None,
        list_configmap: "my-mm2-offsets".into(),
        alter_configmap: alter.into(),
    }
}

#[test]
fn rollback_exports_are_pinned() {
    let golden = root().join("tests/golden/rollback");
    let mut failures = Vec::new();
    let (before, edited) = mm2_edit();
    let mm2 = Target::KafkaMirrorMaker2 {
        cluster: kube("my-mm2-offsets-alter-rollback"),
        resource: "my-mm2".into(),
        mirror_index: 0,
        connector: offsets_core::names::MirrorConnectorName::parse(
            "east->west.MirrorSourceConnector",
        )
        .unwrap(),
        alias_path: AliasPath::New,
    };
    check(
        &golden.join("mm2-edited.kubectl.txt"),
        &render(&before, &edited, mm2.clone()),
        &mut failures,
    );
    // The same from the alter payload only (what `export --against` wrote).
    let alter = changed_entries(&before, &edited);
    check(
        &golden.join("mm2-alter-payload.kubectl.txt"),
        &render(&before, &alter, mm2),
        &mut failures,
    );
    let (before, edited) = sink_edit();
    check(
        &golden.join("sink-edited.curl.txt"),
        &render(
            &before,
            &edited,
            Target::Rest {
                url: "http://connect:8083".into(),
                connector: "jdbc-sink".into(),
            },
        ),
        &mut failures,
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_rollback_names_exactly_the_changed_partitions() {
    let (before, edited) = mm2_edit();
    let rb = rollback(&before, &edited);
    let text = rb.payload.to_compact_json();
    assert_eq!(
        text,
        r#"{"offsets":[{"partition":{"cluster":"east","partition":0,"topic":"orders"},"offset":{"offset":41}},{"partition":{"cluster":"east","partition":1,"topic":"orders"},"offset":{"offset":42}},{"partition":{"cluster":"east","partition":7,"topic":"orders"},"offset":null}]}"#
    );
    assert_eq!((rb.restored, rb.deleted), (2, 1));
    assert_eq!(state(&rb.expected), state(&before));
    // Nothing changed: an empty rollback.
    let none = rollback(&before, &before);
    assert!(none.payload.entries.is_empty());
    // A null added for a partition that was never stored changes nothing, so needs no rollback.
    let mut s = Session::new(before.clone());
    s.apply(Action::AddEntries {
        cluster: None,
        topic: "new".into(),
        partitions: PartitionSet::parse("0").unwrap(),
        offset: None,
    })
    .unwrap();
    assert!(
        rollback(&before, &s.working_listing())
            .payload
            .entries
            .is_empty()
    );
}

#[test]
fn apply_patch_changes_only_named_partitions() {
    let before = listing(
        r#"{"offsets":[{"partition":{"kafka_topic":"t","kafka_partition":0},"offset":{"kafka_offset":5}},{"partition":{"kafka_topic":"t","kafka_partition":1},"offset":{"kafka_offset":6}}]}"#,
    );
    let payload = listing(
        r#"{"offsets":[{"partition":{"kafka_topic":"t","kafka_partition":1},"offset":null},{"partition":{"kafka_topic":"t","kafka_partition":2},"offset":{"kafka_offset":1}},{"partition":{"kafka_topic":"t","kafka_partition":3},"offset":null}]}"#,
    );
    assert_eq!(
        apply_patch(&before, &payload).to_compact_json(),
        r#"{"offsets":[{"partition":{"kafka_topic":"t","kafka_partition":0},"offset":{"kafka_offset":5}},{"partition":{"kafka_topic":"t","kafka_partition":2},"offset":{"kafka_offset":1}}]}"#
    );
}

use crate::support::seeded_runner as runner;

fn offset() -> impl Strategy<Value = Option<i64>> {
    prop_oneof![
        3 => (0i64..20).prop_map(Some),
        1 => Just(Some(i64::MAX)),
        1 => Just(None),
    ]
}

/// A listing of MirrorMaker 2 source partitions (no duplicates: Connect lists one per partition).
fn mm2_listing() -> impl Strategy<Value = Vec<(u8, i64)>> {
    proptest::collection::btree_map(0u8..12, 0i64..1000, 0..8).prop_map(|m| m.into_iter().collect())
}

fn build(entries: &[(u8, Option<i64>)]) -> Listing {
    let items: Vec<String> = entries
        .iter()
        .map(|(p, o)| {
            format!(
                r#"{{"partition":{{"cluster":"east","partition":{},"topic":"t{}"}},"offset":{}}}"#,
                p % 4,
                p / 4,
                o.map_or("null".to_string(), |o| format!(r#"{{"offset":{o}}}"#))
            )
        })
        .collect();
    listing(&format!(r#"{{"offsets":[{}]}}"#, items.join(",")))
}

#[test]
fn alter_then_rollback_gives_back_the_listing() {
    let strategy = (
        mm2_listing(),
        proptest::collection::vec((0u8..14, offset()), 0..10),
    );
    runner(512, 12)
        .run(&strategy, |(listed, alter)| {
            let before = build(
                &listed
                    .iter()
                    .map(|(p, o)| (*p, Some(*o)))
                    .collect::<Vec<_>>(),
            );
            // The alter payload as a user may write it: duplicates and nulls allowed.
            let payload = build(&alter);
            let after = apply_patch(&before, &payload);
            let rb = rollback(&before, &payload);
            let restored = apply_patch(&after, &rb.payload);
            prop_assert_eq!(state(&restored), state(&before));
            prop_assert_eq!(state(&rb.after_alter), state(&after));
            prop_assert_eq!(state(&rb.expected), state(&before));
            // And from the whole edited listing rather than the payload: every listed partition,
            // the alter's values over them (a nulled partition stays, with a null offset).
            let mut edited: BTreeMap<u8, Option<i64>> =
                listed.iter().map(|(p, o)| (*p, Some(*o))).collect();
            edited.extend(alter.iter().copied());
            let edited = build(&edited.into_iter().collect::<Vec<_>>());
            let rb2 = rollback(&before, &edited);
            prop_assert_eq!(state(&apply_patch(&after, &rb2.payload)), state(&before));
            // The rollback names no partition the alter left alone.
            prop_assert!(rb.payload.entries.len() <= alter.len());
            Ok(())
        })
        .unwrap();
}

/// The real kubectl reads the rollback ConfigMap back to exactly the rollback payload
/// (`kubectl annotate --local -f FILE k=v -o json`, as core/tests/kubectl.rs does for the alter).
#[test]
fn kubectl_reads_the_rollback_configmap_back_to_the_payload() {
    for (name, (before, edited)) in [("mm2", mm2_edit()), ("sink", sink_edit())] {
        let rb = rollback(&before, &edited);
        let yaml = rollback_configmap(&rb, None, &ConfigMapOptions::default())
            .unwrap()
            .text;
        let file = offsets_test_support::temp::TempFile::new(
            "offsets-rollback",
            &format!("{name}.yaml"),
            &yaml,
        );
        let out = std::process::Command::new("/usr/bin/kubectl")
            .args(["annotate", "--local", "-f"])
            .arg(file.path())
            .args(["k=v", "-o", "json"])
            .output()
            .expect("run kubectl");
        assert!(
            out.status.success(),
            "kubectl failed on:\n{yaml}\nstderr: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let back = json::parse(&String::from_utf8(out.stdout).unwrap()).unwrap();
        let key = rb.payload.data_key.clone().unwrap();
        let data = back
            .get("data")
            .and_then(|d| d.get(&key))
            .and_then(|v| v.as_str());
        assert_eq!(data, Some(rb.payload.to_pretty_json().as_str()), "{name}");
        let meta = back.get("metadata").unwrap();
        assert!(
            meta.get("name")
                .unwrap()
                .as_str()
                .unwrap()
                .ends_with("-alter-rollback"),
            "{name}"
        );
    }
}
