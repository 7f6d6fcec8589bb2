//! `Restore` and `RestoreOffsets`: rows back to their imported state (offset, entry and
//! removal); an added row has no imported state and is removed.

use super::Done;
use crate::editing::edit::{Cell, RowOrigin, Session, Step, messages};

impl Session {
    pub(super) fn restore(
        &mut self,
        rows: &[usize],
        step: &mut Step,
        notes: &mut Vec<String>,
    ) -> Done {
        let mut removed_flags = Vec::new();
        let mut added_removed = 0;
        for &i in rows {
            let Some(row) = self.rows.get(i) else {
                continue;
            };
            let added = matches!(row.origin, RowOrigin::Added(_));
            if added && !row.removed {
                removed_flags.push((i, false));
                added_removed += 1;
            } else if !added && row.removed {
                removed_flags.push((i, true));
            }
        }
        let imported_rows: Vec<usize> = rows
            .iter()
            .copied()
            .filter(|&i| {
                self.rows
                    .get(i)
                    .is_some_and(|r| matches!(r.origin, RowOrigin::Imported(_)))
            })
            .collect();
        // Replaced entries go back to the imported ones (the cells follow below).
        for &i in &imported_rows {
            if let Some(r) = self.rows.get_mut(i)
                && r.edited.is_some()
            {
                step.entries.push((i, r.edited, r.cell()));
                r.edited = None;
            }
        }
        let (_, runs) = self.commit_cells(&imported_rows, |_, _, _| Ok(Some(Cell::Imported)))?;
        for &(i, was) in &removed_flags {
            if let Some(r) = self.rows.get_mut(i) {
                r.removed = !was;
            }
        }
        // A row whose offset, entry and removal were all undone is one row restored.
        let mut touched: Vec<usize> = runs
            .iter()
            .flat_map(|r| r.start..r.start.saturating_add(r.len))
            .chain(removed_flags.iter().map(|&(i, _)| i))
            .chain(step.entries.iter().map(|&(i, _, _)| i))
            .collect();
        touched.sort_unstable();
        touched.dedup();
        step.runs = runs;
        step.removed = removed_flags;
        let changed = touched.len();
        if added_removed > 0 {
            notes.push(messages::added_rows_removed(added_removed));
        }
        Ok((changed, messages::restored(changed)))
    }
}
