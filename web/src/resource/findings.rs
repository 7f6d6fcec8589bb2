//! The custom resource check as the panel shows it: its title, what it filled in, and each
//! finding located in the text (with the line it points into and, where one fits, its command).

use super::command::Command;
use offsets_core::editor::{ResourceReport, caret_line, source_line};
use yew::prelude::*;

/// The "Custom resource check" section for `report`, whose positions point into `text`.
pub(super) fn resource_check(report: &ResourceReport, text: &str) -> Html {
    let items: Vec<Html> = report
        .findings
        .iter()
        .map(|f| {
            let d = &f.diagnostic;
            let context = source_line(text, d.position.line)
                .map(|line| format!("{line}\n{}", caret_line(line, d.position.column)));
            let position = if d.position.line > 0 {
                format!("{} ", d.position)
            } else {
                String::new()
            };
            html! {
                <li class="finding">
                    <span class={classes!("badge", d.severity.as_str())}>{ d.severity.as_str() }</span>
                    <span class="rule">{ format!(" {} ", d.rule) }</span>
                    <span class="position">{ position }</span>
                    <span class="message">{ &d.message }</span>
                    if let Some(context) = context {
                        <pre class="source-context">{ context }</pre>
                    }
                    if let Some(command) = &f.command {
                        <Command command={command.clone()} />
                    }
                </li>
            }
        })
        .collect();
    html! {
        <section class="resource-check" aria-label="Custom resource check">
            <h3>{ report.title.clone().unwrap_or_else(|| "The custom resource could not be read".to_string()) }</h3>
            if let Some(filled) = &report.filled {
                <p class="hint" role="status">{ filled }</p>
            }
            if items.is_empty() {
                <p class="hint">{ "No findings: the operator should accept this resource as it is." }</p>
            } else {
                <ul class="problem-list">{ for items }</ul>
            }
        </section>
    }
}
