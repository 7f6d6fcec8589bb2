//! Undo and redo: each step is an inverse patch (runs of rows with the same "before" rule), kept
//! within `HISTORY_STEPS` steps and `HISTORY_RUNS` records. The records themselves (`Step`,
//! `Run`) are part of the session's state in `mod.rs`.

use super::{Before, Cell, EditError, HISTORY_RUNS, HISTORY_STEPS, Outcome, Run, Session, Step};

impl Session {
    /// Puts back the cells `runs` changed (an undo's runs, or a commit refused part way),
    /// the last run first, so that a row touched twice ends with its oldest state. Returns
    /// the rows written.
    pub(super) fn revert(&mut self, runs: &[Run]) -> usize {
        let mut changed = 0;
        for run in runs.iter().rev() {
            for i in run.start..run.start.saturating_add(run.len) {
                if let Some(row) = self.rows.get_mut(i) {
                    let cell = match (run.before, row.cell()) {
                        (Before::Same(c), _) => c,
                        (Before::Delta(d), Cell::Value(v)) => match v.checked_sub(d) {
                            Some(p) => Cell::Value(p),
                            None => row.cell(),
                        },
                        (Before::Delta(d), Cell::Shifted(Some(v))) => match v.checked_sub(d) {
                            Some(p) => Cell::Shifted(Some(p)),
                            None => row.cell(),
                        },
                        (Before::Delta(_), other) => other,
                    };
                    row.set_cell(cell);
                    changed += 1;
                }
            }
        }
        changed
    }

    pub(super) fn undo(&mut self) -> Result<Outcome, EditError> {
        let Some(step) = self.undo.pop_back() else {
            return Err(EditError::new("Nothing to undo."));
        };
        self.undo_cost = self.undo_cost.saturating_sub(step.cost());
        let mut changed = 0;
        changed += self.revert(&step.runs);
        for &(i, was) in step.removed.iter().rev() {
            if let Some(row) = self.rows.get_mut(i) {
                row.removed = was;
                changed += 1;
            }
        }
        for &(i, edited, cell) in step.entries.iter().rev() {
            if let Some(row) = self.rows.get_mut(i) {
                row.edited = edited;
                row.set_cell(cell);
                changed += 1;
            }
        }
        if let Some(n) = step.truncate_to {
            changed += self.rows.len().saturating_sub(n);
            self.rows.truncate(n);
        }
        if let Some(scope) = step.scope {
            self.scope = scope;
        }
        self.redo.push(step.action);
        Ok(Outcome {
            changed,
            message: "Undone.".into(),
            notes: Vec::new(),
        })
    }

    /// Forgets the redo steps: the editor replaced this session by another listing (a new
    /// action after the undone ones, in the editor's own history).
    pub(crate) fn forget_redo(&mut self) {
        self.redo.clear();
    }

    pub(super) fn push_step(&mut self, step: Step, out: &mut Outcome) {
        let cost = step.cost();
        if cost > HISTORY_RUNS {
            self.undo.clear();
            self.undo_cost = 0;
            out.notes.push(format!(
                "This change is too large to undo (it needs {cost} history records; the limit is {HISTORY_RUNS}); earlier undo steps were dropped too."
            ));
            return;
        }
        self.undo_cost += cost;
        self.undo.push_back(step);
        while self.undo.len() > HISTORY_STEPS || self.undo_cost > HISTORY_RUNS {
            match self.undo.pop_front() {
                Some(old) => self.undo_cost = self.undo_cost.saturating_sub(old.cost()),
                None => break,
            }
        }
    }
}
