//! The Export region: target settings validated as they are typed, a summary of the change,
//! and the views (ConfigMap YAML, kubectl or curl commands and script, PATCH JSON, CSV, the
//! auto.offset.reset procedure, the Rollback in `rollback.rs`) as tabs (WAI-ARIA tabs pattern:
//! arrow keys, Home and End move the selection, which core keeps in the prefs record), each
//! panel with its own Copy and Download.
//! Payload errors disable every view ("Export disabled"); a setting stops only the views that
//! use it, which say which field to fill in.

use crate::{io, use_store};
use offsets_core::Diagnostic;
use offsets_core::diag::located_text;
use offsets_core::edit::{Action, ExportScope};
use offsets_core::editor::{
    Check, EditorAction, ExportTab, Exports, Field, NoticeAt, TabKey, TargetKind, counted,
    export_tabs, stored_offsets_sentence, summary_sentence, tab_after,
};
use offsets_core::procedure::{AliasPath, AutoOffsetReset};
use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// An export's text or why it was refused, shared (never copied) between renders: the texts of a
/// large alter are megabytes, and the panel re-renders on every change of the page.
#[derive(Debug, Clone)]
pub(crate) struct Shared(Rc<Result<String, Vec<Diagnostic>>>);

impl PartialEq for Shared {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl Shared {
    pub(crate) fn new(result: Result<String, Vec<Diagnostic>>) -> Shared {
        Shared(Rc::new(result))
    }
}

/// The procedure's steps as the page shows them: the header (title and notes), then each step
/// `(title, text)` in a block of its own with its own Copy button.
#[derive(Debug, Clone)]
pub(crate) struct StepTexts(Rc<(String, Vec<(String, String)>)>);

impl StepTexts {
    pub(crate) fn of(
        procedure: &Result<offsets_core::procedure::Procedure, Vec<Diagnostic>>,
    ) -> StepTexts {
        StepTexts(Rc::new(
            procedure
                .as_ref()
                .map(|p| {
                    let steps = p
                        .steps
                        .iter()
                        .enumerate()
                        .map(|(i, step)| (step.title.clone(), p.render_step(i)))
                        .collect();
                    (p.render_header(), steps)
                })
                .unwrap_or_default(),
        ))
    }
}

impl PartialEq for StepTexts {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

/// Every view's text, computed once per change of the data or the settings.
#[derive(Debug)]
struct Rendered {
    exports: Exports,
    configmap: Shared,
    steps: Shared,
    step_texts: StepTexts,
    script: Shared,
    patch_json: Shared,
    csv: Shared,
    auto_offset_reset: Option<Shared>,
}

impl Rendered {
    fn new(exports: Exports) -> Rendered {
        let text = |r: &Result<offsets_core::export::Export, Vec<Diagnostic>>| {
            Shared::new(r.as_ref().map(|e| e.text.clone()).map_err(Clone::clone))
        };
        let procedure = |f: fn(&offsets_core::procedure::Procedure) -> String| {
            Shared::new(exports.procedure.as_ref().map(f).map_err(Clone::clone))
        };
        let step_texts = StepTexts::of(&exports.procedure);
        Rendered {
            step_texts,
            configmap: text(&exports.configmap),
            steps: procedure(offsets_core::procedure::Procedure::render_steps),
            script: procedure(offsets_core::procedure::Procedure::render_script),
            patch_json: text(&exports.patch_json),
            csv: text(&exports.csv),
            auto_offset_reset: exports
                .auto_offset_reset
                .as_ref()
                .map(|r| Shared::new(r.as_ref().map(|p| p.render_steps()).map_err(Clone::clone))),
            exports,
        }
    }
}

#[derive(Properties, PartialEq)]
pub(crate) struct ViewProps {
    pub title: AttrValue,
    pub file: AttrValue,
    pub mime: AttrValue,
    pub text: Shared,
    #[prop_or_default]
    pub notes: Vec<Diagnostic>,
    /// What Copy puts on the clipboard when it is not the text shown (the steps view copies
    /// the all-in-one script, which stops at the first failure).
    #[prop_or_default]
    pub copy_all: Option<Shared>,
    /// Shown instead of the text: each step in a block of its own, with its own "Copy step N"
    /// button.
    #[prop_or_default]
    pub steps: Option<StepTexts>,
    /// What the numbers are (stored offsets or consumer positions, and any conversion).
    #[prop_or_default]
    meaning: Option<AttrValue>,
}

/// One export view: the text, Copy and Download, and a visible confirmation.
#[component]
pub(crate) fn ExportView(props: &ViewProps) -> Html {
    let confirmation = use_state(|| None::<String>);
    let available = props.text.0.is_ok();
    let copy = {
        let confirmation = confirmation.clone();
        move |text: String, what: String| {
            let confirmation = confirmation.clone();
            wasm_bindgen_futures::spawn_local(async move {
                confirmation.set(Some(match io::copy(text).await {
                    Ok(()) => format!("Copied {what}to the clipboard."),
                    Err(e) => format!("Not copied: {e}."),
                }));
            });
        }
    };
    let on_copy = {
        let copy = copy.clone();
        let shared = props.copy_all.clone().unwrap_or_else(|| props.text.clone());
        let what = if props.copy_all.is_some() {
            "all steps as the script "
        } else {
            ""
        };
        Callback::from(move |_: MouseEvent| {
            copy(
                shared.0.as_ref().clone().unwrap_or_default(),
                what.to_owned(),
            );
        })
    };
    let on_download = {
        let confirmation = confirmation.clone();
        let shared = props.text.clone();
        let (file, mime) = (props.file.clone(), props.mime.clone());
        Callback::from(move |_: MouseEvent| {
            let text = shared
                .0
                .as_ref()
                .as_ref()
                .map(String::as_str)
                .unwrap_or_default();
            confirmation.set(Some(match io::download(&file, text, &mime) {
                Ok(()) => format!("Downloaded {file}."),
                Err(e) => format!("Not downloaded: {e}."),
            }));
        })
    };
    let id = props
        .title
        // Titles are ASCII (fixed in the code): no Unicode case tables needed.
        .to_ascii_lowercase()
        .replace(|c: char| !c.is_ascii_alphanumeric(), "-");
    html! {
        <section class="export-view" aria-labelledby={format!("{id}-title")}>
            <div class="view-head">
                <h3 id={format!("{id}-title")}>{ &props.title }</h3>
                <button type="button" onclick={on_copy} disabled={!available}>{ "Copy" }</button>
                <button type="button" onclick={on_download} disabled={!available}>{ "Download" }</button>
                <span class="confirmation" role="status">{ (*confirmation).clone().unwrap_or_default() }</span>
            </div>
            if let (Some(_), true) = (&props.steps, available) {
                <p class="hint">{ "Copy puts all steps on the clipboard as the script (set -euo pipefail: it stops at the first command that fails). To run one step at a time, copy each step, run it, and check its result." }</p>
            }
            if let Some(meaning) = &props.meaning {
                <p class="hint conversion">{ meaning }</p>
            }
            { for props.notes.iter().filter(|d| d.severity != offsets_core::Severity::Info && !d.rule.starts_with(['S', 'M', 'I'])).map(|d| html! {
                <p class={classes!("note", d.severity.as_str())}>{ format!("{}: {}", d.rule, d.message) }</p>
            }) }
            { match (props.text.0.as_ref(), &props.steps) {
                (Ok(_), Some(steps)) => {
                    let (header, steps) = steps.0.as_ref();
                    html! { <>
                        <pre class="export-text steps-header" tabindex="0">{ header.as_str() }</pre>
                        <ol class="steps" aria-label="Steps">
                            { for steps.iter().enumerate().map(|(i, (title, text))| {
                                let copy = copy.clone();
                                let shared = text.clone();
                                let n = i + 1;
                                let heading = format!("{id}-step-{n}");
                                html! {
                                    <li class="step" aria-labelledby={heading.clone()}>
                                        <div class="step-head">
                                            <h4 id={heading}>{ format!("Step {n}. {title}") }</h4>
                                            <button type="button" onclick={Callback::from(move |_: MouseEvent| copy(shared.clone(), format!("step {n} ")))}>{ format!("Copy step {n}") }</button>
                                        </div>
                                        <pre class="export-text step-text" tabindex="0">{ text.as_str() }</pre>
                                    </li>
                                }
                            }) }
                        </ol>
                    </> }
                }
                (Ok(text), None) => html! { <pre class="export-text" tabindex="0">{ text.as_str() }</pre> },
                (Err(diags), _) => html! {
                    <ul class="export-errors">
                        { for diags.iter().filter(|d| d.is_error()).take(20).map(|d| html! { <li>{ located_text(d) }</li> }) }
                    </ul>
                },
            } }
        </section>
    }
}

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

    let field = |field: Field, label: &'static str, hint: &'static str| {
        let store = store.clone();
        let id = format!("export-{}", field.id().to_ascii_lowercase());
        let error = field_errors
            .iter()
            .find(|(f, _)| *f == field)
            .and_then(|(_, e)| e.clone());
        let oninput = Callback::from(move |e: InputEvent| {
            let input: HtmlInputElement = e.target_unchecked_into();
            store.dispatch(EditorAction::SetField(field, input.value()));
        });
        html! {
            <div class="field">
                <label for={id.clone()}>{ label }</label>
                <input id={id.clone()} type="text" value={settings.get(field).to_string()} oninput={oninput}
                    placeholder={format!("e.g. {hint}")} autocomplete="off" spellcheck="false"
                    aria-invalid={error.is_some().to_string()}
                    aria-describedby={error.is_some().then(|| format!("{id}-error"))} />
                if let Some(e) = error {
                    <span id={format!("{id}-error")} class="field-error">{ e }</span>
                }
            </div>
        }
    };
    let target_radio = |target: TargetKind| {
        let store = store.clone();
        html! {
            <label class="radio">
                <input type="radio" name="export-target" checked={settings.target == target}
                    onchange={Callback::from(move |_: Event| store.dispatch(EditorAction::SetTarget(target)))} />
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
            store.dispatch(EditorAction::Edit(Action::SetScope { scope }));
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
            store.dispatch(EditorAction::SetAliasPath(path));
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
            store.dispatch(EditorAction::SetAutoOffsetReset(value));
        })
    };

    let exports = &rendered.exports;
    let summary = summary_sentence(exports, all);
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
            store.dispatch(EditorAction::SelectExportTab(next));
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
                <crate::rollback::RollbackView problems={props.problems.clone()} fresh={props.fresh} />
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
    let too_large = !is_rest
        && !settings.rounds
        && exports
            .configmap
            .as_ref()
            .err()
            .is_some_and(|d| d.iter().any(|d| d.rule == "K6" && d.is_error()));
    let on_rounds = {
        let store = store.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            store.dispatch(EditorAction::SetRounds(input.checked()));
        })
    };

    html! {
        <section class="panel export" aria-label="Export">
            <div class="panel-head">
                <h2>{ "Export" }</h2>
                <button type="button" class="widen" aria-pressed={wide.to_string()}
                    title="Give the export the width its commands need; the table narrows meanwhile"
                    onclick={crate::on_click(&store, EditorAction::WidenExport(!wide))}>
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
                    <input type="checkbox" checked={all} onchange={on_scope} />
                    { "Export all entries (by default only changed entries: an alter touches only what it names)" }
                </label>
                if !is_rest {
                    <label class="checkbox">
                        <input type="checkbox" checked={settings.rounds} onchange={on_rounds.clone()} />
                        { "Export in rounds: ConfigMaps NAME-1, NAME-2, … of at most 1 MiB each, applied one after the other (for an alter Kubernetes would refuse as one ConfigMap)" }
                    </label>
                }
            </fieldset>
            if too_large {
                <div class="note error" role="region" aria-label="Too large for one ConfigMap">
                    <p>{ "This alter is larger than one ConfigMap may hold (1 MiB), so Kubernetes would refuse it. Export it in rounds: several ConfigMaps, each under the limit, that the procedure applies one after the other with the connector stopped throughout." }</p>
                    <button type="button" onclick={crate::on_click(&store, EditorAction::SetRounds(true))}>{ "Export in rounds" }</button>
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
                                onclick={crate::on_click(&store, EditorAction::SelectExportTab(tab))}>
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

#[derive(Properties, PartialEq)]
struct ScriptDownloadProps {
    script: Shared,
}

/// The whole procedure in one file, whichever tab is open: the script of every step
/// (`set -euo pipefail`: it stops at the first command that fails).
#[component]
fn ScriptDownload(props: &ScriptDownloadProps) -> Html {
    let confirmation = use_state(String::new);
    let available = props.script.0.is_ok();
    let on_download = {
        let confirmation = confirmation.clone();
        let script = props.script.clone();
        Callback::from(move |_: MouseEvent| {
            let text = script
                .0
                .as_ref()
                .as_ref()
                .map(String::as_str)
                .unwrap_or_default();
            confirmation.set(
                match io::download("alter-offsets.sh", text, "text/x-shellscript") {
                    Ok(()) => "Downloaded alter-offsets.sh.".to_string(),
                    Err(e) => format!("Not downloaded: {e}."),
                },
            );
        })
    };
    html! {
        <div class="export-all">
            <button type="button" onclick={on_download} disabled={!available}>{ "Download everything as one script" }</button>
            <span class="confirmation" role="status">{ (*confirmation).clone() }</span>
        </div>
    }
}
