//! The Export panel's views as tabs (WAI-ARIA tabs pattern): the tab list, whose arrow keys,
//! Home and End move the selection and the focus with it, and a panel per tab, only the
//! selected one filled.

use crate::store::{StoreHandle, on_click};
use offsets_core::editor::{EditorAction, ExportTab, PageAction, TabKey, TargetKind, tab_after};
use wasm_bindgen::JsCast;
use web_sys::HtmlElement;
use yew::prelude::*;

/// The tab list and the tab panels; `view` fills the selected one.
pub(super) fn export_tabs(
    store: &StoreHandle,
    tabs: &[ExportTab],
    shown: Option<ExportTab>,
    tablist_ref: &NodeRef,
    target: TargetKind,
    view: impl Fn(ExportTab) -> Html,
) -> Html {
    html! { <>
        <div class="export-tabs" role="tablist" aria-label="Export views" ref={tablist_ref.clone()}
            onkeydown={on_tab_key(store, tabs, shown, tablist_ref)}>
            { for tabs.iter().map(|tab| {
                let selected = shown == Some(*tab);
                let tab = *tab;
                html! {
                    <button type="button" role="tab" id={format!("export-tab-{}", tab.id())}
                        aria-selected={selected.to_string()}
                        aria-controls={format!("export-panel-{}", tab.id())}
                        tabindex={if selected { "0" } else { "-1" }}
                        onclick={on_click(store, EditorAction::Page(PageAction::SelectExportTab(tab)))}>
                        { tab.label(target) }
                    </button>
                }
            }) }
        </div>
        // Every panel exists for its tab's aria-controls; only the selected one is filled
        // (the texts of a large alter are megabytes).
        { for tabs.iter().map(|tab| html! {
            <div class="export-panel" role="tabpanel" id={format!("export-panel-{}", tab.id())}
                aria-labelledby={format!("export-tab-{}", tab.id())} tabindex="0"
                hidden={shown != Some(*tab)}>
                if shown == Some(*tab) { { view(*tab) } }
            </div>
        }) }
    </> }
}

/// Arrow keys, Home and End in the tab list: select the next tab and focus it (roving
/// tabindex).
fn on_tab_key(
    store: &StoreHandle,
    tabs: &[ExportTab],
    shown: Option<ExportTab>,
    tablist_ref: &NodeRef,
) -> Callback<KeyboardEvent> {
    let store = store.clone();
    let tabs = tabs.to_vec();
    let tablist_ref = tablist_ref.clone();
    Callback::from(move |e: KeyboardEvent| {
        let Some(key) = TabKey::from_key(&e.key()) else {
            return;
        };
        let Some(current) = shown else {
            return;
        };
        let Some(next) = tab_after(&tabs, current, key) else {
            return;
        };
        e.prevent_default();
        store.dispatch(EditorAction::Page(PageAction::SelectExportTab(next)));
        // Roving tabindex: focus follows the selection.
        let index = tabs.iter().position(|t| *t == next).unwrap_or(0);
        // Through the node: Yew delegates events, so the event's current target is not the
        // tab list.
        if let Some(tab) = tablist_ref
            .cast::<HtmlElement>()
            .and_then(|list| list.children().item(index as u32))
            .and_then(|el| el.dyn_into::<HtmlElement>().ok())
        {
            let _ = tab.focus();
        }
    })
}
