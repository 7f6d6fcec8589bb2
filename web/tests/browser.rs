//! In-browser tests of the app shell, run by wasm-bindgen-test in headless Chromium.
#![cfg(target_arch = "wasm32")]
#![allow(clippy::unwrap_used, clippy::expect_used)]

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{HtmlButtonElement, HtmlTextAreaElement};

wasm_bindgen_test_configure!(run_in_browser);

const MM2_LIST: &str = include_str!("../../tests/fixtures/kafkamirrormaker2-source.list.yaml");

async fn mount() -> web_sys::Element {
    let document = gloo::utils::document();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    yew::Renderer::<offsets_web::App>::with_root(root.clone()).render();
    yew::scheduler::flush().await;
    root
}

#[wasm_bindgen_test]
async fn loading_a_fixture_shows_its_entry_count() {
    let root = mount().await;
    let area: HtmlTextAreaElement = root.query_selector("textarea").unwrap().unwrap().dyn_into().unwrap();
    area.set_value(MM2_LIST);
    let load: HtmlButtonElement = root.query_selector("button").unwrap().unwrap().dyn_into().unwrap();
    assert_eq!(load.text_content().unwrap(), "Load");
    load.click();
    yew::scheduler::flush().await;
    let status = root.query_selector("[role=status]").unwrap().expect("a status line after Load");
    assert_eq!(status.text_content().unwrap(), "2 offset entries loaded (MirrorSourceConnector).");
}

#[wasm_bindgen_test]
async fn garbage_shows_a_located_error() {
    let root = mount().await;
    let area: HtmlTextAreaElement = root.query_selector("textarea").unwrap().unwrap().dyn_into().unwrap();
    area.set_value("{\"offsets\": [");
    let load: HtmlButtonElement = root.query_selector("button").unwrap().unwrap().dyn_into().unwrap();
    load.click();
    yew::scheduler::flush().await;
    let alert = root.query_selector("[role=alert]").unwrap().expect("an error after Load");
    let text = alert.text_content().unwrap();
    assert!(text.starts_with("1:"), "error should carry a position: {text}");
}
