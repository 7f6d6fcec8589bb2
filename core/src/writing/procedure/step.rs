//! The step the transports and the shared steps make (`RawStep`) and the words they share: a leaf
//! under `build` (which picks the transport), `sequence`, `kube`, `kube_transport` and `rest`,
//! so none of them imports another for it.

use super::AutoOffsetReset;

#[derive(Debug, Clone)]
pub(crate) struct RawStep {
    pub(crate) title: String,
    pub(crate) comment: Vec<String>,
    pub(crate) body: String,
    pub(crate) example: Option<String>,
}

pub(super) fn step(title: impl Into<String>, comment: &[String], body: String) -> RawStep {
    RawStep {
        title: title.into(),
        comment: comment.to_vec(),
        body,
        example: None,
    }
}

impl RawStep {
    pub(super) fn with_example(mut self, example: String) -> RawStep {
        self.example = Some(example);
        self
    }
}

/// The commands of `steps`, one after the other: how a step runs another operation's steps as
/// part of its own (a create's reset of the old offsets runs the reset's, `sequence`).
pub(super) fn commands(steps: &[RawStep]) -> String {
    steps
        .iter()
        .map(|s| s.body.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Said where a procedure leaves the connector stopped on purpose.
pub(super) const LEFT_STOPPED: &str = "Nothing was altered. The connector is left STOPPED, so its offsets stay where they are while you redo the edits.";

pub(super) const CURL: &str = "curl -sS --fail-with-body -w '\\n'";
pub(super) const WARNINGS: &str =
    r#"{range .status.conditions[?(@.type=="Warning")]}{.reason}: {.message}{"\n"}{end}"#;

pub(super) fn auto_offset_reset_note(v: AutoOffsetReset) -> &'static str {
    match v {
        AutoOffsetReset::Latest => {
            "With latest, a partition that has no stored offset (a new partition, one whose offset was set to null, or every partition after a reset) starts at its end: records written to it before the connector first sees it are never mirrored. This gives up MirrorMaker's at-least-once guarantee for those partitions; use it only when losing those records is acceptable."
        }
        AutoOffsetReset::Earliest => {
            "With earliest, MirrorMaker's default, a partition that has no stored offset (a new partition, one whose offset was set to null, or every partition after a reset) is mirrored from its first record, which keeps the at-least-once guarantee."
        }
    }
}
