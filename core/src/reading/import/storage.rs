//! [`Storage::Tape`](super::Storage::Tape): the imported entries moved onto one tape of the
//! offsets document, which holds a shared copy of its text. The tree import decides everything
//! (rules, kind, positions); this only changes where each entry's JSON lives, so every reader
//! answers the same for both storages.

use crate::json::{self, SharedValue, SourceMap};
use crate::model::{Entry, Listing};
use std::sync::Arc;

/// Puts every entry of `listing`, imported from the offsets document `text` (positions mapped
/// through `map`), on a tape of that text. The listing is left as it is when the tape does not
/// hold the same entries (it always does: the same grammar read the same text).
pub(super) fn onto_tape(listing: &mut Listing, text: &str, map: SourceMap) {
    let Ok(tape) = json::parse_tape_shared(Arc::from(text), map) else {
        return;
    };
    let tape = Arc::new(tape);
    let Some(offsets) = tape.root().get("offsets") else {
        return;
    };
    let Some(values) = offsets
        .items()
        .map(|v| SharedValue::of(&tape, v))
        .collect::<Option<Vec<_>>>()
    else {
        return;
    };
    if values.len() != listing.entries.len() {
        return;
    }
    for (entry, value) in listing.entries.iter_mut().zip(values) {
        *entry = Entry::on_tape(value, std::mem::take(&mut entry.origin));
    }
}
