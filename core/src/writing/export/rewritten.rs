//! What [`super::rewrite_session`] gives `connect-offsets edit`: the edited document, held
//! until it is written (a REST body as the input's bytes and the edits, streamed to a writer),
//! and the edited listing's findings.

use super::splice::{self, Edit};
use crate::diag::Diagnostic;

/// What `connect-offsets edit` writes and reports for a session: [`super::rewrite_session`].
#[derive(Debug, Clone, PartialEq)]
pub struct Rewritten<'o> {
    /// The edited document, written by [`Rewritten::write_to`].
    pub(super) document: Document<'o>,
    /// `validate(&edited, None)` of the edited listing.
    pub diagnostics: Vec<Diagnostic>,
    /// Where the input's own layout could not be kept, and what was written instead (the CLI
    /// prints them on standard error).
    pub notes: Vec<String>,
}

/// An edited document, as it is held until it is written.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Document<'o> {
    /// Written whole (a ConfigMap, or a document in today's layout).
    Text(String),
    /// A REST body: the input's own bytes with `edits` made in them, streamed, never held
    /// whole a second time (the new text of every edit is in `buf`).
    Spliced {
        bom: &'static str,
        input: &'o str,
        edits: Vec<Edit>,
        buf: String,
    },
}

impl Rewritten<'_> {
    /// Writes the edited document to `out` piece by piece (wrap a file or standard output in
    /// a buffered writer): a REST body's unchanged byte ranges are copied from the input, not
    /// first gathered into one string.
    pub fn write_to<W: std::io::Write>(&self, out: &mut W) -> std::io::Result<()> {
        match &self.document {
            Document::Text(text) => out.write_all(text.as_bytes()),
            Document::Spliced {
                bom,
                input,
                edits,
                buf,
            } => {
                out.write_all(bom.as_bytes())?;
                splice::write(input, edits, buf, out)
            }
        }
    }

    /// The edited document as one string (what [`Rewritten::write_to`] writes).
    pub fn text(&self) -> String {
        let mut bytes = Vec::new();
        // Writing to a vector cannot fail; the pieces are slices of strings.
        let _ = self.write_to(&mut bytes);
        String::from_utf8(bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
    }
}
