//! The round ConfigMaps of an alter payload: the documents of its YAML stream and their names,
//! checked to be `ALTER_CM-1` ... `ALTER_CM-n` in order (`rounds` writes their steps; the plan
//! and the procedure's check read them).

use super::error::RoundsError;
use crate::json::JsonValue;

/// The documents of a YAML stream, split at its `---` lines. A `---` line sits at column 0, so
/// it cannot be inside the indented block scalar that holds the offsets.
pub(crate) fn documents(payload: &str) -> Vec<&str> {
    let mut docs = Vec::new();
    let mut start = 0;
    let mut at = 0;
    for line in payload.split_inclusive('\n') {
        if line.trim_end() == "---" {
            docs.push(&payload[start..at]);
            start = at + line.len();
        }
        at += line.len();
    }
    docs.push(&payload[start..]);
    docs.retain(|d| !d.trim().is_empty());
    docs
}

/// The round ConfigMaps the payload holds: `Ok(names)` when its documents are ConfigMaps named
/// `<alter>-1` ... `<alter>-n` in that order, `Ok(empty)` for one ConfigMap named anything else
/// (a plain alter), and `Err` with what is wrong when the payload is a stream whose names do
/// not follow.
pub(crate) fn round_names(payload: &str, alter: &str) -> Result<Vec<String>, RoundsError> {
    let docs = documents(payload);
    let names: Vec<Option<String>> = docs.iter().map(|d| configmap_name(d)).collect();
    let expected = |i: usize| format!("{alter}-{}", i + 1);
    let is_round = names.first().cloned().flatten() == Some(expected(0));
    if docs.len() <= 1 && !is_round {
        return Ok(Vec::new());
    }
    for (i, name) in names.iter().enumerate() {
        if name.as_deref() != Some(expected(i).as_str()) {
            return Err(RoundsError::OutOfOrder {
                count: docs.len(),
                first: expected(0),
                last: expected(docs.len() - 1),
                document: i + 1,
                found: name.clone(),
            });
        }
    }
    Ok((0..docs.len()).map(expected).collect())
}

fn configmap_name(doc: &str) -> Option<String> {
    let root: JsonValue = crate::reading::yaml::parse(doc).ok()?.root;
    if root.get("kind").and_then(JsonValue::as_str) != Some("ConfigMap") {
        return None;
    }
    root.get("metadata")
        .and_then(|m| m.get("name"))
        .and_then(JsonValue::as_str)
        .map(str::to_owned)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cm(name: &str) -> String {
        format!(
            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: \"{name}\"\ndata:\n  offsets.json: |-\n    {{}}\n"
        )
    }

    #[test]
    fn a_single_configmap_is_a_plain_alter() {
        assert_eq!(round_names(&cm("x"), "x"), Ok(Vec::new()));
    }

    #[test]
    fn rounds_are_named_after_the_alter_configmap() {
        let payload = format!("{}---\n{}", cm("x-1"), cm("x-2"));
        assert_eq!(documents(&payload).len(), 2);
        assert_eq!(
            round_names(&payload, "x"),
            Ok(vec!["x-1".to_owned(), "x-2".to_owned()])
        );
        assert_eq!(round_names(&cm("x-1"), "x"), Ok(vec!["x-1".to_owned()]));
    }

    #[test]
    fn a_stream_out_of_order_is_refused() {
        let payload = format!("{}---\n{}", cm("x-2"), cm("x-1"));
        let refused = round_names(&payload, "x");
        assert!(
            matches!(&refused, Err(e) if e.to_string().contains("document 1 is named 'x-2'")),
            "{refused:?}"
        );
    }
}
