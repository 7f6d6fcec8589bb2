//! IndexedDB, where drafts are kept: local storage holds only a few megabytes per origin (a
//! draft of more than about 50k entries does not fit), IndexedDB holds hundreds. One database,
//! `connect-offsets`, with one object store, `drafts`, of strings (the records of
//! `offsets_core::editor::Editor::source_record` and its siblings) keyed by the record's name.
//!
//! Written with web-sys directly (the `Idb*` bindings and a promise per request or
//! transaction): the page needs four operations, and a wrapper crate would add size to the
//! wasm for nothing more.

use std::future::Future;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{DomException, IdbDatabase, IdbRequest, IdbTransaction, IdbTransactionMode};

const DATABASE: &str = "connect-offsets";
thread_local! {
    /// The database once opened, for writes that must start synchronously.
    static OPENED: std::cell::RefCell<Option<IdbDatabase>> = const { std::cell::RefCell::new(None) };
}

/// The database, if [`open`] has opened it.
pub fn opened() -> Option<IdbDatabase> {
    OPENED.with_borrow(Clone::clone)
}

const STORE: &str = "drafts";

/// Why a request failed, in words the page can show after "Draft not saved: ".
fn describe(error: Option<DomException>, bytes: usize) -> String {
    match error {
        Some(e) if e.name() == "QuotaExceededError" => format!(
            "the browser refused to store {} KiB (quota); edits stay in this tab only",
            bytes / 1024
        ),
        Some(e) => format!(
            "the browser could not write to its storage ({}: {}); edits stay in this tab only",
            e.name(),
            e.message()
        ),
        None => {
            "the browser could not write to its storage; edits stay in this tab only".to_string()
        }
    }
}

/// A thrown error (a `DomException` from a synchronous IndexedDB call).
fn thrown(error: JsValue, bytes: usize) -> String {
    describe(error.dyn_into::<DomException>().ok(), bytes)
}

/// Settles when the request succeeds or fails.
fn request_done(request: &IdbRequest) -> JsFuture {
    JsFuture::from(js_sys::Promise::new(&mut |resolve, reject| {
        request.set_onsuccess(Some(&resolve));
        request.set_onerror(Some(&reject));
    }))
}

/// Settles when the transaction commits, fails or is aborted.
fn transaction_done(transaction: &IdbTransaction) -> JsFuture {
    JsFuture::from(js_sys::Promise::new(&mut |resolve, reject| {
        transaction.set_oncomplete(Some(&resolve));
        transaction.set_onerror(Some(&reject));
        transaction.set_onabort(Some(&reject));
    }))
}

/// Opens the drafts database, creating it on first use. `Err` when the browser has no
/// IndexedDB or refuses it (some private modes, storage disabled).
pub async fn open() -> Result<IdbDatabase, String> {
    let unavailable = || "IndexedDB is not available in this browser".to_string();
    let factory = web_sys::window()
        .and_then(|w| w.indexed_db().ok().flatten())
        .ok_or_else(unavailable)?;
    let request = factory
        .open_with_u32(DATABASE, 1)
        .map_err(|e| thrown(e, 0))?;
    let upgrade = {
        let request = request.clone();
        Closure::<dyn FnMut(web_sys::Event)>::new(move |_| {
            // Version 1 from nothing: the one store.
            if let Ok(db) = request.result().and_then(JsCast::dyn_into::<IdbDatabase>) {
                let _ = db.create_object_store(STORE);
            }
        })
    };
    request.set_onupgradeneeded(Some(upgrade.as_ref().unchecked_ref()));
    let opened = request_done(&request).await;
    request.set_onupgradeneeded(None);
    drop(upgrade);
    opened.map_err(|_| describe(request.error().ok().flatten(), 0))?;
    let db = request
        .result()
        .and_then(JsCast::dyn_into::<IdbDatabase>)
        .map_err(|_| unavailable())?;
    OPENED.set(Some(db.clone()));
    Ok(db)
}

/// Reads the records named `keys` in one transaction; `None` for a record not stored.
pub async fn read(db: &IdbDatabase, keys: &[&str]) -> Result<Vec<Option<String>>, String> {
    let transaction = db.transaction_with_str(STORE).map_err(|e| thrown(e, 0))?;
    let done = transaction_done(&transaction);
    let store = transaction.object_store(STORE).map_err(|e| thrown(e, 0))?;
    let requests = keys
        .iter()
        .map(|key| store.get(&JsValue::from_str(key)))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| thrown(e, 0))?;
    done.await.map_err(|_| describe(transaction.error(), 0))?;
    Ok(requests
        .iter()
        .map(|r| r.result().ok().and_then(|v| v.as_string()))
        .collect())
}

/// Puts (`Some`) or deletes (`None`) each record in one transaction, so the records change
/// together or not at all, and returns its completion.
///
/// The transaction is created, filled and committed before this returns: called from a
/// `pagehide` handler, the browser has the whole write before the page goes, and finishes it
/// after (the returned future is then never polled, which is fine).
pub fn write(
    db: &IdbDatabase,
    records: &[(&str, Option<&str>)],
) -> Result<impl Future<Output = Result<(), String>> + 'static, String> {
    let bytes = records
        .iter()
        .map(|(_, value)| value.map_or(0, str::len))
        .sum();
    let transaction = db
        .transaction_with_str_and_mode(STORE, IdbTransactionMode::Readwrite)
        .map_err(|e| thrown(e, bytes))?;
    let done = transaction_done(&transaction);
    let store = transaction
        .object_store(STORE)
        .map_err(|e| thrown(e, bytes))?;
    for (key, value) in records {
        let key = JsValue::from_str(key);
        let queued = match value {
            Some(value) => store.put_with_key(&JsValue::from_str(value), &key),
            None => store.delete(&key),
        };
        if let Err(e) = queued {
            let _ = transaction.abort();
            return Err(thrown(e, bytes));
        }
    }
    // Commits now rather than when the page next goes idle (browsers without `commit` commit
    // then anyway). web-sys marks `commit` deprecated, though it is in the IndexedDB 3.0
    // specification and in every current browser.
    #[allow(deprecated)]
    let _ = transaction.commit();
    Ok(async move {
        done.await
            .map(|_| ())
            .map_err(|_| describe(transaction.error(), bytes))
    })
}
