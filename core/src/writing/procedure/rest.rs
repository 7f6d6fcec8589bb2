//! The curl procedures of a plain Kafka Connect cluster, through its REST API: list, and an
//! alter or a reset in the same safe order as the kubectl ones (record, stop, list again,
//! compare, alter, verify, restore, clean up).

use super::compare::{compare, refuse_to_start, verify};
use super::shell::{Ctx, Mode, heredoc};
use super::step::{CURL, RawStep, step};
use super::transport::Transport;
use super::{CHECK_FILE, Checked, Operation, POLL_INTERVAL_SECONDS};

pub(super) struct Rest<'a> {
    pub(super) c: &'a Checked,
    pub(super) ctx: &'a Ctx,
}

impl Rest<'_> {
    /// The copy-paste form of a wait for `state`: poll the status, then show it.
    pub(super) fn poll_steps(&self, state: &str) -> String {
        let re = format!(r#"'"state" *: *"{state}"'"#);
        let polls = self.c.timeout.div_ceil(POLL_INTERVAL_SECONDS);
        self.ctx.sh(&format!(
            "for _ in $(seq {polls}); do\n  curl -sS «%CONNECTOR_URL%/status» | grep -q {re} && break\n  sleep {POLL_INTERVAL_SECONDS}\ndone\n{CURL} «%CONNECTOR_URL%/status»"
        ))
    }

    pub(super) fn wait_stopped(&self) -> String {
        let re = r#"'"state" *: *"STOPPED"'"#;
        match self.ctx.mode {
            Mode::Steps => self.poll_steps("STOPPED"),
            Mode::Script => {
                let msg = self.ctx.message("Timed out after %TIMEOUT_SECONDS%s: the connector at %CONNECTOR_URL% is not STOPPED. Its last status:");
                self.ctx.sh(&format!(
                    "deadline=$((SECONDS + TIMEOUT_SECONDS))\nwhile true; do\n  body=\"$(curl -sS --fail-with-body «%CONNECTOR_URL%/status»)\"\n  if grep -q {re} <<<\"${{body}}\"; then\n    break\n  fi\n  if [ \"${{SECONDS}}\" -ge \"${{deadline}}\" ]; then\n    echo {msg} >&2\n    echo \"${{body}}\" >&2\n    exit 1\n  fi\n  sleep {POLL_INTERVAL_SECONDS}\ndone"
                ))
            }
        }
    }

    pub(super) fn record_state(&self, op: &str) -> RawStep {
        let before = format!("before-{op}.json");
        let body = match self.ctx.mode {
            Mode::Steps => self.ctx.sh(&format!("{CURL} «%CONNECTOR_URL%/status»")),
            Mode::Script => {
                let mut out = refuse_to_start(self.ctx, self.c, &before, op == "alter");
                out.push_str(&self.ctx.sh("previous_state=\"$(curl -sS --fail-with-body «%CONNECTOR_URL%/status» | jq -r '.connector.state')\"\necho \"Recorded: state ${previous_state}.\""));
                out
            }
        };
        let mut comment = vec!["The last step puts back the state this shows (connector.state: RUNNING, PAUSED or STOPPED).".to_owned()];
        if self.ctx.mode == Mode::Steps {
            comment.push(format!("If {before} exists from an earlier run, move it away first: it may be the only record of the offsets before that run."));
        }
        step("Record the current state", &comment, body)
    }

    pub(super) fn save(&self, file: &str) -> String {
        match self.ctx.mode {
            Mode::Steps => self.ctx.sh(&format!(
                "if [ -e {file} ]; then\n  echo '{file} exists; move it away first.'\nelse\n  {CURL} «%CONNECTOR_URL%/offsets» -o {file}\nfi"
            )),
            Mode::Script => self
                .ctx
                .sh(&format!("{CURL} «%CONNECTOR_URL%/offsets» -o {file}")),
        }
    }

    pub(super) fn resume(&self) -> RawStep {
        match self.ctx.mode {
            Mode::Steps => step(
                "Resume the connector",
                &["Puts back what step 1 showed. As written, for a connector that was RUNNING. If step 1 showed PAUSED, use /pause instead of /resume; if it showed STOPPED, leave it stopped.".to_owned()],
                self.ctx.sh(&format!("{CURL} -X PUT «%CONNECTOR_URL%/resume»")),
            ),
            Mode::Script => {
                let msg = self.ctx.message("The connector was already STOPPED when this script started, so it stays stopped. To run it: curl -X PUT %CONNECTOR_URL%/resume");
                step(
                    "Resume the connector",
                    &["Puts back the state recorded in step 1: RUNNING resumes, PAUSED pauses, STOPPED stays stopped.".to_owned()],
                    self.ctx.sh(&format!(
                        "case \"${{previous_state}}\" in\n  PAUSED) {CURL} -X PUT «%CONNECTOR_URL%/pause» ;;\n  STOPPED) echo {msg} ;;\n  *) {CURL} -X PUT «%CONNECTOR_URL%/resume» ;;\nesac"
                    )),
                )
            }
        }
    }

    pub(super) fn steps(&self, op: &Operation) -> Vec<RawStep> {
        let stop = || {
            step(
                "Stop the connector",
                &["Kafka Connect only changes the offsets of a STOPPED connector (not a PAUSED one).".to_owned()],
                self.ctx.sh(&format!("{CURL} -X PUT «%CONNECTOR_URL%/stop»")),
            )
        };
        let wait = || {
            step(
                "Wait until the connector is STOPPED",
                &["The stop is applied asynchronously; the status shows STOPPED and no tasks once it is done.".to_owned()],
                self.wait_stopped(),
            )
        };
        match op {
            Operation::List => vec![step(
                "Save the offsets",
                &["Works in any connector state. Import the file into connect-offsets, edit and validate it, then export the PATCH body and generate the alter procedure.".to_owned()],
                self.ctx.sh(&format!("{CURL} «%CONNECTOR_URL%/offsets» -o «%LIST_FILE%»")),
            )],
            Operation::Alter { payload } => {
                let (open, body) = heredoc(payload);
                vec![
                    self.record_state("alter"),
                    stop(),
                    wait(),
                    step(
                        "List the offsets again, now that the connector is stopped",
                        &["Saves them to before-alter.json, never over the listing you edited: these are the offsets the alter will replace. Keep the file: a rollback needs it.".to_owned()],
                        self.save("before-alter.json"),
                    ),
                    compare(self),
                    step(
                        "Alter the offsets",
                        &["On an error Kafka Connect answers with a message that says what is wrong; curl prints it and fails.".to_owned()],
                        format!(
                            "{} {open}\n{body}",
                            self.ctx.sh(&format!("{CURL} -X PATCH -H 'Content-Type: application/json' --data-binary @- «%CONNECTOR_URL%/offsets»"))
                        ),
                    ),
                    verify(self, self.not_landed()),
                    self.resume(),
                    step(
                        "Clean up (optional)",
                        &["Removes the check file. Keep before-alter.json: it holds the stored offsets before the alter, which a rollback needs.".to_owned()],
                        format!("rm -f {CHECK_FILE}"),
                    ),
                ]
            }
            Operation::Reset => vec![
                self.record_state("reset"),
                stop(),
                wait(),
                step(
                    "List the offsets before the reset",
                    &["Saves them to before-reset.json: the reset deletes every stored offset, and this file is the only record to restore them from.".to_owned()],
                    self.save("before-reset.json"),
                ),
                step(
                    "Reset the offsets",
                    &["This deletes every stored offset of the connector (for a sink connector, its consumer group).".to_owned()],
                    self.ctx.sh(&format!("{CURL} -X DELETE «%CONNECTOR_URL%/offsets»")),
                ),
                step(
                    "List the offsets again",
                    &["Saves them to after-reset.json; the listing should now be empty: {\"offsets\":[]}.".to_owned()],
                    format!("{}\n{}", self.save("after-reset.json"), "cat after-reset.json".to_owned()),
                ),
                self.resume(),
            ],
            Operation::Create {
                payload, previous, ..
            } => self.create_steps(payload, *previous),
            // Refused by validation.
            Operation::AutoOffsetReset(_) => Vec::new(),
        }
    }
}

impl Transport for Rest<'_> {
    fn checked(&self) -> &Checked {
        self.c
    }

    fn ctx(&self) -> &Ctx {
        self.ctx
    }

    fn listing_file(&self, when: &str, op: &str) -> String {
        format!("{when}-{op}.json")
    }

    /// GET /offsets into `file`.
    fn list_to(&self, file: &str) -> String {
        self.save(file)
    }

    fn jq_over(&self, file: &str, program: &str) -> String {
        format!("jq -rn --slurpfile check {CHECK_FILE} {program} < {file}")
    }

    fn verify_lists(&self) -> &'static str {
        "Saves the listing to after-alter.json. Source connectors list only partitions whose offset is not null."
    }

    fn verify_without_jq(&self) -> &'static str {
        ""
    }

    fn not_landed(&self) -> &'static str {
        "Some altered partitions did not land (see the drifted lines above). The connector is left STOPPED; before-alter.json holds the stored offsets before the alter."
    }

    fn resume_unaltered(&self) -> &'static str {
        "To resume without altering: curl -X PUT %CONNECTOR_URL%/resume (the state recorded in step 1 was ${previous_state})."
    }

    fn compares_by_hand(&self) -> bool {
        false
    }
}
