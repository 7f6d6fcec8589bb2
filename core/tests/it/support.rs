//! Helpers shared by the core tests: fixtures and an editor that loaded one (golden files:
//! `offsets_test_support::golden`).
#![allow(dead_code, clippy::unwrap_used, clippy::panic)]

use offsets_core::editor::{Editor, EditorAction};

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
