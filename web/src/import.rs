//! The import panel (text area, Load, Open file, Load example, Discard draft, located parse
//! errors) and the header describing what was loaded, with the offsets key picker. After a load
//! the header is the source bar: core's one-line summary and "Replace", which opens the import
//! panel again (the text is kept).

use crate::{
    io,
    store::{StoreHandle, use_store},
};
use offsets_core::diag::{group_digits, located_text};
use offsets_core::editor::ImportAction;
use offsets_core::editor::{EditorAction, NoticeAt, caret_line, source_line};
use web_sys::{File, HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

/// A small real-shaped listing for a first-time user (two MirrorMaker 2 topics).
const EXAMPLE: &str = include_str!("../../tests/fixtures/kafkaconnector-mm2-source.list.yaml");

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
    // Lines quoted under the errors (the text itself can be megabytes: never cloned per render).
    let contexts: Vec<Option<String>> = errors
        .iter()
        .map(|d| {
            source_line(editor.input(), d.position.line)
                .map(|line| format!("{line}\n{}", caret_line(line, d.position.column)))
        })
        .collect();
    // Where each error's line is in the text area (UTF-16 units, as the selection API counts).
    let spans: Vec<Option<(u32, u32)>> = errors
        .iter()
        .map(|d| line_span_utf16(editor.input(), d.position.line))
        .collect();
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

    let error_list: Vec<Html> = errors
        .iter()
        .zip(contexts)
        .zip(spans)
        .map(|((d, context), span)| {
            let go = span.map(|(start, end)| {
                let text_ref = text_ref.clone();
                Callback::from(move |_: MouseEvent| {
                    if let Some(area) = text_ref.cast::<HtmlTextAreaElement>() {
                        let _ = area.focus();
                        let _ = area.set_selection_range(start, end);
                    }
                })
            });
            html! {
                <li>
                    <span class="diag-head">{ located_text(d) }</span>
                    if let Some(go) = go {
                        { " " }
                        <button type="button" class="link" onclick={go}>{ format!("Go to line {}", d.position.line) }</button>
                    }
                    if let Some(context) = context {
                        <pre class="source-context">{ context }</pre>
                    }
                </li>
            }
        })
        .collect();

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
            if !errors.is_empty() {
                <div class="load-errors" role="alert" aria-label="Import errors">
                    <p>{ "This text could not be loaded. It is kept above so you can fix it:" }</p>
                    <ul>{ for error_list.into_iter() }</ul>
                </div>
            }
        </section>
    }
}

#[component]
pub fn Header() -> Html {
    let store = use_store();
    let data_revision = store.editor().data_revision();
    let header = {
        let store = store.clone();
        use_memo(data_revision, move |_| {
            store.editor().header_at(Some(io::now_ms()))
        })
    };
    let Some(header) = (*header).clone() else {
        return html! {};
    };
    let on_key = {
        let store = store.clone();
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            store.dispatch(EditorAction::Import(ImportAction::PickKey(select.value())));
        })
    };
    let current_key = header.data_key.clone().unwrap_or_default();
    let collapsed = !store.editor().import_open();
    let origin = store.editor().new_origin().cloned();
    let on_replace =
        crate::store::on_click(&store, EditorAction::Import(ImportAction::ShowImport(true)));
    html! {
        <section class="panel header source-bar" aria-label="Loaded offsets">
            <div class="source-head">
                <p class="source-line">{ &header.line }</p>
                if collapsed {
                    <button type="button" onclick={on_replace}
                        title="Open the import area again to load other text (the current text is kept)">{ "Replace" }</button>
                }
            </div>
            <dl class="facts">
                <div><dt>{ "Connector" }</dt><dd>{ &header.kind }</dd></div>
                <div><dt>{ "Source" }</dt><dd>{ &header.form }</dd></div>
                if let Some(name) = &header.configmap {
                    <div><dt>{ "ConfigMap" }</dt><dd>{ format!("{}{name}", header.namespace.as_deref().map(|n| format!("{n}/")).unwrap_or_default()) }</dd></div>
                }
                if header.available_keys.len() > 1 {
                    <div>
                        <dt><label for="offsets-key">{ "Offsets key" }</label></dt>
                        <dd>
                            <select id="offsets-key" onchange={on_key}>
                                { for header.available_keys.iter().map(|k| html! {
                                    <option value={k.clone()} selected={*k == current_key}>{ k }</option>
                                }) }
                            </select>
                        </dd>
                    </div>
                } else if let Some(key) = &header.data_key {
                    <div><dt>{ "Data key" }</dt><dd>{ key }</dd></div>
                }
                <div><dt>{ "Entries" }</dt><dd>{ group_digits(header.entries as u128) }</dd></div>
                if !header.clusters.is_empty() {
                    <div><dt>{ "Clusters" }</dt><dd>{ header.clusters.join(", ") }</dd></div>
                }
                <div><dt>{ "Topics" }</dt><dd>{ group_digits(header.topics as u128) }</dd></div>
                <div><dt>{ "Listed" }</dt><dd>{ &header.listed }</dd></div>
            </dl>
            if let Some(origin) = origin {
                <crate::new_connector::Origin {origin} />
            }
        </section>
    }
}

/// The start and end of 1-based line `line` of `text`, in UTF-16 units (`None` past the end).
fn line_span_utf16(text: &str, line: u32) -> Option<(u32, u32)> {
    let index = usize::try_from(line.checked_sub(1)?).ok()?;
    let mut start = 0usize;
    for (i, l) in text.split('\n').enumerate() {
        let len = l.encode_utf16().count();
        if i == index {
            return Some((u32::try_from(start).ok()?, u32::try_from(start + len).ok()?));
        }
        start += len + 1;
    }
    None
}
