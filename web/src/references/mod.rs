//! The references panel (issue 11): paste, open or drop the output of `kafka-get-offsets.sh` or
//! `kafka-consumer-groups.sh` beside the listing, confirm what it is, see every bad line with
//! its line and column, set the shown rows from it, add the partitions the listing lacks, and
//! generate the commands that produce it. Core parses, checks, plans and words everything
//! (`ReferencesAction::AddReference` and friends); this only renders.
//!
//! This file is the panel (the loaded references, then the form, then the command generator);
//! `item` is one loaded reference, `form` the form that adds one, `lookup` the command
//! generator, `field` their text field.

mod field;
mod form;
mod item;
mod lookup;

use crate::{io, store::use_store};
use item::Item;
use lookup::Lookup;
use offsets_core::editor::{EditorAction, NoticeAt, caret_line, source_line};
use offsets_core::editor::{ImportAction, ReferencesAction};
use wasm_bindgen::JsCast;
use web_sys::{DragEvent, File, HtmlTextAreaElement};
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
    let busy = crate::busy::use_busy();
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
            { form::reference_form(&store, &busy, &text_ref, &form) }
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
