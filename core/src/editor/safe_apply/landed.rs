//! The landed check: a listing taken after the alter compared with the export, partition by
//! partition (landed, drifted or missing), through `diff::confirm`.

use super::*;

/// How one partition of the alter shows in the listing taken after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Landing {
    /// Listed as the alter asked (a null request: absent or null).
    Landed,
    /// Listed with another offset.
    Drifted,
    /// Not in the listing.
    Missing,
}

impl Landing {
    pub fn as_str(self) -> &'static str {
        match self {
            Landing::Landed => "landed",
            Landing::Drifted => "drifted",
            Landing::Missing => "missing",
        }
    }
}

/// One partition of the landed check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LandedRow {
    /// `east/orders:0`, `orders:3`, or the partition's JSON.
    pub label: String,
    /// The offset the alter asked for.
    pub asked: String,
    /// The offset the new listing shows ("no entry" when absent).
    pub listed: String,
    pub status: Landing,
}

/// The landed check of a listing taken after the alter (as `diff --expect` in the CLI).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LandedReport {
    pub rows: Vec<LandedRow>,
    pub landed: usize,
    pub drifted: usize,
    pub missing: usize,
    /// One sentence: how many landed, drifted and are missing.
    pub summary: String,
}

impl Editor {
    /// Imports the listing taken after the alter (empty text: no check).
    pub(in crate::editor) fn check_landed_text(&mut self, text: &str) {
        self.safe.revision = self.safe.revision.wrapping_add(1);
        self.safe.after = (!text.trim().is_empty())
            .then(|| import(text, &ImportOptions::default()).map(|i| Arc::new(i.listing)));
    }

    /// A picked listing file, as bytes.
    pub(in crate::editor) fn check_landed_bytes(&mut self, bytes: &[u8]) {
        self.safe.revision = self.safe.revision.wrapping_add(1);
        self.safe.after = Some(
            crate::pipeline::import_bytes(bytes, &ImportOptions::default())
                .map(|i| Arc::new(i.listing)),
        );
    }

    /// The landed check: each partition of the export, landed, drifted or missing in the new
    /// listing. `None` without a new listing; `Err` when it could not be imported.
    pub fn landed_report(&self) -> Option<Result<LandedReport, Vec<Diagnostic>>> {
        let after = self.safe.after.as_ref()?;
        let session = self.session()?;
        let after = match after {
            Ok(after) => after,
            Err(e) => return Some(Err(e.clone())),
        };
        let requested = session.export_listing();
        let kind = requested.kind;
        let Confirmation { mismatches, .. } = confirm(&requested, after);
        let mut rows: Vec<LandedRow> = requested
            .entries
            .iter()
            .map(|e| {
                let v = offset_value(kind, e);
                LandedRow {
                    label: describe_entry(kind, e),
                    asked: show(Some(v)),
                    listed: if v == OffsetValue::Null {
                        "no entry".to_string()
                    } else {
                        show(Some(v))
                    },
                    status: Landing::Landed,
                }
            })
            .collect();
        for m in mismatches {
            if let Some(row) = rows.get_mut(m.entry) {
                row.listed = show(m.actual);
                row.status = if m.actual.is_some() {
                    Landing::Drifted
                } else {
                    Landing::Missing
                };
            }
        }
        let count = |s: Landing| rows.iter().filter(|r| r.status == s).count();
        let (landed, drifted, missing) = (
            count(Landing::Landed),
            count(Landing::Drifted),
            count(Landing::Missing),
        );
        let summary = if drifted + missing == 0 {
            format!(
                "All {} of the alter landed: the new listing shows every offset it asked for.",
                plural(rows.len(), "partition", "partitions")
            )
        } else {
            format!(
                "{landed} of {} landed; {drifted} drifted (listed with another offset), {missing} missing (not in the new listing). Check that the alter was applied to this connector, and list again.",
                plural(rows.len(), "altered partition", "altered partitions")
            )
        };
        Some(Ok(LandedReport {
            rows,
            landed,
            drifted,
            missing,
            summary,
        }))
    }
}
