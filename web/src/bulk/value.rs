//! The Value field and the buttons that act on it: Set (also Enter in the field), Shift,
//! Resume at record, Null, Restore, Remove from the alter set, and Rewind to a time.

use super::offer::{Offer, on_shift};
use super::{Apply, value_of};
use crate::store::StoreHandle;
use offsets_core::ConnectorKind;
use offsets_core::edit::Selection;
use offsets_core::editor::{BulkOp, EditAction, EditorAction, NullButton};
use web_sys::KeyboardEvent;
use yew::prelude::*;

/// What the Value row shows and acts on.
pub(super) struct ValueRow<'a> {
    pub(super) store: &'a StoreHandle,
    pub(super) value: &'a NodeRef,
    pub(super) selection: &'a Selection,
    pub(super) offer: &'a Offer,
    pub(super) apply: &'a Apply,
    pub(super) on_to_table: &'a Callback<()>,
    pub(super) kind: ConnectorKind,
    /// "N rows", the buttons' object.
    pub(super) rows_text: &'a str,
    /// The Value field's own refusal ("'1k' is not a whole number"), shown under it.
    pub(super) value_error: Option<String>,
    /// Worded by what a null does under the connector's auto.offset.reset (core decides).
    pub(super) null_button: NullButton,
}

impl ValueRow<'_> {
    /// Runs a bulk action on the value box's text; core refuses a bad value.
    fn run(&self, op: BulkOp) -> Callback<MouseEvent> {
        let apply = self.apply.clone();
        let (store, value) = (self.store.clone(), self.value.clone());
        Callback::from(move |_: MouseEvent| {
            apply.run(
                &store,
                EditorAction::Edit(EditAction::Bulk {
                    op,
                    value: value_of(&value),
                }),
            )
        })
    }

    /// Enter in the Value field is Set (the first button, the one its hint names); Down goes
    /// to the table.
    fn on_value_key(&self) -> Callback<KeyboardEvent> {
        let (store, value, to_table) = (
            self.store.clone(),
            self.value.clone(),
            self.on_to_table.clone(),
        );
        let apply = self.apply.clone();
        Callback::from(move |e: KeyboardEvent| match e.key().as_str() {
            "Enter" => {
                e.prevent_default();
                apply.run(
                    &store,
                    EditorAction::Edit(EditAction::Bulk {
                        op: BulkOp::Set,
                        value: value_of(&value),
                    }),
                );
            }
            "ArrowDown" => {
                e.prevent_default();
                to_table.emit(());
            }
            _ => {}
        })
    }

    pub(super) fn view(&self) -> Html {
        let kind = self.kind;
        let rows_text = self.rows_text;
        let shift = on_shift(
            self.store,
            self.value,
            self.selection,
            self.offer,
            self.apply,
        );
        let described = if self.value_error.is_some() {
            "bulk-value-hint bulk-value-error"
        } else {
            "bulk-value-hint"
        };
        // Rewinding to a time: the "Look up at" field of References, right below the table.
        let to_time = Callback::from(|_: MouseEvent| crate::io::focus_and_reveal("lookup-at"));
        html! {
            <div class="bulk-row">
                <label for="bulk-value" class="inline">{ "Value" }</label>
                <span class="field-stack">
                    <input id="bulk-value" class="bulk-value" ref={self.value.clone()} type="text" inputmode="numeric" autocomplete="off"
                        placeholder="e.g. -100 or 5000" onkeydown={self.on_value_key()}
                        aria-invalid={self.value_error.is_some().to_string()} aria-describedby={described} />
                    <span id="bulk-value-hint" class="hint">{ "Enter sets the offsets to this value" }</span>
                    if let Some(message) = &self.value_error {
                        <span id="bulk-value-error" class="field-error" role="alert">{ message }</span>
                    }
                </span>
                <button type="button" onclick={self.run(BulkOp::Set)} title="Set every offset to the value (type null to delete the stored offsets)">{ format!("Set {rows_text}") }</button>
                <button type="button" ref={self.offer.shift_button.clone()} onclick={shift} title="Add the value to every offset; negative rewinds">{ format!("Shift {rows_text}") }</button>
                if matches!(kind, ConnectorKind::MirrorSource | ConnectorKind::Sink) {
                    <button type="button" onclick={self.run(BulkOp::ResumeAt)}
                        title={if kind == ConnectorKind::MirrorSource { "Replication resumes at record M: stores M-1" } else { "Consumption resumes at record M" }}>
                        { "Resume at record" }
                    </button>
                }
                <button type="button" onclick={self.run(BulkOp::Null)} title={self.null_button.title.clone()}>
                    { self.null_button.label.clone() }
                </button>
                <button type="button" onclick={self.run(BulkOp::Restore)}>{ format!("Restore {rows_text}") }</button>
                <button type="button" onclick={self.run(BulkOp::Remove)}>{ "Remove from alter set" }</button>
                <button type="button" onclick={to_time} title="Offsets at a time come from the cluster: type the time under References, run the lookup commands, paste their output">{ "Rewind to a time…" }</button>
            </div>
        }
    }
}
