//! Fuzz target `import`: arbitrary bytes -> import (lossy UTF-8 and raw bytes) -> validate ->
//! print. Any panic is a bug: the core promises never to panic on input.
#![no_main]

use libfuzzer_sys::fuzz_target;
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
});
