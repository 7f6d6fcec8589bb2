//! The view `json::Raw` over the tree and over the tape of the same text agree: on kinds,
//! members in order with their duplicate keys, `get` (the last wins), spans (the start; the
//! end exists on the tape only), positions of values and keys, strings, number text and
//! integer values; and the writers write the same bytes through both. Checked on random documents (a property test with a fixed seed, under
//! three source maps) and on every `y_` file of JSONTestSuite.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use offsets_core::Position;
use offsets_core::json::{self, Raw, RawKind, RawMember, SourceMap};
use proptest::prelude::*;

/// Panics, naming the path, where the two views of one value differ.
pub(crate) fn agree(tree: Raw<'_>, tape: Raw<'_>, path: &str) {
    assert!(matches!(tree, Raw::Tree(_)), "{path}: not a tree view");
    assert!(matches!(tape, Raw::Tape(_)), "{path}: not a tape view");
    assert_eq!(tree.kind(), tape.kind(), "{path}: kind");
    assert_eq!(tree.type_name(), tape.type_name(), "{path}: type name");
    assert_eq!(tree.start(), tape.start(), "{path}: start");
    assert_eq!(tree.pos(), tape.pos(), "{path}: position");
    assert_eq!(tree.end(), None, "{path}: the tree has no end");
    assert!(tape.end().unwrap() > tape.start(), "{path}: tape span");
    assert_eq!(tree.as_bool(), tape.as_bool(), "{path}: boolean");
    assert_eq!(tree.as_str(), tape.as_str(), "{path}: string");
    assert_eq!(
        tree.number_text(),
        tape.number_text(),
        "{path}: number text"
    );
    assert_eq!(tree.as_number(), tape.as_number(), "{path}: number");
    assert_eq!(tree.as_i64(), tape.as_i64(), "{path}: integer");
    // One read for the rules: the number text when written as an integer, and its value.
    assert_eq!(
        tree.integer(),
        tape.integer(),
        "{path}: integer text and value"
    );
    assert_eq!(
        tape.integer(),
        tape.number_text()
            .filter(|_| tape.is_integer_number())
            .map(|t| (t, tape.as_i64())),
        "{path}: integer() against its three readers"
    );
    assert_eq!(tree.is_null(), tape.is_null(), "{path}: null");
    assert_eq!(
        tree.is_primitive(),
        tape.is_primitive(),
        "{path}: primitive"
    );
    assert!(tree.same_as(tape) && tape.same_as(tree), "{path}: same_as");
    assert!(
        tree.to_value().same_at_same_places(&tape.to_value()),
        "{path}: to_value"
    );
    let (a, b): (Vec<_>, Vec<_>) = (tree.members().collect(), tape.members().collect());
    assert_eq!(a.len(), b.len(), "{path}: member count");
    for (i, (x, y)) in a.iter().zip(&b).enumerate() {
        assert_eq!(x.key, y.key, "{path}: key {i}");
        assert_eq!(x.key_pos(), y.key_pos(), "{path}: key {i} position");
        assert!(y.key_start().is_some(), "{path}: key {i} offset");
        agree(x.value, y.value, &format!("{path}.{}", x.key));
        let (gx, gy) = (tree.get(x.key).unwrap(), tape.get(x.key).unwrap());
        assert_eq!(gx.start(), gy.start(), "{path}: get({:?})", x.key);
        let last = a.iter().rfind(|m| m.key == x.key).unwrap();
        assert_eq!(
            gx.start(),
            last.value.start(),
            "{path}: get is not the last"
        );
        assert_eq!(
            tree.member(x.key).unwrap().key_pos(),
            tape.member(x.key).unwrap().key_pos(),
            "{path}: member({:?})",
            x.key
        );
    }
    assert!(tree.get("\u{0}absent").is_none() && tape.get("\u{0}absent").is_none());
    fields_agree(tree, tape, &a, path);
    let (a, b): (Vec<_>, Vec<_>) = (tree.items().collect(), tape.items().collect());
    assert_eq!(a.len(), b.len(), "{path}: item count");
    for (i, (x, y)) in a.into_iter().zip(b).enumerate() {
        agree(x, y, &format!("{path}[{i}]"));
    }
    if tree.kind() != RawKind::Object {
        assert_eq!(tape.members().count(), 0, "{path}: members of a non-object");
    }
}

/// Parses `text` both ways under `map` and checks that the two views agree (or that both
/// refuse it with the same error).
/// `fields` answers what `get` answers per key, in both forms, for two of the object's keys
/// and an absent one, and says whether the object is clean (only those keys, each once);
/// `keys_distinct` never says a repeated key differs.
fn fields_agree(tree: Raw<'_>, tape: Raw<'_>, members: &[RawMember<'_>], path: &str) {
    let (x, y) = (tree.fields(["\u{0}absent"]), tape.fields(["\u{0}absent"]));
    let is_object = tree.kind() == RawKind::Object;
    assert_eq!(x.is_some(), is_object, "{path}: fields of a non-object");
    assert_eq!(
        y.is_some(),
        is_object,
        "{path}: tape fields of a non-object"
    );
    let (Some(([none_x], known_x)), Some(([none_y], known_y))) = (x, y) else {
        return;
    };
    assert!(none_x.is_none() && none_y.is_none(), "{path}: absent field");
    assert_eq!(
        known_x,
        members.is_empty(),
        "{path}: known with no key asked"
    );
    assert_eq!(
        known_y,
        members.is_empty(),
        "{path}: tape known with no key asked"
    );
    // Two different keys of the object (`fields` takes different keys).
    let mut keys: Vec<&str> = members.iter().map(|m| m.key).collect();
    keys.dedup();
    keys.sort_unstable();
    keys.dedup();
    let asked = [
        keys.first().copied().unwrap_or("\u{1}a"),
        keys.get(1).copied().unwrap_or("\u{1}b"),
        "\u{0}absent",
    ];
    // Clean: every key is one of those asked, and none is written twice.
    let clean = members.iter().all(|m| asked.contains(&m.key))
        && members
            .iter()
            .enumerate()
            .all(|(i, m)| members.iter().take(i).all(|p| p.key != m.key));
    for (view, form) in [(tree, "tree"), (tape, "tape")] {
        let (found, known) = view.fields(asked).unwrap();
        assert_eq!(known, clean, "{path}: {form} clean");
        for (key, value) in asked.iter().zip(found) {
            assert_eq!(
                value.map(|v| v.start()),
                view.get(key).map(|v| v.start()),
                "{path}: {form} fields({key:?})"
            );
        }
    }
}

pub(crate) fn check(text: &str, map: &SourceMap) {
    match (
        json::parse_mapped(text, map),
        json::parse_tape_mapped(text, map.clone()),
    ) {
        (Ok(tree), Ok(tape)) => {
            agree(tree.raw(), tape.root().into(), "$");
            writers_agree(tree.raw(), tape.root().into());
        }
        (Err(a), Err(b)) => assert_eq!(a, b, "{text:?}"),
        (a, b) => panic!("{text:?}: tree {a:?}, tape {:?}", b.map(|t| t.len())),
    }
}

/// The writers write the same bytes through either view, at every nesting level.
pub(crate) fn writers_agree(tree: Raw<'_>, tape: Raw<'_>) {
    let pretty = json::to_pretty(tree);
    assert_eq!(pretty, json::to_pretty(tape));
    assert_eq!(json::to_compact(tree), json::to_compact(tape));
    assert_eq!(pretty, json::to_pretty(&tree.to_value()), "the tree writer");
    for level in 0..3 {
        let (mut a, mut b) = (String::new(), String::new());
        json::write_pretty_at(&mut a, tree, level);
        json::write_pretty_at(&mut b, tape, level);
        assert_eq!(a, b, "level {level}");
    }
    // What is written reads back as the same value.
    let back = json::parse(&pretty).unwrap();
    assert!(back.raw().same_as(tape), "{pretty}");
}

fn maps() -> [SourceMap; 3] {
    [
        SourceMap::Identity,
        SourceMap::Block {
            first_line: 4,
            indent: 4,
        },
        SourceMap::Checkpoints(
            (0..400)
                .step_by(5)
                .enumerate()
                .map(|(k, at)| (at, (at % 4) as u32 + 1, Position::new(k as u32 + 2, 7)))
                .collect(),
        ),
    ]
}

fn space() -> impl Strategy<Value = &'static str> {
    prop_oneof![Just(""), Just(" "), Just("\n  "), Just("\r\n\t")]
}

fn scalar() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("null".to_string()),
        Just("true".to_string()),
        Just("false".to_string()),
        any::<i64>().prop_map(|v| v.to_string()),
        Just("9223372036854775808".to_string()),
        Just("-0".to_string()),
        (0u32..1000, 0u32..100).prop_map(|(a, b)| format!("{a}.{b}")),
        (1u32..10, -20i32..20).prop_map(|(a, e)| format!("{a}E{e}")),
        prop_oneof![
            Just("plain"),
            Just("é€😀"),
            Just("a\\\"b\\\\c\\/d"),
            Just("\\n\\u0001\\u00e9\\ud83d\\ude00"),
            Just(""),
        ]
        .prop_map(|s| format!("\"{s}\"")),
    ]
}

/// A random document: few key names, so objects hold duplicate keys.
fn document() -> impl Strategy<Value = String> {
    let key = prop_oneof![Just("a"), Just("b"), Just("é"), Just("k\\\"")];
    scalar().prop_recursive(5, 48, 6, move |inner| {
        prop_oneof![
            prop::collection::vec((inner.clone(), space()), 0..6).prop_map(|items| {
                let body: Vec<String> = items
                    .into_iter()
                    .map(|(v, s)| format!("{s}{v}{s}"))
                    .collect();
                format!("[{}]", body.join(","))
            }),
            prop::collection::vec((key.clone(), inner, space()), 0..6).prop_map(|members| {
                let body: Vec<String> = members
                    .into_iter()
                    .map(|(k, v, s)| format!("{s}\"{k}\"{s}:{s}{v}"))
                    .collect();
                format!("{{{}}}", body.join(","))
            }),
        ]
    })
}

#[test]
fn tree_and_tape_views_agree_on_random_documents() {
    let mut runner = crate::support::seeded_runner(400, 33);
    let strategy = (document(), space(), any::<bool>());
    runner
        .run(&strategy, |(doc, around, bom)| {
            let text = format!("{}{around}{doc}{around}", if bom { "\u{feff}" } else { "" });
            for map in &maps() {
                check(&text, map);
            }
            Ok(())
        })
        .unwrap();
}

#[test]
fn tree_and_tape_views_agree_on_every_jsontestsuite_y_file() {
    let mut checked = 0;
    for case in super::jsontestsuite::suite() {
        if case.name.starts_with("y_") {
            for map in &maps() {
                check(&case.input, map);
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 95, "the suite's y_ files");
}

#[test]
fn the_view_reads_duplicates_strings_and_numbers() {
    let text = "{\"k\": \"a\\\"b\", \"n\": -1.50, \"i\": 12, \"k\": \"last\", \"t\": true}";
    let tree = json::parse(text).unwrap();
    let tape = json::parse_tape(text).unwrap();
    for view in [tree.raw(), Raw::from(tape.root())] {
        let keys: Vec<&str> = view.members().map(|m| m.key).collect();
        assert_eq!(keys, ["k", "n", "i", "k", "t"]);
        assert_eq!(view.get("k").unwrap().as_str(), Some("last"));
        assert_eq!(view.members().next().unwrap().value.as_str(), Some("a\"b"));
        assert_eq!(view.get("n").unwrap().number_text(), Some("-1.50"));
        assert_eq!(view.get("n").unwrap().as_i64(), None);
        assert_eq!(view.get("i").unwrap().as_i64(), Some(12));
        assert_eq!(view.get("t").unwrap().as_bool(), Some(true));
        assert_eq!(view.member("k").unwrap().key_pos(), Position::new(1, 36));
        assert_eq!(view.kind(), RawKind::Object);
        assert_eq!(view, Raw::from(&tree));
    }
    assert_eq!(Raw::from(tape.root()).end(), Some(text.len()));
    assert!(tree.raw() != json::parse("{}").unwrap().raw());
}
