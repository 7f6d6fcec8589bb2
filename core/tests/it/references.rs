//! Deciding offsets from the cluster's facts (issue 11): the log-range check, "set from a
//! reference" with its conversions and edges, the `range:` filter over a session, and the
//! `kafka-get-offsets.sh` commands. Golden files under `tests/golden/references/` pin the
//! diagnostics, the edited rows with the outcome, and the commands byte for byte;
//! `UPDATE_GOLDEN=1` rewrites them.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use offsets_core::edit::{Action, OffsetValue, Selection, Session};
use offsets_core::filter::Filter;
use offsets_core::log_range::{self, LogRange, RangeClass};
use offsets_core::lookup::{LookupAt, LookupOptions, lookup_commands};
use offsets_core::reference::{Reference, Role, parse_reference};
use offsets_core::{ConnectorKind, ImportOptions, Listing, import, set_from};
use std::fs;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::Arc;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/golden/references")
}

fn read(name: &str) -> String {
    fs::read_to_string(dir().join(name)).unwrap()
}

fn listing(name: &str) -> Listing {
    import(&read(name), &ImportOptions::default())
        .unwrap()
        .listing
}

fn reference(name: &str, role: Role) -> Arc<Reference> {
    let r = parse_reference(&read(name), role);
    assert!(r.is_usable(), "{name}: {:?}", r.diagnostics);
    Arc::new(r)
}

/// 2026-11-30T12:00:00Z.
const T: i64 = 1_796_040_000_000;

fn golden(name: &str, got: &str, failures: &mut Vec<String>) {
    offsets_test_support::golden::check_into(&dir().join(name), got, failures);
}

fn rows_text(session: &Session) -> String {
    let mut out = String::new();
    for r in session.rows() {
        let f = session.facts(r.index).unwrap();
        let v = match r.current {
            OffsetValue::Value(v) => v.to_string(),
            OffsetValue::Null => "null".into(),
            OffsetValue::Unreadable => "?".into(),
        };
        out.push_str(&format!(
            "{}:{} = {v}{}\n",
            f.topic.unwrap_or("-"),
            f.partition.unwrap_or(-1),
            if r.added { " (added)" } else { "" }
        ));
    }
    out
}

fn bash_syntax(text: &str) {
    use std::io::Write;
    let mut child = Command::new("bash")
        .arg("-n")
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "bash -n: {}\n{text}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn golden_files() {
    let mut failures = Vec::new();
    // Log range of a MirrorMaker 2 listing against earliest and latest.
    let mm2 = listing("mm2.json");
    let range = LogRange {
        earliest: Some(reference("earliest.txt", Role::Earliest)),
        latest: Some(reference("latest.txt", Role::Latest)),
    };
    let text: String = log_range::check_listing(&mm2, &range)
        .iter()
        .map(|d| format!("{d}\n"))
        .collect();
    golden("mm2.log-range.diagnostics", &text, &mut failures);

    // Set from the offsets at T, then from earliest (MirrorMaker 2).
    let mut session = Session::new(mm2.clone());
    let time = reference("time.txt", Role::Time { at_ms: Some(T) });
    let mut text = String::new();
    for (r, sel) in [
        (time, Selection::All),
        (
            reference("earliest.txt", Role::Earliest),
            Selection::Filter(Filter::parse("payments").unwrap()),
        ),
    ] {
        let out = session
            .apply(Action::SetFromReference {
                selection: sel,
                reference: r,
            })
            .unwrap();
        text.push_str(&format!("> {}\n", out.message));
        for n in &out.notes {
            text.push_str(&format!("  {n}\n"));
        }
        text.push_str(&rows_text(&session));
        for i in (0..session.len()).filter(|&i| session.row(i).unwrap().changed) {
            if let Some(p) = set_from::row_effect(&session, i, &range).phrase() {
                text.push_str(&format!("  row {i}: {p}\n"));
            }
        }
    }
    golden("mm2.set-from.txt", &text, &mut failures);

    // A sink against a consumer group's describe table (CURRENT-OFFSET to set, LOG-END-OFFSET
    // as the log end).
    let sink = listing("sink.json");
    let group = reference("group.describe.txt", Role::Group { name: None });
    let range = LogRange::from_references([&group]);
    let mut text: String = log_range::check_listing(&sink, &range)
        .iter()
        .map(|d| format!("{d}\n"))
        .collect();
    let mut session = Session::new(sink);
    let out = session
        .apply(Action::SetFromReference {
            selection: Selection::All,
            reference: group,
        })
        .unwrap();
    text.push_str(&format!("> {}\n", out.message));
    for n in &out.notes {
        text.push_str(&format!("  {n}\n"));
    }
    text.push_str(&rows_text(&session));
    golden("sink.group.txt", &text, &mut failures);

    // Commands.
    let mm2_parts: Vec<(String, i64)> = mm2
        .entries
        .iter()
        .filter_map(|e| {
            e.mirror_partition()
                .map(|m| (m.topic.to_string(), m.partition))
        })
        .collect();
    let variants: [(&str, LookupOptions); 3] = [
        (
            "mm2.lookup-earliest-exec.sh",
            LookupOptions {
                at: LookupAt::Earliest,
                bootstrap: "localhost:9092".into(),
                command_config: Some("/tmp/client.properties".into()),
                exec: Some(("kafka".into(), "east-cluster-broker-0".into())),
                kind: ConnectorKind::MirrorSource,
                source_alias: Some("east".into()),
            },
        ),
        (
            "mm2.lookup-time.sh",
            LookupOptions {
                at: LookupAt::Time(T),
                bootstrap: "east-kafka-bootstrap.kafka.svc:9093".into(),
                command_config: None,
                exec: None,
                kind: ConnectorKind::MirrorSource,
                source_alias: Some("east".into()),
            },
        ),
        (
            "sink.lookup-latest.sh",
            LookupOptions {
                at: LookupAt::Latest,
                bootstrap: "my-cluster-kafka-bootstrap:9092".into(),
                command_config: None,
                exec: None,
                kind: ConnectorKind::Sink,
                source_alias: None,
            },
        ),
    ];
    for (name, options) in variants {
        let parts: Vec<(&str, i64)> = if options.kind == ConnectorKind::Sink {
            vec![("events.v2", 0), ("events.v2", 1), ("events.v2", 2)]
        } else {
            mm2_parts.iter().map(|(t, p)| (t.as_str(), *p)).collect()
        };
        let text = lookup_commands(parts, &options).unwrap().render();
        bash_syntax(&text);
        golden(name, &text, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn mm2_session(entries: &[(&str, i64, Option<i64>)]) -> Session {
    let mut l = Listing::new(
        ConnectorKind::MirrorSource,
        offsets_core::model::InputForm::RestPayload,
    );
    l.entries = entries
        .iter()
        .map(|&(t, p, o)| offsets_core::Entry::mirror_source("east", t, p, o))
        .collect();
    Session::new(l)
}

fn sink_session(entries: &[(&str, i64, Option<i64>)]) -> Session {
    let mut l = Listing::new(
        ConnectorKind::Sink,
        offsets_core::model::InputForm::RestPayload,
    );
    l.entries = entries
        .iter()
        .map(|&(t, p, o)| offsets_core::Entry::sink(t, p, o))
        .collect();
    Session::new(l)
}

fn values(s: &Session) -> Vec<OffsetValue> {
    s.rows().map(|r| r.current).collect()
}

#[test]
fn conversion_edges() {
    let r = Arc::new(Reference::from_values(
        Role::Earliest,
        [
            ("a".to_string(), 0, Some(0)),
            ("a".to_string(), 1, Some(i64::MAX)),
            ("a".to_string(), 2, Some(1)),
            ("b".to_string(), 9, Some(5)),
        ],
    ));
    let mut mm2 = mm2_session(&[
        ("a", 0, Some(10)),
        ("a", 1, Some(10)),
        ("a", 2, None),
        ("a", 3, Some(3)),
    ]);
    let out = mm2
        .apply(Action::SetFromReference {
            selection: Selection::All,
            reference: r.clone(),
        })
        .unwrap();
    // R = 0 -> null with its note; 2^63-1 -> 2^63-2; R = 1 -> 0; a:3 missing, left alone.
    assert_eq!(
        values(&mm2),
        [
            OffsetValue::Null,
            OffsetValue::Value(i64::MAX - 1),
            OffsetValue::Value(0),
            OffsetValue::Value(3)
        ]
    );
    assert_eq!(out.changed, 3);
    assert!(
        out.notes
            .iter()
            .any(|n| n.starts_with("1 partition(s) are at record 0: their offset is set to null"))
    );
    assert!(out.notes.iter().any(|n| n
        == "1 partition(s) have no value in the earliest offsets: left as they were (east/a:3)."));
    assert!(
        out.notes
            .iter()
            .any(|n| n.starts_with("1 partition(s) of the reference are not listed (b:9)"))
    );
    // One undoable step.
    mm2.apply(Action::Undo).unwrap();
    assert_eq!(
        values(&mm2),
        [
            OffsetValue::Value(10),
            OffsetValue::Value(10),
            OffsetValue::Null,
            OffsetValue::Value(3)
        ]
    );

    let mut sink = sink_session(&[("a", 0, Some(10)), ("a", 1, Some(10))]);
    sink.apply(Action::SetFromReference {
        selection: Selection::All,
        reference: r.clone(),
    })
    .unwrap();
    assert_eq!(
        values(&sink),
        [OffsetValue::Value(0), OffsetValue::Value(i64::MAX)]
    );

    // Partitions the listing lacks are offered, not added; the offer adds them on request.
    let plan = set_from::plan(&sink, &[0, 1], &r).unwrap();
    assert_eq!(
        plan.unlisted,
        [("a".to_string(), 2, Some(1)), ("b".to_string(), 9, Some(5))]
    );
    assert_eq!(sink.len(), 2);
    for action in plan.add_actions() {
        sink.apply(action).unwrap();
    }
    assert_eq!(
        values(&sink)[2..],
        [OffsetValue::Value(1), OffsetValue::Value(5)]
    );
}

#[test]
fn other_kinds_and_bad_references_are_refused() {
    let mut l = Listing::new(
        ConnectorKind::Generic,
        offsets_core::model::InputForm::RestPayload,
    );
    l.entries.push(offsets_core::Entry::sink("a", 0, Some(1)));
    let mut s = Session::new(l);
    let r = Arc::new(Reference::from_values(
        Role::Latest,
        [("a".to_string(), 0, Some(3))],
    ));
    let e = s
        .apply(Action::SetFromReference {
            selection: Selection::All,
            reference: r,
        })
        .unwrap_err();
    assert!(e.message.starts_with(
        "Setting offsets from a reference is defined for MirrorSourceConnector and sink connectors"
    ));
    let mut sink = sink_session(&[("a", 0, Some(1))]);
    let bad = Arc::new(parse_reference("a:0:1\na:0:2\n", Role::Latest));
    let e = sink
        .apply(Action::SetFromReference {
            selection: Selection::All,
            reference: bad,
        })
        .unwrap_err();
    assert_eq!(
        e.message,
        "The latest offsets has errors; fix them before setting offsets from it. Nothing was changed."
    );
}

#[test]
fn range_filter_selects_through_the_references() {
    let s = sink_session(&[
        ("a", 0, Some(1)),
        ("a", 1, Some(50)),
        ("a", 2, Some(100)),
        ("a", 3, Some(200)),
        ("a", 4, None),
        ("z", 0, Some(1)),
    ]);
    let earliest = Arc::new(Reference::from_values(
        Role::Earliest,
        (0..4).map(|p| ("a".to_string(), p, Some(10))),
    ));
    let latest = Arc::new(Reference::from_values(
        Role::Latest,
        (0..4).map(|p| ("a".to_string(), p, Some(100))),
    ));
    let range = LogRange {
        earliest: Some(earliest),
        latest: Some(latest),
    };
    assert_eq!(
        set_from::classify_rows(&s, &range),
        [
            RangeClass::Below { missed: 9 },
            RangeClass::Ok,
            RangeClass::CaughtUp,
            RangeClass::Above { past: 100 },
            RangeClass::NotChecked,
            RangeClass::Unknown
        ]
    );
    let rows = |f: &str| set_from::log_range_rows(&s, &Filter::parse(f).unwrap(), &range);
    assert_eq!(rows("range:below"), [0]);
    assert_eq!(rows("range:above"), [3]);
    assert_eq!(rows("range:ok"), [1, 2]);
    assert_eq!(rows("range:caught-up"), [2]);
    assert_eq!(rows("range:unknown"), [5]);
    assert_eq!(rows("range:unchecked"), [4]);
    assert_eq!(rows("a* range:ok partition:2"), [2]);
    // Without references every row is unknown.
    assert_eq!(
        set_from::log_range_rows(
            &s,
            &Filter::parse("range:unknown").unwrap(),
            &LogRange::default()
        )
        .len(),
        6
    );
    // The session refuses a range: filter it cannot evaluate.
    let mut s2 = s.clone();
    let e = s2
        .apply(Action::NullOffsets {
            selection: Selection::Filter(Filter::parse("range:below").unwrap()),
        })
        .unwrap_err();
    assert!(
        e.message
            .starts_with("A range: filter needs the log ranges")
    );
    // With the references, as the CLI and the page select.
    let sel = set_from::selection_for(&s2, &Filter::parse("range:below").unwrap(), &range);
    assert_eq!(sel, Selection::Rows(vec![0]));
    s2.apply(Action::NullOffsets { selection: sel }).unwrap();
    // The session's own check sees the edit.
    let diags = set_from::check_session(&s2, &range);
    assert!(diags.iter().all(|d| d.rule != "LR1"), "{diags:?}");
    assert!(diags.iter().any(|d| d.rule == "LR2"));
    let filter = Filter::parse("range:below").unwrap();
    assert_eq!(Filter::parse(&filter.to_string()).unwrap(), filter);
    assert!(
        Filter::parse("range:sideways")
            .unwrap_err()
            .to_string()
            .starts_with("column 7: unknown log range 'sideways'")
    );
}

#[test]
fn hostile_names_never_reach_a_command() {
    let hostile = ["a'b", "$(reboot)", "a;id", "`x`", "a b", "a\nb", "..", ""];
    for t in hostile {
        let options = LookupOptions {
            at: LookupAt::Latest,
            bootstrap: "localhost:9092".into(),
            command_config: None,
            exec: None,
            kind: ConnectorKind::Sink,
            source_alias: None,
        };
        assert!(lookup_commands([(t, 0)], &options).is_err(), "{t:?}");
        for field in 0..4 {
            let mut o = options.clone();
            match field {
                0 => o.bootstrap = format!("{t}:9092"),
                1 => o.command_config = Some(t.to_string()),
                2 => o.exec = Some((t.to_string(), "pod-0".into())),
                _ => o.exec = Some(("kafka".into(), t.to_string())),
            }
            if field <= 1 && t == ".." {
                // `..` is a legal relative path and host name; it is single-quoted like every
                // value.
                let l = lookup_commands([("ok", 0)], &o).unwrap();
                assert!(l.commands[0].contains("'..") || l.commands[0].contains(" '..:9092'"));
                continue;
            }
            assert!(lookup_commands([("ok", 0)], &o).is_err(), "{field} {t:?}");
        }
    }
}

/// Random text (from the characters the formats use, plus some that break them) never panics
/// the reference reader or the date-time parser, and every diagnostic has a position inside the
/// text. Fixed seed: deterministic in CI.
#[test]
fn random_text_never_panics() {
    use proptest::prelude::*;
    let mut runner = crate::support::seeded_runner(2000, 11);
    let text = proptest::collection::vec(
        prop_oneof![
            Just("a".to_string()),
            Just("o.x-1".to_string()),
            Just(":".to_string()),
            Just(",".to_string()),
            Just(" ".to_string()),
            Just("\t".to_string()),
            Just("\n".to_string()),
            Just("\r\n".to_string()),
            Just("-".to_string()),
            Just("GROUP TOPIC PARTITION CURRENT-OFFSET LOG-END-OFFSET".to_string()),
            Just("9223372036854775808".to_string()),
            Just("0".to_string()),
            Just("7".to_string()),
            Just("é".to_string()),
            Just("T".to_string()),
            Just("+".to_string()),
            Just("Z".to_string()),
        ],
        0..40,
    )
    .prop_map(|parts| parts.concat());
    runner
        .run(&text, |t| {
            let lines = t.split('\n').count() as u32;
            for role in [Role::Earliest, Role::Latest, Role::Group { name: None }] {
                let r = parse_reference(&t, role);
                for d in &r.diagnostics {
                    prop_assert!(d.position.line >= 1 && d.position.line <= lines, "{d}");
                }
            }
            let _ = offsets_core::datetime::parse_datetime(&t, T);
            Ok(())
        })
        .unwrap();
}

/// Every REF and LR rule id is produced by some input here, and nothing else is.
#[test]
fn every_rule_id_is_exercised() {
    use std::collections::BTreeSet;
    let mut seen = BTreeSet::new();
    for (text, role) in [
        ("", Role::Earliest),
        ("a:0:1\nnot a line at all\n", Role::Earliest),
        ("bad$topic:0:1\n", Role::Earliest),
        ("a:x:1\n", Role::Earliest),
        ("a:0:y\n", Role::Earliest),
        ("a:0:1\na:0:2\n", Role::Earliest),
        ("a:0:1\na:0:1\n", Role::Earliest),
        ("a:0:\n", Role::Time { at_ms: None }),
        (
            "GROUP TOPIC PARTITION CURRENT-OFFSET LOG-END-OFFSET\ng a 0 1 2\nh a 1 1 2\n",
            Role::Group { name: None },
        ),
    ] {
        for d in parse_reference(text, role).diagnostics {
            seen.insert(d.rule);
        }
    }
    let s = sink_session(&[("a", 0, Some(1)), ("a", 1, Some(500)), ("a", 2, Some(5))]);
    let range = LogRange {
        earliest: Some(Arc::new(Reference::from_values(
            Role::Earliest,
            [
                ("a".to_string(), 0, Some(10)),
                ("a".to_string(), 1, Some(10)),
                ("a".to_string(), 2, Some(9)),
                ("b".to_string(), 0, Some(0)),
            ],
        ))),
        latest: Some(Arc::new(Reference::from_values(
            Role::Latest,
            [
                ("a".to_string(), 0, Some(100)),
                ("a".to_string(), 1, Some(100)),
                ("a".to_string(), 2, Some(3)),
            ],
        ))),
    };
    let diags = set_from::check_session(&s, &range);
    assert!(
        diags.iter().any(|d| d
            .to_string()
            .contains("LR4: Entry #3 (a:2): the earliest offset 9 is above the latest 3")),
        "{diags:?}"
    );
    for d in diags {
        seen.insert(d.rule);
    }
    let expected: BTreeSet<&str> = offsets_core::reference::RULE_IDS
        .iter()
        .chain(log_range::RULE_IDS)
        .copied()
        .collect();
    assert_eq!(seen, expected);
}

/// The outputs Kafka 4.3.1's own tools printed against the live-test broker
/// (`tests/fixtures/kafka-4.3.1/`, made and re-checked by `tests/live/tool-output.test.mjs`):
/// every one reads in its format with the values the broker held, without a cluster.
#[test]
fn real_kafka_tool_output_parses() {
    use offsets_core::reference::ReferenceFormat;
    let fixtures = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/kafka-4.3.1");
    let read = |name: &str, role: Role| {
        let text = fs::read_to_string(fixtures.join(name)).unwrap();
        let r = parse_reference(&text, role);
        assert!(r.is_usable(), "{name}: {:?}", r.diagnostics);
        assert!(r.diagnostics.is_empty(), "{name}: {:?}", r.diagnostics);
        r
    };
    // (partition, offset, log end) as read.
    let seen = |r: &Reference| -> Vec<(i64, Option<i64>, Option<i64>)> {
        r.values
            .iter()
            .map(|v| {
                assert_eq!(v.topic, "fixture-orders");
                (v.partition, v.offset, v.log_end)
            })
            .collect()
    };
    let get = ReferenceFormat::GetOffsets;
    let earliest = read("get-offsets-earliest.txt", Role::Earliest);
    assert_eq!(earliest.format, Some(get));
    assert_eq!(
        seen(&earliest),
        [(0, Some(0), None), (1, Some(0), None), (2, Some(0), None)]
    );
    let latest = read("get-offsets-latest.txt", Role::Latest);
    assert_eq!(latest.format, Some(get));
    assert_eq!(
        seen(&latest),
        [(0, Some(10), None), (1, Some(5), None), (2, Some(0), None)]
    );
    // With a time, partitions with no record at or after it are left out, not printed as -1.
    let at = read(
        "get-offsets-time.txt",
        Role::Time {
            at_ms: Some(1_764_504_270_000),
        },
    );
    assert_eq!(at.format, Some(get));
    assert_eq!(seen(&at), [(0, Some(5), None)]);
    let group = || Role::Group {
        name: Some("connect-fixture-sink".into()),
    };
    let describe = read("consumer-groups-describe.txt", group());
    assert_eq!(describe.format, Some(ReferenceFormat::Describe));
    assert_eq!(
        seen(&describe),
        [
            (0, Some(3), Some(10)),
            (1, Some(3), Some(5)),
            (2, Some(0), Some(0))
        ]
    );
    // What a terminal shows: the tool's standard error line above the table.
    let pasted = format!(
        "\nConsumer group 'connect-fixture-sink' has no active members.\n{}",
        fs::read_to_string(fixtures.join("consumer-groups-describe.txt")).unwrap()
    );
    let r = parse_reference(&pasted, group());
    assert!(r.is_usable(), "{:?}", r.diagnostics);
    assert_eq!(seen(&r), seen(&describe));
    let csv = read("consumer-groups-export.csv", group());
    assert_eq!(csv.format, Some(ReferenceFormat::Csv));
    assert_eq!(
        seen(&csv),
        [(0, Some(3), None), (1, Some(3), None), (2, Some(0), None)]
    );
}
