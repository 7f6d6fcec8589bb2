//! Import then validate: the one pipeline function above both reading and checking, so the
//! reader never calls the rules (reading/import reads, checking/validate judges).

use crate::checking::validate::validate;
use crate::diag::{Diagnostic, by_position, sort_diagnostics};
use crate::model::Listing;
use crate::reading::import::{ImportOptions, read, read_owned, utf8_text};

/// A successful import: the listing plus every diagnostic found on the way, INCLUDING the
/// validation of the imported listing ([`crate::checking::validate::validate`] with no baseline), sorted
/// by position. Errors here do not prevent editing; they block export.
#[derive(Debug, Clone, PartialEq)]
pub struct Imported {
    pub listing: Listing,
    pub diagnostics: Vec<Diagnostic>,
}

/// Imports `text`, detecting its form. `Err` holds at least one error diagnostic with a position,
/// when no listing can be built at all.
pub fn import(text: &str, options: &ImportOptions) -> Result<Imported, Vec<Diagnostic>> {
    validated(read(text, options)?)
}

/// [`import`] of a text the caller gives away: the listing's tape keeps it, so the input is held
/// once, not copied.
pub fn import_owned(text: String, options: &ImportOptions) -> Result<Imported, Vec<Diagnostic>> {
    validated(read_owned(text, options)?)
}

fn validated(
    (listing, mut notes): (Listing, Vec<Diagnostic>),
) -> Result<Imported, Vec<Diagnostic>> {
    notes.extend(validate(&listing, None));
    sort_diagnostics(&mut notes, by_position);
    Ok(Imported {
        listing,
        diagnostics: notes,
    })
}

/// Imports raw bytes: checks the size and UTF-8 first (reporting the byte offset, line and
/// column of the first invalid byte), then calls [`import`].
pub fn import_bytes(bytes: &[u8], options: &ImportOptions) -> Result<Imported, Vec<Diagnostic>> {
    import(utf8_text(bytes, options)?, options)
}

/// [`import_bytes`] of bytes the caller gives away: valid UTF-8 becomes the text without a copy
/// (see [`import_owned`]); anything else is refused as [`import_bytes`] refuses it.
pub fn import_bytes_owned(
    bytes: Vec<u8>,
    options: &ImportOptions,
) -> Result<Imported, Vec<Diagnostic>> {
    // Refused input (too large, not UTF-8) is refused by `import_bytes` itself, word for word.
    if bytes.len() > options.input_limit() {
        return import_bytes(&bytes, options);
    }
    match String::from_utf8(bytes) {
        Ok(text) => import_owned(text, options),
        Err(e) => import_bytes(e.as_bytes(), options),
    }
}
