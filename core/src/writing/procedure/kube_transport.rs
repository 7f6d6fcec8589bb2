//! The kubectl transport: each step of a Strimzi list, alter and reset (`sequence` puts them in
//! the safe order): record the state (and alterOffsets) the last step puts back, stop (with the
//! GitOps note), list again into a file of its own, upload, point, annotate and wait, the
//! reset's annotation, restore what was recorded, clean up; and what the shared compare and
//! verify steps (`compare`) need from kubectl.

use super::compare::refuse_to_start;
use super::kube::{ALTER_CM, ALTER_DONE, Kube, LIST_CM, NO_OPS, nonempty};
use super::shell::{Ctx, Mode, Var};
use super::step::{RawStep, step};
use super::transport::{Change, Transport, Words};
use super::{AutoOffsetReset, CHECK_FILE, Checked};
use crate::json::{Keyed, Object, ToJson};
use crate::model::AliasPath;

impl Transport for Kube<'_> {
    fn list(&self) -> Vec<RawStep> {
        let key = self.data_key();
        vec![
            step(
                "Point the connector at the list ConfigMap",
                &[format!(
                    "The operator writes the listing to ConfigMap '{}' and creates it if needed. Listing works in any connector state.",
                    self.ctx.value(Var::ListConfigMap)
                )],
                self.patch(
                    Keyed("listOffsets", LIST_CM),
                    &[("add", "listOffsets", Some(LIST_CM))],
                ),
            ),
            step(
                "Ask the operator to list the offsets",
                &nonempty(&[self.both()]),
                self.annotate("list"),
            ),
            step(
                "Wait until the operator has written the listing",
                &self.operator_done(
                    "An empty 'annotations left' line and no ListOffsets Warning mean it worked.",
                ),
                self.wait_annotations_gone("list"),
            ),
            step(
                "Save the listing",
                &[format!(
                    "--show-managed-fields keeps the operator's write time, which connect-offsets shows as the time of the listing. Import the file into connect-offsets, edit and validate it, then export the alter ConfigMap (data key {key}) and generate the alter procedure. For relative edits (rewind, shift) stop the connector before listing, or the alter procedure will find that offsets moved and stop."
                )],
                self.sh(
                    "⟨kubectl⟩ get configmap «%LIST_CM%» -n «%NS%» -o yaml --show-managed-fields > «%LIST_FILE%»",
                ),
            ),
        ]
    }

    /// Step 1 of alter and reset: what the resource says now, so the last step can put it back.
    fn record_state(&self, change: Change) -> RawStep {
        let (op, alter) = (change.as_str(), change == Change::Alter);
        let cr = self.cr();
        let state = self.spec_jsonpath("state");
        let alter_offsets = self.spec_jsonpath("alterOffsets");
        let before = self.listing_file("before", op);
        let body = match self.ctx.mode {
            Mode::Steps => {
                let mut fields = format!("state: {state}{{\"\\n\"}}");
                if alter {
                    fields.push_str(&format!("alterOffsets: {alter_offsets}{{\"\\n\"}}"));
                }
                if self.mm2().is_some() {
                    fields.push_str(&format!(
                        "source alias at the guard path: {}{{\"\\n\"}}",
                        self.guard_jsonpath()
                    ));
                }
                self.sh(&format!("⟨kubectl⟩ get {cr} -o «jsonpath={fields}»"))
            }
            Mode::Script => {
                let mut out = refuse_to_start(self.ctx, self.c, &before, alter);
                if let Some((name, _)) = self.mm2() {
                    let msg = self.ctx.message(&format!(
                        "Mirror %MIRROR_INDEX% of KafkaMirrorMaker2 %MM2% has '${{alias}}' at {}, not '{}': the mirror index or the guard path is wrong (the patches would fail their test operation). Nothing was changed.",
                        self.guard_pointer(),
                        name.source
                    ))
                    .replace("\\${alias}", "${alias}");
                    out.push_str(&self.sh(&format!(
                        "alias=\"$(⟨kubectl⟩ get {cr} -o «jsonpath={}»)\"\nif [ \"${{alias}}\" != «{}» ]; then\n  echo {msg} >&2\n  exit 1\nfi\n",
                        self.guard_jsonpath(),
                        name.source
                    )));
                }
                out.push_str(&self.sh(&format!(
                    "previous_state=\"$(⟨kubectl⟩ get {cr} -o «jsonpath={state}»)\"\n"
                )));
                let bad = self
                    .ctx
                    .message("Unexpected state '${previous_state}'; expected running, paused or stopped.")
                    .replace("\\${previous_state}", "${previous_state}");
                out.push_str(&format!(
                    "case \"${{previous_state}}\" in\n  ''|running|paused|stopped) ;;\n  *)\n    echo {bad} >&2\n    exit 1\n    ;;\nesac\n"
                ));
                if alter {
                    out.push_str(&self.sh(&format!(
                        "previous_alter=\"$(⟨kubectl⟩ get {cr} -o «jsonpath={alter_offsets}»)\"\n"
                    )));
                    out.push_str("echo \"Recorded: state '${previous_state:-not set}', alterOffsets '${previous_alter:-not set}'.\"");
                } else {
                    out.push_str("echo \"Recorded: state '${previous_state:-not set}'.\"");
                }
                out
            }
        };
        let mut comment = vec![format!(
            "The last step puts back what this shows: an empty state means the field is not set (the connector runs){}. Keep the output until the end.",
            if alter {
                ", an empty alterOffsets that it is not set"
            } else {
                ""
            }
        )];
        if self.ctx.mode == Mode::Steps {
            comment.push(format!("If {before} exists from an earlier run, move it away first: it may be the only record of the offsets before that run."));
        }
        if self.mm2().is_some() {
            comment.push(format!(
                "The source alias must be {}; otherwise the mirror index is wrong.",
                self.mm2().map_or("", |(n, _)| n.source.as_str())
            ));
        }
        step("Record the current state", &comment, body)
    }

    /// The GitOps note and the Git route as a YAML snippet, on the stop step.
    fn stop(&self, change: Change) -> RawStep {
        let alter = change == Change::Alter;
        let mut comment = self.guard_comment();
        comment.insert(0, self.stop_comment());
        comment.push(format!(
            "GitOps: if Argo CD or Flux manages this {}, self-heal can revert state: stopped{} halfway through; the operator then refuses the {} on the running connector, keeps retrying, and applies it the next time the connector stops, long after this procedure. Pause self-heal for this resource until the last step (Argo CD: turn off selfHeal in the Application's syncPolicy; Flux: flux suspend the Kustomization or HelmRelease), or make the change in Git instead of the patches: commit the snippet below, and at the end put back what step 1 recorded.",
            if self.mm2().is_some() { "KafkaMirrorMaker2" } else { "KafkaConnector" },
            if alter { " or alterOffsets" } else { "" },
            if alter { "alter" } else { "reset" }
        ));
        let alter_cm = match self.c.rounds.first() {
            Some(first) => {
                comment.push(format!(
                    "In rounds, the Git route commits alterOffsets for each round in turn ('{first}' first), annotating and waiting after each commit as the round steps do."
                ));
                first.as_str().to_owned()
            }
            None => self.ctx.value(Var::AlterConfigMap).to_owned(),
        };
        let mut yaml = String::from("spec:\n");
        let indent = match self.mm2() {
            None => "  ",
            Some((name, path)) => {
                yaml.push_str("  mirrors:\n");
                match path {
                    AliasPath::New => yaml.push_str(&format!(
                        "  - source:            # mirror {}\n      alias: {}\n",
                        self.ctx.value(Var::MirrorIndex),
                        name.source
                    )),
                    AliasPath::Old => yaml.push_str(&format!(
                        "  - sourceCluster: {}   # mirror {}\n",
                        name.source,
                        self.ctx.value(Var::MirrorIndex)
                    )),
                }
                yaml.push_str(&format!("    {}:\n", self.field()));
                "      "
            }
        };
        yaml.push_str(&format!("{indent}state: stopped\n"));
        if alter {
            yaml.push_str(&format!(
                "{indent}alterOffsets:\n{indent}  fromConfigMap:\n{indent}    name: {alter_cm}\n"
            ));
        }
        step(
            "Stop the connector",
            &comment,
            self.patch(
                Keyed("state", "stopped"),
                &[("add", "state", Some("stopped"))],
            ),
        )
        .with_example(yaml)
    }

    fn wait_until_stopped(&self) -> RawStep {
        step(
            "Wait until the connector is STOPPED",
            &[self.stop_comment()],
            self.wait_stopped(),
        )
    }

    fn list_before(&self, change: Change) -> RawStep {
        match change {
            Change::Alter => step(
                "List the offsets again, now that the connector is stopped",
                &["Saves the fresh listing to before-alter.yaml, never over the listing you edited: with the connector stopped, these are the offsets the alter will replace. Keep the file: a rollback needs it.".to_owned()],
                self.relist("before-alter.yaml"),
            ),
            Change::Reset => step(
                "List the offsets before the reset",
                &["Saves them to before-reset.yaml: the reset deletes every stored offset, and this file is the only record to restore them from.".to_owned()],
                self.relist("before-reset.yaml"),
            ),
        }
    }

    /// Uploads the alter ConfigMap, points the connector at it, annotates and waits (or the
    /// same round after round, `rounds`).
    fn alter(&self, payload: &str) -> Vec<RawStep> {
        if !self.c.rounds.is_empty() {
            return self.alter_in_rounds(payload);
        }
        let key = self.data_key();
        let mut point_comment: Vec<String> = self.guard_comment().into_iter().take(1).collect();
        point_comment.insert(0, format!("alterOffsets tells the operator which ConfigMap to read on the alter annotation (ConfigMap '{}').", self.ctx.value(Var::AlterConfigMap)));
        [
            step(
                "Upload the alter ConfigMap",
                &[format!("Creates or updates ConfigMap '{}' with the edited offsets under the data key {key}. Server-side apply avoids the 256 KiB limit of the last-applied annotation; if kubectl reports a conflict because another tool owns the data, add --force-conflicts.", self.ctx.value(Var::AlterConfigMap))],
                self.apply_manifest(payload),
            ),
            step(
                "Point the connector at the alter ConfigMap",
                &point_comment,
                self.patch(
                    Keyed("alterOffsets", ALTER_CM),
                    &[("add", "alterOffsets", Some(ALTER_CM))],
                ),
            ),
        ]
        .into_iter()
        .chain(self.annotate_alter(
            nonempty(&[self.both()]),
            self.operator_done(ALTER_DONE),
        ))
        .collect()
    }

    fn reset(&self) -> Vec<RawStep> {
        vec![
            step(
                "Ask the operator to reset the offsets",
                &nonempty(&[
                    "This deletes every stored offset of the connector.",
                    self.both(),
                ]),
                self.annotate("reset"),
            ),
            step(
                "Wait until the operator has reset the offsets",
                &self.operator_done(
                    "An empty 'annotations left' line and no ResetOffsets Warning mean it worked.",
                ),
                self.wait_annotations_gone("reset"),
            ),
        ]
    }

    fn list_after_reset(&self) -> RawStep {
        step(
            "List the offsets again",
            &["Saves the listing to after-reset.yaml; it should now be empty: { \"offsets\" : [ ] }.".to_owned()],
            format!("{}\n{}", self.relist("after-reset.yaml"), self.show_listed()),
        )
    }

    /// Puts back the state (and for an alter the alterOffsets) recorded in step 1.
    fn resume(&self, change: Change) -> RawStep {
        let alter = change == Change::Alter;
        let cr = self.cr();
        let (body, comment) = match (self.ctx.mode, self.mm2().is_some()) {
            (Mode::Steps, false) => (
                self.patch(ResumeSpec { alter }, NO_OPS),
                format!(
                    "Puts back what step 1 recorded. As written, for the usual case where step 1 showed an empty state{}: null removes the field{}, and the connector runs. If step 1 showed a state (paused, running or stopped), write it instead of the first null, e.g. \"state\":\"paused\"{}.",
                    if alter {
                        " and an empty alterOffsets"
                    } else {
                        ""
                    },
                    if alter {
                        " (so a stale alter annotation cannot apply these offsets again)"
                    } else {
                        ""
                    },
                    if alter {
                        "; if it showed an alterOffsets, write that JSON instead of the second null"
                    } else {
                        ""
                    }
                ),
            ),
            (Mode::Steps, true) => {
                let mut ops = vec![("remove", "state", None::<()>)];
                if alter {
                    ops.push(("remove", "alterOffsets", None));
                }
                let index = self.ctx.value(Var::MirrorIndex);
                let field = self.field();
                (
                    self.patch((), &ops),
                    format!(
                        "Puts back what step 1 recorded. As written, for the usual case where step 1 showed an empty state{}: the fields are removed and the connector runs. If step 1 showed a state, replace the first remove with {{\"op\":\"add\",\"path\":\"/spec/mirrors/{index}/{field}/state\",\"value\":\"<that state>\"}}{}.",
                        if alter {
                            " and an empty alterOffsets"
                        } else {
                            ""
                        },
                        if alter {
                            format!(
                                "; if it showed an alterOffsets, replace the second with {{\"op\":\"add\",\"path\":\"/spec/mirrors/{index}/{field}/alterOffsets\",\"value\":<what it showed>}}"
                            )
                        } else {
                            String::new()
                        }
                    ),
                )
            }
            // The only JSON still written by hand in a procedure (this arm and the next): the
            // script's resume patch (merge or JSON patch) is assembled by the user's shell at
            // run time from what step 1 recorded there (`previous_state`, `previous_alter`),
            // values this program never sees, so no serializer here can write it. Its fixed
            // parts are literals; its variable parts are a state step 1 checked against a
            // closed list and the JSON `kubectl` printed for `alterOffsets`.
            (Mode::Script, false) => {
                let alter_part = if alter {
                    ",\\\"alterOffsets\\\":${previous_alter:-null}"
                } else {
                    ""
                };
                (
                    self.sh(&format!(
                        "if [ -n \"${{previous_state}}\" ]; then\n  state_json=\"\\\"${{previous_state}}\\\"\"\nelse\n  state_json=null\nfi\n⟨kubectl⟩ patch {cr} --type=merge -p \"{{\\\"spec\\\":{{\\\"state\\\":${{state_json}}{alter_part}}}}}\""
                    )),
                    String::new(),
                )
            }
            (Mode::Script, true) => {
                let guard = self.ctx.word(&self.guard_op());
                let state = self
                    .mm2_pointer("state")
                    .replace("%MIRROR_INDEX%", "${MIRROR_INDEX}");
                let alter_offsets = self
                    .mm2_pointer("alterOffsets")
                    .replace("%MIRROR_INDEX%", "${MIRROR_INDEX}");
                let mut body = format!(
                    "ops={guard}\nif [ -n \"${{previous_state}}\" ]; then\n  ops=\"${{ops}},{{\\\"op\\\":\\\"add\\\",\\\"path\\\":\\\"{state}\\\",\\\"value\\\":\\\"${{previous_state}}\\\"}}\"\nelse\n  ops=\"${{ops}},{{\\\"op\\\":\\\"remove\\\",\\\"path\\\":\\\"{state}\\\"}}\"\nfi\n"
                );
                if alter {
                    body.push_str(&format!(
                        "if [ -n \"${{previous_alter}}\" ]; then\n  ops=\"${{ops}},{{\\\"op\\\":\\\"add\\\",\\\"path\\\":\\\"{alter_offsets}\\\",\\\"value\\\":${{previous_alter}}}}\"\nelse\n  ops=\"${{ops}},{{\\\"op\\\":\\\"remove\\\",\\\"path\\\":\\\"{alter_offsets}\\\"}}\"\nfi\n"
                    ));
                }
                body.push_str(&self.sh(&format!(
                    "⟨kubectl⟩ patch {cr} --type=json -p \"[${{ops}}]\""
                )));
                (body, String::new())
            }
        };
        let body = match self.ctx.mode {
            Mode::Steps => body,
            Mode::Script => {
                let msg = self.ctx.message("The connector was already stopped when this script started, so it stays stopped. To run it, set its state to running.");
                format!("{body}\nif [ \"${{previous_state}}\" = stopped ]; then\n  echo {msg}\nfi")
            }
        };
        let mut comments = vec![];
        if !comment.is_empty() {
            comments.push(comment);
        }
        if self.ctx.mode == Mode::Script {
            comments.push(format!(
                "Puts back the state{} recorded in step 1: a field that was not set is removed, so a connector that was running runs again.",
                if alter { " and alterOffsets" } else { "" }
            ));
        }
        step("Resume the connector", &comments, body)
    }

    fn clean_up(&self) -> RawStep {
        if !self.c.rounds.is_empty() {
            return self.clean_up_rounds();
        }
        let same = self.ctx.value(Var::AlterConfigMap) == self.ctx.value(Var::ListConfigMap);
        let delete = self.delete_configmaps("«%ALTER_CM%»");
        let body = match self.ctx.mode {
            Mode::Steps => {
                let file = crate::model::names::shell_quote(&self.c.manifest_file);
                if same {
                    format!("rm -f {file} {CHECK_FILE}")
                } else {
                    format!("{delete}\nrm -f {file} {CHECK_FILE}")
                }
            }
            Mode::Script => {
                if same {
                    format!("rm -f {CHECK_FILE}")
                } else {
                    let kept = self.ctx.message(
                        "Kept ConfigMap %ALTER_CM%: alterOffsets pointed at it before this script.",
                    );
                    format!(
                        "case \"${{previous_alter}}\" in\n  *\"\\\"${{ALTER_CM}}\\\"\"*) echo {kept} ;;\n  *) {delete} ;;\nesac\nrm -f {CHECK_FILE}"
                    )
                }
            }
        };
        step(
            "Clean up (optional)",
            &[format!(
                "Deletes the alter ConfigMap{} and the local files the alter needed. Keep before-alter.yaml: it holds the stored offsets before the alter, which a rollback needs; after-alter.yaml shows what landed.",
                if same {
                    " (not here: it is also the list ConfigMap)"
                } else {
                    " (unless step 1 showed alterOffsets pointing at it)"
                }
            )],
            body,
        )
    }

    fn auto_offset_reset(&self, value: AutoOffsetReset) -> Vec<RawStep> {
        self.set_auto_offset_reset(value)
    }

    fn checked(&self) -> &Checked {
        self.c
    }

    fn ctx(&self) -> &Ctx {
        self.ctx
    }

    fn listing_file(&self, when: &str, op: &str) -> String {
        format!("{when}-{op}.yaml")
    }

    /// Asks the operator to list into the list ConfigMap, waits, and saves it to `file`.
    fn list_to(&self, file: &str) -> String {
        self.relist(file)
    }

    fn jq_over(&self, _file: &str, program: &str) -> String {
        format!(
            "{} | jq -rn --slurpfile check {CHECK_FILE} {program}",
            self.listed_payload()
        )
    }

    fn words(&self) -> &'static Words {
        &WORDS
    }
}

/// The merge patch that resumes a KafkaConnector as step 1 found it in the usual case: `null`
/// removes `state` (and, after an alter, `alterOffsets`).
struct ResumeSpec {
    /// After an alter: `alterOffsets` is removed too.
    alter: bool,
}

impl ToJson for ResumeSpec {
    fn write_json(&self, out: &mut String) {
        Object::new(out)
            .member("state", &())
            .member_some("alterOffsets", &self.alter.then_some(()))
            .end();
    }
}

/// What the compare and verify steps say over kubectl.
const WORDS: Words = Words {
    verify_lists: "Lists into the listOffsets ConfigMap and saves it to after-alter.yaml (before-alter.yaml and the listing you edited stay as they are). The connector is still stopped, so the listing shows exactly what was stored.",
    verify_without_jq: " Without jq: connect-offsets diff before-alter.yaml after-alter.yaml --expect alter.yaml.",
    not_landed: "Some altered partitions did not land (see the drifted lines above). The connector is left STOPPED. Check its Warning conditions and the logs of the Connect pods; before-alter.yaml holds the stored offsets before the alter.",
    resume_unaltered: "To resume without altering, put back the state recorded in step 1 ('${previous_state:-not set}').",
    compares_by_hand: true,
};
