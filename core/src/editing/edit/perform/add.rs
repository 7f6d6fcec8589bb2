//! `AddEntries` and `AddUnlisted`: new rows, built by `edit/add.rs` (the partitions given, or
//! the reference's partitions the listing does not have).

use super::Done;
use crate::editing::edit::{Action, Cell, EditError, Row, Session, Step, messages, null_meaning};
use crate::editing::filter::PartitionSet;
use crate::model::Entry;
use crate::reading::reference::Reference;

impl Session {
    pub(super) fn add(
        &mut self,
        cluster: Option<&str>,
        topic: &str,
        partitions: &PartitionSet,
        offset: Option<i64>,
        step: &mut Step,
        notes: &mut Vec<String>,
    ) -> Done {
        let added = self.add_entries(cluster, topic, partitions, offset)?;
        step.truncate_to = Some(self.rows.len());
        let changed = self.add_rows(added)?;
        if offset.is_none() {
            notes.push(null_meaning(self.kind(), self.reset()));
        }
        Ok((changed, messages::added(changed)))
    }

    pub(super) fn add_unlisted(
        &mut self,
        reference: &Reference,
        step: &mut Step,
        notes: &mut Vec<String>,
    ) -> Done {
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
                added.extend(self.add_entries(cluster.as_deref(), &topic, &partitions, offset)?);
            }
        }
        step.truncate_to = Some(self.rows.len());
        let changed = self.add_rows(added)?;
        if plan.unlisted.iter().any(|(_, _, v)| v.is_none()) {
            notes.push(null_meaning(self.kind(), self.reset()));
        }
        Ok((
            changed,
            messages::added_unlisted(changed, &reference.role.phrase()),
        ))
    }

    /// Appends a row for each new entry (the session holds it), with its offset cell; the
    /// number of rows added. All or none: past `u32::MAX` held entries, none.
    fn add_rows(&mut self, added: Vec<(Entry, Cell)>) -> Result<usize, EditError> {
        let count = added.len();
        if !self.can_hold(count) {
            return Err(EditError::new(messages::too_many_added()));
        }
        self.rows.reserve(count);
        for (entry, cell) in added {
            let Some(id) = self.hold(entry) else {
                return Err(EditError::new(messages::too_many_added()));
            };
            self.rows.push(Row::added(id, cell));
        }
        Ok(count)
    }
}
