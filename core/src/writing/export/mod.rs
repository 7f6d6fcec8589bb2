//! Exports, as pure functions to `String`: the alter ConfigMap (YAML), the Kafka Connect PATCH
//! body (JSON) and the `kafka-consumer-groups` CSV, plus [`rewrite_document`], which writes an
//! edited listing back in the form it was imported from (for `connect-offsets edit`).
//!
//! Every export first validates the listing (docs/rules.md, with the imported listing as
//! baseline when given); any error blocks the export and is returned as `Err(diagnostics)`.
//! Kubernetes wrapping rules K1–K10 (docs/rules.md) are checked here.
//!
//! The YAML is written by a small emitter of our own rather than a serializer dependency: every
//! value that is not a fixed word is a double-quoted, JSON-style escaped string (so YAML 1.1
//! readers such as kubectl never turn `yes`, `on`, `2024-05-01` or `0x10` into something else),
//! and the offsets JSON sits in a literal block scalar `|-`, byte for byte what Strimzi reads.
//!
//! This file holds what every export shares (the options, the validation [`Gate`], the changed
//! entries); `configmap`, `patch` and `csv` write one export each, `emit` is the YAML emitter and
//! `rewrite` writes an edited document back in its own form.

use crate::checking::validate::validate;
use crate::diag::{Diagnostic, Position, Severity, has_errors};
use crate::editing::diff::{Change, diff};
use crate::model::Listing;
use crate::model::names::MirrorConnectorName;

mod block;
mod configmap;
mod csv;
mod csv_rewrite;
mod emit;
mod patch;
mod rewrite;
mod rewritten;
mod splice;
mod split;

pub use configmap::{configmap_yaml, configmap_yaml_gated};
pub use csv::{csv, csv_gated, csv_positions};
pub use emit::write_yaml_string;
pub use patch::{patch_json, patch_json_gated};
pub use rewrite::{rewrite_document, rewrite_session};
pub use rewritten::Rewritten;
pub use split::{Rounds, configmap_rounds};

/// K6: the most a ConfigMap's data may hold.
pub const MAX_CONFIGMAP_BYTES: usize = 1_048_576;
/// K7: above this, client-side `kubectl apply` fails on the last-applied annotation.
pub const APPLY_ANNOTATION_BYTES: usize = 262_144;

/// The annotation client-side `kubectl apply` writes (stripped, K10).
pub const LAST_APPLIED: &str = "kubectl.kubernetes.io/last-applied-configuration";

/// A finished export: the text and the warnings/infos that go with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Export {
    pub text: String,
    pub diagnostics: Vec<Diagnostic>,
}

/// Which Strimzi resource will read the alter ConfigMap; it decides the data key (K4).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AlterTarget {
    /// A KafkaConnector: key `offsets.json`.
    KafkaConnector,
    /// A KafkaMirrorMaker2 connector: key `<source>--<target>.<Type>.json`.
    MirrorMaker2(MirrorConnectorName),
}

impl AlterTarget {
    /// The data key Strimzi reads for this target (docs/rules.md, K4).
    pub fn data_key(&self) -> String {
        match self {
            AlterTarget::KafkaConnector => "offsets.json".into(),
            AlterTarget::MirrorMaker2(name) => name.data_key(),
        }
    }

    /// The target a listing came from: its MirrorMaker 2 key, else a KafkaConnector.
    pub fn of(listing: &Listing) -> AlterTarget {
        match &listing.mirror {
            Some(m) => AlterTarget::MirrorMaker2(m.name.clone()),
            None => AlterTarget::KafkaConnector,
        }
    }
}

/// Options of the alter ConfigMap export. `None` fields default from the listing.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ConfigMapOptions {
    /// Default: `<listed name>-alter`.
    pub name: Option<String>,
    /// Default: the listed namespace; with none, no namespace is written (kubectl's current one).
    pub namespace: Option<String>,
    /// Default: [`AlterTarget::of`] the listing.
    pub target: Option<AlterTarget>,
    /// The data key to write; default the imported one, else the target's. A key the target
    /// will not read is K4.
    pub data_key: Option<String>,
    /// Keep the imported ConfigMap's other data keys (when exporting every entry).
    pub keep_other_data: bool,
}

fn k(rule: &'static str, severity: Severity, message: impl Into<String>) -> Diagnostic {
    Diagnostic::new(rule, severity, Position::NONE, message)
}

/// How an export is validated before it is written.
#[derive(Debug, Clone, Copy)]
pub enum Gate<'a> {
    /// Validate the listing here, against the imported listing when there is one.
    Validate { baseline: Option<&'a Listing> },
    /// The caller already validated exactly this listing (the editor validates once per
    /// change and shares the result with every export); these are its findings.
    Checked(&'a [Diagnostic]),
}

/// Validates (or takes the caller's findings); `Err` with every diagnostic when any is an error.
/// An alter of no entries is refused here (S2), not by validation: an empty *listing* is normal
/// (a connector that never committed, or one just reset), an empty *alter* is not.
fn gate(listing: &Listing, gate: Gate<'_>) -> Result<Vec<Diagnostic>, Vec<Diagnostic>> {
    let mut diags = match gate {
        Gate::Validate { baseline } => validate(listing, baseline),
        Gate::Checked(diags) => diags.to_vec(),
    };
    if listing.entries.is_empty() {
        diags.push(nothing_to_alter(listing));
    }
    if has_errors(&diags) {
        Err(diags)
    } else {
        Ok(diags)
    }
}

/// S2: the refusal of an export with no entries.
pub fn nothing_to_alter(listing: &Listing) -> Diagnostic {
    Diagnostic::error(
        "S2",
        listing.offsets_pos,
        "Nothing to alter: 'offsets' is empty, and Kafka Connect answers HTTP 400 'Partitions / offsets need to be provided for an alter offsets request'. To clear every offset use Reset instead.",
    )
}

/// Keeps only the entries of `edited` that differ from `imported` (changed or added): what an
/// alter should name. Entries are compared by partition key and offset meaning.
pub fn changed_entries(imported: &Listing, edited: &Listing) -> Listing {
    let d = diff(imported, edited);
    let mut keep = vec![false; edited.entries.len()];
    // The diff names the edited entry it paired each partition with (matched as Connect stores
    // it: a sink's `"kafka_partition": "1"` is partition 1 on both sides). An entry without a
    // partition key is kept unless it is the same as an imported one, so validation reports it.
    for e in &d.entries {
        if !matches!(e.change, Change::Unchanged | Change::Removed)
            && let Some(slot) = e.after_index.and_then(|i| keep.get_mut(i))
        {
            *slot = true;
        }
    }
    let kept: Vec<usize> = (0..keep.len()).filter(|&i| keep[i]).collect();
    let mut out = edited.clone();
    out.entries = kept
        .iter()
        .filter_map(|&i| edited.entries.get(i).cloned())
        .collect();
    // Messages number each kept entry as the edited file does.
    let number = |i: usize| {
        edited
            .numbers
            .as_ref()
            .and_then(|n| n.get(i).copied())
            .unwrap_or(i)
    };
    out.numbers = Some(kept.into_iter().map(number).collect());
    out
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;
    use crate::editing::edit::Session;
    use crate::editing::edit::{Action, Selection};
    use crate::editing::filter::{Filter, PartitionSet};
    use crate::json;
    use crate::model::InputForm;
    use crate::reading::import::{ImportOptions, import_bytes_unvalidated};

    /// REST payloads of every kind and shape the streamed path must write exactly as the
    /// general one: numbers near 2^63, duplicate keys and partitions, nulls, missing offsets,
    /// odd whitespace, a BOM, extra fields, entries that are not objects, empty listings.
    const INPUTS: &[&str] = &[
        r#"{"offsets":[{"partition":{"cluster":"east","partition":0,"topic":"a"},"offset":{"offset":9223372036854775806}},{"partition":{"cluster":"east","partition":1,"topic":"a"},"offset":{"offset":9223372036854775807}},{"partition":{"cluster":"east","partition":2,"topic":"a"},"offset":{"offset":1}},{"partition":{"cluster":"east","partition":3,"topic":"a"},"offset":{"offset":0}}]}"#,
        "{\"offsets\":[{\"partition\":{\"cluster\":\"east\",\"partition\":0,\"topic\":\"a\"},\"offset\":{\"offset\":10}},{\"partition\":{\"cluster\":\"east\",\"partition\":0,\"topic\":\"a\"},\"offset\":{\"offset\":11}},{\"partition\":{\"topic\":\"a\",\"partition\":0,\"cluster\":\"east\"},\"offset\":null},{\"partition\":{\"cluster\":\"east\",\"partition\":1,\"topic\":\"a\"}}]}\n",
        "\u{feff}{\n  \"offsets\" : [ {\n    \"partition\" : {\n      \"cluster\" : \"east\",\n      \"partition\" : 0,\n      \"topic\" : \"é\\u0001\\\"x\"\n    },\n    \"offset\" : {\n      \"offset\" : 41,\n      \"offset\" : 42,\n      \"extra\" : 1.5e3\n    }\n  }, {\n    \"partition\" : { },\n    \"offset\" : null\n  } ],\n  \"z\" : [ 1, { } ]\n}\n",
        " \t\r\n{ \"offsets\" :\r\n[ { \"offset\" : { \"offset\" : 7 } , \"partition\" : { \"partition\" : -0 , \"topic\" : \"t\" , \"cluster\" : \"c\" , \"partition\" : 1 } , \"offset\" : { \"offset\" : 8 } } , 17 , null , [ ] , { } ] } \n\n",
        r#"{"offsets":[{"partition":{"kafka_topic":"t","kafka_partition":"3"},"offset":{"kafka_offset":"12"}},{"partition":{"kafka_topic":"t","kafka_partition":4},"offset":{"kafka_offset":9007199254740993}},{"partition":{"kafka_topic":"t","kafka_partition":4},"offset":null}]}"#,
        r#"{"offsets":[{"partition":{"file":"/a"},"offset":{"position":5}},{"partition":{"file":"/b"},"offset":{"position":5,"line":2}},{"partition":{"file":"/c"},"offset":{"position":1.0}},{"partition":{"file":"/a"},"offset":"x"}]}"#,
        r#"{"offsets":[{"partition":{"group":"g","topic":"t","partition":0},"offset":{"offset":3}},{"partition":{"group":"g","topic":"t","partition":99999999999999999999},"offset":{"offset":-1}}]}"#,
        r#"{"offsets":[]}"#,
        r#"{"offsets":[{"partition":{"cluster":"east","partition":0,"topic":"bad topic!"},"offset":{"offset":5}}],"offsets":[{"partition":{"cluster":"west","partition":0,"topic":"t"},"offset":{"offset":5,"offset":6}}]}"#,
        // ConfigMaps: YAML with a `|-` block and comments, JSON (`-o json`), a `kind: List`.
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: my-mm2-offsets # listed\n  namespace: kafka\n  labels:\n    strimzi.io/cluster: my-mm2\ndata:\n  other.txt: \"yes\"\n  east--west.MirrorSourceConnector.json: |-\n    {\n      \"offsets\" : [ {\n        \"partition\" : {\n          \"cluster\" : \"east\",\n          \"partition\" : 0,\n          \"topic\" : \"orders\"\n        },\n        \"offset\" : {\n          \"offset\" : 9223372036854775807\n        }\n      }, {\n        \"partition\" : {\n          \"cluster\" : \"east\",\n          \"partition\" : 1,\n          \"topic\" : \"orders\"\n        },\n        \"offset\" : null\n      }, {\n        \"partition\" : {\n          \"cluster\" : \"east\",\n          \"partition\" : 0,\n          \"topic\" : \"orders\"\n        },\n        \"offset\" : {\n          \"offset\" : 3\n        }\n      } ]\n    }\n",
        "{\n  \"apiVersion\": \"v1\",\n  \"kind\": \"ConfigMap\",\n  \"metadata\": {\"name\": \"c\", \"namespace\": \"k\"},\n  \"data\": {\n    \"offsets.json\": \"{\\\"offsets\\\":[{\\\"partition\\\":{\\\"kafka_topic\\\":\\\"t\\u00e9\\\",\\\"kafka_partition\\\":0},\\\"offset\\\":{\\\"kafka_offset\\\":5}},{\\\"partition\\\":{\\\"kafka_topic\\\":\\\"t\\\",\\\"kafka_partition\\\":1},\\\"offset\\\":null}]}\"\n  }\n}\n",
        "apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Secret\n  metadata: {name: s}\n- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: l\n  data:\n    offsets.json: '{\"offsets\":[{\"partition\":{\"kafka_topic\":\"t\",\"kafka_partition\":0},\"offset\":{\"kafka_offset\":1}},{\"partition\":{\"kafka_topic\":\"t\",\"kafka_partition\":2},\"offset\":{\"kafka_offset\":7}}]}'\n",
    ];

    fn action_lists() -> Vec<Vec<Action>> {
        let all = || Selection::All;
        let filter = |f: &str| Selection::Filter(Filter::parse(f).unwrap());
        vec![
            vec![],
            vec![Action::ShiftOffsets {
                selection: all(),
                delta: -1,
            }],
            vec![Action::ShiftOffsets {
                selection: all(),
                delta: 1,
            }],
            vec![Action::SetOffsets {
                selection: all(),
                offset: i64::MAX,
            }],
            vec![Action::NullOffsets { selection: all() }],
            vec![Action::RemoveEntries { selection: all() }],
            vec![Action::ResumeAt {
                selection: filter("partition:0"),
                record: 0,
            }],
            vec![
                Action::SetOffset { row: 1, offset: 0 },
                Action::SetNull { row: 0 },
                Action::RemoveEntries {
                    selection: Selection::Rows(vec![2]),
                },
            ],
            vec![
                Action::ShiftOffsets {
                    selection: all(),
                    delta: -1,
                },
                Action::Undo,
                Action::SetEach {
                    changes: vec![(0, Some(5)), (1, None), (3, Some(9_007_199_254_740_993))],
                },
            ],
            vec![Action::AddEntries {
                cluster: None,
                topic: "added".into(),
                partitions: PartitionSet::parse("0-2").unwrap(),
                offset: Some(3),
            }],
            vec![Action::SetEntry {
                row: 0,
                value: json::parse(
                    r#"{"partition":{"cluster":"east","partition":7,"topic":"a"},"offset":{"offset":1}}"#,
                )
                .unwrap(),
            }],
        ]
    }

    #[test]
    fn rewrite_session_matches_the_built_listing() {
        let mut streamed = 0;
        for input in INPUTS {
            let listing = import_bytes_unvalidated(input.as_bytes(), &ImportOptions::default())
                .unwrap_or_else(|d| panic!("{input}: {d:?}"));
            for actions in action_lists() {
                let mut session = Session::new(listing.clone());
                for a in actions.clone() {
                    let _ = session.apply(a);
                }
                let edited = session.working_listing();
                let general = (
                    rewrite_document(input, &edited).unwrap(),
                    validate(&edited, None),
                );
                match rewrite_session(input, &session) {
                    Some(fast) => {
                        streamed += 1;
                        // The same listing as data, in the input's layout instead of ours.
                        let read = |text: &str| {
                            import_bytes_unvalidated(text.as_bytes(), &ImportOptions::default())
                                .unwrap_or_else(|d| panic!("{input:?} {actions:?} {text:?}: {d:?}"))
                        };
                        // The edited listing itself (today's writer puts `offsets` first,
                        // which a second `offsets` member then replaces on reading back).
                        let (a, b) = (read(&fast.text()), &edited);
                        assert_eq!(a.entries.len(), b.entries.len(), "{input} {actions:?}");
                        for (x, y) in a.entries.iter().zip(&b.entries) {
                            assert!(same_data(x.raw(), y.raw()), "{input} {actions:?}");
                        }
                        assert_eq!(fast.diagnostics, general.1, "{input} {actions:?}");
                        // Only the single-quoted YAML value is written in our layout.
                        assert!(
                            fast.notes
                                .iter()
                                .all(|n| n.contains("single-quoted scalar")),
                            "{input} {actions:?} {:?}",
                            fast.notes
                        );
                    }
                    // Only a replaced partition may take the general path.
                    None => assert!(
                        actions.iter().any(|a| matches!(a, Action::SetEntry { .. })),
                        "{input} {actions:?}"
                    ),
                }
            }
        }
        assert!(streamed >= INPUTS.len() * 10, "{streamed}");
    }

    /// Equal as JSON data: objects compare as maps (their keys in any order).
    fn same_data(a: json::Raw<'_>, b: json::Raw<'_>) -> bool {
        use json::RawKind;
        match (a.kind(), b.kind()) {
            (RawKind::Object, RawKind::Object) => {
                let in_order = a.members().map(|m| m.key).eq(b.members().map(|m| m.key));
                a.members().count() == b.members().count()
                    && if in_order {
                        a.members()
                            .zip(b.members())
                            .all(|(x, y)| same_data(x.value, y.value))
                    } else {
                        a.members()
                            .all(|m| b.get(m.key).is_some_and(|v| same_data(m.value, v)))
                    }
            }
            (RawKind::Array, RawKind::Array) => {
                a.items().count() == b.items().count()
                    && a.items().zip(b.items()).all(|(x, y)| same_data(x, y))
            }
            _ => a.same_as(b),
        }
    }

    #[test]
    fn rewrite_session_leaves_csv_to_rewrite_document() {
        let text = "group,topic,partition,offset\ng,t,0,5\n";
        let listing = import_bytes_unvalidated(text.as_bytes(), &ImportOptions::default()).unwrap();
        assert_eq!(listing.form, InputForm::Csv);
        assert!(rewrite_session(text, &Session::new(listing)).is_none());
    }

    #[test]
    fn a_json_configmap_in_a_list_changes_only_its_data_value() {
        // The second item holds the offsets; the first has a look-alike data key, and the value
        // holds escapes, so the span found on the tape must be the whole quoted string.
        let inner = r#"{\"offsets\":[{\"partition\":{\"kafka_partition\":0,\"kafka_topic\":\"t\"},\"offset\":{\"kafka_offset\":5}}]}"#;
        let text = format!(
            "{{\"apiVersion\": \"v1\", \"kind\": \"List\", \"items\": [\n  {{\"kind\": \"Secret\", \"data\": {{\"k.json\": \"x\"}}}},\n  {{\"apiVersion\": \"v1\", \"kind\": \"ConfigMap\", \"metadata\": {{\"name\": \"o\"}}, \"data\": {{\"k.json\": \"{inner}\"}}}}\n]}}\n"
        );
        let listing = import_bytes_unvalidated(text.as_bytes(), &ImportOptions::default())
            .unwrap_or_else(|d| panic!("{d:?}"));
        assert_eq!(listing.form, InputForm::ConfigMapJson);
        let mut session = Session::new(listing);
        session
            .apply(Action::SetEach {
                changes: vec![(0, Some(3))],
            })
            .unwrap();
        let out = rewrite_document(&text, &session.working_listing()).unwrap();
        let (before, after) = text.split_once(&format!("\"{inner}\"")).unwrap();
        assert!(out.starts_with(before), "{out}");
        assert!(out.ends_with(after), "{out}");
        let value = &out[before.len()..out.len() - after.len()];
        let decoded = json::parse(value).unwrap();
        let payload = json::parse(decoded.as_str().unwrap()).unwrap();
        let offset = payload.get("offsets").unwrap().as_array().unwrap()[0]
            .get("offset")
            .unwrap()
            .get("kafka_offset")
            .unwrap()
            .as_number()
            .unwrap()
            .text()
            .to_string();
        assert_eq!(offset, "3");
    }
}
