//! The page-wide listeners on the document: "?" opens the shortcuts (outside a field, where it
//! is a character), and a file dropped anywhere on the page is loaded (the references panel
//! keeps a file dropped on it).

use crate::store::StoreHandle;
use wasm_bindgen::JsCast;
use web_sys::{DragEvent, HtmlElement, KeyboardEvent};
use yew::prelude::*;

fn typing_in_a_field(event: &KeyboardEvent) -> bool {
    event
        .target()
        .and_then(|t| t.dyn_into::<HtmlElement>().ok())
        .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"))
}

/// Sets `keydown` ("?"), `dragover` and `drop` on the document, once, and drops them with the
/// page.
#[hook]
pub(crate) fn use_page_events(store: StoreHandle, shortcuts_open: UseStateHandle<bool>) {
    use_effect_with((), move |_| {
        let document = gloo::utils::document();
        let options = gloo::events::EventListenerOptions::enable_prevent_default();
        let keys = gloo::events::EventListener::new_with_options(
            &document,
            "keydown",
            options,
            move |e| {
                let Some(e) = e.dyn_ref::<KeyboardEvent>() else {
                    return;
                };
                if e.key() == "?"
                    && !(e.ctrl_key() || e.meta_key() || e.alt_key())
                    && !typing_in_a_field(e)
                {
                    e.prevent_default();
                    shortcuts_open.set(true);
                }
            },
        );
        let over =
            gloo::events::EventListener::new_with_options(&document, "dragover", options, |e| {
                e.prevent_default()
            });
        let drop = {
            let store = store.clone();
            gloo::events::EventListener::new_with_options(&document, "drop", options, move |e| {
                e.prevent_default();
                // The references panel adds a dropped file as a reference itself.
                if crate::references::dropped_on_references(e) {
                    return;
                }
                let file = e
                    .dyn_ref::<DragEvent>()
                    .and_then(DragEvent::data_transfer)
                    .and_then(|d| d.files())
                    .and_then(|f| f.get(0));
                if let Some(file) = file {
                    crate::import::load_file(store.clone(), file);
                }
            })
        };
        move || drop_all((keys, over, drop))
    });
}

fn drop_all<T>(_listeners: T) {}
