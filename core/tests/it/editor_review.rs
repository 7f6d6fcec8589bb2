//! The page's words the new-user review (issue 31) found wrong, through the editor's reducer.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use offsets_core::editor::ImportAction;
use offsets_core::editor::{Editor, EditorAction, NewConnectorField};

fn set(e: &mut Editor, field: NewConnectorField, value: &str) {
    e.apply(EditorAction::Import(ImportAction::SetNewConnector(
        field,
        value.to_string(),
    )));
}

/// Item 12: a listing "Start a new connector" made was never listed; the header said "unknown:
/// a REST payload does not record when it was taken".
#[test]
fn a_new_connector_is_not_called_a_rest_payload_listed_at_an_unknown_time() {
    let mut e = Editor::new();
    set(&mut e, NewConnectorField::Kind, "mirror-source");
    set(&mut e, NewConnectorField::SourceAlias, "east");
    set(&mut e, NewConnectorField::Role, "earliest");
    set(&mut e, NewConnectorField::Text, "orders:0:5\norders:1:0\n");
    e.apply(EditorAction::Import(ImportAction::StartNewConnector {
        now_ms: 1_796_040_000_000,
    }));
    assert!(e.session().is_some(), "{:?}", e.new_connector_form().error);
    let listed = e.header().unwrap().listed;
    assert!(
        listed.starts_with("not listed: made by Start a new connector"),
        "{listed}"
    );
    assert!(!listed.contains("REST payload"), "{listed}");
}

/// Item 12: the MirrorMaker 2 CSV suggested `kafka-consumer-groups.sh --reset-offsets
/// --from-file`, which cannot apply to a MirrorSourceConnector (its offsets live in Connect).
#[test]
fn the_mirror_csv_does_not_offer_the_consumer_group_tool_as_a_way_to_apply_it() {
    use offsets_core::ConnectorKind;
    use offsets_core::export::csv_positions;
    let mirror = csv_positions(ConnectorKind::MirrorSource).unwrap();
    assert!(!mirror.contains("--from-file"), "{mirror}");
    assert!(mirror.contains("cannot apply this file"), "{mirror}");
    let sink = csv_positions(ConnectorKind::Sink).unwrap();
    assert!(sink.contains("--reset-offsets --from-file"), "{sink}");
}
