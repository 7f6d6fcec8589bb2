//! Helpers shared by the in-browser test binaries (`browser.rs`, `panic.rs`): mount the app
//! and drive its controls as a user would.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlButtonElement, HtmlInputElement, HtmlTextAreaElement};

pub const MM2_LIST: &str =
    include_str!("../../../tests/fixtures/kafkamirrormaker2-source.list.yaml");

/// Mounts the app on a page with no saved draft. The apps of earlier tests stay mounted, and
/// one may still write its draft after its next painted frame: that write is let through
/// first, then every draft is removed.
pub async fn mount() -> Element {
    after_paint().await;
    offsets_web::io::forget_draft_now().await;
    mount_restoring().await
}

/// Resolves after the next frame has been painted and a task after it has run: the moment
/// `io::after_paint` work of the page has happened.
pub async fn after_paint() {
    for _ in 0..2 {
        let promise = js_sys::Promise::new(&mut |resolve, _| {
            let _ = gloo::utils::window().request_animation_frame(&resolve);
        });
        wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
    }
    sleep(0).await;
}

/// The status region whose text starts with `prefix` (the page has several: the busy line,
/// the notice lines of each group of controls).
pub fn status_starting(root: &Element, prefix: &str) -> Option<Element> {
    let all = root.query_selector_all("[role=status]").unwrap();
    (0..all.length())
        .filter_map(|i| all.item(i)?.dyn_into::<Element>().ok())
        .find(|e| {
            e.text_content()
                .unwrap_or_default()
                .trim_start()
                .starts_with(prefix)
        })
}

/// Mounts the app, which restores whatever draft is saved, and waits until it has.
pub async fn mount_restoring() -> Element {
    let document = gloo::utils::document();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    yew::Renderer::<offsets_web::App>::with_root(root.clone()).render();
    yew::scheduler::flush().await;
    // The saved draft is read from IndexedDB first ("Restoring your draft…").
    // Then the editor: the import area, or the source bar of a restored listing (the import
    // area is folded there).
    until(|| {
        root.query_selector("#import-text, [aria-label=\"Loaded offsets\"]")
            .ok()
            .flatten()
            .is_some()
    })
    .await;
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

/// Types `value` into the input labelled `label` and commits it (its change event, as leaving
/// the field or Enter does), then waits for the render; returns the input.
pub async fn type_offset(root: &Element, label: &str, value: &str) -> HtmlInputElement {
    let input: HtmlInputElement = by_label(root, label);
    input.set_value(value);
    input
        .dispatch_event(&web_sys::Event::new("change").unwrap())
        .unwrap();
    yew::scheduler::flush().await;
    input
}
