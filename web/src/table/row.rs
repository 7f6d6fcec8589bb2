//! One offset row: select box, names, the offset cell, Null, Resumes at, Change and Restore.

use super::cell::use_cell_editor;
use super::columns::Columns;
use super::fields::{AddField, FieldInput};
use crate::store::use_store;
use offsets_core::edit::{Action, MapSide};
use offsets_core::editor::{EditAction, TableAction};
use offsets_core::editor::{EditorAction, RowDisplay, cell_edit, field_add_label, null_toggle};
use web_sys::{HtmlInputElement, KeyboardEvent};
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
    let offset_cell = {
        let display = d.clone();
        use_cell_editor(d.offset.clone(), move |_, text| cell_edit(&display, text))
    };

    // Up and Down move to the adjacent row's offset input, Enter too after committing (the
    // change event commits when the focus leaves, or on Enter itself). A value the cell would
    // refuse keeps the focus here, with its message.
    let on_offset_key = {
        let (display, on_move, escape) =
            (d.clone(), props.on_move.clone(), offset_cell.on_key.clone());
        Callback::from(move |e: KeyboardEvent| {
            let down = match e.key().as_str() {
                "ArrowDown" | "Enter" => true,
                "ArrowUp" => false,
                _ => return escape.emit(e),
            };
            if e.ctrl_key() || e.meta_key() || e.alt_key() || e.shift_key() {
                return;
            }
            let input: HtmlInputElement = e.target_unchecked_into();
            if e.key() != "Enter" {
                e.prevent_default();
            }
            if cell_edit(&display, &input.value()).is_err() {
                if e.key() != "Enter" {
                    // Commit now, so the refusal shows (Enter's own change event does that).
                    if let Ok(change) = Event::new("change") {
                        let _ = input.dispatch_event(&change);
                    }
                }
                return;
            }
            on_move.emit((row, down));
        })
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
    let error_id = format!("offset-error-{row}");
    // What was typed and refused, else what is wrong with the imported value (a float, say).
    let cell_error = offset_cell.error.clone().or_else(|| d.offset_error.clone());
    html! {
        <tr class={classes!("row", d.changed.then_some("changed"), d.added.then_some("added"), props.selected.then_some("selected"), props.error.is_some().then_some("has-error"))}>
            <td class="select">
                <input type="checkbox" aria-label={format!("Select {name}")} checked={props.selected} onchange={on_select} />
            </td>
            if columns.cluster { <td class="cluster" title={d.cluster.clone()}>{ d.cluster.clone().unwrap_or_default() }</td> }
            if columns.topic { <td class="topic" title={d.topic.clone()}>{ d.topic.clone().unwrap_or_default() }</td> }
            if columns.fields {
                <td class="partition fields">
                    // Keyed by position too: a map may repeat a key (the model keeps duplicates).
                    { for d.partition_fields.iter().enumerate().map(|(i, cell)| html! {
                        <FieldInput key={format!("{i}:{}", cell.key)} row={row} cell={cell.clone()} id={None::<String>} />
                    }) }
                    <AddField row={row} side={MapSide::Partition} label={field_add_label(MapSide::Partition, d)} />
                </td>
                <td class="offset fields">
                    { for d.offset_fields.iter().enumerate().map(|(i, cell)| html! {
                        <FieldInput key={format!("{i}:{}", cell.key)} row={row} cell={cell.clone()}
                            id={(i == 0).then(|| format!("offset-{row}"))} />
                    }) }
                    if d.offset_fields.is_empty() {
                        <span class="field-none">{ if d.is_null { "null".to_string() } else { d.offset.clone() } }</span>
                    }
                    <AddField row={row} side={MapSide::Offset} label={field_add_label(MapSide::Offset, d)} />
                </td>
            } else {
            <td class="partition">{ &d.partition }</td>
            <td class="offset">
                <input id={format!("offset-{row}")} class="offset-input" type="text" inputmode="numeric"
                    autocomplete="off" spellcheck="false"
                    aria-label={d.label.clone()} value={offset_cell.value.clone()} data-committed={offset_cell.committed.clone()}
                    disabled={!d.editable}
                    placeholder={if d.is_null { "null" } else { "" }}
                    aria-invalid={cell_error.is_some().to_string()}
                    aria-describedby={cell_error.is_some().then(|| error_id.clone())}
                    oninput={offset_cell.on_input.clone()} onchange={offset_cell.on_change.clone()} onkeydown={on_offset_key}
                    title={d.imported.as_ref().map(|i| format!("Imported: {i}"))} />
                if let Some(message) = &cell_error {
                    <span id={error_id} class="cell-error" role="alert" title={message.clone()}>{ message }</span>
                }
            </td>
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
