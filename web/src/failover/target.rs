//! "Check against the target cluster (optional)": the target's earliest and latest offsets,
//! its groups' describe tables, and whether groups ahead there are moved back.

use crate::store::StoreHandle;
use offsets_core::editor::{EditorAction, FailoverField, FailoverForm, ImportAction};
use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

/// The collapsed section with the target's pasted outputs and the rewind choice.
pub(super) fn target_check(store: &StoreHandle, form: &FailoverForm) -> Html {
    let area = |field: FailoverField| {
        let store = store.clone();
        Callback::from(move |e: InputEvent| {
            let area: HtmlTextAreaElement = e.target_unchecked_into();
            store.dispatch(EditorAction::Import(ImportAction::SetFailover(
                field,
                area.value(),
            )));
        })
    };
    let on_rewind = {
        let store = store.clone();
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            let value = if input.checked() { "true" } else { "" };
            store.dispatch(EditorAction::Import(ImportAction::SetFailover(
                FailoverField::Rewind,
                value.to_owned(),
            )));
        })
    };
    html! {
        <details class="failover-target">
            <summary>{ "Check against the target cluster (optional)" }</summary>
            <p class="hint">{ "From the target cluster: its earliest and latest offsets of the mirrored topics (kafka-get-offsets.sh --time -2 and --time -1) and each group's describe table (kafka-consumer-groups.sh --describe --group GROUP), pasted one after the other. A translated offset outside the log, or a group already ahead there, is named." }</p>
            <label for="failover-log-start">{ "Target's earliest offsets" }</label>
            <textarea id="failover-log-start" rows="3" spellcheck="false" value={form.log_start.clone()}
                oninput={area(FailoverField::LogStart)} placeholder={"east.orders:0:0"} />
            <label for="failover-log-end">{ "Target's latest offsets" }</label>
            <textarea id="failover-log-end" rows="3" spellcheck="false" value={form.log_end.clone()}
                oninput={area(FailoverField::LogEnd)} placeholder={"east.orders:0:1500"} />
            <label for="failover-current">{ "Groups on the target (describe tables)" }</label>
            <textarea id="failover-current" rows="4" spellcheck="false" value={form.current.clone()}
                oninput={area(FailoverField::Current)}
                placeholder={"GROUP TOPIC PARTITION CURRENT-OFFSET LOG-END-OFFSET LAG CONSUMER-ID HOST CLIENT-ID"} />
            <label class="check">
                <input type="checkbox" checked={form.rewind} onchange={on_rewind} />
                { "Move groups back where the target has them ahead (their consumers read those records again)" }
            </label>
        </details>
    }
}
