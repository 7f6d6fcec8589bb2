//! In-browser tests of the app, run by wasm-bindgen-test in headless Chromium: the real
//! components on the real DOM, driven through their controls.
#![cfg(target_arch = "wasm32")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlInputElement, HtmlTextAreaElement};

wasm_bindgen_test_configure!(run_in_browser);

mod support;
use offsets_web::io;
use support::{
    MM2_LIST, button, by_label, load, mount, mount_restoring, status_starting, type_offset, until,
};

#[wasm_bindgen_test]
async fn loading_a_fixture_shows_its_header_and_rows() {
    let root = mount().await;
    load(&root, MM2_LIST).await;
    until(|| status_starting(&root, "Loaded 2 entries (MirrorSourceConnector).").is_some()).await;
    let header = by_label::<Element>(&root, "Loaded offsets")
        .text_content()
        .unwrap();
    assert!(
        header.contains("east--west.MirrorSourceConnector.json"),
        "{header}"
    );
    let input: HtmlInputElement = by_label(&root, "Offset of orders partition 1");
    assert_eq!(input.value(), "42");
    assert_eq!(root.query_selector_all("tr.row").unwrap().length(), 2);
}

#[wasm_bindgen_test]
async fn garbage_shows_a_located_error_and_keeps_the_text() {
    let root = mount().await;
    load(&root, "{\"offsets\": [").await;
    let errors = by_label::<Element>(&root, "Import errors")
        .text_content()
        .unwrap();
    assert!(
        errors.contains("1:"),
        "error should carry a position: {errors}"
    );
    let area: HtmlTextAreaElement = root
        .query_selector("#import-text")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    assert_eq!(area.value(), "{\"offsets\": [");
}

#[wasm_bindgen_test]
async fn editing_an_offset_explains_the_change_and_undo_reverts_it() {
    let root = mount().await;
    load(&root, MM2_LIST).await;
    let input = type_offset(&root, "Offset of orders partition 0", "1").await;
    let row = input.closest("tr").unwrap().unwrap();
    assert!(
        row.get_attribute("class")
            .unwrap()
            .split(' ')
            .any(|c| c == "changed")
    );
    assert!(
        row.text_content()
            .unwrap()
            .contains("40 records will be mirrored again")
    );
    button(&root, "Undo").click();
    yew::scheduler::flush().await;
    let input: HtmlInputElement = by_label(&root, "Offset of orders partition 0");
    assert_eq!(input.value(), "41");
}

#[wasm_bindgen_test]
async fn an_invalid_offset_is_explained_and_kept() {
    let root = mount().await;
    load(&root, MM2_LIST).await;
    type_offset(&root, "Offset of orders partition 1", "-5").await;
    let input: HtmlInputElement = by_label(&root, "Offset of orders partition 1");
    assert_eq!(input.value(), "-5");
    assert_eq!(input.get_attribute("aria-invalid").as_deref(), Some("true"));
    let message = root
        .query_selector(".cell-error")
        .unwrap()
        .unwrap()
        .text_content()
        .unwrap();
    assert!(message.contains("negative"), "{message}");
}

/// Waits until the saved draft record contains `needle`, and returns it.
async fn saved_draft_with(needle: &str) -> String {
    for _ in 0..500 {
        if let Some(draft) = io::saved_record(io::DRAFT_KEY).await
            && draft.contains(needle)
        {
            return draft;
        }
        support::sleep(10).await;
    }
    panic!("no saved draft with {needle:?}");
}

#[wasm_bindgen_test]
async fn a_draft_left_in_local_storage_is_restored_and_moved_into_indexeddb() {
    // The records of an edited listing, as the app writes them.
    let root = mount().await;
    load(&root, MM2_LIST).await;
    type_offset(&root, "Offset of orders partition 0", "7").await;
    saved_draft_with("[0,7]").await;
    let mut records = Vec::new();
    for key in io::DRAFT_KEYS {
        records.push(io::saved_record(key).await.expect("every record saved"));
    }
    // Where a build before IndexedDB kept them.
    io::forget_draft_now().await;
    for (key, record) in io::DRAFT_KEYS.iter().zip(&records) {
        io::save(key, record).unwrap();
    }

    let root = mount_restoring().await;
    let input: HtmlInputElement = by_label(&root, "Offset of orders partition 0");
    assert_eq!(input.value(), "7");
    // Moved: local storage lets go of each record once IndexedDB holds it.
    until(|| io::DRAFT_KEYS.iter().all(|key| io::load(key).is_none())).await;
    for (key, record) in io::DRAFT_KEYS.iter().zip(&records) {
        assert_eq!(io::saved_record(key).await.as_ref(), Some(record), "{key}");
    }
}
