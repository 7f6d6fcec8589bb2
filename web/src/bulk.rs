//! Bulk actions over the rows the filter shows, or over the selection: set, shift, resume at
//! record, null, restore, remove from the alter set, and adding a topic's partitions.
//!
//! The buttons and Enter in the Value field (which is Set) dispatch `EditAction::Bulk`, the
//! Add button `EditAction::AddEntries`: core reads the fields and anchors its answer
//! (`NoticeAt::BulkValue` marks the Value field invalid, `Bulk` and `Add` show next to their
//! buttons).

use crate::notice::NoticeLine;
use crate::store::use_store;
use offsets_core::ConnectorKind;
use offsets_core::edit::Selection;
use offsets_core::editor::EditAction;
use offsets_core::editor::{BulkOp, EditorAction, NoticeAt, NullButton, ShiftOffer, bulk_action};
use web_sys::{HtmlElement, HtmlInputElement, KeyboardEvent};
use yew::prelude::*;

fn value_of(node: &NodeRef) -> String {
    node.cast::<HtmlInputElement>()
        .map(|i| i.value())
        .unwrap_or_default()
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
    let topic = use_node_ref();
    let partitions = use_node_ref();
    let add_offset = use_node_ref();
    let cluster = use_node_ref();
    // A shift some rows cannot take, waiting for the user's way out (null, 0 or cancel).
    let offer = use_state(|| None::<ShiftOffer>);
    let offer_first = use_node_ref();
    let shift_button = use_node_ref();
    let data_revision = store.editor().data_revision();
    // The Add form's Cluster field holds what the user typed across renders (an add re-renders
    // the panel); a new listing puts its source alias in it.
    let imported_alias = store
        .editor()
        .session()
        .and_then(|s| s.imported().source_alias().map(str::to_string));
    let cluster_text = use_state(|| imported_alias.clone().unwrap_or_default());
    {
        let cluster_text = cluster_text.clone();
        use_effect_with(imported_alias, move |alias| {
            cluster_text.set(alias.clone().unwrap_or_default())
        });
    }
    {
        // The offer is about the rows as they were: any change of the data withdraws it.
        let offer = offer.clone();
        use_effect_with(data_revision, move |_| offer.set(None));
    }
    {
        // Focus moves into the offer when it opens.
        let first = offer_first.clone();
        use_effect_with(offer.is_some(), move |open| {
            if *open && let Some(el) = first.cast::<HtmlElement>() {
                let _ = el.focus();
            }
        });
    }
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
    let busy = crate::busy::use_busy();
    let busy_label = format!(
        "Changing {} row(s)…",
        offsets_core::diag::group_digits(count as u128)
    );
    let apply = {
        let busy = busy.clone();
        move |store: &crate::store::StoreHandle, action: EditorAction| {
            busy.run(store, crate::busy::heavy_rows(store), &busy_label, action)
        }
    };
    // Runs a bulk action on the value box's text; core refuses a bad value.
    let run = |op: BulkOp| {
        let apply = apply.clone();
        let (store, value) = (store.clone(), value.clone());
        Callback::from(move |_: MouseEvent| {
            apply(
                &store,
                EditorAction::Edit(EditAction::Bulk {
                    op,
                    value: value_of(&value),
                }),
            )
        })
    };
    let (set, resume) = (run(BulkOp::Set), run(BulkOp::ResumeAt));
    // Enter in the Value field is Set (the first button, the one its hint names).
    let on_value_key = {
        let (store, value, to_table) = (store.clone(), value.clone(), props.on_to_table.clone());
        let apply = apply.clone();
        Callback::from(move |e: KeyboardEvent| match e.key().as_str() {
            "Enter" => {
                e.prevent_default();
                apply(
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
    };
    // A shift that would take some rows below 0 is not refused outright: the offer asks what
    // to do with those rows.
    let shift = {
        let (value, selection) = (value.clone(), selection.clone());
        let (store, offer) = (store.clone(), offer.clone());
        let apply = apply.clone();
        Callback::from(move |_: MouseEvent| {
            let text = value_of(&value);
            let offered = bulk_action(BulkOp::Shift, selection.clone(), &text)
                .ok()
                .and_then(|action| store.editor().shift_offer(&action));
            match offered {
                Some(o) => offer.set(Some(o)),
                None => apply(
                    &store,
                    EditorAction::Edit(EditAction::Bulk {
                        op: BulkOp::Shift,
                        value: text,
                    }),
                ),
            }
        })
    };
    // Closing the offer returns focus to the Shift button.
    let close_offer = {
        let (offer, shift_button) = (offer.clone(), shift_button.clone());
        move || {
            offer.set(None);
            if let Some(el) = shift_button.cast::<HtmlElement>() {
                let _ = el.focus();
            }
        }
    };
    let choose = |null: bool| {
        let (store, offer, close) = (store.clone(), offer.clone(), close_offer.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(o) = &*offer {
                let action = if null {
                    o.null_action.clone()
                } else {
                    o.zero_action.clone()
                };
                store.dispatch(EditorAction::Edit(EditAction::Session(action)));
            }
            close();
        })
    };
    let (offer_null, offer_zero) = (choose(true), choose(false));
    let offer_cancel = {
        let close = close_offer.clone();
        Callback::from(move |_: MouseEvent| close())
    };
    let offer_key = {
        let close = close_offer.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" {
                e.prevent_default();
                close();
            }
        })
    };
    let (null, restore, remove) = (run(BulkOp::Null), run(BulkOp::Restore), run(BulkOp::Remove));
    let on_add = {
        let store = store.clone();
        let fields = (
            topic.clone(),
            partitions.clone(),
            add_offset.clone(),
            cluster.clone(),
        );
        Callback::from(move |_: MouseEvent| {
            let (topic, partitions, offset, cluster) = &fields;
            store.dispatch(EditorAction::Edit(EditAction::AddEntries {
                cluster: value_of(cluster),
                topic: value_of(topic),
                partitions: value_of(partitions),
                offset: value_of(offset),
            }))
        })
    };

    let on_cluster_input = {
        let cluster_text = cluster_text.clone();
        Callback::from(move |e: InputEvent| {
            let input: HtmlInputElement = e.target_unchecked_into();
            cluster_text.set(input.value());
        })
    };
    let can_add = matches!(kind, ConnectorKind::MirrorSource | ConnectorKind::Sink);
    let rows_text = offsets_core::editor::counted(count, "row", "rows");
    let described = if value_error.is_some() {
        "bulk-value-hint bulk-value-error"
    } else {
        "bulk-value-hint"
    };
    // Rewinding to a time: the "Look up at" field of References, right below the table.
    let to_time = Callback::from(|_: MouseEvent| crate::io::focus_and_reveal("lookup-at"));
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
            <div class="bulk-row">
                <label for="bulk-value" class="inline">{ "Value" }</label>
                <span class="field-stack">
                    <input id="bulk-value" class="bulk-value" ref={value} type="text" inputmode="numeric" autocomplete="off"
                        placeholder="e.g. -100 or 5000" onkeydown={on_value_key}
                        aria-invalid={value_error.is_some().to_string()} aria-describedby={described} />
                    <span id="bulk-value-hint" class="hint">{ "Enter sets the offsets to this value" }</span>
                    if let Some(message) = &value_error {
                        <span id="bulk-value-error" class="field-error" role="alert">{ message }</span>
                    }
                </span>
                <button type="button" onclick={set} title="Set every offset to the value (type null to delete the stored offsets)">{ format!("Set {rows_text}") }</button>
                <button type="button" ref={shift_button} onclick={shift} title="Add the value to every offset; negative rewinds">{ format!("Shift {rows_text}") }</button>
                if matches!(kind, ConnectorKind::MirrorSource | ConnectorKind::Sink) {
                    <button type="button" onclick={resume}
                        title={if kind == ConnectorKind::MirrorSource { "Replication resumes at record M: stores M-1" } else { "Consumption resumes at record M" }}>
                        { "Resume at record" }
                    </button>
                }
                <button type="button" onclick={null} title={null_button.title}>
                    { null_button.label }
                </button>
                <button type="button" onclick={restore}>{ format!("Restore {rows_text}") }</button>
                <button type="button" onclick={remove}>{ "Remove from alter set" }</button>
                <button type="button" onclick={to_time} title="Offsets at a time come from the cluster: type the time under References, run the lookup commands, paste their output">{ "Rewind to a time…" }</button>
            </div>
            <NoticeLine at={&[NoticeAt::Bulk][..]} />
            if let Some(o) = &*offer {
                <div class="shift-offer" role="alertdialog" aria-labelledby="shift-offer-question" onkeydown={offer_key}>
                    <p id="shift-offer-question">{ &o.question }</p>
                    <button type="button" ref={offer_first} onclick={offer_null}>{ &o.null_label }</button>
                    <button type="button" onclick={offer_zero}>{ &o.zero_label }</button>
                    <button type="button" onclick={offer_cancel}>{ "Cancel" }</button>
                </div>
            }
            if can_add {
                <fieldset class="bulk-row add">
                    <legend>{ "Add partitions" }</legend>
                    if kind == ConnectorKind::MirrorSource {
                        <label class="inline" for="add-cluster">{ "Cluster" }</label>
                        <input id="add-cluster" class="name-input" ref={cluster} type="text" size="10"
                            value={(*cluster_text).clone()} oninput={on_cluster_input} />
                    }
                    <label class="inline" for="add-topic">{ "Topic to add" }</label>
                    <input id="add-topic" class="name-input" ref={topic} type="text" size="16" autocomplete="off" />
                    <label class="inline" for="add-partitions">{ "Partitions" }</label>
                    <input id="add-partitions" ref={partitions} type="text" size="8" placeholder="0-5" />
                    <label class="inline" for="add-offset">{ "Offset" }</label>
                    <input id="add-offset" class="offset-field" ref={add_offset} type="text" size="10" placeholder="null" />
                    <button type="button" onclick={on_add}>{ "Add" }</button>
                    <NoticeLine at={&[NoticeAt::Add][..]} />
                </fieldset>
            }
        </section>
    }
}
