//! Fuzz target `draft`: arbitrary text as the records the page keeps in browser storage -> a
//! restore. The text is tried as a source record alone, and as the draft and the prefs of a
//! source record that loads a fixture (`@FP@` in the text stands for that source's fingerprint,
//! so that mutated drafts of `fuzz/seeds/draft` reach the edits). Any panic is a bug (core
//! promises never to panic), and so is a restored editor whose own records do not restore to
//! the same records: the reader and the writer must agree.
#![no_main]

use libfuzzer_sys::fuzz_target;
use offsets_core::editor::{Editor, EditorAction, ImportAction};
use std::sync::OnceLock;

const LISTING: &str = include_str!("../../tests/fixtures/kafkaconnector-mm2-source.list.yaml");

/// The fixture's source record and its fingerprint (as the draft record names it).
fn source() -> &'static (String, String) {
    static SOURCE: OnceLock<(String, String)> = OnceLock::new();
    SOURCE.get_or_init(|| {
        let mut e = Editor::new();
        e.apply(EditorAction::Import(ImportAction::SetInput(LISTING.to_owned())));
        e.apply(EditorAction::Import(ImportAction::Load));
        let draft = e.draft_record();
        let at = draft.find("\"source\":\"").expect("a loaded draft names its source") + 10;
        let fingerprint = draft.get(at..at + 16).expect("16 hex digits").to_owned();
        (e.source_record(), fingerprint)
    })
}

/// The records `e` writes restore to an editor that writes the same records.
fn round_trip(e: &Editor) {
    let (s, d, p) = (e.source_record(), e.draft_record(), e.prefs_record());
    let again = Editor::restore_with_prefs(&s, Some(&d), Some(&p))
        .unwrap_or_else(|err| panic!("written records do not restore: {err}\n{s}\n{d}\n{p}"));
    assert_eq!(again.source_record(), s, "source record");
    assert_eq!(again.draft_record(), d, "draft record");
    assert_eq!(again.prefs_record(), p, "prefs record");
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (source, fingerprint) = source();
    let text = text.replace("@FP@", fingerprint);
    if let Ok(e) = Editor::restore(&text, None) {
        round_trip(&e);
    }
    if let Ok(e) = Editor::restore_with_prefs(source, Some(&text), Some(&text)) {
        round_trip(&e);
    }
});
