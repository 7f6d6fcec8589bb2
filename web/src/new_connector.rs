//! "Start a new connector" in the guided start (issue 23 item 1): the kind, the source cluster
//! alias, the pasted reference and what it is, a topic filter, and "Make the listing". Core
//! reads, checks and makes everything (`ImportAction::StartNewConnector`); this renders the
//! form, each refusal next to its field and the reference's errors with their line and column.
//! [`NewOrigin`] renders what the listing was made from, under the source bar.

use crate::field::{ChoiceField, TextField};
use crate::references::{SHOWN_ERRORS, located_findings};
use crate::store::use_store;
use offsets_core::editor::ImportAction;
use offsets_core::editor::{
    EditorAction, NEW_CONNECTOR_KINDS, NewConnectorField, NewOrigin, NoticeAt, ROLE_CHOICES,
};
use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

/// The element id of a field (the refusal's text is `{id}-error`).
fn id(field: NewConnectorField) -> &'static str {
    match field {
        NewConnectorField::Kind => "new-kind",
        NewConnectorField::SourceAlias => "new-source-alias",
        NewConnectorField::Text => "new-reference",
        NewConnectorField::Role => "new-role",
        NewConnectorField::Time => "new-time",
        NewConnectorField::LogEnd => "new-log-end",
        NewConnectorField::Group => "new-group",
        NewConnectorField::Topics => "new-topics",
    }
}

#[component]
pub fn NewConnectorStart() -> Html {
    let store = use_store();
    let text_ref = use_node_ref();
    let form = store.editor().new_connector_form().clone();
    let error = |field: NewConnectorField| form.error_of(field).map(AttrValue::from);
    // After a press of "Make the listing", a refusal moves the focus to the field it is about
    // (never while typing elsewhere).
    let attempts = use_state(|| 0u32);
    {
        let field = form.error.as_ref().map(|(f, _)| *f);
        use_effect_with(*attempts, move |attempts| {
            if let (true, Some(field)) = (*attempts > 0, field) {
                crate::io::focus_and_reveal(id(field));
            }
        });
    }
    // What a change of a field of the form dispatches.
    let set = |field: NewConnectorField| {
        let store = store.clone();
        Callback::from(move |value| {
            store.dispatch(EditorAction::Import(ImportAction::SetNewConnector(
                field, value,
            )))
        })
    };
    let text_field =
        |field: NewConnectorField, label: &'static str, value: &str, example: &'static str| {
            html! {
                <TextField id={id(field)} {label} value={value.to_owned()} {example}
                    error={error(field)} oninput={set(field)} />
            }
        };
    let choice_field = |field: NewConnectorField,
                        label: &'static str,
                        choices: &'static [(&'static str, &'static str)],
                        current: &str| {
        html! {
            <ChoiceField id={id(field)} {label} {choices} current={current.to_owned()}
                error={error(field)} onchange={set(field)} />
        }
    };
    // Kept in the state as it is typed: the text area shows the state's text on every render.
    let on_text = {
        let store = store.clone();
        Callback::from(move |e: InputEvent| {
            let area: HtmlTextAreaElement = e.target_unchecked_into();
            store.dispatch(EditorAction::Import(ImportAction::SetNewConnector(
                NewConnectorField::Text,
                area.value(),
            )));
        })
    };
    let on_make = {
        let store = store.clone();
        let text_ref = text_ref.clone();
        let attempts = attempts.clone();
        Callback::from(move |_: MouseEvent| {
            // The text as it is now, even when the change event has not fired yet.
            if let Some(area) = text_ref.cast::<HtmlTextAreaElement>() {
                store.dispatch(EditorAction::Import(ImportAction::SetNewConnector(
                    NewConnectorField::Text,
                    area.value(),
                )));
            }
            store.dispatch(EditorAction::Import(ImportAction::StartNewConnector {
                now_ms: crate::io::now_ms(),
            }));
            attempts.set(attempts.wrapping_add(1));
        })
    };
    let on_log_end = {
        let store = store.clone();
        Callback::from(move |e: InputEvent| {
            let area: HtmlTextAreaElement = e.target_unchecked_into();
            store.dispatch(EditorAction::Import(ImportAction::SetNewConnector(
                NewConnectorField::LogEnd,
                area.value(),
            )));
        })
    };
    let text_error = error(NewConnectorField::Text);
    let problems = located_findings(&form.text, &form.reference_problems);
    let more = form.reference_problems.len().saturating_sub(SHOWN_ERRORS);
    let log_end_error = error(NewConnectorField::LogEnd);
    let log_end_problems = located_findings(&form.log_end, &form.log_end_problems);
    html! {
        <section class="new-connector" aria-labelledby="new-connector-heading">
            <h3 id="new-connector-heading">{ "Start a new connector" }</h3>
            <p class="hint">{ "For a connector that has no offsets yet: paste where it should start, as the cluster prints it, and get its listing. MirrorMaker 2 stores R − 1 (it resumes at stored + 1; record 0 is null, which starts where auto.offset.reset says), a sink stores R. The export then creates the connector stopped, sets these offsets, checks them and only then starts it." }</p>
            <div class="fields">
                { choice_field(NewConnectorField::Kind, "New connector kind", &NEW_CONNECTOR_KINDS, &form.kind) }
                if form.kind == "mirror-source" {
                    { text_field(NewConnectorField::SourceAlias, "Source cluster alias", &form.source_alias, "east") }
                }
            </div>
            <label for="new-reference">{ "Offsets to start from" }</label>
            <textarea id="new-reference" ref={text_ref} rows="6" spellcheck="false"
                value={form.text.clone()} oninput={on_text}
                placeholder={"orders:0:1200\norders:1:1188"}
                aria-invalid={text_error.is_some().then_some("true")}
                aria-describedby={text_error.is_some().then_some("new-reference-error")} />
            if let Some(e) = text_error {
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
            <div class="fields">
                { choice_field(NewConnectorField::Role, "What these offsets are", &ROLE_CHOICES, &form.role) }
                if form.role == "time" {
                    { text_field(NewConnectorField::Time, "Time of these offsets", &form.time, "2026-11-30T12:00:00Z") }
                }
                if form.role == "group" {
                    { text_field(NewConnectorField::Group, "Consumer group (optional)", &form.group, "connect-my-sink") }
                }
            </div>
            if form.role == "time" {
                <label for="new-log-end">{ "Latest offsets (log end)" }</label>
                <p class="hint" id="new-log-end-hint">{ "kafka-get-offsets.sh --time T prints nothing for a partition with no record at or after T: without an offset, the connector starts it where auto.offset.reset says (earliest by default) and copies its whole history. Paste kafka-get-offsets.sh --time -1 for the same partitions, looked up just before the lookup at the time: those partitions then start at their log end." }</p>
                <textarea id="new-log-end" rows="4" spellcheck="false"
                    value={form.log_end.clone()} oninput={on_log_end}
                    placeholder={"orders:0:1500\norders:1:1490\norders:2:880"}
                    aria-invalid={log_end_error.is_some().then_some("true")}
                    aria-describedby={if log_end_error.is_some() { "new-log-end-hint new-log-end-error" } else { "new-log-end-hint" }} />
                if let Some(e) = log_end_error {
                    <p class="field-error" id="new-log-end-error">{ e }</p>
                }
                if !log_end_problems.is_empty() {
                    <ul class="problem-list" aria-label="Problems of the latest offsets">
                        { for log_end_problems }
                    </ul>
                }
            }
            <div class="fields">
                { text_field(NewConnectorField::Topics, "Topics (optional)", &form.topics, "orders*, /^orders\\./ or topic:payments") }
            </div>
            <div class="actions">
                <button type="button" onclick={on_make}>{ "Make the listing" }</button>
            </div>
            <crate::notice::NoticeLine at={&[NoticeAt::NewConnector][..]} />
        </section>
    }
}

#[derive(Properties, PartialEq)]
pub struct OriginProps {
    pub origin: NewOrigin,
}

/// What "Start a new connector" made the listing from, and its notes.
#[component]
pub fn Origin(props: &OriginProps) -> Html {
    html! {
        <div class="new-origin" role="region" aria-label="New connector">
            <p>{ &props.origin.summary }</p>
            if !props.origin.warnings.is_empty() {
                <ul class="new-warnings" aria-label="Warnings on the new listing">
                    { for props.origin.warnings.iter().map(|w| html! {
                        <li class="notice warning"><strong>{ "Warning: " }</strong>{ w }</li>
                    }) }
                </ul>
            }
            if !props.origin.notes.is_empty() {
                <ul aria-label="Notes on the new listing">
                    { for props.origin.notes.iter().map(|n| html! { <li>{ n }</li> }) }
                </ul>
            }
        </div>
    }
}
