//! "Start a new connector" in the guided start (issue 23 item 1): the kind, the source cluster
//! alias, the pasted reference and what it is, a topic filter, and "Make the listing". Core
//! reads, checks and makes everything (`ImportAction::StartNewConnector`); this renders the
//! form, each refusal next to its field and the reference's errors with their line and column.
//! [`Origin`] renders what the listing was made from, under the source bar.
//!
//! This file is the form; `pasted` holds its two pasted texts (the offsets to start from and the
//! latest offsets) with their problems, `origin` what the listing was made from.

mod origin;
mod pasted;

pub use origin::Origin;

use crate::field::{ChoiceField, TextField};
use crate::store::use_store;
use offsets_core::editor::ImportAction;
use offsets_core::editor::{
    EditorAction, NEW_CONNECTOR_KINDS, NewConnectorField, NoticeAt, ROLE_CHOICES,
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
            { pasted::start_offsets(&store, &text_ref, &form, error(NewConnectorField::Text)) }
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
                { pasted::log_end(&store, &form, error(NewConnectorField::LogEnd)) }
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
