//! Helpers shared by the in-browser test binaries (`browser.rs`, `panic.rs`): mount the app
//! and drive its controls as a user would.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlButtonElement, HtmlTextAreaElement};

pub const MM2_LIST: &str =
    include_str!("../../../tests/fixtures/kafkamirrormaker2-source.list.yaml");

/// Mounts the app on a page with no saved draft.
pub async fn mount() -> Element {
    offsets_web::io::forget_draft_now().await;
    mount_restoring().await
}

/// Mounts the app, which restores whatever draft is saved, and waits until it has.
pub async fn mount_restoring() -> Element {
    let document = gloo::utils::document();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    yew::Renderer::<offsets_web::App>::with_root(root.clone()).render();
    yew::scheduler::flush().await;
    // The saved draft is read from IndexedDB first ("Restoring your draft…").
    until(|| root.query_selector("#import-text").ok().flatten().is_some()).await;
    root
}

/// Resolves after `ms` milliseconds (lets frames, timers and storage callbacks run).
pub async fn sleep(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        gloo::utils::window()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
}

/// Waits until `done()` holds, rendering in between; panics after 10 seconds.
pub async fn until(mut done: impl FnMut() -> bool) {
    for _ in 0..1000 {
        yew::scheduler::flush().await;
        if done() {
            return;
        }
        sleep(10).await;
    }
    panic!("timed out");
}

pub fn button(root: &Element, text: &str) -> HtmlButtonElement {
    let buttons = root.query_selector_all("button").unwrap();
    (0..buttons.length())
        .filter_map(|i| buttons.item(i)?.dyn_into::<HtmlButtonElement>().ok())
        .find(|b| b.text_content().unwrap_or_default().trim() == text)
        .unwrap_or_else(|| panic!("no button {text:?}"))
}

pub fn by_label<T: JsCast>(root: &Element, label: &str) -> T {
    root.query_selector(&format!("[aria-label=\"{label}\"]"))
        .unwrap()
        .unwrap_or_else(|| panic!("nothing labelled {label:?}"))
        .dyn_into()
        .unwrap()
}

pub async fn load(root: &Element, text: &str) {
    let area: HtmlTextAreaElement = root
        .query_selector("#import-text")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    area.set_value(text);
    button(root, "Load").click();
    yew::scheduler::flush().await;
}
