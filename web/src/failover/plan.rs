//! The failover plan as the page shows it: a table per group (topic, partition, upstream and
//! downstream offset), the plan's notes, the reset CSV and the failover script.

use crate::export::view::{ExportView, Shared};
use offsets_core::Severity;
use offsets_core::groups::ResetPlan;
use yew::prelude::*;

/// The plan's groups, notes and exports; `script` is the failover script or why there is none.
pub(super) fn plan_output(plan: &ResetPlan, script: Option<Result<String, String>>) -> Html {
    let notes: Vec<String> = plan
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Info)
        .map(|d| d.message.clone())
        .collect();
    html! { <>
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
        { script_view(script, !plan.has_errors()) }
    </> }
}

/// The failover script, or why there is none when the plan itself is sound.
fn script_view(script: Option<Result<String, String>>, plan_ok: bool) -> Html {
    match script {
        Some(Ok(text)) => html! {
            <ExportView title="Failover script" file="failover.sh" mime="text/x-shellscript"
                text={Shared::new(Ok(text))} />
        },
        Some(Err(why)) if plan_ok => html! {
            <p class="hint" role="status" aria-label="Failover script">{ why }</p>
        },
        _ => html! {},
    }
}
