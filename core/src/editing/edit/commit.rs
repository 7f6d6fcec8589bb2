//! The commit every offset action shares: compute each row's new cell first (refusing
//! atomically), then write the changed ones and record them as undo runs.

use super::{Before, Cell, EditError, OffsetValue, Run, Session};

impl Session {
    /// Computes every new cell first (refusing atomically), then commits the changed ones.
    pub(super) fn commit_cells(
        &mut self,
        rows: &[usize],
        mut new_cell: impl FnMut(&Session, usize, OffsetValue) -> Result<Option<Cell>, EditError>,
    ) -> Result<(usize, Vec<Run>), EditError> {
        let mut planned: Vec<(usize, Cell)> = Vec::with_capacity(rows.len());
        for &i in rows {
            let Some(row) = self.rows.get(i) else {
                continue;
            };
            let current = self.current_of(row);
            if let Some(cell) = new_cell(self, i, current)?
                && cell != row.cell()
            {
                planned.push((i, cell));
            }
        }
        let mut runs: Vec<Run> = Vec::new();
        for &(i, cell) in &planned {
            let Some(row) = self.rows.get_mut(i) else {
                continue;
            };
            let before = match (row.cell(), cell) {
                // A delta only between cells of one kind, so that undo gives the kind back.
                (Cell::Value(b), Cell::Value(a))
                | (Cell::Shifted(Some(b)), Cell::Shifted(Some(a))) => match a.checked_sub(b) {
                    Some(d) => Before::Delta(d),
                    None => Before::Same(row.cell()),
                },
                (prev, _) => Before::Same(prev),
            };
            row.set_cell(cell);
            match runs.last_mut() {
                Some(last) if last.before == before && last.start + last.len == i => last.len += 1,
                _ => runs.push(Run {
                    start: i,
                    len: 1,
                    before,
                }),
            }
        }
        Ok((planned.len(), runs))
    }
}
