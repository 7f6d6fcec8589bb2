//! The source bar: what was loaded (core's one-line summary and its facts), the offsets key
//! picker, "Replace", and what a new connector's listing was made from.

use crate::{io, store::use_store};
use offsets_core::diag::group_digits;
use offsets_core::editor::{EditorAction, ImportAction};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

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
