//! One text field of the export settings (a name, a namespace, a context, ...): its label, the
//! value as the editor holds it, an example as placeholder and the field's error next to it.
//! Used by the Export panel and by the guided start, which ask for the same fields.

use crate::StoreHandle;
use offsets_core::editor::{EditorAction, Field};
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// Where a settings field is shown, and what it shows.
pub(crate) struct SettingField<'a> {
    /// Prefix of the element id (`export`, `start`): each place has ids of its own.
    pub(crate) place: &'a str,
    pub(crate) field: Field,
    pub(crate) label: &'a str,
    pub(crate) value: String,
    /// Shown as `e.g. EXAMPLE` while the field is empty.
    pub(crate) example: &'a str,
    pub(crate) error: Option<String>,
}

impl SettingField<'_> {
    /// The field, dispatching `SetField` as the user types.
    pub(crate) fn view(self, store: &StoreHandle) -> Html {
        let field = self.field;
        let store = store.clone();
        let id = format!("{}-{}", self.place, field.id().to_ascii_lowercase());
        let oninput = Callback::from(move |e: InputEvent| {
            let input: HtmlInputElement = e.target_unchecked_into();
            store.dispatch(EditorAction::SetField(field, input.value()));
        });
        let error = self.error;
        html! {
            <div class="field">
                <label for={id.clone()}>{ self.label }</label>
                <input id={id.clone()} type="text" value={self.value} oninput={oninput}
                    placeholder={format!("e.g. {}", self.example)} autocomplete="off" spellcheck="false"
                    aria-invalid={error.is_some().to_string()}
                    aria-describedby={error.is_some().then(|| format!("{id}-error"))} />
                if let Some(e) = error {
                    <span id={format!("{id}-error")} class="field-error">{ e }</span>
                }
            </div>
        }
    }
}
