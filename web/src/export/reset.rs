//! The auto.offset.reset tab: where partitions without an offset start, the value to set, and
//! its commands (or why there are none).

use super::view::{ExportView, Shared};
use crate::store::StoreHandle;
use offsets_core::editor::{EditorAction, ExportSettings, SettingsAction};
use offsets_core::procedure::AutoOffsetReset;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// The tab's content: the explanation, the value's choice, and the commands `reset`.
pub(super) fn auto_offset_reset(
    store: &StoreHandle,
    reset: &Shared,
    settings: &ExportSettings,
    reset_now: &str,
) -> Html {
    html! {
        <div class="auto-offset-reset">
            <h3>{ "Where partitions without an offset start" }</h3>
            <p class="hint">{ "Partitions with no stored offset (new ones, and nulled ones) start from the source consumer's auto.offset.reset. MirrorMaker 2 defaults it to earliest. Setting latest skips every record written before the connector first sees the partition: it gives up the at-least-once guarantee for new partitions." }</p>
            <label for="auto-offset-reset">{ "auto.offset.reset value" }</label>
            <select id="auto-offset-reset" onchange={on_reset_value(store)}>
                <option value="" selected={settings.auto_offset_reset.is_none()}>{ format!("not chosen: keep the current setting ({reset_now}), no command") }</option>
                <option value="earliest" selected={settings.auto_offset_reset == Some(AutoOffsetReset::Earliest)}>{ "earliest (replicate everything, the default)" }</option>
                <option value="latest" selected={settings.auto_offset_reset == Some(AutoOffsetReset::Latest)}>{ "latest (skip history of new partitions)" }</option>
            </select>
            if settings.auto_offset_reset == Some(AutoOffsetReset::Latest) {
                <p class="note warning" role="alert">{ "latest gives up at-least-once delivery: records written to a new or nulled partition before the connector first sees it are never mirrored." }</p>
            }
            if settings.auto_offset_reset.is_some() {
                <ExportView title="auto.offset.reset commands" file="auto-offset-reset.sh" mime="text/x-shellscript"
                    text={reset.clone()} />
            } else {
                // Core says why there is no command (not chosen); never a default.
                <p class="hint" role="status" aria-label="auto.offset.reset commands">
                    { reset.0.as_ref().as_ref().err().and_then(|d| d.first()).map(|d| d.message.clone()).unwrap_or_default() }
                </p>
            }
        </div>
    }
}

/// The value chosen: earliest, latest, or none (keep the current setting).
fn on_reset_value(store: &StoreHandle) -> Callback<Event> {
    let store = store.clone();
    Callback::from(move |e: Event| {
        let select: HtmlSelectElement = e.target_unchecked_into();
        let value = match select.value().as_str() {
            "earliest" => Some(AutoOffsetReset::Earliest),
            "latest" => Some(AutoOffsetReset::Latest),
            _ => None,
        };
        store.dispatch(EditorAction::Settings(SettingsAction::SetAutoOffsetReset(
            value,
        )));
    })
}
