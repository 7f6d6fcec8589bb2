//! The page's undo and redo keys: which presses of Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y (or Cmd on a
//! Mac) are the app's Undo and Redo, and which a text field keeps for its own text undo.
//!
//! The app's keys work wherever the focus is, except in a text field holding typing that is not
//! committed yet: there the first Ctrl+Z undoes the typing (the browser's own text undo) and the
//! next one, the field back at its committed text, is the app's. A field whose text is what the
//! app last committed or rendered in it holds no typing, so the browser's text undo never runs
//! there: it would show text the model does not hold (an offset cell showing an undone digit
//! while the export keeps the committed value).

use crate::editing::edit::Action;

/// The focused element, as the undo and redo keys see it. The page tells them apart by
/// comparing a text field's text with what the app last committed or rendered in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyFocus {
    /// Anything but a text field holding typing: the page, a button, a checkbox, a selector, or a
    /// text field whose text is the committed one.
    Committed,
    /// A text field whose text differs from its committed text: the user is still typing.
    Typing,
    /// A text field whose own text undo has just brought its committed text back: its redo
    /// (the typing again) is the field's too.
    TypingUndone,
}

/// The app's step for a key press, or `None` when the key is not the app's (another key, or the
/// focused field's own text undo or redo). `key` is the key's value as the browser names it
/// (`"z"`, `"Z"`, `"y"`), `command` whether Ctrl or Cmd is held; `focus` is asked only for an
/// undo or redo key (it reads the field's text, which in the import text can be megabytes:
/// Ctrl+C or Ctrl+V there need not pay for it).
pub fn history_key(
    key: &str,
    command: bool,
    shift: bool,
    focus: impl FnOnce() -> KeyFocus,
) -> Option<Action> {
    if !command {
        return None;
    }
    let undo = match (key.to_ascii_lowercase().as_str(), shift) {
        ("z", false) => true,
        ("z", true) | ("y", false) => false,
        _ => return None,
    };
    match (undo, focus()) {
        (_, KeyFocus::Typing) | (false, KeyFocus::TypingUndone) => None,
        (true, _) => Some(Action::Undo),
        (false, KeyFocus::Committed) => Some(Action::Redo),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use KeyFocus::{Committed, Typing, TypingUndone};

    /// (key, Ctrl or Cmd, Shift, focus) -> the app's step.
    #[track_caller]
    fn check(cases: &[(&str, bool, bool, KeyFocus, Option<Action>)]) {
        for (key, command, shift, focus, expected) in cases {
            assert_eq!(
                history_key(key, *command, *shift, || *focus),
                *expected,
                "{key:?} command={command} shift={shift} {focus:?}"
            );
        }
    }

    #[test]
    fn undo_and_redo_keys_are_the_apps_wherever_nothing_is_being_typed() {
        check(&[
            ("z", true, false, Committed, Some(Action::Undo)),
            ("Z", true, true, Committed, Some(Action::Redo)),
            ("z", true, true, Committed, Some(Action::Redo)),
            ("y", true, false, Committed, Some(Action::Redo)),
            ("Y", true, false, Committed, Some(Action::Redo)),
        ]);
    }

    #[test]
    fn other_keys_are_not_the_apps() {
        check(&[
            ("z", false, false, Committed, None),
            ("y", false, false, Committed, None),
            ("y", true, true, Committed, None),
            ("x", true, false, Committed, None),
            ("Enter", true, false, Committed, None),
        ]);
    }

    #[test]
    fn typing_not_committed_is_undone_by_the_field_first() {
        check(&[
            ("z", true, false, Typing, None),
            ("Z", true, true, Typing, None),
            ("y", true, false, Typing, None),
        ]);
    }

    #[test]
    fn after_the_fields_own_undo_redo_is_the_fields_and_undo_the_apps() {
        check(&[
            ("z", true, false, TypingUndone, Some(Action::Undo)),
            ("Z", true, true, TypingUndone, None),
            ("y", true, false, TypingUndone, None),
        ]);
    }
}
