//! What stands between the settings and the views: the note that an alter is too large for one
//! ConfigMap, and the export's state (disabled by errors, nothing to export yet, or the script
//! to download).

use super::view::{ScriptDownload, Shared};
use crate::store::{StoreHandle, on_click};
use offsets_core::Diagnostic;
use offsets_core::diag::located_text;
use offsets_core::editor::{EditorAction, SettingsAction, counted};
use yew::prelude::*;

/// K6: one ConfigMap cannot hold this alter; rounds can.
pub(super) fn too_large(store: &StoreHandle) -> Html {
    html! {
        <div class="note error" role="region" aria-label="Too large for one ConfigMap">
            <p>{ "This alter is larger than one ConfigMap may hold (1 MiB), so Kubernetes would refuse it. Export it in rounds: several ConfigMaps, each under the limit, that the procedure applies one after the other with the connector stopped throughout." }</p>
            <button type="button" onclick={on_click(store, EditorAction::Settings(SettingsAction::SetRounds(true)))}>{ "Export in rounds" }</button>
        </div>
    }
}

/// The errors that disable the export, else why there is nothing to export yet, else the
/// script's download.
pub(super) fn export_state(
    blockers: &[Diagnostic],
    waiting: Option<String>,
    script: &Shared,
) -> Html {
    html! {
        if !blockers.is_empty() {
            <div class="blocked" role="region" aria-label="Export disabled">
                <p>{ format!("Export is disabled until {} fixed:", counted(blockers.len(), "error is", "errors are")) }</p>
                <ul>{ for blockers.iter().take(10).map(|d| html! { <li>{ located_text(d) }</li> }) }</ul>
                <p class="hint">{ "Each is listed under Problems too." }</p>
            </div>
        } else if let Some(waiting) = waiting {
            <p class="waiting" role="status" aria-label="Nothing to export yet">{ waiting }</p>
        } else {
            <ScriptDownload script={script.clone()} />
        }
    }
}
