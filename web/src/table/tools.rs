//! The tools around the table: the heading and the filter box with its count (above the bulk
//! actions), and the selection and group buttons (below them).

use crate::store::{StoreHandle, on_click};
use offsets_core::editor::{EditorAction, TableAction, View};
use web_sys::{HtmlInputElement, KeyboardEvent};
use yew::prelude::*;

/// The heading, the filter (Down goes to the table: `to_table`), its refusal and the count.
pub(super) fn filter_tools(
    store: &StoreHandle,
    filter_text: String,
    filter_error: Option<String>,
    view: &View,
    to_table: &Callback<()>,
) -> Html {
    let on_filter_key = {
        let to_table = to_table.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "ArrowDown" {
                e.prevent_default();
                to_table.emit(());
            }
        })
    };
    let on_filter = {
        let store = store.clone();
        Callback::from(move |e: InputEvent| {
            let input: HtmlInputElement = e.target_unchecked_into();
            store.dispatch(EditorAction::Table(TableAction::SetFilter(input.value())));
        })
    };
    let filter_described = if filter_error.is_some() {
        "filter-help filter-error"
    } else {
        "filter-help"
    };
    html! {
        <div class="table-tools">
            <h2 id="table-heading">{ "Offsets" }</h2>
            <label for="filter" class="inline">{ "Filter" }</label>
            <span class="field-stack filter-stack">
                <input id="filter" type="search" value={filter_text} oninput={on_filter} onkeydown={on_filter_key}
                    placeholder="orders*  /regex/  partition:0-5  cluster:east  changed"
                    aria-describedby={filter_described} aria-invalid={filter_error.is_some().to_string()} />
                if let Some(e) = filter_error {
                    <span id="filter-error" class="field-error" role="alert">{ e }</span>
                }
            </span>
            <span id="filter-help" class="count" role="status">
                { format!("{} of {} shown", offsets_core::diag::group_digits(view.matched as u128), offsets_core::editor::counted(view.total, "entry", "entries")) }
            </span>
        </div>
    }
}

/// Select shown, Clear selection (when `selected` rows are), Collapse all and Expand all.
pub(super) fn selection_tools(store: &StoreHandle, selected: usize) -> Html {
    let collapse = |all: bool| on_click(store, EditorAction::Table(TableAction::CollapseAll(all)));
    html! {
        <div class="table-tools">
            <button type="button" onclick={on_click(store, EditorAction::Table(TableAction::SelectShown))}>{ "Select shown" }</button>
            if selected > 0 {
                <button type="button" onclick={on_click(store, EditorAction::Table(TableAction::ClearSelection))}>{ format!("Clear selection ({})", offsets_core::diag::group_digits(selected as u128)) }</button>
            }
            <button type="button" onclick={collapse(true)}>{ "Collapse all" }</button>
            <button type="button" onclick={collapse(false)}>{ "Expand all" }</button>
        </div>
    }
}
