//! Tree-backed and tape-backed entries give the same answers (issue 34): every golden input,
//! every fixture, every conformance body and generated listings are imported twice, once with
//! `Storage::Tree` and once with `Storage::Tape`, and the import's diagnostics, validation, a
//! run of edits through the `Session` (with undo and redo), the diff, the filter, and every
//! export (ConfigMap, PATCH, CSV, the edited document in its own form, the rollback, the REST
//! and kubectl procedures with their check files) are compared byte for byte.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use crate::procedure_support::{connector, rest};
use crate::raw_model::HOSTILE;
use offsets_core::edit::{Action, ExportScope, Selection, Session};
use offsets_core::export::{self, ConfigMapOptions};
use offsets_core::filter::{Filter, PartitionSet};
use offsets_core::import::{
    Storage, import_bytes, import_bytes_owned, import_owned, read, read_shared,
};
use offsets_core::{ImportOptions, diff, import, procedure, rollback, validate};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(read) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in read {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files_under(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// Everything the product derives from `text` with the entries held as `storage`, as one text;
/// the number of imported entries held on a tape.
fn everything(text: &str, storage: Storage) -> (String, usize) {
    let options = ImportOptions {
        storage,
        ..ImportOptions::default()
    };
    let imported = match import(text, &options) {
        Ok(imported) => imported,
        Err(diagnostics) => return (format!("REFUSED {diagnostics:?}"), 0),
    };
    let listing = &imported.listing;
    let on_tape = listing.entries.iter().filter(|e| e.is_on_tape()).count();
    let mut out = String::new();
    let _ = writeln!(out, "diagnostics {:?}", imported.diagnostics);
    let _ = writeln!(out, "validate {:?}", validate(listing, None));
    let _ = writeln!(out, "pretty {}", listing.to_pretty_json());
    let _ = writeln!(out, "compact {}", listing.to_compact_json());
    let _ = writeln!(out, "entries {:?}", listing.entries);
    let _ = writeln!(
        out,
        "keys {:?}",
        listing.entries.iter().map(|e| e.key()).collect::<Vec<_>>()
    );

    let mut session = Session::new(listing.clone());
    let filter = Filter::parse("partition=0").ok();
    let n = listing.entries.len();
    let mut actions = vec![
        Action::ShiftOffsets {
            selection: Selection::All,
            delta: -1,
        },
        Action::SetNull { row: 0 },
        Action::SetOffset {
            row: n.saturating_sub(1),
            offset: 7,
        },
        Action::RemoveEntries {
            selection: Selection::Rows(vec![n / 2]),
        },
        Action::KeepLastDuplicates,
        Action::Undo,
        Action::Undo,
        Action::Redo,
        Action::AddEntries {
            cluster: Some("east".into()),
            topic: "added".into(),
            partitions: PartitionSet::parse("0-1").unwrap(),
            offset: Some(3),
        },
    ];
    if let Some(filter) = filter {
        actions.push(Action::ShiftOffsets {
            selection: Selection::Filter(filter),
            delta: 5,
        });
    }
    for action in actions {
        let _ = writeln!(out, "{action:?} -> {:?}", session.apply(action.clone()));
    }
    let working = session.working_listing();
    let changed = session.export_listing();
    let _ = writeln!(out, "working {}", working.to_compact_json());
    let _ = writeln!(
        out,
        "working validate {:?}",
        validate(&working, Some(listing))
    );
    let _ = writeln!(out, "diff {:?}", diff::diff(listing, &working));
    let _ = writeln!(
        out,
        "alter {:?}",
        export::configmap_yaml(&changed, Some(listing), &ConfigMapOptions::default())
    );
    let _ = writeln!(
        out,
        "patch {:?}",
        export::patch_json(&changed, Some(listing), true)
    );
    let _ = writeln!(out, "csv {:?}", export::csv(&changed, Some(listing)));
    let _ = writeln!(out, "edited {:?}", export::rewrite_document(text, &working));
    let _ = writeln!(
        out,
        "session rewrite {:?}",
        export::rewrite_session(text, &session).map(|r| (r.text(), r.diagnostics, r.notes))
    );
    session
        .apply(Action::SetScope {
            scope: ExportScope::All,
        })
        .unwrap();
    let all = session.export_listing();
    let _ = writeln!(out, "all {}", all.to_pretty_json());

    let rb = rollback::rollback(listing, &changed);
    let _ = writeln!(out, "rollback {}", rb.payload.to_compact_json());
    let _ = writeln!(out, "rollback expected {}", rb.expected.to_compact_json());
    let mut options = rest("my-connector");
    rb.procedure_options(&mut options);
    let procedure = procedure::alter(&options, &rb.payload.to_compact_json());
    let _ = writeln!(
        out,
        "rollback rest {:?}",
        procedure.map(|p| p.render_script())
    );
    if let Ok(alter) = export::configmap_yaml(&changed, Some(listing), &ConfigMapOptions::default())
    {
        let mut options = connector(None);
        rb.procedure_options(&mut options);
        let procedure = procedure::alter(&options, &alter.text);
        let _ = writeln!(
            out,
            "rollback kubectl {:?}",
            procedure.map(|p| p.render_script())
        );
    }
    (out, on_tape)
}

fn check(name: &str, text: &str, failures: &mut Vec<String>) -> usize {
    // The import that takes its text by value reads exactly what the borrowing one reads.
    let options = ImportOptions::default();
    if import(text, &options) != import_owned(text.to_owned(), &options) {
        failures.push(format!("{name}: import_owned differs from import"));
    }
    // The import that shares its text with the caller (edit's) reads it the same way too.
    let shared = read_shared(Arc::new(text.to_owned()), &options);
    if read(text, &options) != shared {
        failures.push(format!("{name}: read_shared differs from read"));
    }
    let (tree, tree_on_tape) = everything(text, Storage::Tree);
    let (tape, on_tape) = everything(text, Storage::Tape);
    if tree_on_tape != 0 {
        failures.push(format!(
            "{name}: {tree_on_tape} entries on a tape with Storage::Tree"
        ));
    }
    if tree != tape {
        let line = tree
            .lines()
            .zip(tape.lines())
            .find(|(a, b)| a != b)
            .map(|(a, b)| format!("tree: {a}\ntape: {b}"))
            .unwrap_or_else(|| "(one is longer)".into());
        failures.push(format!("{name}: the storages disagree\n{line}"));
    }
    on_tape
}

/// A listing of `n` entries in the layout `pretty` chooses, with the shapes the rules look at:
/// duplicates, nulls, escapes, string partitions, fractions and numbers past 64 bits.
fn generated(seed: u64, n: usize, pretty: bool) -> String {
    let mut state = seed;
    let mut next = move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        state >> 33
    };
    let mut entries = Vec::new();
    for i in 0..n {
        let topic = match next() % 5 {
            0 => "t\\u00e9\\\"q".to_string(),
            1 => format!("orders.{}", i % 3),
            _ => format!("t{}", next() % 4),
        };
        let partition = match next() % 9 {
            0 => "\"1\"".to_string(),
            1 => "-1".to_string(),
            _ => (next() % 4).to_string(),
        };
        let offset = match next() % 10 {
            0 => "null".to_string(),
            1 => "{\"offset\":1.0}".to_string(),
            2 => "{\"offset\":9223372036854775808}".to_string(),
            3 => "{\"offset\":5,\"offset\":6}".to_string(),
            _ => format!("{{\"offset\":{}}}", next() % 1000),
        };
        entries.push(format!(
            "{{\"partition\":{{\"cluster\":\"east\",\"partition\":{partition},\"topic\":\"{topic}\"}},\"offset\":{offset}}}"
        ));
    }
    if pretty {
        format!(
            "{{\n  \"offsets\" : [ {} ]\n}}\n",
            entries.join(",\r\n    ")
        )
    } else {
        format!("{{\"offsets\":[{}]}}", entries.join(","))
    }
}

#[test]
fn tree_and_tape_entries_give_byte_identical_results() {
    let mut paths = Vec::new();
    files_under(&root().join("tests/golden"), &mut paths);
    files_under(&root().join("tests/fixtures"), &mut paths);
    paths.sort();
    let mut failures = Vec::new();
    let (mut inputs, mut on_tape) = (0, 0);
    for path in &paths {
        let bytes = std::fs::read(path).unwrap();
        let options = ImportOptions::default();
        if import_bytes(&bytes, &options) != import_bytes_owned(bytes.clone(), &options) {
            failures.push(format!("{}: import_bytes_owned differs", path.display()));
        }
        let Ok(text) = String::from_utf8(bytes) else {
            continue;
        };
        inputs += 1;
        on_tape += check(&path.display().to_string(), &text, &mut failures);
    }
    for file in std::fs::read_dir(root().join("tests/conformance")).unwrap() {
        let path = file.unwrap().path();
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let cases: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        for case in cases.as_array().unwrap() {
            let body = case["body"].as_str().unwrap_or_default();
            inputs += 1;
            on_tape += check(case["id"].as_str().unwrap_or("?"), body, &mut failures);
        }
    }
    inputs += 1;
    on_tape += check("hostile entries", HOSTILE, &mut failures);
    let with_bom = format!("\u{feff}{HOSTILE}");
    on_tape += check(
        "hostile entries after a byte order mark",
        &with_bom,
        &mut failures,
    );
    for seed in 0..40 {
        let n = 1 + (seed as usize * 7) % 60;
        let text = generated(seed, n, seed % 2 == 0);
        inputs += 1;
        on_tape += check(&format!("generated {seed}"), &text, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    // The comparison is only worth something if the tape path was taken.
    assert!(inputs > 400, "only {inputs} inputs");
    assert!(on_tape > 1000, "only {on_tape} entries were held on a tape");
}

/// The places outside `json/` and `model/` that ask an entry for its tree, and why. Everything
/// else reads entries through the view (`Entry::raw`, the typed accessors), which is what lets
/// an entry live on a tape; the entry's storage itself is private, so no other way exists.
const TREE_READERS: &[(&str, &str)] = &[(
    "core/src/editor/draft/restore.rs",
    "a saved entry becomes a SetEntry action, whose value is a tree",
)];

#[test]
fn no_reader_outside_the_raw_level_and_the_model_asks_an_entry_for_its_tree() {
    let mut files = Vec::new();
    for dir in ["core/src", "cli/src", "web/src"] {
        files_under(&root().join(dir), &mut files);
    }
    let mut found = Vec::new();
    for path in files {
        let relative = path
            .strip_prefix(root())
            .unwrap()
            .to_string_lossy()
            .to_string();
        if relative.starts_with("core/src/json/") || relative.starts_with("core/src/model/") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for (n, line) in text.lines().enumerate() {
            let asks = [".tree()", ".into_tree()"]
                .iter()
                .any(|call| line.contains(call));
            if asks && !TREE_READERS.iter().any(|(file, _)| *file == relative) {
                found.push(format!("{relative}:{}: {}", n + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "read the entry through Entry::raw (json::Raw) instead, or add the file to TREE_READERS with the reason:\n{}",
        found.join("\n")
    );
}

/// Fails unless every entry of `listing` is a node of a tape that reads the caller's buffer
/// `base..base + len`, not a copy of it.
fn entries_read_the_buffer(listing: &offsets_core::Listing, base: usize, len: usize) {
    assert_eq!(listing.entries.len(), 8);
    for entry in &listing.entries {
        let offsets_core::json::Raw::Tape(value) = entry.raw() else {
            panic!("an imported entry is not on a tape: {entry:?}");
        };
        let at = value.source().as_ptr() as usize;
        assert!(
            (base..base + len).contains(&at),
            "the tape reads a copy of the input, not the caller's buffer"
        );
    }
}

/// Issue 35, item 2: a REST body given by value (`import_owned`), or shared with the caller
/// (`read_shared`, what the CLI's `edit` reads), is held once. The tape its entries live on
/// reads the caller's own buffer (a byte order mark dropped in place), and a shared text stays
/// the caller's too; a shared text behind a byte order mark (rare) is read from a copy, so
/// that the tape's text starts where its own does.
#[test]
fn the_owned_and_shared_imports_keep_the_callers_buffer_for_the_tape() {
    for text in [HOSTILE.to_owned(), format!("\u{feff}{HOSTILE}")] {
        let shared = Arc::new(text.clone());
        let (base, len) = (shared.as_ptr() as usize, shared.len());
        let (listing, _) = read_shared(Arc::clone(&shared), &ImportOptions::default()).unwrap();
        if shared.starts_with('\u{feff}') {
            assert_eq!(listing.entries.len(), 8);
        } else {
            entries_read_the_buffer(&listing, base, len);
            assert!(
                Arc::strong_count(&shared) > 1,
                "the listing holds the caller's text"
            );
        }
        let (base, len) = (text.as_ptr() as usize, text.len());
        let imported = import_owned(text, &ImportOptions::default()).unwrap();
        entries_read_the_buffer(&imported.listing, base, len);
    }
}
