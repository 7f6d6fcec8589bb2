//! Why a draft record was not restored: one variant per reason. `Display` writes the sentence the
//! page's notice shows.

use std::fmt;

/// Which record could not be read: it names the record in the sentence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DraftRecord {
    /// The source record (the text area and the loaded source): "the saved draft".
    Source,
    /// The draft record (the edits): "the saved edits".
    Edits,
    /// The prefs record (the filter and the settings): "the saved settings".
    Prefs,
}

/// Why a draft record was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DraftError {
    /// The record was written by another version of the editor.
    AnotherVersion,
    /// The record is not JSON of this version's shape (`reason`: the parser's message, or the
    /// member that does not read; where, by line and column).
    Unreadable { record: DraftRecord, reason: String },
}

impl fmt::Display for DraftError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DraftError::AnotherVersion => {
                f.write_str("The saved draft is from another version of this editor.")
            }
            DraftError::Unreadable { record, reason } => {
                let what = match record {
                    DraftRecord::Source => "draft is",
                    DraftRecord::Edits => "edits are",
                    DraftRecord::Prefs => "settings are",
                };
                write!(f, "The saved {what} unreadable ({reason}).")
            }
        }
    }
}

impl std::error::Error for DraftError {}

#[cfg(test)]
mod tests {
    use super::{DraftError, DraftRecord};

    /// Each variant's sentence is the one the `Result<_, String>` restore wrote, word for word.
    #[test]
    fn each_variant_words_the_old_message() {
        let unreadable = |record| DraftError::Unreadable {
            record,
            reason: "EOF while parsing an object at line 1 column 1".into(),
        };
        let cases = [
            (
                DraftError::AnotherVersion,
                "The saved draft is from another version of this editor.",
            ),
            (
                unreadable(DraftRecord::Source),
                "The saved draft is unreadable (EOF while parsing an object at line 1 column 1).",
            ),
            (
                unreadable(DraftRecord::Edits),
                "The saved edits are unreadable (EOF while parsing an object at line 1 column 1).",
            ),
            (
                unreadable(DraftRecord::Prefs),
                "The saved settings are unreadable (EOF while parsing an object at line 1 column 1).",
            ),
        ];
        for (error, old) in cases {
            assert_eq!(error.to_string(), old, "{error:?}");
        }
    }
}
