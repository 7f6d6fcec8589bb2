//! Why a procedure's input was refused, one enum per concern (a field as typed, the rounds of an
//! alter payload, the REST create's body, the exported offsets read back), each variant carrying
//! the value its sentence quotes. `Display` writes the sentence the user reads (pinned by golden
//! files, snapshots and the CLI's tests); `options` wraps it in a PLAN diagnostic.

use crate::model::names::NameError;
use std::fmt;

/// Why a value typed into a field of a plan request ([`super::request::Field::check`]) is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FieldError {
    /// Refused by the rule of the checked name the procedure builds from it.
    Name(NameError),
    /// Not a position in `spec.mirrors` (a number from 0).
    MirrorIndex,
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FieldError::Name(e) => e.fmt(f),
            FieldError::MirrorIndex => {
                f.write_str("The mirror index is the position in spec.mirrors, from 0.")
            }
        }
    }
}

impl std::error::Error for FieldError {}

impl From<NameError> for FieldError {
    fn from(e: NameError) -> FieldError {
        FieldError::Name(e)
    }
}

/// For the callers that carry the sentence as a `String`.
impl From<FieldError> for String {
    fn from(e: FieldError) -> String {
        e.to_string()
    }
}

/// Why an alter payload that is a stream of ConfigMaps cannot be applied in rounds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum RoundsError {
    /// Document `document` (1-based) of the `count` is not the round ConfigMap it should be:
    /// `found` is its name, `None` when it is not a ConfigMap with a name. The rounds are named
    /// `first` ... `last`.
    OutOfOrder {
        count: usize,
        first: String,
        last: String,
        document: usize,
        found: Option<String>,
    },
}

impl fmt::Display for RoundsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RoundsError::OutOfOrder {
                count,
                first,
                last,
                document,
                found,
            } => {
                write!(
                    f,
                    "The alter payload holds {count} ConfigMaps, to be applied as rounds named '{first}' ... '{last}' after the alter ConfigMap name; document {document} is "
                )?;
                match found {
                    Some(n) => write!(f, "named '{n}'")?,
                    None => f.write_str("not a ConfigMap with a name")?,
                }
                f.write_str(". Export the rounds again with that name.")
            }
        }
    }
}

impl std::error::Error for RoundsError {}

/// Why the REST create's `POST /connectors` body cannot be made from the connector config.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum CreateBodyError {
    /// The config is not a JSON object; `reason` says why (the parser's message and where, or
    /// what it is instead).
    NotAnObject { reason: String },
    /// The config has no `connector.class`; `whole_request` when it looks like a whole create
    /// request (a `config` object inside).
    NoConnectorClass { whole_request: bool },
    /// The config's `name` (`named`, as JSON) is not the connector `name` the procedure creates.
    OtherName { named: String, name: String },
    /// A control character other than a newline, tab or carriage return.
    ControlCharacter,
}

impl fmt::Display for CreateBodyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CreateBodyError::NotAnObject { reason } => {
                write!(f, "The connector config must be a JSON object ({reason}).")
            }
            CreateBodyError::NoConnectorClass { whole_request } => {
                f.write_str("The connector config has no \"connector.class\", which Kafka Connect needs to create the connector.")?;
                if *whole_request {
                    f.write_str(" It looks like a whole create request: give only its \"config\" object.")?;
                }
                Ok(())
            }
            CreateBodyError::OtherName { named, name } => write!(
                f,
                "The connector config names the connector {named}, but the procedure creates '{name}'. Remove \"name\" from the config or make the two agree."
            ),
            CreateBodyError::ControlCharacter => f.write_str(
                "The connector config contains a control character; a pasted heredoc would not reproduce it exactly.",
            ),
        }
    }
}

impl std::error::Error for CreateBodyError {}

/// Why the exported offsets cannot be read back into the check the script runs (`check`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum ReadBackError {
    /// The import refused the text; `message` is its first diagnostic's.
    Refused { message: String },
    /// The import refused it without a diagnostic.
    Unreadable,
}

impl fmt::Display for ReadBackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadBackError::Refused { message } => f.write_str(message),
            ReadBackError::Unreadable => f.write_str("unreadable"),
        }
    }
}

impl std::error::Error for ReadBackError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: &str) -> String {
        v.to_owned()
    }

    /// Each variant's sentence is the one `Field::check` wrote as a `String`, word for word.
    #[test]
    fn field_error_words_the_old_message() {
        assert_eq!(
            FieldError::MirrorIndex.to_string(),
            "The mirror index is the position in spec.mirrors, from 0."
        );
        assert_eq!(
            FieldError::Name(NameError::Namespace).to_string(),
            NameError::Namespace.to_string()
        );
    }

    /// The sentence is the one `round_names` wrote as a `String`, word for word.
    #[test]
    fn rounds_error_words_the_old_message() {
        let error = |found| RoundsError::OutOfOrder {
            count: 2,
            first: s("x-1"),
            last: s("x-2"),
            document: 1,
            found,
        };
        assert_eq!(
            error(Some(s("x-2"))).to_string(),
            "The alter payload holds 2 ConfigMaps, to be applied as rounds named 'x-1' ... 'x-2' after the alter ConfigMap name; document 1 is named 'x-2'. Export the rounds again with that name."
        );
        assert_eq!(
            error(None).to_string(),
            "The alter payload holds 2 ConfigMaps, to be applied as rounds named 'x-1' ... 'x-2' after the alter ConfigMap name; document 1 is not a ConfigMap with a name. Export the rounds again with that name."
        );
    }

    /// Each variant's sentence is the one `create_body` wrote as a `String`, word for word.
    #[test]
    fn create_body_error_words_the_old_message() {
        let cases = [
            (
                CreateBodyError::NotAnObject {
                    reason: s("expected value at line 1 column 1"),
                },
                "The connector config must be a JSON object (expected value at line 1 column 1).",
            ),
            (
                CreateBodyError::NoConnectorClass {
                    whole_request: false,
                },
                "The connector config has no \"connector.class\", which Kafka Connect needs to create the connector.",
            ),
            (
                CreateBodyError::NoConnectorClass {
                    whole_request: true,
                },
                "The connector config has no \"connector.class\", which Kafka Connect needs to create the connector. It looks like a whole create request: give only its \"config\" object.",
            ),
            (
                CreateBodyError::OtherName {
                    named: s("\"other\""),
                    name: s("orders"),
                },
                "The connector config names the connector \"other\", but the procedure creates 'orders'. Remove \"name\" from the config or make the two agree.",
            ),
            (
                CreateBodyError::ControlCharacter,
                "The connector config contains a control character; a pasted heredoc would not reproduce it exactly.",
            ),
        ];
        for (error, old) in cases {
            assert_eq!(error.to_string(), old, "{error:?}");
        }
    }

    /// Each variant's sentence is the one `check::read` wrote as a `String`, word for word.
    #[test]
    fn read_back_error_words_the_old_message() {
        assert_eq!(
            ReadBackError::Refused {
                message: s("S1: not JSON")
            }
            .to_string(),
            "S1: not JSON"
        );
        assert_eq!(ReadBackError::Unreadable.to_string(), "unreadable");
    }
}
