//! The page's procedures: the editor passes the listing the edits were made on (the imported
//! listing) and the owner reference's apiVersion to the procedure, so the script compares before
//! it alters and the MirrorMaker 2 guard follows the owner's version.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::print_stdout
)]

use offsets_core::edit::Action;
use offsets_core::editor::{EditAction, SettingsAction};
use offsets_core::editor::{EditorAction, TargetKind};
use offsets_core::procedure::AliasPath;

use crate::support::loaded_text as loaded;

/// A MirrorMaker 2 source listing of `n` partitions as Strimzi writes it, owned by a
/// KafkaMirrorMaker2 of `api_version`.
fn mm2_listing(n: usize, api_version: &str) -> String {
    let mut s = String::from(
        "apiVersion: v1\ndata:\n  east--west.MirrorSourceConnector.json: |-\n    {\n      \"offsets\" : [ ",
    );
    for i in 0..n {
        if i > 0 {
            s.push_str(", ");
        }
        s.push_str(&format!(
            "{{\n        \"partition\" : {{\n          \"cluster\" : \"east\",\n          \"partition\" : {},\n          \"topic\" : \"topic-{}\"\n        }},\n        \"offset\" : {{\n          \"offset\" : {}\n        }}\n      }}",
            i / 100,
            i % 100,
            1_000_000_007u64 * (i as u64 % 1000) + i as u64 + 1
        ));
    }
    s.push_str(" ]\n    }\nkind: ConfigMap\nmetadata:\n  name: my-mm2-offsets\n  namespace: kafka\n  ownerReferences:\n  - apiVersion: ");
    s.push_str(api_version);
    s.push_str("\n    kind: KafkaMirrorMaker2\n    name: my-mm2\n    uid: 0\n");
    s
}

#[test]
fn the_pages_script_compares_with_the_imported_listing_and_guards_the_v1beta2_path() {
    let mut editor = loaded(mm2_listing(3, "kafka.strimzi.io/v1beta2"));
    assert_eq!(editor.settings().target, TargetKind::KafkaMirrorMaker2);
    assert_eq!(editor.settings().alias_path, AliasPath::Old);
    // Row 1 is topic-1 partition 0, listed at 1000000009.
    editor.apply(EditorAction::Edit(EditAction::Session(Action::SetOffset {
        row: 1,
        offset: 5,
    })));
    let procedure = editor.exports().unwrap().procedure.unwrap();
    assert!(
        procedure.warnings.iter().all(|d| d.rule != "PLAN"),
        "{:?}",
        procedure.warnings
    );
    let script = procedure.render_script();
    // The check file carries the value the edit was made on and the value the alter sets.
    assert!(
        script.contains(
            "{\"partition\":{\"cluster\":\"east\",\"partition\":0,\"topic\":\"topic-1\"},\"listed\":[{\"offset\":1000000009}],\"altered\":[{\"offset\":5}],\"set\":true}"
        ),
        "{script}"
    );
    // It compares instead of refusing to run without the listing.
    assert!(!script.contains("OFFSETS_UNCHECKED"), "{script}");
    assert!(script.contains("moved=\"$("), "{script}");
    // The v1beta2 guard path, and the reason given in the steps.
    assert!(script.contains("/spec/mirrors/'\"${MIRROR_INDEX}\"'/sourceCluster"));
    assert!(!script.contains("/source/alias"), "{script}");
    assert!(
        procedure
            .steps
            .iter()
            .flat_map(|s| &s.comment)
            .any(|c| c.contains("The listing's owner reference says kafka.strimzi.io/v1beta2."))
    );

    // The same listing owned by a v1 resource: the source.alias guard, still compared.
    let mut editor = loaded(mm2_listing(3, "kafka.strimzi.io/v1"));
    assert_eq!(editor.settings().alias_path, AliasPath::New);
    editor.apply(EditorAction::Edit(EditAction::Session(Action::SetOffset {
        row: 1,
        offset: 5,
    })));
    let procedure = editor.exports().unwrap().procedure.unwrap();
    assert!(procedure.warnings.iter().all(|d| d.rule != "PLAN"));
    let script = procedure.render_script();
    assert!(script.contains("/source/alias"));
    assert!(!script.contains("sourceCluster"), "{script}");
    assert!(script.contains("\"listed\":[{\"offset\":1000000009}]"));

    // Choosing the other guard path by hand is a warning that says why it would fail.
    editor.apply(EditorAction::Settings(SettingsAction::SetAliasPath(
        AliasPath::Old,
    )));
    let procedure = editor.exports().unwrap().procedure.unwrap();
    assert!(
        procedure
            .warnings
            .iter()
            .any(|d| d.rule == "PLAN" && d.message.contains("kafka.strimzi.io/v1 resource")),
        "{:?}",
        procedure.warnings
    );
}

/// The page checks a field with the check the procedure runs on it (the plan request's
/// `Field::check`), so a value the procedure would refuse is refused under its field as it is
/// typed, and the commands name the field to fill in. Before, a Connect URL with a query, a
/// connector name with a space and any kubectl context passed the page's own looser checks.
#[test]
fn a_value_the_procedure_refuses_is_refused_under_its_field() {
    use offsets_core::editor::Field;
    use offsets_core::names;
    let mut editor = loaded(
        r#"{"offsets":[{"partition":{"kafka_topic":"t","kafka_partition":0},"offset":{"kafka_offset":5}}]}"#
            .to_string(),
    );
    assert_eq!(editor.settings().target, TargetKind::Rest);
    editor.apply(EditorAction::Edit(EditAction::Session(Action::SetOffset {
        row: 0,
        offset: 7,
    })));
    let set = |editor: &mut offsets_core::editor::Editor, field: Field, value: &str| {
        editor.apply(EditorAction::Settings(SettingsAction::SetField(
            field,
            value.to_string(),
        )));
        editor.field_error(field)
    };
    for (field, value, refusal) in [
        (
            Field::RestUrl,
            "http://connect:8083?x=1",
            names::check_connect_url("http://connect:8083?x=1"),
        ),
        (
            Field::Connector,
            "my connector",
            names::check_rest_connector_name("my connector"),
        ),
    ] {
        assert_eq!(
            set(&mut editor, field, value),
            refusal.err().map(String::from),
            "{value}"
        );
        let procedure = editor.exports().unwrap().procedure.unwrap_err();
        assert!(
            procedure.iter().any(|d| d
                .message
                .starts_with(&format!("Fill in {}: ", field.label(TargetKind::Rest)))),
            "{procedure:?}"
        );
    }
    // A URL with a trailing slash is one the procedure takes.
    assert_eq!(
        set(&mut editor, Field::RestUrl, "http://connect:8083/"),
        None
    );
    assert_eq!(set(&mut editor, Field::Connector, "my-connector"), None);
    assert!(editor.exports().unwrap().procedure.is_ok());

    // The kubectl context is optional, and checked once typed.
    editor.apply(EditorAction::Settings(SettingsAction::SetTarget(
        TargetKind::KafkaConnector,
    )));
    assert_eq!(set(&mut editor, Field::Context, ""), None);
    assert_eq!(
        set(&mut editor, Field::Context, "-x"),
        names::check_kubectl_context("-x").err().map(String::from)
    );
    assert!(
        editor
            .settings_problems()
            .iter()
            .any(|d| d.rule == "PLAN" && d.message.contains("'-x' is not a usable kubectl context")),
        "{:?}",
        editor.settings_problems()
    );
    assert_eq!(set(&mut editor, Field::Context, "admin@kind"), None);
}
