//! "Fail over consumer groups" in the guided start (issue 37, item 2): paste MirrorMaker 2's
//! checkpoints, choose groups and topics, see a table per group (topic, partition, upstream and
//! downstream offset), and export the `--reset-offsets --from-file` CSV and the failover script.
//! Core reads, plans and writes everything (`ImportAction::SetFailover`, `FailoverForm`).

use crate::export::view::{ExportView, Shared};
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
        let script = plan.as_ref().map(|p| form.script(p));
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
    let area = |field: FailoverField| {
        let store = store.clone();
        Callback::from(move |e: InputEvent| {
            let area: HtmlTextAreaElement = e.target_unchecked_into();
            store.dispatch(EditorAction::Import(ImportAction::SetFailover(
                field,
                area.value(),
            )));
        })
    };
    let on_rewind = {
        let store = store.clone();
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            let value = if input.checked() { "true" } else { "" };
            store.dispatch(EditorAction::Import(ImportAction::SetFailover(
                FailoverField::Rewind,
                value.to_owned(),
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
    let notes: Vec<String> = plan
        .as_ref()
        .map(|p| {
            p.diagnostics
                .iter()
                .filter(|d| d.severity == Severity::Info)
                .map(|d| d.message.clone())
                .collect()
        })
        .unwrap_or_default();
    let plan_ok = plan.as_ref().is_some_and(|p| !p.has_errors());
    let script_view = match script {
        Some(Ok(text)) => html! {
            <ExportView title="Failover script" file="failover.sh" mime="text/x-shellscript"
                text={Shared::new(Ok(text))} />
        },
        Some(Err(why)) if plan_ok => html! {
            <p class="hint" role="status" aria-label="Failover script">{ why }</p>
        },
        _ => html! {},
    };
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
            <details class="failover-target">
                <summary>{ "Check against the target cluster (optional)" }</summary>
                <p class="hint">{ "From the target cluster: its earliest and latest offsets of the mirrored topics (kafka-get-offsets.sh --time -2 and --time -1) and each group's describe table (kafka-consumer-groups.sh --describe --group GROUP), pasted one after the other. A translated offset outside the log, or a group already ahead there, is named." }</p>
                <label for="failover-log-start">{ "Target's earliest offsets" }</label>
                <textarea id="failover-log-start" rows="3" spellcheck="false" value={form.log_start.clone()}
                    oninput={area(FailoverField::LogStart)} placeholder={"east.orders:0:0"} />
                <label for="failover-log-end">{ "Target's latest offsets" }</label>
                <textarea id="failover-log-end" rows="3" spellcheck="false" value={form.log_end.clone()}
                    oninput={area(FailoverField::LogEnd)} placeholder={"east.orders:0:1500"} />
                <label for="failover-current">{ "Groups on the target (describe tables)" }</label>
                <textarea id="failover-current" rows="4" spellcheck="false" value={form.current.clone()}
                    oninput={area(FailoverField::Current)}
                    placeholder={"GROUP TOPIC PARTITION CURRENT-OFFSET LOG-END-OFFSET LAG CONSUMER-ID HOST CLIENT-ID"} />
                <label class="check">
                    <input type="checkbox" checked={form.rewind} onchange={on_rewind} />
                    { "Move groups back where the target has them ahead (their consumers read those records again)" }
                </label>
            </details>
            if !findings.is_empty() {
                <ul class="problem-list" aria-label="Problems of the checkpoints">
                    { for findings }
                </ul>
            }
            if let Some(plan) = &plan {
                { for plan.groups.iter().map(|g| html! {
                    <table class="failover-group">
                        <caption>{ format!("Group {}", g.group) }</caption>
                        <thead>
                            <tr>
                                <th scope="col">{ "Topic" }</th>
                                <th scope="col">{ "Partition" }</th>
                                <th scope="col">{ "Upstream offset" }</th>
                                <th scope="col">{ "Downstream offset" }</th>
                            </tr>
                        </thead>
                        <tbody>
                            { for g.rows.iter().map(|c| html! {
                                <tr>
                                    <td>{ &c.topic }</td>
                                    <td>{ c.partition }</td>
                                    <td>{ c.upstream }</td>
                                    <td>{ c.downstream }</td>
                                </tr>
                            }) }
                        </tbody>
                    </table>
                }) }
                if !notes.is_empty() {
                    <ul aria-label="Notes on the failover">
                        { for notes.iter().map(|n| html! { <li>{ n }</li> }) }
                    </ul>
                }
                if !plan.has_errors() && !plan.groups.is_empty() {
                    <ExportView title="Reset CSV" file="reset-offsets.csv" mime="text/csv"
                        text={Shared::new(Ok(plan.csv()))} />
                    if let Some(note) = plan.group_column_note() {
                        <p class="hint">{ note }</p>
                    }
                }
                { script_view }
            }
        </section>
    }
}
