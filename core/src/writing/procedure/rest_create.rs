//! The curl procedure that creates a plain Kafka Connect connector at chosen offsets: check that
//! no connector of the name exists, create it STOPPED (KIP-980), see what offsets the name
//! stored before (Kafka Connect keeps a deleted connector's offsets), alter its offsets, verify
//! them, and only then resume it (the order is `sequence`'s). Nothing in it can start the
//! connector before the verify step.

use super::check::{LIST_ATTEMPTS, indent};
use super::rest::{PATCH_ERRORS, Rest};
use super::shell::{Mode, Var, heredoc};
use super::step::{CURL, RawStep, commands, step};
use super::transport::Create;
use super::{CHECK_FILE, Previous};

/// Where the create saves what the name stored before it.
const OLD_FILE: &str = "old-offsets.json";

/// The jq program (single-quoted) that counts the offsets a listing stores, and fails on what
/// is not a listing (an error answer), so that it is never read as "none stored".
const COUNT_JQ: &str = r#"'if (.offsets | type) == "array" then [.offsets[] | select(.offset != null)] | length else error("not an offsets listing: \(tojson)") end'"#;

impl Rest<'_> {
    /// Polls the connector's status until the connector (not one of its tasks) is `state`. A
    /// status that is not there yet (the worker writes it just after the create) counts as not
    /// yet; a FAILED connector stops the script with its status. Waiting for STOPPED, the script
    /// stops the connector at once and exits when it shows RUNNING: the worker started it
    /// despite `initial_state`. Waiting for RUNNING, a FAILED task stops the script, and the
    /// wait ends once no task is in another state than RUNNING.
    fn wait_state(&self, state: &str) -> String {
        match self.ctx.mode {
            Mode::Steps => self.poll_steps(state),
            Mode::Script => {
                let failed = self
                    .ctx
                    .message("The connector at %CONNECTOR_URL% is FAILED. Its status:");
                let mut arms = format!(
                    "  if [ \"${{state}}\" = FAILED ]; then\n    echo {failed} >&2\n    echo \"${{body}}\" >&2\n    exit 1\n  fi\n"
                );
                let done = if state == "STOPPED" {
                    let msg = self.ctx.message("The connector is RUNNING: this worker started it despite initial_state. It was stopped just now, before its offsets were altered; it may have processed records from the offsets its own rules chose. Nothing was altered.");
                    arms.push_str(&format!(
                        "  if [ \"${{state}}\" = RUNNING ]; then\n    {} >&2\n    echo {msg} >&2\n    exit 1\n  fi\n",
                        self.put("stop")
                    ));
                    "[ \"${state}\" = STOPPED ]".to_owned()
                } else {
                    let task_failed = self.ctx.message("The connector runs, but a task of it FAILED (its offsets are altered and verified; see the task's trace). Its status:");
                    arms.push_str(&format!(
                        "  if jq -e '[.tasks[]? | select(.state == \"FAILED\")] | length > 0' <<<\"${{body}}\" >/dev/null 2>&1; then\n    echo {task_failed} >&2\n    echo \"${{body}}\" >&2\n    exit 1\n  fi\n"
                    ));
                    format!(
                        "[ \"${{state}}\" = {state} ] && jq -e '[.tasks[]? | select(.state != \"RUNNING\")] | length == 0' <<<\"${{body}}\" >/dev/null 2>&1"
                    )
                };
                self.status_loop(
                    state,
                    "  body=\"$(curl -sS «%CONNECTOR_URL%/status» || true)\"\n  state=\"$(jq -r '.connector.state // empty' <<<\"${body}\" 2>/dev/null || true)\"\n",
                    &done,
                    &arms,
                )
            }
        }
    }

    fn absent(&self) -> RawStep {
        let why = "A connector deleted and created again under the same name resumes from the offsets it stored before, not from the ones chosen here.";
        let body = match self.ctx.mode {
            Mode::Steps => self
                .ctx
                .sh("curl -sS -o /dev/null -w '%{http_code}\\n' «%CONNECTOR_URL%»"),
            Mode::Script => {
                let exists = self.ctx.message(&format!("Stopped before creating anything: a connector exists at %CONNECTOR_URL%. {why} List its offsets (curl %CONNECTOR_URL%/offsets), then alter or reset them instead (connect-offsets plan --kind rest without --create)."));
                let other = self.ctx.message("Stopped before creating anything: GET %CONNECTOR_URL% answered HTTP ${code}, neither 404 (no such connector) nor 200. Check the URL and the worker.")
                    .replace("\\${code}", "${code}");
                let saved = self.ctx.message(&format!("Stopped before creating anything: {OLD_FILE} exists from an earlier run; it may be the only record of the offsets this name stored before that run. Move it away, then run this script again."));
                self.ctx.sh(&format!(
                    "if [ -e {OLD_FILE} ]; then\n  echo {saved} >&2\n  exit 1\nfi\ncode=\"$(curl -sS -o /dev/null -w '%{{http_code}}' «%CONNECTOR_URL%»)\"\ncase \"${{code}}\" in\n  404) echo 'No connector of this name exists yet.' ;;\n  200)\n    echo {exists} >&2\n    exit 1\n    ;;\n  *)\n    echo {other} >&2\n    exit 1\n    ;;\nesac"
                ))
            }
        };
        step(
            "Check that no connector of this name exists",
            &[format!(
                "The worker must answer 404. If it prints 200, stop here. {why} List its offsets, then alter or reset them instead. If {OLD_FILE} exists from an earlier run, move it away first: it may be the only record of the offsets this name stored before."
            )],
            body,
        )
    }

    /// Lists what the name stored before into `old-offsets.json` and, as `previous` says, stops
    /// (deleting the connector just created, which never ran), deletes them (with the commands
    /// of `reset`, the reset operation's steps), or names the partitions that keep them. Writes
    /// the check file first: Keep compares with it.
    fn previous_offsets(&self, previous: Previous, reset: &[RawStep]) -> RawStep {
        let reset = commands(reset);
        let check = self.c.check.as_ref();
        let (check_open, check_body) = heredoc(check.map_or("{}", |c| c.json.as_str()));
        let write = format!("cat > {CHECK_FILE} {check_open}\n{check_body}");
        let list = self.save(OLD_FILE);
        let count = format!("jq {COUNT_JQ} {OLD_FILE}");
        // Lists again and counts what is left, after a reset.
        let recount = self.ctx.sh(&format!(
            "curl -sS --fail-with-body «%CONNECTOR_URL%/offsets» | jq {COUNT_JQ}"
        ));
        let why = "A connector deleted and created again under the same name resumes from the offsets it stored before: Kafka Connect keeps them.";
        let (comment, body) = match (previous, self.ctx.mode) {
            (Previous::Refuse, Mode::Steps) => (
                format!(
                    "Writes {CHECK_FILE}, the partitions the alter sets (the verify step reads it), and saves what the name stored before to {OLD_FILE}. The last command must print 0. {why} If it prints more, stop here: delete the connector again (curl -X DELETE {}; it never ran, and the old offsets stay as they were), then generate the procedure with --recreated reset (delete them first) or --recreated keep (alter over them) (in the page: Offsets stored under this name before).",
                    self.ctx.value(Var::ConnectorUrl)
                ),
                format!("{write}\n{list}\n{count}"),
            ),
            (Previous::Refuse, Mode::Script) => {
                let found = self.ctx.message(&format!("Stopped before altering: ${{stored}} offsets are stored under this name from a connector that had it before ({OLD_FILE} holds them; the first ones follow). {why}"));
                let gone = self.ctx.message("The connector just created was deleted again: it never ran, and the old offsets are as they were. If the name existed before, generate the procedure with --recreated reset (delete the old offsets first, so that only the chosen ones remain) or --recreated keep (alter over them) (in the page: Offsets stored under this name before), and run it.");
                (
                    format!(
                        "Writes {CHECK_FILE}, the partitions the alter sets (the verify step reads it), and saves what the name stored before to {OLD_FILE}. {why} When there is any, the script deletes the connector it just created (it never ran, and the old offsets stay as they were) and stops."
                    ),
                    format!(
                        "{write}\n{list}\nstored=\"$({count})\"\nif [ \"${{stored}}\" -gt 0 ]; then\n  echo {} >&2\n  jq -c 'limit(10; .offsets[] | select(.offset != null))' {OLD_FILE} >&2\n{}\n  echo {gone} >&2\n  exit 1\nfi\necho 'No offsets are stored under this name.'",
                        found.replace("\\${stored}", "${stored}"),
                        self.ctx
                            .sh(&format!("  {CURL} -X DELETE «%CONNECTOR_URL%» >&2")),
                    ),
                )
            }
            (Previous::Reset, Mode::Steps) => (
                format!(
                    "Writes {CHECK_FILE}, the partitions the alter sets (the verify step reads it), saves what the name stored before to {OLD_FILE}, prints how many offsets that is and deletes them (only once they are saved: when {OLD_FILE} exists from an earlier run, nothing is deleted; move it away first). {why} The last command lists again: run it until it prints 0 (the listing can lag the reset by a moment)."
                ),
                format!(
                    "{write}\nif [ -e {OLD_FILE} ]; then\n  echo '{OLD_FILE} exists from an earlier run; move it away first: it may be the only record of the old offsets. Nothing was deleted.'\nelse\n{}\nfi\n{}",
                    indent(
                        &format!(
                            "{} && {count} && {reset}",
                            self.ctx
                                .sh(&format!("{CURL} «%CONNECTOR_URL%/offsets» -o {OLD_FILE}"))
                        ),
                        "  "
                    ),
                    recount,
                ),
            ),
            (Previous::Reset, Mode::Script) => {
                let left = self.ctx.message(&format!("The offsets stored under this name are still listed after the reset ({LIST_ATTEMPTS} listings 5 seconds apart). The connector is left STOPPED and has never run; {OLD_FILE} holds the old offsets."));
                (
                    format!(
                        "Writes {CHECK_FILE}, the partitions the alter sets (the verify step reads it), and saves what the name stored before to {OLD_FILE}. {why} When there is any, deletes it (DELETE /offsets on the stopped connector) and lists again until none is left, so that after the alter only the chosen offsets remain."
                    ),
                    format!(
                        "{write}\n{list}\nstored=\"$({count})\"\nif [ \"${{stored}}\" -gt 0 ]; then\n  echo \"Deleting the ${{stored}} offsets stored under this name before ({OLD_FILE} keeps them).\"\n{}\n  attempt=1\n  until [ \"$({})\" = 0 ]; do\n    if [ \"${{attempt}}\" -ge {LIST_ATTEMPTS} ]; then\n      echo {left} >&2\n      exit 1\n    fi\n    attempt=$((attempt + 1))\n    sleep 5\n  done\nfi\necho 'No offsets are stored under this name.'",
                        indent(&reset, "  "),
                        recount,
                    ),
                )
            }
            (Previous::Keep, _) => {
                let kept = format!(
                    "jq -rn --slurpfile check {CHECK_FILE} {} < {OLD_FILE}",
                    crate::model::names::shell_quote(super::check::KEPT_JQ)
                );
                (
                    format!(
                        "Writes {CHECK_FILE}, the partitions the alter sets (the verify step reads it), saves what the name stored before to {OLD_FILE} and prints each partition the alter does not set, which keeps its old offset (the name's old offsets are kept). {why}"
                    ),
                    format!("{write}\n{list}\n{kept}"),
                )
            }
        };
        step("See what the name stored before", &[comment], body)
    }
}

impl Create for Rest<'_> {
    fn check_absent(&self) -> Option<RawStep> {
        Some(self.absent())
    }

    /// Nothing: the check file is written with the name's old offsets (`previous`).
    fn upload(&self, _payload: &str) -> Vec<RawStep> {
        Vec::new()
    }

    fn create_stopped(&self) -> Option<RawStep> {
        let body = self.c.create_body.as_deref().unwrap_or("{}");
        let (open, body) = heredoc(body);
        Some(step(
            "Create the connector, stopped",
            &[format!("\"initial_state\": \"STOPPED\" makes the worker create the connector without starting it or its tasks (Kafka Connect {} or later). The config is yours, as given.", crate::versions::CONNECT_INITIAL_STATE)],
            format!(
                "{} {open}\n{body}",
                self.ctx.sh(&format!("{CURL} -X POST -H 'Content-Type: application/json' --data-binary @- «%CONNECT_URL%/connectors»"))
            ),
        ))
    }

    fn wait_created(&self) -> RawStep {
        step(
            "Wait until the connector is STOPPED",
            &["It must show STOPPED. If it shows RUNNING, the worker started it despite initial_state: stop it at once (PUT /stop) and expect records from the offsets it chose itself.".to_owned()],
            self.wait_state("STOPPED"),
        )
    }

    fn previous(&self, previous: Previous, reset: &[RawStep]) -> Vec<RawStep> {
        vec![self.previous_offsets(previous, reset)]
    }

    fn alter_created(&self, payload: &str) -> Vec<RawStep> {
        let count = self.c.check.as_ref().map_or(0, |c| c.count);
        vec![step(
            "Alter the offsets",
            &[format!(
                "Sets the {count} partitions of {CHECK_FILE}. {PATCH_ERRORS}"
            )],
            self.patch_offsets(payload),
        )]
    }

    fn create_not_landed(&self) -> String {
        let delete = "curl -X DELETE %CONNECTOR_URL%";
        let delete_offsets = "curl -X DELETE %CONNECTOR_URL%/offsets";
        format!(
            "Some altered partitions did not land (see the drifted lines above). The connector is left STOPPED and has never run. Alter its offsets again (the PATCH above) and list them; or start over: delete its offsets and the connector ({delete_offsets}, then {delete}), move {OLD_FILE} away (it holds what the name stored before this run) and run this procedure again."
        )
    }

    fn start(&self) -> RawStep {
        step(
            "Start the connector",
            &["Only now, with the offsets verified, does the connector run: each partition resumes where the offsets say.".to_owned()],
            format!(
                "{}\n{}",
                self.put("resume"),
                self.wait_state("RUNNING")
            ),
        )
    }

    fn clean_up_created(&self) -> RawStep {
        step(
            "Clean up (optional)",
            &[format!(
                "Removes the check file. after-alter.json holds the offsets the connector started from; {OLD_FILE} what the name stored before."
            )],
            format!("rm -f {CHECK_FILE}"),
        )
    }
}
