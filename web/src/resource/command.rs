//! One finding's command with its Copy button and a visible confirmation.

use crate::io;
use yew::prelude::*;

/// One finding's command with its Copy button and a visible confirmation.
#[derive(Properties, PartialEq)]
pub(super) struct CommandProps {
    pub(super) command: AttrValue,
}

#[component]
pub(super) fn Command(props: &CommandProps) -> Html {
    let confirmation = use_state(String::new);
    let on_copy = {
        let confirmation = confirmation.clone();
        let command = props.command.to_string();
        Callback::from(move |_: MouseEvent| {
            let (confirmation, command) = (confirmation.clone(), command.clone());
            wasm_bindgen_futures::spawn_local(async move {
                confirmation.set(match io::copy(command).await {
                    Ok(()) => "Copied the command to the clipboard.".to_string(),
                    Err(e) => format!("Not copied: {e}."),
                });
            });
        })
    };
    html! {
        <div class="finding-command">
            <pre class="export-text" tabindex="0">{ props.command.as_str() }</pre>
            <button type="button" onclick={on_copy}>{ "Copy command" }</button>
            <span class="confirmation" role="status">{ (*confirmation).clone() }</span>
        </div>
    }
}
