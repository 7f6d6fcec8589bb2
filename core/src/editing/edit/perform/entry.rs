//! `SetEntry`: a row's whole entry replaced by a JSON object (back to the imported entry when
//! it equals it).

use super::Done;
use crate::editing::edit::{Cell, EditError, RowOrigin, Session, Step, messages};
use crate::json::JsonValue;
use crate::model::Entry;

impl Session {
    pub(super) fn set_entry(&mut self, i: usize, value: &JsonValue, step: &mut Step) -> Done {
        let Some(current) = self.rows.get(i) else {
            return Err(EditError::new(messages::no_row(i)));
        };
        if value.as_members().is_none() {
            return Err(EditError::new(messages::entry_not_an_object(
                &self.describe(i),
                value.type_name(),
            )));
        }
        let now = self.materialise(current);
        if now.as_ref().is_some_and(|e| e.raw().same_as(value.raw())) {
            return Ok((0, messages::entry_unchanged()));
        }
        let imported = match current.origin {
            RowOrigin::Imported(b) => self.imported.entries.get(b as usize),
            RowOrigin::Added(_) => None,
        };
        let back_to_import = imported.is_some_and(|e| e.raw().same_as(value.raw()));
        let origin = self
            .entry_of(current)
            .map(|e| e.origin())
            .unwrap_or_default();
        step.entries.push((i, current.edited, current.cell()));
        let edited = if back_to_import {
            None
        } else {
            let Some(k) = self.hold(Entry::from_tree(value.clone(), origin)) else {
                return Err(EditError::new(messages::too_many_entry_edits()));
            };
            Some(k)
        };
        if let Some(r) = self.rows.get_mut(i) {
            r.edited = edited;
            r.set_cell(Cell::Imported);
        }
        let message = if back_to_import {
            messages::entry_back_to_import(&self.describe(i))
        } else {
            messages::entry_changed(&self.describe(i))
        };
        Ok((1, message))
    }
}
