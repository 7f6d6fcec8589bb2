//! The curl transport of a plain Kafka Connect cluster, through its REST API: each step of
//! list, alter and reset as curl commands (`sequence` puts them in the safe order).

use super::compare::refuse_to_start;
use super::shell::{Ctx, Mode, heredoc};
use super::step::{CURL, RawStep, step};
use super::transport::{Change, Transport, Words};
use super::wait;
use super::{AutoOffsetReset, CHECK_FILE, Checked};

/// The single-quoted `grep` pattern that finds `"state": "STATE"` in a status.
fn state_pattern(state: &str) -> String {
    format!(r#"'"state" *: *"{state}"'"#)
}

/// What the alter step says of its errors.
pub(super) const PATCH_ERRORS: &str = "On an error Kafka Connect answers with a message that says what is wrong; curl prints it and fails.";

pub(super) struct Rest<'a> {
    pub(super) c: &'a Checked,
    pub(super) ctx: &'a Ctx,
}

impl Rest<'_> {
    /// The copy-paste form of a wait for `state`: poll the status, then show it.
    pub(super) fn poll_steps(&self, state: &str) -> String {
        self.ctx.sh(&wait::poll(
            self.c.timeout,
            &format!(
                "curl -sS «%CONNECTOR_URL%/status» | grep -q {}",
                state_pattern(state)
            ),
            &format!("{CURL} «%CONNECTOR_URL%/status»"),
        ))
    }

    /// The script's wait for `state`, the one both the safe sequence's wait and the create's
    /// waits (`rest_create`) run: each round `read` fetches the status into `body`, `done`
    /// ends the wait, `arms` may stop the script; past the deadline it stops with the last
    /// status.
    pub(super) fn status_loop(&self, state: &str, read: &str, done: &str, arms: &str) -> String {
        let msg = self.ctx.message(&format!("Timed out after %TIMEOUT_SECONDS%s: the connector at %CONNECTOR_URL% is not {state}. Its last status:"));
        self.ctx.sh(&wait::until_deadline(
            read,
            done,
            arms,
            &format!("    echo {msg} >&2\n    echo \"${{body}}\" >&2\n"),
        ))
    }

    /// Waits until the connector the sequence stopped is STOPPED.
    pub(super) fn wait_stopped(&self) -> String {
        match self.ctx.mode {
            Mode::Steps => self.poll_steps("STOPPED"),
            Mode::Script => self.status_loop(
                "STOPPED",
                "  body=\"$(curl -sS --fail-with-body «%CONNECTOR_URL%/status»)\"\n",
                &format!("grep -q {} <<<\"${{body}}\"", state_pattern("STOPPED")),
                "",
            ),
        }
    }

    /// The PUT that stops, pauses or resumes the connector (`action`), wherever a step does.
    pub(super) fn put(&self, action: &str) -> String {
        self.ctx
            .sh(&format!("{CURL} -X PUT «%CONNECTOR_URL%/{action}»"))
    }

    /// The PATCH of `payload` to the offsets, the alter of both the sequence and the create.
    pub(super) fn patch_offsets(&self, payload: &str) -> String {
        let (open, body) = heredoc(payload);
        format!(
            "{} {open}\n{body}",
            self.ctx.sh(&format!("{CURL} -X PATCH -H 'Content-Type: application/json' --data-binary @- «%CONNECTOR_URL%/offsets»"))
        )
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
}

impl Transport for Rest<'_> {
    fn list(&self) -> Vec<RawStep> {
        vec![step(
            "Save the offsets",
            &["Works in any connector state. Import the file into connect-offsets, edit and validate it, then export the PATCH body and generate the alter procedure.".to_owned()],
            self.ctx.sh(&format!("{CURL} «%CONNECTOR_URL%/offsets» -o «%LIST_FILE%»")),
        )]
    }

    fn record_state(&self, change: Change) -> RawStep {
        let before = self.listing_file("before", change.as_str());
        let body = match self.ctx.mode {
            Mode::Steps => self.ctx.sh(&format!("{CURL} «%CONNECTOR_URL%/status»")),
            Mode::Script => {
                let mut out = refuse_to_start(self.ctx, self.c, &before, change == Change::Alter);
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

    fn stop(&self, _change: Change) -> RawStep {
        step(
            "Stop the connector",
            &[
                "Kafka Connect only changes the offsets of a STOPPED connector (not a PAUSED one)."
                    .to_owned(),
            ],
            self.put("stop"),
        )
    }

    fn wait_until_stopped(&self) -> RawStep {
        step(
            "Wait until the connector is STOPPED",
            &["The stop is applied asynchronously; the status shows STOPPED and no tasks once it is done.".to_owned()],
            self.wait_stopped(),
        )
    }

    fn list_before(&self, change: Change) -> RawStep {
        match change {
            Change::Alter => step(
                "List the offsets again, now that the connector is stopped",
                &["Saves them to before-alter.json, never over the listing you edited: these are the offsets the alter will replace. Keep the file: a rollback needs it.".to_owned()],
                self.save("before-alter.json"),
            ),
            Change::Reset => step(
                "List the offsets before the reset",
                &["Saves them to before-reset.json: the reset deletes every stored offset, and this file is the only record to restore them from.".to_owned()],
                self.save("before-reset.json"),
            ),
        }
    }

    fn alter(&self, payload: &str) -> Vec<RawStep> {
        vec![step(
            "Alter the offsets",
            &[PATCH_ERRORS.to_owned()],
            self.patch_offsets(payload),
        )]
    }

    fn reset(&self) -> Vec<RawStep> {
        vec![step(
            "Reset the offsets",
            &["This deletes every stored offset of the connector (for a sink connector, its consumer group).".to_owned()],
            self.ctx.sh(&format!("{CURL} -X DELETE «%CONNECTOR_URL%/offsets»")),
        )]
    }

    fn list_after_reset(&self) -> RawStep {
        step(
            "List the offsets again",
            &["Saves them to after-reset.json; the listing should now be empty: {\"offsets\":[]}.".to_owned()],
            format!("{}\ncat after-reset.json", self.save("after-reset.json")),
        )
    }

    fn resume(&self, _change: Change) -> RawStep {
        match self.ctx.mode {
            Mode::Steps => step(
                "Resume the connector",
                &["Puts back what step 1 showed. As written, for a connector that was RUNNING. If step 1 showed PAUSED, use /pause instead of /resume; if it showed STOPPED, leave it stopped.".to_owned()],
                self.put("resume"),
            ),
            Mode::Script => {
                let msg = self.ctx.message("The connector was already STOPPED when this script started, so it stays stopped. To run it: curl -X PUT %CONNECTOR_URL%/resume");
                step(
                    "Resume the connector",
                    &["Puts back the state recorded in step 1: RUNNING resumes, PAUSED pauses, STOPPED stays stopped.".to_owned()],
                    format!(
                        "case \"${{previous_state}}\" in\n  PAUSED) {} ;;\n  STOPPED) echo {msg} ;;\n  *) {} ;;\nesac",
                        self.put("pause"),
                        self.put("resume")
                    ),
                )
            }
        }
    }

    fn clean_up(&self) -> RawStep {
        step(
            "Clean up (optional)",
            &["Removes the check file. Keep before-alter.json: it holds the stored offsets before the alter, which a rollback needs.".to_owned()],
            format!("rm -f {CHECK_FILE}"),
        )
    }

    /// Refused by validation: only a Strimzi MirrorSourceConnector has it.
    fn auto_offset_reset(&self, _value: AutoOffsetReset) -> Vec<RawStep> {
        Vec::new()
    }

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

    fn words(&self) -> &'static Words {
        &WORDS
    }
}

/// What the compare and verify steps say over REST.
const WORDS: Words = Words {
    verify_lists: "Saves the listing to after-alter.json. Source connectors list only partitions whose offset is not null.",
    verify_without_jq: "",
    not_landed: "Some altered partitions did not land (see the drifted lines above). The connector is left STOPPED; before-alter.json holds the stored offsets before the alter.",
    resume_unaltered: "To resume without altering: curl -X PUT %CONNECTOR_URL%/resume (the state recorded in step 1 was ${previous_state}).",
    compares_by_hand: false,
};
