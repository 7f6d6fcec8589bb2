//! Why a text could not be loaded: each error located, the line it points into with a caret,
//! and "Go to line N", which selects that line in the text area.

use offsets_core::Diagnostic;
use offsets_core::diag::located_text;
use offsets_core::editor::{caret_line, source_line};
use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

/// The load's errors in `input` (nothing when there are none); `text_ref` is the text area.
pub(super) fn load_errors(input: &str, errors: &[Diagnostic], text_ref: &NodeRef) -> Html {
    if errors.is_empty() {
        return html! {};
    }
    // Lines quoted under the errors (the text itself can be megabytes: never cloned per render).
    let contexts: Vec<Option<String>> = errors
        .iter()
        .map(|d| {
            source_line(input, d.position.line)
                .map(|line| format!("{line}\n{}", caret_line(line, d.position.column)))
        })
        .collect();
    // Where each error's line is in the text area (UTF-16 units, as the selection API counts).
    let spans: Vec<Option<(u32, u32)>> = errors
        .iter()
        .map(|d| line_span_utf16(input, d.position.line))
        .collect();
    let error_list: Vec<Html> = errors
        .iter()
        .zip(contexts)
        .zip(spans)
        .map(|((d, context), span)| {
            let go = span.map(|(start, end)| {
                let text_ref = text_ref.clone();
                Callback::from(move |_: MouseEvent| {
                    if let Some(area) = text_ref.cast::<HtmlTextAreaElement>() {
                        let _ = area.focus();
                        let _ = area.set_selection_range(start, end);
                    }
                })
            });
            html! {
                <li>
                    <span class="diag-head">{ located_text(d) }</span>
                    if let Some(go) = go {
                        { " " }
                        <button type="button" class="link" onclick={go}>{ format!("Go to line {}", d.position.line) }</button>
                    }
                    if let Some(context) = context {
                        <pre class="source-context">{ context }</pre>
                    }
                </li>
            }
        })
        .collect();

    html! {
        <div class="load-errors" role="alert" aria-label="Import errors">
            <p>{ "This text could not be loaded. It is kept above so you can fix it:" }</p>
            <ul>{ for error_list.into_iter() }</ul>
        </div>
    }
}

/// The start and end of 1-based line `line` of `text`, in UTF-16 units (`None` past the end).
fn line_span_utf16(text: &str, line: u32) -> Option<(u32, u32)> {
    let index = usize::try_from(line.checked_sub(1)?).ok()?;
    let mut start = 0usize;
    for (i, l) in text.split('\n').enumerate() {
        let len = l.encode_utf16().count();
        if i == index {
            return Some((u32::try_from(start).ok()?, u32::try_from(start + len).ok()?));
        }
        start += len + 1;
    }
    None
}
