//! Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y (Cmd on a Mac): the app's Undo and Redo wherever the focus
//! is, except in a text field holding typing not committed yet, whose own text undo takes the
//! first press. Core decides which press is whose (`offsets_core::editor::history_key`); this
//! module tells it what the focused field holds.
//!
//! A field's committed text is its `data-committed` attribute when it has one (the offset and
//! field cells, which commit on Enter or blur: the model's value, rendered with the cell), else
//! the text it had when it got the focus or when the data last changed while it had it (the
//! filter, the bulk Value, the import text, the export settings: whatever step the app took
//! committed what they held). When a step of the app commits it, the browser's open typing run
//! is closed, so the field's own undo goes back exactly to it: Chromium otherwise merges typing
//! before and after an Enter into one undo step, and Ctrl+Z would go past the committed text.
//! (A click or Tab into a field moves the selection, which closes the run already; setting the
//! selection again in `focusin` would collapse a `select()` made just before `focus()`.)

use crate::store::StoreHandle;
use offsets_core::editor::EditAction;
use offsets_core::editor::{EditorAction, KeyFocus, history_key};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Element, HtmlInputElement, HtmlTextAreaElement, InputEvent, KeyboardEvent};
use yew::prelude::*;

/// The focused text field and its committed text, kept as a JS string (the import text can be
/// megabytes: it is compared in JS, never copied into the wasm).
#[derive(Default)]
struct Tracked {
    field: Option<(Element, JsValue)>,
    /// The field's own text undo has just brought its committed text back.
    undone: bool,
}

impl Tracked {
    /// `el` has the focus, and what it holds now is committed.
    fn take(&mut self, el: Element) {
        self.undone = false;
        self.field = text_of(&el).map(|text| (el, text));
    }

    fn is(&self, el: &Element) -> bool {
        self.field.as_ref().is_some_and(|(f, _)| f == el)
    }

    fn focus(&self, el: &Element) -> KeyFocus {
        let Some(text) = text_of(el) else {
            return KeyFocus::Committed;
        };
        let committed = match (el.get_attribute("data-committed"), &self.field) {
            (Some(committed), _) => JsValue::from_str(&committed),
            (None, Some((field, committed))) if field == el => committed.clone(),
            // A field focused before the page listened: nothing known to be typed in it.
            (None, _) => return KeyFocus::Committed,
        };
        if text != committed {
            KeyFocus::Typing
        } else if self.undone && self.is(el) {
            KeyFocus::TypingUndone
        } else {
            KeyFocus::Committed
        }
    }
}

/// The text of a text field (an input that takes text, or a text area), as a JS string.
fn text_of(el: &Element) -> Option<JsValue> {
    let text = match el.dyn_ref::<HtmlInputElement>() {
        Some(input) => matches!(
            input.type_().as_str(),
            "text" | "search" | "url" | "tel" | "email" | "password"
        ),
        None => el.is_instance_of::<HtmlTextAreaElement>(),
    };
    text.then(|| js_sys::Reflect::get(el, &"value".into()).ok())
        .flatten()
}

/// Ends the browser's open typing run in `el` (setting the selection it has), so that what is
/// typed next is an undo step of its own. Through `Reflect`: an input and a text area have the
/// same selection API but no common type in web-sys.
fn close_typing(el: &Element) {
    let get = |name: &str| js_sys::Reflect::get(el, &name.into()).unwrap_or(JsValue::NULL);
    let (start, end, direction) = (
        get("selectionStart"),
        get("selectionEnd"),
        get("selectionDirection"),
    );
    // Null for an element without a text selection (a checkbox, a button).
    if start.is_null() || start.is_undefined() {
        return;
    }
    if let Ok(set) = get("setSelectionRange").dyn_into::<js_sys::Function>() {
        let _ = set.call3(el, &start, &end, &direction);
    }
}

fn target_of(e: &Event) -> Option<Element> {
    e.target().and_then(|t| t.dyn_into::<Element>().ok())
}

/// Listens for the undo and redo keys on the whole document and dispatches the app's steps.
#[hook]
pub fn use_history_keys(store: StoreHandle) {
    let tracked = use_mut_ref(Tracked::default);
    {
        let (store, tracked) = (store.clone(), tracked.clone());
        use_effect_with((), move |_| {
            let listeners = listen(store, tracked);
            move || drop(listeners)
        });
    }
    // A step of the app (a load, an edit, an undo) commits what the focused field holds, and
    // may have rendered new text in it.
    let data_revision = store.editor().data_revision();
    use_effect_with(data_revision, move |_| {
        if let Some(active) = gloo::utils::document().active_element() {
            close_typing(&active);
            tracked.borrow_mut().take(active);
        }
    });
}

fn listen(store: StoreHandle, tracked: Rc<RefCell<Tracked>>) -> [gloo::events::EventListener; 3] {
    let document = gloo::utils::document();
    let focus = {
        let tracked = tracked.clone();
        gloo::events::EventListener::new(&document, "focusin", move |e| {
            if let Some(el) = target_of(e) {
                tracked.borrow_mut().take(el);
            }
        })
    };
    let input = {
        let tracked = tracked.clone();
        gloo::events::EventListener::new(&document, "input", move |e| {
            let mut tracked = tracked.borrow_mut();
            if target_of(e).is_some_and(|el| tracked.is(&el)) {
                tracked.undone = e
                    .dyn_ref::<InputEvent>()
                    .is_some_and(|e| e.input_type() == "historyUndo");
            }
        })
    };
    // Not passive: preventDefault must stop the browser's own text undo.
    let options = gloo::events::EventListenerOptions::enable_prevent_default();
    let keys =
        gloo::events::EventListener::new_with_options(&document, "keydown", options, move |e| {
            let Some(e) = e.dyn_ref::<KeyboardEvent>() else {
                return;
            };
            let focus =
                || target_of(e).map_or(KeyFocus::Committed, |el| tracked.borrow().focus(&el));
            let command = e.ctrl_key() || e.meta_key();
            if let Some(action) = history_key(&e.key(), command, e.shift_key(), focus) {
                e.prevent_default();
                store.dispatch(EditorAction::Edit(EditAction::Session(action)));
            }
        });
    [focus, input, keys]
}
