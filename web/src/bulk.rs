//! Bulk actions over the rows the filter shows, or over the selection: set, shift, resume at
//! record, null, restore, remove from the alter set, and adding a topic's partitions.

use crate::use_store;
use offsets_core::ConnectorKind;
use offsets_core::edit::Action;
use offsets_core::editor::{EditorAction, parse_offset_input, parse_signed_input};
use offsets_core::filter::PartitionSet;
use web_sys::HtmlInputElement;
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
}

#[component]
pub fn BulkPanel(props: &BulkProps) -> Html {
    let store = use_store();
    let value = use_node_ref();
    let topic = use_node_ref();
    let partitions = use_node_ref();
    let add_offset = use_node_ref();
    let cluster = use_node_ref();
    let error = use_state(|| None::<String>);
    let editor = store.editor();
    let Some(session) = editor.session() else {
        return html! {};
    };
    let kind = session.kind();
    let count = editor.bulk_count_in(&props.view);
    let scope = if !editor.selected().is_empty() {
        "the selected rows"
    } else if editor.filter_text().trim().is_empty() {
        "every row"
    } else {
        "the rows the filter shows"
    };
    let source_alias = session.imported().source_alias().map(str::to_string);
    let selection = editor.bulk_selection();
    drop(editor);

    // Runs a bulk action built from the value box; a bad value is explained and nothing runs.
    let run = |make: fn(offsets_core::Selection, &str) -> Result<Action, String>| {
        let store = store.clone();
        let value = value.clone();
        let error = error.clone();
        let selection = selection.clone();
        Callback::from(
            move |_: MouseEvent| match make(selection.clone(), &value_of(&value)) {
                Ok(action) => {
                    error.set(None);
                    store.dispatch(EditorAction::Edit(action));
                }
                Err(message) => error.set(Some(message)),
            },
        )
    };
    let set = run(|selection, text| match parse_offset_input(text)? {
        Some(offset) => Ok(Action::SetOffsets { selection, offset }),
        None => Ok(Action::NullOffsets { selection }),
    });
    let shift = run(|selection, text| {
        Ok(Action::ShiftOffsets {
            selection,
            delta: parse_signed_input(text)?,
        })
    });
    let resume = run(|selection, text| match parse_offset_input(text)? {
        Some(record) => Ok(Action::ResumeAt { selection, record }),
        None => Err("Type the record number replication should resume at.".to_string()),
    });
    let null = run(|selection, _| Ok(Action::NullOffsets { selection }));
    let restore = run(|selection, _| Ok(Action::RestoreOffsets { selection }));
    let remove = run(|selection, _| Ok(Action::RemoveEntries { selection }));

    let on_add = {
        let store = store.clone();
        let error = error.clone();
        let (topic, partitions, add_offset, cluster) = (
            topic.clone(),
            partitions.clone(),
            add_offset.clone(),
            cluster.clone(),
        );
        Callback::from(move |_: MouseEvent| {
            let built = (|| {
                let topic_name = value_of(&topic).trim().to_string();
                offsets_core::names::check_topic(&topic_name)?;
                let parts = PartitionSet::parse(&value_of(&partitions))
                    .map_err(|(column, m)| format!("Partitions, column {column}: {m}"))?;
                let offset = parse_offset_input(&value_of(&add_offset))?;
                let cluster = Some(value_of(&cluster).trim().to_string()).filter(|c| !c.is_empty());
                Ok::<_, String>(Action::AddEntries {
                    cluster,
                    topic: topic_name,
                    partitions: parts,
                    offset,
                })
            })();
            match built {
                Ok(action) => {
                    error.set(None);
                    store.dispatch(EditorAction::Edit(action));
                }
                Err(message) => error.set(Some(message)),
            }
        })
    };

    let can_add = matches!(kind, ConnectorKind::MirrorSource | ConnectorKind::Sink);
    let rows_text = format!("{count} {}", if count == 1 { "row" } else { "rows" });
    html! {
        <section class="panel bulk" aria-labelledby="bulk-heading">
            <h2 id="bulk-heading">{ "Bulk actions" }</h2>
            <p class="hint" role="status" aria-label="Bulk scope">
                { format!("Applies to {rows_text}: {scope}.") }
            </p>
            <div class="bulk-row">
                <label for="bulk-value" class="inline">{ "Value" }</label>
                <input id="bulk-value" ref={value} type="text" inputmode="numeric" autocomplete="off"
                    placeholder="e.g. -100 or 5000" />
                <button type="button" onclick={set} title="Set every offset to the value (empty = null)">{ format!("Set {rows_text}") }</button>
                <button type="button" onclick={shift} title="Add the value to every offset; negative rewinds">{ format!("Shift {rows_text}") }</button>
                if matches!(kind, ConnectorKind::MirrorSource | ConnectorKind::Sink) {
                    <button type="button" onclick={resume}
                        title={if kind == ConnectorKind::MirrorSource { "Replication resumes at record M: stores M-1" } else { "Consumption resumes at record M" }}>
                        { "Resume at record" }
                    </button>
                }
                <button type="button" onclick={null}
                    title={if kind == ConnectorKind::MirrorSource { "Replay the whole partition: stores null" } else { "Delete the stored offsets" }}>
                    { if kind == ConnectorKind::MirrorSource { format!("Replay whole partition ({rows_text})") } else { format!("Null {rows_text}") } }
                </button>
                <button type="button" onclick={restore}>{ format!("Restore {rows_text}") }</button>
                <button type="button" onclick={remove}>{ "Remove from alter set" }</button>
            </div>
            if can_add {
                <fieldset class="bulk-row add">
                    <legend>{ "Add partitions" }</legend>
                    if kind == ConnectorKind::MirrorSource {
                        <label class="inline" for="add-cluster">{ "Cluster" }</label>
                        <input id="add-cluster" ref={cluster} type="text" size="10" value={source_alias.unwrap_or_default()} />
                    }
                    <label class="inline" for="add-topic">{ "Topic to add" }</label>
                    <input id="add-topic" ref={topic} type="text" size="16" autocomplete="off" />
                    <label class="inline" for="add-partitions">{ "Partitions" }</label>
                    <input id="add-partitions" ref={partitions} type="text" size="8" placeholder="0-5" />
                    <label class="inline" for="add-offset">{ "Offset" }</label>
                    <input id="add-offset" ref={add_offset} type="text" size="10" placeholder="null" />
                    <button type="button" onclick={on_add}>{ "Add" }</button>
                </fieldset>
            }
            if let Some(message) = &*error {
                <p class="field-error" role="alert">{ message }</p>
            }
        </section>
    }
}
