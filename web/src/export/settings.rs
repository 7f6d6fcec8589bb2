//! The Export panel's "Apply to" settings: the target, the fields it needs (each with its
//! refusal), the scope of the export and the rounds.

use crate::field::{TextField, set_field};
use crate::store::StoreHandle;
use offsets_core::edit::{Action, ExportScope};
use offsets_core::editor::{
    EditAction, EditorAction, ExportSettings, Field, SettingsAction, TargetKind,
};
use offsets_core::procedure::AliasPath;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// The "Apply to" fieldset: the target radios, the target's fields, and the scope and rounds
/// checkboxes.
pub(super) fn target_settings(
    store: &StoreHandle,
    settings: &ExportSettings,
    field_errors: &[(Field, Option<String>)],
    every_entry: bool,
) -> Html {
    let target_radio = |target: TargetKind| {
        let store = store.clone();
        html! {
            <label class="radio">
                <input type="radio" name="export-target" checked={settings.target == target}
                    onchange={Callback::from(move |_: Event| store.dispatch(EditorAction::Settings(SettingsAction::SetTarget(target))))} />
                { target.label() }
            </label>
        }
    };
    let is_rest = settings.target == TargetKind::Rest;
    html! {
        <fieldset class="settings">
            <legend>{ "Apply to" }</legend>
            <div class="radios" role="radiogroup" aria-label="Target">
                { target_radio(TargetKind::KafkaConnector) }
                { target_radio(TargetKind::KafkaMirrorMaker2) }
                { target_radio(TargetKind::Rest) }
            </div>
            <div class="fields">
                { target_fields(store, settings, field_errors) }
            </div>
            <label class="checkbox">
                <input type="checkbox" checked={every_entry} disabled={settings.create} onchange={on_scope(store)} />
                { if settings.create {
                    "Export all entries (a connector created stopped gets every entry)"
                } else {
                    "Export all entries (by default only changed entries: an alter touches only what it names)"
                } }
            </label>
            if !is_rest {
                <label class="checkbox">
                    <input type="checkbox" checked={settings.rounds} onchange={on_rounds(store)} />
                    { "Export in rounds: ConfigMaps NAME-1, NAME-2, … of at most 1 MiB each, applied one after the other (for an alter Kubernetes would refuse as one ConfigMap)" }
                </label>
            }
        </fieldset>
    }
}

/// The fields the chosen target needs.
fn target_fields(
    store: &StoreHandle,
    settings: &ExportSettings,
    field_errors: &[(Field, Option<String>)],
) -> Html {
    let field = |field: Field, label: &'static str, example: &'static str| {
        let error = field_errors
            .iter()
            .find(|(f, _)| *f == field)
            .and_then(|(_, e)| e.clone());
        html! {
            <TextField id={format!("export-{}", field.id().to_ascii_lowercase())} {label}
                value={settings.get(field).to_string()} {example}
                error={error.map(AttrValue::from)} oninput={set_field(store, field)} />
        }
    };
    match settings.target {
        TargetKind::KafkaConnector => html! { <>
            { field(Field::Resource, "KafkaConnector name", "my-connector") }
            { field(Field::Namespace, "Namespace", "kafka") }
            { field(Field::ListConfigMap, "List ConfigMap", "my-connector-offsets") }
            { field(Field::AlterConfigMap, "Alter ConfigMap name", "my-connector-offsets-alter") }
            { field(Field::Context, "kubectl context (optional)", "current context") }
        </> },
        TargetKind::KafkaMirrorMaker2 => html! { <>
            { field(Field::Resource, "KafkaMirrorMaker2 name", "my-mm2") }
            { field(Field::Connector, "Connector", "east->west.MirrorSourceConnector") }
            { field(Field::MirrorIndex, "Mirror index", "0") }
            <div class="field">
                <label for="alias-path">{ "Mirror guard path" }</label>
                <select id="alias-path" onchange={on_alias_path(store)}>
                    <option value="new" selected={settings.alias_path == AliasPath::New}>{ "spec.mirrors[i].source.alias (kafka.strimzi.io/v1: Strimzi 1.0 or later)" }</option>
                    <option value="old" selected={settings.alias_path == AliasPath::Old}>{ "spec.mirrors[i].sourceCluster (kafka.strimzi.io/v1beta2: Strimzi 0.44 to 0.51)" }</option>
                </select>
            </div>
            { field(Field::Namespace, "Namespace", "kafka") }
            { field(Field::ListConfigMap, "List ConfigMap", "my-mm2-offsets") }
            { field(Field::AlterConfigMap, "Alter ConfigMap name", "my-mm2-offsets-alter") }
            { field(Field::Context, "kubectl context (optional)", "current context") }
        </> },
        TargetKind::Rest => html! { <>
            { field(Field::Connector, "Connector name", "my-connector") }
            { field(Field::RestUrl, "Connect REST URL", "http://connect:8083") }
        </> },
    }
}

/// "Export all entries": the session's scope.
fn on_scope(store: &StoreHandle) -> Callback<Event> {
    let store = store.clone();
    Callback::from(move |e: Event| {
        let input: HtmlInputElement = e.target_unchecked_into();
        let scope = if input.checked() {
            ExportScope::All
        } else {
            ExportScope::ChangedOnly
        };
        store.dispatch(EditorAction::Edit(EditAction::Session(Action::SetScope {
            scope,
        })));
    })
}

/// The MirrorMaker 2 guard path of the chosen Strimzi.
fn on_alias_path(store: &StoreHandle) -> Callback<Event> {
    let store = store.clone();
    Callback::from(move |e: Event| {
        let select: HtmlSelectElement = e.target_unchecked_into();
        let path = if select.value() == "old" {
            AliasPath::Old
        } else {
            AliasPath::New
        };
        store.dispatch(EditorAction::Settings(SettingsAction::SetAliasPath(path)));
    })
}

/// "Export in rounds".
fn on_rounds(store: &StoreHandle) -> Callback<Event> {
    let store = store.clone();
    Callback::from(move |e: Event| {
        let input: HtmlInputElement = e.target_unchecked_into();
        store.dispatch(EditorAction::Settings(SettingsAction::SetRounds(
            input.checked(),
        )));
    })
}
