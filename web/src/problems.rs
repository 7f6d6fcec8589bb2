//! The Problems region: every diagnostic with its severity, rule and position; choosing one
//! scrolls to its row and focuses the offset. Identical problems on many rows are one line
//! (core's `group_problems`) that expands to the rows.

use crate::notice::NoticeLine;
use crate::store::use_store;
use offsets_core::editor::EditAction;
use offsets_core::editor::{
    Check, EditorAction, NoticeAt, ProblemItem, counted, group_problems, problems_heading,
};
use offsets_core::{Action, Diagnostic};
use std::rc::Rc;
use yew::prelude::*;

/// At most this many lines are listed (the counts always cover all of them), and at most this
/// many rows of an expanded group at a time ("Show more" lists the next ones).
const SHOWN: usize = 500;

#[derive(Properties, PartialEq)]
pub struct ProblemsProps {
    /// What to list: the data's problems and the export settings' errors (`Check::problems`).
    pub problems: Rc<Check>,
    /// False while the problems of the latest change are still being computed.
    pub fresh: bool,
    pub on_focus_row: Callback<usize>,
}

/// One problem: a button that focuses its row, or plain text when it is about no row.
fn problem(d: &Diagnostic, on_focus_row: &Callback<usize>, on_keep_last: &Callback<()>) -> Html {
    // A problem about the document as a whole has no place to show (no 0:0).
    let position = if d.position.line > 0 {
        format!("{} ", d.position)
    } else {
        String::new()
    };
    let text = html! {
        <>
            <span class={classes!("badge", d.severity.as_str())}>{ d.severity.as_str() }</span>
            <span class="rule">{ d.rule }</span>
            <span class="position">{ position }</span>
            <span class="message">{ &d.message }</span>
        </>
    };
    let fix = (d.rule == "S7").then(|| keep_last_button(on_keep_last));
    match d.entry {
        Some(row) => {
            let on_focus_row = on_focus_row.clone();
            html! {
                <li><button type="button" class="problem" onclick={Callback::from(move |_: MouseEvent| on_focus_row.emit(row))}>{ text }</button>{ for fix }</li>
            }
        }
        None => html! { <li class="problem">{ text }{ for fix }</li> },
    }
}

/// S7 offers its fix: remove the earlier entries of every repeated partition, one undoable step.
fn keep_last_button(on_keep_last: &Callback<()>) -> Html {
    let on_keep_last = on_keep_last.clone();
    html! {
        <button type="button" class="fix" onclick={Callback::from(move |_: MouseEvent| on_keep_last.emit(()))}>
            { "Keep only the last" }
        </button>
    }
}

#[derive(Properties, PartialEq)]
struct GroupProps {
    check: Rc<Check>,
    severity: offsets_core::Severity,
    summary: AttrValue,
    members: Rc<Vec<usize>>,
    on_focus_row: Callback<usize>,
    on_keep_last: Callback<()>,
}

/// A group of identical problems: one line with the count, expanded on demand to its rows (each
/// the same button that focuses its row as an ungrouped problem).
#[component]
fn ProblemGroup(props: &GroupProps) -> Html {
    let expanded = use_state(|| false);
    let shown = use_state(|| SHOWN);
    let toggle = {
        let expanded = expanded.clone();
        Callback::from(move |_: MouseEvent| expanded.set(!*expanded))
    };
    let more = {
        let shown = shown.clone();
        Callback::from(move |_: MouseEvent| shown.set(*shown + SHOWN))
    };
    let total = props.members.len();
    let duplicates = props
        .members
        .first()
        .and_then(|&i| props.check.problems.get(i))
        .is_some_and(|d| d.rule == "S7");
    html! {
        <li class="problem-group">
            <button type="button" class="problem group" aria-expanded={expanded.to_string()} onclick={toggle}>
                <span class={classes!("badge", props.severity.as_str())}>{ props.severity.as_str() }</span>
                <span class="message">{ &props.summary }</span>
            </button>
            if duplicates { { keep_last_button(&props.on_keep_last) } }
            if *expanded {
                <ul class="problem-list">
                    { for props.members.iter().take(*shown).filter_map(|&i| props.check.problems.get(i)).map(|d| problem(d, &props.on_focus_row, &props.on_keep_last)) }
                </ul>
                if total > *shown {
                    <button type="button" class="link" onclick={more}>
                        { format!("Show {} more", counted(SHOWN.min(total - *shown), "row", "rows")) }
                    </button>
                }
            }
        </li>
    }
}

#[component]
pub fn ProblemsPanel(props: &ProblemsProps) -> Html {
    let store = use_store();
    let on_keep_last = Callback::from(move |()| {
        store.dispatch(EditorAction::Edit(EditAction::Session(
            Action::KeepLastDuplicates,
        )))
    });
    let check = props.problems.clone();
    let items = {
        let check = check.clone();
        use_memo(check, |check| group_problems(&check.problems))
    };
    let problems = &check.problems;
    let lines = items.iter().take(SHOWN).map(|item| match item {
        ProblemItem::One(i) => problems
            .get(*i)
            .map(|d| problem(d, &props.on_focus_row, &on_keep_last))
            .unwrap_or_default(),
        ProblemItem::Group {
            severity,
            summary,
            members,
            ..
        } => html! {
            <ProblemGroup check={check.clone()} severity={*severity} summary={AttrValue::from(summary.clone())}
                members={Rc::new(members.clone())} on_focus_row={props.on_focus_row.clone()}
                on_keep_last={on_keep_last.clone()} />
        },
    });
    html! {
        <section class="panel problems" aria-label="Problems">
            <h2>{ problems_heading(problems) }
                if !props.fresh { <span class="updating" role="status">{ " (checking the latest change…)" }</span> }
            </h2>
            // What a fix offered here ("Keep only the last") did.
            <NoticeLine at={&[NoticeAt::Problems][..]} />
            if problems.is_empty() {
                <p class="hint">{ "No problems found." }</p>
            } else {
                <ul class="problem-list">{ for lines }</ul>
                if items.len() > SHOWN {
                    <p class="hint">{ format!("…and {} more.", counted(items.len() - SHOWN, "line", "lines")) }</p>
                }
            }
        </section>
    }
}
