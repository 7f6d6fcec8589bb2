//! One offset row: select box, names, the offset cell (`offset_cell`; a generic connector's
//! maps in `fields`), Null, Resumes at, Change and Restore.

use super::cell::use_cell_editor;
use super::columns::Columns;
use super::fields::field_cells;
use super::offset_cell::offset_cell;
use crate::store::use_store;
use offsets_core::edit::Action;
use offsets_core::editor::{EditAction, TableAction};
use offsets_core::editor::{EditorAction, RowDisplay, cell_edit, null_toggle};
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// `Columns` as a prop (a newtype so the props derive stays simple).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct ColumnsProp(pub(super) Columns);

#[derive(Properties, PartialEq)]
pub(super) struct RowProps {
    pub(super) display: RowDisplay,
    pub(super) columns: ColumnsProp,
    pub(super) selected: bool,
    /// Up/Down/Enter in the offset input: (this row, down).
    pub(super) on_move: Callback<(usize, bool)>,
    /// The row's first error, when it has one (marked next to its Change text).
    pub(super) error: Option<AttrValue>,
}

#[component]
pub(super) fn OffsetRow(props: &RowProps) -> Html {
    let store = use_store();
    let d = &props.display;
    let columns = props.columns.0;
    let row = d.index;
    let offset_cell_editor = {
        let display = d.clone();
        use_cell_editor(d.offset.clone(), move |_, text| cell_edit(&display, text))
    };

    let on_null = {
        let store = store.clone();
        let display = d.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            store.dispatch(EditorAction::Edit(EditAction::Session(null_toggle(
                &display,
                input.checked(),
            ))));
        })
    };
    let on_select = {
        let store = store.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            store.dispatch(EditorAction::Table(TableAction::Select {
                row,
                selected: input.checked(),
            }));
        })
    };
    let on_restore = {
        let store = store.clone();
        Callback::from(move |_: MouseEvent| {
            store.dispatch(EditorAction::Edit(EditAction::Session(Action::Restore {
                row,
            })))
        })
    };

    let name = d.label.trim_start_matches("Offset of ").to_string();
    html! {
        <tr class={classes!("row", d.changed.then_some("changed"), d.added.then_some("added"), props.selected.then_some("selected"), props.error.is_some().then_some("has-error"))}>
            <td class="select">
                <input type="checkbox" aria-label={format!("Select {name}")} checked={props.selected} onchange={on_select} />
            </td>
            if columns.cluster { <td class="cluster" title={d.cluster.clone()}>{ d.cluster.clone().unwrap_or_default() }</td> }
            if columns.topic { <td class="topic" title={d.topic.clone()}>{ d.topic.clone().unwrap_or_default() }</td> }
            if columns.fields {
                { field_cells(d) }
            } else {
                <td class="partition">{ &d.partition }</td>
                { offset_cell(d, &offset_cell_editor, &props.on_move) }
            }
            <td class="null">
                <input type="checkbox" aria-label={d.null_label.clone()} checked={d.is_null}
                    onchange={on_null} />
            </td>
            if columns.resumes_at { <td class="resumes" title={d.resumes_at.clone()}>{ d.resumes_at.clone().unwrap_or_default() }</td> }
            if columns.log_range { <td class="log-range"><span class="change-text" title={d.log_range.clone()}>{ d.log_range.clone().unwrap_or_default() }</span></td> }
            // At most three small lines (the row keeps its height); the whole sentence is the title.
            <td class="change">
                if let Some(error) = &props.error {
                    // The row's error, named as Problems names it; the whole text is its title.
                    <span class="row-error" role="img" aria-label={format!("Error in {name}: {error}")} title={error.clone()}>{ "Error" }</span>
                }
                <span class="change-text" title={d.change.clone()}>{ d.change.clone().unwrap_or_default() }</span>
            </td>
            <td class="restore">
                if d.changed && !d.added {
                    <button type="button" class="link" aria-label={format!("Restore {name}")} onclick={on_restore}>{ "Restore" }</button>
                }
            </td>
        </tr>
    }
}
