//! A text field of the reference form or of the command generator, with its error under it.

use web_sys::HtmlInputElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub(super) struct FieldProps {
    pub(super) id: AttrValue,
    pub(super) label: AttrValue,
    pub(super) value: AttrValue,
    #[prop_or_default]
    pub(super) placeholder: AttrValue,
    #[prop_or_default]
    pub(super) error: Option<AttrValue>,
    pub(super) on_input: Callback<String>,
}

#[component]
pub(super) fn Field(props: &FieldProps) -> Html {
    let error_id = format!("{}-error", props.id);
    let oninput = {
        let on_input = props.on_input.clone();
        Callback::from(move |e: InputEvent| {
            let input: HtmlInputElement = e.target_unchecked_into();
            on_input.emit(input.value());
        })
    };
    html! {
        <div class="field">
            <label for={props.id.clone()}>{ props.label.clone() }</label>
            <input id={props.id.clone()} type="text" spellcheck="false" value={props.value.clone()}
                placeholder={props.placeholder.clone()} {oninput}
                aria-invalid={props.error.is_some().then_some("true")}
                aria-describedby={props.error.is_some().then(|| error_id.clone())} />
            if let Some(error) = &props.error {
                <p class="field-error" id={error_id}>{ error.clone() }</p>
            }
        </div>
    }
}
