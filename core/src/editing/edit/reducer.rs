//! The reducer, [`Session::apply`]: each [`Action`] is checked over every row it covers, then
//! committed in one pass, so a refused action changes nothing.

use super::rows::read_offset;
use super::{
    Action, Before, BelowZero, Cell, EditError, ExportScope, OffsetValue, Outcome, RowOrigin, Run,
    Selection, Session, Step, null_meaning,
};
use crate::editing::filter::Filter;
use crate::model::EntryFacts;
use crate::model::{ConnectorKind, Entry, PartitionKey};
use std::collections::HashMap;

/// The cell a clamped shift gives a row that would go below 0, counted.
fn clamp(clamped: &mut usize, below_zero: BelowZero) -> Cell {
    *clamped += 1;
    match below_zero {
        BelowZero::Null => Cell::Null,
        BelowZero::Zero => Cell::Value(0),
    }
}

impl Session {
    /// How many rows of `selection` a shift by `delta` would take below 0 (the rows a refused
    /// [`Action::ShiftOffsets`] is refused for, and an [`Action::ShiftOffsetsClamped`] sets
    /// to null or 0).
    pub fn shift_below_zero(&self, selection: &Selection, delta: i64) -> usize {
        let Ok(rows) = self.resolve(selection, false) else {
            return 0;
        };
        rows.iter()
            .filter_map(|&i| self.rows.get(i))
            .filter(|r| match self.current_of(r) {
                OffsetValue::Value(v) => match v.checked_add(delta) {
                    Some(n) => n < 0,
                    None => delta < 0,
                },
                _ => false,
            })
            .count()
    }

    /// THE reducer: applies one action. A refused action leaves the state untouched.
    pub fn apply(&mut self, action: Action) -> Result<Outcome, EditError> {
        match action {
            Action::Undo => self.undo(),
            Action::Redo => {
                let Some(action) = self.redo.pop() else {
                    return Err(EditError::new("Nothing to redo."));
                };
                match self.perform(action.clone()) {
                    Ok(mut out) => {
                        out.message = format!("Redone: {}", out.message);
                        Ok(out)
                    }
                    Err(e) => {
                        self.redo.push(action);
                        Err(e)
                    }
                }
            }
            other => {
                let out = self.perform(other)?;
                if out.changed > 0 || out.message.starts_with("Export scope") {
                    self.redo.clear();
                }
                Ok(out)
            }
        }
    }

    pub(super) fn select_filter(&self, filter: &Filter, include_removed: bool) -> Vec<usize> {
        let kind = self.kind();
        self.rows
            .iter()
            .enumerate()
            .filter(|(_, r)| include_removed || !r.removed)
            .filter(|(_, r)| {
                self.entry_of(r).is_some_and(|e| {
                    filter.is_empty()
                        || filter.matches(&EntryFacts::of(kind, e, self.changed_of(r)))
                })
            })
            .map(|(i, _)| i)
            .collect()
    }

    /// Resolves a selection into ascending, distinct row indices.
    fn resolve(
        &self,
        selection: &Selection,
        include_removed: bool,
    ) -> Result<Vec<usize>, EditError> {
        let mut rows = match selection {
            Selection::All => self.select_filter(&Filter::all(), include_removed),
            Selection::Filter(f) if f.needs_range() => {
                return Err(EditError::new(
                    "A range: filter needs the log ranges, which the session does not hold: select the rows with set_from::selection_for (the page and the CLI do). Nothing was changed.",
                ));
            }
            Selection::Filter(f) => self.select_filter(f, include_removed),
            Selection::Rows(rows) => {
                for &i in rows {
                    self.check_row(i, include_removed)?;
                }
                rows.clone()
            }
            Selection::Keys(keys) => {
                let mut index: HashMap<PartitionKey, usize> = HashMap::new();
                for (i, r) in self.rows.iter().enumerate() {
                    if (include_removed || !r.removed)
                        && let Some(k) = self.entry_of(r).and_then(Entry::key)
                    {
                        index.entry(k).or_insert(i);
                    }
                }
                let mut out = Vec::with_capacity(keys.len());
                for k in keys {
                    match index.get(k) {
                        Some(&i) => out.push(i),
                        None => {
                            return Err(EditError::new(format!(
                                "Partition {k} is not listed; add it first (only listed partitions can be edited). Nothing was changed."
                            )));
                        }
                    }
                }
                out
            }
        };
        rows.sort_unstable();
        rows.dedup();
        Ok(rows)
    }

    /// The rows [`Action::KeepLastDuplicates`] removes: every row (not removed) whose partition
    /// a later row has too, or, for a sink connector, whose topic partition a later row names.
    fn earlier_duplicates(&self) -> Vec<usize> {
        let mut rows = self.repeated(true);
        rows.reverse();
        rows
    }

    /// The rows (not removed) whose partition an earlier row has too (S7 is reported at them),
    /// in row order: empty once "Keep only the last" has run.
    pub fn repeated_rows(&self) -> Vec<usize> {
        self.repeated(false)
    }

    /// The rows whose partition another row seen before them has, walking the rows backwards
    /// (`backwards`) or forwards.
    fn repeated(&self, backwards: bool) -> Vec<usize> {
        let mut live: Vec<(usize, Entry)> = self
            .rows
            .iter()
            .enumerate()
            .filter(|(_, r)| !r.removed)
            .filter_map(|(i, r)| self.materialise(r).map(|e| (i, e)))
            .collect();
        if backwards {
            live.reverse();
        }
        let mut index = crate::model::KeyIndex::with_capacity(live.len());
        let mut topic_partitions: std::collections::HashSet<(String, i64)> =
            std::collections::HashSet::new();
        let sink = self.kind() == ConnectorKind::Sink;
        let mut repeated = Vec::new();
        for (i, e) in &live {
            let mut seen = index
                .probe(e)
                .is_some_and(|probe| index.insert_first(probe, *i).is_some());
            if sink && let Some(tp) = crate::checking::validate::sink_topic_partition(e) {
                seen |= !topic_partitions.insert(tp);
            }
            if seen {
                repeated.push(*i);
            }
        }
        repeated
    }

    fn check_row(&self, i: usize, include_removed: bool) -> Result<(), EditError> {
        match self.rows.get(i) {
            None => Err(EditError::new(format!(
                "There is no row {i} (the session has {} rows). Nothing was changed.",
                self.rows.len()
            ))),
            Some(r) if r.removed && !include_removed => Err(EditError::new(format!(
                "{} was removed from the alter set; restore it before editing it. Nothing was changed.",
                self.describe(i)
            ))),
            Some(_) => Ok(()),
        }
    }

    fn settable(&self, i: usize) -> Result<(), EditError> {
        let Some(row) = self.rows.get(i) else {
            return self.check_row(i, false);
        };
        let readable = match (row.edited, &row.origin) {
            (None, RowOrigin::Imported(b)) => {
                matches!(self.base.get(*b), Some(OffsetValue::Value(_)))
            }
            (None, RowOrigin::Added(_)) => true,
            (Some(_), _) => self
                .entry_of(row)
                .is_some_and(|e| matches!(read_offset(self.kind(), e), OffsetValue::Value(_))),
        };
        if self.kind() == ConnectorKind::Generic && !readable {
            return Err(EditError::new(format!(
                "{}: this connector's offset format is connector-defined and the entry has no single integer field to set; only null or restore are possible. Nothing was changed.",
                self.describe(i)
            )));
        }
        Ok(())
    }

    /// Computes every new cell first (refusing atomically), then commits the changed ones.
    fn commit_cells(
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
                && cell != row.cell
            {
                planned.push((i, cell));
            }
        }
        let mut runs: Vec<Run> = Vec::new();
        for &(i, cell) in &planned {
            let Some(row) = self.rows.get_mut(i) else {
                continue;
            };
            let before = match (row.cell, cell) {
                (Cell::Value(b), Cell::Value(a)) => match a.checked_sub(b) {
                    Some(d) => Before::Delta(d),
                    None => Before::Same(row.cell),
                },
                (prev, _) => Before::Same(prev),
            };
            row.cell = cell;
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

    fn perform(&mut self, action: Action) -> Result<Outcome, EditError> {
        let kind = self.kind();
        let mut notes = Vec::new();
        let (rows, include_removed) = match &action {
            Action::SetOffset { row, .. }
            | Action::SetNull { row }
            | Action::SetEntry { row, .. } => (vec![*row], false),
            Action::Restore { row } => (vec![*row], true),
            Action::SetOffsets { selection, .. }
            | Action::ShiftOffsets { selection, .. }
            | Action::NullOffsets { selection }
            | Action::ResumeAt { selection, .. }
            | Action::ReplayPartitions { selection }
            | Action::RemoveEntries { selection }
            | Action::ShiftOffsetsClamped { selection, .. }
            | Action::SetFromReference { selection, .. } => {
                (self.resolve(selection, false)?, false)
            }
            Action::RestoreOffsets { selection } => (self.resolve(selection, true)?, true),
            Action::KeepLastDuplicates => (self.earlier_duplicates(), false),
            Action::SetEach { changes } => {
                let mut rows = Vec::with_capacity(changes.len());
                for &(i, _) in changes {
                    self.check_row(i, false)?;
                    rows.push(i);
                }
                // A row named twice takes its last value (the map below keeps the last).
                rows.sort_unstable();
                rows.dedup();
                (rows, false)
            }
            Action::AddEntries { .. }
            | Action::AddUnlisted { .. }
            | Action::SetScope { .. }
            | Action::Undo
            | Action::Redo => (Vec::new(), false),
        };
        for &i in &rows {
            self.check_row(i, include_removed)?;
        }
        let negative = |s: &Session, i: usize, v: i64| -> Result<(), EditError> {
            if v < 0 {
                Err(EditError::new(format!(
                    "{}: offset {v} is negative; offsets are whole numbers between 0 and 9223372036854775807. Nothing was changed.",
                    s.describe(i)
                )))
            } else {
                Ok(())
            }
        };
        let mut step = Step {
            action: action.clone(),
            runs: Vec::new(),
            removed: Vec::new(),
            entries: Vec::new(),
            truncate_to: None,
            scope: None,
        };
        let changed;
        let message;
        match &action {
            Action::SetOffset { offset, .. } | Action::SetOffsets { offset, .. } => {
                let offset = *offset;
                let (n, runs) = self.commit_cells(&rows, |s, i, _| {
                    negative(s, i, offset)?;
                    s.settable(i)?;
                    Ok(Some(Cell::Value(offset)))
                })?;
                step.runs = runs;
                changed = n;
                message = format!("Set {n} offset(s) to {offset}.");
            }
            Action::SetNull { .. }
            | Action::NullOffsets { .. }
            | Action::ReplayPartitions { .. } => {
                if matches!(action, Action::ReplayPartitions { .. })
                    && !matches!(kind, ConnectorKind::MirrorSource | ConnectorKind::Sink)
                {
                    return Err(EditError::new(format!(
                        "Replaying a partition is defined for MirrorSourceConnector and sink connectors; this is a {}. Set the offset to null instead.",
                        kind.label()
                    )));
                }
                let (n, runs) = self.commit_cells(&rows, |_, _, _| Ok(Some(Cell::Null)))?;
                step.runs = runs;
                changed = n;
                message = format!("Set {n} offset(s) to null.");
                notes.push(null_meaning(kind, self.reset()));
            }
            Action::Restore { .. } | Action::RestoreOffsets { .. } => {
                let mut removed_flags = Vec::new();
                let mut added_removed = 0;
                for &i in &rows {
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
                        step.entries.push((i, r.edited, r.cell));
                        r.edited = None;
                    }
                }
                let (_, runs) =
                    self.commit_cells(&imported_rows, |_, _, _| Ok(Some(Cell::Imported)))?;
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
                changed = touched.len();
                message = format!("Restored {changed} row(s) to their imported state.");
                if added_removed > 0 {
                    notes.push(format!(
                        "{added_removed} added row(s) have no imported value and were removed."
                    ));
                }
            }
            Action::ShiftOffsets { delta, .. } => {
                let delta = *delta;
                let mut skipped = 0usize;
                let (n, runs) = self.commit_cells(&rows, |s, i, current| match current {
                    OffsetValue::Value(v) => match v.checked_add(delta) {
                        Some(r) if r >= 0 => Ok(Some(Cell::Value(r))),
                        Some(r) => Err(EditError::new(format!(
                            "{}: shifting offset {v} by {delta} gives {r}, below 0. Offsets cannot be negative; the whole shift was refused and nothing was changed.",
                            s.describe(i)
                        ))),
                        None => Err(EditError::new(format!(
                            "{}: shifting offset {v} by {delta} overflows the largest offset 9223372036854775807{}; the whole shift was refused and nothing was changed.",
                            s.describe(i),
                            if delta < 0 { " (or goes below 0)" } else { "" }
                        ))),
                    },
                    OffsetValue::Null | OffsetValue::Unreadable => {
                        skipped += 1;
                        Ok(None)
                    }
                })?;
                step.runs = runs;
                changed = n;
                message = format!("Shifted {n} offset(s) by {delta:+}.");
                if skipped > 0 {
                    notes.push(format!(
                        "{skipped} selected row(s) have no offset (null or unreadable) and were left alone."
                    ));
                }
            }
            Action::ShiftOffsetsClamped {
                delta, below_zero, ..
            } => {
                let (delta, below_zero) = (*delta, *below_zero);
                let (mut skipped, mut clamped) = (0usize, 0usize);
                let (n, runs) = self.commit_cells(&rows, |s, i, current| match current {
                    OffsetValue::Value(v) => match v.checked_add(delta) {
                        Some(r) if r >= 0 => Ok(Some(Cell::Value(r))),
                        // Below 0 (or past the smallest i64, which is below 0 too).
                        Some(_) => Ok(Some(clamp(&mut clamped, below_zero))),
                        None if delta < 0 => Ok(Some(clamp(&mut clamped, below_zero))),
                        None => Err(EditError::new(format!(
                            "{}: shifting offset {v} by {delta} overflows the largest offset 9223372036854775807; the whole shift was refused and nothing was changed.",
                            s.describe(i)
                        ))),
                    },
                    OffsetValue::Null | OffsetValue::Unreadable => {
                        skipped += 1;
                        Ok(None)
                    }
                })?;
                step.runs = runs;
                changed = n;
                message = format!(
                    "Shifted {} offset(s) by {delta:+}; {clamped} that would have gone below 0 set to {}.",
                    n.saturating_sub(clamped),
                    match below_zero {
                        BelowZero::Null => "null",
                        BelowZero::Zero => "0",
                    }
                );
                if clamped > 0 && below_zero == BelowZero::Null {
                    notes.push(null_meaning(kind, self.reset()));
                }
                if skipped > 0 {
                    notes.push(format!(
                        "{skipped} selected row(s) have no offset (null or unreadable) and were left alone."
                    ));
                }
            }
            Action::ResumeAt { record, .. } => {
                let record = *record;
                if record < 0 {
                    return Err(EditError::new(format!(
                        "Record {record} is negative; records are numbered from 0. Nothing was changed."
                    )));
                }
                let cell = match kind {
                    ConnectorKind::MirrorSource if record == 0 => {
                        notes.push(format!("Record 0 is the start of the partition: the offset is set to null (MirrorMaker cannot store -1): MirrorMaker restarts the partition according to auto.offset.reset {}.", self.reset().null_outcome(kind)));
                        Cell::Null
                    }
                    ConnectorKind::MirrorSource => {
                        notes.push(format!(
                            "MirrorMaker resumes at the stored offset + 1, so {} is stored to resume at record {record}.",
                            record - 1
                        ));
                        Cell::Value(record - 1)
                    }
                    ConnectorKind::Sink => {
                        notes.push(format!(
                            "A sink connector's offset is the next record to consume, so {record} is stored."
                        ));
                        Cell::Value(record)
                    }
                    other => {
                        return Err(EditError::new(format!(
                            "Resuming at a record is defined for MirrorSourceConnector and sink connectors; this is a {}. Set the offset directly instead.",
                            other.label()
                        )));
                    }
                };
                let (n, runs) = self.commit_cells(&rows, |_, _, _| Ok(Some(cell)))?;
                step.runs = runs;
                changed = n;
                message = format!("{n} partition(s) will resume at record {record}.");
            }
            Action::SetEach { changes } => {
                let map: HashMap<usize, Option<i64>> = changes.iter().copied().collect();
                let (n, runs) =
                    self.commit_cells(&rows, |s, i, _| match map.get(&i).copied().flatten() {
                        Some(v) => {
                            negative(s, i, v)?;
                            s.settable(i)?;
                            Ok(Some(Cell::Value(v)))
                        }
                        None => Ok(Some(Cell::Null)),
                    })?;
                step.runs = runs;
                changed = n;
                message = format!("Set {n} offset(s).");
            }
            Action::SetEntry { row, value } => {
                let i = *row;
                let Some(current) = self.rows.get(i) else {
                    return Err(EditError::new(format!(
                        "There is no row {i}. Nothing was changed."
                    )));
                };
                if value.as_members().is_none() {
                    return Err(EditError::new(format!(
                        "{}: an entry must be a JSON object with \"partition\" and \"offset\", not {}. Nothing was changed.",
                        self.describe(i),
                        value.type_name()
                    )));
                }
                let now = self.materialise(current);
                if now.as_ref().is_some_and(|e| e.value.same_as(value)) {
                    changed = 0;
                    message = "The entry is unchanged.".into();
                } else {
                    let imported = match current.origin {
                        RowOrigin::Imported(b) => self.imported.entries.get(b),
                        RowOrigin::Added(_) => None,
                    };
                    let back_to_import = imported.is_some_and(|e| e.value.same_as(value));
                    let origin = self
                        .entry_of(current)
                        .map(|e| e.origin.clone())
                        .unwrap_or_default();
                    step.entries.push((i, current.edited, current.cell));
                    let edited = if back_to_import {
                        None
                    } else {
                        let Ok(k) = u32::try_from(self.edited.len()) else {
                            return Err(EditError::new(
                                "Too many entry edits in this session; export and start again. Nothing was changed.",
                            ));
                        };
                        self.edited.push(Entry {
                            value: value.clone(),
                            origin,
                        });
                        Some(k)
                    };
                    if let Some(r) = self.rows.get_mut(i) {
                        r.edited = edited;
                        r.cell = Cell::Imported;
                    }
                    changed = 1;
                    message = if back_to_import {
                        format!("{} is back to its imported entry.", self.describe(i))
                    } else {
                        format!("Changed the entry of {}.", self.describe(i))
                    };
                }
            }
            Action::RemoveEntries { .. } | Action::KeepLastDuplicates => {
                for &i in &rows {
                    if let Some(r) = self.rows.get_mut(i)
                        && !r.removed
                    {
                        r.removed = true;
                        step.removed.push((i, false));
                    }
                }
                changed = step.removed.len();
                message = if matches!(action, Action::KeepLastDuplicates) {
                    format!(
                        "Kept only the last entry of each repeated partition: removed {changed} earlier row(s) from the alter set."
                    )
                } else {
                    format!("Removed {changed} row(s) from the alter set.")
                };
            }
            Action::AddEntries {
                cluster,
                topic,
                partitions,
                offset,
            } => {
                let added = self.add_entries(cluster.as_deref(), topic, partitions, *offset)?;
                step.truncate_to = Some(self.rows.len());
                changed = added.len();
                self.rows.extend(added);
                message = format!(
                    "Added {changed} entr{}.",
                    if changed == 1 { "y" } else { "ies" }
                );
                if offset.is_none() {
                    notes.push(null_meaning(kind, self.reset()));
                }
            }
            Action::SetScope { scope } => {
                step.scope = Some(self.scope);
                changed = usize::from(self.scope != *scope);
                self.scope = *scope;
                message = match scope {
                    ExportScope::ChangedOnly => "Export scope: changed entries only.".into(),
                    ExportScope::All => "Export scope: every entry.".into(),
                };
            }
            Action::SetFromReference { reference, .. } => {
                let plan = crate::editing::set_from::plan(self, &rows, reference)?;
                let cells: HashMap<usize, Cell> = plan.changes.iter().copied().collect();
                let (n, runs) = self.commit_cells(&rows, |_, i, _| Ok(cells.get(&i).copied()))?;
                step.runs = runs;
                changed = n;
                message = format!(
                    "Set {n} offset(s) from {}; {} left as they were.",
                    reference.role.phrase(),
                    plan.missing.len()
                );
                notes.extend(plan.notes(self, &reference.role));
            }
            Action::AddUnlisted { reference } => {
                let plan = crate::editing::set_from::plan(self, &[], reference)?;
                let mut added = Vec::new();
                for add in plan.add_actions() {
                    if let Action::AddEntries {
                        cluster,
                        topic,
                        partitions,
                        offset,
                    } = add
                    {
                        added.extend(self.add_entries(
                            cluster.as_deref(),
                            &topic,
                            &partitions,
                            offset,
                        )?);
                    }
                }
                step.truncate_to = Some(self.rows.len());
                changed = added.len();
                self.rows.extend(added);
                message = format!(
                    "Added {changed} partition(s) of {} as new entries.",
                    reference.role.phrase()
                );
                if plan.unlisted.iter().any(|(_, _, v)| v.is_none()) {
                    notes.push(null_meaning(kind, self.reset()));
                }
            }
            Action::Undo | Action::Redo => {
                return Err(EditError::new("Undo and redo are handled by apply."));
            }
        }
        let mut out = Outcome {
            changed,
            message,
            notes,
        };
        if changed == 0 && rows.is_empty() && !matches!(action, Action::SetScope { .. }) {
            out.message = if matches!(action, Action::KeepLastDuplicates) {
                "No partition appears in more than one entry; nothing changed.".into()
            } else if matches!(action, Action::AddUnlisted { .. }) {
                "Every partition of the reference is already listed; nothing changed.".into()
            } else {
                "No row matches the selection; nothing changed.".into()
            };
        }
        if changed > 0 {
            self.push_step(step, &mut out);
        }
        Ok(out)
    }
}
