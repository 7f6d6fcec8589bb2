//! `ShiftOffsets` and `ShiftOffsetsClamped`: one shift with one overflow policy. A plain shift
//! refuses a row that would go below 0; a clamped one sets it to null or 0 instead. Both refuse
//! a shift past the largest offset.

use super::Done;
use crate::editing::edit::{
    BelowZero, Cell, EditError, OffsetValue, Session, Step, messages, null_meaning,
};

/// The cell a clamped shift gives a row that would go below 0, counted.
fn clamp(clamped: &mut usize, below_zero: BelowZero) -> Cell {
    *clamped += 1;
    match below_zero {
        BelowZero::Null => Cell::Shifted(None),
        BelowZero::Zero => Cell::Shifted(Some(0)),
    }
}

impl Session {
    /// Shifts every row with an offset by `delta`; `clamp_to` is the clamped shift's policy for
    /// rows that would go below 0 (`None`: refuse the whole shift).
    pub(super) fn shift(
        &mut self,
        rows: &[usize],
        delta: i64,
        clamp_to: Option<BelowZero>,
        step: &mut Step,
        notes: &mut Vec<String>,
    ) -> Done {
        let (mut skipped, mut clamped) = (0usize, 0usize);
        let (n, runs) = self.commit_cells(rows, |s, i, current| match current {
            OffsetValue::Value(v) => match (v.checked_add(delta), clamp_to) {
                // A value that was set stays one (set, then shifted, does not depend on the
                // listed offset); one computed from the imported offset is relative.
                (Some(r), _) if r >= 0 => Ok(Some(if s.is_set(i) {
                    Cell::Value(r)
                } else {
                    Cell::Shifted(Some(r))
                })),
                // Below 0 (or past the smallest i64, which is below 0 too).
                (Some(_), Some(below_zero)) => Ok(Some(clamp(&mut clamped, below_zero))),
                (None, Some(below_zero)) if delta < 0 => Ok(Some(clamp(&mut clamped, below_zero))),
                (Some(r), None) => Err(EditError::new(messages::shift_below_zero(
                    &s.describe(i),
                    v,
                    delta,
                    r,
                ))),
                (None, _) => Err(EditError::new(messages::shift_overflow(
                    &s.describe(i),
                    v,
                    delta,
                    clamp_to.is_none() && delta < 0,
                ))),
            },
            OffsetValue::Null | OffsetValue::Unreadable => {
                skipped += 1;
                Ok(None)
            }
        })?;
        step.runs = runs;
        let message = match clamp_to {
            None => messages::shifted(n, delta),
            Some(below_zero) => {
                let to = match below_zero {
                    BelowZero::Null => "null",
                    BelowZero::Zero => "0",
                };
                if clamped > 0 && below_zero == BelowZero::Null {
                    notes.push(null_meaning(self.kind(), self.reset()));
                }
                messages::shifted_clamped(n.saturating_sub(clamped), delta, clamped, to)
            }
        };
        if skipped > 0 {
            notes.push(messages::left_alone(skipped));
        }
        Ok((n, message))
    }
}
