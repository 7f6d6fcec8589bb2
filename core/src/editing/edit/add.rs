//! The rows of [`Action::AddEntries`] (MirrorMaker 2 source and sink connectors): topic, offset,
//! partition count and source cluster alias checked, and no partition the session already holds;
//! on any error nothing is added.

use super::{Cell, EditError, MAX_ADD, Session, describe_entry};
use crate::editing::filter::PartitionSet;
use crate::model::names;
use crate::model::{ConnectorKind, Entry, PartitionKey};
use std::collections::HashMap;

impl Session {
    pub(super) fn add_entries(
        &self,
        cluster: Option<&str>,
        topic: &str,
        partitions: &PartitionSet,
        offset: Option<i64>,
    ) -> Result<Vec<(Entry, Cell)>, EditError> {
        let kind = self.kind();
        names::check_topic(topic)
            .map_err(|e| EditError::new(format!("{e}. Nothing was added.")))?;
        if let Some(v) = offset
            && v < 0
        {
            return Err(EditError::new(format!(
                "Offset {v} is negative; offsets are whole numbers between 0 and 9223372036854775807. Nothing was added."
            )));
        }
        let Some(list) = partitions.to_vec(MAX_ADD) else {
            return Err(EditError::new(format!(
                "{} partitions is too many to add at once (the limit is {MAX_ADD}). Nothing was added.",
                partitions.count()
            )));
        };
        let cluster = match kind {
            ConnectorKind::MirrorSource => {
                let alias = cluster
                    .map(str::to_string)
                    .or_else(|| self.imported.source_alias().map(str::to_string))
                    .or_else(|| {
                        self.imported
                            .entries
                            .iter()
                            .find_map(|e| e.mirror_partition().map(|m| m.cluster.to_string()))
                    });
                let Some(alias) = alias else {
                    return Err(EditError::new(
                        "Name the source cluster alias of the new entries (the listing does not show it). Nothing was added.",
                    ));
                };
                names::check_alias(&alias)
                    .map_err(|e| EditError::new(format!("{e} Nothing was added.")))?;
                Some(alias)
            }
            ConnectorKind::Sink => None,
            other => {
                return Err(EditError::new(format!(
                    "Adding entries is supported for MirrorSourceConnector and sink connectors; this is a {}.",
                    other.label()
                )));
            }
        };
        let mut existing: HashMap<PartitionKey, usize> = HashMap::new();
        for (i, r) in self.rows.iter().enumerate() {
            if let Some(k) = self.entry_of(r).and_then(Entry::key) {
                existing.entry(k).or_insert(i);
            }
        }
        let mut rows = Vec::with_capacity(list.len());
        for p in list {
            let entry = match &cluster {
                Some(c) => Entry::mirror_source(c, topic, p, None),
                None => Entry::sink(topic, p, None),
            };
            if let Some(&i) = entry.key().as_ref().and_then(|k| existing.get(k)) {
                let removed = self.rows.get(i).is_some_and(|r| r.removed);
                return Err(EditError::new(format!(
                    "{} is already {}; {}. Nothing was added.",
                    describe_entry(kind, &entry),
                    if removed {
                        "in the session but removed"
                    } else {
                        "listed"
                    },
                    if removed {
                        "restore it instead"
                    } else {
                        "edit it instead"
                    }
                )));
            }
            let cell = match offset {
                Some(v) => Cell::Value(v),
                None => Cell::Null,
            };
            rows.push((entry, cell));
        }
        Ok(rows)
    }
}
