//! One labelled form control with its refusal under it: a one-line text field or a choice.
//! Used by the Export panel's settings, the guided start and "Start a new connector"; each
//! caller says what a change dispatches.

use crate::store::StoreHandle;
use offsets_core::editor::SettingsAction;
use offsets_core::editor::{EditorAction, Field};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub(crate) struct TextFieldProps {
    /// The input's id; the refusal's is `{id}-error`.
    pub(crate) id: AttrValue,
    pub(crate) label: AttrValue,
    pub(crate) value: AttrValue,
    /// Shown as `e.g. EXAMPLE` while the field is empty: an example, never a value.
    pub(crate) example: AttrValue,
    pub(crate) error: Option<AttrValue>,
    /// Called with the text as the user types.
    pub(crate) oninput: Callback<String>,
}

#[component]
pub(crate) fn TextField(props: &TextFieldProps) -> Html {
    let id = props.id.clone();
    let oninput = props.oninput.reform(|e: InputEvent| {
        let input: HtmlInputElement = e.target_unchecked_into();
        input.value()
    });
    html! {
        <div class="field">
            <label for={id.clone()}>{ props.label.clone() }</label>
            <input id={id.clone()} type="text" value={props.value.clone()} {oninput}
                placeholder={format!("e.g. {}", props.example)} autocomplete="off" spellcheck="false"
                aria-invalid={props.error.is_some().then_some("true")}
                aria-describedby={props.error.is_some().then(|| format!("{id}-error"))} />
            if let Some(e) = &props.error {
                <span id={format!("{id}-error")} class="field-error">{ e.clone() }</span>
            }
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub(crate) struct ChoiceFieldProps {
    /// The select's id; the refusal's is `{id}-error`.
    pub(crate) id: AttrValue,
    pub(crate) label: AttrValue,
    /// `(value, label)` of each choice, after a first empty "Choose…".
    pub(crate) choices: &'static [(&'static str, &'static str)],
    pub(crate) current: AttrValue,
    pub(crate) error: Option<AttrValue>,
    /// Called with the chosen value.
    pub(crate) onchange: Callback<String>,
}

#[component]
pub(crate) fn ChoiceField(props: &ChoiceFieldProps) -> Html {
    let id = props.id.clone();
    let onchange = props.onchange.reform(|e: Event| {
        let select: HtmlSelectElement = e.target_unchecked_into();
        select.value()
    });
    html! {
        <div class="field">
            <label for={id.clone()}>{ props.label.clone() }</label>
            <select id={id.clone()} {onchange}
                aria-invalid={props.error.is_some().then_some("true")}
                aria-describedby={props.error.is_some().then(|| format!("{id}-error"))}>
                <option value="" selected={props.current.is_empty()}>{ "Choose…" }</option>
                { for props.choices.iter().map(|(value, label)| html! {
                    <option value={*value} selected={props.current == *value}>{ *label }</option>
                }) }
            </select>
            if let Some(e) = &props.error {
                <span id={format!("{id}-error")} class="field-error">{ e.clone() }</span>
            }
        </div>
    }
}

/// What typing into an export setting dispatches.
pub(crate) fn set_field(store: &StoreHandle, field: Field) -> Callback<String> {
    let store = store.clone();
    Callback::from(move |value| {
        store.dispatch(EditorAction::Settings(SettingsAction::SetField(
            field, value,
        )))
    })
}
