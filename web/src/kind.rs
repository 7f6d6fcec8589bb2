//! The "Connector kind" selector (docs/rules.md, IMP7): "Detected: <kind> (<where from>)" by
//! default, or one of the five kinds, which re-validates the listing as that kind.

use crate::store::use_store;
use offsets_core::ConnectorKind;
use offsets_core::editor::EditorAction;
use offsets_core::editor::ImportAction;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

#[component]
pub fn KindPicker() -> Html {
    let store = use_store();
    let data_revision = store.editor().data_revision();
    let state = {
        let store = store.clone();
        use_memo(data_revision, move |_| {
            let editor = store.editor();
            (editor.kind_options(), editor.kind_value())
        })
    };
    let (options, value) = (*state).clone();
    let on_change = {
        let store = store.clone();
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            // The first option ("Detected: ...") is no kind: back to the detected one.
            let kind = ConnectorKind::from_choice(&select.value());
            store.dispatch(EditorAction::Import(ImportAction::ChooseKind(kind)));
        })
    };
    html! {
        <div class="panel kind-picker">
            <label for="connector-kind">{ "Connector kind" }</label>
            <select id="connector-kind" onchange={on_change}>
                { for options.into_iter().map(|(v, label)| html! {
                    <option value={v.clone()} selected={v == value}>{ label }</option>
                }) }
            </select>
            <span class="hint">{ " Choose it when the detected kind is wrong, for example a bare REST body whose entries lack a key: every rule of the chosen kind then runs (your edits are reset)." }</span>
        </div>
    }
}
