//! `auto.offset.reset`: where a consumer starts a partition that has no stored offset (a null
//! the alter wrote, or a partition never stored) or whose stored offset is outside the log.
//!
//! MirrorMaker 2's source consumer and Kafka Connect's sink consumers both default to
//! `earliest` (`MirrorConnectorConfig.sourceConsumerConfig` puts it if absent;
//! `Worker.baseConsumerConfigs` sets it for sinks). A connector's config overrides it:
//! MirrorMaker 2 reads `consumer.auto.offset.reset`, then `source.consumer.auto.offset.reset`
//! over it; a sink reads `consumer.override.auto.offset.reset` (over the worker's
//! `consumer.auto.offset.reset`). Every sentence that says what a null does takes the policy
//! from here, so a connector set to `latest` is never told it will replay its history.

use crate::model::ConnectorKind;

/// The value of `auto.offset.reset`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ResetPolicy {
    Earliest,
    Latest,
    /// The consumer throws `NoOffsetForPartitionException`: the task fails.
    None,
}

impl ResetPolicy {
    pub fn as_str(self) -> &'static str {
        match self {
            ResetPolicy::Earliest => "earliest",
            ResetPolicy::Latest => "latest",
            ResetPolicy::None => "none",
        }
    }

    /// `earliest`, `latest` or `none`, as the Kafka consumer takes them (case-insensitive, as
    /// `ConfigDef`'s validator for the key is).
    pub fn parse(text: &str) -> Option<ResetPolicy> {
        match text.trim().to_ascii_lowercase().as_str() {
            "earliest" => Some(ResetPolicy::Earliest),
            "latest" => Some(ResetPolicy::Latest),
            "none" => Some(ResetPolicy::None),
            _ => None,
        }
    }
}

/// Where the policy came from.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ResetSource {
    /// Nothing says otherwise: the consumer's default for this kind of connector (earliest).
    Default,
    /// The connector's config in the custom resource, under this key.
    Config(String),
    /// The user said so (the worker's default, `--auto-offset-reset`).
    Stated,
}

/// The policy in force for the listing's connector, and where it came from.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ResetFact {
    pub policy: ResetPolicy,
    pub source: ResetSource,
}

impl Default for ResetFact {
    fn default() -> ResetFact {
        ResetFact {
            policy: ResetPolicy::Earliest,
            source: ResetSource::Default,
        }
    }
}

/// The config keys that set the policy for `kind`, lowest precedence first.
pub fn config_keys(kind: ConnectorKind) -> &'static [&'static str] {
    match kind {
        ConnectorKind::MirrorSource => &[
            "consumer.auto.offset.reset",
            "source.consumer.auto.offset.reset",
        ],
        ConnectorKind::Sink => &["consumer.override.auto.offset.reset"],
        _ => &[],
    }
}

impl ResetFact {
    /// The policy a connector config sets for `kind`: the highest-precedence key of
    /// [`config_keys`] that `get` finds, when its value is a policy. `None` when no key is
    /// set; `Err((key, value))` for a value the consumer would refuse.
    pub fn from_config<'a>(
        kind: ConnectorKind,
        get: impl Fn(&str) -> Option<&'a str>,
    ) -> Result<Option<ResetFact>, (&'static str, String)> {
        for key in config_keys(kind).iter().rev() {
            if let Some(value) = get(key) {
                return match ResetPolicy::parse(value) {
                    Some(policy) => Ok(Some(ResetFact {
                        policy,
                        source: ResetSource::Config((*key).to_owned()),
                    })),
                    None => Err((key, value.to_owned())),
                };
            }
        }
        Ok(None)
    }

    /// A policy the user states (the worker's default, a CLI flag).
    pub fn stated(policy: ResetPolicy) -> ResetFact {
        ResetFact {
            policy,
            source: ResetSource::Stated,
        }
    }

    /// True for the default (nothing set): the sentences keep their "by default" wording.
    pub fn is_default(&self) -> bool {
        self.source == ResetSource::Default
    }

    /// "earliest by default", "latest, set by source.consumer.auto.offset.reset", "none, as
    /// stated".
    pub fn phrase(&self) -> String {
        match &self.source {
            ResetSource::Default => format!("{} by default", self.policy.as_str()),
            ResetSource::Config(key) => format!("{}, set by {key}", self.policy.as_str()),
            ResetSource::Stated => format!("{}, as stated", self.policy.as_str()),
        }
    }

    /// What the connector does with a partition whose offset an alter deleted, as a clause
    /// that follows "MirrorMaker restarts this partition according to auto.offset.reset":
    /// "(earliest by default), so the whole partition is replicated again".
    pub fn null_outcome(&self, kind: ConnectorKind) -> String {
        match self.policy {
            ResetPolicy::Earliest => format!("({}), so {}", self.phrase(), self.null_effect(kind)),
            _ => format!("({}): {}", self.phrase(), self.null_effect(kind)),
        }
    }

    /// [`Self::null_outcome`] in words that hold whether or not an offset was stored before (a
    /// new connector has none; issue 31 item 12): "(earliest by default), so the whole
    /// partition is replicated from its first record".
    pub fn null_outcome_from_start(&self, kind: ConnectorKind) -> String {
        let done = match kind {
            ConnectorKind::MirrorSource => "replicated",
            ConnectorKind::Sink => "consumed",
            _ => "processed",
        };
        match self.policy {
            ResetPolicy::Earliest => format!(
                "({}), so the whole partition is {done} from its first record",
                self.phrase()
            ),
            _ => self.null_outcome(kind),
        }
    }

    /// What a null does under the policy, alone: "the whole partition is replicated again",
    /// "it starts at the log end, so every record written so far is skipped and never
    /// mirrored", "... the task fails".
    pub fn null_effect(&self, kind: ConnectorKind) -> String {
        let (again, never) = match kind {
            ConnectorKind::MirrorSource => ("replicated again", "never mirrored"),
            ConnectorKind::Sink => ("consumed again", "never consumed"),
            _ => ("processed again", "never processed"),
        };
        match self.policy {
            ResetPolicy::Earliest => format!("the whole partition is {again}"),
            ResetPolicy::Latest => format!(
                "it starts at the log end, so every record written so far is skipped and {never}"
            ),
            ResetPolicy::None => "with no stored offset the consumer throws NoOffsetForPartitionException and the task fails".to_owned(),
        }
    }

    /// The short form for a diff line or a table cell: "replays from auto.offset.reset,
    /// earliest by default", "skips every record so far (auto.offset.reset latest, set by
    /// ...)".
    pub fn null_short(&self, kind: ConnectorKind) -> String {
        let never = match kind {
            ConnectorKind::MirrorSource => "never mirrored",
            ConnectorKind::Sink => "never consumed",
            _ => "never processed",
        };
        match self.policy {
            ResetPolicy::Earliest => format!("replays from auto.offset.reset, {}", self.phrase()),
            ResetPolicy::Latest => format!(
                "skips every record so far, {never}: auto.offset.reset {}",
                self.phrase()
            ),
            ResetPolicy::None => format!(
                "the task fails with no stored offset: auto.offset.reset {}",
                self.phrase()
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn precedence_and_values() {
        let cfg = |pairs: &'static [(&'static str, &'static str)]| {
            move |k: &str| pairs.iter().find(|(key, _)| *key == k).map(|(_, v)| *v)
        };
        let mm2 = ConnectorKind::MirrorSource;
        assert_eq!(ResetFact::from_config(mm2, cfg(&[])), Ok(None));
        let both = ResetFact::from_config(
            mm2,
            cfg(&[
                ("consumer.auto.offset.reset", "earliest"),
                ("source.consumer.auto.offset.reset", "Latest"),
            ]),
        )
        .unwrap()
        .unwrap();
        assert_eq!(both.policy, ResetPolicy::Latest);
        assert_eq!(
            both.phrase(),
            "latest, set by source.consumer.auto.offset.reset"
        );
        let low = ResetFact::from_config(mm2, cfg(&[("consumer.auto.offset.reset", "none")]))
            .unwrap()
            .unwrap();
        assert_eq!(low.policy, ResetPolicy::None);
        assert_eq!(
            ResetFact::from_config(mm2, cfg(&[("source.consumer.auto.offset.reset", "oldest")])),
            Err(("source.consumer.auto.offset.reset", "oldest".to_owned()))
        );
        let sink = ResetFact::from_config(
            ConnectorKind::Sink,
            cfg(&[("consumer.override.auto.offset.reset", "latest")]),
        )
        .unwrap()
        .unwrap();
        assert_eq!(sink.policy, ResetPolicy::Latest);
        // MirrorMaker 2's keys mean nothing to a sink.
        assert_eq!(
            ResetFact::from_config(
                ConnectorKind::Sink,
                cfg(&[("source.consumer.auto.offset.reset", "latest")])
            ),
            Ok(None)
        );
    }

    #[test]
    fn the_default_keeps_the_old_wording() {
        let d = ResetFact::default();
        assert_eq!(
            d.null_outcome(ConnectorKind::MirrorSource),
            "(earliest by default), so the whole partition is replicated again"
        );
        assert_eq!(
            d.null_short(ConnectorKind::MirrorSource),
            "replays from auto.offset.reset, earliest by default"
        );
        let latest = ResetFact::stated(ResetPolicy::Latest);
        assert!(
            latest
                .null_outcome(ConnectorKind::MirrorSource)
                .contains("every record written so far is skipped and never mirrored")
        );
    }
}
