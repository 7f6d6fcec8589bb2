//! Checked names as types: each one is built only by its `parse`, which runs the rule of
//! [`super`], so a value of the type is a name that passed the check. Commands take these types,
//! never a `&str` that might not have been checked.

use super::NameError;
use crate::diag::{Diagnostic, Position};
use std::fmt;

/// Declares a name type whose `parse` runs `$check`.
macro_rules! checked_name {
    ($(#[$doc:meta])* $name:ident, $check:path) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(String);

        impl $name {
            #[doc = concat!("Checks `name` with `", stringify!($check), "`.")]
            pub fn parse(name: &str) -> Result<Self, NameError> {
                $check(name).map(|()| Self(name.to_owned()))
            }

            /// The name as it was given.
            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }
    };
}

checked_name!(
    /// A Kafka topic name (Kafka's own rule).
    TopicName,
    super::check_topic
);
checked_name!(
    /// A Kubernetes namespace (K2).
    Namespace,
    super::check_namespace
);
checked_name!(
    /// A Kubernetes resource name: a KafkaConnector or KafkaMirrorMaker2 (K3, error part).
    ResourceName,
    super::check_resource_name
);
checked_name!(
    /// A ConfigMap name (K1).
    ConfigMapName,
    super::check_configmap_name
);
checked_name!(
    /// A kubectl context name.
    KubeContext,
    super::check_kubectl_context
);
checked_name!(
    /// A connector name for the Kafka Connect REST procedures (a MirrorMaker 2 name is K5).
    ConnectorName,
    super::check_rest_connector_name
);
checked_name!(
    /// The base URL of a Kafka Connect REST API.
    ConnectUrl,
    super::check_connect_url
);
checked_name!(
    /// A local file name the procedures write.
    FileName,
    super::check_file_name
);

/// The rule id of the ConfigMap name rule.
pub const CONFIGMAP_NAME_RULE: &str = "K1";

/// Where a ConfigMap name comes from, which decides how K1 words its diagnostic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConfigMapRole {
    /// The list ConfigMap of a procedure.
    List,
    /// The alter ConfigMap of a procedure.
    Alter,
    /// One round's ConfigMap of an alter in rounds.
    Round,
    /// The ConfigMap an export writes.
    Export,
    /// The ConfigMap a listing came in: a warning where its name stands, with the advice the
    /// listing's wrapper checks share.
    Listed {
        position: Position,
        advice: &'static str,
    },
}

impl ConfigMapName {
    /// K1, in one place: `name` as a checked ConfigMap name, or the diagnostic that refuses it,
    /// worded for `role`. Only the diagnostic's data key and entry are left to the caller.
    pub fn check(name: &str, role: ConfigMapRole) -> Result<ConfigMapName, Diagnostic> {
        let m = match ConfigMapName::parse(name) {
            Ok(name) => return Ok(name),
            Err(m) => m,
        };
        let got = |what: &str| format!("{m} Got '{}' for {what}.", super::shown(name));
        let rule = CONFIGMAP_NAME_RULE;
        Err(match role {
            ConfigMapRole::List => {
                Diagnostic::error(rule, Position::NONE, got("the list ConfigMap"))
            }
            ConfigMapRole::Alter => {
                Diagnostic::error(rule, Position::NONE, got("the alter ConfigMap"))
            }
            ConfigMapRole::Round => {
                Diagnostic::error(rule, Position::NONE, got("a round's ConfigMap"))
            }
            ConfigMapRole::Export => {
                Diagnostic::error(rule, Position::NONE, format!("'{name}': {m}"))
            }
            ConfigMapRole::Listed { position, advice } => Diagnostic::warning(
                rule,
                position,
                format!(
                    "The listed ConfigMap's name '{}' is invalid. {m} {advice}",
                    super::shown(name)
                ),
            ),
        })
    }
}

impl ConnectorName {
    /// The name as a URL path segment (`>` percent-encoded).
    pub fn path_segment(&self) -> String {
        super::rest_connector_path_segment(&self.0)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    #[test]
    fn parse_runs_the_check_and_keeps_its_sentence() {
        assert_eq!(TopicName::parse("orders").unwrap().as_str(), "orders");
        assert_eq!(
            TopicName::parse("").unwrap_err(),
            super::super::check_topic("").unwrap_err()
        );
        assert_eq!(Namespace::parse("kafka").unwrap().to_string(), "kafka");
        assert!(Namespace::parse("a.b").is_err());
        assert!(ResourceName::parse("my-connector").is_ok());
        assert!(ConfigMapName::parse("My").is_err());
        assert!(KubeContext::parse("admin@kind").is_ok());
        assert!(KubeContext::parse("-x").is_err());
        assert!(ConnectUrl::parse("http://connect:8083").is_ok());
        assert!(FileName::parse("a b").is_err());
        let mm2 = ConnectorName::parse("a->b.MirrorSourceConnector").unwrap();
        assert_eq!(mm2.path_segment(), "a-%3Eb.MirrorSourceConnector");
        assert!(ConnectorName::parse("a>b").is_err());
    }

    #[test]
    fn k1_words_its_diagnostic_for_where_the_name_comes_from() {
        let rule = super::super::check_configmap_name("A").unwrap_err();
        assert!(ConfigMapName::check("ok", ConfigMapRole::List).is_ok());
        let d = ConfigMapName::check("A", ConfigMapRole::Round).unwrap_err();
        assert_eq!(
            (d.rule, d.is_error(), d.message),
            (
                "K1",
                true,
                format!("{rule} Got 'A' for a round's ConfigMap.")
            )
        );
        let d = ConfigMapName::check("A", ConfigMapRole::Export).unwrap_err();
        assert_eq!(d.message, format!("'A': {rule}"));
        let position = Position::new(3, 9);
        let d = ConfigMapName::check(
            "A",
            ConfigMapRole::Listed {
                position,
                advice: "Fix it.",
            },
        )
        .unwrap_err();
        assert_eq!(
            (d.is_error(), d.position, d.message),
            (
                false,
                position,
                format!("The listed ConfigMap's name 'A' is invalid. {rule} Fix it.")
            )
        );
    }
}
