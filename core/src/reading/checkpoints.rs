//! MirrorMaker 2's checkpoints as `kafka-console-consumer.sh --topic SOURCE.checkpoints.internal
//! --from-beginning --formatter org.apache.kafka.connect.mirror.formatters.CheckpointFormatter`
//! prints them: one `Checkpoint.toString` a record,
//!
//! ```text
//! Checkpoint{consumerGroupId=G, topicPartition=T-P, upstreamOffset=U, downstreamOffset=D, metadata=M}
//! ```
//!
//! `topicPartition` is `TopicPartition.toString` (`topic + "-" + partition`) of the topic as the
//! target cluster calls it (`east.orders-0`); a topic name may itself hold `-` and `.`, so the
//! partition is what follows the last `-`. The topic is compacted by group and partition, so the
//! last checkpoint of a key is the current one; earlier ones are counted and dropped. The console
//! consumer's closing `Processed a total of N messages` is read too (it says whether the output is
//! complete). Rules: CK1 (a line that is not a checkpoint, error), CK2 (older checkpoints dropped,
//! info), CK3 (no checkpoint at all, error).

use crate::diag::{Diagnostic, Position};
use std::collections::HashMap;

/// One current checkpoint: where group `group` had committed upstream, and the offset that
/// translates to on the target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checkpoint {
    pub group: String,
    /// The topic as the target cluster calls it (`east.orders`).
    pub topic: String,
    pub partition: i32,
    /// The group's committed offset on the source cluster.
    pub upstream: i64,
    /// The translated offset on the target: the first record the group should read there.
    pub downstream: i64,
    pub metadata: String,
    /// Where its line starts.
    pub pos: Position,
}

/// What the output held.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Checkpoints {
    /// The current checkpoint of each group and partition, in the order their keys first came.
    pub items: Vec<Checkpoint>,
    /// Older checkpoints of a key that a later line replaced (the compacted topic keeps the last).
    pub superseded: usize,
    /// `Processed a total of N messages`, when the output ends with it.
    pub processed: Option<u64>,
    /// CK1-CK3, located.
    pub diagnostics: Vec<Diagnostic>,
}

impl Checkpoints {
    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        crate::diag::has_errors(&self.diagnostics)
    }
}

const PREFIX: &str = "Checkpoint{consumerGroupId=";
const EXAMPLE: &str = "Checkpoint{consumerGroupId=G, topicPartition=T-P, upstreamOffset=U, downstreamOffset=D, metadata=M}";

/// Reads the formatter's output. Never fails: what it cannot read is a located CK1.
pub fn parse_checkpoints(text: &str) -> Checkpoints {
    let mut out = Checkpoints::default();
    let mut at: HashMap<(String, String, i32), usize> = HashMap::new();
    for (n, line) in text.lines().enumerate() {
        let line_no = u32::try_from(n + 1).unwrap_or(u32::MAX);
        let trimmed = line.trim_end_matches('\r');
        let lead = trimmed.len() - trimmed.trim_start().len();
        let body = trimmed.trim();
        if body.is_empty() {
            continue;
        }
        if let Some(count) = processed(body) {
            out.processed = Some(count);
            continue;
        }
        let col = |byte: usize| {
            let chars = trimmed.get(..lead + byte).map_or(0, |s| s.chars().count());
            Position::new(line_no, u32::try_from(chars + 1).unwrap_or(u32::MAX))
        };
        match parse_line(body) {
            Ok(c) => {
                let c = Checkpoint {
                    pos: col(0),
                    ..c
                };
                let key = (c.group.clone(), c.topic.clone(), c.partition);
                match at.get(&key) {
                    Some(&i) => {
                        out.superseded += 1;
                        if let Some(slot) = out.items.get_mut(i) {
                            *slot = c;
                        }
                    }
                    None => {
                        at.insert(key, out.items.len());
                        out.items.push(c);
                    }
                }
            }
            Err((byte, what)) => out.diagnostics.push(Diagnostic::error(
                "CK1",
                col(byte),
                format!("This line is not a checkpoint: {what}. kafka-console-consumer.sh with --formatter org.apache.kafka.connect.mirror.formatters.CheckpointFormatter prints one line per checkpoint: {EXAMPLE}."),
            )),
        }
    }
    if out.superseded > 0 {
        out.diagnostics.push(Diagnostic::info(
            "CK2",
            Position::new(1, 1),
            format!(
                "{} older checkpoint(s) were dropped: a later line has the same group and partition, and the compacted checkpoints topic keeps the last one.",
                out.superseded
            ),
        ));
    }
    if out.items.is_empty() && !out.has_errors() {
        out.diagnostics.push(Diagnostic::error(
            "CK3",
            Position::new(1, 1),
            format!("No checkpoint was read. Read the checkpoints topic of the target cluster from the beginning: kafka-console-consumer.sh --bootstrap-server TARGET --topic SOURCE.checkpoints.internal --from-beginning --timeout-ms 10000 --formatter org.apache.kafka.connect.mirror.formatters.CheckpointFormatter (SOURCE: the source cluster's alias). Each line looks like {EXAMPLE}."),
        ));
    }
    out
}

/// `Processed a total of N messages`.
fn processed(line: &str) -> Option<u64> {
    line.strip_prefix("Processed a total of ")?
        .strip_suffix(" messages")?
        .parse()
        .ok()
}

/// One line, or the byte where it stops being a checkpoint and what is wrong there.
fn parse_line(line: &str) -> Result<Checkpoint, (usize, String)> {
    let rest = line
        .strip_prefix(PREFIX)
        .ok_or_else(|| (0, format!("it does not start with '{PREFIX}'")))?;
    let mut at = PREFIX.len();
    let (group, rest) = field(rest, ", topicPartition=", &mut at)?;
    let (tp, rest) = field(rest, ", upstreamOffset=", &mut at)?;
    let tp_at = at - tp.len() - ", upstreamOffset=".len();
    let (upstream, rest) = field(rest, ", downstreamOffset=", &mut at)?;
    let up_at = at - upstream.len() - ", downstreamOffset=".len();
    let (downstream, rest) = field(rest, ", metadata=", &mut at)?;
    let down_at = at - downstream.len() - ", metadata=".len();
    let metadata = rest.strip_suffix('}').ok_or_else(|| {
        (
            line.len(),
            "it does not end with '}' (a line cut short?)".to_owned(),
        )
    })?;
    let (topic, partition) = tp
        .rsplit_once('-')
        .filter(|(t, _)| !t.is_empty())
        .ok_or_else(|| {
            (
                tp_at,
                format!("topicPartition '{tp}' is not TOPIC-PARTITION"),
            )
        })?;
    let partition: i32 = partition.parse().ok().filter(|p| *p >= 0).ok_or_else(|| {
        (
            tp_at + topic.len() + 1,
            format!("the partition of '{tp}' is not a whole number from 0"),
        )
    })?;
    let offset = |text: &str, at: usize, what: &str| {
        text.parse::<i64>()
            .ok()
            .filter(|v| *v >= 0)
            .ok_or_else(|| (at, format!("{what} '{text}' is not a whole number from 0")))
    };
    Ok(Checkpoint {
        group: group.to_owned(),
        topic: topic.to_owned(),
        partition,
        upstream: offset(upstream, up_at, "upstreamOffset")?,
        downstream: offset(downstream, down_at, "downstreamOffset")?,
        metadata: metadata.to_owned(),
        pos: Position::NONE,
    })
}

/// The text before `sep` and the text after it; `at` moves past both.
fn field<'a>(
    text: &'a str,
    sep: &str,
    at: &mut usize,
) -> Result<(&'a str, &'a str), (usize, String)> {
    let (value, rest) = text.split_once(sep).ok_or_else(|| {
        (
            *at,
            format!("'{}' is missing", sep.trim_start_matches(", ")),
        )
    })?;
    *at += value.len() + sep.len();
    Ok((value, rest))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_formatters_lines_with_dashes_in_topics_and_keeps_the_last_of_a_key() {
        let text = "Checkpoint{consumerGroupId=app-1, topicPartition=east.orders-eu-0, upstreamOffset=27, downstreamOffset=1, metadata=}\n\
                    Checkpoint{consumerGroupId=app-1, topicPartition=east.orders-eu-0, upstreamOffset=30, downstreamOffset=4, metadata=x, y}\n\
                    Processed a total of 2 messages\n";
        let c = parse_checkpoints(text);
        assert_eq!(c.items.len(), 1);
        let first = &c.items[0];
        assert_eq!(
            (first.group.as_str(), first.topic.as_str(), first.partition),
            ("app-1", "east.orders-eu", 0)
        );
        assert_eq!((first.upstream, first.downstream), (30, 4));
        assert_eq!(first.metadata, "x, y");
        assert_eq!(first.pos, Position::new(2, 1));
        assert_eq!(c.superseded, 1);
        assert_eq!(c.processed, Some(2));
        assert!(!c.has_errors());
        assert_eq!(c.diagnostics[0].rule, "CK2");
    }

    #[test]
    fn a_line_that_is_not_a_checkpoint_is_located() {
        let text = "Checkpoint{consumerGroupId=g, topicPartition=t-0, upstreamOffset=5, downstreamOffset=2, metadata=}\n\
                    Checkpoint{consumerGroupId=g, topicPartition=t-x, upstreamOffset=5, downstreamOffset=2, metadata=}\n\
                    Checkpoint{consumerGroupId=g, topicPartition=t-1, upstreamOffset=5, downstreamOff";
        let c = parse_checkpoints(text);
        assert_eq!(c.items.len(), 1);
        let errors: Vec<_> = c.diagnostics.iter().filter(|d| d.rule == "CK1").collect();
        assert_eq!(errors.len(), 2);
        assert_eq!(errors[0].position, Position::new(2, 48));
        assert!(
            errors[0].message.contains("the partition of 't-x'"),
            "{}",
            errors[0].message
        );
        assert!(
            errors[1].message.contains("'metadata=' is missing")
                || errors[1].message.contains("'downstreamOffset=' is missing"),
            "{}",
            errors[1].message
        );
        assert_eq!(errors[1].position.line, 3);
    }

    #[test]
    fn nothing_read_says_how_to_read_the_checkpoints() {
        let c = parse_checkpoints("Processed a total of 0 messages\n");
        assert_eq!(c.diagnostics.len(), 1);
        assert_eq!(c.diagnostics[0].rule, "CK3");
        assert!(c.diagnostics[0].message.contains("--from-beginning"));
    }
}
