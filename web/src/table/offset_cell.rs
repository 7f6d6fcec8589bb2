//! The offset cell of a row: the offset input with its refusal, and its keys (Up and Down move
//! to the adjacent row's offset input, Enter too after committing).

use super::cell::CellEditor;
use offsets_core::editor::{RowDisplay, cell_edit};
use web_sys::{HtmlInputElement, KeyboardEvent};
use yew::prelude::*;

/// The `<td class="offset">` of row `d`, edited through `cell`; `on_move` is (this row, down).
pub(super) fn offset_cell(
    d: &RowDisplay,
    cell: &CellEditor,
    on_move: &Callback<(usize, bool)>,
) -> Html {
    let row = d.index;
    let error_id = format!("offset-error-{row}");
    // What was typed and refused, else what is wrong with the imported value (a float, say).
    let cell_error = cell.error.clone().or_else(|| d.offset_error.clone());
    html! {
        <td class="offset">
            <input id={format!("offset-{row}")} class="offset-input" type="text" inputmode="numeric"
                autocomplete="off" spellcheck="false"
                aria-label={d.label.clone()} value={cell.value.clone()} data-committed={cell.committed.clone()}
                disabled={!d.editable}
                placeholder={if d.is_null { "null" } else { "" }}
                aria-invalid={cell_error.is_some().to_string()}
                aria-describedby={cell_error.is_some().then(|| error_id.clone())}
                oninput={cell.on_input.clone()} onchange={cell.on_change.clone()} onkeydown={on_offset_key(d, cell, on_move)}
                title={d.imported.as_ref().map(|i| format!("Imported: {i}"))} />
            if let Some(message) = &cell_error {
                <span id={error_id} class="cell-error" role="alert" title={message.clone()}>{ message }</span>
            }
        </td>
    }
}

/// Up and Down move to the adjacent row's offset input, Enter too after committing (the
/// change event commits when the focus leaves, or on Enter itself). A value the cell would
/// refuse keeps the focus here, with its message.
fn on_offset_key(
    d: &RowDisplay,
    cell: &CellEditor,
    on_move: &Callback<(usize, bool)>,
) -> Callback<KeyboardEvent> {
    let row = d.index;
    let (display, on_move, escape) = (d.clone(), on_move.clone(), cell.on_key.clone());
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
}
