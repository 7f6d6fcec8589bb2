//! `SetFromReference`: offsets decided from a reference by `editing/set_from.rs`'s plan, rows
//! the reference does not cover left as they were.

use super::Done;
use crate::editing::edit::{Cell, Session, Step, messages};
use crate::reading::reference::Reference;
use std::collections::HashMap;

impl Session {
    pub(super) fn set_from_reference(
        &mut self,
        rows: &[usize],
        reference: &Reference,
        step: &mut Step,
        notes: &mut Vec<String>,
    ) -> Done {
        let plan = crate::editing::set_from::plan(self, rows, reference)?;
        let cells: HashMap<usize, Cell> = plan.changes.iter().copied().collect();
        let (n, runs) = self.commit_cells(rows, |_, i, _| Ok(cells.get(&i).copied()))?;
        step.runs = runs;
        notes.extend(plan.notes(self, &reference.role));
        Ok((
            n,
            messages::set_from(n, &reference.role.phrase(), plan.missing.len()),
        ))
    }
}
