//! The form that adds a reference: the pasted output, what its offsets are (and the time or
//! the group that role needs), "Add reference" and "Open reference file".

use super::field::Field;
use crate::busy::Busy;
use crate::io;
use crate::store::StoreHandle;
use offsets_core::editor::{
    EditorAction, ROLE_CHOICES, ReferenceField, ReferenceForm, ReferencesAction,
};
use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

/// The form, its text area uncontrolled (`text_ref`), each refusal under its field.
pub(super) fn reference_form(
    store: &StoreHandle,
    busy: &Busy,
    text_ref: &NodeRef,
    form: &ReferenceForm,
) -> Html {
    let set = |field: ReferenceField| {
        let store = store.clone();
        Callback::from(move |value: String| {
            store.dispatch(EditorAction::References(
                ReferencesAction::SetReferenceForm(field, value),
            ))
        })
    };
    let on_role = {
        let set = set(ReferenceField::Role);
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            set.emit(select.value());
        })
    };
    let on_file = {
        let store = store.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            if let Some(file) = input.files().and_then(|f| f.get(0)) {
                super::add_file(store.clone(), file);
            }
            input.set_value("");
        })
    };
    let error = |field: ReferenceField| {
        form.error
            .as_ref()
            .filter(|(f, _)| *f == field)
            .map(|(_, e)| AttrValue::from(e.clone()))
    };
    let role_error = error(ReferenceField::Role);
    let text_error = error(ReferenceField::Text);
    html! {
        <div class="reference-form">
            <label for="reference-text">{ "Reference output" }</label>
            <textarea id="reference-text" ref={text_ref.clone()} rows="5" spellcheck="false"
                placeholder={"orders:0:1200\norders:1:1188"}
                aria-invalid={text_error.is_some().then_some("true")}
                aria-describedby={text_error.is_some().then_some("reference-text-error")} />
            if let Some(e) = text_error {
                <p class="field-error" id="reference-text-error">{ e }</p>
            }
            <div class="fields">
                <div class="field">
                    <label for="reference-role">{ "What these offsets are" }</label>
                    <select id="reference-role" onchange={on_role}
                        aria-invalid={role_error.is_some().then_some("true")}
                        aria-describedby={role_error.is_some().then_some("reference-role-error")}>
                        <option value="" selected={form.role.is_empty()}>{ "Choose…" }</option>
                        { for ROLE_CHOICES.iter().map(|(id, label)| html! {
                            <option value={*id} selected={form.role == *id}>{ *label }</option>
                        }) }
                    </select>
                    if let Some(e) = role_error {
                        <p class="field-error" id="reference-role-error">{ e }</p>
                    }
                </div>
                if form.role == "time" {
                    <Field id="reference-time" label="Time of these offsets" value={form.time.clone()}
                        placeholder="2026-11-30T12:00:00Z" error={error(ReferenceField::Time)}
                        on_input={set(ReferenceField::Time)} />
                }
                if form.role == "group" {
                    <Field id="reference-group" label="Consumer group (optional)" value={form.group.clone()}
                        error={error(ReferenceField::Group)} on_input={set(ReferenceField::Group)} />
                }
            </div>
            <div class="actions">
                <button type="button" onclick={on_add(store, busy, text_ref)}>{ "Add reference" }</button>
                <label class="file-button">
                    <span>{ "Open reference file" }</span>
                    <input type="file" aria-label="Open reference file" accept=".txt,.csv,.out,text/*" onchange={on_file} />
                </label>
            </div>
        </div>
    }
}

/// "Add reference": the text area's text into the form, then the reference added (with the
/// busy line first when the text or the listing is large).
fn on_add(store: &StoreHandle, busy: &Busy, text_ref: &NodeRef) -> Callback<MouseEvent> {
    let store = store.clone();
    let text_ref = text_ref.clone();
    let busy = busy.clone();
    Callback::from(move |_: MouseEvent| {
        let mut size = 0;
        if let Some(area) = text_ref.cast::<HtmlTextAreaElement>() {
            let text = area.value();
            size = text.len();
            store.dispatch(EditorAction::References(
                ReferencesAction::SetReferenceForm(ReferenceField::Text, text),
            ));
        }
        busy.run(
            &store,
            size > crate::busy::HEAVY_BYTES || crate::busy::heavy_rows(&store),
            "Reading the reference and checking every row against the log…",
            EditorAction::References(ReferencesAction::AddReference {
                now_ms: io::now_ms(),
            }),
        );
    })
}
