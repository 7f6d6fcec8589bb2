//! The commit every offset action shares: each row's new cell is written as soon as it is
//! known, and a refusal puts back the rows already written (atomically, from the undo runs
//! the commit records anyway), so no plan of every row's cell is held: a shift of 1M rows
//! planned 24 MB of `(row, cell)` pairs before writing any.

use super::{Before, Cell, EditError, OffsetValue, Run, Session};

impl Session {
    /// Gives each row of `rows` the cell `new_cell` computes from its current value (`None`:
    /// left alone), all or none: the first refusal undoes the rows written before it. Returns
    /// the rows changed and their undo runs. `new_cell` reads only row `i` (the rows before
    /// it may already hold their new cells).
    pub(super) fn commit_cells(
        &mut self,
        rows: &[usize],
        mut new_cell: impl FnMut(&Session, usize, OffsetValue) -> Result<Option<Cell>, EditError>,
    ) -> Result<(usize, Vec<Run>), EditError> {
        // A selection is ascending and distinct (`resolve`); another list is made one, so
        // that each row is written once and from its value before the action.
        let sorted;
        let rows = if rows.windows(2).all(|w| w[0] < w[1]) {
            rows
        } else {
            let mut v = rows.to_vec();
            v.sort_unstable();
            v.dedup();
            sorted = v;
            &sorted
        };
        let mut runs: Vec<Run> = Vec::new();
        let mut changed = 0;
        for &i in rows {
            let Some(row) = self.rows.get(i) else {
                continue;
            };
            let was = row.cell();
            let cell = match new_cell(self, i, self.current_of(row)) {
                Ok(Some(cell)) if cell != was => cell,
                Ok(_) => continue,
                Err(e) => {
                    self.revert(&runs);
                    return Err(e);
                }
            };
            let before = match (was, cell) {
                // A delta only between cells of one kind, so that undo gives the kind back.
                (Cell::Value(b), Cell::Value(a))
                | (Cell::Shifted(Some(b)), Cell::Shifted(Some(a))) => match a.checked_sub(b) {
                    Some(d) => Before::Delta(d),
                    None => Before::Same(was),
                },
                (prev, _) => Before::Same(prev),
            };
            if let Some(row) = self.rows.get_mut(i) {
                row.set_cell(cell);
            }
            changed += 1;
            match runs.last_mut() {
                Some(last) if last.before == before && last.start + last.len == i => last.len += 1,
                _ => runs.push(Run {
                    start: i,
                    len: 1,
                    before,
                }),
            }
        }
        Ok((changed, runs))
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    /// Rows out of order or repeated (no selection gives them, another caller might) are each
    /// committed once, from the value before the action, and recorded in row order.
    #[test]
    fn rows_out_of_order_or_repeated_are_committed_once_each() {
        let entry = |p: u32, o: u32| {
            format!(
                r#"{{"partition":{{"cluster":"e","partition":{p},"topic":"t"}},"offset":{{"offset":{o}}}}}"#
            )
        };
        let text = format!(
            r#"{{"offsets":[{},{},{}]}}"#,
            entry(0, 10),
            entry(1, 11),
            entry(2, 12)
        );
        let listing = crate::pipeline::import(&text, &Default::default())
            .unwrap()
            .listing;
        let mut s = Session::new(listing);
        let plus_one = |_: &Session, _: usize, current: OffsetValue| match current {
            OffsetValue::Value(v) => Ok(Some(Cell::Shifted(Some(v + 1)))),
            _ => Ok(None),
        };
        let (changed, runs) = s.commit_cells(&[2, 0, 2], plus_one).unwrap();
        assert_eq!(changed, 2);
        let cells: Vec<Cell> = s.rows.iter().map(|r| r.cell()).collect();
        assert_eq!(
            cells,
            [
                Cell::Shifted(Some(11)),
                Cell::Imported,
                Cell::Shifted(Some(13))
            ]
        );
        assert_eq!(runs.iter().map(|r| r.start).collect::<Vec<_>>(), [0, 2]);
    }
}
