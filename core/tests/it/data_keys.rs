//! Which data key of a ConfigMap is read (issue 31, items 15 and 16), MirrorMaker 2 keys whose
//! aliases contain dashes (item 17), and the key an export of a bare MirrorMaker 2 REST body is
//! written under (item 18).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use offsets_core::export::{self, AlterTarget, ConfigMapOptions};
use offsets_core::names;
use offsets_core::resource::read_resource;
use offsets_core::resource_check::{Against, check_resource};
use offsets_core::{Diagnostic, ImportOptions, Severity, import};
use std::path::Path;

const SINK: &str = r#"'{"offsets":[{"partition":{"kafka_topic":"t","kafka_partition":0},"offset":{"kafka_offset":5}}]}'"#;

fn source(cluster: &str) -> String {
    format!(
        r#"'{{"offsets":[{{"partition":{{"cluster":"{cluster}","topic":"t","partition":0}},"offset":{{"offset":5}}}}]}}'"#
    )
}

const CHECKPOINT: &str = r#"'{"offsets":[{"partition":{"group":"g","topic":"east.t","partition":0},"offset":{"offset":0}}]}'"#;

/// A ConfigMap with these data members, in this order (`owner` as `kind/name`).
fn configmap(owner: Option<&str>, data: &[(&str, &str)]) -> String {
    let mut out = String::from(
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: my-offsets\n  namespace: kafka\n",
    );
    if let Some((kind, name)) = owner.and_then(|o| o.split_once('/')) {
        out.push_str(&format!(
            "  ownerReferences:\n  - apiVersion: kafka.strimzi.io/v1\n    kind: {kind}\n    name: {name}\n"
        ));
    }
    out.push_str("data:\n");
    for (k, v) in data {
        out.push_str(&format!("  {k}: {v}\n"));
    }
    out
}

fn with_rule<'a>(diags: &'a [Diagnostic], rule: &str) -> Vec<&'a Diagnostic> {
    diags.iter().filter(|d| d.rule == rule).collect()
}

/// Imports `text` and returns the key read and the KEY note.
fn read_key(text: &str) -> (String, String) {
    let imported = import(text, &ImportOptions::default()).unwrap_or_else(|e| panic!("{e:?}"));
    let note = with_rule(&imported.diagnostics, "KEY")
        .first()
        .map(|d| d.message.clone())
        .unwrap_or_default();
    (imported.listing.data_key.unwrap(), note)
}

fn refusal(text: &str) -> String {
    let errors = import(text, &ImportOptions::default()).unwrap_err();
    let imp2 = with_rule(&errors, "IMP2");
    assert_eq!(imp2.len(), 1, "{errors:?}");
    imp2[0].message.clone()
}

#[test]
fn a_json_key_of_the_user_beside_offsets_json_is_not_read() {
    // kubectl prints keys sorted: app-config.json comes first.
    let text = configmap(
        None,
        &[("app-config.json", r#"'{"a": 1}'"#), ("offsets.json", SINK)],
    );
    let (key, note) = read_key(&text);
    assert_eq!(key, "offsets.json");
    assert_eq!(
        note,
        "Read data key 'offsets.json', the only offsets key of this ConfigMap. Not offsets keys (kept as they are): app-config.json."
    );
    let imported = import(&text, &ImportOptions::default()).unwrap();
    assert_eq!(imported.listing.available_keys, ["offsets.json"]);
    assert!(!imported.diagnostics.iter().any(Diagnostic::is_error));
}

#[test]
fn two_mirror_source_keys_are_refused_naming_both_and_the_key_option() {
    let text = configmap(
        None,
        &[
            ("a--b.MirrorSourceConnector.json", &source("a")),
            ("c--d.MirrorSourceConnector.json", &source("c")),
        ],
    );
    assert_eq!(
        refusal(&text),
        "This ConfigMap holds 2 offsets keys and nothing tells which one to read (each is the MirrorSourceConnector key of a different mirror): a--b.MirrorSourceConnector.json, c--d.MirrorSourceConnector.json. Name the one to read with --key KEY, for example --key a--b.MirrorSourceConnector.json."
    );
    // The page reads the first with a warning, and its Offsets key picker offers both.
    let page = import(
        &text,
        &ImportOptions {
            guess_key: true,
            ..ImportOptions::default()
        },
    )
    .unwrap();
    assert_eq!(
        page.listing.available_keys,
        [
            "a--b.MirrorSourceConnector.json",
            "c--d.MirrorSourceConnector.json"
        ]
    );
    let warning = with_rule(&page.diagnostics, "IMP2");
    assert_eq!(warning[0].severity, Severity::Warning);
    assert!(
        warning[0].message.ends_with(
            "Read 'a--b.MirrorSourceConnector.json'; pick the one you mean under Offsets key."
        ),
        "{}",
        warning[0].message
    );
    // --key decides, and the note names the other key.
    let chosen = import(
        &text,
        &ImportOptions {
            data_key: Some("c--d.MirrorSourceConnector.json".into()),
            ..ImportOptions::default()
        },
    )
    .unwrap();
    assert_eq!(
        with_rule(&chosen.diagnostics, "KEY")[0].message,
        "Read data key 'c--d.MirrorSourceConnector.json', the key chosen. Other offsets keys: a--b.MirrorSourceConnector.json; read one of them with --key KEY (or Offsets key in the page)."
    );
}

#[test]
fn the_source_key_beside_its_own_mirrors_other_keys_is_read_and_said() {
    let text = configmap(
        None,
        &[
            ("east--west.MirrorCheckpointConnector.json", CHECKPOINT),
            (
                "east--west.MirrorHeartbeatConnector.json",
                r#"'{"offsets":[]}'"#,
            ),
            ("east--west.MirrorSourceConnector.json", &source("east")),
        ],
    );
    let (key, note) = read_key(&text);
    assert_eq!(key, "east--west.MirrorSourceConnector.json");
    assert_eq!(
        note,
        "Read data key 'east--west.MirrorSourceConnector.json', the mirror's MirrorSourceConnector key, the only one of its connectors that reads its offsets. Other offsets keys: east--west.MirrorCheckpointConnector.json, east--west.MirrorHeartbeatConnector.json; read one of them with --key KEY (or Offsets key in the page)."
    );
}

#[test]
fn keys_of_two_mirrors_or_two_kinds_are_a_guess() {
    let other_mirror = configmap(
        None,
        &[
            ("east--west.MirrorSourceConnector.json", &source("east")),
            ("north--west.MirrorCheckpointConnector.json", CHECKPOINT),
        ],
    );
    assert!(refusal(&other_mirror).contains("(they belong to different mirrors)"));
    let no_source = configmap(
        None,
        &[
            ("east--west.MirrorCheckpointConnector.json", CHECKPOINT),
            (
                "east--west.MirrorHeartbeatConnector.json",
                r#"'{"offsets":[]}'"#,
            ),
        ],
    );
    assert!(refusal(&no_source).contains("none of them is a MirrorSourceConnector key"));
    let both_kinds = configmap(
        None,
        &[
            ("east--west.MirrorSourceConnector.json", &source("east")),
            ("offsets.json", SINK),
        ],
    );
    assert!(refusal(&both_kinds).contains("a KafkaConnector's key beside MirrorMaker 2 keys"));
}

#[test]
fn the_owner_reference_says_which_key_its_connector_wrote() {
    let data = [
        ("east--west.MirrorSourceConnector.json", source("east")),
        ("offsets.json", SINK.to_string()),
    ];
    let data: Vec<(&str, &str)> = data.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let (key, note) = read_key(&configmap(Some("KafkaConnector/my-sink"), &data));
    assert_eq!(key, "offsets.json");
    assert!(
        note.starts_with("Read data key 'offsets.json', the key Strimzi writes for the KafkaConnector 'my-sink' that owns this ConfigMap."),
        "{note}"
    );
    let (key, _) = read_key(&configmap(Some("KafkaMirrorMaker2/my-mm2"), &data));
    assert_eq!(key, "east--west.MirrorSourceConnector.json");
}

/// Source alias `a--b`, target `c`: the key is `a--b--c.MirrorSourceConnector.json`.
fn dashed_listing() -> String {
    configmap(
        Some("KafkaMirrorMaker2/my-mm2"),
        &[("a--b--c.MirrorSourceConnector.json", &source("a--b"))],
    )
}

#[test]
fn an_alias_with_dashes_keeps_every_split_and_the_entries_cluster_is_no_ms5() {
    let imported = import(&dashed_listing(), &ImportOptions::default()).unwrap();
    assert!(with_rule(&imported.diagnostics, "MS5").is_empty());
    let imp5 = with_rule(&imported.diagnostics, "IMP5");
    assert!(
        imp5[0].message.contains("reads as 2 connectors: a->b--c.MirrorSourceConnector, a--b->c.MirrorSourceConnector; the entries' cluster 'a--b' fits only a--b->c.MirrorSourceConnector, which is used here"),
        "{}",
        imp5[0].message
    );
    let mirror = imported.listing.mirror.unwrap();
    assert_eq!(
        mirror.name.connector_name(),
        "a--b->c.MirrorSourceConnector"
    );
    assert_eq!(mirror.candidates.len(), 2);
    // A cluster that is neither reading's source alias is still MS5, and names both.
    let other = configmap(
        None,
        &[("a--b--c.MirrorSourceConnector.json", &source("x"))],
    );
    let imported = import(&other, &ImportOptions::default()).unwrap();
    assert_eq!(
        with_rule(&imported.diagnostics, "MS5")[0].message,
        "x/t partition 0 (entry #1): cluster 'x' is none of the source aliases this connector's key can be read with ('a', 'a--b'). The offset will be stored but ignored."
    );
}

#[test]
fn check_resource_matches_each_connectors_own_key_not_a_split() {
    let fixture = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../tests/fixtures/resources/kafkamirrormaker2-1.2-v1.yaml"),
    )
    .unwrap();
    let resource = fixture.replace("east", "a--b").replace("west", "c");
    let r = read_resource(&resource).unwrap();
    // The listing's cluster fits the first split here, so the key alone would point wrong.
    let text = configmap(
        Some("KafkaMirrorMaker2/my-mm2"),
        &[("a--b--c.MirrorSourceConnector.json", &source("a"))],
    )
    .replace("name: my-offsets", "name: my-mm2-offsets");
    let listing = import(&text, &ImportOptions::default()).unwrap().listing;
    let findings = check_resource(
        &r,
        &Against {
            listing: Some(&listing),
            ..Against::default()
        },
    );
    let cr7: Vec<String> = findings
        .iter()
        .filter(|f| f.diagnostic.rule == "CR7")
        .map(|f| f.diagnostic.message.clone())
        .collect();
    assert!(cr7.is_empty(), "{cr7:?}");
}

const REST_BODY: &str = r#"{"offsets":[{"partition":{"cluster":"a","topic":"t","partition":0},"offset":{"offset":5}}]}"#;

#[test]
fn a_bare_mirror_rest_body_exports_under_its_connectors_key_or_not_at_all() {
    let listing = import(REST_BODY, &ImportOptions::default())
        .unwrap()
        .listing;
    let options = ConfigMapOptions {
        name: Some("x".into()),
        namespace: Some("y".into()),
        ..ConfigMapOptions::default()
    };
    let errors = export::configmap_yaml(&listing, None, &options).unwrap_err();
    let k4 = with_rule(&errors, "K4");
    assert!(
        k4[0]
            .message
            .contains("Name the connector: --connector SOURCE->TARGET.MirrorSourceConnector"),
        "{}",
        k4[0].message
    );
    let named = ConfigMapOptions {
        target: Some(AlterTarget::MirrorMaker2(
            names::MirrorConnectorName::parse("a->b.MirrorSourceConnector").unwrap(),
        )),
        ..options
    };
    let yaml = export::configmap_yaml(&listing, None, &named).unwrap().text;
    assert!(
        yaml.contains("\n  \"a--b.MirrorSourceConnector.json\": |-\n"),
        "{yaml}"
    );
}

#[test]
fn a_configmap_without_a_name_says_what_is_missing() {
    let text = format!(
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  namespace: kafka\ndata:\n  offsets.json: {SINK}\n"
    );
    let listing = import(&text, &ImportOptions::default()).unwrap().listing;
    let errors = export::configmap_yaml(&listing, None, &ConfigMapOptions::default()).unwrap_err();
    assert_eq!(
        with_rule(&errors, "K1")[0].message,
        "Name the alter ConfigMap (--name NAME): the input ConfigMap has no metadata.name, so there is no listed name to derive '<name>-alter' from."
    );
}

#[test]
fn the_page_reads_the_first_of_two_equal_keys_with_a_warning_and_offers_both() {
    use offsets_core::editor::ImportAction;
    use offsets_core::editor::{Editor, EditorAction};
    let text = configmap(
        None,
        &[
            ("a--b.MirrorSourceConnector.json", &source("a")),
            ("c--d.MirrorSourceConnector.json", &source("c")),
            ("app-config.json", r#"'{"a": 1}'"#),
        ],
    );
    let mut editor = Editor::new();
    editor.apply(EditorAction::Import(ImportAction::SetInput(text)));
    editor.apply(EditorAction::Import(ImportAction::Load));
    let header = editor.header().expect("loaded");
    assert_eq!(
        header.data_key.as_deref(),
        Some("a--b.MirrorSourceConnector.json")
    );
    assert_eq!(
        header.available_keys,
        [
            "a--b.MirrorSourceConnector.json",
            "c--d.MirrorSourceConnector.json"
        ]
    );
    let problems = editor.problems();
    let imp2 = with_rule(&problems, "IMP2");
    assert_eq!(imp2.len(), 1, "{problems:?}");
    assert_eq!(imp2[0].severity, Severity::Warning);
    editor.apply(EditorAction::Import(ImportAction::PickKey(
        "c--d.MirrorSourceConnector.json".into(),
    )));
    let header = editor.header().expect("loaded");
    assert_eq!(
        header.data_key.as_deref(),
        Some("c--d.MirrorSourceConnector.json")
    );
    assert!(with_rule(&editor.problems(), "IMP2").is_empty());
}

#[test]
fn the_connector_a_resource_names_decides_between_two_mirrors() {
    let text = configmap(
        None,
        &[
            (
                "central--west.MirrorSourceConnector.json",
                &source("central"),
            ),
            ("east--west.MirrorSourceConnector.json", &source("east")),
        ],
    );
    let options = ImportOptions {
        context_key: Some((
            "east--west.MirrorSourceConnector.json".into(),
            "east->west.MirrorSourceConnector".into(),
        )),
        ..ImportOptions::default()
    };
    let imported = import(&text, &options).unwrap();
    assert_eq!(
        imported.listing.data_key.as_deref(),
        Some("east--west.MirrorSourceConnector.json")
    );
    assert_eq!(
        with_rule(&imported.diagnostics, "KEY")[0].message,
        "Read data key 'east--west.MirrorSourceConnector.json', the key of connector 'east->west.MirrorSourceConnector', which the resource names. Other offsets keys: central--west.MirrorSourceConnector.json; read one of them with --key KEY (or Offsets key in the page)."
    );
}

#[test]
fn without_a_strimzi_key_the_only_json_key_is_read_with_a_warning_and_two_are_refused() {
    let one = configmap(None, &[("my-offsets.json", SINK), ("notes.txt", "x")]);
    let imported = import(&one, &ImportOptions::default()).unwrap();
    assert_eq!(
        imported.listing.data_key.as_deref(),
        Some("my-offsets.json")
    );
    let imp2 = with_rule(&imported.diagnostics, "IMP2");
    assert_eq!(imp2[0].severity, Severity::Warning);
    assert!(
        imp2[0].message.starts_with(
            "Read data key 'my-offsets.json', the only *.json key: it is not a key Strimzi writes"
        ),
        "{}",
        imp2[0].message
    );
    let two = configmap(None, &[("a.json", SINK), ("b.json", SINK)]);
    assert_eq!(
        refusal(&two),
        "This ConfigMap holds 2 *.json keys and nothing tells which one to read (none of them is a key Strimzi writes, offsets.json or SOURCE--TARGET.TYPE.json): a.json, b.json. Name the one to read with --key KEY, for example --key a.json."
    );
}
