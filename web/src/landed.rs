//! The landed check: after applying, paste (or open) the listing taken after the alter; each
//! partition of the alter shows landed, drifted or missing, with a summary, as `diff --expect`
//! does in the CLI. Core compares (`Editor::landed_report`, through `diff::confirm`); this only
//! renders.

use crate::store::use_store;
use crate::text_input::TextInput;
use offsets_core::editor::SafeApplyAction;
use offsets_core::editor::{EditorAction, Landing, NoticeAt};
use yew::prelude::*;

/// At most this many partitions are listed (the summary always counts all of them).
const SHOWN: usize = 500;

#[component]
pub fn LandedPanel() -> Html {
    let store = use_store();
    let text_ref = use_node_ref();
    let key = {
        let editor = store.editor();
        (editor.safe_revision(), editor.data_revision())
    };
    let report = {
        let store = store.clone();
        use_memo(key, move |_| store.editor().landed_report())
    };
    let on_text = {
        let store = store.clone();
        Callback::from(move |text| {
            store.dispatch(EditorAction::SafeApply(SafeApplyAction::CheckNewListing(
                text,
            )))
        })
    };
    let on_bytes = {
        let store = store.clone();
        Callback::from(move |bytes| {
            store.dispatch(EditorAction::SafeApply(
                SafeApplyAction::CheckNewListingFile(bytes),
            ))
        })
    };
    let result = match report.as_ref() {
        None => html! {},
        Some(Err(errors)) => html! {
            <div class="load-errors" role="alert" aria-label="New listing errors">
                <p>{ "This listing could not be read:" }</p>
                <ul>{ for errors.iter().take(20).map(|d| html! { <li>{ d.to_string() }</li> }) }</ul>
            </div>
        },
        Some(Ok(report)) => html! {
            <>
                <p class={classes!("summary", (report.drifted + report.missing > 0).then_some("warning"))}
                    role="status" aria-label="Landed summary">{ &report.summary }</p>
                <table class="landed-table" aria-label="Landed per partition">
                    <thead>
                        <tr>
                            <th scope="col">{ "Partition" }</th>
                            <th scope="col">{ "Alter asked" }</th>
                            <th scope="col">{ "Listed now" }</th>
                            <th scope="col">{ "Result" }</th>
                        </tr>
                    </thead>
                    <tbody>
                        { for report.rows.iter().take(SHOWN).map(|r| html! {
                            <tr>
                                <th scope="row">{ &r.label }</th>
                                <td>{ &r.asked }</td>
                                <td>{ &r.listed }</td>
                                <td class={classes!("landing", r.status.as_str())}>
                                    <span class={classes!("badge", if r.status == Landing::Landed { "info" } else { "error" })}>{ r.status.as_str() }</span>
                                </td>
                            </tr>
                        }) }
                    </tbody>
                </table>
                if report.rows.len() > SHOWN {
                    <p class="hint">{ format!("…and {} more partitions (counted in the summary).", report.rows.len() - SHOWN) }</p>
                }
            </>
        },
    };
    html! {
        <section class="panel landed" aria-label="Landed check">
            <h2>{ "After applying: did it land?" }</h2>
            <p class="hint">{ "List the offsets again once the alter was applied (with the connector still stopped), and paste that listing here: each partition of the alter shows whether it landed, drifted (listed with another offset) or is missing." }</p>
            <TextInput id="landed-text" label="Check the new listing"
                placeholder="apiVersion: v1\nkind: ConfigMap\n…" check="Check"
                open="Open the new listing" accept=".yaml,.yml,.json,.csv,.txt,text/*,application/json"
                {text_ref} {on_text} {on_bytes} at={NoticeAt::Landed} />
            <crate::notice::NoticeLine at={&[NoticeAt::Landed][..]} />
            { result }
        </section>
    }
}
