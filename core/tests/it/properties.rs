//! Property tests with a fixed seed (deterministic in CI):
//! * the offsets payload survives serialise -> parse unchanged, pretty (Jackson style) and
//!   compact, including numbers at and near the ends of the 64-bit range, and survives being
//!   wrapped in a ConfigMap (YAML literal block or `-o json` string) and imported again;
//! * import and validation never panic on mutated fixtures and random bytes.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use offsets_core::import as import_mod;
use offsets_core::json::{self, JsonKind, JsonValue, Member, Number};
use offsets_core::{ImportOptions, Position, import, import_bytes, validate};
use proptest::prelude::*;

use crate::support::seeded_runner as runner;

fn number_text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<i64>().prop_map(|v| v.to_string()),
        (0i64..=1000).prop_map(|d| (i64::MAX - d).to_string()),
        (0i64..=1000).prop_map(|d| (i64::MIN + d).to_string()),
        Just("9223372036854775807".to_string()),
        Just("9223372036854775808".to_string()),
        Just("-9223372036854775808".to_string()),
        Just("9007199254740993".to_string()),
        (0u32..1_000_000, 0u32..100).prop_map(|(a, b)| format!("{a}.{b}")),
        (1u32..10, -20i32..20).prop_map(|(a, e)| format!("{a}e{e}")),
        Just("-0".to_string()),
        Just("1E+3".to_string()),
    ]
}

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-z._-]{0,12}".prop_map(|s| s),
        prop::collection::vec(any::<char>(), 0..8).prop_map(|c| c.into_iter().collect()),
        Just("quote\"back\\slash\nnew\ttab\u{1}é😀".to_string()),
    ]
}

fn scalar() -> impl Strategy<Value = JsonValue> {
    prop_oneof![
        Just(JsonValue::null()),
        any::<bool>().prop_map(|b| JsonValue::new(JsonKind::Bool(b))),
        number_text().prop_map(|t| JsonValue::new(JsonKind::Number(Number::parse(&t).unwrap()))),
        text().prop_map(JsonValue::string),
    ]
}

fn map() -> impl Strategy<Value = JsonValue> {
    prop::collection::vec((text(), scalar()), 0..5).prop_map(|pairs| {
        JsonValue::new(JsonKind::Object(
            pairs
                .into_iter()
                .map(|(key, value)| Member {
                    key,
                    key_pos: Position::NONE,
                    value,
                })
                .collect(),
        ))
    })
}

fn payload() -> impl Strategy<Value = JsonValue> {
    let entry = (map(), prop_oneof![Just(JsonValue::null()), map()]).prop_map(|(p, o)| {
        JsonValue::object([("partition".to_string(), p), ("offset".to_string(), o)])
    });
    prop::collection::vec(entry, 0..6)
        .prop_map(|entries| JsonValue::object([("offsets".to_string(), JsonValue::array(entries))]))
}

#[test]
fn payload_round_trips_through_both_writers() {
    runner(512, 1)
        .run(&payload(), |p| {
            let pretty = json::to_pretty(&p);
            prop_assert!(json::parse(&pretty).unwrap() == p, "pretty: {pretty}");
            prop_assert!(!pretty.ends_with('\n'));
            let compact = json::to_compact(&p);
            prop_assert!(json::parse(&compact).unwrap() == p, "compact: {compact}");
            // Printing what was parsed gives the same text again (a fixed point).
            prop_assert_eq!(json::to_pretty(&json::parse(&pretty).unwrap()), pretty);
            Ok(())
        })
        .unwrap();
}

fn yaml_printable(c: char) -> bool {
    matches!(c, '\t' | '\n' | ' '..='~' | '\u{85}' | '\u{a0}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..)
        && c != '\u{feff}'
}

#[test]
fn payload_round_trips_through_configmaps() {
    runner(256, 2)
        .run(&payload(), |p| {
            let pretty = json::to_pretty(&p);
            // A YAML literal block can only hold printable characters (kubectl switches to a
            // double-quoted scalar otherwise); the `-o json` form below takes anything.
            if pretty.chars().all(yaml_printable) {
            let block: String = pretty.lines().map(|l| format!("    {l}\n")).collect();
            let yaml = format!(
                "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata:\n  offsets.json: |-\n{block}"
            );
            let imported = import(&yaml, &ImportOptions::default()).map_err(|e| {
                TestCaseError::fail(format!("{e:?}\n{yaml}"))
            })?;
            prop_assert!(imported.listing.payload() == p);
            prop_assert_eq!(imported.listing.to_pretty_json(), pretty.clone());
            }

            let mut quoted = String::new();
            json::write_string(&mut quoted, &pretty);
            let cm = format!(
                "{{\"apiVersion\": \"v1\", \"kind\": \"ConfigMap\", \"metadata\": {{\"name\": \"x\"}}, \"data\": {{\"offsets.json\": {quoted}}}}}"
            );
            let imported = import(&cm, &ImportOptions::default()).map_err(|e| TestCaseError::fail(format!("{e:?}")))?;
            prop_assert!(imported.listing.payload() == p);
            Ok(())
        })
        .unwrap();
}

#[test]
fn numbers_near_the_64_bit_limits_are_exact() {
    for text in [
        "9223372036854775807",
        "-9223372036854775808",
        "9223372036854775806",
        "9007199254740993",
    ] {
        let payload = format!(
            "{{\"offsets\":[{{\"partition\":{{\"cluster\":\"e\",\"partition\":0,\"topic\":\"t\"}},\"offset\":{{\"offset\":{text}}}}}]}}"
        );
        let imported = import(&payload, &ImportOptions::default()).unwrap();
        let out = imported.listing.to_compact_json();
        assert_eq!(out, payload);
        let expected: i64 = text.parse().unwrap();
        let got = imported.listing.entries[0].offset(offsets_core::ConnectorKind::MirrorSource);
        assert_eq!(got, Some(expected));
    }
    // 2^63 is not an i64: kept as text, reported by S8, never rounded.
    let payload = r#"{"offsets":[{"partition":{"cluster":"e","partition":0,"topic":"t"},"offset":{"offset":9223372036854775808}}]}"#;
    let imported = import(payload, &ImportOptions::default()).unwrap();
    assert_eq!(imported.listing.to_compact_json(), payload);
    assert!(imported.diagnostics.iter().any(|d| d.rule == "S8"));
}

fn fixtures() -> Vec<Vec<u8>> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/golden");
    let mut out = Vec::new();
    for sub in ["ok", "err"] {
        for e in std::fs::read_dir(dir.join(sub)).unwrap() {
            let p = e.unwrap().path();
            if !p.to_string_lossy().ends_with(".diagnostics") {
                out.push(std::fs::read(p).unwrap());
            }
        }
    }
    out.sort();
    out
}

#[derive(Debug, Clone)]
enum Mutation {
    Delete(usize, usize),
    Insert(usize, Vec<u8>),
    Flip(usize, u8),
    Truncate(usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let special = prop_oneof![
        Just(b"{".to_vec()),
        Just(b"[".to_vec()),
        Just(b"\"".to_vec()),
        Just(b"\\".to_vec()),
        Just(b"\n".to_vec()),
        Just(b": ".to_vec()),
        Just(b"- ".to_vec()),
        Just(b"&a ".to_vec()),
        Just(b"*a".to_vec()),
        Just(b"|-\n".to_vec()),
        Just(b"\xff".to_vec()),
        Just(b"\0".to_vec()),
        Just(b"9223372036854775808".to_vec()),
        Just(b"-1".to_vec()),
        Just(b"1e3".to_vec()),
        Just(b"\\u12".to_vec()),
        prop::collection::vec(any::<u8>(), 1..4),
    ];
    prop_oneof![
        (any::<usize>(), 1usize..8).prop_map(|(a, n)| Mutation::Delete(a, n)),
        (any::<usize>(), special).prop_map(|(a, b)| Mutation::Insert(a, b)),
        (any::<usize>(), any::<u8>()).prop_map(|(a, b)| Mutation::Flip(a, b)),
        any::<usize>().prop_map(Mutation::Truncate),
    ]
}

fn apply(mut bytes: Vec<u8>, mutations: &[Mutation]) -> Vec<u8> {
    for m in mutations {
        let len = bytes.len().max(1);
        match m {
            Mutation::Delete(at, n) => {
                let at = at % len;
                let end = (at + n).min(bytes.len());
                if at < end {
                    bytes.drain(at..end);
                }
            }
            Mutation::Insert(at, b) => {
                let at = at % (bytes.len() + 1);
                bytes.splice(at..at, b.iter().copied());
            }
            Mutation::Flip(at, b) => {
                if let Some(x) = bytes.get_mut(at % len) {
                    *x ^= b | 1;
                }
            }
            Mutation::Truncate(at) => bytes.truncate(at % len),
        }
    }
    bytes
}

#[test]
fn import_never_panics_on_mutated_fixtures() {
    let fixtures = fixtures();
    let strategy = (0..fixtures.len(), prop::collection::vec(mutation(), 1..6));
    runner(1500, 3)
        .run(&strategy, |(i, mutations)| {
            let bytes = apply(fixtures[i].clone(), &mutations);
            match import_bytes(&bytes, &ImportOptions::default()) {
                Ok(imported) => {
                    let again = validate(&imported.listing, Some(&imported.listing));
                    prop_assert!(again.iter().any(|d| d.rule == "S10"));
                    let _ = imported.listing.to_pretty_json();
                    // Every diagnostic about an entry points at a real line of the input.
                    let lines = bytes.split(|b| *b == b'\n').count() as u32;
                    for d in &imported.diagnostics {
                        prop_assert!(d.position.line <= lines, "{d} beyond {lines} lines");
                    }
                }
                Err(diags) => prop_assert!(diags.iter().any(|d| d.is_error())),
            }
            Ok(())
        })
        .unwrap();
}

#[test]
fn import_never_panics_on_random_bytes() {
    runner(1000, 4)
        .run(&prop::collection::vec(any::<u8>(), 0..200), |bytes| {
            if let Err(d) = import_bytes(&bytes, &ImportOptions::default()) {
                prop_assert!(!d.is_empty());
            }
            Ok(())
        })
        .unwrap();
}

#[test]
fn hostile_inputs_end_in_clear_errors() {
    let deep_json = "[".repeat(100_000);
    let e = import(&deep_json, &ImportOptions::default()).unwrap_err();
    assert!(
        e[0].message.contains("nesting is deeper than 128 levels"),
        "{}",
        e[0]
    );
    let deep_yaml = format!("a:\n{}", "- ".repeat(50_000));
    assert!(import(&deep_yaml, &ImportOptions::default()).is_err());
    let deep_value = format!(
        "apiVersion: v1\nkind: ConfigMap\ndata:\n  offsets.json: '{}'\n",
        "[".repeat(10_000)
    );
    let e = import(&deep_value, &ImportOptions::default()).unwrap_err();
    assert!(e.iter().any(|d| d.rule == "IMP3"));
    let bomb = "a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: [*c,*c,*c,*c,*c,*c,*c,*c,*c]\n";
    let e = import(bomb, &ImportOptions::default()).unwrap_err();
    assert_eq!(e[0].rule, "YAML");
    let huge = " ".repeat(import_mod::MAX_INPUT_BYTES + 1);
    let e = import(&huge, &ImportOptions::default()).unwrap_err();
    assert_eq!(e[0].rule, "INPUT");
}

#[test]
fn a_large_listing_imports_quickly() {
    // 20k entries (several MB) as a minified REST payload on one line: linear time.
    let entries: Vec<String> = (0..20_000)
        .map(|i| format!("{{\"partition\":{{\"cluster\":\"east\",\"partition\":{i},\"topic\":\"t\"}},\"offset\":{{\"offset\":{i}}}}}"))
        .collect();
    let payload = format!("{{\"offsets\":[{}]}}", entries.join(","));
    let start = std::time::Instant::now();
    let imported = import(&payload, &ImportOptions::default()).unwrap();
    assert_eq!(imported.listing.entries.len(), 20_000);
    assert!(start.elapsed().as_secs() < 20, "took {:?}", start.elapsed());
}
