//! The references panel (issue 11): paste, open or drop the output of `kafka-get-offsets.sh` or
//! `kafka-consumer-groups.sh` beside the listing, confirm what it is, see every bad line with
//! its line and column, set the shown rows from it, add the partitions the listing lacks, and
//! generate the commands that produce it. Core parses, checks, plans and words everything
//! (`ReferencesAction::AddReference` and friends); this only renders.

use crate::{io, store::use_store};
use offsets_core::diag::group_digits;
use offsets_core::editor::{
    EditorAction, LookupField, NoticeAt, ROLE_CHOICES, ReferenceField, ReferenceItem, caret_line,
    source_line,
};
use offsets_core::editor::{ImportAction, ReferencesAction};
use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::{DragEvent, File, HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

/// Errors listed per reference before "and N more".
pub(crate) const SHOWN_ERRORS: usize = 20;

/// The first [`SHOWN_ERRORS`] problems of a pasted `text`, each with its rule, line:column,
/// message and the line it points into (with a caret): a reference's, or the reference of
/// "Start a new connector".
pub(crate) fn located_findings(text: &str, diagnostics: &[offsets_core::Diagnostic]) -> Vec<Html> {
    diagnostics
        .iter()
        .take(SHOWN_ERRORS)
        .map(|d| {
            let context = source_line(text, d.position.line)
                .map(|line| format!("{line}\n{}", caret_line(line, d.position.column)));
            html! {
                <li class="finding">
                    <span class={classes!("badge", d.severity.as_str())}>{ d.severity.as_str() }</span>
                    <span class="rule">{ format!(" {} ", d.rule) }</span>
                    <span class="position">{ format!("{} ", d.position) }</span>
                    <span class="message">{ &d.message }</span>
                    if let Some(context) = context {
                        <pre class="source-context">{ context }</pre>
                    }
                </li>
            }
        })
        .collect()
}

/// Reads a picked or dropped file and adds it with the form's role.
fn add_file(store: crate::store::StoreHandle, file: File) {
    wasm_bindgen_futures::spawn_local(async move {
        let name = file.name();
        match io::read_bytes(&file).await {
            Ok(bytes) => store.dispatch(EditorAction::References(
                ReferencesAction::AddReferenceFile {
                    name,
                    bytes,
                    now_ms: io::now_ms(),
                },
            )),
            Err(reason) => store.dispatch(EditorAction::Import(ImportAction::FileUnreadable {
                name,
                reason,
                at: NoticeAt::References,
            })),
        }
    });
}

/// A text field of the form or of the command generator, with its error under it.
#[derive(Properties, PartialEq)]
struct FieldProps {
    id: AttrValue,
    label: AttrValue,
    value: AttrValue,
    #[prop_or_default]
    placeholder: AttrValue,
    #[prop_or_default]
    error: Option<AttrValue>,
    on_input: Callback<String>,
}

#[component]
fn Field(props: &FieldProps) -> Html {
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

#[derive(Properties, PartialEq)]
struct ItemProps {
    index: usize,
    item: ReferenceItem,
    /// Partitions of the reference the listing lacks.
    unlisted: usize,
    /// Rows "Set to" acts on, and what they are ("the filter shows", "selected").
    rows: usize,
    rows_are: AttrValue,
}

#[component]
fn Item(props: &ItemProps) -> Html {
    let store = use_store();
    let busy = crate::busy::use_busy();
    let index = props.index;
    let dispatch = |action: EditorAction| crate::store::on_click(&store, action);
    let on_set = {
        let store = store.clone();
        let label = format!(
            "Setting {} row(s) from {}…",
            group_digits(props.rows as u128),
            props.item.name
        );
        Callback::from(move |_: MouseEvent| {
            busy.run(
                &store,
                crate::busy::heavy_rows(&store),
                &label,
                EditorAction::References(ReferencesAction::SetFromReference(index)),
            )
        })
    };
    let r = &props.item.reference;
    let usable = r.is_usable();
    let phrase = r.role.phrase();
    let errors = located_findings(&props.item.text, &r.diagnostics);
    let more = r.diagnostics.len().saturating_sub(SHOWN_ERRORS);
    html! {
        <li class="reference-item">
            <h4>{ &props.item.name }</h4>
            <p class="reference-summary">{ props.item.summary() }</p>
            if !errors.is_empty() {
                <ul class="problem-list" aria-label={format!("Problems of {}", props.item.name)}>
                    { for errors }
                    if more > 0 {
                        <li>{ format!("and {more} more") }</li>
                    }
                </ul>
            }
            <div class="actions">
                if usable {
                    <button type="button" onclick={on_set}
                        disabled={props.rows == 0}>
                        { format!("Set to {phrase}") }
                    </button>
                    <span class="hint">{ format!("{} row(s) {}", group_digits(props.rows as u128), props.rows_are) }</span>
                }
                if usable && props.unlisted > 0 {
                    <button type="button" onclick={dispatch(EditorAction::References(ReferencesAction::AddUnlistedFromReference(index)))}>
                        { format!("Add {} unlisted partition(s) as new entries", group_digits(props.unlisted as u128)) }
                    </button>
                }
                <button type="button" class="link" onclick={dispatch(EditorAction::References(ReferencesAction::RemoveReference(index)))}
                    aria-label={format!("Remove {}", props.item.name)}>{ "Remove" }</button>
            </div>
        </li>
    }
}

/// The command generator: the time, the bootstrap address, the client config and the pod,
/// and the `kafka-get-offsets.sh` commands for the listing's (or the filter's) partitions.
#[component]
fn Lookup() -> Html {
    let store = use_store();
    let confirmation = use_state(String::new);
    let (form, key) = {
        let editor = store.editor();
        let form = editor.lookup_form().clone();
        let key = (editor.data_revision(), editor.view_revision(), form.clone());
        (form, key)
    };
    let output = {
        let store = store.clone();
        use_memo(key, move |_| {
            Rc::new(store.editor().lookup_output(io::now_ms()))
        })
    };
    let on = |field: LookupField| {
        let store = store.clone();
        Callback::from(move |value: String| {
            store.dispatch(EditorAction::References(ReferencesAction::SetLookup(
                field, value,
            )))
        })
    };
    let pick = |at: &'static str| {
        let store = store.clone();
        Callback::from(move |_: MouseEvent| {
            store.dispatch(EditorAction::References(ReferencesAction::SetLookup(
                LookupField::At,
                at.to_string(),
            )))
        })
    };
    let error = |field: LookupField| -> Option<AttrValue> {
        let text: Vec<&str> = output
            .errors
            .iter()
            .filter(|(f, _)| *f == Some(field))
            .map(|(_, e)| e.as_str())
            .collect();
        (!text.is_empty()).then(|| AttrValue::from(text.join(" ")))
    };
    // Errors about the listing, not a field; and the At field's error only once something
    // was typed (an empty generator is not an error yet).
    let typed = !form.at.is_empty() || !form.bootstrap.is_empty();
    let general: Vec<&str> = output
        .errors
        .iter()
        .filter(|(f, _)| f.is_none())
        .map(|(_, e)| e.as_str())
        .collect();
    let on_copy = {
        let confirmation = confirmation.clone();
        let script = output.script.clone();
        Callback::from(move |_: MouseEvent| {
            let (confirmation, script) = (confirmation.clone(), script.clone().unwrap_or_default());
            wasm_bindgen_futures::spawn_local(async move {
                confirmation.set(match io::copy(script).await {
                    Ok(()) => "Copied the lookup commands to the clipboard.".to_string(),
                    Err(e) => format!("Not copied: {e}."),
                });
            });
        })
    };
    html! {
        <section class="lookup" aria-labelledby="lookup-heading">
            <h3 id="lookup-heading">{ "Look up offsets" }</h3>
            <p class="hint">{ "Generates the kafka-get-offsets.sh commands for the partitions the filter shows (all of them without a filter). Run them where the cluster is reachable and paste their output above as a reference. For MirrorMaker 2, run them against the SOURCE cluster." }</p>
            <div class="fields">
                <div class="lookup-at">
                    <Field id="lookup-at" label="Look up at" value={form.at.clone()}
                        placeholder="2026-11-30T12:00:00Z, earliest or latest"
                        error={if typed { error(LookupField::At) } else { None }} on_input={on(LookupField::At)} />
                    <div class="actions" role="group" aria-label="Pick the log's start or end">
                        <button type="button" onclick={pick("earliest")}>{ "Earliest" }</button>
                        <button type="button" onclick={pick("latest")}>{ "Latest" }</button>
                    </div>
                </div>
                <Field id="lookup-bootstrap" label="Bootstrap server" value={form.bootstrap.clone()}
                    placeholder="my-cluster-kafka-bootstrap:9092"
                    error={if typed { error(LookupField::Bootstrap) } else { None }} on_input={on(LookupField::Bootstrap)} />
                <Field id="lookup-config" label="Command config file (optional)" value={form.command_config.clone()}
                    placeholder="/tmp/client.properties"
                    error={error(LookupField::CommandConfig)} on_input={on(LookupField::CommandConfig)} />
                <Field id="lookup-exec" label="Run in pod (NAMESPACE/POD, optional)" value={form.exec.clone()}
                    placeholder="kafka/my-cluster-broker-0"
                    error={error(LookupField::Exec)} on_input={on(LookupField::Exec)} />
            </div>
            if let Some(time) = &output.time {
                <p class="hint" role="status">{ time }</p>
            }
            if typed && !general.is_empty() {
                <p class="field-error">{ general.join(" ") }</p>
            }
            if let Some(script) = &output.script {
                <pre class="export-text" tabindex="0" aria-label="Lookup commands">{ script }</pre>
                <button type="button" onclick={on_copy}>{ "Copy lookup commands" }</button>
                <span class="confirmation" role="status">{ (*confirmation).clone() }</span>
            }
        </section>
    }
}

#[component]
pub fn ReferencesPanel() -> Html {
    let store = use_store();
    let text_ref = use_node_ref();
    let (form, items, data_revision, view_revision, count, rows_are) = {
        let editor = store.editor();
        let rows_are = if editor.selected().is_empty() {
            "the filter shows"
        } else {
            "selected"
        };
        (
            editor.reference_form().clone(),
            editor.references().to_vec(),
            editor.data_revision(),
            editor.view_revision(),
            editor.references().len(),
            rows_are,
        )
    };
    // O(rows) each: recomputed when the data, the view or the references change.
    let derived = {
        let store = store.clone();
        use_memo((data_revision, view_revision, count), move |_| {
            let editor = store.editor();
            let unlisted: Vec<usize> = (0..count).map(|i| editor.unlisted_count(i)).collect();
            (unlisted, editor.bulk_count(), editor.range_summary())
        })
    };
    // The text area is emptied when a pasted reference was added (the editor empties it).
    {
        let text_ref = text_ref.clone();
        let empty = form.text.is_empty();
        use_effect_with((count, empty), move |(_, empty)| {
            if *empty && let Some(area) = text_ref.cast::<HtmlTextAreaElement>() {
                area.set_value("");
            }
        });
    }
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
    let busy = crate::busy::use_busy();
    let on_add = {
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
    };
    let on_file = {
        let store = store.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            if let Some(file) = input.files().and_then(|f| f.get(0)) {
                add_file(store.clone(), file);
            }
            input.set_value("");
        })
    };
    let on_drop = {
        let store = store.clone();
        Callback::from(move |e: DragEvent| {
            e.prevent_default();
            let file = e
                .data_transfer()
                .and_then(|d| d.files())
                .and_then(|f| f.get(0));
            if let Some(file) = file {
                add_file(store.clone(), file);
            }
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
    let (unlisted, rows, summary) = &*derived;
    let list: Vec<Html> = items
        .into_iter()
        .enumerate()
        .map(|(index, item)| {
            html! {
                <Item {index} {item} unlisted={unlisted.get(index).copied().unwrap_or(0)}
                    rows={*rows} rows_are={rows_are} />
            }
        })
        .collect();
    html! {
        <section class="panel references" aria-labelledby="references-heading" data-drop="reference"
            ondrop={on_drop}>
            <h2 id="references-heading">{ "References" }</h2>
            <p class="hint">{ "Offsets from the cluster: the earliest and latest offsets check every row against its log (the Log range column, range:below / range:above / range:ok / range:unknown in the filter); any reference can set the rows the filter shows. Paste the output of kafka-get-offsets.sh (topic:partition:offset), an rpk TOPIC PARTITION OFFSET file, a kafka-consumer-groups.sh --describe table or its CSV, or drop the file here." }</p>
            if let Some(summary) = summary {
                <p class="range-summary" role="status">{ summary }</p>
            }
            if !list.is_empty() {
                <ul class="reference-list" aria-label="Loaded references">{ for list }</ul>
            }
            // What adding, removing or setting from a reference did, next to those controls.
            <crate::notice::NoticeLine at={&[NoticeAt::References][..]} />
            <div class="reference-form">
                <label for="reference-text">{ "Reference output" }</label>
                <textarea id="reference-text" ref={text_ref} rows="5" spellcheck="false"
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
                    <button type="button" onclick={on_add}>{ "Add reference" }</button>
                    <label class="file-button">
                        <span>{ "Open reference file" }</span>
                        <input type="file" aria-label="Open reference file" accept=".txt,.csv,.out,text/*" onchange={on_file} />
                    </label>
                </div>
            </div>
            <Lookup />
        </section>
    }
}

/// Whether a drop landed on the references panel (the page-wide drop loads a listing).
pub fn dropped_on_references(e: &Event) -> bool {
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|el| el.closest("[data-drop=reference]").ok().flatten())
        .is_some()
}
