//! Key-by-key edits of an entry's partition or offset map (generic connectors), and the short
//! description of an entry used in messages.

use crate::json::JsonValue;
use crate::model::EntryFacts;
use crate::model::{ConnectorKind, Entry};

/// Which map of an entry a field belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MapSide {
    Partition,
    Offset,
}

impl MapSide {
    /// The entry's key holding this map.
    pub fn key(self) -> &'static str {
        match self {
            MapSide::Partition => "partition",
            MapSide::Offset => "offset",
        }
    }
}

/// The JSON of `entry` with field `key` of its partition or offset map set to `value`, or
/// removed (`None`): what [`Action::SetEntry`](super::Action::SetEntry) stores when one
/// key/value cell is edited. Every other key, its order and its number text are kept. Setting a
/// field of a null (or missing) offset creates the offset map.
pub fn with_field(
    entry: &Entry,
    side: MapSide,
    key: &str,
    value: Option<JsonValue>,
) -> Result<JsonValue, String> {
    entry.with_field(side.key(), key, value)
}

/// `east/orders:0` (MirrorSourceConnector), `events:2` (sink), else the partition map.
pub fn describe_entry(kind: ConnectorKind, entry: &Entry) -> String {
    let f = EntryFacts::of(kind, entry, false);
    match (kind, f.cluster, f.topic, f.partition) {
        (ConnectorKind::MirrorSource, Some(c), Some(t), Some(p)) => format!("{c}/{t}:{p}"),
        (ConnectorKind::Sink | ConnectorKind::MirrorCheckpoint, _, Some(t), Some(p)) => {
            format!("{t}:{p}")
        }
        _ => match entry.key() {
            Some(k) => k.to_string(),
            None => "an entry without a partition".to_string(),
        },
    }
}
