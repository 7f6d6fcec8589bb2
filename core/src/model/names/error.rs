//! Why a name was refused: one variant per rule of [`super`] and per way it can fail, carrying
//! the value its sentence quotes. `Display` writes the sentence the user reads (pinned by golden
//! files and snapshots), so callers wrap it in a located diagnostic with `{e}`.

use super::{MAX_CONTEXT_LENGTH, MAX_REST_CONNECTOR_LENGTH, MAX_TOPIC_LENGTH, shown};
use std::fmt;

/// Why a name was refused: the caller wraps it in a diagnostic (with its rule id and the words
/// that say which name it was).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NameError {
    /// A topic name that is empty.
    TopicEmpty,
    /// A topic name that is `.` or `..`.
    TopicDots { topic: String },
    /// A topic name longer than [`MAX_TOPIC_LENGTH`] characters.
    TopicTooLong { topic: String },
    /// A topic name with a character other than ASCII alphanumerics, `.`, `_` and `-`.
    TopicCharacters { topic: String },
    /// Not a DNS-1123 subdomain (K1).
    ConfigMapName,
    /// Not a DNS-1123 label (K2).
    Namespace,
    /// Not a DNS-1123 subdomain (K3, error part).
    ResourceName { name: String },
    /// `<name>-mirrormaker2-api` is not a DNS-1035 label (K3, warning part).
    MirrorMaker2ServiceName { name: String },
    /// Not a MirrorMaker 2 cluster alias.
    Alias { alias: String },
    /// Not a ConfigMap data key.
    DataKey { key: String },
    /// Not `<source>-><target>.<Type>` with two valid aliases (K5).
    MirrorConnectorName { name: String },
    /// Not a kubectl context name the procedures accept.
    KubectlContext { context: String },
    /// Not a Kafka Connect REST base URL the procedures accept.
    ConnectUrl { url: String },
    /// Not a connector name the REST procedures accept.
    RestConnectorName { name: String },
    /// Not a local file name the procedures write.
    FileName { path: String },
}

impl fmt::Display for NameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NameError::TopicEmpty => {
                f.write_str("Topic name is invalid: the empty string is not allowed")
            }
            NameError::TopicDots { topic } => {
                write!(f, "Topic name is invalid: '{topic}' is not allowed")
            }
            NameError::TopicTooLong { topic } => write!(
                f,
                "Topic name is invalid: the length of '{topic}' is longer than the max allowed length {MAX_TOPIC_LENGTH}"
            ),
            NameError::TopicCharacters { topic } => write!(
                f,
                "Topic name is invalid: '{topic}' contains one or more characters other than ASCII alphanumerics, '.', '_' and '-'"
            ),
            NameError::ConfigMapName => f.write_str(
                "ConfigMap name must be lowercase letters, digits, '-' or '.', start and end with a letter or digit, and be at most 253 characters.",
            ),
            NameError::Namespace => f.write_str(
                "Namespace must be lowercase letters, digits or '-', at most 63 characters.",
            ),
            NameError::ResourceName { name } => write!(
                f,
                "'{name}' is not a valid KafkaConnector or KafkaMirrorMaker2 name."
            ),
            NameError::MirrorMaker2ServiceName { name } => write!(
                f,
                "'{name}' is not a valid KafkaConnector or KafkaMirrorMaker2 name: Strimzi derives the Service '{name}-mirrormaker2-api' from it, which must start with a letter, contain no '.', and be at most 63 characters (so the name at most 46)."
            ),
            NameError::Alias { alias } => write!(
                f,
                "'{alias}' is not a valid MirrorMaker 2 cluster alias (1 to 100 of letters, digits, '.', '_' and '-')."
            ),
            NameError::DataKey { key } => write!(
                f,
                "'{key}' is not a valid ConfigMap data key (letters, digits, '-', '_' and '.', at most 253 characters, not starting with '..')."
            ),
            NameError::MirrorConnectorName { name } => write!(
                f,
                "'{name}': the connector name must look like <source>-><target>.MirrorSourceConnector. Strimzi silently ignores a name that matches no connector."
            ),
            NameError::KubectlContext { context } => write!(
                f,
                "'{}' is not a usable kubectl context name: use 1 to {MAX_CONTEXT_LENGTH} letters, digits, '.', '_', ':', '/', '@', '+' or '-', not starting with '-'. Rename the context with kubectl config rename-context if needed.",
                shown(context)
            ),
            NameError::ConnectUrl { url } => write!(
                f,
                "'{}' is not a usable Kafka Connect URL: write it as http://HOST:PORT or https://HOST:PORT/PATH, without spaces, quotes, '?' or '#'.",
                shown(url)
            ),
            NameError::RestConnectorName { name } => write!(
                f,
                "'{}' is not a usable connector name: use 1 to {MAX_REST_CONNECTOR_LENGTH} letters, digits, '.', '_' or '-' (not starting with '-'), or a MirrorMaker 2 name like east->west.MirrorSourceConnector.",
                shown(name)
            ),
            NameError::FileName { path } => write!(
                f,
                "'{}' is not a usable file name: use 1 to 255 of letters, digits, '.', '_', '-' and '/', not starting with '-'.",
                shown(path)
            ),
        }
    }
}

impl std::error::Error for NameError {}

/// For the callers that still carry a sentence as a `String` (`?` in a function returning
/// `Result<_, String>`, or `impl Into<String>` of a diagnostic): the sentence of `Display`.
impl From<NameError> for String {
    fn from(e: NameError) -> String {
        e.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::NameError;

    /// Each variant's sentence is the one the `Result<_, String>` checks wrote, word for word.
    #[test]
    fn each_variant_words_the_old_message() {
        let s = |v: &str| v.to_string();
        let cases = [
            (
                NameError::TopicEmpty,
                s("Topic name is invalid: the empty string is not allowed"),
            ),
            (
                NameError::TopicDots { topic: s("..") },
                s("Topic name is invalid: '..' is not allowed"),
            ),
            (
                NameError::TopicTooLong { topic: s("t") },
                s(
                    "Topic name is invalid: the length of 't' is longer than the max allowed length 249",
                ),
            ),
            (
                NameError::TopicCharacters { topic: s("a b") },
                s(
                    "Topic name is invalid: 'a b' contains one or more characters other than ASCII alphanumerics, '.', '_' and '-'",
                ),
            ),
            (
                NameError::ConfigMapName,
                s(
                    "ConfigMap name must be lowercase letters, digits, '-' or '.', start and end with a letter or digit, and be at most 253 characters.",
                ),
            ),
            (
                NameError::Namespace,
                s("Namespace must be lowercase letters, digits or '-', at most 63 characters."),
            ),
            (
                NameError::ResourceName { name: s("My") },
                s("'My' is not a valid KafkaConnector or KafkaMirrorMaker2 name."),
            ),
            (
                NameError::MirrorMaker2ServiceName { name: s("1mm2") },
                s(
                    "'1mm2' is not a valid KafkaConnector or KafkaMirrorMaker2 name: Strimzi derives the Service '1mm2-mirrormaker2-api' from it, which must start with a letter, contain no '.', and be at most 63 characters (so the name at most 46).",
                ),
            ),
            (
                NameError::Alias { alias: s("a b") },
                s(
                    "'a b' is not a valid MirrorMaker 2 cluster alias (1 to 100 of letters, digits, '.', '_' and '-').",
                ),
            ),
            (
                NameError::DataKey { key: s("..x") },
                s(
                    "'..x' is not a valid ConfigMap data key (letters, digits, '-', '_' and '.', at most 253 characters, not starting with '..').",
                ),
            ),
            (
                NameError::MirrorConnectorName {
                    name: s("east->west"),
                },
                s(
                    "'east->west': the connector name must look like <source>-><target>.MirrorSourceConnector. Strimzi silently ignores a name that matches no connector.",
                ),
            ),
            (
                NameError::KubectlContext { context: s("a\nb") },
                s(
                    "'a\\nb' is not a usable kubectl context name: use 1 to 253 letters, digits, '.', '_', ':', '/', '@', '+' or '-', not starting with '-'. Rename the context with kubectl config rename-context if needed.",
                ),
            ),
            (
                NameError::ConnectUrl {
                    url: s("http://x?y=1"),
                },
                s(
                    "'http://x?y=1' is not a usable Kafka Connect URL: write it as http://HOST:PORT or https://HOST:PORT/PATH, without spaces, quotes, '?' or '#'.",
                ),
            ),
            (
                NameError::RestConnectorName { name: s("a b") },
                s(
                    "'a b' is not a usable connector name: use 1 to 249 letters, digits, '.', '_' or '-' (not starting with '-'), or a MirrorMaker 2 name like east->west.MirrorSourceConnector.",
                ),
            ),
            (
                NameError::FileName { path: s("-f") },
                s(
                    "'-f' is not a usable file name: use 1 to 255 of letters, digits, '.', '_', '-' and '/', not starting with '-'.",
                ),
            ),
        ];
        for (error, old) in cases {
            assert_eq!(error.to_string(), old, "{error:?}");
        }
    }
}
