//! One loaded reference: its name, summary and problems, "Set to", "Add unlisted" and Remove.

use super::{SHOWN_ERRORS, located_findings};
use crate::store::use_store;
use offsets_core::diag::group_digits;
use offsets_core::editor::{EditorAction, ReferenceItem, ReferencesAction};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub(super) struct ItemProps {
    pub(super) index: usize,
    pub(super) item: ReferenceItem,
    /// Partitions of the reference the listing lacks.
    pub(super) unlisted: usize,
    /// Rows "Set to" acts on, and what they are ("the filter shows", "selected").
    pub(super) rows: usize,
    pub(super) rows_are: AttrValue,
}

#[component]
pub(super) fn Item(props: &ItemProps) -> Html {
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
