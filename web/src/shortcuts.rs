//! The "Keyboard shortcuts" dialog that "?" opens (when the focus is not in a field): a modal
//! dialog that lists the page's keys. Escape or Close shuts it and gives the focus back to the
//! element that had it before; Tab stays inside while it is open.

use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, KeyboardEvent};
use yew::prelude::*;

/// The shortcuts, as (keys, what they do).
const SHORTCUTS: &[(&str, &str)] = &[
    ("?", "Show this list"),
    (
        "Ctrl+Z",
        "Undo; in a text field, first what you typed there and did not commit",
    ),
    (
        "Ctrl+Shift+Z or Ctrl+Y",
        "Redo; in a text field, first the typing its Ctrl+Z undid",
    ),
    (
        "Up / Down",
        "In an offset: the offset of the row above / below",
    ),
    (
        "Enter",
        "In an offset: commit, then the offset of the row below",
    ),
    (
        "Escape",
        "In an offset: back to its value; in a dialog or question: close it",
    ),
    ("Enter", "In the bulk Value: set the rows to the value"),
    (
        "Down",
        "In the filter or the bulk Value: the first offset of the table",
    ),
    (
        "Tab / Shift+Tab",
        "Next / previous control: filter, bulk actions, then the table",
    ),
];

#[derive(Properties, PartialEq)]
pub struct ShortcutsProps {
    pub open: bool,
    pub on_close: Callback<()>,
}

#[component]
pub fn ShortcutsDialog(props: &ShortcutsProps) -> Html {
    let close_button = use_node_ref();
    // The element that had the focus when the dialog opened: it gets it back on close.
    let previous = use_mut_ref(|| None::<HtmlElement>);
    {
        let (close_button, previous) = (close_button.clone(), previous.clone());
        use_effect_with(props.open, move |open| {
            if *open {
                *previous.borrow_mut() = gloo::utils::document()
                    .active_element()
                    .and_then(|e| e.dyn_into::<HtmlElement>().ok());
                if let Some(el) = close_button.cast::<HtmlElement>() {
                    let _ = el.focus();
                }
            } else if let Some(el) = previous.borrow_mut().take() {
                let _ = el.focus();
            }
        });
    }
    if !props.open {
        return html! {};
    }
    let on_key = {
        let on_close = props.on_close.clone();
        Callback::from(move |e: KeyboardEvent| match e.key().as_str() {
            "Escape" => {
                e.prevent_default();
                e.stop_propagation();
                on_close.emit(());
            }
            // The only control inside is Close: Tab keeps the focus there (modal).
            "Tab" => e.prevent_default(),
            _ => {}
        })
    };
    let close = {
        let on_close = props.on_close.clone();
        Callback::from(move |_: MouseEvent| on_close.emit(()))
    };
    html! {
        <div class="dialog-backdrop">
            <div class="dialog" id="shortcuts-dialog" role="dialog" aria-modal="true"
                aria-labelledby="shortcuts-heading" onkeydown={on_key}>
                <h2 id="shortcuts-heading">{ "Keyboard shortcuts" }</h2>
                <dl class="shortcuts">
                    { for SHORTCUTS.iter().map(|(keys, what)| html! {
                        <div><dt><kbd>{ *keys }</kbd></dt><dd>{ *what }</dd></div>
                    }) }
                </dl>
                <button type="button" ref={close_button} onclick={close}>{ "Close" }</button>
            </div>
        </div>
    }
}
