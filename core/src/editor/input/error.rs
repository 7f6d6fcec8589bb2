//! Why a value typed in a cell, a key/value field, the Value box or the "Add partitions" form was
//! refused: one variant per reason, carrying the typed text its sentence quotes. `Display` writes
//! the sentence the page shows.

use crate::model::names::NameError;
use std::fmt;

/// Why an offset, a shift, a field or a new partition typed by the user was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InputError {
    /// An offset field left empty (null is typed out, never an empty field).
    EmptyOffset,
    /// A negative offset.
    NegativeOffset { text: String },
    /// A date-time typed where an offset or a shift goes.
    Time { text: String },
    /// An offset that is not a whole number.
    NotOffset { text: String },
    /// An offset above `i64::MAX`.
    OffsetTooLarge { text: String },
    /// A shift that is not a signed whole number.
    NotShift { text: String },
    /// A shift outside the 64-bit range.
    ShiftOutOfRange { text: String },
    /// Not a JSON number, for a field that holds a number.
    NotNumber { text: String },
    /// Not `true` or `false`, for a field that holds a boolean.
    NotBool { text: String },
    /// Not a JSON value, for a field that holds null, an array or an object.
    NotJson { column: u32, message: String },
    /// A shift with no value typed.
    EmptyShift,
    /// "Resume at" with no record number typed (or `null`).
    EmptyResumeAt,
    /// A key/value edit of a row the session does not have (a stale row).
    NoRow { row: usize },
    /// A key/value edit or removal of a field the map does not have (`map`: `partition` or
    /// `offset`).
    NoField { map: &'static str, key: String },
    /// A new field typed without `=`.
    NewFieldForm,
    /// A new field typed with nothing before the `=`.
    NewFieldName,
    /// A new field whose key the map already has.
    FieldExists { map: &'static str, key: String },
    /// The entry cannot take the field: the sentence of `Entry::with_field` (an entry that is
    /// not an object, a map that is not a map).
    Entry(String),
    /// "Add partitions": not a Kafka topic name.
    Topic(NameError),
    /// "Add partitions": not a partition list or range, at 1-based `column`.
    Partitions { column: usize, message: String },
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::EmptyOffset => f.write_str(
                "Type a value: a whole number \u{2265} 0, or null to delete the stored offset. Nothing was changed.",
            ),
            InputError::NegativeOffset { text } => write!(
                f,
                "'{text}' is negative; offsets are whole numbers \u{2265} 0. To replay the whole partition, tick Null instead."
            ),
            InputError::Time { text } => write!(
                f,
                "'{text}' is a time, not an offset. To rewind to a time: press \"Rewind to a time…\" (Bulk actions), or in References below the table type it in \"Look up at\", and run the kafka-get-offsets.sh commands written below it; add their output as a reference (\"Offsets at a time\"), then press its \"Set to the offsets at ...\" button (CLI: connect-offsets lookup FILE --at TIME, then edit --set-from time@TIME=OUTPUT)."
            ),
            InputError::NotOffset { text } => write!(
                f,
                "'{text}' is not a whole number; type digits only (or null to delete the stored offset)."
            ),
            InputError::OffsetTooLarge { text } => write!(
                f,
                "'{text}' is larger than 9223372036854775807, the largest Kafka offset."
            ),
            InputError::NotShift { text } => write!(
                f,
                "'{text}' is not a whole number; type for example -100 to rewind or 250 to skip ahead."
            ),
            InputError::ShiftOutOfRange { text } => {
                write!(f, "'{text}' is outside the 64-bit range of Kafka offsets.")
            }
            InputError::NotNumber { text } => write!(
                f,
                "'{text}' is not a number; this field holds a number (for example 42 or 1.5)."
            ),
            InputError::NotBool { text } => write!(
                f,
                "'{text}' is not true or false; this field holds a boolean."
            ),
            InputError::NotJson { column, message } => write!(
                f,
                "Not valid JSON at column {column}: {message}. Type a JSON value (a \"quoted string\", a number, true, false, null, [...] or {{...}})."
            ),
            InputError::EmptyShift => f.write_str(
                "Type a value: for example -100 to rewind or 250 to skip ahead. Nothing was changed.",
            ),
            InputError::EmptyResumeAt => {
                f.write_str("Type the record number replication should resume at.")
            }
            InputError::NoRow { row } => write!(f, "There is no row {row}."),
            InputError::NoField { map, key } => write!(f, "The {map} map has no field '{key}'."),
            InputError::NewFieldForm => {
                f.write_str("Type the new field as key=value, for example snapshot=true.")
            }
            InputError::NewFieldName => f.write_str("The field needs a name before the '='."),
            InputError::FieldExists { map, key } => write!(
                f,
                "The {map} map already has a field '{key}': edit it instead."
            ),
            InputError::Entry(message) => f.write_str(message),
            InputError::Topic(e) => write!(f, "{e}"),
            InputError::Partitions { column, message } => {
                write!(f, "Partitions, column {column}: {message}")
            }
        }
    }
}

impl std::error::Error for InputError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            InputError::Topic(e) => Some(e),
            _ => None,
        }
    }
}

/// For the callers that carry the refusal as a `String` (the page's notices and cell errors):
/// the sentence of `Display`.
impl From<InputError> for String {
    fn from(e: InputError) -> String {
        e.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::{InputError, NameError};

    /// Each variant's sentence is the one the `Result<_, String>` readers wrote, word for word.
    #[test]
    fn each_variant_words_the_old_message() {
        let t = |s: &str| s.to_string();
        let cases = [
            (
                InputError::EmptyOffset,
                t(
                    "Type a value: a whole number \u{2265} 0, or null to delete the stored offset. Nothing was changed.",
                ),
            ),
            (
                InputError::NegativeOffset { text: t("-5") },
                t(
                    "'-5' is negative; offsets are whole numbers \u{2265} 0. To replay the whole partition, tick Null instead.",
                ),
            ),
            (
                InputError::Time {
                    text: t("2026-11-30 12:00 UTC"),
                },
                t(
                    "'2026-11-30 12:00 UTC' is a time, not an offset. To rewind to a time: press \"Rewind to a time…\" (Bulk actions), or in References below the table type it in \"Look up at\", and run the kafka-get-offsets.sh commands written below it; add their output as a reference (\"Offsets at a time\"), then press its \"Set to the offsets at ...\" button (CLI: connect-offsets lookup FILE --at TIME, then edit --set-from time@TIME=OUTPUT).",
                ),
            ),
            (
                InputError::NotOffset { text: t("12x") },
                t(
                    "'12x' is not a whole number; type digits only (or null to delete the stored offset).",
                ),
            ),
            (
                InputError::OffsetTooLarge {
                    text: t("9223372036854775808"),
                },
                t(
                    "'9223372036854775808' is larger than 9223372036854775807, the largest Kafka offset.",
                ),
            ),
            (
                InputError::NotShift { text: t("x") },
                t(
                    "'x' is not a whole number; type for example -100 to rewind or 250 to skip ahead.",
                ),
            ),
            (
                InputError::ShiftOutOfRange {
                    text: t("99999999999999999999"),
                },
                t("'99999999999999999999' is outside the 64-bit range of Kafka offsets."),
            ),
            (
                InputError::NotNumber { text: t("abc") },
                t("'abc' is not a number; this field holds a number (for example 42 or 1.5)."),
            ),
            (
                InputError::NotBool { text: t("yes") },
                t("'yes' is not true or false; this field holds a boolean."),
            ),
            (
                InputError::NotJson {
                    column: 3,
                    message: t("expected a value"),
                },
                t(
                    "Not valid JSON at column 3: expected a value. Type a JSON value (a \"quoted string\", a number, true, false, null, [...] or {...}).",
                ),
            ),
            (
                InputError::EmptyShift,
                t(
                    "Type a value: for example -100 to rewind or 250 to skip ahead. Nothing was changed.",
                ),
            ),
            (
                InputError::EmptyResumeAt,
                t("Type the record number replication should resume at."),
            ),
            (InputError::NoRow { row: 9 }, t("There is no row 9.")),
            (
                InputError::NoField {
                    map: "offset",
                    key: t("lsn"),
                },
                t("The offset map has no field 'lsn'."),
            ),
            (
                InputError::NewFieldForm,
                t("Type the new field as key=value, for example snapshot=true."),
            ),
            (
                InputError::NewFieldName,
                t("The field needs a name before the '='."),
            ),
            (
                InputError::FieldExists {
                    map: "partition",
                    key: t("server"),
                },
                t("The partition map already has a field 'server': edit it instead."),
            ),
            (
                InputError::Entry(t(
                    "The offset is a string, not a map of fields; fix it in the source.",
                )),
                t("The offset is a string, not a map of fields; fix it in the source."),
            ),
            (
                InputError::Topic(NameError::TopicEmpty),
                t("Topic name is invalid: the empty string is not allowed"),
            ),
            (
                InputError::Partitions {
                    column: 3,
                    message: t("a range goes up (2-1)"),
                },
                t("Partitions, column 3: a range goes up (2-1)"),
            ),
        ];
        for (error, old) in cases {
            assert_eq!(error.to_string(), old, "{error:?}");
        }
    }
}
