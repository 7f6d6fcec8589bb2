//! A topic's group row: its toggle (collapse or expand the topic), and how many partitions it
//! has and how many of them changed.

use crate::store::{StoreHandle, on_click};
use offsets_core::editor::{EditorAction, TableAction};
use yew::prelude::*;

/// A topic's group row: its toggle, and how many partitions it has and how many changed.
pub(super) fn group_row(
    store: &StoreHandle,
    topic: String,
    rows: usize,
    changed: usize,
    collapsed: bool,
    cols: usize,
) -> Html {
    let on_toggle = on_click(
        store,
        EditorAction::Table(TableAction::ToggleGroup(topic.clone())),
    );
    let key = format!("g:{topic}");
    html! {
        <tr class="group" key={key}>
            <th colspan={cols.to_string()} scope="rowgroup">
                <button type="button" class="group-toggle" aria-expanded={(!collapsed).to_string()}
                    onclick={on_toggle}>
                    <span aria-hidden="true">{ if collapsed { "▸ " } else { "▾ " } }</span>
                    { topic }
                </button>
                <span class="group-counts">
                    { offsets_core::editor::counted(rows, "partition", "partitions") }
                    if changed > 0 { <span class="changed-count">{ format!(" · {} changed", offsets_core::diag::group_digits(changed as u128)) }</span> }
                </span>
            </th>
        </tr>
    }
}
