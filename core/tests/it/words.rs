//! Issue 14, items 4 and 8: exports that say what they cannot hold, and words that help. Each
//! test guards a trap a user hit (named after what it guards); texts are pinned in golden files
//! under `tests/golden/words/` (run with `UPDATE_GOLDEN=1` to rewrite them).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use offsets_core::edit::{Action, Selection};
use offsets_core::editor::{EditAction, ImportAction, SettingsAction};
use offsets_core::editor::{Editor, EditorAction, summary_sentence};
use offsets_core::{Diagnostic, ImportOptions, Position, Severity, export, import};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn fixture(name: &str) -> String {
    std::fs::read_to_string(root().join("tests/fixtures").join(name)).unwrap()
}

/// Compares `actual` with the golden file `tests/golden/words/NAME` (or rewrites it).
fn check(name: &str, actual: &str) {
    offsets_test_support::golden::check(&root().join("tests/golden/words").join(name), actual);
}

/// An export as its golden file shows it: the text, then every note.
fn render(result: Result<export::Export, Vec<Diagnostic>>) -> String {
    let (mut out, diags) = match result {
        Ok(e) => (e.text, e.diagnostics),
        Err(d) => ("REFUSED\n".to_string(), d),
    };
    for d in diags.iter().filter(|d| d.severity != Severity::Info) {
        let _ = writeln!(out, "# {} {d}", d.severity);
    }
    out
}

fn loaded_text(text: &str) -> Editor {
    let mut editor = Editor::new();
    editor.apply(EditorAction::Import(ImportAction::SetInput(
        text.to_string(),
    )));
    editor.apply(EditorAction::Import(ImportAction::Load));
    assert!(
        editor.load_errors().is_empty(),
        "{:?}",
        editor.load_errors()
    );
    editor
}

/// A MirrorSourceConnector REST payload of `n` partitions of `orders`, each at `offset`.
fn mm2_payload(n: usize, offset: i64) -> String {
    let entries: Vec<String> = (0..n)
        .map(|p| {
            format!(
                "{{\"partition\":{{\"cluster\":\"east\",\"partition\":{p},\"topic\":\"orders\"}},\"offset\":{{\"offset\":{offset}}}}}"
            )
        })
        .collect();
    format!("{{\"offsets\":[{}]}}", entries.join(","))
}

fn import_errors(text: &str) -> Vec<Diagnostic> {
    import(text, &ImportOptions::default()).unwrap_err()
}

#[test]
fn a_csv_export_leaves_null_rows_out_and_says_so_instead_of_writing_0() {
    for (fixture_name, golden) in [
        ("kafkamirrormaker2-source.list.yaml", "csv-null-mm2.csv"),
        ("kafkaconnector-sink.list.json", "csv-null-sink.csv"),
    ] {
        let editor = {
            let mut e = loaded_text(&fixture(fixture_name));
            e.apply(EditorAction::Edit(EditAction::Session(Action::SetNull {
                row: 1,
            })));
            e
        };
        let session = editor.session().unwrap();
        let result = export::csv(&session.export_listing(), Some(session.imported()));
        let text = &result.as_ref().unwrap().text;
        assert!(
            !text.contains(",0\n"),
            "{fixture_name}: a null written as 0: {text}"
        );
        let note = result
            .as_ref()
            .unwrap()
            .diagnostics
            .iter()
            .find(|d| d.rule == "CSV")
            .expect("a note about the rows left out");
        assert!(
            note.message.contains("1 row is left out"),
            "{}",
            note.message
        );
        check(golden, &render(result));
    }
}

#[test]
fn a_yaml_syntax_error_is_named_in_plain_words_and_never_claims_the_input_is_not_a_configmap() {
    let errors = import_errors(
        &std::fs::read_to_string(root().join("tests/golden/err/yaml-syntax.yaml")).unwrap(),
    );
    assert_eq!(errors.len(), 1);
    assert!(
        !errors[0].message.contains("not a ConfigMap"),
        "{}",
        errors[0].message
    );
    assert!(
        errors[0].message.starts_with("The YAML could not be read"),
        "{}",
        errors[0].message
    );
}

const DEDENT: &str = "apiVersion: v1
kind: ConfigMap
metadata:
  name: my-mm2-offsets
data:
  offsets.json: |-
    {
      \"offsets\" : [ {
        \"partition\" : {
  \"cluster\" : \"east\",
          \"partition\" : 0,
          \"topic\" : \"orders\"
        },
        \"offset\" : {
          \"offset\" : 41
        }
      } ]
    }
";

#[test]
fn a_dedent_inside_the_block_is_reported_at_its_line_with_the_block_hint() {
    let errors = import_errors(DEDENT);
    let first = &errors[0];
    assert_eq!(first.position.line, 10, "{first}");
    assert!(
        first.message.contains(
            "line 10 is indented less than the `|-` block it belongs to: indent every line of the offsets JSON by the same amount"
        ),
        "{first}"
    );
    assert!(!first.message.contains("end of the input"), "{first}");
}

#[test]
fn nothing_changed_is_a_state_not_an_error_and_problems_and_export_count_the_same() {
    let editor = loaded_text(&fixture("kafkamirrormaker2-source.list.yaml"));
    let problems = editor.problems();
    let errors = problems.iter().filter(|d| d.is_error()).count();
    let blockers = editor.export_blockers();
    assert_eq!(
        errors,
        blockers.len(),
        "Problems count {errors} errors, Export {blockers:?}"
    );
    assert!(
        blockers
            .iter()
            .all(|d| d.position != Position::NONE || d.rule != "S2"),
        "{blockers:?}"
    );
}

#[test]
fn the_header_names_the_source_in_words_not_an_internal_id() {
    let editor = loaded_text(&fixture("kafkamirrormaker2-source.list.yaml"));
    assert_eq!(editor.header().unwrap().form, "ConfigMap (YAML)");
    let editor = loaded_text(&mm2_payload(1, 1));
    assert_eq!(editor.header().unwrap().form, "Kafka Connect REST payload");
}

#[test]
fn counts_are_grouped_and_offsets_are_plain_everywhere() {
    let mut editor = loaded_text(&mm2_payload(1_000, 999_999));
    assert_eq!(
        editor.row_display(0).unwrap().resumes_at.as_deref(),
        Some("1000000")
    );
    editor.apply(EditorAction::Edit(EditAction::Session(
        Action::ShiftOffsets {
            selection: Selection::All,
            delta: -1,
        },
    )));
    let exports = editor.exports().unwrap();
    let sentence = summary_sentence(&exports, false);
    assert!(
        sentence.starts_with("1,000 rewound (1,000 records processed again), 0 skipped"),
        "{sentence}"
    );
}

#[test]
fn a_settings_error_is_listed_in_problems_and_counted_once_by_both_panels() {
    use offsets_core::editor::{Field, problems_heading};
    let mut editor = loaded_text(&fixture("invalid-negative-partition.list.yaml"));
    editor.apply(EditorAction::Edit(EditAction::Session(Action::SetScope {
        scope: offsets_core::ExportScope::All,
    })));
    editor.apply(EditorAction::Settings(SettingsAction::SetField(
        Field::Resource,
        String::new(),
    )));
    let check = editor.check_from(&editor.problems());
    // MS3 stops every export; the empty resource name (K3) stops only the commands that need
    // it (issue 12). Problems lists both, and every blocker is one of them.
    let rules: Vec<&str> = check.blockers.iter().map(|d| d.rule).collect();
    assert_eq!(rules, ["MS3"], "{:?}", check.blockers);
    let all: Vec<&str> = editor.export_blockers().iter().map(|d| d.rule).collect();
    assert_eq!(all, ["MS3", "K3"]);
    for b in editor.export_blockers() {
        assert!(check.problems.contains(&b), "{b} is not listed in Problems");
    }
    assert!(problems_heading(&check.problems).starts_with("Problems: 2 errors, "));
    assert_eq!(check.waiting, None);
    // Nothing changed is a state of the export, with no position.
    let editor = loaded_text(&fixture("kafkamirrormaker2-source.list.yaml"));
    let check = editor.check_from(&editor.problems());
    assert!(check.blockers.is_empty(), "{:?}", check.blockers);
    assert_eq!(
        check.waiting.as_deref(),
        Some(
            "Make a change to export: no offset was changed yet. Edit offsets, or tick \"Export all entries\" to export the listing as it is."
        )
    );
    assert!(
        editor.exports().unwrap().configmap.is_err(),
        "still nothing is exported"
    );
}

#[test]
fn identical_warnings_on_many_rows_are_one_expandable_group() {
    use offsets_core::editor::{ProblemItem, group_problems};
    let mut editor = loaded_text(&mm2_payload(5_000, 100));
    editor.apply(EditorAction::Edit(EditAction::Session(
        Action::ShiftOffsets {
            selection: Selection::All,
            delta: -1,
        },
    )));
    let problems = editor.problems();
    let items = group_problems(&problems);
    let groups: Vec<(&str, usize)> = items
        .iter()
        .filter_map(|i| match i {
            ProblemItem::Group {
                summary, members, ..
            } => Some((summary.as_str(), members.len())),
            ProblemItem::One(_) => None,
        })
        .collect();
    assert_eq!(
        groups,
        [(
            "MS11 on 5,000 rows: records will be mirrored again (duplicates on the target).",
            5_000
        )]
    );
    // Every problem stays reachable: in a group or on its own, exactly once.
    let mut seen: Vec<usize> = items
        .iter()
        .flat_map(|i| match i {
            ProblemItem::One(i) => vec![*i],
            ProblemItem::Group { members, .. } => members.clone(),
        })
        .collect();
    seen.sort_unstable();
    assert_eq!(seen, (0..problems.len()).collect::<Vec<_>>());
    // Different shapes stay apart; a few problems of one shape are listed, not grouped.
    assert!(matches!(
        group_problems(&problems[..1])[..],
        [ProblemItem::One(0)]
    ));
    let few = offsets_core::editor::GROUP_FROM - 1;
    assert!(
        group_problems(&problems[..few])
            .iter()
            .all(|i| matches!(i, ProblemItem::One(_)))
    );
    assert!(matches!(
        group_problems(&problems[..few + 1])[..],
        [ProblemItem::Group { .. }]
    ));
}

const MANAGED: &str = "apiVersion: v1
kind: ConfigMap
metadata:
  creationTimestamp: \"2026-11-02T09:14:07Z\"
  managedFields:
  - apiVersion: v1
    fieldsType: FieldsV1
    fieldsV1:
      f:data:
        f:offsets.json: {}
    manager: strimzi-kafka-operator
    operation: Apply
    time: \"2026-11-30T12:00:00Z\"
  - apiVersion: v1
    manager: kubectl-edit
    operation: Update
    time: \"2026-12-01T08:00:00Z\"
  name: mirror-source-offsets
  namespace: kafka
data:
  offsets.json: |-
    {
      \"offsets\" : [ ]
    }
";

#[test]
fn the_header_shows_the_operators_listing_time_never_the_creation_timestamp() {
    use offsets_core::editor::epoch_ms;
    assert_eq!(epoch_ms("1970-01-01T00:00:00Z"), Some(0));
    assert_eq!(epoch_ms("2026-11-30T12:00:00Z"), Some(1_796_040_000_000));
    assert_eq!(epoch_ms("2000-02-29T23:59:59.5Z"), Some(951_868_799_000));
    assert_eq!(
        epoch_ms("2026-11-30T13:00:00+01:00"),
        Some(1_796_040_000_000)
    );
    assert_eq!(epoch_ms("yesterday"), None);
    let now = 1_796_040_000_000 + 3 * 3_600_000;
    let mut out = String::new();
    let with_fields = loaded_text(MANAGED);
    let without = loaded_text(&MANAGED.replace("  managedFields:", "  managedFieldsGone:"));
    let rest = loaded_text(&mm2_payload(1, 1));
    for (name, editor) in [
        ("managedFields", &with_fields),
        ("no managedFields", &without),
        ("REST", &rest),
    ] {
        let listed = editor.header_at(Some(now)).unwrap().listed;
        assert!(
            !listed.contains("2026-11-02"),
            "{name}: the creation timestamp shown: {listed}"
        );
        let _ = writeln!(out, "{name}: {listed}");
    }
    assert!(
        with_fields
            .header_at(Some(now))
            .unwrap()
            .listed
            .starts_with("2026-11-30 12:00:00 UTC, 3 hours ago")
    );
    assert!(
        with_fields
            .header()
            .unwrap()
            .listed
            .starts_with("2026-11-30 12:00:00 UTC (written by strimzi-kafka-operator")
    );
    check("listed.txt", &out);
}

#[test]
fn a_restored_draft_says_how_old_it_is() {
    let mut editor = loaded_text(&fixture("kafkamirrormaker2-source.list.yaml"));
    editor.apply(EditorAction::Edit(EditAction::Session(Action::SetOffset {
        row: 0,
        offset: 1,
    })));
    let saved = 1_796_040_000_000;
    let draft = editor.draft_record_at(saved);
    let restored = Editor::restore_at(
        &editor.source_record(),
        Some(&draft),
        None,
        saved + 3 * 3_600_000 + 59_000,
    )
    .unwrap();
    assert_eq!(
        restored.notice().unwrap().text,
        "Draft restored from 3 hours ago. Its listing may be older still: list the offsets again before you alter."
    );
    assert_eq!(
        restored.session().unwrap().working_listing(),
        editor.session().unwrap().working_listing()
    );
    // A record without the time (written before this version) restores as before.
    let restored = Editor::restore_at(
        &editor.source_record(),
        Some(&editor.draft_record()),
        None,
        saved,
    )
    .unwrap();
    assert_eq!(
        restored.notice().unwrap().text,
        "Draft restored from this browser's storage."
    );
}

#[test]
fn a_dedent_deeper_than_the_key_is_named_even_when_the_parser_stops_later() {
    let text = DEDENT.replace("\n  \"cluster\"", "\n   \"cluster\"");
    let errors = import_errors(&text);
    assert_eq!(errors[0].position.line, 10, "{}", errors[0]);
    assert!(
        errors[0]
            .message
            .contains("line 10 is indented less than the `|-` block"),
        "{}",
        errors[0]
    );
    // A block that ends where the next key starts is not a dedent: the real error is named.
    let errors = import_errors("kind: ConfigMap\ndata:\n  a: |-\n    {}\n  b: [x\n");
    assert!(
        !errors[0].message.contains("indented less"),
        "{}",
        errors[0]
    );
}
