//! A Strimzi create that an operator before Strimzi 1.2 cannot make copy anything (issue 31,
//! item 8). Such an operator creates the connector running and stops it a moment later
//! (`strimzi_create`); in that moment the connector runs from the offsets stored under its name
//! or from its own start (auto.offset.reset: earliest for MirrorMaker 2), copies what it finds
//! and commits offsets. Where the connector's own config can make it match nothing, the create
//! sets that filter and the start step puts the user's config back, so in that moment it gets
//! no partition, runs no task and commits no offset:
//! - MirrorSourceConnector: `topics.exclude: .*`. Its topic filter replicates a topic only when
//!   `topics` includes it and `topics.exclude` does not; with no topic partition it gives no task.
//! - MirrorCheckpointConnector: `groups.exclude: .*`, the same for consumer groups.
//! - A sink connector: `topics.regex: ^$` in place of `topics` (Connect takes exactly one of the
//!   two; no topic has the empty name, so no partition is assigned and nothing is committed).
//!
//! A KafkaMirrorMaker2 writes `topics.exclude` and `groups.exclude` from the mirror's
//! `topicsExcludePattern` and `groupsExcludePattern` (or their deprecated `...BlacklistPattern`)
//! over the block's config (`KafkaMirrorMaker2Connectors`), so a mirror that sets one cannot be
//! filtered through the block; nor can a block added without the resource (the procedure does
//! not know the mirror's patterns). Any other connector has no such filter: a generic source
//! connector reads a system outside Kafka, the heartbeat connector writes heartbeats.

use crate::json::{JsonKind, JsonValue, Member};

/// The regex that `topics.regex` of a sink gets: it matches only the empty name.
pub(crate) const NO_TOPIC_REGEX: &str = "^$";
/// The pattern the MirrorMaker 2 filters exclude everything with.
pub(crate) const EVERYTHING: &str = ".*";

/// The filter a create sets and the start step takes back.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Quiet {
    /// The config members the create sets (`Some`) or removes (`None`).
    pub(crate) create: Vec<(&'static str, Option<&'static str>)>,
    /// The user's values of those members, which the start step puts back (`None`: the user's
    /// config has no such member, so the start step removes it).
    pub(crate) restore: Vec<(&'static str, Option<JsonValue>)>,
    /// What the connector matches in the moment it runs, for the notes: "no topic".
    pub(crate) matches: &'static str,
}

impl Quiet {
    /// `topics.exclude: .*` (kept from the create until the start), for the notes.
    pub(crate) fn create_text(&self) -> String {
        self.create
            .iter()
            .map(|(k, v)| match v {
                Some(v) => format!("{k}: {v}"),
                None => format!("no {k}"),
            })
            .collect::<Vec<_>>()
            .join(" and ")
    }

    /// What the start step puts back, for the notes: "topics.exclude removed".
    pub(crate) fn restore_text(&self) -> String {
        self.restore
            .iter()
            .map(|(k, v)| match v {
                Some(v) => format!("{k} back to {}", crate::json::to_compact(v)),
                None => format!("{k} removed"),
            })
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Which filter a connector has, from its class or its kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Filter {
    Topics,
    Groups,
    SinkTopics,
}

impl Filter {
    /// The filter of a KafkaConnector's class (MirrorMaker 2's, by class name or alias), or of a
    /// sink (`sink`: its offsets are a sink's).
    pub(crate) fn of_class(class: &str, sink: bool) -> Option<Filter> {
        let simple = class.rsplit('.').next().unwrap_or(class);
        match simple {
            "MirrorSourceConnector" | "MirrorSource" => Some(Filter::Topics),
            "MirrorCheckpointConnector" | "MirrorCheckpoint" => Some(Filter::Groups),
            "MirrorHeartbeatConnector" | "MirrorHeartbeat" => None,
            _ if sink => Some(Filter::SinkTopics),
            _ => None,
        }
    }

    /// The filter of a KafkaMirrorMaker2 block (`sourceConnector`, `checkpointConnector`).
    pub(crate) fn of_block(field: &str) -> Option<Filter> {
        match field {
            "sourceConnector" => Some(Filter::Topics),
            "checkpointConnector" => Some(Filter::Groups),
            _ => None,
        }
    }

    /// The mirror's fields that a KafkaMirrorMaker2 writes over this filter's config member.
    pub(crate) fn mirror_fields(self) -> &'static [&'static str] {
        match self {
            Filter::Topics => &["topicsExcludePattern", "topicsBlacklistPattern"],
            Filter::Groups => &["groupsExcludePattern", "groupsBlacklistPattern"],
            Filter::SinkTopics => &[],
        }
    }

    /// The filter for a connector whose config is `config` (an object, or none).
    pub(crate) fn quiet(self, config: Option<&JsonValue>) -> Quiet {
        let user = |key: &str| config.and_then(|c| c.get(key)).cloned();
        match self {
            Filter::Topics => Quiet {
                create: vec![("topics.exclude", Some(EVERYTHING))],
                restore: vec![("topics.exclude", user("topics.exclude"))],
                matches: "no topic",
            },
            Filter::Groups => Quiet {
                create: vec![("groups.exclude", Some(EVERYTHING))],
                restore: vec![("groups.exclude", user("groups.exclude"))],
                matches: "no consumer group",
            },
            Filter::SinkTopics => Quiet {
                create: vec![("topics", None), ("topics.regex", Some(NO_TOPIC_REGEX))],
                restore: vec![
                    ("topics", user("topics")),
                    ("topics.regex", user("topics.regex")),
                ],
                matches: "no topic",
            },
        }
    }
}

/// Sets the create's filter in `config` (an object; anything else is left alone).
pub(crate) fn apply(config: &mut JsonValue, quiet: &Quiet) {
    let JsonKind::Object(members) = &mut config.kind else {
        return;
    };
    for (key, value) in &quiet.create {
        members.retain(|m| m.key != *key);
        if let Some(value) = value {
            members.push(Member {
                key: (*key).to_owned(),
                key_pos: crate::diag::Position::NONE,
                value: JsonValue::string(*value),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(text: &str) -> JsonValue {
        crate::json::parse(text).unwrap_or_else(|_| JsonValue::object([]))
    }

    #[test]
    fn a_sink_matches_no_topic_and_gets_its_topics_back() {
        let mut c = config(r#"{"topics":"orders","file":"/tmp/x"}"#);
        let quiet = Filter::SinkTopics.quiet(Some(&c));
        apply(&mut c, &quiet);
        assert_eq!(
            crate::json::to_compact(&c),
            r#"{"file":"/tmp/x","topics.regex":"^$"}"#
        );
        assert_eq!(
            quiet.restore_text(),
            r#"topics back to "orders", topics.regex removed"#
        );
    }

    #[test]
    fn a_mirror_source_excludes_every_topic_and_keeps_the_users_exclude() {
        let mut c = config(r#"{"topics.exclude":"internal.*"}"#);
        let quiet = Filter::Topics.quiet(Some(&c));
        apply(&mut c, &quiet);
        assert_eq!(crate::json::to_compact(&c), r#"{"topics.exclude":".*"}"#);
        assert_eq!(
            quiet.restore_text(),
            r#"topics.exclude back to "internal.*""#
        );
    }

    #[test]
    fn classes_and_blocks_have_their_filter() {
        assert_eq!(
            Filter::of_class(
                "org.apache.kafka.connect.mirror.MirrorSourceConnector",
                false
            ),
            Some(Filter::Topics)
        );
        assert_eq!(
            Filter::of_class("MirrorCheckpointConnector", false),
            Some(Filter::Groups)
        );
        assert_eq!(Filter::of_class("io.x.JdbcSourceConnector", false), None);
        assert_eq!(
            Filter::of_class("io.x.JdbcSinkConnector", true),
            Some(Filter::SinkTopics)
        );
        assert_eq!(Filter::of_block("heartbeatConnector"), None);
    }
}
