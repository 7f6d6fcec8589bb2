//! MirrorMaker 2's checkpoints as a reference (issue 37): CheckpointFormatter output read by
//! [`crate::reading::checkpoints`], one consumer group's translated (downstream) offsets on the
//! target cluster, the position a connector reading the mirrored topics there (a sink connector's
//! group is `connect-NAME`) should start at: `--from checkpoints@GROUP=FILE`, as
//! `group@GROUP=FILE` is a group's committed offsets.

use super::{Reference, ReferenceFormat, ReferenceValue, Role};
use crate::diag::{Diagnostic, Position};
use crate::model::names;
use crate::reading::checkpoints::parse_checkpoints;

/// Whether `text` is CheckpointFormatter output (its first line that is not blank).
pub fn is_checkpoints(text: &str) -> bool {
    text.lines()
        .find(|l| !l.trim().is_empty())
        .is_some_and(|l| l.trim_start().starts_with("Checkpoint{"))
}

/// The reference of `role`'s group (a group role: the only group, or the one it names).
pub(super) fn reference(text: &str, role: Role) -> Reference {
    let c = parse_checkpoints(text);
    let mut r = Reference::empty(role.clone());
    r.format = Some(ReferenceFormat::Checkpoints);
    r.diagnostics = c.diagnostics.clone();
    // The groups in the order they first come (a set keeps a long output linear).
    let mut seen = std::collections::HashSet::new();
    let groups: Vec<&str> = c
        .items
        .iter()
        .map(|ck| ck.group.as_str())
        .filter(|g| seen.insert(*g))
        .collect();
    let listed =
        || crate::diag::some_names(groups.iter().map(|g| names::shown(g)), groups.len(), 10);
    let group = match &role {
        Role::Group { name: Some(g) } => g.clone(),
        Role::Group { name: None } if groups.len() == 1 => {
            groups.first().copied().unwrap_or_default().to_owned()
        }
        Role::Group { name: None } if groups.is_empty() => return r,
        Role::Group { name: None } => {
            r.diagnostics.push(Diagnostic::error(
                "REF9",
                Position::new(1, 1),
                format!("The checkpoints hold {} consumer groups ({}); a reference is one group's. Name it: checkpoints@GROUP=FILE (a sink connector's group is connect-NAME).", groups.len(), listed()),
            ));
            return r;
        }
        other => {
            r.diagnostics.push(Diagnostic::error(
                "REF1",
                Position::new(1, 1),
                format!("These are MirrorMaker 2's checkpoints: a consumer group's translated offsets on the target cluster, not {}. Give them as checkpoints@GROUP=FILE (in the page: A consumer group's committed offsets, with the group's name), or fail the groups over with connect-offsets groups.", other.phrase()),
            ));
            return r;
        }
    };
    let mut found = false;
    for ck in c.items.iter().filter(|ck| ck.group == group) {
        found = true;
        r.insert(ReferenceValue {
            topic: ck.topic.clone(),
            partition: i64::from(ck.partition),
            offset: Some(ck.downstream),
            log_end: None,
            line: ck.pos.line,
        });
    }
    if !found && !c.items.is_empty() {
        r.diagnostics.push(Diagnostic::error(
            "REF9",
            Position::new(1, 1),
            format!(
                "The checkpoints hold no checkpoint of group {}; they name {} group(s): {}.",
                names::shown(&group),
                groups.len(),
                listed()
            ),
        ));
    }
    r.role = Role::Group { name: Some(group) };
    r
}
