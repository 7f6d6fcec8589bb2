//! The command generator: the `kafka-get-offsets.sh` commands that produce a reference.

use super::field::Field;
use crate::{io, store::use_store};
use offsets_core::editor::{EditorAction, LookupField, ReferencesAction};
use std::rc::Rc;
use yew::prelude::*;

/// The command generator: the time, the bootstrap address, the client config and the pod,
/// and the `kafka-get-offsets.sh` commands for the listing's (or the filter's) partitions.
#[component]
pub(super) fn Lookup() -> Html {
    let store = use_store();
    let confirmation = use_state(String::new);
    let (form, key) = {
        let editor = store.editor();
        let form = editor.lookup_form().clone();
        let key = (editor.data_revision(), editor.view_revision(), form.clone());
        (form, key)
    };
    let output = {
        let store = store.clone();
        use_memo(key, move |_| {
            Rc::new(store.editor().lookup_output(io::now_ms()))
        })
    };
    let on = |field: LookupField| {
        let store = store.clone();
        Callback::from(move |value: String| {
            store.dispatch(EditorAction::References(ReferencesAction::SetLookup(
                field, value,
            )))
        })
    };
    let pick = |at: &'static str| {
        let store = store.clone();
        Callback::from(move |_: MouseEvent| {
            store.dispatch(EditorAction::References(ReferencesAction::SetLookup(
                LookupField::At,
                at.to_string(),
            )))
        })
    };
    let error = |field: LookupField| -> Option<AttrValue> {
        let text: Vec<&str> = output
            .errors
            .iter()
            .filter(|(f, _)| *f == Some(field))
            .map(|(_, e)| e.as_str())
            .collect();
        (!text.is_empty()).then(|| AttrValue::from(text.join(" ")))
    };
    // Errors about the listing, not a field; and the At field's error only once something
    // was typed (an empty generator is not an error yet).
    let typed = !form.at.is_empty() || !form.bootstrap.is_empty();
    let general: Vec<&str> = output
        .errors
        .iter()
        .filter(|(f, _)| f.is_none())
        .map(|(_, e)| e.as_str())
        .collect();
    let on_copy = {
        let confirmation = confirmation.clone();
        let script = output.script.clone();
        Callback::from(move |_: MouseEvent| {
            let (confirmation, script) = (confirmation.clone(), script.clone().unwrap_or_default());
            wasm_bindgen_futures::spawn_local(async move {
                confirmation.set(match io::copy(script).await {
                    Ok(()) => "Copied the lookup commands to the clipboard.".to_string(),
                    Err(e) => format!("Not copied: {e}."),
                });
            });
        })
    };
    html! {
        <section class="lookup" aria-labelledby="lookup-heading">
            <h3 id="lookup-heading">{ "Look up offsets" }</h3>
            <p class="hint">{ "Generates the kafka-get-offsets.sh commands for the partitions the filter shows (all of them without a filter). Run them where the cluster is reachable and paste their output above as a reference. For MirrorMaker 2, run them against the SOURCE cluster." }</p>
            <div class="fields">
                <div class="lookup-at">
                    <Field id="lookup-at" label="Look up at" value={form.at.clone()}
                        placeholder="2026-11-30T12:00:00Z, earliest or latest"
                        error={if typed { error(LookupField::At) } else { None }} on_input={on(LookupField::At)} />
                    <div class="actions" role="group" aria-label="Pick the log's start or end">
                        <button type="button" onclick={pick("earliest")}>{ "Earliest" }</button>
                        <button type="button" onclick={pick("latest")}>{ "Latest" }</button>
                    </div>
                </div>
                <Field id="lookup-bootstrap" label="Bootstrap server" value={form.bootstrap.clone()}
                    placeholder="my-cluster-kafka-bootstrap:9092"
                    error={if typed { error(LookupField::Bootstrap) } else { None }} on_input={on(LookupField::Bootstrap)} />
                <Field id="lookup-config" label="Command config file (optional)" value={form.command_config.clone()}
                    placeholder="/tmp/client.properties"
                    error={error(LookupField::CommandConfig)} on_input={on(LookupField::CommandConfig)} />
                <Field id="lookup-exec" label="Run in pod (NAMESPACE/POD, optional)" value={form.exec.clone()}
                    placeholder="kafka/my-cluster-broker-0"
                    error={error(LookupField::Exec)} on_input={on(LookupField::Exec)} />
            </div>
            if let Some(time) = &output.time {
                <p class="hint" role="status">{ time }</p>
            }
            if typed && !general.is_empty() {
                <p class="field-error">{ general.join(" ") }</p>
            }
            if let Some(script) = &output.script {
                <pre class="export-text" tabindex="0" aria-label="Lookup commands">{ script }</pre>
                <button type="button" onclick={on_copy}>{ "Copy lookup commands" }</button>
                <span class="confirmation" role="status">{ (*confirmation).clone() }</span>
            }
        </section>
    }
}
