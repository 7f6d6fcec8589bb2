//! The import panel (text area, Load, Open file, Load example, Discard draft, located parse
//! errors) and the header describing what was loaded, with the offsets key picker. After a load
//! the header is the source bar: core's one-line summary and "Replace", which opens the import
//! panel again (the text is kept).
//!
//! This file is the import panel; `errors` lists why a text could not be loaded, `header` is
//! the source bar.

mod errors;
mod header;

pub use header::Header;

use crate::{
    io,
    store::{StoreHandle, use_store},
};
use offsets_core::editor::ImportAction;
use offsets_core::editor::{EditorAction, NoticeAt};
use web_sys::{File, HtmlInputElement, HtmlTextAreaElement};
use yew::prelude::*;

/// A small real-shaped listing for a first-time user (two MirrorMaker 2 topics).
const EXAMPLE: &str = include_str!("../../../tests/fixtures/kafkaconnector-mm2-source.list.yaml");

/// Reads a file and loads it (text area filled first, so nothing is lost if it fails).
pub fn load_file(store: StoreHandle, file: File) {
    wasm_bindgen_futures::spawn_local(async move {
        let name = file.name();
        match io::read_bytes(&file).await {
            Ok(bytes) => store.dispatch(EditorAction::Import(ImportAction::LoadFile(bytes))),
            Err(reason) => store.dispatch(EditorAction::Import(ImportAction::FileUnreadable {
                name,
                reason,
                at: NoticeAt::Import,
            })),
        }
    });
}

#[component]
pub fn ImportPanel() -> Html {
    let store = use_store();
    let text_ref = use_node_ref();
    let editor = store.editor();
    let errors = editor.load_errors().to_vec();
    let has_draft = editor.session().is_some() || !editor.input().is_empty();
    let replacing = editor.session().is_some();
    let input_revision = editor.input_revision();
    let error_list = errors::load_errors(editor.input(), &errors, &text_ref);
    drop(editor);

    // The text area is uncontrolled; it is set from the editor only when the text changes there
    // (Load example, a file, a restored draft, Discard).
    {
        let store = store.clone();
        let text_ref = text_ref.clone();
        use_effect_with(input_revision, move |_| {
            if let Some(area) = text_ref.cast::<HtmlTextAreaElement>() {
                let editor = store.editor();
                if area.value() != editor.input() {
                    area.set_value(editor.input());
                }
            }
        });
    }

    let on_change = {
        let store = store.clone();
        Callback::from(move |e: Event| {
            let area: HtmlTextAreaElement = e.target_unchecked_into();
            store.dispatch(EditorAction::Import(ImportAction::SetInput(area.value())));
        })
    };
    let busy = crate::busy::use_busy();
    let on_load = {
        let store = store.clone();
        let text_ref = text_ref.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(area) = text_ref.cast::<HtmlTextAreaElement>() {
                store.dispatch(EditorAction::Import(ImportAction::SetInput(area.value())));
            }
            let size = store.editor().input().len();
            busy.run(
                &store,
                size > crate::busy::HEAVY_BYTES,
                &format!("Loading {} MB…", (size + 500_000) / 1_000_000),
                EditorAction::Import(ImportAction::Load),
            );
        })
    };
    let on_example = {
        let store = store.clone();
        Callback::from(move |_: MouseEvent| {
            store.dispatch(EditorAction::Import(ImportAction::LoadText(
                EXAMPLE.to_string(),
            )));
        })
    };
    let on_file = {
        let store = store.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            if let Some(file) = input.files().and_then(|f| f.get(0)) {
                load_file(store.clone(), file);
            }
            input.set_value("");
        })
    };
    let on_discard = {
        let store = store.clone();
        Callback::from(move |_: MouseEvent| {
            io::forget_draft();
            store.dispatch(EditorAction::Import(ImportAction::Discard));
        })
    };

    let on_close = crate::store::on_click(
        &store,
        EditorAction::Import(ImportAction::ShowImport(false)),
    );

    html! {
        <section class="panel import" aria-labelledby="import-heading">
            <h2 id="import-heading">{ "Import" }</h2>
            <p class="hint">{ "Paste the ConfigMap Strimzi wrote (kubectl get configmap NAME -o yaml --show-managed-fields, or -o json; with --show-managed-fields the header can say when it was listed), a Kafka Connect REST offsets payload, or a kafka-consumer-groups CSV. You can also drop a file anywhere on the page." }</p>
            <label for="import-text">{ "Import text" }</label>
            <textarea id="import-text" ref={text_ref} rows="8" spellcheck="false"
                onchange={on_change}
                placeholder="apiVersion: v1\nkind: ConfigMap\n…" />
            <div class="actions">
                <button type="button" class="primary" onclick={on_load}>{ "Load" }</button>
                <label class="file-button">
                    <span>{ "Open file" }</span>
                    <input type="file" aria-label="Open file" accept=".yaml,.yml,.json,.csv,.txt,text/*,application/json" onchange={on_file} />
                </label>
                <button type="button" onclick={on_example}>{ "Load example" }</button>
                if has_draft {
                    <button type="button" class="danger" onclick={on_discard}>{ "Discard draft" }</button>
                }
                if replacing {
                    <button type="button" onclick={on_close}>{ "Keep the current listing" }</button>
                }
            </div>
            { error_list }
        </section>
    }
}
