//! The offsets table: a filter box, sortable columns, topic groups, and rows with inline
//! editing. It is virtualised: only the rows in view (plus a margin) exist in the DOM, so 100k
//! entries scroll as smoothly as ten.
//!
//! This file is the composition: the tools above the table, the bulk actions, the header, the
//! rendered window of rows and the spacers around it. `window` decides which rows are rendered,
//! `focus` where the keyboard's focus goes, `columns` the columns and the header, `row` one
//! offset row, `cell` its inline editor, `fields` a generic connector's key/value cells.
//!
//! Keyboard: Up and Down in an offset input move to the offset input of the row above or
//! below (Enter commits and moves down, as a spreadsheet does); a row outside the rendered
//! window is scrolled into it first and focused once it exists. After a load the filter has
//! the focus. The bulk actions sit between the filter and the table, the order of the work.

mod cell;
mod columns;
mod fields;
mod focus;
mod row;
mod window;

use crate::notice::NoticeLine;
use crate::store::use_store;
use columns::{Columns, header, spacer};
use offsets_core::ConnectorKind;
use offsets_core::editor::TableAction;
use offsets_core::editor::{EditorAction, NoticeAt, ViewItem};
use row::{ColumnsProp, OffsetRow};
use std::collections::BTreeMap;
use std::rc::Rc;
use web_sys::{HtmlInputElement, KeyboardEvent};
use yew::prelude::*;

/// Height of one table row in pixels; `.offsets-table tr` has the same height in style.css.
const ROW_HEIGHT: f64 = 36.0;
/// Rows rendered above and below the visible ones.
const OVERSCAN: usize = 12;

#[derive(Properties, PartialEq)]
pub struct TableProps {
    /// The rows to show (computed by the app from the editor).
    pub view: Rc<offsets_core::editor::View>,
    /// A row to scroll to and focus (from the Problems list).
    pub focus_row: Option<usize>,
    pub on_focused: Callback<()>,
    /// Rows with an error (from the check Problems lists), each with its first error.
    pub row_errors: Rc<BTreeMap<usize, String>>,
}

#[component]
pub fn Table(props: &TableProps) -> Html {
    let store = use_store();
    let view = props.view.clone();
    let len = view.items.len();
    let window = window::use_virtual_window(len);
    let focus = focus::use_row_focus(
        view.clone(),
        window.container.clone(),
        window.scroll_top.clone(),
        props.focus_row,
        props.on_focused.clone(),
    );

    let editor = store.editor();
    let Some(session) = editor.session() else {
        return html! {};
    };
    let kind = session.kind();
    let columns = Columns {
        log_range: !editor.log_range().is_empty()
            && matches!(kind, ConnectorKind::MirrorSource | ConnectorKind::Sink),
        ..Columns::of(kind)
    };
    let filter_text = editor.filter_text().to_string();
    let filter_error = editor.filter_error().map(str::to_string);
    let sort = editor.sort();
    let selected = editor.selected().clone();
    let any_selected = !selected.is_empty();

    let on_filter_key = {
        let to_table = focus.to_table.clone();
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

    let (first, last) = (window.first, window.last);
    let cols = columns.count();
    let rows = view.items[first..last].iter().cloned().map(|item| match item {
        ViewItem::Group { topic, rows, changed, collapsed } => {
            let on_toggle = crate::store::on_click(&store, EditorAction::Table(TableAction::ToggleGroup(topic.clone())));
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
        ViewItem::Row(index) => match editor.row_display(index) {
            Some(display) => html! {
                <OffsetRow key={format!("r:{index}")} display={display} columns={ColumnsProp(columns)}
                    selected={selected.contains(&index)} on_move={focus.on_move.clone()}
                    error={props.row_errors.get(&index).map(|e| AttrValue::from(e.clone()))} />
            },
            None => html! {},
        },
    });

    let table = html! {
        <div class="table-scroll" ref={window.container.clone()} onscroll={window.on_scroll.clone()} onfocusin={focus.on_focus_in.clone()} tabindex="-1">
            // Fixed column widths (style.css) so every column fits the container from 760 px up;
            // a generic connector's key/value maps keep the automatic layout.
            <table class={classes!("offsets-table", (!columns.fields).then_some("fixed"))} aria-label="Offsets" aria-rowcount={view.matched.to_string()}>
                { header(columns, sort, &store) }
                <tbody>
                    { spacer((first as f64 * ROW_HEIGHT) as u64, cols) }
                    { for rows }
                    { spacer(((len - last) as f64 * ROW_HEIGHT) as u64, cols) }
                </tbody>
            </table>
        </div>
    };
    drop(editor);

    let select_shown =
        crate::store::on_click(&store, EditorAction::Table(TableAction::SelectShown));
    let clear_selection =
        crate::store::on_click(&store, EditorAction::Table(TableAction::ClearSelection));
    let collapse = |all: bool| {
        crate::store::on_click(&store, EditorAction::Table(TableAction::CollapseAll(all)))
    };

    let filter_described = if filter_error.is_some() {
        "filter-help filter-error"
    } else {
        "filter-help"
    };
    html! {
        <section class="panel table-panel" aria-labelledby="table-heading">
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
            // Filter, then what to do with the rows it shows, then the rows: the tab order.
            <crate::bulk::BulkPanel view={view.clone()} on_to_table={focus.to_table.clone()} />
            <div class="table-tools">
                <button type="button" onclick={select_shown}>{ "Select shown" }</button>
                if any_selected {
                    <button type="button" onclick={clear_selection}>{ format!("Clear selection ({})", offsets_core::diag::group_digits(selected.len() as u128)) }</button>
                }
                <button type="button" onclick={collapse(true)}>{ "Collapse all" }</button>
                <button type="button" onclick={collapse(false)}>{ "Expand all" }</button>
            </div>
            { table }
            // Under the table, so that a message of a cell committed when it loses the focus
            // never moves the rows.
            <NoticeLine at={&[NoticeAt::Table][..]} />
        </section>
    }
}
