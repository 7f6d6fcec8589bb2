//! One inline edit cell as a hook: what is typed, its refusal, and the handlers that commit
//! through a core call.

use crate::store::use_store;
use offsets_core::edit::Action;
use offsets_core::editor::EditAction;
use offsets_core::editor::{Editor, EditorAction, InputError};
use web_sys::{HtmlInputElement, KeyboardEvent};
use yew::prelude::*;

/// An inline edit cell: what is typed (kept while it is refused), the refusal, and the
/// handlers. The change event (Enter, or leaving the field) commits through `decide`, which
/// turns the text into an action in the core or explains why not; Escape reverts to `shown`.
///
/// `shown`, the model's value, is the cell's committed text (its `data-committed` attribute):
/// Ctrl+Z there is the app's undo, which the cell then shows; only typing that differs from it
/// is the browser's to undo (see `history_keys`).
pub(super) struct CellEditor {
    pub(super) value: String,
    pub(super) committed: String,
    pub(super) error: Option<String>,
    pub(super) on_input: Callback<InputEvent>,
    pub(super) on_change: Callback<Event>,
    pub(super) on_key: Callback<KeyboardEvent>,
}

#[hook]
pub(super) fn use_cell_editor<F>(shown: String, decide: F) -> CellEditor
where
    F: Fn(&Editor, &str) -> Result<Option<Action>, InputError> + 'static,
{
    let store = use_store();
    let typed = use_state(|| None::<String>);
    let error = use_state(|| None::<String>);
    let on_input = {
        let (typed, error, shown) = (typed.clone(), error.clone(), shown.clone());
        Callback::from(move |e: InputEvent| {
            let input: HtmlInputElement = e.target_unchecked_into();
            let text = input.value();
            // Typed (or text-undone) back to the model's value: nothing typed any more, so the
            // cell follows the model again (an undo must show in it).
            if text == shown {
                typed.set(None);
                error.set(None);
            } else {
                typed.set(Some(text));
            }
        })
    };
    let on_change = {
        let (typed, error) = (typed.clone(), error.clone());
        let shown_now = shown.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            let text = input.value();
            let result = decide(&store.editor(), &text);
            match result {
                Ok(action) => {
                    match action {
                        Some(action) => {
                            store.dispatch(EditorAction::Edit(EditAction::Session(action)))
                        }
                        // Nothing to change (a cleared cell, the same value): the cell shows
                        // its value again.
                        None => input.set_value(&shown_now),
                    }
                    typed.set(None);
                    error.set(None);
                }
                Err(refused) => {
                    typed.set(Some(text));
                    error.set(Some(refused.to_string()));
                }
            }
        })
    };
    let on_key = {
        let (typed, error, shown) = (typed.clone(), error.clone(), shown.clone());
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" {
                let input: HtmlInputElement = e.target_unchecked_into();
                input.set_value(&shown);
                typed.set(None);
                error.set(None);
                e.prevent_default();
            }
        })
    };
    CellEditor {
        value: (*typed).clone().unwrap_or_else(|| shown.clone()),
        committed: shown,
        error: (*error).clone(),
        on_input,
        on_change,
        on_key,
    }
}
