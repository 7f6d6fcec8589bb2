//! "Fail over consumer groups" on the empty page (issue 37, item 2): the pasted checkpoints
//! (CheckpointFormatter output of the target's `SOURCE.checkpoints.internal`), the groups and
//! topics chosen (globs), and the target's bootstrap address. Core reads and plans
//! (`writing::groups`) and writes the `--from-file` CSV and the failover script
//! (`writing::groups_script`); the page renders a table per group and the two exports.

mod error;

pub use error::ScriptError;

use crate::editor::Editor;
use crate::reading::checkpoints::parse_checkpoints;
use crate::reading::reference::{Reference, Role, parse_reference};
use crate::writing::groups::{GroupsOptions, ResetPlan, plan};
use crate::writing::groups_checks::{TargetFacts, check_target};

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
    /// The target's earliest offsets (`kafka-get-offsets.sh --time -2`), optional: CK8.
    LogStart,
    /// The target's latest offsets (`kafka-get-offsets.sh --time -1`), optional: CK7.
    LogEnd,
    /// The groups' committed offsets on the target (`kafka-consumer-groups.sh --describe`,
    /// one table a group, pasted one after the other), optional: CK9.
    Current,
    /// `"true"`: a group ahead on the target may be moved back (CK9 a warning).
    Rewind,
}

/// The form's fields as typed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FailoverForm {
    pub text: String,
    pub groups: String,
    pub topics: String,
    pub bootstrap: String,
    pub log_start: String,
    pub log_end: String,
    pub current: String,
    pub rewind: bool,
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
            FailoverField::LogStart => &self.log_start,
            FailoverField::LogEnd => &self.log_end,
            FailoverField::Current => &self.current,
            FailoverField::Rewind => {
                if self.rewind {
                    "true"
                } else {
                    ""
                }
            }
        }
    }

    /// [`crate::editor::ImportAction::SetFailover`].
    pub(in crate::editor) fn set(&mut self, field: FailoverField, value: String) {
        match field {
            FailoverField::Text => self.text = value,
            FailoverField::Groups => self.groups = value,
            FailoverField::Topics => self.topics = value,
            FailoverField::Bootstrap => self.bootstrap = value,
            FailoverField::LogStart => self.log_start = value,
            FailoverField::LogEnd => self.log_end = value,
            FailoverField::Current => self.current = value,
            FailoverField::Rewind => self.rewind = value == "true",
        }
    }

    /// The target's references that are pasted, each read with its role; a describe text with
    /// several groups' tables is read a table at a time (a reference is one group's).
    fn target_references(&self) -> (Option<Reference>, Option<Reference>, Vec<Reference>) {
        let read =
            |text: &str, role: Role| (!text.trim().is_empty()).then(|| parse_reference(text, role));
        let mut current = Vec::new();
        let mut table = String::new();
        for line in self.current.lines() {
            if line.trim_start().starts_with("GROUP") && !table.trim().is_empty() {
                current.push(parse_reference(&table, Role::Group { name: None }));
                table.clear();
            }
            table.push_str(line);
            table.push('\n');
        }
        if !table.trim().is_empty() {
            current.push(parse_reference(&table, Role::Group { name: None }));
        }
        (
            read(&self.log_start, Role::Earliest),
            read(&self.log_end, Role::Latest),
            current,
        )
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
        let mut p = plan(&parse_checkpoints(&self.text), &options);
        let (earliest, latest, current) = self.target_references();
        // A reference that cannot be read is said, not silently left out of the checks.
        for (name, r) in [("earliest", earliest.as_ref()), ("latest", latest.as_ref())]
            .into_iter()
            .chain(current.iter().map(|r| ("group", Some(r))))
        {
            if let Some(r) = r.filter(|r| !r.is_usable()) {
                let first = r
                    .diagnostics
                    .iter()
                    .find(|d| d.severity == crate::diag::Severity::Error);
                // Its line is in its own box, not the checkpoints': no position here.
                p.diagnostics.push(crate::diag::Diagnostic::error(
                    "CK6",
                    crate::diag::Position::NONE,
                    format!(
                        "The target's {name} offsets could not be read: {}",
                        first.map_or_else(
                            || "see their format".to_owned(),
                            |d| format!("line {}: {}", d.position.line, d.message)
                        )
                    ),
                ));
            }
        }
        let usable = |r: &Option<Reference>| r.clone().filter(Reference::is_usable);
        let (earliest, latest) = (usable(&earliest), usable(&latest));
        let current: Vec<Reference> = current.into_iter().filter(Reference::is_usable).collect();
        check_target(
            &mut p,
            &TargetFacts {
                earliest: earliest.as_ref(),
                latest: latest.as_ref(),
                current: &current,
                rewind: self.rewind,
            },
        );
        Some(p)
    }

    /// The failover script of `plan`, or why there is none (no bootstrap address, or one that
    /// is not usable, or a plan with errors).
    pub fn script(&self, plan: &ResetPlan) -> Result<String, ScriptError> {
        if plan.has_errors() {
            return Err(ScriptError::PlanErrors);
        }
        if self.bootstrap.trim().is_empty() {
            return Err(ScriptError::NoBootstrap);
        }
        crate::writing::groups_script::failover_script(plan, self.bootstrap.trim(), None)
            .map_err(ScriptError::Script)
    }
}

impl Editor {
    pub fn failover_form(&self) -> &FailoverForm {
        &self.import.failover
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::editor::EditorAction;
    use crate::editor::ImportAction;

    #[test]
    fn the_form_plans_and_writes_both_exports() {
        let mut e = Editor::new();
        e.apply(EditorAction::Import(ImportAction::SetFailover(
            FailoverField::Text,
            "Checkpoint{consumerGroupId=billing, topicPartition=east.orders-0, upstreamOffset=50, downstreamOffset=48, metadata=}\nCheckpoint{consumerGroupId=audit, topicPartition=east.orders-0, upstreamOffset=9, downstreamOffset=9, metadata=}\n".into(),
        )));
        e.apply(EditorAction::Import(ImportAction::SetFailover(
            FailoverField::Groups,
            "bill*".into(),
        )));
        let p = e.failover_form().plan().unwrap_or_default();
        assert_eq!(p.csv(), "east.orders,0,48\n");
        assert!(e.failover_form().script(&p).is_err());
        e.apply(EditorAction::Import(ImportAction::SetFailover(
            FailoverField::Bootstrap,
            "west:9092".into(),
        )));
        let script = e.failover_form().script(&p).unwrap_or_default();
        assert!(script.contains("group='billing'"), "{script}");
        // The target's group is ahead: an error until moving it back is chosen.
        e.apply(EditorAction::Import(ImportAction::SetFailover(
            FailoverField::Current,
            "GROUP TOPIC PARTITION CURRENT-OFFSET LOG-END-OFFSET LAG CONSUMER-ID HOST CLIENT-ID\nbilling east.orders 0 60 100 40 - - -\n".into(),
        )));
        let p = e.failover_form().plan().unwrap_or_default();
        assert!(
            p.diagnostics
                .iter()
                .any(|d| d.rule == "CK9" && d.severity == crate::diag::Severity::Error)
        );
        e.apply(EditorAction::Import(ImportAction::SetFailover(
            FailoverField::Rewind,
            "true".into(),
        )));
        assert!(!e.failover_form().plan().unwrap_or_default().has_errors());
        e.apply(EditorAction::Import(ImportAction::SetFailover(
            FailoverField::LogEnd,
            "east.orders:0:x\n".into(),
        )));
        let p = e.failover_form().plan().unwrap_or_default();
        assert!(
            p.diagnostics.iter().any(|d| d.rule == "CK6"
                && d.message
                    .starts_with("The target's latest offsets could not be read")),
            "{:?}",
            p.diagnostics
        );
    }
}
