//! Why the guided start shows no list commands: one variant per reason. `Display` writes the
//! sentence the empty page shows in their place.

use std::fmt;

/// Why [`Editor::start_list`](crate::editor::Editor::start_list) has no procedure yet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StartListError {
    /// Fields left empty, each named as the sentence says it ("the namespace").
    Missing(Vec<&'static str>),
    /// A field the start marks as refused (see `Editor::start_field_error`).
    Marked,
    /// The MirrorMaker 2 connector is not `<source>-><target>.<Type>`.
    Connector(crate::model::names::NameError),
    /// The list procedure refused the target: its diagnostics' messages, in order.
    Procedure(Vec<String>),
}

impl fmt::Display for StartListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartListError::Missing(fields) => {
                write!(f, "Fill in {} to see the commands.", join_words(fields))
            }
            StartListError::Marked => {
                f.write_str("Correct the fields marked above to see the commands.")
            }
            StartListError::Connector(error) => error.fmt(f),
            StartListError::Procedure(messages) => f.write_str(&messages.join(" ")),
        }
    }
}

impl std::error::Error for StartListError {}

/// "a", "a and b", "a, b and c".
fn join_words(words: &[&str]) -> String {
    match words {
        [] => String::new(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::StartListError;

    /// Each variant's sentence is the one the `Result<_, String>` start wrote, word for word.
    #[test]
    fn each_variant_words_the_old_message() {
        let cases = [
            (
                StartListError::Missing(vec!["the KafkaConnector name"]),
                "Fill in the KafkaConnector name to see the commands.",
            ),
            (
                StartListError::Missing(vec!["the KafkaMirrorMaker2 name", "the namespace"]),
                "Fill in the KafkaMirrorMaker2 name and the namespace to see the commands.",
            ),
            (
                StartListError::Missing(vec![
                    "the KafkaMirrorMaker2 name",
                    "the namespace",
                    "the connector",
                ]),
                "Fill in the KafkaMirrorMaker2 name, the namespace and the connector to see the commands.",
            ),
            (
                StartListError::Marked,
                "Correct the fields marked above to see the commands.",
            ),
            (
                StartListError::Connector(crate::model::names::NameError::MirrorConnectorName {
                    name: "x".into(),
                }),
                "'x': the connector name must look like <source>-><target>.MirrorSourceConnector. Strimzi silently ignores a name that matches no connector.",
            ),
            (
                StartListError::Procedure(vec!["First.".into(), "Second.".into()]),
                "First. Second.",
            ),
        ];
        for (error, old) in cases {
            assert_eq!(error.to_string(), old, "{error:?}");
        }
    }
}
