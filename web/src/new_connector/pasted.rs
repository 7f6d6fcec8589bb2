//! The two pasted texts of "Start a new connector", each with its refusal and the problems
//! found in it (with their line and column): the offsets to start from, and the latest offsets
//! (log end) that a start at a time needs.

use crate::references::{SHOWN_ERRORS, located_findings};
use crate::store::StoreHandle;
use offsets_core::editor::{EditorAction, ImportAction, NewConnectorField, NewConnectorForm};
use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

/// What typing in the text area of `field` dispatches: kept in the state as it is typed (the
/// text area shows the state's text on every render).
fn on_area(store: &StoreHandle, field: NewConnectorField) -> Callback<InputEvent> {
    let store = store.clone();
    Callback::from(move |e: InputEvent| {
        let area: HtmlTextAreaElement = e.target_unchecked_into();
        store.dispatch(EditorAction::Import(ImportAction::SetNewConnector(
            field,
            area.value(),
        )));
    })
}

/// "Offsets to start from", its refusal (`error`) and its problems.
pub(super) fn start_offsets(
    store: &StoreHandle,
    text_ref: &NodeRef,
    form: &NewConnectorForm,
    error: Option<AttrValue>,
) -> Html {
    let problems = located_findings(&form.text, &form.reference_problems);
    let more = form.reference_problems.len().saturating_sub(SHOWN_ERRORS);
    html! { <>
        <label for="new-reference">{ "Offsets to start from" }</label>
        <textarea id="new-reference" ref={text_ref.clone()} rows="6" spellcheck="false"
            value={form.text.clone()} oninput={on_area(store, NewConnectorField::Text)}
            placeholder={"orders:0:1200\norders:1:1188"}
            aria-invalid={error.is_some().then_some("true")}
            aria-describedby={error.is_some().then_some("new-reference-error")} />
        if let Some(e) = error {
            <p class="field-error" id="new-reference-error">{ e }</p>
        }
        if !problems.is_empty() {
            <ul class="problem-list" aria-label="Problems of the offsets to start from">
                { for problems }
                if more > 0 {
                    <li>{ format!("and {more} more") }</li>
                }
            </ul>
        }
    </> }
}

/// "Latest offsets (log end)", its refusal (`error`) and its problems.
pub(super) fn log_end(
    store: &StoreHandle,
    form: &NewConnectorForm,
    error: Option<AttrValue>,
) -> Html {
    let problems = located_findings(&form.log_end, &form.log_end_problems);
    html! { <>
        <label for="new-log-end">{ "Latest offsets (log end)" }</label>
        <p class="hint" id="new-log-end-hint">{ "kafka-get-offsets.sh --time T prints nothing for a partition with no record at or after T: without an offset, the connector starts it where auto.offset.reset says (earliest by default) and copies its whole history. Paste kafka-get-offsets.sh --time -1 for the same partitions, looked up just before the lookup at the time: those partitions then start at their log end." }</p>
        <textarea id="new-log-end" rows="4" spellcheck="false"
            value={form.log_end.clone()} oninput={on_area(store, NewConnectorField::LogEnd)}
            placeholder={"orders:0:1500\norders:1:1490\norders:2:880"}
            aria-invalid={error.is_some().then_some("true")}
            aria-describedby={if error.is_some() { "new-log-end-hint new-log-end-error" } else { "new-log-end-hint" }} />
        if let Some(e) = error {
            <p class="field-error" id="new-log-end-error">{ e }</p>
        }
        if !problems.is_empty() {
            <ul class="problem-list" aria-label="Problems of the latest offsets">
                { for problems }
            </ul>
        }
    </> }
}
