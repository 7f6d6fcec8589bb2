//! The guided start on the empty page: the three steps (list, edit, apply) and the list commands
//! generated from a few fields. The fields are the export settings' own (`Field`), so what is
//! typed here fills the export settings too; core builds and checks the commands. Below them,
//! "Start a new connector" (`new_connector/`) for a connector that has no offsets yet, and
//! "Fail over consumer groups" (`failover/`).

use crate::export::view::{ExportView, Shared, StepTexts};
use crate::field::{TextField, set_field};
use crate::store::use_store;
use offsets_core::editor::{EditorAction, Field, START_PATHS, START_STEPS, StartPath, TargetKind};
use offsets_core::editor::{ImportAction, SettingsAction};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// The label and placeholder of a field of the guided start.
fn field_text(field: Field, target: TargetKind) -> (&'static str, &'static str) {
    match (field, target) {
        (Field::Resource, TargetKind::KafkaMirrorMaker2) => ("Resource name", "my-mm2"),
        (Field::Resource, _) => ("Resource name", "my-connector"),
        (Field::Namespace, _) => ("Namespace", "kafka"),
        (Field::Connector, _) => ("Connector", "east->west.MirrorSourceConnector"),
        (Field::MirrorIndex, _) => ("Mirror index", "0"),
        _ => ("", ""),
    }
}

#[component]
pub fn GuidedStart() -> Html {
    let store = use_store();
    let settings_revision = store.editor().settings_revision();
    let state = {
        let store = store.clone();
        use_memo(settings_revision, move |_| {
            let editor = store.editor();
            let fields: Vec<(Field, String, Option<String>)> = editor
                .start_fields()
                .into_iter()
                .map(|f| {
                    (
                        f,
                        editor.settings().get(f).to_string(),
                        editor.start_field_error(f),
                    )
                })
                .collect();
            let list = editor.start_list();
            (
                editor.start_target(),
                fields,
                Shared::new(
                    list.as_ref()
                        .map(|p| p.render_steps())
                        .map_err(|_| Vec::new()),
                ),
                Shared::new(
                    list.as_ref()
                        .map(|p| p.render_script())
                        .map_err(|_| Vec::new()),
                ),
                StepTexts::of(&list.as_ref().map_err(|_| Vec::new()).cloned()),
                list.err().map(|e| e.to_string()),
            )
        })
    };
    let (target, fields, steps, script, step_texts, missing) = (*state).clone();

    let on_kind = {
        let store = store.clone();
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            if let Some(target) = TargetKind::from_id(&select.value()) {
                store.dispatch(EditorAction::Settings(SettingsAction::SetTarget(target)));
            }
        })
    };
    let field = |(field, value, error): (Field, String, Option<String>)| {
        let (label, example) = field_text(field, target);
        html! {
            <TextField id={format!("start-{}", field.id().to_ascii_lowercase())} {label}
                {value} {example} error={error.map(AttrValue::from)}
                oninput={set_field(&store, field)} />
        }
    };

    let path = store.editor().start_path();
    let on_path = |p: StartPath| {
        let store = store.clone();
        Callback::from(move |_: Event| {
            store.dispatch(EditorAction::Import(ImportAction::SetStartPath(p)))
        })
    };
    html! {
        <section class="panel start" aria-labelledby="start-heading">
            <h2 id="start-heading">{ "Get started" }</h2>
            <fieldset class="start-paths">
                <legend>{ "What do you want to do?" }</legend>
                { for START_PATHS.iter().map(|(p, id, label)| html! {
                    <label class="start-path">
                        <input type="radio" name="start-path" value={*id}
                            checked={path == *p} onchange={on_path(*p)} />
                        { *label }
                    </label>
                }) }
            </fieldset>
            if path == StartPath::Change {
            <ol class="start-steps" aria-label="How it works">
                { for START_STEPS.iter().enumerate().map(|(i, (title, text))| html! {
                    <li>
                        <span class="start-number" aria-hidden="true">{ i + 1 }</span>
                        <div>
                            <h3>{ *title }</h3>
                            <p class="hint">{ *text }</p>
                        </div>
                    </li>
                }) }
            </ol>
            <div class="start-fields fields">
                <div class="field">
                    <label for="start-kind">{ "Resource kind" }</label>
                    <select id="start-kind" onchange={on_kind}>
                        <option value={TargetKind::KafkaConnector.id()} selected={target == TargetKind::KafkaConnector}>{ "KafkaConnector" }</option>
                        <option value={TargetKind::KafkaMirrorMaker2.id()} selected={target == TargetKind::KafkaMirrorMaker2}>{ "KafkaMirrorMaker2" }</option>
                    </select>
                </div>
                { for fields.into_iter().map(field) }
            </div>
            if let Some(missing) = missing {
                <p class="hint" role="status" aria-label="List commands">{ missing }</p>
            } else {
                <ExportView title="List commands" file="list-offsets-steps.sh" mime="text/x-shellscript"
                    text={steps} copy_all={script} steps={step_texts} />
            }
            <p class="hint">{ "Then paste the saved list.yaml below, or open it, or try Load example." }</p>
            }
            if path == StartPath::New {
                <crate::new_connector::NewConnectorStart />
            }
            if path == StartPath::Failover {
                <crate::failover::FailoverStart />
            }
        </section>
    }
}
