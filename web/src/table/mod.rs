//! The offsets table: a filter box, sortable columns, topic groups, and rows with inline
//! editing. It is virtualised: only the rows in view (plus a margin) exist in the DOM, so 100k
//! entries scroll as smoothly as ten.
//!
//! This file is the composition: the tools above the table, the bulk actions, the header, the
//! rendered window of rows and the spacers around it. `window` decides which rows are rendered,
//! `focus` where the keyboard's focus goes, `columns` the columns and the header, `tools` the
//! filter and the selection buttons, `group` a topic's group row, `row` one offset row,
//! `offset_cell` its offset cell, `cell` its inline editor, `fields` a generic connector's
//! key/value cells.
//!
//! Keyboard: Up and Down in an offset input move to the offset input of the row above or
//! below (Enter commits and moves down, as a spreadsheet does); a row outside the rendered
//! window is scrolled into it first and focused once it exists. After a load the filter has
//! the focus. The bulk actions sit between the filter and the table, the order of the work.

mod cell;
mod columns;
mod fields;
mod focus;
mod group;
mod offset_cell;
mod row;
mod tools;
mod window;

use crate::notice::NoticeLine;
use crate::store::use_store;
use columns::{Columns, header, spacer};
use offsets_core::ConnectorKind;
use offsets_core::editor::{NoticeAt, ViewItem};
use row::{ColumnsProp, OffsetRow};
use std::collections::BTreeMap;
use std::rc::Rc;
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
    let selected_len = selected.len();

    let (first, last) = (window.first, window.last);
    let cols = columns.count();
    let rows = view.items[first..last].iter().cloned().map(|item| match item {
        ViewItem::Group { topic, rows, changed, collapsed } => {
            group::group_row(&store, topic, rows, changed, collapsed, cols)
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

    html! {
        <section class="panel table-panel" aria-labelledby="table-heading">
            { tools::filter_tools(&store, filter_text, filter_error, &view, &focus.to_table) }
            // Filter, then what to do with the rows it shows, then the rows: the tab order.
            <crate::bulk::BulkPanel view={view.clone()} on_to_table={focus.to_table.clone()} />
            { tools::selection_tools(&store, selected_len) }
            { table }
            // Under the table, so that a message of a cell committed when it loses the focus
            // never moves the rows.
            <NoticeLine at={&[NoticeAt::Table][..]} />
        </section>
    }
}
