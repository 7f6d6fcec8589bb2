//! The browser's side effects, in one place: browser storage for drafts (IndexedDB in
//! [`crate::idb`], local storage as its fallback, here), reading dropped or picked files,
//! downloads, the clipboard, the clock, focus and the next paint. Not here: the document and
//! window listeners, which the component or hook that needs them sets in an effect (`App`,
//! `history_keys`, `notice`, `drafts`, `table::focus`; ARCHITECTURE.md lists them), and the
//! reads of the focused element where the focus is decided.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{Blob, BlobPropertyBag, File, HtmlAnchorElement, Url};

/// Storage key (IndexedDB and local storage) of the large part of the draft (text area and
/// loaded source).
pub const SOURCE_KEY: &str = "connect-offsets/v1/source";
/// Storage key of the edits (with the filter and settings of that moment), written when the
/// data changes.
pub const DRAFT_KEY: &str = "connect-offsets/v1/draft";
/// Storage key of the filter and settings alone, written as they are typed.
pub const PREFS_KEY: &str = "connect-offsets/v1/prefs";
/// The three draft records' keys, in the order they are written.
pub const DRAFT_KEYS: [&str; 3] = [SOURCE_KEY, DRAFT_KEY, PREFS_KEY];

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// Reads a string from local storage; `None` when absent or storage is unavailable.
pub fn load(key: &str) -> Option<String> {
    storage()?.get_item(key).ok().flatten()
}

/// Stores a string in local storage. `Err` explains why it could not be kept (quota, private mode).
pub fn save(key: &str, value: &str) -> Result<(), String> {
    let storage =
        storage().ok_or_else(|| "local storage is not available in this browser".to_string())?;
    storage.set_item(key, value).map_err(|_| {
        format!(
            "the browser refused to store {} KiB in local storage (quota); edits stay in this tab only",
            value.len() / 1024
        )
    })
}

/// The current time in milliseconds since 1970 (UTC): the page's clock, passed into core,
/// which has none (a restored draft's age, how long ago the listing was taken).
pub fn now_ms() -> i64 {
    js_sys::Date::now() as i64
}

/// Removes a string from local storage.
pub fn remove(key: &str) {
    if let Some(storage) = storage() {
        let _ = storage.remove_item(key);
    }
}

/// Removes the saved draft from both stores. When IndexedDB is open (after the page has
/// restored), the deletion is queued before this returns, so no write started later is undone
/// by it.
pub fn forget_draft() {
    for key in DRAFT_KEYS {
        remove(key);
    }
    if let Some(db) = crate::idb::opened() {
        // Runs to its end whether or not its completion is awaited.
        let _ = crate::idb::write(&db, &DRAFT_KEYS.map(|key| (key, None)));
    }
}

/// [`forget_draft`], opening IndexedDB if the page has not, and done when it returns (for tests
/// that start a page afresh).
pub async fn forget_draft_now() {
    for key in DRAFT_KEYS {
        remove(key);
    }
    if let Ok(db) = crate::idb::open().await
        && let Ok(done) = crate::idb::write(&db, &DRAFT_KEYS.map(|key| (key, None)))
    {
        let _ = done.await;
    }
}

/// A draft record as the page would restore it: local storage's copy when there is one (it is
/// the newer, see `drafts`), else IndexedDB's.
pub async fn saved_record(key: &str) -> Option<String> {
    if let Some(text) = load(key) {
        return Some(text);
    }
    let db = crate::idb::open().await.ok()?;
    crate::idb::read(&db, &[key]).await.ok()?.pop().flatten()
}

/// Reads a picked or dropped file's bytes (the editor checks that they are UTF-8 and says
/// where they are not).
pub async fn read_bytes(file: &File) -> Result<Vec<u8>, String> {
    let buffer = JsFuture::from(file.array_buffer()).await.map_err(|e| {
        e.as_string()
            .unwrap_or_else(|| "the browser could not read the file".to_string())
    })?;
    Ok(js_sys::Uint8Array::new(&buffer).to_vec())
}

/// Offers `text` as a file download named `name`.
pub fn download(name: &str, text: &str, mime: &str) -> Result<(), String> {
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let options = BlobPropertyBag::new();
    options.set_type(mime);
    let blob = Blob::new_with_str_sequence_and_options(&parts, &options)
        .map_err(|_| "the browser could not create the file".to_string())?;
    let url = Url::create_object_url_with_blob(&blob)
        .map_err(|_| "the browser could not create the file".to_string())?;
    let document = gloo::utils::document();
    let anchor: HtmlAnchorElement = document
        .create_element("a")
        .map_err(|_| "the browser could not start the download".to_string())?
        .unchecked_into();
    anchor.set_href(&url);
    anchor.set_download(name);
    anchor.click();
    let _ = Url::revoke_object_url(&url);
    Ok(())
}

/// Copies `text` to the clipboard.
pub async fn copy(text: String) -> Result<(), String> {
    let clipboard = web_sys::window()
        .ok_or_else(|| "no window".to_string())?
        .navigator()
        .clipboard();
    JsFuture::from(clipboard.write_text(&text))
        .await
        .map(|_| ())
        .map_err(|_| {
            "the browser blocked clipboard access; select the text and press Ctrl+C".to_string()
        })
}

/// Runs `work` in a task of its own after the next frame has been painted, so that what the
/// user just did is on screen before slow follow-up work starts. Dropping the returned handle
/// before the frame cancels it.
pub fn after_paint(work: impl FnOnce() + 'static) -> gloo::render::AnimationFrame {
    gloo::render::request_animation_frame(move |_| {
        gloo::timers::callback::Timeout::new(0, work).forget();
    })
}

/// Shows a banner at the top of the page without going through Yew, for when the app itself
/// has failed (a panic): the page is never left blank, and the saved draft is untouched.
pub fn show_fatal_banner(message: &str) {
    let document = gloo::utils::document();
    let Ok(banner) = document.create_element("div") else {
        return;
    };
    banner.set_class_name("fatal-banner");
    let _ = banner.set_attribute("role", "alert");
    banner.set_text_content(Some(&format!(
        "The editor hit an internal error and stopped: {message}. Your draft is saved in this browser; reload the page to continue where you left off."
    )));
    if let Some(body) = document.body() {
        let _ = body.prepend_with_node_1(&banner);
    }
}

/// Moves the focus to the element with `id` (the browser scrolls it into view), when it is on
/// the page: for a button that leads to a field in another panel.
pub fn focus_and_reveal(id: &str) {
    let element = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(element) = element {
        let _ = element.focus();
    }
}

// ----- the table's focus: the offset inputs by row -----

/// `el.focus({ preventScroll: true })`, through `Reflect` (web-sys's `FocusOptions` would be
/// one more feature for one call).
pub fn focus_without_scrolling(el: &web_sys::HtmlElement) {
    let options = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&options, &"preventScroll".into(), &true.into());
    if let Ok(focus) = js_sys::Reflect::get(el, &"focus".into())
        && let Ok(focus) = focus.dyn_into::<js_sys::Function>()
    {
        let _ = focus.call1(el, &options);
    }
}

/// Selects an input's text, so that what is typed after a keyboard move replaces it.
pub fn select_text(el: &web_sys::HtmlElement) {
    if let Some(input) = el.dyn_ref::<web_sys::HtmlInputElement>() {
        input.select();
    }
}

/// The offset input of `row`, when it is rendered.
pub fn offset_input(row: usize) -> Option<web_sys::HtmlElement> {
    gloo::utils::document()
        .get_element_by_id(&format!("offset-{row}"))
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
}
