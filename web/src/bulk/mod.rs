//! Bulk actions over the rows the filter shows, or over the selection: set, shift, resume at
//! record, null, restore, remove from the alter set, and adding a topic's partitions.
//!
//! The buttons and Enter in the Value field (which is Set) dispatch `EditAction::Bulk`, the
//! Add button `EditAction::AddEntries`: core reads the fields and anchors its answer
//! (`NoticeAt::BulkValue` marks the Value field invalid, `Bulk` and `Add` show next to their
//! buttons).
//!
//! This file is the panel (its scope line and the parts in order); `value` is the Value field
//! and its buttons, `offer` the shift offer, `add` the Add partitions form.

mod add;
mod offer;
mod value;

use crate::busy::Busy;
use crate::notice::NoticeLine;
use crate::store::{StoreHandle, use_store};
use offsets_core::ConnectorKind;
use offsets_core::edit::Selection;
use offsets_core::editor::{EditorAction, NoticeAt, NullButton};
use web_sys::HtmlInputElement;
use yew::prelude::*;

fn value_of(node: &NodeRef) -> String {
    node.cast::<HtmlInputElement>()
        .map(|i| i.value())
        .unwrap_or_default()
}

/// Runs a bulk action; over many rows the busy line is painted before it runs.
#[derive(Clone)]
struct Apply {
    busy: Busy,
    label: String,
}

impl Apply {
    fn run(&self, store: &StoreHandle, action: EditorAction) {
        self.busy
            .run(store, crate::busy::heavy_rows(store), &self.label, action)
    }
}

#[derive(Properties, PartialEq)]
pub struct BulkProps {
    /// The table's current rows (its count is how many rows a bulk action touches).
    pub view: std::rc::Rc<offsets_core::editor::View>,
    /// Down in the Value field: to the table's first offset input.
    pub on_to_table: Callback<()>,
}

#[component]
pub fn BulkPanel(props: &BulkProps) -> Html {
    let store = use_store();
    let value = use_node_ref();
    let data_revision = store.editor().data_revision();
    // A shift some rows cannot take, waiting for the user's way out (null, 0 or cancel).
    let offer = offer::use_shift_offer(data_revision);
    // The Add form's Cluster field holds what the user typed across renders (an add re-renders
    // the panel); a new listing puts its source alias in it.
    let imported_alias = store
        .editor()
        .session()
        .and_then(|s| s.imported().source_alias().map(str::to_string));
    let add_form = add::use_add_form(imported_alias);
    let editor = store.editor();
    let Some(session) = editor.session() else {
        return html! {};
    };
    let kind = session.kind();

    let scope = if !editor.selected().is_empty() {
        "the selected rows"
    } else if editor.filter_text().trim().is_empty() {
        "every row"
    } else {
        "the rows the filter shows"
    };
    let selection = editor.bulk_selection();
    // One pass over the selection: the rows the filter shows, and how many it hides.
    let (count, hidden) = match &selection {
        Selection::Rows(rows) => (rows.len(), editor.selected().len() - rows.len()),
        _ => (editor.bulk_count_in(&props.view), 0),
    };
    // The Value field's own refusal ("'1k' is not a whole number"), shown under it.
    let value_error = editor
        .notice()
        .filter(|n| n.at == NoticeAt::BulkValue)
        .map(|n| n.text.clone());
    // Worded by what a null does under the connector's auto.offset.reset (core decides).
    let null_button = {
        let rows_text = offsets_core::editor::counted(count, "row", "rows");
        editor.null_button(&rows_text).unwrap_or(NullButton {
            label: format!("Null {rows_text}"),
            title: String::new(),
        })
    };
    drop(editor);

    // A bulk action over many rows paints the busy line before it runs.
    let apply = Apply {
        busy: crate::busy::use_busy(),
        label: format!(
            "Changing {} row(s)…",
            offsets_core::diag::group_digits(count as u128)
        ),
    };
    let can_add = matches!(kind, ConnectorKind::MirrorSource | ConnectorKind::Sink);
    let rows_text = offsets_core::editor::counted(count, "row", "rows");
    let value_row = value::ValueRow {
        store: &store,
        value: &value,
        selection: &selection,
        offer: &offer,
        apply: &apply,
        on_to_table: &props.on_to_table,
        kind,
        rows_text: &rows_text,
        value_error,
        null_button,
    };
    html! {
        <section class="panel bulk" aria-labelledby="bulk-heading">
            <h2 id="bulk-heading">{ "Bulk actions" }</h2>
            <p class="hint" role="status" aria-label="Bulk scope">
                { format!("Applies to {rows_text}: {scope}.") }
                if hidden > 0 {
                    { format!(" {hidden} selected {} hidden by the filter and left out; clear the filter to include {}.",
                        if hidden == 1 { "row is" } else { "rows are" }, if hidden == 1 { "it" } else { "them" }) }
                }
            </p>
            { value_row.view() }
            <NoticeLine at={&[NoticeAt::Bulk][..]} />
            { offer::offer_dialog(&store, &offer) }
            if can_add {
                { add::add_partitions(&store, &add_form, kind) }
            }
        </section>
    }
}
