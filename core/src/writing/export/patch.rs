//! The body of the Kafka Connect `PATCH /connectors/<name>/offsets` request (JSON).

use super::{Export, Gate, gate};
use crate::diag::Diagnostic;
use crate::model::Listing;

/// The body of `PATCH /connectors/<name>/offsets`: compact (one line, with a final newline) or
/// pretty (Jackson style, as in the ConfigMap, with a final newline).
pub fn patch_json(
    listing: &Listing,
    baseline: Option<&Listing>,
    pretty: bool,
) -> Result<Export, Vec<Diagnostic>> {
    patch_json_gated(listing, Gate::Validate { baseline }, pretty)
}

/// [`patch_json`] with the validation step chosen by the caller.
pub fn patch_json_gated(
    listing: &Listing,
    validation: Gate<'_>,
    pretty: bool,
) -> Result<Export, Vec<Diagnostic>> {
    let diags = gate(listing, validation)?;
    let mut text = if pretty {
        listing.to_pretty_json()
    } else {
        listing.to_compact_json()
    };
    text.push('\n');
    Ok(Export {
        text,
        diagnostics: diags,
    })
}
