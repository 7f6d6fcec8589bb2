//! Why "Fail over consumer groups" writes no script: one variant per reason. `Display` writes the
//! sentence the page shows in the script's place.

use std::fmt;

/// Why [`FailoverForm::script`](crate::editor::FailoverForm::script) wrote no script.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScriptError {
    /// The plan has errors: checkpoints (or target offsets) that could not all be read.
    PlanErrors,
    /// No bootstrap address typed.
    NoBootstrap,
    /// The script writer refused (`writing::groups_script`: an unusable bootstrap address, no
    /// group to fail over): its sentence.
    Script(String),
}

impl fmt::Display for ScriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScriptError::PlanErrors => f.write_str(
                "Fix the errors above first: no script is written for checkpoints that could not all be read.",
            ),
            ScriptError::NoBootstrap => f.write_str(
                "Give the target cluster's bootstrap servers (HOST:PORT, as the script's host sees them) for the script.",
            ),
            ScriptError::Script(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for ScriptError {}

#[cfg(test)]
mod tests {
    use super::ScriptError;

    /// Each variant's sentence is the one the `Result<_, String>` form wrote, word for word.
    #[test]
    fn each_variant_words_the_old_message() {
        let cases = [
            (
                ScriptError::PlanErrors,
                "Fix the errors above first: no script is written for checkpoints that could not all be read.",
            ),
            (
                ScriptError::NoBootstrap,
                "Give the target cluster's bootstrap servers (HOST:PORT, as the script's host sees them) for the script.",
            ),
            (
                ScriptError::Script(
                    "No group to fail over: no checkpoint matches the groups and topics asked."
                        .into(),
                ),
                "No group to fail over: no checkpoint matches the groups and topics asked.",
            ),
        ];
        for (error, old) in cases {
            assert_eq!(error.to_string(), old, "{error:?}");
        }
    }
}
