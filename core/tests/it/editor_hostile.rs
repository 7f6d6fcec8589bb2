//! The hostile-input corpus (`tests/hostile/`, written by `tests/hostile/make-corpus.py`) through
//! the web entry point: `offsets_core::editor::Editor`, the state machine the page runs, fed the
//! way the page feeds it (a file's bytes decoded as the browser decodes them, with invalid UTF-8
//! turned into U+FFFD, see `web/src/io.rs` `read_text`), then read the way the page reads it
//! (the import errors with their quoted line and caret, header, table view, every row, problems,
//! export panel, drafts). `cli/tests/hostile.rs` runs the same corpus through the CLI.
//!
//! For every input: nothing panics; either the Load fails, every error has a real position
//! inside the text and a message, and the text stays in the text area; or it loads and every
//! part of the page can be computed, a few edits (null, shift, undo, redo, a field edit) behave,
//! no generated command holds a hostile name outside a quoted heredoc, and the three draft
//! records restore an editor with the same working listing. Generated inputs add what the
//! committed corpus lacks: 100k-deep nesting, one over the 64 MiB limit, a 1 MB topic name.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use offsets_core::Severity;
use offsets_core::edit::{Action, MapSide, Selection};
use offsets_core::editor::{EditAction, ImportAction, SettingsAction};
use offsets_core::editor::{
    Editor, EditorAction, Field, TargetKind, ViewItem, caret_line, problems_heading, source_line,
    summary_sentence,
};
use offsets_core::import::MAX_INPUT_BYTES;
use std::path::Path;

use offsets_test_support::script_safety;
use script_safety::assert_script_safe;

/// Every committed corpus file as (name, bytes), sorted by name.
fn corpus() -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/hostile");
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            matches!(
                p.extension().and_then(|e| e.to_str()),
                Some("json" | "yaml")
            )
        })
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read(&p).unwrap(),
            )
        })
        .collect();
    files.sort();
    assert!(files.len() >= 40, "the corpus is missing: {dir:?}");
    files
}

/// The text of a file as a browser decodes it (`Blob.text()` and the text area replace every
/// invalid sequence with U+FFFD, exactly as `from_utf8_lossy` does): what a paste of the file
/// carries, and what the text area shows after "Open file".
fn browser_text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Length and FNV-1a hash of a text: compares the text area with what was pasted without
/// keeping a second copy of a large input.
fn fingerprint(text: &str) -> (usize, u64) {
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    (text.len(), hash)
}

/// Opens a file as the page's "Open file" and drop do: the bytes go to the editor, which checks
/// UTF-8 itself. Checks what `load` checks; the text area shows the file (U+FFFD where bytes
/// were invalid).
fn load_file(name: &str, bytes: &[u8]) -> (Editor, Outcome) {
    let mut editor = Editor::new();
    editor.apply(EditorAction::Import(ImportAction::LoadFile(bytes.to_vec())));
    assert_eq!(
        fingerprint(editor.input()),
        fingerprint(&browser_text(bytes)),
        "{name}: the text area does not show the file"
    );
    checked(name, editor)
}

/// How the load ended, after the checks of a refused or a loaded editor.
fn checked(name: &str, editor: Editor) -> (Editor, Outcome) {
    let outcome = if editor.session().is_some() {
        Outcome::Loaded
    } else {
        Outcome::Refused
    };
    match outcome {
        Outcome::Refused => check_refused(name, &editor),
        Outcome::Loaded => check_loaded(name, &editor),
    }
    (editor, outcome)
}

/// How a Load ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Refused,
    Loaded,
}

/// Pastes `text` and presses Load, as the page does, then checks everything the page computes.
/// Returns the editor for more checks.
fn load(name: &str, text: String) -> (Editor, Outcome) {
    let kept = fingerprint(&text);
    let mut editor = Editor::new();
    editor.apply(EditorAction::Import(ImportAction::SetInput(text)));
    editor.apply(EditorAction::Import(ImportAction::Load));
    // The text area keeps the text, loaded or not.
    assert_eq!(
        fingerprint(editor.input()),
        kept,
        "{name}: the text changed"
    );
    checked(name, editor)
}

/// A refused Load: located errors whose quoted line exists, the text kept, an error notice.
fn check_refused(name: &str, editor: &Editor) {
    let errors = editor.load_errors();
    assert!(!errors.is_empty(), "{name}: not loaded and no error");
    for d in errors {
        assert!(
            d.position.line >= 1 && d.position.column >= 1,
            "{name}: load error without a position: {d}"
        );
        assert!(
            !d.message.trim().is_empty() && !d.rule.is_empty(),
            "{name}: empty load error: {d:?}"
        );
        assert_eq!(d.severity, Severity::Error, "{name}: {d}");
        // The import panel quotes the line with a caret under the column.
        let line = source_line(editor.input(), d.position.line).unwrap_or_else(|| {
            panic!(
                "{name}: error at line {} of a {}-line text: {d}",
                d.position.line,
                editor.input().split('\n').count()
            )
        });
        let caret = caret_line(line, d.position.column);
        assert!(caret.ends_with('^'), "{name}: caret line {caret:?}");
        assert!(
            d.position.column as usize <= line.chars().count() + 1,
            "{name}: column {} past the end of line {:?}",
            d.position.column,
            line.chars().take(200).collect::<String>()
        );
    }
    let notice = editor.notice().expect("a notice");
    assert_eq!(notice.severity, Severity::Error, "{name}: {notice:?}");
    assert!(notice.text.starts_with("Not loaded"), "{name}: {notice:?}");
    assert!(editor.header().is_none());
    assert_eq!(editor.view().items.len(), 0);
    assert!(editor.exports().is_none());
    // The Problems panel of an empty editor shows the load errors.
    assert_eq!(editor.problems(), errors.to_vec(), "{name}");
}

/// A successful Load: header, table view, every row, problems and the export panel.
fn check_loaded(name: &str, editor: &Editor) {
    assert!(editor.load_errors().is_empty(), "{name}");
    let session = editor.session().unwrap();
    let header = editor
        .header()
        .unwrap_or_else(|| panic!("{name}: no header"));
    assert!(!header.kind.is_empty() && !header.form.is_empty(), "{name}");
    assert_eq!(header.entries, session.len(), "{name}: header entries");
    let notice = editor.notice().expect("a notice");
    assert_eq!(notice.severity, Severity::Info, "{name}: {notice:?}");
    assert!(notice.text.starts_with("Loaded "), "{name}: {notice:?}");
    check_view_and_rows(name, editor);
    check_problems(name, editor);
    check_exports(name, editor);
}

fn check_view_and_rows(name: &str, editor: &Editor) {
    let session = editor.session().unwrap();
    let live = session.rows().filter(|r| !r.removed).count();
    let view = editor.view();
    assert_eq!(view.total, live, "{name}: view total");
    assert_eq!(view.matched, live, "{name}: no filter, every row matches");
    let mut shown: Vec<usize> = view
        .items
        .iter()
        .filter_map(|i| match i {
            ViewItem::Row(r) => Some(*r),
            ViewItem::Group { .. } => None,
        })
        .collect();
    shown.sort_unstable();
    let expected: Vec<usize> = session
        .rows()
        .filter(|r| !r.removed)
        .map(|r| r.index)
        .collect();
    assert_eq!(shown, expected, "{name}: the view shows each live row once");
    for i in 0..session.len() {
        let d = editor
            .row_display(i)
            .unwrap_or_else(|| panic!("{name}: no display for row {i}"));
        assert_eq!(d.index, i);
        assert!(d.label.starts_with("Offset of "), "{name}: {}", d.label);
        assert!(d.null_label.starts_with("Null offset of "), "{name}");
        if let Some(topic) = &d.topic {
            assert!(
                d.label.contains(topic.as_str()),
                "{name}: label names the topic"
            );
        }
        // "Resumes at" is a record number an offset can have (0 ..= 2^63), or a word.
        if let Some(r) = &d.resumes_at
            && r != "auto.offset.reset"
            && r != "?"
        {
            let n: u128 = r
                .replace(',', "")
                .parse()
                .unwrap_or_else(|_| panic!("{name}: row {i} resumes at {r:?}"));
            assert!(n <= 1 << 63, "{name}: row {i} resumes at record {r}");
        }
        for cell in d.partition_fields.iter().chain(&d.offset_fields) {
            assert!(!cell.label.is_empty(), "{name}: field cell without a label");
        }
    }
    assert!(editor.row_display(session.len()).is_none());
}

fn check_problems(name: &str, editor: &Editor) {
    let session = editor.session().unwrap();
    let problems = editor.problems();
    for d in &problems {
        assert!(
            !d.rule.is_empty(),
            "{name}: problem without a rule id: {d:?}"
        );
        assert!(!d.message.trim().is_empty(), "{name}: empty message: {d:?}");
        // A position inside the text, or 0:0 for the document as a whole.
        let p = d.position;
        assert!(
            (p.line == 0 && p.column == 0) || (p.line >= 1 && p.column >= 1),
            "{name}: half a position: {d}"
        );
        if p.line >= 1 {
            assert!(
                source_line(editor.input(), p.line).is_some(),
                "{name}: problem past the end of the text: {d}"
            );
        }
        // Choosing a problem jumps to its row.
        if let Some(row) = d.entry {
            assert!(row < session.len(), "{name}: problem on row {row}: {d}");
        }
    }
    assert!(!problems_heading(&problems).is_empty());
}

/// The export panel: every export computed; none while errors block it; a generated procedure
/// never holds a hostile name outside a quoted heredoc.
fn check_exports(name: &str, editor: &Editor) {
    let problems = editor.problems();
    let blockers = editor.export_blockers_from(&problems);
    assert_eq!(blockers, editor.export_blockers(), "{name}");
    for d in &blockers {
        assert!(d.is_error() && !d.message.is_empty(), "{name}: {d:?}");
    }
    let exports = editor
        .exports_from(&problems)
        .unwrap_or_else(|| panic!("{name}: no exports after a load"));
    let all = editor.session().unwrap().scope() == offsets_core::ExportScope::All;
    assert!(!summary_sentence(&exports, all).is_empty());
    // Each view is stopped by the payload's errors and the settings it uses (issue 12): the
    // ConfigMap YAML by its name, namespace and data key, PATCH JSON and CSV by nothing else.
    let by_view = editor.export_blockers_by_view_from(&problems);
    let configmap_blockers = by_view.payload.len() + by_view.configmap.len();
    let texts = [
        ("ConfigMap", &exports.configmap, configmap_blockers),
        ("PATCH JSON", &exports.patch_json, by_view.payload.len()),
        ("CSV", &exports.csv, by_view.payload.len()),
    ];
    for (what, t, view_blockers) in texts {
        match t {
            // An export the page offers while nothing blocks it may still be refused on its own
            // (a data key the alter cannot use, CSV of a connector-defined format), with an error
            // saying why; never silently.
            Err(diags) => assert!(
                diags.iter().any(|d| d.is_error() && !d.message.is_empty()),
                "{name}: {what} refused without an error: {:?}",
                diags.iter().map(ToString::to_string).collect::<Vec<_>>()
            ),
            Ok(_) => assert!(
                view_blockers == 0,
                "{name}: {what} exported despite {by_view:?}"
            ),
        }
    }
    if !blockers.is_empty() {
        assert!(
            exports.procedure.is_err(),
            "{name}: procedure despite errors"
        );
    }
    if let Ok(procedure) = &exports.procedure {
        assert_script_safe(name, &procedure.render_script());
        assert_script_safe(name, &procedure.render_steps());
    }
    if let Some(Ok(procedure)) = &exports.auto_offset_reset {
        assert_script_safe(name, &procedure.render_script());
        assert_script_safe(name, &procedure.render_steps());
    }
    // The rollback view: gated like the alter, its steps as safe.
    let rb = editor
        .rollback_exports_from(&problems)
        .unwrap_or_else(|| panic!("{name}: no rollback after a load"));
    if !by_view.payload.is_empty() {
        assert!(rb.document.is_err() && rb.procedure.is_err(), "{name}");
    }
    if let Ok(procedure) = &rb.procedure {
        assert_script_safe(name, &procedure.render_script());
        assert_script_safe(name, &procedure.render_steps());
    }
}

/// The working listing, or `None` before a load.
fn working(editor: &Editor) -> Option<offsets_core::Listing> {
    editor.session().map(|s| s.working_listing())
}

/// Asserts two working listings are equal, printing at most 2,000 characters of each (a 1 MB
/// topic would flood the output).
fn assert_same(
    name: &str,
    what: &str,
    a: &Option<offsets_core::Listing>,
    b: &Option<offsets_core::Listing>,
) {
    if a != b {
        let short = |l: &Option<offsets_core::Listing>| {
            format!("{l:?}").chars().take(2000).collect::<String>()
        };
        panic!(
            "{name}: {what}:\n  left: {}\n right: {}",
            short(a),
            short(b)
        );
    }
}

fn undo_depth(editor: &Editor) -> usize {
    editor.session().map_or(0, |s| s.undo_depth())
}

/// Applies `action`; a refused one (error notice) must change nothing, not even the history.
/// Returns whether it was accepted.
fn edit(name: &str, editor: &mut Editor, action: Action) -> bool {
    let before = working(editor);
    let depth = undo_depth(editor);
    let what = format!("{action:?}");
    editor.apply(EditorAction::Edit(EditAction::Session(action)));
    let notice = editor.notice().expect("an edit always sets a notice");
    if notice.severity == Severity::Error {
        assert_same(
            name,
            &format!("refused {what:.200} changed the data"),
            &working(editor),
            &before,
        );
        assert_eq!(
            undo_depth(editor),
            depth,
            "{name}: refused {what:.200} recorded history"
        );
        false
    } else {
        true
    }
}

/// Applies an edit and, when it recorded an undo step, remembers the state it produced.
fn step(
    name: &str,
    editor: &mut Editor,
    action: Action,
    states: &mut Vec<Option<offsets_core::Listing>>,
) {
    let depth = undo_depth(editor);
    if edit(name, editor, action) && undo_depth(editor) > depth {
        states.push(working(editor));
    }
}

/// Null the first row, shift every row by -1, undo, redo (and a field edit on connector-defined
/// rows), checking the page's reads after each; then the exports with the required export
/// settings filled in (hostile names from the file stay where the file put them).
fn edit_and_check(name: &str, editor: &mut Editor) {
    let mut states = vec![working(editor)];
    if !editor.session().unwrap().is_empty() {
        step(name, editor, Action::SetNull { row: 0 }, &mut states);
        let first = editor.row_display(0).unwrap();
        if let Some(cell) = first
            .offset_fields
            .first()
            .or(first.partition_fields.first())
        {
            let text = "<script>window.__pwned=1</script>";
            if let Ok(Some(action)) = editor.field_edit(0, cell.side, &cell.key, text) {
                step(name, editor, action, &mut states);
            }
        }
    }
    let shift = Action::ShiftOffsets {
        selection: Selection::All,
        delta: -1,
    };
    step(name, editor, shift, &mut states);
    check_view_and_rows(name, editor);
    check_problems(name, editor);
    let last = states.len() - 1;
    assert_eq!(undo_depth(editor), last, "{name}: one undo step per change");
    // With no edit to undo, Undo would take the load itself back (to the empty page).
    if last > 0 {
        assert!(
            edit(name, editor, Action::Undo),
            "{name}: undo after {last} edits"
        );
        assert_same(name, "undo", &working(editor), &states[last - 1]);
        check_view_and_rows(name, editor);
        assert!(edit(name, editor, Action::Redo), "{name}: redo refused");
    }
    assert_same(name, "redo", &working(editor), &states[last]);
    check_view_and_rows(name, editor);
    check_problems(name, editor);
    check_exports(name, editor);

    // Fill in what the export panel still requires, with plain names.
    let target = editor.settings().target;
    for (field, value) in [
        (Field::Resource, "my-resource"),
        (
            Field::Connector,
            if target == TargetKind::KafkaMirrorMaker2 {
                "east->west.MirrorSourceConnector"
            } else {
                "my-connector"
            },
        ),
        (Field::Namespace, "kafka"),
        (Field::ListConfigMap, "offsets-list"),
        (Field::AlterConfigMap, "offsets-alter"),
    ] {
        if editor.settings().get(field).is_empty() {
            editor.apply(EditorAction::Settings(SettingsAction::SetField(
                field,
                value.to_string(),
            )));
        }
    }
    check_exports(name, editor);
}

/// The three draft records restore an editor showing the same thing.
fn check_drafts(name: &str, editor: &Editor) {
    let source = editor.source_record();
    let draft = editor.draft_record();
    let prefs = editor.prefs_record();
    let restored = Editor::restore_with_prefs(&source, Some(&draft), Some(&prefs))
        .unwrap_or_else(|e| panic!("{name}: draft not restored: {e}"));
    assert_eq!(restored.input(), editor.input(), "{name}: restored text");
    assert_same(
        name,
        "restored working listing",
        &working(&restored),
        &working(editor),
    );
    assert_eq!(restored.settings(), editor.settings(), "{name}: settings");
    assert_eq!(restored.filter_text(), editor.filter_text(), "{name}");
    if editor.session().is_some() {
        assert_eq!(restored.problems(), editor.problems(), "{name}: problems");
        assert_eq!(restored.view(), editor.view(), "{name}: view");
        check_view_and_rows(name, &restored);
    } else {
        assert!(restored.session().is_none(), "{name}");
    }
}

/// Everything, for one input.
fn exercise(name: &str, text: String) -> (Editor, Outcome) {
    let (mut editor, outcome) = load(name, text);
    check_drafts(name, &editor);
    match outcome {
        Outcome::Refused => {
            // Edits without a session are refused with a notice and change nothing.
            assert!(!edit(name, &mut editor, Action::Undo));
            assert!(!edit(name, &mut editor, Action::SetNull { row: 0 }));
            assert!(editor.session().is_none());
        }
        Outcome::Loaded => {
            edit_and_check(name, &mut editor);
            check_drafts(name, &editor);
        }
    }
    (editor, outcome)
}

/// What the page must do with a committed corpus file: refuse it with an error of one of these
/// rules, or load it and report one of these rules at a real position.
fn expected(name: &str) -> (Outcome, &'static [&'static str]) {
    let stem = name.rsplit_once('.').map_or(name, |(s, _)| s);
    match stem {
        s if s.starts_with("alias-bomb") => (Outcome::Refused, &["YAML"]),
        s if s.starts_with("nul-byte") => (Outcome::Refused, &["INPUT"]),
        "duplicate-keys" if name.ends_with(".yaml") => (Outcome::Refused, &["IMP1", "YAML"]),
        "duplicate-keys" => (Outcome::Loaded, &["DUPKEY", "S1"]),
        "duplicate-partitions" => (Outcome::Loaded, &["S7"]),
        // Pasted, the bytes are U+FFFD characters: an invalid topic name. (Opened as a file,
        // they are refused: see `check_corpus_file`.)
        "invalid-utf8" if name.ends_with(".json") => (Outcome::Loaded, &["MS6"]),
        "number-sink-string12" => (Outcome::Loaded, &["SK6"]),
        s if s.starts_with("number-sink-") => (Outcome::Loaded, &["S8", "SK3", "SK5"]),
        s if s.starts_with("number-offset-") => (Outcome::Loaded, &["S8", "MS8"]),
        s if s.starts_with("number-partition-") => (Outcome::Loaded, &["S8", "MS3"]),
        s if s.ends_with("-topic") || s.ends_with("-rest") => (Outcome::Loaded, &["MS6"]),
        s if s.ends_with("-cluster") => (Outcome::Loaded, &["MS5"]),
        // ConfigMap name, namespace, data key, MirrorMaker 2 alias, invalid UTF-8 in the
        // ConfigMap name: loaded, and the export is blocked (see below).
        _ => (Outcome::Loaded, &[]),
    }
}

#[test]
fn every_corpus_file_through_the_editor() {
    // Each file in its own `catch_unwind`, so that one failure does not hide the others.
    let mut failed = Vec::new();
    for (name, bytes) in corpus() {
        let run = std::panic::catch_unwind(|| check_corpus_file(&name, &bytes));
        if let Err(e) = run {
            let message = e
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            failed.push(format!(
                "{name}: {}",
                message.chars().take(300).collect::<String>()
            ));
        }
    }
    assert!(
        failed.is_empty(),
        "{} file(s) failed:\n{}",
        failed.len(),
        failed.join("\n")
    );
}

fn check_corpus_file(name: &str, bytes: &[u8]) {
    // Opened as a file: invalid UTF-8 is refused at the first bad byte, as the CLI does; every
    // other file ends as when pasted.
    let (file, file_outcome) = load_file(name, bytes);
    if std::str::from_utf8(bytes).is_err() {
        assert_eq!(file_outcome, Outcome::Refused, "{name}: opened as a file");
        let first = &file.load_errors()[0];
        assert_eq!(first.rule, "INPUT", "{name}: {first}");
        assert!(first.message.contains("not valid UTF-8"), "{name}: {first}");
    } else {
        assert_eq!(file_outcome, expected(name).0, "{name}: opened as a file");
    }
    // Pasted (text only: a paste of mojibake carries U+FFFD as characters).
    let (editor, outcome) = exercise(name, browser_text(bytes));
    let (want, rules) = expected(name);
    assert_eq!(outcome, want, "{name}: {:?}", editor.load_errors());
    if !rules.is_empty() {
        let found = match outcome {
            Outcome::Refused => editor.load_errors().to_vec(),
            Outcome::Loaded => load(name, browser_text(bytes)).0.problems(),
        };
        assert!(
            found.iter().any(|d| d.position.line >= 1
                && d.severity <= Severity::Warning
                && rules.contains(&d.rule)),
            "{name}: no located {rules:?} in {found:?}"
        );
    }
}

#[test]
fn hostile_wrapper_names_block_the_export_in_the_page() {
    // The page fills the export settings from the ConfigMap it loaded: a hostile ConfigMap name
    // or namespace must block the export (K1, K2), never reach a command.
    for tag in ["html", "shell", "newline"] {
        for (field, rule) in [("configmap", "K1"), ("namespace", "K2")] {
            let name = format!("name-{tag}-{field}.yaml");
            let bytes = corpus().into_iter().find(|(n, _)| *n == name).unwrap().1;
            let (mut editor, outcome) = load(&name, browser_text(&bytes));
            assert_eq!(outcome, Outcome::Loaded, "{name}");
            assert!(edit(&name, &mut editor, Action::SetNull { row: 0 }));
            let blockers = editor.export_blockers();
            assert!(
                blockers.iter().any(|d| d.rule == rule),
                "{name}: no {rule} in {blockers:?}"
            );
            let exports = editor.exports().unwrap();
            assert!(exports.configmap.is_err() && exports.procedure.is_err());
        }
    }
}

/// `[[[[…]]]]` 100,000 deep and its relatives (in the offsets, in YAML, in a ConfigMap value):
/// a located error, not a stack overflow.
#[test]
fn deep_nesting_of_100k_levels_is_a_located_error() {
    const DEPTH: usize = 100_000;
    let cases: Vec<(&str, String)> = vec![
        ("deep-array", ["[".repeat(DEPTH), "]".repeat(DEPTH)].concat()),
        ("deep-array-unclosed", "[".repeat(DEPTH)),
        (
            "deep-object",
            ["{\"a\":".repeat(DEPTH), "1".into(), "}".repeat(DEPTH)].concat(),
        ),
        (
            "deep-offset",
            [
                "{\"offsets\":[{\"partition\":{\"cluster\":\"east\",\"topic\":\"t\",\"partition\":0},\"offset\":".into(),
                "[".repeat(DEPTH),
                "]".repeat(DEPTH),
                "}]}".into(),
            ]
            .concat(),
        ),
        (
            "deep-flow-yaml",
            ["a: ".into(), "[".repeat(DEPTH), "]".repeat(DEPTH)].concat(),
        ),
        (
            "deep-block-yaml",
            ["a:\n  ".into(), "- ".repeat(DEPTH), "x\n".into()].concat(),
        ),
        (
            "deep-data-value",
            [
                "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: m\ndata:\n  offsets.json: '".into(),
                "[".repeat(DEPTH),
                "]".repeat(DEPTH),
                "'\n".into(),
            ]
            .concat(),
        ),
    ];
    for (name, text) in cases {
        let (_, outcome) = exercise(name, text);
        assert_eq!(outcome, Outcome::Refused, "{name}: accepted");
    }
}

/// An input over the 64 MiB limit is refused at 1:1 before parsing, and the text stays in the
/// text area. The test holds one copy of the text (moved into the editor).
#[test]
fn an_input_over_64_mib_is_a_located_error() {
    const SIZE: usize = 65 * 1024 * 1024;
    const { assert!(SIZE > MAX_INPUT_BYTES) };
    const ENTRY: &str = "{\"partition\":{\"cluster\":\"east\",\"topic\":\"t\",\"partition\":0},\"offset\":{\"offset\":1}},";
    let head = "{\"offsets\":[";
    let mut text = String::with_capacity(SIZE + ENTRY.len() + 1);
    text.push_str(head);
    while text.len() < SIZE {
        text.push_str(ENTRY);
        text.push('\n');
    }
    let kept = fingerprint(&text);
    let mut editor = Editor::new();
    editor.apply(EditorAction::Import(ImportAction::SetInput(text)));
    editor.apply(EditorAction::Import(ImportAction::Load));
    assert_eq!(
        fingerprint(editor.input()),
        kept,
        "the text area keeps the text"
    );
    assert!(editor.session().is_none());
    let errors = editor.load_errors();
    assert_eq!(errors.len(), 1, "{errors:?}");
    let d = &errors[0];
    assert_eq!(
        (d.rule, d.position.line, d.position.column),
        ("INPUT", 1, 1)
    );
    assert!(d.message.contains("limit"), "{d}");
    // The page quotes line 1 under the error.
    assert_eq!(
        source_line(editor.input(), 1).map(str::len),
        Some(head.len() + ENTRY.len())
    );
    // A Load of the same text again: the same answer, and the loaded session stays empty.
    editor.apply(EditorAction::Import(ImportAction::Load));
    assert_eq!(editor.load_errors().len(), 1);
    assert!(editor.notice().unwrap().text.starts_with("Not loaded: 1:1"));
}

/// One entry whose topic name is 1 MB on one line: loaded, reported as an invalid topic (MS6),
/// and every part of the page copes with it.
#[test]
fn a_1_mb_topic_name_loads_and_is_reported() {
    let topic = "a".repeat(1024 * 1024);
    let text = format!(
        "{{\"offsets\":[{{\"partition\":{{\"cluster\":\"east\",\"topic\":\"{topic}\",\"partition\":0}},\"offset\":{{\"offset\":1}}}}]}}"
    );
    let (editor, outcome) = exercise("topic-1mb", text);
    assert_eq!(outcome, Outcome::Loaded);
    let d = editor.row_display(0).unwrap();
    assert_eq!(d.topic.as_deref().map(str::len), Some(topic.len()));
    let mut fresh = Editor::new();
    fresh.apply(EditorAction::Import(ImportAction::SetInput(
        editor.input().to_string(),
    )));
    fresh.apply(EditorAction::Import(ImportAction::Load));
    let problems = fresh.problems();
    assert!(
        problems
            .iter()
            .any(|d| d.rule == "MS6" && d.position.line == 1 && d.position.column >= 1),
        "{problems:?}"
    );
}

/// Connector-defined offsets (a generic source connector) with hostile keys and values: the
/// key/value cells take hostile text as plain values.
#[test]
fn hostile_keys_and_values_of_a_connector_defined_offset() {
    let bad = [
        "<script>alert(1)</script>",
        "x'; touch /tmp/PWNED; echo '",
        "a\nOFFSETS_EOF\ntouch /tmp/PWNED",
    ];
    for b in bad {
        let key = offsets_core::json::to_compact(&offsets_core::json::JsonValue::string(b));
        let text = format!(
            "{{\"offsets\":[{{\"partition\":{{{key}:{key},\"filename\":\"/data/in.txt\"}},\"offset\":{{{key}:5,\"position\":\"start\"}}}}]}}"
        );
        let (_, outcome) = exercise(b, text.clone());
        assert_eq!(outcome, Outcome::Loaded, "{b}");
        let (mut editor, _) = load(b, text);
        let d = editor.row_display(0).unwrap();
        assert!(
            d.partition_fields.iter().any(|c| c.key == b && c.text == b),
            "{b}: {:?}",
            d.partition_fields
        );
        let action = editor
            .field_edit(0, MapSide::Offset, "position", b)
            .unwrap()
            .unwrap_or_else(|| panic!("{b}: no change"));
        assert!(edit(b, &mut editor, action));
        let cell = editor
            .row_display(0)
            .unwrap()
            .offset_fields
            .into_iter()
            .find(|c| c.key == "position")
            .unwrap();
        assert!(cell.changed && cell.text == b, "{b}: {cell:?}");
        check_problems(b, &editor);
        check_exports(b, &editor);
        check_drafts(b, &editor);
    }
}

/// MirrorMaker 2 offsets below 0 (reported as MS8): the table still shows each row, and its
/// "resumes at" column is a record number, not a wrapped-around 128-bit value.
#[test]
fn negative_mirrormaker_offsets_display_in_the_table() {
    for offset in ["-1", "-2", "-9223372036854775808"] {
        let text = format!(
            "{{\"offsets\":[{{\"partition\":{{\"cluster\":\"east\",\"topic\":\"orders\",\"partition\":0}},\"offset\":{{\"offset\":{offset}}}}}]}}"
        );
        let name = format!("offset {offset}");
        let (_, outcome) = exercise(&name, text.clone());
        assert_eq!(outcome, Outcome::Loaded, "{name}");
        let (editor, _) = load(&name, text);
        assert_eq!(editor.row_display(0).unwrap().offset, offset, "{name}");
    }
}
