//! What "Start a new connector" made the listing from, and its notes, under the source bar.

use offsets_core::editor::NewOrigin;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct OriginProps {
    pub origin: NewOrigin,
}

/// What "Start a new connector" made the listing from, and its notes.
#[component]
pub fn Origin(props: &OriginProps) -> Html {
    html! {
        <div class="new-origin" role="region" aria-label="New connector">
            <p>{ &props.origin.summary }</p>
            if !props.origin.warnings.is_empty() {
                <ul class="new-warnings" aria-label="Warnings on the new listing">
                    { for props.origin.warnings.iter().map(|w| html! {
                        <li class="notice warning"><strong>{ "Warning: " }</strong>{ w }</li>
                    }) }
                </ul>
            }
            if !props.origin.notes.is_empty() {
                <ul aria-label="Notes on the new listing">
                    { for props.origin.notes.iter().map(|n| html! { <li>{ n }</li> }) }
                </ul>
            }
        </div>
    }
}
