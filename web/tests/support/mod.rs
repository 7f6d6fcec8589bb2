//! Helpers shared by the in-browser test binaries (`browser.rs`, `panic.rs`): mount the app
//! and drive its controls as a user would.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlButtonElement, HtmlTextAreaElement};

pub const MM2_LIST: &str =
    include_str!("../../../tests/fixtures/kafkamirrormaker2-source.list.yaml");

pub async fn mount() -> Element {
    offsets_web::io::forget_draft();
    let document = gloo::utils::document();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    yew::Renderer::<offsets_web::App>::with_root(root.clone()).render();
    yew::scheduler::flush().await;
    root
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
