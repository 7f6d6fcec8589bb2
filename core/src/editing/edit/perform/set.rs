//! The actions that give rows one value: `SetOffset`/`SetOffsets`, `SetEach`, null
//! (`SetNull`, `NullOffsets`, `ReplayPartitions`) and `ResumeAt`.

use super::Done;
use crate::editing::edit::{Cell, EditError, Session, Step, messages, null_meaning};
use crate::model::ConnectorKind;
use std::collections::HashMap;

/// Refuses a negative offset for row `i`.
fn negative(s: &Session, i: usize, v: i64) -> Result<(), EditError> {
    if v < 0 {
        Err(EditError::new(messages::negative_offset(&s.describe(i), v)))
    } else {
        Ok(())
    }
}

impl Session {
    pub(super) fn set_offset(
        &mut self,
        rows: &[usize],
        offset: i64,
        step: &mut Step,
        notes: &mut Vec<String>,
    ) -> Done {
        let (n, runs) = self.commit_cells(rows, |s, i, _| {
            negative(s, i, offset)?;
            s.settable(i)?;
            Ok(Some(Cell::Value(offset)))
        })?;
        step.runs = runs;
        // MirrorMaker 2 stores the last record mirrored, not the next one: say where the rows
        // resume, and that 0 skips record 0 (issue 31, item 11).
        if self.kind() == ConnectorKind::MirrorSource {
            notes.push(messages::mirror_resumes_after(offset));
        }
        Ok((n, messages::set_to(n, offset)))
    }

    /// Null for every row; `replay` (`ReplayPartitions`) is refused for the kinds where a null
    /// does not mean "from the start".
    pub(super) fn set_null(
        &mut self,
        rows: &[usize],
        replay: bool,
        step: &mut Step,
        notes: &mut Vec<String>,
    ) -> Done {
        let kind = self.kind();
        if replay && !matches!(kind, ConnectorKind::MirrorSource | ConnectorKind::Sink) {
            return Err(EditError::new(messages::replay_undefined(kind.label())));
        }
        let (n, runs) = self.commit_cells(rows, |_, _, _| Ok(Some(Cell::Null)))?;
        step.runs = runs;
        notes.push(null_meaning(kind, self.reset()));
        Ok((n, messages::set_null(n)))
    }

    pub(super) fn set_each(
        &mut self,
        rows: &[usize],
        changes: &[(usize, Option<i64>)],
        step: &mut Step,
    ) -> Done {
        let map: HashMap<usize, Option<i64>> = changes.iter().copied().collect();
        let (n, runs) =
            self.commit_cells(rows, |s, i, _| match map.get(&i).copied().flatten() {
                Some(v) => {
                    negative(s, i, v)?;
                    s.settable(i)?;
                    Ok(Some(Cell::Value(v)))
                }
                None => Ok(Some(Cell::Null)),
            })?;
        step.runs = runs;
        Ok((n, messages::set_each(n)))
    }

    pub(super) fn resume_at(
        &mut self,
        rows: &[usize],
        record: i64,
        step: &mut Step,
        notes: &mut Vec<String>,
    ) -> Done {
        if record < 0 {
            return Err(EditError::new(messages::record_negative(record)));
        }
        let kind = self.kind();
        let cell = match kind {
            ConnectorKind::MirrorSource if record == 0 => {
                notes.push(messages::resume_at_start(self.reset().null_outcome(kind)));
                Cell::Null
            }
            ConnectorKind::MirrorSource => {
                notes.push(messages::resume_mirror(record - 1, record));
                Cell::Value(record - 1)
            }
            ConnectorKind::Sink => {
                notes.push(messages::resume_sink(record));
                Cell::Value(record)
            }
            other => return Err(EditError::new(messages::resume_undefined(other.label()))),
        };
        let (n, runs) = self.commit_cells(rows, |_, _, _| Ok(Some(cell)))?;
        step.runs = runs;
        Ok((n, messages::resumed(n, record)))
    }
}
