//! Why a lookup command's connection setting was refused: one variant per setting, carrying the
//! value its sentence quotes. `Display` writes the sentence the user reads.

use crate::model::names::{self, NameError};
use std::fmt;

/// Why a bootstrap address, client properties file or pod name was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LookupError {
    /// Not a list of `HOST:PORT` items.
    Bootstrap { bootstrap: String },
    /// Not a usable file name for `--command-config`.
    CommandConfig(NameError),
    /// Not a pod name (DNS-1123 subdomain).
    Pod { pod: String },
}

impl fmt::Display for LookupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LookupError::Bootstrap { bootstrap } => write!(
                f,
                "'{}' is not a usable bootstrap address: write HOST:PORT (for example my-cluster-kafka-bootstrap:9092 or localhost:9092), several separated by commas, without spaces or quotes.",
                names::shown(bootstrap)
            ),
            LookupError::CommandConfig(e) => write!(f, "--command-config: {e}"),
            LookupError::Pod { pod } => write!(
                f,
                "'{}' is not a pod name: lowercase letters, digits, '-' and '.', starting and ending with a letter or digit (Strimzi broker pods are named like my-cluster-broker-0).",
                names::shown(pod)
            ),
        }
    }
}

impl std::error::Error for LookupError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LookupError::CommandConfig(e) => Some(e),
            LookupError::Bootstrap { .. } | LookupError::Pod { .. } => None,
        }
    }
}

/// For the callers that carry a sentence as a `String` (the page's field errors, `?` in the
/// failover script): the sentence of `Display`.
impl From<LookupError> for String {
    fn from(e: LookupError) -> String {
        e.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::{LookupError, NameError};

    /// Each variant's sentence is the one the `Result<_, String>` checks wrote, word for word.
    #[test]
    fn each_variant_words_the_old_message() {
        let cases = [
            (
                LookupError::Bootstrap {
                    bootstrap: "a b".into(),
                },
                "'a b' is not a usable bootstrap address: write HOST:PORT (for example my-cluster-kafka-bootstrap:9092 or localhost:9092), several separated by commas, without spaces or quotes.",
            ),
            (
                LookupError::CommandConfig(NameError::FileName { path: "-f".into() }),
                "--command-config: '-f' is not a usable file name: use 1 to 255 of letters, digits, '.', '_', '-' and '/', not starting with '-'.",
            ),
            (
                LookupError::Pod { pod: "Pod".into() },
                "'Pod' is not a pod name: lowercase letters, digits, '-' and '.', starting and ending with a letter or digit (Strimzi broker pods are named like my-cluster-broker-0).",
            ),
        ];
        for (error, old) in cases {
            assert_eq!(error.to_string(), old, "{error:?}");
        }
    }
}
