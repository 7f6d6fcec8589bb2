//! An alter in rounds: the alter payload as a stream of ConfigMaps `ALTER_CM-1` ...
//! `ALTER_CM-n` (what `export::configmap_rounds` writes when one ConfigMap would pass 1 MiB),
//! which the kubectl procedure uploads together and alters one after the other: reading the
//! stream (`round_names.rs`), the round steps (`Kube::alter_in_rounds`) and their
//! clean up. The steps around them (stop, compare, verify, resume) are the alter's
//! (`sequence`).

use super::CHECK_FILE;
use super::kube::{Kube, nonempty};
use super::shell::Mode;
use super::step::{RawStep, commands, step};
use crate::json::Keyed;
use crate::model::names::ConfigMapName;

/// "ConfigMap 'x-1'" or "the 3 ConfigMaps 'x-1' to 'x-3'", for the step comments.
pub(crate) fn describe(rounds: &[ConfigMapName]) -> String {
    match rounds {
        [only] => format!("ConfigMap '{only}'"),
        [first, .., last] => format!("the {} ConfigMaps '{first}' to '{last}'", rounds.len()),
        [] => "no ConfigMap".to_owned(),
    }
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
