//! Which form a text is, decided once, from its first characters and lines, before any parser
//! runs: each form then has one reader. Two decisions wait for the JSON parser, because only
//! it can tell: a text opening with `{` that is not JSON may be flow-style YAML, and one
//! opening like a JSON scalar (`null`, `"x"`, `1`, `true`) may be something else that starts
//! with the same letter.

/// The form a text is read as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Form {
    /// Nothing but whitespace.
    Empty,
    /// A JSON object or array (a REST body or a ConfigMap); flow-style YAML if it is not JSON.
    Json,
    /// A JSON scalar, a REST body Kafka Connect refuses (S1 says how); read as text of another
    /// form if it is not JSON.
    MaybeScalar,
    /// MirrorMaker 2's checkpoints (CheckpointFormatter output): not a listing.
    Checkpoints,
    /// A Kubernetes manifest in YAML (a line opens with `apiVersion:` or `kind:`).
    Manifest,
    /// A kafka-consumer-groups CSV export.
    Csv,
    /// Anything else: Kafka tool output (`kafka-get-offsets.sh`, `--describe`, rpk) if it
    /// reads as one, else YAML.
    ToolOutputOrYaml,
}

/// The form of `text` (its byte order mark already removed).
pub(super) fn sniff(text: &str) -> Form {
    let Some(first) = text
        .trim_start_matches([' ', '\t', '\r', '\n'])
        .chars()
        .next()
    else {
        return Form::Empty;
    };
    if matches!(first, '{' | '[') {
        return Form::Json;
    }
    if first == '"' || first == '-' || first.is_ascii_digit() || "ntf".contains(first) {
        return Form::MaybeScalar;
    }
    rest(text)
}

/// The form of a text that is not JSON: its lines decide.
pub(super) fn rest(text: &str) -> Form {
    if crate::reading::reference::is_checkpoints(text) {
        Form::Checkpoints
    } else if crate::reading::csv::looks_like_csv(text) {
        Form::Csv
    } else if is_manifest(text) {
        Form::Manifest
    } else {
        Form::ToolOutputOrYaml
    }
}

/// A line opens with `apiVersion:` or `kind:` (at its first column): a Kubernetes manifest in
/// block YAML, which no Kafka tool prints. Read as YAML without trying the tool formats.
fn is_manifest(text: &str) -> bool {
    text.lines()
        .any(|l| l.starts_with("apiVersion:") || l.starts_with("kind:"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_form_is_told_by_its_first_characters_and_lines() {
        let cases = [
            ("", Form::Empty),
            (" \r\n\t", Form::Empty),
            ("{\"offsets\": []}", Form::Json),
            ("\n  [1]", Form::Json),
            ("{apiVersion: v1, kind: ConfigMap}", Form::Json),
            ("null", Form::MaybeScalar),
            ("topic-a:0:5", Form::MaybeScalar),
            ("-5", Form::MaybeScalar),
            (
                "Checkpoint{consumerGroupId=g, topicPartition=east.t-0, upstreamOffset=1, downstreamOffset=1, metadata=}",
                Form::Checkpoints,
            ),
            (
                "# exported\napiVersion: v1\nkind: ConfigMap\n",
                Form::Manifest,
            ),
            ("kind: List\nitems: []\n", Form::Manifest),
            ("orders,0,5\norders,1,6\n", Form::Csv),
            (
                "GROUP TOPIC PARTITION CURRENT-OFFSET\n",
                Form::ToolOutputOrYaml,
            ),
            ("data:\n  a: b\n", Form::ToolOutputOrYaml),
        ];
        for (text, form) in cases {
            assert_eq!(sniff(text), form, "{text:?}");
        }
    }
}
