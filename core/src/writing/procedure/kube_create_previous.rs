//! The create's step for the offsets stored under the name before (`kube_create`): a connector
//! deleted and created again resumes from them, so the procedure refuses them (and takes the
//! connector it created away again), resets them, or alters over them and names the partitions
//! that keep theirs ([`Previous`]).

use super::CHECK_FILE;
use super::Previous;
use super::check::stop_unless_landed;
use super::kube::Kube;
use super::kube_create::RESUMES;
use super::shell::Mode;
use super::step::{RawStep, commands, step};
use super::strimzi_options::StrimziVersion;
use crate::json::PatchOp;

impl Kube<'_> {
    /// The command that takes the created connector away again (Refuse).
    fn delete_created(&self) -> String {
        match self.mm2() {
            None => self.sh(&format!("⟨kubectl⟩ delete {}", self.cr())),
            Some(_) => self.sh(&format!(
                "⟨kubectl⟩ patch {} --type=json -p «{}»",
                self.cr(),
                self.guarded(vec![PatchOp::<()> {
                    op: "remove",
                    path: self.block_pointer(),
                    value: None,
                }])
            )),
        }
    }

    /// Refuses, resets (with the commands of `reset`, the reset operation's steps) or keeps the
    /// offsets the name stored before.
    pub(super) fn previous_step(&self, reset: &[RawStep]) -> RawStep {
        let key = self.data_key().replace('.', "\\.");
        let listed = self.sh(&format!(
            "listed=\"$(⟨kubectl⟩ get configmap «%LIST_CM%» -n «%NS%» -o «jsonpath={{.data.{key}}}»)\""
        ));
        let empty = self.ctx.message(&format!("ConfigMap %LIST_CM% has no data key {} after the list; the operator did not write the listing. Check the Warning conditions of {}.", self.data_key(), self.kind_name()));
        let exit = match self.ctx.mode {
            Mode::Script => "\n  exit 1",
            Mode::Steps => "",
        };
        let unreadable = self.ctx.message(
            "jq could not read the listing in ConfigMap %LIST_CM% (see its message above).",
        );
        // The listing must be there and readable before its offsets decide anything: an empty
        // or unreadable listing is never taken for "no offsets".
        let read = format!("{listed}\nif [ -z \"${{listed}}\" ]; then\n  echo {empty} >&2{exit}\n");
        let older = !matches!(self.version(), Some(StrimziVersion::CreatesStopped));
        match self.previous() {
            Previous::Refuse => {
                let program = "(.offsets // [])[] | select(.offset != null) | \"\\(.partition | tojson): \\(.offset | tojson)\"";
                let msg = self.ctx.message(&format!("Stopped before altering: the connector lists offsets stored under its name before it was created ({RESUMES}):"));
                let ran = match (older, self.quiet()) {
                    (true, Some(_)) => {
                        " (with an operator before Strimzi 1.2 it ran for a moment after the create, matching nothing, so none of these are its own)"
                    }
                    (true, None) => {
                        " (with an operator before Strimzi 1.2 it ran for a moment after the create, and some of these may be offsets it committed then)"
                    }
                    (false, _) => " (it never ran)",
                };
                let gone = if self.mm2().is_some() {
                    format!(
                        "Its block was removed from the KafkaMirrorMaker2 again, so the operator deletes the connector{ran}; the stored offsets stay as they were, and the KafkaMirrorMaker2 stays (delete it too if this procedure created it)."
                    )
                } else {
                    format!(
                        "The KafkaConnector was deleted again{ran}; the stored offsets stay as they were."
                    )
                };
                let todo = self.ctx.message(&format!("{gone} To start it at this procedure's offsets anyway, generate the procedure again with --recreated reset (the old offsets are deleted first, only these remain) or --recreated keep (altered over: partitions it does not set keep theirs) (in the page: Offsets stored under this name before), and run that."));
                let body = format!(
                    "{read}elif ! stored=\"$(jq -r {} <<<\"${{listed}}\")\"; then\n  echo {unreadable} >&2{exit}\nelif [ -n \"${{stored}}\" ]; then\n  echo {msg} >&2\n  printf '%s\\n' \"${{stored}}\" >&2\n  {}\n  echo {todo} >&2{exit}\nelse\n  echo 'No offsets are stored under this name.'\nfi",
                    crate::model::names::shell_quote(program),
                    self.delete_created()
                );
                let mut comment = vec![format!(
                    "The connector was created as one whose name is new (no --recreated choice; in the page: The name is new): when the listing holds any offset, the command prints them, deletes the connector it created{ran} and stops. Nothing is altered."
                )];
                if self.ctx.mode == Mode::Steps {
                    comment.push(
                        "If it printed offsets, stop here: the next steps would find no connector."
                            .to_owned(),
                    );
                }
                step("Stop if offsets are stored under the name", &comment, body)
            }
            Previous::Reset => {
                // No listing read (no data key, an empty value) is never taken for an empty one.
                let program = "[inputs] | if length == 0 or (.[0].offsets | type) != \"array\" then \"drifted: no listing was read from the ConfigMap (its data key is missing or holds no offsets array)\" else .[0].offsets | map(select(.offset != null)) | if length == 0 then \"The listing is empty: no old offset is left.\" else (.[] | \"drifted: \\(.partition | tojson): the reset left \\(.offset | tojson)\") end end";
                let jq = format!("jq -rn {}", crate::model::names::shell_quote(program));
                let list = self.relist("after-reset.yaml");
                let reset = commands(reset);
                let body = match self.ctx.mode {
                    Mode::Steps => {
                        format!("{reset}\n{list}\n{} | {jq}", self.listed_payload())
                    }
                    Mode::Script => {
                        let msg = self.ctx.message("The reset did not delete every offset stored under the name (see the drifted lines above). Nothing was altered and the connector is left STOPPED; before-alter.yaml holds the offsets listed before the reset. Check the Warning conditions and the logs of the Connect pods.");
                        format!(
                            "{reset}\n{}",
                            stop_unless_landed(
                                &list,
                                &format!("{} | {jq}", self.listed_payload()),
                                &msg,
                                "'An offset stored under the name is still listed after the reset; listing again in 5 seconds.'"
                            )
                        )
                    }
                };
                step(
                    "Reset the offsets stored under the name",
                    &[format!(
                        "With the old offsets reset: the operator deletes every offset stored under the name (a source connector's are tombstoned, a sink connector's consumer group deleted), then the listing is taken again into after-reset.yaml and must be empty. before-alter.yaml keeps what was stored. The script lists again, up to {} times 5 seconds apart, while Kafka Connect still lists an old offset.",
                        super::check::LIST_ATTEMPTS
                    )],
                    body,
                )
            }
            Previous::Keep => {
                let program = super::check::KEPT_JQ;
                let body = format!(
                    "{read}elif ! jq -rn --slurpfile check {CHECK_FILE} {} <<<\"${{listed}}\"; then\n  echo {unreadable} >&2{exit}\nfi",
                    crate::model::names::shell_quote(program)
                );
                step(
                    "Name the partitions that keep their old offsets",
                    &["With the old offsets kept: the alter sets its partitions over the offsets stored under the name; every other partition listed here keeps its old offset, and the connector resumes it from there.".to_owned()],
                    body,
                )
            }
        }
    }
}
