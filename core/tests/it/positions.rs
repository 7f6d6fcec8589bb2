//! Error-message tables with positions (serde_json style): each input is paired with the exact
//! first error `line:col: rule: message`, so a regression in position mapping through YAML
//! block scalars, JSON strings and YAML double-quoted strings shows up here by name.

#![allow(clippy::unwrap_used, clippy::panic)]

use offsets_core::{ImportOptions, import};

fn first_error(input: &str) -> String {
    let diags = match import(input, &ImportOptions::default()) {
        Ok(i) => i.diagnostics,
        Err(d) => d,
    };
    diags
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.to_string())
        .next_back()
        .unwrap_or_else(|| panic!("no error for {input:?}"))
}

const HEAD: &str = "apiVersion: v1\nkind: ConfigMap\ndata:\n  offsets.json: ";

#[test]
fn positions_inside_a_literal_block() {
    let table = [
        (
            "|-\n    {\n      \"offsets\" : [ {\n        \"partition\" : { \"cluster\" : \"e\", \"partition\" : 0, \"topic\" : \"t\" },\n        \"offset\" : { \"offset\" : -4 }\n      } ]\n    }\n",
            "8:33: MS8: e/t partition 0 (entry #1): the offset -4 is negative; it must be a whole number ≥ 0 (MirrorMaker 2 answers HTTP 500 '... for the 'offset' key, which cannot be negative'). To replay from the beginning of the partition, set the offset to null.",
        ),
        (
            "|-\n    {\n      \"offsets\" : [ {\n        \"partition\" : { \"cluster\" : \"e\" \"partition\" : 0 }\n      } ]\n    }\n",
            "7:41: JSON: Expected ',' or '}' after an object member but found '\"'; is a comma missing?",
        ),
        (
            "|\n    {\"offsets\": [\n    ]}\n    trailing\n",
            "7:5: JSON: Unexpected 't' after the end of the JSON document; remove it.",
        ),
    ];
    for (value, expected) in table {
        assert_eq!(first_error(&format!("{HEAD}{value}")), expected, "{value}");
    }
}

#[test]
fn positions_inside_quoted_strings() {
    let table = [
        // YAML double-quoted, escapes before the error.
        (
            format!("{HEAD}\"{{\\\"offsets\\\": [{{\\\"partition\\\": {{\\\"server\\\": \\\"é\\\"}}, \\\"offset\\\": 7}}]}}\"\n"),
            "4:82: S11: Entry #1: the offset must be null or an object of plain values, not 7; Kafka Connect answers HTTP 500 'Cannot deserialize value of type `java.util.LinkedHashMap<java.lang.String,java.lang.Object>` from Integer value'.",
        ),
        // kubectl -o json: the value is a JSON string on one line.
        (
            "{\"apiVersion\": \"v1\", \"kind\": \"ConfigMap\", \"data\": {\"offsets.json\": \"{\\n  \\\"offsets\\\" : [ {\\\"partition\\\": {\\\"kafka_topic\\\": \\\"t\\\", \\\"kafka_partition\\\": -1}} ]\\n}\"}}".to_string(),
            "1:152: SK3: t partition -1 (entry #1): kafka_partition -1 is negative; no such partition exists, so the broker refuses the commit (UNKNOWN_TOPIC_OR_PARTITION) and Kafka Connect answers HTTP 500 'Failed to alter consumer group offsets for connector <name>'. Partitions are numbered from 0.",
        ),
        // Single-quoted YAML is not mapped finely: the scalar's start.
        (
            format!("{HEAD}'{{\"offsets\": [{{\"partition\": {{\"server\": \"a\"}}, \"offset\": 1}}]}}'\n"),
            "4:17: S11: Entry #1: the offset must be null or an object of plain values, not 1; Kafka Connect answers HTTP 500 'Cannot deserialize value of type `java.util.LinkedHashMap<java.lang.String,java.lang.Object>` from Integer value'.",
        ),
    ];
    for (input, expected) in table {
        assert_eq!(first_error(&input), expected, "{input}");
    }
}

#[test]
fn positions_of_wrapper_errors() {
    let table = [
        (
            "kind: ConfigMap\napiVersion: v2\n",
            "1:7: IMP1: This is not a ConfigMap (expected apiVersion v1, kind ConfigMap).",
        ),
        (
            "apiVersion: v1\nkind: ConfigMap\ndata: {a: b}\n",
            "3:1: IMP2: No offsets entry found. Strimzi writes `offsets.json` for a KafkaConnector and `<source>--<target>.<Connector>.json` for MirrorMaker 2.",
        ),
        (
            "apiVersion: v1\nkind: ConfigMap\ndata:\n  offsets.json:\n    - 1\n",
            "5:5: IMP3: The offsets entry is not valid JSON (Strimzi would report: Failed to parse contents of offsets.json as JSON).",
        ),
        (
            "\u{feff}apiVersion: v1\r\nkind: ConfigMap\r\ndata:\r\n  x: [\r\n",
            "5:1: YAML: The YAML could not be read: a value is missing here.",
        ),
        (
            "{\"offsets\": {}}",
            "1:13: S1: 'offsets' must be an array of entries [{\"partition\": {...}, \"offset\": {...}}, ...]. Kafka Connect answers HTTP 500 'Cannot deserialize value of type `java.util.ArrayList<org.apache.kafka.connect.runtime.rest.entities.ConnectorOffset>` from Object value'.",
        ),
        (
            "orders,0,1\norders,1,-5\n",
            "2:10: CSV: '-5' is not a consumer-group offset; it must be a whole number ≥ 0.",
        ),
    ];
    for (input, expected) in table {
        assert_eq!(first_error(input), expected, "{input:?}");
    }
}

/// A repeated key in a partition map is found in the same walk as its values' rules, up to
/// eight keys, and by the key-by-key check past them: it is reported where it repeats, before
/// the finding about its value; a map of ten different keys has no such finding.
#[test]
fn a_repeated_partition_key_is_found_in_small_and_large_maps() {
    let findings = |keys: &[&str]| {
        let members: Vec<String> = keys
            .iter()
            .enumerate()
            .map(|(n, k)| match n {
                // The last member's value is nested (S6), so its finding follows the key's.
                _ if n + 1 == keys.len() => format!("\"{k}\":{{\"n\":1}}"),
                _ => format!("\"{k}\":\"v{n}\""),
            })
            .collect();
        let text = format!(
            "{{\"offsets\":[{{\"partition\":{{{}}},\"offset\":{{\"o\":1}}}}]}}",
            members.join(",")
        );
        let diags = match import(&text, &ImportOptions::default()) {
            Ok(i) => i.diagnostics,
            Err(d) => d,
        };
        diags
            .iter()
            .filter(|d| matches!(d.rule, "DUPKEY" | "S6"))
            .map(|d| format!("{}:{}", d.position.column, d.rule))
            .collect::<Vec<_>>()
    };
    let ten: Vec<String> = (1..=10).map(|n| format!("k{n}")).collect();
    let ten: Vec<&str> = ten.iter().map(String::as_str).collect();
    // Ten different keys: only the nested value.
    let distinct = findings(&ten);
    assert_eq!(distinct.len(), 1, "{distinct:?}");
    assert!(distinct[0].ends_with(":S6"), "{distinct:?}");
    // The tenth key repeats the second: past the eight keys kept in the walk.
    let mut late = ten.clone();
    late[9] = "k2";
    let late = findings(&late);
    assert_eq!(late.len(), 2, "{late:?}");
    assert!(
        late[0].ends_with(":DUPKEY") && late[1].ends_with(":S6"),
        "{late:?}"
    );
    // The third key repeats the first: within them.
    let early = findings(&["a", "b", "a"]);
    assert_eq!(early.len(), 2, "{early:?}");
    assert!(
        early[0].ends_with(":DUPKEY") && early[1].ends_with(":S6"),
        "{early:?}"
    );
}

/// An imported entry on a tape is where its value is, looked up when asked; its edited copy is
/// at the same place (told without a position); an entry given another origin is there.
#[test]
fn an_entry_is_where_its_value_is_until_it_is_given_another_origin() {
    use offsets_core::model::Origin;
    use offsets_core::{ConnectorKind, Position};
    let text = "{\"offsets\":[\n {\"partition\":{\"cluster\":\"east\",\"partition\":0,\"topic\":\"orders\"},\"offset\":{\"offset\":41}},\n   {\"partition\":{\"cluster\":\"east\",\"partition\":1,\"topic\":\"orders\"},\"offset\":{\"offset\":42}}\n]}";
    let listing = import(text, &ImportOptions::default()).unwrap().listing;
    let (first, e) = (&listing.entries[0], &listing.entries[1]);
    assert!(e.is_on_tape());
    assert_eq!(
        (first.pos(), e.pos()),
        (Position::new(2, 2), Position::new(3, 4))
    );
    assert_eq!(e.origin().pos, e.pos());
    // A copy with another number is on a tape, at the entry's place.
    let copy = e.with_offset(ConnectorKind::MirrorSource, Some(7));
    assert!(copy.is_on_tape());
    assert!(copy.same_origin(e) && e.same_origin(&copy));
    assert!(!copy.same_origin(first));
    assert_eq!(copy.pos(), e.pos());
    // A null offset makes a tree, given the entry's position.
    let null = e.with_offset(ConnectorKind::MirrorSource, None);
    assert!(!null.is_on_tape());
    assert!(null.same_origin(e));
    assert_eq!(null.pos(), e.pos());
    let mut moved = e.clone();
    moved.set_origin(Origin::default());
    assert_eq!(moved.pos(), Position::NONE);
    assert!(!moved.same_origin(e));
    assert_ne!(moved, *e);
    assert_eq!(e.clone(), *e);
}
