//! Why a value typed in a cell or the Value box was refused: one variant per reason, carrying
//! the typed text its sentence quotes. `Display` writes the sentence the page shows.

use std::fmt;

/// Why an offset, a shift or a field value typed by the user was refused.
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
        }
    }
}

impl std::error::Error for InputError {}

/// For the callers that carry the refusal as a `String` (the page's notices and cell errors):
/// the sentence of `Display`.
impl From<InputError> for String {
    fn from(e: InputError) -> String {
        e.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::InputError;

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
        ];
        for (error, old) in cases {
            assert_eq!(error.to_string(), old, "{error:?}");
        }
    }
}
