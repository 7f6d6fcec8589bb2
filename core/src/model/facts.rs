//! `EntryFacts`: the cluster, topic and partition of one entry as the connector kind reads
//! them, the facts a filter, a row name and the log-range check look at.

use super::{ConnectorKind, Entry, integer_value, partition_of};
use crate::json::Raw;

/// What a filter looks at in one entry. Fields are `None` when the connector kind has no such
/// notion (a heartbeat entry has no topic) or the entry is malformed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct EntryFacts<'a> {
    pub cluster: Option<&'a str>,
    pub topic: Option<&'a str>,
    pub partition: Option<i64>,
    pub changed: bool,
}

impl<'a> EntryFacts<'a> {
    /// Reads cluster, topic and partition from an entry according to the connector kind
    /// (`cluster`/`topic`/`partition`, or `kafka_topic`/`kafka_partition` for sinks).
    pub fn of(kind: ConnectorKind, entry: &'a Entry, changed: bool) -> EntryFacts<'a> {
        EntryFacts::of_raw(kind, entry.raw(), changed)
    }

    /// [`EntryFacts::of`] over the read view of an entry element (a tree's or a tape's): the
    /// same facts (issue 33).
    pub fn of_raw(kind: ConnectorKind, entry: Raw<'a>, changed: bool) -> EntryFacts<'a> {
        let Some(p) = partition_of(entry) else {
            return EntryFacts {
                changed,
                ..EntryFacts::default()
            };
        };
        let s = |k: &str| p.get(k).and_then(Raw::as_str);
        let n = |k: &str, strings: bool| p.get(k).and_then(|v| integer_value(v, strings));
        match kind {
            ConnectorKind::Sink => EntryFacts {
                cluster: None,
                topic: s("kafka_topic"),
                partition: n("kafka_partition", true),
                changed,
            },
            ConnectorKind::MirrorHeartbeat => EntryFacts {
                cluster: s("sourceClusterAlias"),
                topic: None,
                partition: None,
                changed,
            },
            _ => EntryFacts {
                cluster: s("cluster"),
                topic: s("topic"),
                partition: n("partition", false),
                changed,
            },
        }
    }
}
