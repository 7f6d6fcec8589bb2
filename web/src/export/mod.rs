//! The Export region: target settings validated as they are typed, a summary of the change,
//! and the views (ConfigMap YAML, kubectl or curl commands and script, PATCH JSON, CSV, the
//! auto.offset.reset procedure, the Rollback in `rollback.rs`) as tabs (WAI-ARIA tabs pattern:
//! arrow keys, Home and End move the selection, which core keeps in the prefs record), each
//! panel with its own Copy and Download.
//! Payload errors disable every view ("Export disabled"); a setting stops only the views that
//! use it, which say which field to fill in.
//!
//! This file is the panel (settings, blockers, tabs); `view` is one export view and the shared
//! texts it shows, `rendered` computes every view's text once per change, `rollback` is the
//! Rollback tab, `create` the settings of a connector to create.

mod create;
mod rendered;
mod rollback;
pub(crate) mod view;

use crate::field::{TextField, set_field};
use crate::store::use_store;
use offsets_core::Diagnostic;
use offsets_core::diag::located_text;
use offsets_core::edit::{Action, ExportScope};
use offsets_core::editor::{
    Check, EditorAction, ExportTab, Field, NoticeAt, TabKey, TargetKind, counted, export_tabs,
    stored_offsets_sentence, summary_sentence, tab_after,
};
use offsets_core::editor::{EditAction, PageAction, SettingsAction};
use offsets_core::procedure::{AliasPath, AutoOffsetReset};
use rendered::Rendered;
use std::rc::Rc;
use view::{ExportView, ScriptDownload};
use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ExportProps {
    /// The editor's problems for the current data (computed once by the app).
    pub problems: Rc<Vec<Diagnostic>>,
    /// What Problems lists and what blocks the export (one core call for both panels).
    pub check: Rc<Check>,
    /// False while the problems of the latest change are still being computed: nothing is
    /// exported from a state that has not been checked.
    pub fresh: bool,
}

#[component]
pub fn ExportPanel(props: &ExportProps) -> Html {
    let store = use_store();
    let key = {
        let editor = store.editor();
        (
            editor.data_revision(),
            editor.settings_revision(),
            props.fresh,
        )
    };
    let exports = {
        let store = store.clone();
        let problems = props.problems.clone();
        use_memo(key, move |(_, _, fresh)| {
            fresh
                .then(|| store.editor().exports_from(&problems))
                .flatten()
                .map(Rendered::new)
        })
    };
    let tablist_ref = use_node_ref();
    let blockers = &props.check.blockers;
    let waiting = props.check.waiting.clone();
    let editor = store.editor();
    let Some(session) = editor.session() else {
        return html! {};
    };
    let settings = editor.settings().clone();
    let wide = editor.export_wide();
    let all = session.scope() == ExportScope::All;
    let every_entry = editor.exports_every_entry();
    let kind = session.kind();
    // What the connector's auto.offset.reset is now (the custom resource's, or the default).
    let reset_now = session.reset().phrase();
    let field_errors: Vec<(Field, Option<String>)> = Field::ALL
        .iter()
        .map(|f| (*f, editor.field_error_shown(*f)))
        .collect();
    drop(editor);
    let Some(rendered) = exports.as_ref() else {
        return html! {
            <section class="panel export" aria-label="Export">
                <h2>{ "Export" }</h2>
                <p class="hint" role="status">{ "Checking the latest change before export…" }</p>
            </section>
        };
    };

    let field = |field: Field, label: &'static str, example: &'static str| {
        let error = field_errors
            .iter()
            .find(|(f, _)| *f == field)
            .and_then(|(_, e)| e.clone());
        html! {
            <TextField id={format!("export-{}", field.id().to_ascii_lowercase())} {label}
                value={settings.get(field).to_string()} {example}
                error={error.map(AttrValue::from)} oninput={set_field(&store, field)} />
        }
    };
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
    let on_scope = {
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
    };
    let on_alias_path = {
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
    };
    let on_reset_value = {
        let store = store.clone();
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            let value = match select.value().as_str() {
                "earliest" => Some(AutoOffsetReset::Earliest),
                "latest" => Some(AutoOffsetReset::Latest),
                _ => None,
            };
            store.dispatch(EditorAction::Settings(SettingsAction::SetAutoOffsetReset(
                value,
            )));
        })
    };

    let exports = &rendered.exports;
    let summary = summary_sentence(exports, all);
    let create_refused = if settings.create {
        exports
            .procedure
            .as_ref()
            .err()
            .cloned()
            .unwrap_or_default()
    } else {
        Vec::new()
    };
    let blocked = !blockers.is_empty();
    let is_rest = settings.target == TargetKind::Rest;
    let tool = if is_rest { "curl" } else { "kubectl" };
    let notes = |r: &Result<offsets_core::export::Export, Vec<Diagnostic>>| {
        r.as_ref()
            .map(|e| e.diagnostics.clone())
            .unwrap_or_default()
    };
    let procedure_notes = exports
        .procedure
        .as_ref()
        .map(|p| p.warnings.clone())
        .unwrap_or_default();

    let views_ok = !blocked && waiting.is_none();
    let tabs = export_tabs(views_ok, rendered.auto_offset_reset.is_some());
    let shown = store.editor().shown_export_tab(&tabs);
    let on_tab_key = {
        let store = store.clone();
        let tabs = tabs.clone();
        let tablist_ref = tablist_ref.clone();
        Callback::from(move |e: KeyboardEvent| {
            let Some(key) = TabKey::from_key(&e.key()) else {
                return;
            };
            let Some(current) = shown else {
                return;
            };
            let Some(next) = tab_after(&tabs, current, key) else {
                return;
            };
            e.prevent_default();
            store.dispatch(EditorAction::Page(PageAction::SelectExportTab(next)));
            // Roving tabindex: focus follows the selection.
            let index = tabs.iter().position(|t| *t == next).unwrap_or(0);
            // Through the node: Yew delegates events, so the event's current target is not the
            // tab list.
            if let Some(tab) = tablist_ref
                .cast::<HtmlElement>()
                .and_then(|list| list.children().item(index as u32))
                .and_then(|el| el.dyn_into::<HtmlElement>().ok())
            {
                let _ = tab.focus();
            }
        })
    };
    let view = |tab: ExportTab| -> Html {
        match tab {
            ExportTab::ConfigMap => html! {
                <ExportView title="ConfigMap YAML" file="alter.yaml" mime="application/yaml"
                    text={rendered.configmap.clone()} notes={notes(&exports.configmap)}
                    meaning={AttrValue::from(stored_offsets_sentence(kind))} />
            },
            ExportTab::Commands => html! {
                <ExportView title={format!("{tool} commands")} file={if is_rest { "alter-offsets-curl.sh" } else { "alter-offsets-steps.sh" }}
                    mime="text/x-shellscript" text={rendered.steps.clone()} notes={procedure_notes.clone()}
                    copy_all={rendered.script.clone()} steps={rendered.step_texts.clone()} />
            },
            ExportTab::Script => html! {
                <ExportView title={format!("{tool} script")} file="alter-offsets.sh" mime="text/x-shellscript" text={rendered.script.clone()} />
            },
            ExportTab::PatchJson => html! {
                <ExportView title="PATCH JSON" file="offsets.json" mime="application/json"
                    text={rendered.patch_json.clone()} notes={notes(&exports.patch_json)}
                    meaning={AttrValue::from(stored_offsets_sentence(kind))} />
            },
            ExportTab::Csv => html! {
                <ExportView title="CSV" file="offsets.csv" mime="text/csv"
                    text={rendered.csv.clone()} notes={notes(&exports.csv)}
                    meaning={offsets_core::export::csv_positions(kind).map(AttrValue::from)} />
            },
            ExportTab::Rollback => html! {
                <rollback::RollbackView problems={props.problems.clone()} fresh={props.fresh} />
            },
            ExportTab::AutoOffsetReset => match &rendered.auto_offset_reset {
                Some(reset) => html! {
                    <div class="auto-offset-reset">
                        <h3>{ "Where partitions without an offset start" }</h3>
                        <p class="hint">{ "Partitions with no stored offset (new ones, and nulled ones) start from the source consumer's auto.offset.reset. MirrorMaker 2 defaults it to earliest. Setting latest skips every record written before the connector first sees the partition: it gives up the at-least-once guarantee for new partitions." }</p>
                        <label for="auto-offset-reset">{ "auto.offset.reset value" }</label>
                        <select id="auto-offset-reset" onchange={on_reset_value.clone()}>
                            <option value="" selected={settings.auto_offset_reset.is_none()}>{ format!("not chosen: keep the current setting ({reset_now}), no command") }</option>
                            <option value="earliest" selected={settings.auto_offset_reset == Some(AutoOffsetReset::Earliest)}>{ "earliest (replicate everything, the default)" }</option>
                            <option value="latest" selected={settings.auto_offset_reset == Some(AutoOffsetReset::Latest)}>{ "latest (skip history of new partitions)" }</option>
                        </select>
                        if settings.auto_offset_reset == Some(AutoOffsetReset::Latest) {
                            <p class="note warning" role="alert">{ "latest gives up at-least-once delivery: records written to a new or nulled partition before the connector first sees it are never mirrored." }</p>
                        }
                        if settings.auto_offset_reset.is_some() {
                            <ExportView title="auto.offset.reset commands" file="auto-offset-reset.sh" mime="text/x-shellscript"
                                text={reset.clone()} />
                        } else {
                            // Core says why there is no command (not chosen); never a default.
                            <p class="hint" role="status" aria-label="auto.offset.reset commands">
                                { reset.0.as_ref().as_ref().err().and_then(|d| d.first()).map(|d| d.message.clone()).unwrap_or_default() }
                            </p>
                        }
                    </div>
                },
                None => html! {},
            },
        }
    };

    // K6: one ConfigMap cannot hold this alter; rounds can.
    let too_large = !is_rest && !settings.rounds && exports.too_large_for_one_configmap();
    let on_rounds = {
        let store = store.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            store.dispatch(EditorAction::Settings(SettingsAction::SetRounds(
                input.checked(),
            )));
        })
    };

    html! {
        <section class="panel export" aria-label="Export">
            <div class="panel-head">
                <h2>{ "Export" }</h2>
                <button type="button" class="widen" aria-pressed={wide.to_string()}
                    title="Give the export the width its commands need; the table narrows meanwhile"
                    onclick={crate::store::on_click(&store, EditorAction::Page(PageAction::WidenExport(!wide)))}>
                    { "Wide export" }
                </button>
            </div>
            <p class="summary" aria-label="Change summary">{ summary }</p>
            <fieldset class="settings">
                <legend>{ "Apply to" }</legend>
                <div class="radios" role="radiogroup" aria-label="Target">
                    { target_radio(TargetKind::KafkaConnector) }
                    { target_radio(TargetKind::KafkaMirrorMaker2) }
                    { target_radio(TargetKind::Rest) }
                </div>
                <div class="fields">
                    { match settings.target {
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
                                <select id="alias-path" onchange={on_alias_path}>
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
                    } }
                </div>
                <label class="checkbox">
                    <input type="checkbox" checked={every_entry} disabled={settings.create} onchange={on_scope} />
                    { if settings.create {
                        "Export all entries (a connector created stopped gets every entry)"
                    } else {
                        "Export all entries (by default only changed entries: an alter touches only what it names)"
                    } }
                </label>
                if !is_rest {
                    <label class="checkbox">
                        <input type="checkbox" checked={settings.rounds} onchange={on_rounds.clone()} />
                        { "Export in rounds: ConfigMaps NAME-1, NAME-2, … of at most 1 MiB each, applied one after the other (for an alter Kubernetes would refuse as one ConfigMap)" }
                    </label>
                }
            </fieldset>
            <create::CreateSettings create={settings.create} config={settings.create_config.clone()}
                previous={settings.create_previous} strimzi={settings.create_strimzi}
                rest={is_rest} refused={create_refused} />
            if too_large {
                <div class="note error" role="region" aria-label="Too large for one ConfigMap">
                    <p>{ "This alter is larger than one ConfigMap may hold (1 MiB), so Kubernetes would refuse it. Export it in rounds: several ConfigMaps, each under the limit, that the procedure applies one after the other with the connector stopped throughout." }</p>
                    <button type="button" onclick={crate::store::on_click(&store, EditorAction::Settings(SettingsAction::SetRounds(true)))}>{ "Export in rounds" }</button>
                </div>
            }
            // What the export scope did, next to its checkbox.
            <crate::notice::NoticeLine at={&[NoticeAt::Export][..]} />
            if blocked {
                <div class="blocked" role="region" aria-label="Export disabled">
                    <p>{ format!("Export is disabled until {} fixed:", counted(blockers.len(), "error is", "errors are")) }</p>
                    <ul>{ for blockers.iter().take(10).map(|d| html! { <li>{ located_text(d) }</li> }) }</ul>
                    <p class="hint">{ "Each is listed under Problems too." }</p>
                </div>
            } else if let Some(waiting) = waiting {
                <p class="waiting" role="status" aria-label="Nothing to export yet">{ waiting }</p>
            } else {
                <ScriptDownload script={rendered.script.clone()} />
            }
            if !tabs.is_empty() {
                <div class="export-tabs" role="tablist" aria-label="Export views" ref={tablist_ref} onkeydown={on_tab_key}>
                    { for tabs.iter().map(|tab| {
                        let selected = shown == Some(*tab);
                        let tab = *tab;
                        html! {
                            <button type="button" role="tab" id={format!("export-tab-{}", tab.id())}
                                aria-selected={selected.to_string()}
                                aria-controls={format!("export-panel-{}", tab.id())}
                                tabindex={if selected { "0" } else { "-1" }}
                                onclick={crate::store::on_click(&store, EditorAction::Page(PageAction::SelectExportTab(tab)))}>
                                { tab.label(settings.target) }
                            </button>
                        }
                    }) }
                </div>
                // Every panel exists for its tab's aria-controls; only the selected one is filled
                // (the texts of a large alter are megabytes).
                { for tabs.iter().map(|tab| html! {
                    <div class="export-panel" role="tabpanel" id={format!("export-panel-{}", tab.id())}
                        aria-labelledby={format!("export-tab-{}", tab.id())} tabindex="0"
                        hidden={shown != Some(*tab)}>
                        if shown == Some(*tab) { { view(*tab) } }
                    </div>
                }) }
            }
        </section>
    }
}
