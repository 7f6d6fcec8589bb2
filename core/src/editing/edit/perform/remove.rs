//! `RemoveEntries` and `KeepLastDuplicates`: rows taken out of the alter set (the duplicates'
//! rows chosen by `edit/select.rs`).

use crate::editing::edit::{Session, Step, messages};

impl Session {
    /// Removes `rows`; `duplicates` says the rows are `KeepLastDuplicates`'s earlier repeats.
    pub(super) fn remove(
        &mut self,
        rows: &[usize],
        duplicates: bool,
        step: &mut Step,
    ) -> (usize, String) {
        for &i in rows {
            if let Some(r) = self.rows.get_mut(i)
                && !r.removed
            {
                r.removed = true;
                step.removed.push((i, false));
            }
        }
        let changed = step.removed.len();
        let message = if duplicates {
            messages::kept_last(changed)
        } else {
            messages::removed(changed)
        };
        (changed, message)
    }
}
