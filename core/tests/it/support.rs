//! Helpers shared by the core tests: fixtures, an editor that loaded one, and golden files.
#![allow(dead_code, clippy::unwrap_used, clippy::panic)]

use offsets_core::editor::{Editor, EditorAction};
use std::path::Path;

/// The text of `tests/fixtures/{name}` at the top of the repository.
pub fn fixture(name: &str) -> String {
    let path = format!("{}/../tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// An editor that loaded `text` without errors.
pub fn loaded_text(text: String) -> Editor {
    let mut editor = Editor::new();
    editor.apply(EditorAction::SetInput(text));
    editor.apply(EditorAction::Load);
    assert!(
        editor.load_errors().is_empty(),
        "{:?}",
        editor.load_errors()
    );
    editor
}

/// An editor that loaded the fixture `name` without errors.
pub fn loaded(name: &str) -> Editor {
    loaded_text(fixture(name))
}

/// Compares `actual` with the golden file at `path`, adding a failure when it differs or is
/// missing; with `UPDATE_GOLDEN` set, writes it instead (creating its folder).
pub fn check_golden(path: &Path, actual: &str, failures: &mut Vec<String>) {
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, actual).unwrap();
        return;
    }
    match std::fs::read_to_string(path) {
        Ok(expected) if expected == actual => {}
        Ok(expected) => failures.push(format!(
            "{} differs:\n--- expected\n{expected}\n--- actual\n{actual}",
            path.display()
        )),
        Err(_) => failures.push(format!(
            "{} is missing (run with UPDATE_GOLDEN=1)",
            path.display()
        )),
    }
}
