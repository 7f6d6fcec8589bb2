//! A paste box with its Check button and Open-file input, as the resource and landed panels
//! both show them: the pasted text goes to `on_text`, an opened file's bytes to `on_bytes`
//! (a file the browser cannot read is reported to the editor as unreadable).

use crate::{io, store::use_store};
use offsets_core::editor::ImportAction;
use offsets_core::editor::{EditorAction, NoticeAt};
use web_sys::{HtmlInputElement, HtmlTextAreaElement};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct TextInputProps {
    /// The text area's id, which its label names.
    pub id: AttrValue,
    /// The text area's label (its accessible name).
    pub label: AttrValue,
    pub placeholder: AttrValue,
    /// The check button's text.
    pub check: AttrValue,
    /// The file input's text and accessible name.
    pub open: AttrValue,
    /// The file input's `accept`.
    pub accept: AttrValue,
    /// The (uncontrolled) text area, for a panel that sets its value.
    pub text_ref: NodeRef,
    pub on_text: Callback<String>,
    pub on_bytes: Callback<Vec<u8>>,
    /// Where a file the browser cannot read is reported: the panel's notice line.
    pub at: NoticeAt,
}

#[component]
pub fn TextInput(props: &TextInputProps) -> Html {
    let store = use_store();
    let on_check = {
        let text_ref = props.text_ref.clone();
        let on_text = props.on_text.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(area) = text_ref.cast::<HtmlTextAreaElement>() {
                on_text.emit(area.value());
            }
        })
    };
    let on_file = {
        let on_bytes = props.on_bytes.clone();
        let at = props.at;
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            if let Some(file) = input.files().and_then(|f| f.get(0)) {
                let (store, on_bytes) = (store.clone(), on_bytes.clone());
                wasm_bindgen_futures::spawn_local(async move {
                    let name = file.name();
                    match io::read_bytes(&file).await {
                        Ok(bytes) => on_bytes.emit(bytes),
                        Err(reason) => {
                            store.dispatch(EditorAction::Import(ImportAction::FileUnreadable {
                                name,
                                reason,
                                at,
                            }))
                        }
                    }
                });
            }
            input.set_value("");
        })
    };
    html! {
        <>
            <label for={props.id.clone()}>{ props.label.clone() }</label>
            <textarea id={props.id.clone()} ref={props.text_ref.clone()} rows="6" spellcheck="false"
                placeholder={props.placeholder.clone()} />
            <div class="actions">
                <button type="button" onclick={on_check}>{ props.check.clone() }</button>
                <label class="file-button">
                    <span>{ props.open.clone() }</span>
                    <input type="file" aria-label={props.open.clone()} accept={props.accept.clone()} onchange={on_file} />
                </label>
            </div>
        </>
    }
}
