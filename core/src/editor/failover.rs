//! "Fail over consumer groups" on the empty page (issue 37, item 2): the pasted checkpoints
//! (CheckpointFormatter output of the target's `SOURCE.checkpoints.internal`), the groups and
//! topics chosen (globs), and the target's bootstrap address. Core reads and plans
//! (`writing::groups`) and writes the `--from-file` CSV and the failover script
//! (`writing::groups_script`); the page renders a table per group and the two exports.

use super::Editor;
use crate::reading::checkpoints::parse_checkpoints;
use crate::writing::groups::{GroupsOptions, ResetPlan, plan};

/// A field of the form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FailoverField {
    /// The checkpoints as the console consumer printed them.
    Text,
    /// Consumer groups, globs separated by spaces or commas (empty: all).
    Groups,
    /// Topics as the target names them, globs (empty: all).
    Topics,
    /// `HOST:PORT[,HOST:PORT...]` of the target cluster, for the script.
    Bootstrap,
}

/// The form's fields as typed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FailoverForm {
    pub text: String,
    pub groups: String,
    pub topics: String,
    pub bootstrap: String,
}

/// Globs separated by spaces or commas.
fn globs(text: &str) -> Vec<String> {
    text.split([' ', ',', '\t', '\n'])
        .filter(|g| !g.is_empty())
        .map(str::to_owned)
        .collect()
}

impl FailoverForm {
    pub fn get(&self, field: FailoverField) -> &str {
        match field {
            FailoverField::Text => &self.text,
            FailoverField::Groups => &self.groups,
            FailoverField::Topics => &self.topics,
            FailoverField::Bootstrap => &self.bootstrap,
        }
    }

    fn set(&mut self, field: FailoverField, value: String) {
        match field {
            FailoverField::Text => self.text = value,
            FailoverField::Groups => self.groups = value,
            FailoverField::Topics => self.topics = value,
            FailoverField::Bootstrap => self.bootstrap = value,
        }
    }

    /// The reset plan of the pasted checkpoints; `None` while nothing is pasted.
    pub fn plan(&self) -> Option<ResetPlan> {
        if self.text.trim().is_empty() {
            return None;
        }
        let options = GroupsOptions {
            groups: globs(&self.groups),
            topics: globs(&self.topics),
        };
        Some(plan(&parse_checkpoints(&self.text), &options))
    }

    /// The failover script of `plan`, or why there is none (no bootstrap address, or one that
    /// is not usable, or a plan with errors).
    pub fn script(&self, plan: &ResetPlan) -> Result<String, String> {
        if plan.has_errors() {
            return Err("Fix the errors above first: no script is written for checkpoints that could not all be read.".into());
        }
        if self.bootstrap.trim().is_empty() {
            return Err("Give the target cluster's bootstrap servers (HOST:PORT, as the script's host sees them) for the script.".into());
        }
        crate::writing::groups_script::failover_script(plan, self.bootstrap.trim(), None)
    }
}

impl Editor {
    pub fn failover_form(&self) -> &FailoverForm {
        &self.failover
    }

    /// [`super::EditorAction::SetFailover`].
    pub(super) fn set_failover_field(&mut self, field: FailoverField, value: String) {
        self.failover.set(field, value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::editor::EditorAction;

    #[test]
    fn the_form_plans_and_writes_both_exports() {
        let mut e = Editor::new();
        e.apply(EditorAction::SetFailover(
            FailoverField::Text,
            "Checkpoint{consumerGroupId=billing, topicPartition=east.orders-0, upstreamOffset=50, downstreamOffset=48, metadata=}\nCheckpoint{consumerGroupId=audit, topicPartition=east.orders-0, upstreamOffset=9, downstreamOffset=9, metadata=}\n".into(),
        ));
        e.apply(EditorAction::SetFailover(
            FailoverField::Groups,
            "bill*".into(),
        ));
        let p = e.failover_form().plan().unwrap_or_default();
        assert_eq!(p.csv(), "east.orders,0,48\n");
        assert!(e.failover_form().script(&p).is_err());
        e.apply(EditorAction::SetFailover(
            FailoverField::Bootstrap,
            "west:9092".into(),
        ));
        let script = e.failover_form().script(&p).unwrap_or_default();
        assert!(script.contains("group='billing'"), "{script}");
    }
}
