//! The checks of a reset plan against what the target cluster says (issue 37, item 3), each
//! optional: its log (`kafka-get-offsets.sh --time -2` / `-1` of the target topics) and each
//! group's committed offsets there (`kafka-consumer-groups.sh --describe --group G`).
//! - CK7 (warning): a downstream offset past the target partition's log end. MirrorMaker 2 has
//!   not mirrored that far, or the topic was created again; the reset tool sets the log end.
//! - CK8 (warning): a downstream offset below the log start: those records are gone on the
//!   target, and the tool sets the log start.
//! - CK9 (error, or a warning with `rewind`): the target group has committed past the plan, so
//!   the reset moves it back and its consumers read those records again.

use super::groups::ResetPlan;
use crate::diag::Diagnostic;
use crate::model::names::shown;
use crate::reading::reference::{Reference, Role};

/// What the target cluster says, as references.
#[derive(Debug, Clone, Copy, Default)]
pub struct TargetFacts<'a> {
    pub earliest: Option<&'a Reference>,
    pub latest: Option<&'a Reference>,
    /// Groups' committed offsets on the target (describe tables), by the group each names.
    pub current: &'a [Reference],
    /// Moving a group back is chosen (`groups --rewind`): CK9 is a warning.
    pub rewind: bool,
}

/// Adds CK7-CK9 to `plan`.
pub fn check_target(plan: &mut ResetPlan, facts: &TargetFacts<'_>) {
    let mut out: Vec<Diagnostic> = Vec::new();
    for g in &plan.groups {
        let current = facts
            .current
            .iter()
            .find(|r| matches!(&r.role, Role::Group { name: Some(n) } if *n == g.group));
        for c in &g.rows {
            let p = i64::from(c.partition);
            let at = format!(
                "{} partition {} of group {}",
                shown(&c.topic),
                c.partition,
                shown(&g.group)
            );
            // A describe table's LOG-END-OFFSET counts as the log end too.
            let end = facts
                .latest
                .and_then(|r| r.log_end(&c.topic, p))
                .or_else(|| current.and_then(|r| r.log_end(&c.topic, p)));
            if let Some(end) = end
                && c.downstream > end
            {
                out.push(Diagnostic::warning(
                    "CK7",
                    c.pos,
                    format!("{at}: the translated offset {} is past the target's log end {end}. MirrorMaker 2 has not mirrored that far yet, or the topic was created again on the target; kafka-consumer-groups.sh sets the log end instead, so records mirrored later are read from there.", c.downstream),
                ));
            }
            if let Some(start) = facts.earliest.and_then(|r| r.offset(&c.topic, p))
                && c.downstream < start
            {
                out.push(Diagnostic::warning(
                    "CK8",
                    c.pos,
                    format!("{at}: the translated offset {} is below the target's log start {start}: records {}…{} are gone there (retention), and kafka-consumer-groups.sh sets the log start instead.", c.downstream, c.downstream, start - 1),
                ));
            }
            if let Some(now) = current.and_then(|r| r.offset(&c.topic, p))
                && now > c.downstream
            {
                let (severity, choice) = if facts.rewind {
                    (crate::diag::Severity::Warning, "chosen with --rewind")
                } else {
                    (crate::diag::Severity::Error, "reset only with --rewind")
                };
                out.push(Diagnostic::new(
                    "CK9",
                    severity,
                    c.pos,
                    format!("{at}: the group has committed {now} on the target, past the translated offset {}: the reset moves it back, and its consumers read {} record(s) again; {choice}.", c.downstream, now - c.downstream),
                ));
            }
        }
    }
    plan.diagnostics.extend(out);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reading::checkpoints::parse_checkpoints;
    use crate::reading::reference::parse_reference;
    use crate::writing::groups::{GroupsOptions, plan};

    const TEXT: &str = "Checkpoint{consumerGroupId=billing, topicPartition=east.orders-0, upstreamOffset=50, downstreamOffset=48, metadata=}\n\
Checkpoint{consumerGroupId=billing, topicPartition=east.orders-1, upstreamOffset=70, downstreamOffset=66, metadata=}\n\
Checkpoint{consumerGroupId=billing, topicPartition=east.orders-2, upstreamOffset=9, downstreamOffset=2, metadata=}\n";

    #[test]
    fn the_target_log_and_group_are_checked() {
        let mut p = plan(&parse_checkpoints(TEXT), &GroupsOptions::default());
        let earliest = parse_reference(
            "east.orders:0:0\neast.orders:1:0\neast.orders:2:5\n",
            Role::Earliest,
        );
        let latest = parse_reference(
            "east.orders:0:40\neast.orders:1:100\neast.orders:2:100\n",
            Role::Latest,
        );
        let describe = "GROUP TOPIC PARTITION CURRENT-OFFSET LOG-END-OFFSET LAG CONSUMER-ID HOST CLIENT-ID\nbilling east.orders 1 80 100 20 - - -\n";
        let current = [parse_reference(describe, Role::Group { name: None })];
        let facts = TargetFacts {
            earliest: Some(&earliest),
            latest: Some(&latest),
            current: &current,
            rewind: false,
        };
        check_target(&mut p, &facts);
        let rules: Vec<(&str, crate::diag::Severity)> = p
            .diagnostics
            .iter()
            .filter(|d| d.rule.starts_with("CK") && d.rule.len() == 3 && d.rule != "CK5")
            .map(|d| (d.rule, d.severity))
            .collect();
        assert_eq!(
            rules,
            [
                ("CK7", crate::diag::Severity::Warning),
                ("CK9", crate::diag::Severity::Error),
                ("CK8", crate::diag::Severity::Warning)
            ]
        );
        assert!(p.has_errors());
        let mut p = plan(&parse_checkpoints(TEXT), &GroupsOptions::default());
        check_target(
            &mut p,
            &TargetFacts {
                rewind: true,
                ..facts
            },
        );
        assert!(!p.has_errors());
    }
}
