//! References: offsets the user fetched from the cluster, one value per (topic, partition), with
//! what they mean (docs/rules.md, REF1–REF9). Read from the output of `kafka-get-offsets.sh`
//! (`topic:partition:offset`, read from the right), an rpk `TOPIC PARTITION OFFSET` file, a
//! `kafka-consumer-groups.sh --describe` table (CURRENT-OFFSET and LOG-END-OFFSET) or the
//! consumer-groups CSV (`topic,partition,offset` / `group,topic,partition,offset`).
//!
//! The format is detected from the first meaningful line; CRLF line ends and blank lines are
//! accepted, and every line that does not fit is a located diagnostic (rule `REF*`) that quotes
//! the line and says how to fix it. A reference is built whatever is wrong, so the page can show
//! every problem at once; [`Reference::is_usable`] says whether it may be used.
//!
//! Every value is a **position**: the next record to read (the earliest offset, the log end, the
//! first offset at or after a time, a group's committed offset). What a connector kind stores
//! for a position is `set_from`'s business, what a stored offset resumes at is `log_range`'s.
//!
//! Duplicates: the same (topic, partition) twice with the same value is a warning (REF7; two
//! pasted outputs overlap, harmless, one is kept); with different values it is an error (REF6):
//! the outputs were taken at different moments or from different clusters, and nothing says
//! which one is right.

mod checkpoints;
mod detect;
mod fill;
mod index;
mod parse;
#[cfg(test)]
mod tests;

pub use checkpoints::is_checkpoints;
pub use fill::Filled;
pub(crate) use index::FastMap;
pub use parse::parse_reference;

use crate::diag::Diagnostic;
use crate::model::names;

/// Every rule id a reference can report.
pub const RULE_IDS: &[&str] = &[
    "REF1", "REF2", "REF3", "REF4", "REF5", "REF6", "REF7", "REF8", "REF9",
];

/// What a reference's values are.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Role {
    /// The log start of each partition (`--time -2`).
    Earliest,
    /// The log end of each partition (`--time -1`; LOG-END-OFFSET of a describe table).
    Latest,
    /// The first offset whose record timestamp is at or after a time (`--time MS`); the time,
    /// in epoch milliseconds, when the user gave it.
    Time { at_ms: Option<i64> },
    /// A consumer group's committed offsets (CURRENT-OFFSET of a describe table, or the CSV).
    Group { name: Option<String> },
}

impl Role {
    /// `earliest`, `latest`, `time`, `group`: the names the CLI's `ROLE=REF` takes.
    pub fn id(&self) -> &'static str {
        match self {
            Role::Earliest => "earliest",
            Role::Latest => "latest",
            Role::Time { .. } => "time",
            Role::Group { .. } => "group",
        }
    }

    /// A role from its id (a time or a group name is added by the caller).
    pub fn from_id(id: &str) -> Option<Role> {
        match id {
            "earliest" => Some(Role::Earliest),
            "latest" => Some(Role::Latest),
            "time" => Some(Role::Time { at_ms: None }),
            "group" => Some(Role::Group { name: None }),
            _ => None,
        }
    }

    /// How messages name the reference: "the earliest offsets", "the offsets at
    /// 2026-11-30T12:00:00Z", "group connect-sink's committed offsets".
    pub fn phrase(&self) -> String {
        match self {
            Role::Earliest => "the earliest offsets".into(),
            Role::Latest => "the latest offsets".into(),
            Role::Time { at_ms: Some(ms) } => {
                format!(
                    "the offsets at {}",
                    crate::reading::datetime::format_utc(*ms)
                )
            }
            Role::Time { at_ms: None } => "the offsets at the requested time".into(),
            Role::Group { name: Some(g) } => {
                format!("group {}'s committed offsets", names::shown(g))
            }
            Role::Group { name: None } => "the group's committed offsets".into(),
        }
    }
}

/// The text form a reference was read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReferenceFormat {
    /// `kafka-get-offsets.sh`: `topic:partition:offset`.
    GetOffsets,
    /// `rpk group seek --to-file`: `TOPIC PARTITION OFFSET`.
    Rpk,
    /// `kafka-consumer-groups.sh --describe`.
    Describe,
    /// `kafka-consumer-groups.sh --reset-offsets --export`.
    Csv,
    /// MirrorMaker 2's checkpoints (CheckpointFormatter): a group's translated offsets.
    Checkpoints,
}

impl ReferenceFormat {
    pub fn label(self) -> &'static str {
        match self {
            ReferenceFormat::GetOffsets => "kafka-get-offsets.sh output",
            ReferenceFormat::Rpk => "rpk TOPIC PARTITION OFFSET file",
            ReferenceFormat::Describe => "kafka-consumer-groups.sh --describe table",
            ReferenceFormat::Csv => "consumer-groups CSV",
            ReferenceFormat::Checkpoints => "MirrorMaker 2 checkpoints (CheckpointFormatter)",
        }
    }
}

/// One partition of a reference.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReferenceValue {
    pub topic: String,
    pub partition: i64,
    /// The position for the reference's role; `None` when the source printed none (`-` in a
    /// describe table, an empty or `-1` offset from `kafka-get-offsets.sh`: no record after
    /// the time).
    pub offset: Option<i64>,
    /// LOG-END-OFFSET of a describe table, whatever the role: an upper bound of the log.
    pub log_end: Option<i64>,
    /// 1-based line in the reference text.
    pub line: u32,
}

/// A parsed reference. See the module documentation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reference {
    pub role: Role,
    /// `None` when no line could be read.
    pub format: Option<ReferenceFormat>,
    /// In input order, each partition once (the first of equal duplicates).
    pub values: Vec<ReferenceValue>,
    /// Everything wrong or worth knowing, positioned in the reference text.
    pub diagnostics: Vec<Diagnostic>,
    /// Topic name -> topic id, and (topic id, partition) -> index in `values`.
    topics: FastMap<String, u32>,
    index: FastMap<(u32, i64), u32>,
}
