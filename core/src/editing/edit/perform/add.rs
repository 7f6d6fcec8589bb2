//! `AddEntries` and `AddUnlisted`: new rows, built by `edit/add.rs` (the partitions given, or
//! the reference's partitions the listing does not have).

use super::Done;
use crate::editing::edit::{Action, Session, Step, messages, null_meaning};
use crate::editing::filter::PartitionSet;
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
        let changed = added.len();
        self.rows.extend(added);
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
        let changed = added.len();
        self.rows.extend(added);
        if plan.unlisted.iter().any(|(_, _, v)| v.is_none()) {
            notes.push(null_meaning(self.kind(), self.reset()));
        }
        Ok((
            changed,
            messages::added_unlisted(changed, &reference.role.phrase()),
        ))
    }
}
