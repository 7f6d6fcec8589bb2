//! offsets-web: the offline single-page editor. Components render state and dispatch actions;
//! every bit of parsing, validation and formatting lives in `offsets-core`.

use offsets_core::{ImportOptions, import};
use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

/// What the import panel last produced, ready to render.
#[derive(Debug, Clone, PartialEq)]
enum ImportStatus {
    Empty,
    Loaded { entries: usize, kind: &'static str },
    Failed { messages: Vec<String> },
}

fn run_import(text: &str) -> ImportStatus {
    match import(text, &ImportOptions::default()) {
        Ok(imported) => ImportStatus::Loaded {
            entries: imported.listing.entries.len(),
            kind: imported.listing.kind.label(),
        },
        Err(diagnostics) => ImportStatus::Failed {
            messages: diagnostics.iter().map(ToString::to_string).collect(),
        },
    }
}

/// The application shell: title, import area and what was loaded.
#[component]
pub fn App() -> Html {
    let text_ref = use_node_ref();
    let status = use_state(|| ImportStatus::Empty);

    let on_load = {
        let text_ref = text_ref.clone();
        let status = status.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(area) = text_ref.cast::<HtmlTextAreaElement>() {
                status.set(run_import(&area.value()));
            }
        })
    };

    let result = match &*status {
        ImportStatus::Empty => html! {},
        ImportStatus::Loaded { entries, kind } => html! {
            <p class="import-summary" role="status">
                { format!("{entries} offset {} loaded ({kind}).", if *entries == 1 { "entry" } else { "entries" }) }
            </p>
        },
        ImportStatus::Failed { messages } => html! {
            <div class="import-error" role="alert">
                { for messages.iter().map(|m| html! { <p>{ m }</p> }) }
            </div>
        },
    };

    html! {
        <main class="app">
            <header><h1>{ "Connector offsets editor" }</h1></header>
            <section class="import" aria-labelledby="import-heading">
                <h2 id="import-heading">{ "Import" }</h2>
                <label for="import-text">{ "Import text" }</label>
                <textarea id="import-text" ref={text_ref} rows="12" spellcheck="false"
                    placeholder="Paste the ConfigMap (kubectl get configmap NAME -o yaml), a Connect REST payload or CSV" />
                <button type="button" onclick={on_load}>{ "Load" }</button>
                { result }
            </section>
        </main>
    }
}
