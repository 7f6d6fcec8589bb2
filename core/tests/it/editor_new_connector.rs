//! "Start a new connector" in the editor (issue 23 item 1, the page's half): the form, the one
//! undoable action that makes the listing from a reference, its located refusals that keep
//! what was typed, and the export that creates the connector stopped (item 2) for every target.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::support::loaded_text;
use offsets_core::edit::Action;
use offsets_core::editor::{EditAction, ImportAction, PageAction, SafeApplyAction, SettingsAction};
use offsets_core::editor::{Editor, EditorAction, ExportTab, Field, NewConnectorField, TargetKind};
use offsets_core::procedure::{Previous, StrimziVersion};

/// 2026-11-30T12:00:00Z.
const T: &str = "2026-11-30T12:00:00Z";
/// A day later: the page's clock in these tests.
const NOW: i64 = 1_796_040_000_000 + 86_400_000;

/// `kafka-get-offsets.sh --time T` output: record 0, two positions, and a partition with no
/// record after the time (an empty offset).
const AT_TIME: &str = "orders.eu-west:0:0\norders.eu-west:1:70\norders.eu-west:2:300\norders.eu-west:3:\npayments:0:12\n";

const CONFIG: &str = r#"{"connector.class": "org.apache.kafka.connect.mirror.MirrorSourceConnector", "source.cluster.alias": "east", "target.cluster.alias": "west", "topics": "orders.*"}"#;

fn set(e: &mut Editor, field: NewConnectorField, value: &str) {
    e.apply(EditorAction::Import(ImportAction::SetNewConnector(
        field,
        value.to_string(),
    )));
}

/// The form filled for a MirrorMaker 2 with source alias east, from `text` at time T.
fn mm2_form(text: &str) -> Editor {
    let mut e = Editor::new();
    set(&mut e, NewConnectorField::Kind, "mirror-source");
    set(&mut e, NewConnectorField::SourceAlias, "east");
    set(&mut e, NewConnectorField::Role, "time");
    set(&mut e, NewConnectorField::Time, T);
    set(&mut e, NewConnectorField::Text, text);
    e
}

fn start(e: &mut Editor) {
    e.apply(EditorAction::Import(ImportAction::StartNewConnector {
        now_ms: NOW,
    }));
}

/// The working listing, compact.
fn listing(e: &Editor) -> String {
    e.session().unwrap().working_listing().to_compact_json()
}

#[test]
fn a_mirror_source_from_a_time_reference_stores_r_minus_1_and_null_at_record_0() {
    let mut e = mm2_form(AT_TIME);
    start(&mut e);
    assert!(
        e.new_connector_form().error.is_none(),
        "{:?}",
        e.new_connector_form().error
    );
    assert_eq!(
        listing(&e),
        r#"{"offsets":[{"partition":{"cluster":"east","partition":0,"topic":"orders.eu-west"},"offset":null},{"partition":{"cluster":"east","partition":1,"topic":"orders.eu-west"},"offset":{"offset":69}},{"partition":{"cluster":"east","partition":2,"topic":"orders.eu-west"},"offset":{"offset":299}},{"partition":{"cluster":"east","partition":0,"topic":"payments"},"offset":{"offset":11}}]}"#
    );
    assert_eq!(
        e.session().unwrap().kind(),
        offsets_core::ConnectorKind::MirrorSource
    );
    let origin = e.new_origin().unwrap();
    assert_eq!(
        origin.summary,
        "A new MirrorSourceConnector (source alias east) from the offsets at 2026-11-30T12:00:00Z: 4 partitions."
    );
    let notes = origin.notes.join("\n");
    assert!(notes.contains("1 partition(s) are at record 0"), "{notes}");
    assert!(
        notes.contains(
            "1 partition(s) have no offset in the offsets at 2026-11-30T12:00:00Z and are left out: orders.eu-west:3."
        ),
        "{notes}"
    );
    // The connector does not exist yet: the export creates it.
    assert!(e.settings().create);
    assert!(e.exports_every_entry());
    let notice = e.notice().unwrap();
    assert!(
        notice.text.starts_with(&origin.summary)
            && notice
                .text
                .ends_with("Undo (Ctrl+Z) brings back the empty page."),
        "{}",
        notice.text
    );
    // No error on any row: a listing the validator accepts.
    assert!(
        !e.problems().iter().any(|d| d.is_error()),
        "{:?}",
        e.problems()
    );
}

#[test]
fn one_undo_brings_back_the_empty_page_with_the_form_and_redo_makes_the_listing_again() {
    let mut e = mm2_form(AT_TIME);
    start(&mut e);
    let made = listing(&e);
    assert!(e.can_undo());
    e.apply(EditorAction::Edit(EditAction::Session(Action::Undo)));
    assert!(e.session().is_none());
    assert_eq!(e.new_connector_form().text, AT_TIME);
    assert_eq!(e.new_connector_form().source_alias, "east");
    assert!(!e.settings().create);
    assert_eq!(
        e.notice().unwrap().text,
        "Undone: nothing is loaded, as before."
    );
    e.apply(EditorAction::Edit(EditAction::Session(Action::Redo)));
    assert_eq!(listing(&e), made);
    assert!(e.settings().create);
    assert!(e.new_origin().is_some());
}

#[test]
fn the_new_listing_is_edited_as_any_listing() {
    let mut e = mm2_form(AT_TIME);
    start(&mut e);
    e.apply(EditorAction::Edit(EditAction::Session(Action::SetOffset {
        row: 1,
        offset: 60,
    })));
    assert!(
        listing(&e).contains(r#""offset":{"offset":60}"#),
        "{}",
        listing(&e)
    );
    // Undo takes the edit back, the next Undo the new listing.
    e.apply(EditorAction::Edit(EditAction::Session(Action::Undo)));
    assert!(listing(&e).contains(r#""offset":{"offset":69}"#));
    e.apply(EditorAction::Edit(EditAction::Session(Action::Undo)));
    assert!(e.session().is_none());
}

#[test]
fn a_sink_from_a_describe_table_keeps_the_topics_of_its_filter() {
    let describe = "\nConsumer group 'connect-jdbc-sink' has no active members.\n\nGROUP             TOPIC           PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG             CONSUMER-ID     HOST            CLIENT-ID\nconnect-jdbc-sink events.v2       0          480             520             40              -               -               -\nconnect-jdbc-sink events.v2       1          -               300             -               -               -               -\nconnect-jdbc-sink audit           0          7               7               0               -               -               -\n";
    let mut e = Editor::new();
    set(&mut e, NewConnectorField::Kind, "sink");
    set(&mut e, NewConnectorField::Role, "group");
    set(&mut e, NewConnectorField::Text, describe);
    set(&mut e, NewConnectorField::Topics, "events.*");
    start(&mut e);
    assert!(
        e.new_connector_form().error.is_none(),
        "{:?}",
        e.new_connector_form().error
    );
    assert_eq!(
        listing(&e),
        r#"{"offsets":[{"partition":{"kafka_partition":0,"kafka_topic":"events.v2"},"offset":{"kafka_offset":480}}]}"#
    );
    let origin = e.new_origin().unwrap();
    assert_eq!(
        origin.summary,
        "A new sink connector from group connect-jdbc-sink's committed offsets: 1 partition."
    );
    assert!(
        origin
            .notes
            .iter()
            .any(|n| n.contains("are left out: events.v2:1.")),
        "{:?}",
        origin.notes
    );
}

/// A refusal case: the fields changed from [`mm2_form`], the field the refusal is about, and
/// its message.
type Refusal = (
    &'static [(NewConnectorField, &'static str)],
    NewConnectorField,
    &'static str,
);

/// Each refusal: the field it is about, its message, and nothing else changed.
#[test]
fn refusals_name_their_field_and_keep_everything_typed() {
    let cases: &[Refusal] = &[
        (
            &[(NewConnectorField::Kind, "")],
            NewConnectorField::Kind,
            "Choose the kind of the new connector: a MirrorMaker 2 source connector or a sink connector.",
        ),
        (
            &[(NewConnectorField::SourceAlias, " ")],
            NewConnectorField::SourceAlias,
            "Type the source cluster's alias (source.cluster.alias, e.g. east): every entry of a MirrorSourceConnector names it.",
        ),
        (
            &[(NewConnectorField::Text, "")],
            NewConnectorField::Text,
            "Paste the offsets to start from: the output of kafka-get-offsets.sh (at earliest, latest or a time), or of kafka-consumer-groups.sh --describe or --export.",
        ),
        (
            &[(NewConnectorField::Role, "")],
            NewConnectorField::Role,
            "Choose what these offsets are: the earliest, the latest, the offsets at a time, or a consumer group's committed offsets.",
        ),
        (
            &[(NewConnectorField::Topics, "partition:0-3")],
            NewConnectorField::Topics,
            "Keep topics only (orders*, /regex/ or topic:NAME): every partition of a kept topic is in the new listing, so partition, cluster, range and changed terms do not apply.",
        ),
        (
            &[(NewConnectorField::Topics, "nothing-like-this")],
            NewConnectorField::Text,
            "The offsets at 2026-11-30T12:00:00Z name no partition with an offset among the topics kept, so there is nothing to start from.",
        ),
    ];
    for (changes, field, message) in cases {
        let mut e = mm2_form(AT_TIME);
        for (f, v) in *changes {
            set(&mut e, *f, v);
        }
        let form = e.new_connector_form().clone();
        start(&mut e);
        assert!(e.session().is_none(), "{message}");
        assert_eq!(
            e.new_connector_form().error,
            Some((*field, message.to_string()))
        );
        // Everything typed is still there.
        for f in [
            NewConnectorField::Kind,
            NewConnectorField::SourceAlias,
            NewConnectorField::Text,
            NewConnectorField::Role,
            NewConnectorField::Time,
            NewConnectorField::Topics,
        ] {
            assert_eq!(e.new_connector_form().get(f), form.get(f));
        }
        assert_eq!(
            e.notice().unwrap().text,
            format!("No listing was made: {message}")
        );
        assert!(!e.can_undo());
        // Editing the field clears its error.
        set(&mut e, *field, form.get(*field));
        assert_eq!(e.new_connector_form().error, None);
    }
}

#[test]
fn errors_in_the_reference_are_listed_with_their_line_and_column() {
    let mut e = mm2_form("orders:0:5\norders:1:five\n");
    start(&mut e);
    assert!(e.session().is_none());
    let (field, message) = e.new_connector_form().error.clone().unwrap();
    assert_eq!(field, NewConnectorField::Text);
    assert_eq!(
        message,
        "1 line of the offsets at 2026-11-30T12:00:00Z could not be read (the first at 2:10); it is listed below with its line and column. Fix the text and press Make the listing again."
    );
    let problems = &e.new_connector_form().reference_problems;
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].position.to_string(), "2:10");
    // A new text clears them.
    set(&mut e, NewConnectorField::Text, "orders:0:5\n");
    assert!(e.new_connector_form().reference_problems.is_empty());
    start(&mut e);
    assert!(e.session().is_some());
}

#[test]
fn a_bad_source_alias_or_time_is_refused_at_its_field() {
    let mut e = mm2_form(AT_TIME);
    set(&mut e, NewConnectorField::SourceAlias, "east west");
    start(&mut e);
    let (field, message) = e.new_connector_form().error.clone().unwrap();
    assert_eq!(field, NewConnectorField::SourceAlias);
    assert!(
        message.starts_with("The source alias 'east west': "),
        "{message}"
    );
    let mut e = mm2_form(AT_TIME);
    set(&mut e, NewConnectorField::Time, "noon");
    start(&mut e);
    let (field, message) = e.new_connector_form().error.clone().unwrap();
    assert_eq!(field, NewConnectorField::Time);
    assert!(message.starts_with("Time of these offsets, "), "{message}");
}

/// The new MirrorMaker 2 with the REST target's names and a config.
fn rest_create(config: &str) -> Editor {
    let mut e = mm2_form(AT_TIME);
    start(&mut e);
    e.apply(EditorAction::Settings(SettingsAction::SetTarget(
        TargetKind::Rest,
    )));
    e.apply(EditorAction::Settings(SettingsAction::SetField(
        Field::Connector,
        "orders-mirror".into(),
    )));
    e.apply(EditorAction::Settings(SettingsAction::SetField(
        Field::RestUrl,
        "http://connect:8083".into(),
    )));
    e.apply(EditorAction::Settings(SettingsAction::SetCreateConfig(
        config.into(),
    )));
    e
}

#[test]
fn the_rest_export_creates_the_connector_stopped_with_every_entry() {
    let e = rest_create(CONFIG);
    let exports = e.exports().unwrap();
    assert!(exports.create);
    assert_eq!(exports.entries, 4);
    let p = exports.procedure.unwrap();
    assert!(p.title.starts_with("Create "), "{}", p.title);
    let script = p.render_script();
    assert!(script.contains(r#""initial_state":"STOPPED""#), "{script}");
    assert!(script.contains("org.apache.kafka.connect.mirror.MirrorSourceConnector"));
    // Nothing to roll back to.
    let rollback = e.rollback_exports().unwrap();
    assert!(
        rollback.document.unwrap_err()[0]
            .message
            .starts_with("Nothing to roll back to: the connector is created by this procedure")
    );
    assert!(
        offsets_core::editor::summary_sentence(&e.exports().unwrap(), false).ends_with(
            "The export holds 4 entries (all entries: the connector is created with every one)."
        )
    );
}

#[test]
fn core_says_what_is_wrong_with_the_config() {
    for (config, starts) in [
        ("", "The connector config must be a JSON object"),
        ("[1]", "The connector config must be a JSON object"),
        (
            r#"{"topics": "orders"}"#,
            "The connector config has no \"connector.class\"",
        ),
    ] {
        let e = rest_create(config);
        let errors = e.exports().unwrap().procedure.unwrap_err();
        assert!(
            errors.iter().any(|d| d.message.starts_with(starts)),
            "{config}: {errors:?}"
        );
    }
}

#[test]
fn the_strimzi_targets_pass_the_create_to_core_and_export_every_entry() {
    let mut e = mm2_form(AT_TIME);
    start(&mut e);
    e.apply(EditorAction::Settings(SettingsAction::SetTarget(
        TargetKind::KafkaMirrorMaker2,
    )));
    for (field, value) in [
        (Field::Resource, "my-mm2"),
        (Field::Namespace, "kafka"),
        (Field::Connector, "east->west.MirrorSourceConnector"),
        (Field::ListConfigMap, "my-mm2-offsets"),
        (Field::AlterConfigMap, "my-mm2-offsets-alter"),
    ] {
        e.apply(EditorAction::Settings(SettingsAction::SetField(
            field,
            value.into(),
        )));
    }
    let exports = e.exports().unwrap();
    let yaml = exports.configmap.unwrap().text;
    assert!(yaml.contains("name: \"my-mm2-offsets-alter\""), "{yaml}");
    assert_eq!(yaml.matches("\"cluster\"").count(), 4, "{yaml}");
    // The Strimzi create from the names: the connector block added to mirror 0, stopped;
    // which Strimzi runs is not known, and the notes say what an older one does.
    let p = exports.procedure.unwrap();
    assert!(p.title.starts_with("Create "), "{}", p.title);
    let script = p.render_script();
    assert!(script.contains("/sourceConnector"), "{script}");
    assert!(script.contains("An older operator"), "{script}");
    // An older operator runs it a moment: the block is added matching no topic (issue 31 item 8).
    assert!(
        script.contains(r#""config":{"topics.exclude":".*"}"#),
        "{script}"
    );
    // Said to be Strimzi 1.2 (kept in the draft): no warning that it runs first.
    e.apply(EditorAction::Settings(SettingsAction::SetCreateStrimzi(
        Some(StrimziVersion::CreatesStopped),
    )));
    let script = e.exports().unwrap().procedure.unwrap().render_script();
    assert!(!script.contains("an older operator"), "{script}");
    let restored = Editor::restore_with_prefs(
        &e.source_record(),
        Some(&e.draft_record()),
        Some(&e.prefs_record()),
    )
    .unwrap();
    assert_eq!(
        restored.settings().create_strimzi,
        Some(StrimziVersion::CreatesStopped)
    );
    // A config object is for plain Kafka Connect: typed for a Strimzi target, it is not sent.
    e.apply(EditorAction::Settings(SettingsAction::SetCreateConfig(
        "{\"connector.class\":\"C\"}".into(),
    )));
    assert!(e.exports().unwrap().procedure.is_ok());
    // Unticked, the same settings alter a connector that exists: only what changed.
    e.apply(EditorAction::Settings(SettingsAction::SetCreate(false)));
    assert!(e.export_waiting().is_some());
    e.apply(EditorAction::Edit(EditAction::Session(Action::SetOffset {
        row: 1,
        offset: 60,
    })));
    let p = e.exports().unwrap().procedure.unwrap();
    assert!(!p.title.starts_with("Create "), "{}", p.title);
}

#[test]
fn a_kafkaconnector_to_create_comes_from_the_custom_resource() {
    let mut e = mm2_form(AT_TIME);
    start(&mut e);
    e.apply(EditorAction::Settings(SettingsAction::SetTarget(
        TargetKind::KafkaConnector,
    )));
    for (field, value) in [
        (Field::Resource, "orders-mirror"),
        (Field::Namespace, "kafka"),
        (Field::ListConfigMap, "orders-mirror-offsets"),
        (Field::AlterConfigMap, "orders-mirror-offsets-alter"),
    ] {
        e.apply(EditorAction::Settings(SettingsAction::SetField(
            field,
            value.into(),
        )));
    }
    let refused = e.exports().unwrap().procedure.unwrap_err();
    assert!(
        refused[0].message.starts_with(
            "A KafkaConnector to create needs its resource: paste your KafkaConnector"
        ),
        "{refused:?}"
    );
    e.apply(EditorAction::SafeApply(SafeApplyAction::CheckResource(
        "apiVersion: kafka.strimzi.io/v1\nkind: KafkaConnector\nmetadata:\n  name: orders-mirror\n  namespace: kafka\n  labels:\n    strimzi.io/cluster: my-connect\nspec:\n  class: org.apache.kafka.connect.mirror.MirrorSourceConnector\n  tasksMax: 1\n  config:\n    source.cluster.alias: east\n".into(),
    )));
    let p = e.exports().unwrap().procedure.unwrap();
    let script = p.render_script();
    assert!(script.contains("kubectl create -f -"), "{script}");
    assert!(
        script.contains("\"strimzi.io/cluster\" : \"my-connect\""),
        "{script}"
    );
    // The resource check of a create says what the operator does with it (CR12), as
    // `check-resource --create` does; without the create it does not.
    let rules = |e: &Editor| -> Vec<String> {
        let report = e.resource_report().unwrap();
        report
            .findings
            .iter()
            .map(|f| f.diagnostic.rule.to_string())
            .collect()
    };
    assert!(rules(&e).iter().any(|r| r == "CR12"), "{:?}", rules(&e));
    e.apply(EditorAction::Settings(SettingsAction::SetCreate(false)));
    assert!(!rules(&e).iter().any(|r| r == "CR12"), "{:?}", rules(&e));
}

#[test]
fn ticking_create_over_a_loaded_listing_exports_every_entry() {
    let mut e = loaded_text(
        r#"{"offsets":[{"partition":{"kafka_topic":"a","kafka_partition":0},"offset":{"kafka_offset":5}},{"partition":{"kafka_topic":"a","kafka_partition":1},"offset":{"kafka_offset":7}}]}"#
            .to_string(),
    );
    assert!(e.export_waiting().is_some());
    e.apply(EditorAction::Settings(SettingsAction::SetCreate(true)));
    assert!(e.export_waiting().is_none());
    assert_eq!(e.exports().unwrap().entries, 2);
    assert!(e.new_origin().is_none());
}

#[test]
fn the_create_settings_are_kept_in_the_draft() {
    let mut e = rest_create(CONFIG);
    e.apply(EditorAction::Settings(SettingsAction::SetCreatePrevious(
        Previous::Reset,
    )));
    e.apply(EditorAction::Page(PageAction::SelectExportTab(
        ExportTab::Commands,
    )));
    let restored = Editor::restore_with_prefs(
        &e.source_record(),
        Some(&e.draft_record()),
        Some(&e.prefs_record()),
    )
    .unwrap();
    assert_eq!(listing(&restored), listing(&e));
    assert!(restored.settings().create);
    assert_eq!(restored.settings().create_config, CONFIG);
    assert_eq!(restored.settings().create_previous, Previous::Reset);
    assert_eq!(
        restored
            .exports()
            .unwrap()
            .procedure
            .unwrap()
            .render_script(),
        e.exports().unwrap().procedure.unwrap().render_script()
    );
    // Unticked (and nothing typed), a record holds no create member and restores to an alter.
    let mut e = restored;
    e.apply(EditorAction::Settings(SettingsAction::SetCreate(false)));
    e.apply(EditorAction::Settings(SettingsAction::SetCreateConfig(
        String::new(),
    )));
    e.apply(EditorAction::Settings(SettingsAction::SetCreatePrevious(
        Previous::Refuse,
    )));
    assert!(
        !e.prefs_record().contains("\"create\""),
        "{}",
        e.prefs_record()
    );
    let restored =
        Editor::restore_with_prefs(&e.source_record(), Some(&e.draft_record()), None).unwrap();
    assert!(!restored.settings().create);
}

/// References no Kafka tool prints: never a panic, always a listing or a refusal at a field.
#[test]
fn hostile_references_are_a_listing_or_a_located_refusal() {
    let long = "x".repeat(300);
    let texts = [
        "t:0:9223372036854775807\n".to_string(),
        "t:0:9223372036854775808\n".to_string(),
        "t:-1:5\n".to_string(),
        "t:0:-5\n".to_string(),
        "a'b$(rm -rf ~):0:5\n".to_string(),
        "orders:0:5\r\norders:1:6\r\n".to_string(),
        format!("{long}:0:1\n"),
        "\u{202e}gro:0:1\n".to_string(),
        "orders:0:1\norders:0:2\n".to_string(),
        ":::\n\n\n".to_string(),
        "orders:0:1\n".repeat(20_000),
    ];
    for kind in ["mirror-source", "sink"] {
        for text in &texts {
            let mut e = mm2_form(text);
            set(&mut e, NewConnectorField::Kind, kind);
            start(&mut e);
            match (e.session(), &e.new_connector_form().error) {
                (Some(_), None) => assert!(e.exports().is_some()),
                (None, Some((_, message))) => assert!(!message.is_empty()),
                other => panic!("{kind} {text:?}: {other:?}"),
            }
        }
    }
}

/// Kafka 4.3.1's `--time T` prints nothing for partition 3 (no record after T), so the time
/// reference alone has no entry for it and the connector would copy its history (issue 31 item
/// 1). Pasted in Latest offsets (log end), the latest offsets give it its log end; without them
/// the origin and the notice carry the warning.
#[test]
fn latest_offsets_give_the_partitions_a_time_lookup_leaves_out_their_log_end() {
    const AT: &str = "orders.eu-west:0:0\norders.eu-west:1:70\norders.eu-west:2:300\n";
    const LATEST: &str =
        "orders.eu-west:0:120\norders.eu-west:1:180\norders.eu-west:2:400\norders.eu-west:3:55\n";
    let mut e = mm2_form(AT);
    start(&mut e);
    let origin = e.new_origin().unwrap().clone();
    assert_eq!(origin.warnings.len(), 1, "{:?}", origin.warnings);
    assert!(
        origin.warnings[0]
            .contains("copies its whole history, every record written before 2026-11-30T12:00:00Z")
            && origin.warnings[0].contains("the page's Latest offsets (log end)"),
        "{:?}",
        origin.warnings
    );
    let notice = e.notice().unwrap();
    assert_eq!(notice.severity, offsets_core::Severity::Warning);
    assert!(
        notice
            .text
            .contains(&format!("Warning: {}", origin.warnings[0])),
        "{}",
        notice.text
    );

    let mut e = mm2_form(AT);
    set(&mut e, NewConnectorField::LogEnd, "orders.eu-west:0:x\n");
    start(&mut e);
    assert!(e.session().is_none());
    let form = e.new_connector_form();
    assert!(
        form.error_of(NewConnectorField::LogEnd)
            .is_some_and(|m| m.starts_with("The latest offsets could not be read (the first at 1:")),
        "{:?}",
        form.error
    );
    assert!(!form.log_end_problems.is_empty());

    set(&mut e, NewConnectorField::LogEnd, LATEST);
    start(&mut e);
    assert_eq!(
        listing(&e),
        r#"{"offsets":[{"partition":{"cluster":"east","partition":0,"topic":"orders.eu-west"},"offset":null},{"partition":{"cluster":"east","partition":1,"topic":"orders.eu-west"},"offset":{"offset":69}},{"partition":{"cluster":"east","partition":2,"topic":"orders.eu-west"},"offset":{"offset":299}},{"partition":{"cluster":"east","partition":3,"topic":"orders.eu-west"},"offset":{"offset":54}}]}"#
    );
    let origin = e.new_origin().unwrap();
    assert!(origin.warnings.is_empty(), "{:?}", origin.warnings);
    assert!(
        origin.notes.iter().any(|n| n.starts_with(
            "1 partition(s) have no offset in the offsets at 2026-11-30T12:00:00Z: they start at their log end"
        )),
        "{:?}",
        origin.notes
    );
    assert_eq!(e.notice().unwrap().severity, offsets_core::Severity::Info);
}
