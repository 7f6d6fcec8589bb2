//! The Problems region: every diagnostic with its severity, rule and position; choosing one
//! scrolls to its row and focuses the offset.

use crate::use_store;
use offsets_core::Action;
use offsets_core::editor::{EditorAction, problems_heading};
use yew::prelude::*;

/// At most this many problems are listed (the counts always cover all of them).
const SHOWN: usize = 500;

#[derive(Properties, PartialEq)]
pub struct ProblemsProps {
    pub problems: std::rc::Rc<Vec<offsets_core::Diagnostic>>,
    /// False while the problems of the latest change are still being computed.
    pub fresh: bool,
    pub on_focus_row: Callback<usize>,
}

#[component]
pub fn ProblemsPanel(props: &ProblemsProps) -> Html {
    let store = use_store();
    let problems = &props.problems;
    let items = problems.iter().take(SHOWN).map(|d| {
        let position = if d.position.line > 0 { format!("{} ", d.position) } else { String::new() };
        let text = html! {
            <>
                <span class={classes!("badge", d.severity.as_str())}>{ d.severity.as_str() }</span>
                <span class="rule">{ d.rule }</span>
                <span class="position">{ position }</span>
                <span class="message">{ &d.message }</span>
            </>
        };
        // S7 offers its fix: remove the earlier entries of every repeated partition.
        let keep_last = (d.rule == "S7").then(|| {
            let store = store.clone();
            html! {
                <button type="button" class="fix"
                    onclick={Callback::from(move |_: MouseEvent| store.dispatch(EditorAction::Edit(Action::KeepLastDuplicates)))}>
                    { "Keep only the last" }
                </button>
            }
        });
        match d.entry {
            Some(row) => {
                let on_focus_row = props.on_focus_row.clone();
                html! {
                    <li><button type="button" class="problem" onclick={Callback::from(move |_: MouseEvent| on_focus_row.emit(row))}>{ text }</button>{ for keep_last }</li>
                }
            }
            None => html! { <li class="problem">{ text }</li> },
        }
    });
    html! {
        <section class="panel problems" aria-label="Problems">
            <h2>{ problems_heading(problems) }
                if !props.fresh { <span class="updating" role="status">{ " (checking the latest change…)" }</span> }
            </h2>
            if problems.is_empty() {
                <p class="hint">{ "No problems found." }</p>
            } else {
                <ul class="problem-list">{ for items }</ul>
                if problems.len() > SHOWN {
                    <p class="hint">{ format!("…and {} more.", problems.len() - SHOWN) }</p>
                }
            }
        </section>
    }
}
