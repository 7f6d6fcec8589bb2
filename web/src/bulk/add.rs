//! "Add partitions": the topic, its partitions, their offset and (for MirrorMaker 2) the
//! cluster, added as new entries by `EditAction::AddEntries`.

use super::value_of;
use crate::notice::NoticeLine;
use crate::store::StoreHandle;
use offsets_core::ConnectorKind;
use offsets_core::editor::{EditAction, EditorAction, NoticeAt};
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// The form's fields, and the Cluster field's text, which the panel holds across renders (an
/// add re-renders the panel; a new listing puts its source alias in it).
pub(super) struct AddForm {
    topic: NodeRef,
    partitions: NodeRef,
    offset: NodeRef,
    cluster: NodeRef,
    cluster_text: UseStateHandle<String>,
}

/// The form's fields, the Cluster field's text reset to `imported_alias` whenever it changes.
#[hook]
pub(super) fn use_add_form(imported_alias: Option<String>) -> AddForm {
    let topic = use_node_ref();
    let partitions = use_node_ref();
    let offset = use_node_ref();
    let cluster = use_node_ref();
    let cluster_text = use_state(|| imported_alias.clone().unwrap_or_default());
    {
        let cluster_text = cluster_text.clone();
        use_effect_with(imported_alias, move |alias| {
            cluster_text.set(alias.clone().unwrap_or_default())
        });
    }
    AddForm {
        topic,
        partitions,
        offset,
        cluster,
        cluster_text,
    }
}

/// The "Add partitions" fieldset (the Cluster field for MirrorMaker 2 only).
pub(super) fn add_partitions(store: &StoreHandle, form: &AddForm, kind: ConnectorKind) -> Html {
    let on_add = {
        let store = store.clone();
        let fields = (
            form.topic.clone(),
            form.partitions.clone(),
            form.offset.clone(),
            form.cluster.clone(),
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
        let cluster_text = form.cluster_text.clone();
        Callback::from(move |e: InputEvent| {
            let input: HtmlInputElement = e.target_unchecked_into();
            cluster_text.set(input.value());
        })
    };
    html! {
        <fieldset class="bulk-row add">
            <legend>{ "Add partitions" }</legend>
            if kind == ConnectorKind::MirrorSource {
                <label class="inline" for="add-cluster">{ "Cluster" }</label>
                <input id="add-cluster" class="name-input" ref={form.cluster.clone()} type="text" size="10"
                    value={(*form.cluster_text).clone()} oninput={on_cluster_input} />
            }
            <label class="inline" for="add-topic">{ "Topic to add" }</label>
            <input id="add-topic" class="name-input" ref={form.topic.clone()} type="text" size="16" autocomplete="off" />
            <label class="inline" for="add-partitions">{ "Partitions" }</label>
            <input id="add-partitions" ref={form.partitions.clone()} type="text" size="8" placeholder="0-5" />
            <label class="inline" for="add-offset">{ "Offset" }</label>
            <input id="add-offset" class="offset-field" ref={form.offset.clone()} type="text" size="10" placeholder="null" />
            <button type="button" onclick={on_add}>{ "Add" }</button>
            <NoticeLine at={&[NoticeAt::Add][..]} />
        </fieldset>
    }
}
