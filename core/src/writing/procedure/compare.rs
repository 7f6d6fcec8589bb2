//! The compare and verify steps of an alter, written once for both transports: after the stop,
//! the fresh listing against the listing the edits were made on, partition by partition
//! (`offsets-check.json`, see `check`), and after the alter, the listing against what the alter
//! set. A partition edited relatively (shift, rewind) that moved stops the script, which leaves
//! the connector stopped and the fresh listing under a name of its own so that the script can
//! run again; a partition whose value was set is altered all the same, and the script names it.

use super::check::{
    Check, NOT_LANDED_YET, landed_program, list_again, moved_program, stop_unless_landed,
};
use super::shell::{Ctx, Mode, heredoc};
use super::step::{LEFT_STOPPED, RawStep, step};
use super::transport::Transport;
use super::{CHECK_FILE, Checked, RelativeEdits};
use crate::model::names::shell_quote;

/// The compare step of `t`'s alter: the fresh listing saved to `before-alter.*` against the
/// listing the edits were made on.
pub(super) fn compare(t: &dyn Transport) -> RawStep {
    let c = t.checked();
    let before = t.listing_file("before", "alter");
    let run = |program: &str| t.jq_over(&before, program);
    Compare {
        ctx: t.ctx(),
        check: c.check.as_ref(),
        relative: &c.relative,
        before: &before,
        run: &run,
        resume: t.words().resume_unaltered,
        by_hand: t
            .words()
            .compares_by_hand
            .then(|| by_hand(c.check.as_ref(), &before)),
    }
    .step()
}

/// The verify step of `t`'s alter: lists again to `after-alter.*` and says, per partition,
/// whether what the alter set landed; the script stops with `failed` when one drifted.
pub(super) fn verify(t: &dyn Transport, failed: &str) -> RawStep {
    let after = t.listing_file("after", "alter");
    let landed = t.jq_over(&after, &shell_quote(&landed_program()));
    let list = t.list_to(&after);
    let mut comment = vec![t.words().verify_lists.to_owned(), list_again()];
    let body = match t.ctx().mode {
        Mode::Steps => {
            comment.push(format!("The last command says how many altered partitions landed and prints a 'drifted' line for each one that did not.{}", t.words().verify_without_jq));
            format!("{list}\n{landed}")
        }
        Mode::Script => {
            let msg = t.ctx().message(failed);
            stop_unless_landed(&list, &landed, &msg, NOT_LANDED_YET)
        }
    };
    step(
        "List the offsets again and check that they landed",
        &comment,
        body,
    )
}

/// What the copy-paste compare step says for a check without `jq`: the partitions that must
/// be unchanged, with their listed offsets (the first few).
fn by_hand(check: Option<&Check>, before: &str) -> String {
    // Only the partitions that must be unchanged are compared by hand.
    let count = check.map_or(0, |c| c.count - c.set);
    let sample = check.map(|c| c.sample.clone()).unwrap_or_default();
    format!(
        "Without jq, compare by hand (or with connect-offsets diff LISTING {before}): each partition edited relatively must show the offset the listing you edited had{}",
        if sample.is_empty() {
            ".".to_owned()
        } else {
            format!(
                "{}: {}",
                if count > sample.len() { ", first" } else { "" },
                sample.join("; ")
            )
        }
    )
}

/// The script's first lines for an alter or a reset: stop when `before` is there from an
/// earlier run, and, for an alter generated without the listing the edits were made on, unless
/// told it was compared by hand (`OFFSETS_UNCHECKED=yes`).
pub(super) fn refuse_to_start(ctx: &Ctx, c: &Checked, before: &str, alter: bool) -> String {
    let exists = ctx.message(&exists_from_earlier_run(before, alter));
    let mut out = format!("if [ -e {before} ]; then\n  echo {exists} >&2\n  exit 1\nfi\n");
    if alter && !c.check.as_ref().is_some_and(|c| c.has_listed) {
        let msg = ctx.message("This script was generated without the listing the edits were made on, so it cannot check that no edited partition moved since then. Generate it again with that listing (the editor, or connect-offsets plan --against LISTING). If you have compared the listings yourself, run it with OFFSETS_UNCHECKED=yes.");
        out.push_str(&format!(
            "if [ \"${{OFFSETS_UNCHECKED:-}}\" != yes ]; then\n  echo {msg} >&2\n  exit 1\nfi\n"
        ));
    }
    out
}

/// What the compare step needs from its procedure.
struct Compare<'a> {
    ctx: &'a Ctx,
    check: Option<&'a Check>,
    relative: &'a RelativeEdits,
    /// The fresh listing the step before saved: `before-alter.yaml` or `before-alter.json`.
    before: &'a str,
    /// A jq command (`jq -rn --slurpfile check ... 'PROGRAM'`) fed the fresh listing.
    run: &'a dyn Fn(&str) -> String,
    /// How to resume without altering, as a message template (the script's stop says it).
    resume: &'a str,
    /// What the copy-paste steps add for a check without jq (the kubectl steps' sample).
    by_hand: Option<String>,
}

/// Where a stop before the alter moves the fresh listing: nothing was altered, so it is a
/// listing like any other, and a run of this script (or a new one) finds the name it lists to
/// free again.
pub(super) fn not_altered(before: &str) -> String {
    match before.rsplit_once('.') {
        Some((stem, ext)) => format!("{stem}.not-altered.{ext}"),
        None => format!("{before}.not-altered"),
    }
}

/// What the first step of a script says when `before` (the listing taken after the stop) is
/// there from an earlier run: that run went past the point where it could move it away, so it
/// may have altered, and the file may be the only record of the offsets before it.
fn exists_from_earlier_run(before: &str, alter: bool) -> String {
    let (stem, ext) = before.rsplit_once('.').unwrap_or((before, "yaml"));
    let why = if alter {
        format!(
            " (a run that stopped at the compare step, before altering, moved it to {} itself)",
            not_altered(before)
        )
    } else {
        String::new()
    };
    format!(
        "{before} exists from an earlier run{why}: it may be the only record of the offsets before that run changed them. Keep it under another name, for example mv {before} {stem}-1.{ext}, then run this script again."
    )
}

impl Compare<'_> {
    fn step(&self) -> RawStep {
        let check = self.check;
        let (open, body) = heredoc(check.map_or("{}", |c| c.json.as_str()));
        let write = format!("cat > {CHECK_FILE} {open}\n{body}");
        let count = check.map_or(0, |c| c.count);
        let set = check.map_or(0, |c| c.set);
        let before = self.before;
        let kept = not_altered(before);
        let relative = (self.run)(&shell_quote(&moved_program(false)));
        let set_run = (self.run)(&shell_quote(&moved_program(true)));
        let mut comment = vec![format!(
            "{CHECK_FILE} holds, for each of the {count} partitions the alter writes, its stored offset in the listing you edited and the offset the alter sets. Key order, entry order and spacing do not matter."
        )];
        if !check.is_some_and(|c| c.has_listed) {
            comment.push(format!("This procedure was generated without the listing the edits were made on: compare {before} with it yourself (connect-offsets diff LISTING {before}) before you go on; every partition the alter writes must show the same offset in both."));
            return self.finish(comment, write);
        }
        comment.push(self.scope(count, set));
        let absolute_hint = if *self.relative == RelativeEdits::Every {
            " If every edit set a value that does not depend on the old one (set, set from a time or a reference, null, restore), generate the procedure with connect-offsets plan --absolute instead: partitions that moved are then altered all the same, and the script names them."
        } else {
            ""
        };
        let body = match self.ctx.mode {
            Mode::Steps => {
                if set < count {
                    comment.push(format!("The first command prints one line per partition edited relatively (shift, rewind) whose stored offset is not what the listing you edited showed; no output means none moved. If it prints anything, stop here: nothing was altered, so move {before} away (mv {before} {kept}), import {kept} into connect-offsets, redo relative edits (rewind, shift) on it, and generate the procedure again. The connector stays stopped meanwhile.{absolute_hint}"));
                } else {
                    comment.push("The first command prints a line only when no listing was read (an error answer, a missing data key); stop here then.".to_owned());
                }
                if set > 0 {
                    comment.push("The second command names the partitions set to absolute values that moved since the listing you edited: the alter sets them all the same, so there is nothing to do about them.".to_owned());
                }
                if let Some(by_hand) = self.by_hand.as_ref().filter(|_| set < count) {
                    comment.push(by_hand.clone());
                }
                if set > 0 {
                    format!("{write}\n{relative}\n{set_run}")
                } else {
                    format!("{write}\n{relative}")
                }
            }
            Mode::Script => {
                let msg = self.ctx.message("Stopped before altering: the stored offsets of these partitions moved since the listing you edited, so the alter would overwrite newer offsets with values computed from older ones:");
                let todo = self
                    .ctx
                    .message(&format!("{LEFT_STOPPED} Import {kept} (the listing taken just now) into connect-offsets, redo relative edits (rewind, shift) on it, export and generate this procedure again.{absolute_hint} {}", self.resume))
                    .replace("\\${previous_state:-not set}", "${previous_state:-not set}")
                    .replace("\\${previous_state}", "${previous_state}");
                let moved_away = self.ctx.message(&format!("Nothing was altered, so the listing taken after the stop is now {kept}, and {before} is free for the next run."));
                let occupied = self.ctx.message(&format!("{kept} exists from an earlier stop, so {before} stays where it is. Both hold offsets that are still stored (nothing was altered after either): remove {kept} and run mv {before} {kept} before you run this script again."));
                let mut out = format!(
                    "{write}\nmoved=\"$({relative})\"\nif [ -n \"${{moved}}\" ]; then\n  echo {msg} >&2\n  printf '%s\\n' \"${{moved}}\" >&2\n  if [ -e {kept} ]; then\n    echo {occupied} >&2\n  else\n    mv {before} {kept}\n    echo {moved_away} >&2\n  fi\n  echo {todo} >&2\n  exit 1\nfi\necho {}",
                    self.ctx.message(&self.ok(count, set))
                );
                if set > 0 {
                    let note = self.ctx.message("These partitions moved since the listing you edited; they are altered all the same, because their new values were set (set, set from a time or a reference, null, restore, a rollback), not computed from the old ones:");
                    out.push_str(&format!(
                        "\nmoved_set=\"$({set_run})\"\nif [ -n \"${{moved_set}}\" ]; then\n  echo {note}\n  printf '%s\\n' \"${{moved_set}}\"\nfi"
                    ));
                }
                out
            }
        };
        self.finish(comment, body)
    }

    fn finish(&self, comment: Vec<String>, body: String) -> RawStep {
        step(
            "Compare with the listing the edits were made on",
            &comment,
            body,
        )
    }

    /// Which partitions must be unchanged, for the step's comment.
    fn scope(&self, count: usize, set: usize) -> String {
        match self.relative {
            RelativeEdits::Every => "Every partition must be unchanged: connect-offsets cannot tell from two listings whether an edit set a value or shifted the old one.".to_owned(),
            _ if set == count => format!("None of the {count} partitions must be unchanged: every one is set to a value that does not depend on its stored offset (set, set from a time or a reference, null, restore, a rollback), so one that moved is altered all the same, and the step names it."),
            _ if set == 0 => format!("Every one of the {count} partitions was edited relatively (shift, rewind), so each must be unchanged."),
            _ => format!("The {} partitions edited relatively (shift, rewind) must be unchanged; the other {set} are set to values that do not depend on their stored offsets (set, set from a time or a reference, null, restore), so one that moved is altered all the same, and the step names it.", count - set),
        }
    }

    /// What the script says when no relatively edited partition moved.
    fn ok(&self, count: usize, set: usize) -> String {
        if set == 0 {
            format!("No edited partition moved since the listing you edited ({count} checked).")
        } else if set == count {
            format!(
                "Every one of the {count} partitions is set to a value that does not depend on its stored offset, so none had to be unchanged."
            )
        } else {
            format!(
                "No partition edited relatively moved since the listing you edited ({} checked); the other {set} are set to values that do not depend on their stored offsets.",
                count - set
            )
        }
    }
}
