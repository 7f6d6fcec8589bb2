//! One export view (a title, Copy, Download, a visible confirmation, and the text, the steps
//! each with its own Copy, or why it was refused), and the texts it shows, shared between
//! renders. Used by the export tabs, the rollback views and the guided start.

use crate::io;
use offsets_core::Diagnostic;
use offsets_core::diag::located_text;
use std::rc::Rc;
use yew::prelude::*;

/// An export's text or why it was refused, shared (never copied) between renders: the texts of a
/// large alter are megabytes, and the panel re-renders on every change of the page.
#[derive(Debug, Clone)]
pub(crate) struct Shared(pub(crate) Rc<Result<String, Vec<Diagnostic>>>);

impl PartialEq for Shared {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl Shared {
    pub(crate) fn new(result: Result<String, Vec<Diagnostic>>) -> Shared {
        Shared(Rc::new(result))
    }
}

/// The procedure's steps as the page shows them: the header (title and notes), then each step
/// `(title, text)` in a block of its own with its own Copy button.
#[derive(Debug, Clone)]
pub(crate) struct StepTexts(Rc<(String, Vec<(String, String)>)>);

impl StepTexts {
    pub(crate) fn of(
        procedure: &Result<offsets_core::procedure::Procedure, Vec<Diagnostic>>,
    ) -> StepTexts {
        StepTexts(Rc::new(
            procedure
                .as_ref()
                .map(|p| {
                    let steps = p
                        .steps
                        .iter()
                        .enumerate()
                        .map(|(i, step)| (step.title.clone(), p.render_step(i)))
                        .collect();
                    (p.render_header(), steps)
                })
                .unwrap_or_default(),
        ))
    }
}

impl PartialEq for StepTexts {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

#[derive(Properties, PartialEq)]
pub(crate) struct ViewProps {
    pub title: AttrValue,
    pub file: AttrValue,
    pub mime: AttrValue,
    pub text: Shared,
    #[prop_or_default]
    pub notes: Vec<Diagnostic>,
    /// What Copy puts on the clipboard when it is not the text shown (the steps view copies
    /// the all-in-one script, which stops at the first failure).
    #[prop_or_default]
    pub copy_all: Option<Shared>,
    /// Shown instead of the text: each step in a block of its own, with its own "Copy step N"
    /// button.
    #[prop_or_default]
    pub steps: Option<StepTexts>,
    /// What the numbers are (stored offsets or consumer positions, and any conversion).
    #[prop_or_default]
    pub meaning: Option<AttrValue>,
}

/// One export view: the text, Copy and Download, and a visible confirmation.
#[component]
pub(crate) fn ExportView(props: &ViewProps) -> Html {
    let confirmation = use_state(|| None::<String>);
    let available = props.text.0.is_ok();
    let copy = {
        let confirmation = confirmation.clone();
        move |text: String, what: String| {
            let confirmation = confirmation.clone();
            wasm_bindgen_futures::spawn_local(async move {
                confirmation.set(Some(match io::copy(text).await {
                    Ok(()) => format!("Copied {what}to the clipboard."),
                    Err(e) => format!("Not copied: {e}."),
                }));
            });
        }
    };
    let on_copy = {
        let copy = copy.clone();
        let shared = props.copy_all.clone().unwrap_or_else(|| props.text.clone());
        let what = if props.copy_all.is_some() {
            "all steps as the script "
        } else {
            ""
        };
        Callback::from(move |_: MouseEvent| {
            copy(
                shared.0.as_ref().clone().unwrap_or_default(),
                what.to_owned(),
            );
        })
    };
    let on_download = {
        let confirmation = confirmation.clone();
        let shared = props.text.clone();
        let (file, mime) = (props.file.clone(), props.mime.clone());
        Callback::from(move |_: MouseEvent| {
            let text = shared
                .0
                .as_ref()
                .as_ref()
                .map(String::as_str)
                .unwrap_or_default();
            confirmation.set(Some(match io::download(&file, text, &mime) {
                Ok(()) => format!("Downloaded {file}."),
                Err(e) => format!("Not downloaded: {e}."),
            }));
        })
    };
    let id = props
        .title
        // Titles are ASCII (fixed in the code): no Unicode case tables needed.
        .to_ascii_lowercase()
        .replace(|c: char| !c.is_ascii_alphanumeric(), "-");
    html! {
        <section class="export-view" aria-labelledby={format!("{id}-title")}>
            <div class="view-head">
                <h3 id={format!("{id}-title")}>{ &props.title }</h3>
                <button type="button" onclick={on_copy} disabled={!available}>{ "Copy" }</button>
                <button type="button" onclick={on_download} disabled={!available}>{ "Download" }</button>
                <span class="confirmation" role="status">{ (*confirmation).clone().unwrap_or_default() }</span>
            </div>
            if let (Some(_), true) = (&props.steps, available) {
                <p class="hint">{ "Copy puts all steps on the clipboard as the script (set -euo pipefail: it stops at the first command that fails). To run one step at a time, copy each step, run it, and check its result." }</p>
            }
            if let Some(meaning) = &props.meaning {
                <p class="hint conversion">{ meaning }</p>
            }
            { for props.notes.iter().filter(|d| d.severity != offsets_core::Severity::Info && !d.rule.starts_with(['S', 'M', 'I'])).map(|d| html! {
                <p class={classes!("note", d.severity.as_str())}>{ format!("{}: {}", d.rule, d.message) }</p>
            }) }
            { match (props.text.0.as_ref(), &props.steps) {
                (Ok(_), Some(steps)) => {
                    let (header, steps) = steps.0.as_ref();
                    html! { <>
                        <pre class="export-text steps-header" tabindex="0">{ header.as_str() }</pre>
                        <ol class="steps" aria-label="Steps">
                            { for steps.iter().enumerate().map(|(i, (title, text))| {
                                let copy = copy.clone();
                                let shared = text.clone();
                                let n = i + 1;
                                let heading = format!("{id}-step-{n}");
                                html! {
                                    <li class="step" aria-labelledby={heading.clone()}>
                                        <div class="step-head">
                                            <h4 id={heading}>{ format!("Step {n}. {title}") }</h4>
                                            <button type="button" onclick={Callback::from(move |_: MouseEvent| copy(shared.clone(), format!("step {n} ")))}>{ format!("Copy step {n}") }</button>
                                        </div>
                                        <pre class="export-text step-text" tabindex="0">{ text.as_str() }</pre>
                                    </li>
                                }
                            }) }
                        </ol>
                    </> }
                }
                (Ok(text), None) => html! { <pre class="export-text" tabindex="0">{ text.as_str() }</pre> },
                (Err(diags), _) => html! {
                    <ul class="export-errors">
                        { for diags.iter().filter(|d| d.is_error()).take(20).map(|d| html! { <li>{ located_text(d) }</li> }) }
                    </ul>
                },
            } }
        </section>
    }
}

#[derive(Properties, PartialEq)]
pub(crate) struct ScriptDownloadProps {
    pub script: Shared,
}

/// The whole procedure in one file, whichever tab is open: the script of every step
/// (`set -euo pipefail`: it stops at the first command that fails).
#[component]
pub(crate) fn ScriptDownload(props: &ScriptDownloadProps) -> Html {
    let confirmation = use_state(String::new);
    let available = props.script.0.is_ok();
    let on_download = {
        let confirmation = confirmation.clone();
        let script = props.script.clone();
        Callback::from(move |_: MouseEvent| {
            let text = script
                .0
                .as_ref()
                .as_ref()
                .map(String::as_str)
                .unwrap_or_default();
            confirmation.set(
                match io::download("alter-offsets.sh", text, "text/x-shellscript") {
                    Ok(()) => "Downloaded alter-offsets.sh.".to_string(),
                    Err(e) => format!("Not downloaded: {e}."),
                },
            );
        })
    };
    html! {
        <div class="export-all">
            <button type="button" onclick={on_download} disabled={!available}>{ "Download everything as one script" }</button>
            <span class="confirmation" role="status">{ (*confirmation).clone() }</span>
        </div>
    }
}
