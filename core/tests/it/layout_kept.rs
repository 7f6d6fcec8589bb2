//! `edit` keeps the input's own layout (issue 36): over REST bodies, JSON ConfigMaps and YAML
//! ConfigMaps (literal blocks) in six layouts, every edit changes only the bytes it must (the
//! output is the input with exactly the expected spans replaced), the result reads back with
//! the same findings as today's layout, and it holds the same listing as data. Each fallback
//! says what it did.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use offsets_core::edit::{Action, Selection, Session};
use offsets_core::export::{rewrite_document, rewrite_session};
use offsets_core::filter::PartitionSet;
use offsets_core::json::{self, Raw, RawKind};
use offsets_core::{Diagnostic, ImportOptions, import};

/// The layouts of the offsets text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Layout {
    /// Jackson's, as Strimzi writes it.
    Pretty,
    Compact,
    /// `{ "offsets" : [ ... ] }`, spaces around every token.
    Spaced,
    /// Hand-made, four spaces, `\r\n` line ends.
    Crlf,
    /// `"t\u0031"` in the first entry and `"a\/b"` in a field after the offsets.
    Escaped,
    /// `offset` before `partition`, `cluster` after `topic`.
    Reordered,
}

const LAYOUTS: [Layout; 6] = [
    Layout::Pretty,
    Layout::Compact,
    Layout::Spaced,
    Layout::Crlf,
    Layout::Escaped,
    Layout::Reordered,
];

/// Where an entry and its offset sit in a generated offsets text.
#[derive(Debug, Clone, Copy)]
struct Spans {
    entry: (usize, usize),
    value: (usize, usize),
    number: (usize, usize),
}

/// A generated offsets text, with the spans the generator wrote.
#[derive(Debug)]
struct Text {
    text: String,
    entries: Vec<Spans>,
}

/// One entry of `layout` (topic `t1`, cluster `east`), with its offset value's and number's
/// spans relative to the entry's start.
fn entry(
    layout: Layout,
    nl: &str,
    partition: i64,
    offset: Option<i64>,
    escaped: bool,
) -> (String, (usize, usize), (usize, usize)) {
    let topic = if escaped { "t\\u0031" } else { "t1" };
    let n = offset.map(|o| o.to_string());
    let (open, close) = match layout {
        Layout::Pretty => ("{\n      \"offset\" : ", "\n    }"),
        Layout::Compact => ("{\"offset\":", "}"),
        Layout::Spaced => ("{ \"offset\" : ", " }"),
        Layout::Crlf | Layout::Escaped | Layout::Reordered => ("{\"offset\": ", "}"),
    };
    let value = match &n {
        Some(n) => format!("{open}{n}{close}"),
        None => "null".to_string(),
    };
    let number_in_value = match &n {
        Some(n) => (open.len(), open.len() + n.len()),
        None => (0, 4),
    };
    let partition_map = match layout {
        Layout::Pretty => format!(
            "{{\n      \"cluster\" : \"east\",\n      \"partition\" : {partition},\n      \"topic\" : \"{topic}\"\n    }}"
        ),
        Layout::Compact => {
            format!("{{\"cluster\":\"east\",\"partition\":{partition},\"topic\":\"{topic}\"}}")
        }
        Layout::Spaced => format!(
            "{{ \"cluster\" : \"east\" , \"partition\" : {partition} , \"topic\" : \"{topic}\" }}"
        ),
        Layout::Crlf | Layout::Escaped => {
            format!("{{\"cluster\": \"east\", \"partition\": {partition}, \"topic\": \"{topic}\"}}")
        }
        Layout::Reordered => {
            format!("{{\"topic\": \"{topic}\", \"partition\": {partition}, \"cluster\": \"east\"}}")
        }
    };
    let (before, between, after) = match layout {
        Layout::Pretty => ("{\n    \"partition\" : ", ",\n    \"offset\" : ", "\n  }"),
        Layout::Compact => ("{\"partition\":", ",\"offset\":", "}"),
        Layout::Spaced => ("{ \"partition\" : ", " , \"offset\" : ", " }"),
        Layout::Crlf => (
            "{\n            \"partition\": ",
            ",\n            \"offset\": ",
            "\n        }",
        ),
        Layout::Escaped => ("{\"partition\": ", ", \"offset\": ", "}"),
        Layout::Reordered => ("{\"offset\": ", ", \"partition\": ", "}"),
    };
    let (first, second) = if layout == Layout::Reordered {
        (value.clone(), partition_map)
    } else {
        (partition_map, value.clone())
    };
    let text = format!("{before}{first}{between}{second}{after}").replace('\n', nl);
    let value_at = text.find(&value.replace('\n', nl)).unwrap();
    let at = if layout == Layout::Reordered {
        value_at
    } else {
        text.rfind(&value.replace('\n', nl)).unwrap()
    };
    let value_span = (at, at + value.replace('\n', nl).len());
    let open_len = open.replace('\n', nl).len();
    let number = match &n {
        Some(n) => (at + open_len, at + open_len + n.len()),
        None => (at + number_in_value.0, at + number_in_value.1),
    };
    (text, value_span, number)
}

/// The offsets text of `layout` holding `rows` (partition, offset), line ends `nl`.
fn payload(layout: Layout, nl: &str, rows: &[(i64, Option<i64>)]) -> Text {
    let (prefix, sep, suffix) = match layout {
        Layout::Pretty => ("{\n  \"offsets\" : [ ", ", ", " ]\n}"),
        Layout::Compact => ("{\"offsets\":[", ",", "]}"),
        Layout::Spaced => ("{ \"offsets\" : [ ", " , ", " ] }"),
        Layout::Crlf => (
            "{\n    \"offsets\": [\n        ",
            ",\n        ",
            "\n    ]\n}\n",
        ),
        Layout::Escaped => ("{\"offsets\": [", ", ", "], \"note\": \"a\\/b\"}"),
        Layout::Reordered => ("{\n  \"offsets\": [\n    ", ",\n    ", "\n  ]\n}\n"),
    };
    let mut text = prefix.replace('\n', nl);
    let mut entries = Vec::new();
    for (i, &(partition, offset)) in rows.iter().enumerate() {
        if i > 0 {
            text.push_str(&sep.replace('\n', nl));
        }
        let escaped = layout == Layout::Escaped && partition == 0;
        let (e, value, number) = entry(layout, nl, partition, offset, escaped);
        let at = text.len();
        entries.push(Spans {
            entry: (at, at + e.len()),
            value: (at + value.0, at + value.1),
            number: (at + number.0, at + number.1),
        });
        text.push_str(&e);
    }
    text.push_str(&suffix.replace('\n', nl));
    Text { text, entries }
}

/// The three listed entries.
const LISTED: [(i64, Option<i64>); 3] = [(0, Some(1000)), (1, Some(2000)), (2, Some(3000))];

/// The wrappers around an offsets text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Wrapper {
    Rest,
    JsonConfigMap,
    YamlConfigMap,
}

/// The document `wrapper` makes of the offsets text `payload` (YAML lines end with `nl`).
fn wrap(wrapper: Wrapper, payload: &str, nl: &str) -> String {
    match wrapper {
        Wrapper::Rest => payload.to_string(),
        Wrapper::JsonConfigMap => {
            let mut value = String::new();
            json::write_string(&mut value, payload);
            format!(
                "{{\n  \"apiVersion\" : \"v1\",\n  \"kind\": \"ConfigMap\",\n  \"metadata\": {{ \"name\": \"offsets\" }},\n  \"data\": {{\"offsets.json\": {value}, \"z\": \"\\u0041\"}}\n}}\n"
            )
        }
        Wrapper::YamlConfigMap => {
            let mut out = format!(
                "# listed by Strimzi{nl}apiVersion: v1{nl}kind: ConfigMap{nl}metadata:{nl}  name: offsets   # the listing{nl}data:{nl}  # the offsets{nl}  offsets.json: |-{nl}"
            );
            for line in payload.trim_end().split('\n') {
                out.push_str("    ");
                out.push_str(line);
                out.push_str(nl);
            }
            out.push_str(&format!("  other: 'keep' # a comment{nl}"));
            out
        }
    }
}

/// A byte span of the listed text and what an edit makes of it.
type Replaced = ((usize, usize), String);

/// An edit's name, its actions, and the spans it must replace.
type Case = (&'static str, Vec<Action>, Vec<Replaced>);

/// The edits the test applies, with the spans each must change in the listed text and what
/// they become (an empty span for an insertion).
fn cases(layout: Layout, nl: &str, listed: &Text) -> Vec<Case> {
    let e = &listed.entries;
    let sep = &listed.text[e[1].entry.1..e[2].entry.0];
    let added = entry(layout, nl, 3, Some(4000), false).0;
    vec![
        (
            "shift",
            vec![Action::ShiftOffsets {
                selection: Selection::All,
                delta: -1,
            }],
            e.iter()
                .zip(LISTED)
                .map(|(s, (_, o))| (s.number, (o.unwrap() - 1).to_string()))
                .collect(),
        ),
        (
            "set",
            vec![Action::SetOffset { row: 1, offset: 5 }],
            vec![(e[1].number, "5".into())],
        ),
        (
            "null",
            vec![Action::SetNull { row: 0 }],
            vec![(e[0].value, "null".into())],
        ),
        (
            "remove first",
            vec![Action::RemoveEntries {
                selection: Selection::Rows(vec![0]),
            }],
            vec![((e[0].entry.0, e[1].entry.0), String::new())],
        ),
        (
            "remove middle",
            vec![Action::RemoveEntries {
                selection: Selection::Rows(vec![1]),
            }],
            vec![((e[1].entry.0, e[2].entry.0), String::new())],
        ),
        (
            "remove last",
            vec![Action::RemoveEntries {
                selection: Selection::Rows(vec![2]),
            }],
            vec![((e[1].entry.1, e[2].entry.1), String::new())],
        ),
        (
            "add",
            vec![Action::AddEntries {
                cluster: Some("east".into()),
                topic: "t1".into(),
                partitions: PartitionSet::range(3, 3),
                offset: Some(4000),
            }],
            vec![((e[2].entry.1, e[2].entry.1), format!("{sep}{added}"))],
        ),
    ]
}

/// `text` with each span replaced, everything else copied: what an edit must write.
fn replaced(text: &str, spans: &[Replaced]) -> String {
    let mut out = String::new();
    let mut at = 0;
    for ((start, end), new) in spans {
        out.push_str(&text[at..*start]);
        out.push_str(new);
        at = *end;
    }
    out.push_str(&text[at..]);
    out
}

/// Equal as JSON data: objects compare as maps (keys in any order).
fn same_data(a: Raw<'_>, b: Raw<'_>) -> bool {
    match (a.kind(), b.kind()) {
        (RawKind::Object, RawKind::Object) => {
            a.members().count() == b.members().count()
                && a.members()
                    .all(|m| b.get(m.key).is_some_and(|v| same_data(m.value, v)))
        }
        (RawKind::Array, RawKind::Array) => {
            a.items().count() == b.items().count()
                && a.items().zip(b.items()).all(|(x, y)| same_data(x, y))
        }
        _ => a.same_as(b),
    }
}

/// The findings of a document, without their positions (the layouts put them elsewhere).
fn findings(text: &str) -> Vec<(String, String, Option<usize>)> {
    let imported =
        import(text, &ImportOptions::default()).unwrap_or_else(|d| panic!("{text}\n{d:?}"));
    let mut out: Vec<_> = imported
        .diagnostics
        .iter()
        .map(|d: &Diagnostic| {
            (
                format!("{} {}", d.rule, d.severity),
                d.message.clone(),
                d.entry,
            )
        })
        .collect();
    out.sort();
    out
}

#[test]
fn every_edit_changes_only_its_own_bytes_in_every_layout_and_form() {
    let mut checked = 0;
    for wrapper in [
        Wrapper::Rest,
        Wrapper::JsonConfigMap,
        Wrapper::YamlConfigMap,
    ] {
        for layout in LAYOUTS {
            // A YAML block holds its text with `\n` (YAML reads `\r\n` as one): the CRLF layout
            // is the YAML file's own line ends there.
            let (text_nl, doc_nl) = match (layout, wrapper) {
                (Layout::Crlf, Wrapper::YamlConfigMap) => ("\n", "\r\n"),
                (Layout::Crlf, _) => ("\r\n", "\n"),
                _ => ("\n", "\n"),
            };
            let listed = payload(layout, text_nl, &LISTED);
            let input = wrap(wrapper, &listed.text, doc_nl);
            let listing = import(&input, &ImportOptions::default())
                .unwrap_or_else(|d| panic!("{wrapper:?} {layout:?}\n{input}\n{d:?}"))
                .listing;
            assert_eq!(listing.entries.len(), 3, "{wrapper:?} {layout:?}");
            for (name, actions, spans) in cases(layout, text_nl, &listed) {
                let what = format!("{wrapper:?} {layout:?} {name}");
                let mut session = Session::new(listing.clone());
                for action in actions {
                    session
                        .apply(action)
                        .unwrap_or_else(|e| panic!("{what}: {e}"));
                }
                let done = rewrite_session(&input, &session).unwrap_or_else(|| panic!("{what}"));
                assert!(done.notes.is_empty(), "{what}: {:?}", done.notes);
                // (a) The input with exactly the expected spans replaced, nothing else.
                let expected = wrap(wrapper, &replaced(&listed.text, &spans), doc_nl);
                assert_eq!(done.text(), expected, "{what}\n--- input\n{input}");
                // (b) It reads back with the findings today's layout reads back with.
                let edited = session.working_listing();
                let today = rewrite_document(&input, &edited).unwrap();
                assert_eq!(findings(&done.text()), findings(&today), "{what}");
                assert_eq!(
                    done.diagnostics,
                    offsets_core::validate(&edited, None),
                    "{what}"
                );
                // (c) The same listing as data.
                let read = import(&done.text(), &ImportOptions::default())
                    .unwrap()
                    .listing;
                assert_eq!(read.entries.len(), edited.entries.len(), "{what}");
                for (a, b) in read.entries.iter().zip(&edited.entries) {
                    assert!(same_data(a.raw(), b.raw()), "{what}: {:?} {:?}", a, b);
                }
                assert_eq!(read.extra_fields, edited.extra_fields, "{what}");
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 3 * 6 * 7);
}

/// A Strimzi-like YAML ConfigMap whose offsets value is written as `value` (after the key).
fn yaml_configmap(value: &str) -> String {
    format!(
        "apiVersion: v1\nkind: ConfigMap # kept?\nmetadata:\n  name: offsets\ndata:\n  offsets.json: {value}\n"
    )
}

const ONE: &str = r#"{"offsets":[{"partition":{"cluster":"east","partition":0,"topic":"t1"},"offset":{"offset":1000}},{"partition":{"cluster":"east","partition":1,"topic":"t1"},"offset":{"offset":2000}}]}"#;

/// The edit's text and notes, after checking that the text is today's layout exactly.
fn fallback(input: &str, actions: Vec<Action>) -> (String, Vec<String>) {
    let listing = import(input, &ImportOptions::default())
        .unwrap_or_else(|d| panic!("{input}\n{d:?}"))
        .listing;
    let mut session = Session::new(listing);
    for action in actions {
        session.apply(action).unwrap();
    }
    let done = rewrite_session(input, &session).unwrap();
    let today = rewrite_document(input, &session.working_listing()).unwrap();
    assert_eq!(done.text(), today, "{input}");
    assert_eq!(
        done.diagnostics,
        offsets_core::validate(&session.working_listing(), None)
    );
    (done.text(), done.notes)
}

fn shift() -> Vec<Action> {
    vec![Action::ShiftOffsets {
        selection: Selection::All,
        delta: -1,
    }]
}

/// Partition east/t2:0 added at offset 7.
fn add_t2() -> Action {
    Action::AddEntries {
        cluster: Some("east".into()),
        topic: "t2".into(),
        partitions: PartitionSet::range(0, 0),
        offset: Some(7),
    }
}

#[test]
fn a_yaml_value_that_is_not_a_literal_block_is_written_in_our_layout_and_said() {
    let mut quoted = String::new();
    json::write_string(&mut quoted, ONE);
    let single = format!("'{ONE}'");
    let folded = format!(">-\n    {}\n", ONE.replace("},{", "},\n    {"));
    let indicated = format!("|2-\n     {ONE}\n");
    for (value, style) in [
        (quoted.as_str(), "a double-quoted scalar"),
        (single.as_str(), "a single-quoted scalar"),
        (folded.as_str(), "a folded block scalar (>)"),
        (
            indicated.as_str(),
            "a literal block scalar that starts with a space",
        ),
    ] {
        let input = yaml_configmap(value);
        let (text, notes) = fallback(&input, shift());
        assert_eq!(
            notes,
            [format!(
                "the YAML value of 'offsets.json' is {style}, not a literal block (|); the file was written again in connect-offsets' layout (comments dropped)."
            )],
            "{input}"
        );
        assert!(!text.contains("# kept?"), "{text}");
    }
}

#[test]
fn a_character_a_yaml_block_cannot_hold_writes_our_layout_and_says_so() {
    let block = format!("|-\n    {ONE}\n");
    let input = yaml_configmap(&block);
    let value = json::parse(
        "{\"partition\":{\"cluster\":\"east\",\"partition\":0,\"topic\":\"t1\"},\"offset\":{\"offset\":5,\"note\":\"a\u{2028}b\"}}",
    )
    .unwrap();
    let (text, notes) = fallback(&input, vec![Action::SetEntry { row: 0, value }]);
    assert_eq!(
        notes,
        [
            "a new value holds a character the YAML block 'offsets.json' cannot hold as it is; the file was written again in connect-offsets' layout (comments dropped)."
        ]
    );
    assert!(text.contains("\\L"), "{text}");
    // Without that character the block is edited in place, its comment kept.
    let (kept, notes) = {
        let listing = import(&input, &ImportOptions::default()).unwrap().listing;
        let mut session = Session::new(listing);
        session.apply(shift().remove(0)).unwrap();
        let done = rewrite_session(&input, &session).unwrap();
        (done.text(), done.notes)
    };
    assert!(notes.is_empty(), "{notes:?}");
    assert_eq!(kept, input.replace("1000", "999").replace("2000", "1999"));
}

#[test]
fn a_json_configmaps_own_string_escapes_are_kept() {
    // `\/`, `\u0041` and a surrogate pair inside the offsets string stay as they are: the
    // edits are made in the string itself, and every byte outside it is kept.
    let mut value = String::new();
    json::write_string(&mut value, &ONE.replace("t1", "t/A\u{1F600}"));
    let escaped = value.replace("t/A\u{1F600}", "t\\/\\u0041\\ud83d\\ude00");
    let input = format!(
        "{{\"kind\":\"ConfigMap\", \"apiVersion\":\"v1\",\n \"metadata\":{{\"name\":\"o\"}},\n \"data\":{{\"offsets.json\":{escaped}, \"x\":\"\\/\"}}}}\r\n"
    );
    let listing = import(&input, &ImportOptions::default()).unwrap().listing;
    let mut session = Session::new(listing);
    session.apply(shift().remove(0)).unwrap();
    session.apply(add_t2()).unwrap();
    let done = rewrite_session(&input, &session).unwrap();
    assert!(done.notes.is_empty());
    let added = r#",{\"partition\":{\"cluster\":\"east\",\"partition\":0,\"topic\":\"t2\"},\"offset\":{\"offset\":7}}"#;
    let expected = input
        .replace("1000", "999")
        .replace("2000}}]", &format!("1999}}}}{added}]"));
    assert_eq!(done.text(), expected);
}

/// An entry added to an empty list is written in the document's own layout: a compact one
/// stays on one line even though the file ends with a line break; a pretty one gets today's
/// pretty entry.
#[test]
fn an_entry_added_to_an_empty_list_follows_the_documents_layout() {
    let add = |input: &str| {
        let options = ImportOptions {
            kind: Some(offsets_core::ConnectorKind::MirrorSource),
            ..ImportOptions::default()
        };
        let listing = import(input, &options).unwrap().listing;
        let mut session = Session::new(listing);
        session.apply(add_t2()).unwrap();
        rewrite_session(input, &session).unwrap().text()
    };
    assert_eq!(
        add("{\"offsets\":[]}\n"),
        "{\"offsets\":[{\"partition\":{\"cluster\":\"east\",\"partition\":0,\"topic\":\"t2\"},\"offset\":{\"offset\":7}}]}\n"
    );
    let pretty = add("{\n  \"offsets\": []\n}\n");
    assert!(pretty.starts_with("{\n  \"offsets\": [ {\n"), "{pretty}");
    assert!(pretty.ends_with("} ]\n}\n"), "{pretty}");
}
