//! An alter in rounds: the alter payload as a stream of ConfigMaps `ALTER_CM-1` ...
//! `ALTER_CM-n` (what `export::configmap_rounds` writes when one ConfigMap would pass 1 MiB),
//! which the kubectl procedure uploads together and alters one after the other: reading the
//! stream (`documents`, `round_names`), the round steps (`Kube::alter_in_rounds`) and their
//! clean up. The steps around them (stop, compare, verify, resume) are the alter's
//! (`sequence`).

use super::CHECK_FILE;
use super::error::RoundsError;
use super::kube::{Kube, nonempty};
use super::shell::Mode;
use super::step::{RawStep, commands, step};
use crate::json::{JsonValue, Keyed};
use crate::model::names::ConfigMapName;

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

/// "ConfigMap 'x-1'" or "the 3 ConfigMaps 'x-1' to 'x-3'", for the step comments.
pub(crate) fn describe(rounds: &[ConfigMapName]) -> String {
    match rounds {
        [only] => format!("ConfigMap '{only}'"),
        [first, .., last] => format!("the {} ConfigMaps '{first}' to '{last}'", rounds.len()),
        [] => "no ConfigMap".to_owned(),
    }
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

impl Kube<'_> {
    /// The alter when the payload is a stream of round ConfigMaps: one upload of them all,
    /// then per round point, annotate and wait (the sequence puts the same verify, resume and
    /// clean up after it).
    pub(super) fn alter_in_rounds(&self, payload: &str) -> Vec<RawStep> {
        let rounds = &self.c.rounds;
        let n = rounds.len();
        let mut steps = vec![step(
            "Upload the round ConfigMaps",
            &[format!(
                "Creates or updates {}, each under 1 MiB, with the edited offsets under the data key {}. One apply sends them all; each is its own object. Server-side apply avoids the 256 KiB limit of the last-applied annotation; if kubectl reports a conflict because another tool owns the data, add --force-conflicts.",
                describe(rounds),
                self.data_key()
            )],
            self.apply_manifest(payload),
        )];
        let guard: Vec<String> = self.guard_comment().into_iter().take(1).collect();
        for (i, name) in rounds.iter().enumerate() {
            let template = format!("%ALTER_CM%-{}", i + 1);
            let from = Keyed("fromConfigMap", Keyed("name", template.as_str()));
            let mut comment = vec![format!(
                "Points alterOffsets at ConfigMap '{name}', asks the operator to alter and waits until it is done. This round alters only its own partitions; the rounds before it stay as they landed."
            )];
            comment.extend(guard.iter().cloned());
            comment.extend(nonempty(&[self.both()]));
            comment.extend(self.operator_done("An empty 'annotations left' line and no AlterOffsets Warning mean this round worked. If it keeps failing, Kafka Connect's own message is in the logs of the Connect pods; the connector stays stopped, and the rounds before this one are altered."));
            steps.push(step(
                format!("Alter round {} of {n} (ConfigMap '{name}')", i + 1),
                &comment,
                format!(
                    "{}\n{}",
                    self.patch(
                        Keyed("alterOffsets", &from),
                        &[("add", "alterOffsets", Some(&from))]
                    ),
                    commands(&self.annotate_alter(Vec::new(), Vec::new()))
                ),
            ));
        }
        steps
    }

    /// Deletes the round ConfigMaps: they are named after the alter ConfigMap by the export,
    /// never the list ConfigMap, and step 1 restored what alterOffsets pointed at before.
    pub(super) fn clean_up_rounds(&self) -> RawStep {
        let names: Vec<String> = (1..=self.c.rounds.len())
            .map(|i| format!("«%ALTER_CM%-{i}»"))
            .collect();
        let delete = self.delete_configmaps(&names.join(" "));
        let body = match self.ctx.mode {
            Mode::Steps => format!(
                "{delete}\nrm -f {} {CHECK_FILE}",
                crate::model::names::shell_quote(&self.c.manifest_file)
            ),
            Mode::Script => format!("{delete}\nrm -f {CHECK_FILE}"),
        };
        step(
            "Clean up (optional)",
            &[format!(
                "Deletes {} and the local files the alter needed. Keep before-alter.yaml: it holds the stored offsets before the alter, which a rollback needs; after-alter.yaml shows what landed.",
                describe(&self.c.rounds)
            )],
            body,
        )
    }
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
