//! Consumer failover with MirrorMaker 2's checkpoints (issue 37): the reset plan of the target
//! cluster's consumer groups from the current checkpoints, and the CSV that
//! `kafka-consumer-groups.sh --reset-offsets --from-file` reads (`topic,partition,offset` for one
//! group, `group,topic,partition,offset` for several `--group`s).
//!
//! The downstream offset of a checkpoint is the upstream one translated through MirrorMaker 2's
//! offset syncs and rounded down to the last sync at or before it: a group reset there may read
//! some records again on the target, never skip one (CK5 says so). Rules: CK4 (a group has no
//! checkpoint for a partition of a topic it has others of, while other groups do: warning), CK5
//! (what the translation means: info), CK6 (no checkpoint matches the groups and topics asked:
//! error). `groups_checks` adds CK7-CK9 from what the target cluster says.

use crate::diag::{Diagnostic, Position};
use crate::editing::filter::glob_match;
use crate::reading::checkpoints::{Checkpoint, Checkpoints};
use std::collections::{BTreeMap, BTreeSet};

/// Which checkpoints to plan: groups and topics by glob (`*`, `?`); empty lists take all.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GroupsOptions {
    pub groups: Vec<String>,
    pub topics: Vec<String>,
}

/// One group's reset: its checkpoints, by topic then partition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupPlan {
    pub group: String,
    pub rows: Vec<Checkpoint>,
}

/// The reset plan of every group chosen, by group name.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ResetPlan {
    pub groups: Vec<GroupPlan>,
    /// CK4-CK6 and the reading's own (CK1-CK3).
    pub diagnostics: Vec<Diagnostic>,
}

impl ResetPlan {
    pub fn has_errors(&self) -> bool {
        crate::diag::has_errors(&self.diagnostics)
    }

    /// Partitions planned, over all groups.
    pub fn partitions(&self) -> usize {
        self.groups.iter().map(|g| g.rows.len()).sum()
    }

    /// The `--reset-offsets --from-file` CSV: `topic,partition,offset` for one group, with the
    /// group first for several. Names are written as they are: a group or topic name with a
    /// comma or a line break cannot be written to this CSV, and [`plan`] refuses it.
    pub fn csv(&self) -> String {
        match self.groups.as_slice() {
            [one] => one.csv(),
            several => several
                .iter()
                .flat_map(|g| {
                    g.csv()
                        .lines()
                        .map(|l| format!("{},{l}\n", g.group))
                        .collect::<Vec<_>>()
                })
                .collect(),
        }
    }

    /// What the CLI and the page say of a CSV with the group column.
    pub fn group_column_note(&self) -> Option<String> {
        (self.groups.len() > 1).then(|| format!(
            "{} groups: the CSV has the group column; give each group with --group to kafka-consumer-groups.sh --reset-offsets --from-file.",
            self.groups.len()
        ))
    }
}

impl GroupPlan {
    /// This group's `topic,partition,offset` rows, a line each.
    pub fn csv(&self) -> String {
        self.rows
            .iter()
            .map(|c| format!("{},{},{}\n", c.topic, c.partition, c.downstream))
            .collect()
    }
}

/// A name the CSV cannot carry (Kafka's CSV reader splits on `,` and reads a line a row).
fn csv_safe(name: &str) -> bool {
    !name.contains([',', '\n', '\r', '"'])
}

/// The reset plan of the checkpoints `options` chooses.
pub fn plan(checkpoints: &Checkpoints, options: &GroupsOptions) -> ResetPlan {
    let mut diagnostics = checkpoints.diagnostics.clone();
    let chosen = |c: &&Checkpoint| {
        (options.groups.is_empty() || options.groups.iter().any(|g| glob_match(g, &c.group)))
            && (options.topics.is_empty() || options.topics.iter().any(|t| glob_match(t, &c.topic)))
    };
    let mut by_group: BTreeMap<&str, Vec<Checkpoint>> = BTreeMap::new();
    for c in checkpoints.items.iter().filter(chosen) {
        if !csv_safe(&c.group) || !csv_safe(&c.topic) {
            diagnostics.push(Diagnostic::error(
                "CK6",
                c.pos,
                format!(
                    "Group '{}' or topic '{}' holds a comma, a quote or a line break, which kafka-consumer-groups.sh --from-file cannot read. Reset it by hand (--group G --topic T:P --to-offset N).",
                    crate::model::names::shown(&c.group),
                    crate::model::names::shown(&c.topic)
                ),
            ));
            continue;
        }
        by_group.entry(&c.group).or_default().push(c.clone());
    }
    if by_group.is_empty() && !checkpoints.items.is_empty() {
        let groups: BTreeSet<&str> = checkpoints.items.iter().map(|c| c.group.as_str()).collect();
        diagnostics.push(Diagnostic::error(
            "CK6",
            Position::new(1, 1),
            format!(
                "No checkpoint matches --group {} and --topic {}. The checkpoints name {} group(s): {}.",
                if options.groups.is_empty() { "(any)".to_owned() } else { options.groups.join(" ") },
                if options.topics.is_empty() { "(any)".to_owned() } else { options.topics.join(" ") },
                groups.len(),
                crate::diag::some_names(
                    groups.iter().map(|g| crate::model::names::shown(g)),
                    groups.len(),
                    10
                )
            ),
        ));
    }
    // CK4: the partitions of each topic that any chosen group has a checkpoint for.
    let mut partitions: BTreeMap<String, BTreeSet<i32>> = BTreeMap::new();
    for rows in by_group.values() {
        for c in rows {
            partitions
                .entry(c.topic.clone())
                .or_default()
                .insert(c.partition);
        }
    }
    let mut groups = Vec::with_capacity(by_group.len());
    for (group, mut rows) in by_group {
        rows.sort_by(|a, b| (&a.topic, a.partition).cmp(&(&b.topic, b.partition)));
        let topics: BTreeSet<&str> = rows.iter().map(|c| c.topic.as_str()).collect();
        for topic in topics {
            let have: BTreeSet<i32> = rows
                .iter()
                .filter(|c| c.topic == topic)
                .map(|c| c.partition)
                .collect();
            let missing: Vec<i32> = partitions
                .get(topic)
                .map(|all| all.difference(&have).copied().collect())
                .unwrap_or_default();
            if !missing.is_empty() {
                let pos = rows
                    .iter()
                    .find(|c| c.topic == topic)
                    .map_or(Position::new(1, 1), |c| c.pos);
                diagnostics.push(Diagnostic::warning(
                    "CK4",
                    pos,
                    format!(
                        "Group '{}' has no checkpoint for {} of topic '{}', which other groups have: the plan leaves those partitions as the group has them on the target (or, with no offset there, where its auto.offset.reset says). MirrorMaker 2 checkpoints a partition only once the group has committed an offset for it upstream and an offset sync covers it.",
                        crate::model::names::shown(group),
                        missing.iter().map(|p| format!("partition {p}")).collect::<Vec<_>>().join(", "),
                        crate::model::names::shown(topic)
                    ),
                ));
            }
        }
        groups.push(GroupPlan {
            group: group.to_owned(),
            rows,
        });
    }
    if !groups.is_empty() {
        diagnostics.push(Diagnostic::info(
            "CK5",
            Position::new(1, 1),
            "Each downstream offset is the group's upstream offset translated through MirrorMaker 2's offset syncs and rounded down to the last sync at or before it: a consumer reset there may read some records again on the target, but skips none. The formatter prints no time, so how old a checkpoint is cannot be known from it: a group whose checkpoints stopped advancing (its consumers stopped upstream, or the checkpoint connector lags) resumes at that older position.".to_owned(),
        ));
    }
    ResetPlan {
        groups,
        diagnostics,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reading::checkpoints::parse_checkpoints;

    const TEXT: &str = "Checkpoint{consumerGroupId=billing, topicPartition=east.orders-1, upstreamOffset=70, downstreamOffset=66, metadata=}\n\
Checkpoint{consumerGroupId=billing, topicPartition=east.orders-0, upstreamOffset=50, downstreamOffset=48, metadata=}\n\
Checkpoint{consumerGroupId=audit, topicPartition=east.orders-0, upstreamOffset=10, downstreamOffset=9, metadata=}\n\
Checkpoint{consumerGroupId=audit, topicPartition=east.payments-0, upstreamOffset=3, downstreamOffset=3, metadata=}\n";

    #[test]
    fn one_group_writes_topic_partition_offset_sorted() {
        let p = plan(
            &parse_checkpoints(TEXT),
            &GroupsOptions {
                groups: vec!["bill*".into()],
                topics: vec![],
            },
        );
        assert_eq!(p.csv(), "east.orders,0,48\neast.orders,1,66\n");
        assert!(!p.diagnostics.iter().any(|d| d.rule == "CK4"));
    }

    #[test]
    fn several_groups_write_the_group_column_and_name_a_missing_partition() {
        let p = plan(&parse_checkpoints(TEXT), &GroupsOptions::default());
        assert_eq!(
            p.csv(),
            "audit,east.orders,0,9\naudit,east.payments,0,3\nbilling,east.orders,0,48\nbilling,east.orders,1,66\n"
        );
        let ck4: Vec<_> = p.diagnostics.iter().filter(|d| d.rule == "CK4").collect();
        assert_eq!(ck4.len(), 1, "{ck4:?}");
        assert!(
            ck4[0].message.starts_with(
                "Group 'audit' has no checkpoint for partition 1 of topic 'east.orders'"
            )
        );
        assert_eq!(p.partitions(), 4);
    }

    #[test]
    fn nothing_chosen_is_an_error_naming_the_groups() {
        let p = plan(
            &parse_checkpoints(TEXT),
            &GroupsOptions {
                groups: vec!["nope".into()],
                topics: vec![],
            },
        );
        assert!(p.has_errors());
        assert!(
            p.diagnostics
                .iter()
                .any(|d| d.rule == "CK6" && d.message.contains("2 group(s): audit, billing"))
        );
    }
}
