//! The benchmark hooks `make bench` calls in the release build (scripts/bench-browser.mjs,
//! through `window.wasmBindings`): the core's import, validate and export, whole and phase by
//! phase. The page itself never calls them.

/// Imports, validates and exports the PATCH body of every entry of `text`, with the entries on
/// a tape (`tape`: as the page and the CLI hold them) or as trees (the comparison), and returns
/// how many entries went through (0 when refused).
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn bench_import_validate_export(text: &str, tape: bool) -> usize {
    let options = offsets_core::ImportOptions {
        storage: if tape {
            offsets_core::import::Storage::Tape
        } else {
            offsets_core::import::Storage::Tree
        },
        ..offsets_core::ImportOptions::default()
    };
    let Ok(imported) = offsets_core::import(text, &options) else {
        return 0;
    };
    // `import` validates the listing (its diagnostics are the validation), so the export
    // does not validate again.
    let listing = imported.listing;
    match offsets_core::export::patch_json_gated(
        &listing,
        offsets_core::export::Gate::Checked(&imported.diagnostics),
        false,
    ) {
        Ok(export) if !export.text.is_empty() => listing.entries.len(),
        _ => 0,
    }
}

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// `performance.now()`, for [`bench_phases`] alone.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

/// Benchmark hook for scripts/bench-browser.mjs (issue 35): [`bench_import_validate_export`]'s
/// work phase by phase, timed with `performance.now()`, for the entries as trees or on a tape
/// (`tape`). Returns the milliseconds of each phase, in this order: `copy` (the text into an
/// owned `String`, which the tape's import makes of a borrowed text), `parse` (the document
/// alone: `json::parse`, or `json::parse_tape_owned` of the copy), `positions` (a tape only:
/// every entry's position from the tape's line index, as the import asks for it), `parse_drop`
/// (dropping that document), `read` (the whole `import::read`: copy, parse and the listing's
/// entries), `validate`, `export` (the PATCH body) and `drop` (the listing and the body). The
/// listing's own work is `read − copy − parse`. Empty when the import refused `text`. Numbers,
/// not text: formatting a float would add 9 KiB of gzip to the page. The page never calls it.
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn bench_phases(text: &str, tape: bool) -> Vec<f64> {
    use offsets_core::json;
    let storage = if tape {
        offsets_core::import::Storage::Tape
    } else {
        offsets_core::import::Storage::Tree
    };
    let mut out = Vec::new();
    let mut lap = {
        let mut t = performance_now();
        move |_phase: &'static str, out: &mut Vec<f64>| {
            let now = performance_now();
            out.push(now - t);
            t = now;
        }
    };
    if tape {
        let owned = text.to_owned();
        lap("copy", &mut out);
        let parsed = json::parse_tape_owned(owned, json::SourceMap::Identity).ok();
        lap("parse", &mut out);
        let mut lines = 0;
        if let Some(t) = &parsed {
            for m in t.root().members() {
                for item in m.value.items() {
                    lines += u64::from(item.pos().line);
                }
            }
        }
        std::hint::black_box(lines);
        lap("positions", &mut out);
        drop(parsed);
        lap("parse_drop", &mut out);
    } else {
        lap("copy", &mut out);
        let parsed = json::parse(text).ok();
        lap("parse", &mut out);
        lap("positions", &mut out);
        drop(parsed);
        lap("parse_drop", &mut out);
    }
    let options = offsets_core::ImportOptions {
        storage,
        ..offsets_core::ImportOptions::default()
    };
    let Ok((listing, mut notes)) = offsets_core::import::read(text, &options) else {
        return Vec::new();
    };
    lap("read", &mut out);
    notes.extend(offsets_core::validate(&listing, None));
    lap("validate", &mut out);
    let export = offsets_core::export::patch_json_gated(
        &listing,
        offsets_core::export::Gate::Checked(&notes),
        false,
    );
    lap("export", &mut out);
    drop((listing, notes, export));
    lap("drop", &mut out);
    out
}
