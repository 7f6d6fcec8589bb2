//! A generic connector's partition and offset maps as key/value cells: one editor per field, and
//! the "add a field" control, and a row's two map cells made of them.

use super::cell::use_cell_editor;
use crate::store::use_store;
use offsets_core::edit::MapSide;
use offsets_core::editor::EditAction;
use offsets_core::editor::{EditorAction, FieldCell, RowDisplay, field_add_label};
use web_sys::HtmlInputElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub(super) struct FieldProps {
    pub(super) row: usize,
    pub(super) cell: FieldCell,
    /// The element id the Problems list focuses (the row's first offset field).
    pub(super) id: Option<String>,
}

/// One key/value cell of a generic connector's partition or offset map. Enter or leaving the
/// field commits, Escape reverts; a value of the wrong type shows an inline message and keeps
/// what was typed.
#[component]
pub(super) fn FieldInput(props: &FieldProps) -> Html {
    let store = use_store();
    let cell = &props.cell;
    let row = props.row;
    let editing = {
        let (side, key) = (cell.side, cell.key.clone());
        use_cell_editor(cell.text.clone(), move |editor, text| {
            editor.field_edit(row, side, &key, text)
        })
    };
    let on_remove = {
        let store = store.clone();
        let (side, key) = (cell.side, cell.key.clone());
        Callback::from(move |_: MouseEvent| {
            let result = store.editor().field_remove(row, side, &key);
            // The cell is on screen, so its key exists; an error (a stale row) changes nothing.
            if let Ok(action) = result {
                store.dispatch(EditorAction::Edit(EditAction::Session(action)));
            }
        })
    };
    let size = editing.value.chars().count().clamp(3, 28);
    let error_id = format!("field-error-{row}-{}-{}", cell.side.key(), cell.key);
    html! {
        <span class={classes!("field", cell.changed.then_some("changed"))}>
            <span class="field-key" aria-hidden="true">{ &cell.key }</span>
            <input id={props.id.clone()} class="field-input" type="text" autocomplete="off" spellcheck="false"
                size={size.to_string()} aria-label={cell.label.clone()} value={editing.value.clone()} data-committed={editing.committed.clone()}
                aria-invalid={editing.error.is_some().to_string()}
                aria-describedby={editing.error.is_some().then(|| error_id.clone())}
                oninput={editing.on_input.clone()} onchange={editing.on_change.clone()} onkeydown={editing.on_key.clone()} title={cell.label.clone()} />
            <button type="button" class="field-remove" aria-label={cell.remove_label.clone()}
                title={cell.remove_label.clone()} onclick={on_remove}>{ "×" }</button>
            if let Some(message) = &editing.error {
                <span id={error_id} class="cell-error" role="alert">{ message }</span>
            }
        </span>
    }
}

#[derive(Properties, PartialEq)]
pub(super) struct AddFieldProps {
    pub(super) row: usize,
    pub(super) side: MapSide,
    /// "Add offset field to NAME".
    pub(super) label: String,
}

/// A "+" that opens one input for a new field typed as `key=value`; Enter adds it, Escape or
/// leaving an empty input closes it, a mistake is explained inline and the text kept.
#[component]
pub(super) fn AddField(props: &AddFieldProps) -> Html {
    let store = use_store();
    let open = use_state(|| false);
    let error = use_state(|| None::<String>);
    let input = use_node_ref();
    {
        let input = input.clone();
        use_effect_with(*open, move |open| {
            if *open && let Some(el) = input.cast::<HtmlInputElement>() {
                let _ = el.focus();
            }
        });
    }
    if !*open {
        let open = open.clone();
        return html! {
            <button type="button" class="field-add" aria-label={props.label.clone()}
                title={props.label.clone()} onclick={Callback::from(move |_: MouseEvent| open.set(true))}>{ "+" }</button>
        };
    }
    let on_key = {
        let (store, open, error) = (store.clone(), open.clone(), error.clone());
        let (row, side) = (props.row, props.side);
        Callback::from(move |e: KeyboardEvent| {
            let el: HtmlInputElement = e.target_unchecked_into();
            match e.key().as_str() {
                "Escape" => {
                    error.set(None);
                    open.set(false);
                }
                "Enter" => {
                    e.prevent_default();
                    let result = store.editor().field_add(row, side, &el.value());
                    match result {
                        Ok(action) => {
                            store.dispatch(EditorAction::Edit(EditAction::Session(action)));
                            error.set(None);
                            open.set(false);
                        }
                        Err(refused) => error.set(Some(refused.to_string())),
                    }
                }
                _ => {}
            }
        })
    };
    let on_blur = {
        let (open, error) = (open.clone(), error.clone());
        Callback::from(move |e: FocusEvent| {
            let el: HtmlInputElement = e.target_unchecked_into();
            if el.value().trim().is_empty() {
                error.set(None);
                open.set(false);
            }
        })
    };
    let error_id = format!("add-error-{}-{}", props.row, props.side.key());
    html! {
        <span class="field">
            <input ref={input} class="field-input" type="text" autocomplete="off" spellcheck="false"
                size="16" placeholder="key=value" aria-label={props.label.clone()}
                aria-invalid={error.is_some().to_string()}
                aria-describedby={error.is_some().then(|| error_id.clone())}
                onkeydown={on_key} onblur={on_blur} />
            if let Some(message) = &*error {
                <span id={error_id} class="cell-error" role="alert">{ message }</span>
            }
        </span>
    }
}

/// A generic connector's row as key/value cells: the partition map's fields and the offset
/// map's, each with its "add a field" control (the first offset field takes the row's offset
/// input id).
pub(super) fn field_cells(d: &RowDisplay) -> Html {
    let row = d.index;
    html! { <>
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
    </> }
}
