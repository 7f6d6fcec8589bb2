//! Fuzz target `import`: arbitrary bytes -> import (lossy UTF-8 and raw bytes) -> validate ->
//! print. Any panic is a bug: the core promises never to panic on input. The same text imported
//! with its entries as trees (`Storage::Tree`) must give the same diagnostics, validation and
//! printed listing as with the default, on a tape.
#![no_main]

use libfuzzer_sys::fuzz_target;
use offsets_core::import::Storage;
use offsets_core::{ImportOptions, import, import_bytes, validate};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let options = ImportOptions::default();
    for result in [import(&text, &options), import_bytes(data, &options)] {
        match result {
            Ok(imported) => {
                let _ = validate(&imported.listing, Some(&imported.listing));
                let printed = imported.listing.to_pretty_json();
                let reparsed = offsets_core::json::parse(&printed);
                assert!(reparsed.is_ok(), "the writer produced unparsable JSON");
            }
            Err(diagnostics) => assert!(diagnostics.iter().any(|d| d.is_error())),
        }
    }
    let tree = ImportOptions {
        storage: Storage::Tree,
        ..ImportOptions::default()
    };
    match (import(&text, &options), import(&text, &tree)) {
        (Ok(a), Ok(b)) => {
            assert_eq!(a.diagnostics, b.diagnostics, "the storages' import notes differ");
            assert_eq!(
                validate(&a.listing, None),
                validate(&b.listing, None),
                "the storages' validations differ"
            );
            assert_eq!(a.listing.to_pretty_json(), b.listing.to_pretty_json());
            assert_eq!(a.listing.entries, b.listing.entries);
        }
        (Err(a), Err(b)) => assert_eq!(a, b, "the storages refuse differently"),
        _ => panic!("one storage imported what the other refused"),
    }
});
