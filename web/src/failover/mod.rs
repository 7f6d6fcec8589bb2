//! "Fail over consumer groups" in the guided start (issue 37, item 2): paste MirrorMaker 2's
//! checkpoints, choose groups and topics, see a table per group (topic, partition, upstream and
//! downstream offset), and export the `--reset-offsets --from-file` CSV and the failover script.
//! Core reads, plans and writes everything (`ImportAction::SetFailover`, `FailoverForm`).
//!
//! This file is the form and the checkpoints' problems; `target` is the optional check against
//! the target cluster, `plan` the plan's tables and exports.

mod plan;
mod target;

use crate::field::TextField;
use crate::references::located_findings;
use crate::store::use_store;
use offsets_core::Severity;
use offsets_core::editor::ImportAction;
use offsets_core::editor::{EditorAction, FailoverField};
use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

#[component]
pub fn FailoverStart() -> Html {
    let store = use_store();
    let form = store.editor().failover_form().clone();
    let derived = use_memo(form.clone(), |form| {
        let plan = form.plan();
        // The page shows the refusal's sentence in the script's place.
        let script = plan
            .as_ref()
            .map(|p| form.script(p).map_err(|e| e.to_string()));
        (plan, script)
    });
    let (plan, script) = (*derived).clone();
    let set = |field: FailoverField| {
        let store = store.clone();
        Callback::from(move |value| {
            store.dispatch(EditorAction::Import(ImportAction::SetFailover(
                field, value,
            )))
        })
    };
    let on_text = {
        let store = store.clone();
        Callback::from(move |e: InputEvent| {
            let area: HtmlTextAreaElement = e.target_unchecked_into();
            store.dispatch(EditorAction::Import(ImportAction::SetFailover(
                FailoverField::Text,
                area.value(),
            )));
        })
    };
    let findings = plan
        .as_ref()
        .map(|p| {
            let shown: Vec<_> = p
                .diagnostics
                .iter()
                .filter(|d| d.severity != Severity::Info)
                .cloned()
                .collect();
            located_findings(&form.text, &shown)
        })
        .unwrap_or_default();
    html! {
        <section class="failover" aria-labelledby="failover-heading">
            <h3 id="failover-heading">{ "Fail over consumer groups" }</h3>
            <p class="hint">{ "Where each consumer group resumes on the target cluster, from MirrorMaker 2's checkpoints. On the target, run kafka-console-consumer.sh --bootstrap-server TARGET --topic SOURCE.checkpoints.internal --from-beginning --timeout-ms 10000 --formatter org.apache.kafka.connect.mirror.formatters.CheckpointFormatter (SOURCE: the source cluster's alias) and paste what it prints." }</p>
            <label for="failover-checkpoints">{ "Checkpoints" }</label>
            <textarea id="failover-checkpoints" rows="6" spellcheck="false"
                value={form.text.clone()} oninput={on_text}
                placeholder={"Checkpoint{consumerGroupId=billing, topicPartition=east.orders-0, upstreamOffset=50, downstreamOffset=48, metadata=}"} />
            <div class="fields">
                <TextField id="failover-groups" label="Consumer groups (optional)" value={form.groups.clone()}
                    example="billing, audit-*" error={None::<AttrValue>} oninput={set(FailoverField::Groups)} />
                <TextField id="failover-topics" label="Topics on the target (optional)" value={form.topics.clone()}
                    example="east.orders*" error={None::<AttrValue>} oninput={set(FailoverField::Topics)} />
                <TextField id="failover-bootstrap" label="Target bootstrap servers" value={form.bootstrap.clone()}
                    example="west-kafka-bootstrap:9092" error={None::<AttrValue>} oninput={set(FailoverField::Bootstrap)} />
            </div>
            { target::target_check(&store, &form) }
            if !findings.is_empty() {
                <ul class="problem-list" aria-label="Problems of the checkpoints">
                    { for findings }
                </ul>
            }
            if let Some(plan) = &plan {
                { plan::plan_output(plan, script) }
            }
        </section>
    }
}
