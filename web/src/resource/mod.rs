//! The custom resource panel: paste or open `kubectl get kafkaconnector|kafkamirrormaker2 X -o
//! yaml`, and see what the operator would trip over (CR1-CR10, each located in the text, with
//! its fix and, where one fits, the command that applies it). Checking it fills the export
//! settings. Core reads, checks and fills (`SafeApplyAction::CheckResource`); this only renders.

//!
//! This file is the panel; `findings` shows the check's findings, `command` a finding's
//! command with its Copy button.

mod command;
mod findings;

use crate::store::use_store;
use crate::text_input::TextInput;
use offsets_core::editor::SafeApplyAction;
use offsets_core::editor::{EditorAction, NoticeAt};
use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

#[component]
pub fn ResourcePanel() -> Html {
    let store = use_store();
    let text_ref = use_node_ref();
    let key = {
        let editor = store.editor();
        (
            editor.safe_revision(),
            editor.settings_revision(),
            editor.loads(),
        )
    };
    let report = {
        let store = store.clone();
        use_memo(key, move |_| store.editor().resource_report())
    };
    // The text area is uncontrolled; it follows the editor when the resource changes there (a
    // file, a restored draft).
    {
        let store = store.clone();
        let text_ref = text_ref.clone();
        use_effect_with(key.0, move |_| {
            if let Some(area) = text_ref.cast::<HtmlTextAreaElement>() {
                let editor = store.editor();
                if area.value() != editor.resource_text() {
                    area.set_value(editor.resource_text());
                }
            }
        });
    }
    let on_text = {
        let store = store.clone();
        Callback::from(move |text| {
            store.dispatch(EditorAction::SafeApply(SafeApplyAction::CheckResource(
                text,
            )))
        })
    };
    let on_bytes = {
        let store = store.clone();
        Callback::from(move |bytes| {
            store.dispatch(EditorAction::SafeApply(SafeApplyAction::CheckResourceFile(
                bytes,
            )))
        })
    };

    // Several resources in the text: one button each; core reads the chosen one.
    let choices: Vec<Html> = store
        .editor()
        .resource_candidates()
        .iter()
        .map(|c| {
            let choice = format!("{}/{}", c.kind.as_str(), c.name);
            let label = format!("Use {}", c.label());
            let on_choose = crate::store::on_click(
                &store,
                EditorAction::SafeApply(SafeApplyAction::ChooseResource(choice)),
            );
            html! { <button type="button" onclick={on_choose}>{ label }</button> }
        })
        .collect();
    let findings = report
        .as_ref()
        .as_ref()
        .map(|report| findings::resource_check(report, store.editor().resource_text()));

    html! {
        <section class="panel resource" aria-labelledby="resource-heading">
            <h2 id="resource-heading">{ "Strimzi resource (optional)" }</h2>
            <p class="hint">{ "Paste or open the KafkaConnector or KafkaMirrorMaker2 (kubectl get kafkamirrormaker2 NAME -o yaml, or -o json). It fills the export settings and is checked before the operator sees it: the annotations, the listOffsets and alterOffsets wiring, the state, and the operator's warnings." }</p>
            <TextInput id="resource-text" label="Custom resource"
                placeholder="apiVersion: kafka.strimzi.io/v1\nkind: KafkaMirrorMaker2\n…" check="Check resource"
                open="Open resource file" accept=".yaml,.yml,.json,.txt,text/*,application/json"
                {text_ref} {on_text} {on_bytes} at={NoticeAt::Resource} />
            // What checking the resource filled in, next to its Check button.
            <crate::notice::NoticeLine at={&[NoticeAt::Resource][..]} />
            if !choices.is_empty() {
                <div class="actions" role="group" aria-label="Which custom resource">
                    <span class="hint">{ "This text holds several custom resources; check which one?" }</span>
                    { for choices }
                </div>
            }
            { findings.unwrap_or_default() }
        </section>
    }
}
