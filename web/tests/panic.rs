//! A panic never leaves a blank page: the banner appears, the rendered page stays, and the draft
//! saved before the panic is untouched. A test binary of its own, because after a panic the
//! wasm instance has trapped (panic = abort) and must not run other tests.
#![cfg(target_arch = "wasm32")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use offsets_web::io;
use wasm_bindgen_test::*;
use web_sys::Element;

wasm_bindgen_test_configure!(run_in_browser);

mod support;
use support::{MM2_LIST, load, mount, sleep, type_offset};

#[wasm_bindgen_test]
async fn a_panic_shows_the_banner_and_keeps_the_page_and_the_draft() {
    let document = gloo::utils::document();
    let root = mount().await;
    load(&root, MM2_LIST).await;
    type_offset(&root, "Offset of orders partition 0", "7").await;
    // The draft is written after the next frame, to IndexedDB.
    let mut draft = String::new();
    for _ in 0..200 {
        draft = io::saved_record(io::DRAFT_KEY).await.unwrap_or_default();
        if draft.contains("[0,7]") {
            break;
        }
        sleep(10).await;
    }
    assert!(draft.contains("[0,7]"), "{draft}");

    // A real panic, in a callback of its own, as a bug in an event handler would be.
    offsets_web::install_panic_banner();
    gloo::timers::callback::Timeout::new(0, || panic!("index out of range in a test")).forget();
    sleep(50).await;

    let banner: Element = document
        .query_selector(".fatal-banner")
        .unwrap()
        .expect("a banner after the panic");
    assert_eq!(banner.get_attribute("role").as_deref(), Some("alert"));
    let text = banner.text_content().unwrap();
    assert!(
        text.starts_with(
            "The editor hit an internal error and stopped: index out of range in a test."
        ),
        "{text}"
    );
    assert!(text.contains("reload the page"), "{text}");
    // The page is still there, and so is the draft.
    assert_eq!(root.query_selector_all("tr.row").unwrap().length(), 2);
    assert_eq!(
        io::saved_record(io::DRAFT_KEY).await.as_deref(),
        Some(draft.as_str())
    );
}
