//! Naming rules of Kafka, Kubernetes and Strimzi (docs/rules.md, K1–K5), shared by validation,
//! export and the generated shell procedures. Each check returns `Err(`[`NameError`]`)`, whose
//! `Display` is a sentence the user can act on, so callers can wrap it in a located diagnostic.

mod error;
mod typed;

pub use error::NameError;

pub use typed::{
    CONFIGMAP_NAME_RULE, ConfigMapName, ConfigMapRole, ConnectUrl, ConnectorName, FileName,
    KubeContext, Namespace, ResourceName, TopicName,
};

/// Longest legal Kafka topic name (`Topic.MAX_NAME_LENGTH`).
pub const MAX_TOPIC_LENGTH: usize = 249;
/// Largest Kafka partition number (Java `int`).
pub const MAX_PARTITION: i64 = 2_147_483_647;

/// Kafka's own topic rule (`org.apache.kafka.common.internals.Topic.validate`), with its messages.
pub fn check_topic(topic: &str) -> Result<(), NameError> {
    if topic.is_empty() {
        return Err(NameError::TopicEmpty);
    }
    let topic_owned = || topic.to_owned();
    if topic == "." || topic == ".." {
        return Err(NameError::TopicDots {
            topic: topic_owned(),
        });
    }
    // Kafka's `Topic.validate` checks the length (Java's, in UTF-16 units) before the
    // characters. One pass in the usual case: a name of Kafka's characters is ASCII, so its
    // length is its length in bytes; only a name with another character is counted.
    let legal = topic
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'));
    let length = if legal {
        topic.len()
    } else {
        topic.encode_utf16().count()
    };
    if length > MAX_TOPIC_LENGTH {
        return Err(NameError::TopicTooLong {
            topic: topic_owned(),
        });
    }
    if !legal {
        return Err(NameError::TopicCharacters {
            topic: topic_owned(),
        });
    }
    Ok(())
}

fn is_dns1123_label_part(s: &str) -> bool {
    let bytes = s.as_bytes();
    !bytes.is_empty()
        && bytes
            .iter()
            .all(|&b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && bytes.first().is_some_and(|b| *b != b'-')
        && bytes.last().is_some_and(|b| *b != b'-')
}

/// DNS-1123 label: `[a-z0-9]([-a-z0-9]*[a-z0-9])?`, at most 63 characters (namespaces).
pub fn is_dns1123_label(s: &str) -> bool {
    s.len() <= 63 && is_dns1123_label_part(s)
}

/// DNS-1123 subdomain: labels joined by `.`, at most 253 characters (ConfigMap and CR names).
pub fn is_dns1123_subdomain(s: &str) -> bool {
    s.len() <= 253 && !s.is_empty() && s.split('.').all(is_dns1123_label_part)
}

/// DNS-1035 label: a DNS-1123 label that starts with a letter (Service names).
pub fn is_dns1035_label(s: &str) -> bool {
    is_dns1123_label(s) && s.as_bytes().first().is_some_and(u8::is_ascii_lowercase)
}

/// K1: a ConfigMap name (the checked name: [`ConfigMapName::parse`]).
pub fn check_configmap_name(name: &str) -> Result<(), NameError> {
    refuse_unless(is_dns1123_subdomain(name), || NameError::ConfigMapName)
}

/// K2: a namespace (the checked name: [`Namespace::parse`]).
pub fn check_namespace(ns: &str) -> Result<(), NameError> {
    refuse_unless(is_dns1123_label(ns), || NameError::Namespace)
}

/// K3 (error part): a KafkaConnector or KafkaMirrorMaker2 name (the checked name:
/// [`ResourceName::parse`]).
pub fn check_resource_name(name: &str) -> Result<(), NameError> {
    refuse_unless(is_dns1123_subdomain(name), || NameError::ResourceName {
        name: name.to_owned(),
    })
}

/// K3 (warning part): a KafkaMirrorMaker2 name must also make `<name>-mirrormaker2-api` a valid
/// DNS-1035 Service name, so it starts with a letter, has no `.` and is at most 46 characters.
pub fn check_mirrormaker2_service_name(name: &str) -> Result<(), NameError> {
    let ok = is_dns1035_label(&format!("{name}-mirrormaker2-api"));
    refuse_unless(ok, || NameError::MirrorMaker2ServiceName {
        name: name.to_owned(),
    })
}

/// A MirrorMaker 2 cluster alias: `^[a-zA-Z0-9._-]{1,100}$`.
pub fn check_alias(alias: &str) -> Result<(), NameError> {
    let ok = (1..=100).contains(&alias.len())
        && alias
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'));
    refuse_unless(ok, || NameError::Alias {
        alias: alias.to_owned(),
    })
}

/// A ConfigMap data key: `[-._a-zA-Z0-9]+`, at most 253 characters, not `.`, `..` or `..*`.
pub fn check_data_key(key: &str) -> Result<(), NameError> {
    let ok = !key.is_empty()
        && key.len() <= 253
        && key
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
        && key != "."
        && !key.starts_with("..");
    refuse_unless(ok, || NameError::DataKey {
        key: key.to_owned(),
    })
}

/// The MirrorMaker 2 connector types Strimzi manages.
pub const MIRROR_CONNECTOR_TYPES: [&str; 3] = [
    "MirrorSourceConnector",
    "MirrorCheckpointConnector",
    "MirrorHeartbeatConnector",
];

/// A parsed MirrorMaker 2 connector name `<source>-><target>.<Type>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MirrorConnectorName {
    pub source: String,
    pub target: String,
    pub connector_type: &'static str,
}

impl MirrorConnectorName {
    /// The connector name as Strimzi and Kafka Connect spell it (`east->west.MirrorSourceConnector`).
    pub fn connector_name(&self) -> String {
        format!("{}->{}.{}", self.source, self.target, self.connector_type)
    }

    /// The ConfigMap data key Strimzi reads and writes for it (`east--west.MirrorSourceConnector.json`).
    pub fn data_key(&self) -> String {
        format!(
            "{}--{}.{}.json",
            self.source, self.target, self.connector_type
        )
    }
}

impl MirrorConnectorName {
    /// K5: parses and checks an MM2 connector name.
    pub fn parse(name: &str) -> Result<MirrorConnectorName, NameError> {
        let err = || NameError::MirrorConnectorName {
            name: name.to_owned(),
        };
        let (source, rest) = name.split_once("->").ok_or_else(err)?;
        let connector_type = MIRROR_CONNECTOR_TYPES
            .iter()
            .find(|t| rest.ends_with(&format!(".{t}")))
            .ok_or_else(err)?;
        let target = &rest[..rest.len() - connector_type.len() - 1];
        check_alias(source).map_err(|_| err())?;
        check_alias(target).map_err(|_| err())?;
        Ok(MirrorConnectorName {
            source: source.into(),
            target: target.into(),
            connector_type,
        })
    }
}

/// The result of reading an MM2 data key back into a connector name (IMP5).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MirrorDataKey {
    /// The first reading of the key (see [`MirrorDataKey::candidates`]).
    pub name: MirrorConnectorName,
    /// True when the key reads as more than one connector name: an alias contains `--`, the
    /// source ends with `-` or the target starts with `-` (the CRD allows
    /// `[a-zA-Z0-9._-]{1,100}`), so the `--` Strimzi wrote in place of `->` cannot be told from
    /// one inside an alias.
    pub ambiguous: bool,
    /// Every connector name whose key is this one, split at each `--` in turn (one when the
    /// key is not ambiguous). Match a resource's connectors against all of them.
    pub candidates: Vec<MirrorConnectorName>,
    /// True when `name` is the one reading whose source alias every entry's `cluster` is (the
    /// import's choice for an ambiguous key); false when it is the first reading.
    pub fits_entries: bool,
}

impl MirrorDataKey {
    /// The source aliases the key can be read with, in the order of [`MirrorDataKey::candidates`].
    pub fn source_aliases(&self) -> impl Iterator<Item = &str> {
        self.candidates.iter().map(|c| c.source.as_str())
    }
}

/// Reads `<source>--<target>.<Type>.json` back into a connector name, keeping every split of
/// the key into two valid aliases. `None` when the key is not an MM2 key at all.
pub fn parse_mirror_data_key(key: &str) -> Option<MirrorDataKey> {
    let stem = key.strip_suffix(".json")?;
    let connector_type = MIRROR_CONNECTOR_TYPES
        .iter()
        .find(|t| stem.ends_with(&format!(".{t}")))?;
    let pair = &stem[..stem.len() - connector_type.len() - 1];
    // Every `--`, overlapping ones included: `a---b` is `a`->`-b` or `a-`->`b`.
    let candidates: Vec<MirrorConnectorName> = (0..pair.len())
        .filter(|&i| pair.get(i..).is_some_and(|rest| rest.starts_with("--")))
        .filter_map(|i| {
            let source = pair.get(..i)?;
            let target = pair.get(i + 2..)?;
            (check_alias(source).is_ok() && check_alias(target).is_ok()).then(|| {
                MirrorConnectorName {
                    source: source.into(),
                    target: target.into(),
                    connector_type,
                }
            })
        })
        .collect();
    Some(MirrorDataKey {
        name: candidates.first()?.clone(),
        ambiguous: candidates.len() > 1,
        candidates,
        fits_entries: false,
    })
}

/// True for a data key Strimzi writes a listing under (docs/rules.md, IMP2): `offsets.json` (a
/// KafkaConnector) or `<source>--<target>.<Type>.json` (a MirrorMaker 2 connector). Any other
/// key (`app-config.json`) is the user's own data, which Strimzi keeps beside the listing.
pub fn is_offsets_data_key(key: &str) -> bool {
    key == "offsets.json" || parse_mirror_data_key(key).is_some()
}

/// Shows a user-supplied value inside a message: control characters, quotes and other
/// invisible characters are escaped and long values are cut, so a hostile name cannot garble
/// the terminal or the page that displays the diagnostic.
pub fn shown(value: &str) -> String {
    const MAX: usize = 80;
    let mut out = String::new();
    for (i, c) in value.chars().enumerate() {
        if i == MAX {
            out.push('…');
            break;
        }
        out.extend(c.escape_debug());
    }
    out
}

/// Quotes a value for POSIX shells: the value between single quotes, with every `'` written as
/// `'\''`. Inside single quotes the shell expands nothing (`$`, backticks, `\`, newlines), so the
/// result is always one literal word. Validated names never contain `'`; this is the second line
/// of defence.
pub fn shell_quote(value: &str) -> String {
    let mut out = String::with_capacity(value.len() + 2);
    out.push('\'');
    for c in value.chars() {
        if c == '\'' {
            out.push_str("'\\''");
        } else {
            out.push(c);
        }
    }
    out.push('\'');
    out
}

/// True for characters that never need quoting in a shell word (`strimzi.io/connector-offsets=list`).
pub fn is_shell_safe(value: &str) -> bool {
    !value.is_empty()
        && value.bytes().all(|b| {
            b.is_ascii_alphanumeric()
                || matches!(
                    b,
                    b'.' | b'_' | b'-' | b'/' | b'=' | b':' | b',' | b'@' | b'%' | b'+'
                )
        })
}

/// Longest kubectl context name accepted.
pub const MAX_CONTEXT_LENGTH: usize = 253;

/// A kubectl context name. Kubeconfig allows almost any string, but real context names use few
/// characters (`prod`, `gke_project_zone_cluster`, `arn:aws:eks:eu-west-1:1:cluster/x`,
/// `admin@kind`, `default/api-crc-testing:6443/kubeadmin`). We accept 1 to 253 letters, digits
/// and `._:/@+-`, not starting with `-`. The name is still single-quoted.
pub fn check_kubectl_context(context: &str) -> Result<(), NameError> {
    let ok = (1..=MAX_CONTEXT_LENGTH).contains(&context.len())
        && !context.starts_with('-')
        && context.bytes().all(|b| {
            b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b':' | b'/' | b'@' | b'+' | b'-')
        });
    refuse_unless(ok, || NameError::KubectlContext {
        context: context.to_owned(),
    })
}

/// Longest Kafka Connect REST URL accepted.
pub const MAX_URL_LENGTH: usize = 2048;

/// The base URL of a Kafka Connect REST API: `http://` or `https://`, a host, optional port and
/// path, and nothing else: no query, fragment, whitespace, quotes or shell metacharacters. The
/// characters allowed are letters, digits and `-._~:/@%+[]` (the `[]` for IPv6 hosts).
pub fn check_connect_url(url: &str) -> Result<(), NameError> {
    let rest = url
        .strip_prefix("http://")
        .or_else(|| url.strip_prefix("https://"));
    let ok = url.len() <= MAX_URL_LENGTH
        && rest.is_some_and(|r| {
            !r.is_empty()
                && !r.starts_with('/')
                && r.bytes().all(|b| {
                    b.is_ascii_alphanumeric()
                        || matches!(
                            b,
                            b'-' | b'.'
                                | b'_'
                                | b'~'
                                | b':'
                                | b'/'
                                | b'@'
                                | b'%'
                                | b'+'
                                | b'['
                                | b']'
                        )
                })
        });
    refuse_unless(ok, || NameError::ConnectUrl {
        url: url.to_owned(),
    })
}

/// Longest connector name accepted for the REST procedures.
pub const MAX_REST_CONNECTOR_LENGTH: usize = 249;

/// A connector name for the Kafka Connect REST procedures. Connect itself allows almost any
/// string, but the name becomes a URL path segment and a shell word, so we accept the names
/// people use: 1 to 249 of letters, digits, `.`, `_` and `-` (not starting with `-`, not `.` or
/// `..`), or a MirrorMaker 2 connector name (K5), whose `>` is percent-encoded in the URL.
pub fn check_rest_connector_name(name: &str) -> Result<(), NameError> {
    if name.contains("->") {
        return MirrorConnectorName::parse(name).map(drop);
    }
    let ok = (1..=MAX_REST_CONNECTOR_LENGTH).contains(&name.len())
        && !name.starts_with('-')
        && name != "."
        && name != ".."
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'));
    refuse_unless(ok, || NameError::RestConnectorName {
        name: name.to_owned(),
    })
}

/// The connector name as a URL path segment: only `>` (from MM2 names) needs percent-encoding
/// after [`check_rest_connector_name`].
pub fn rest_connector_path_segment(name: &str) -> String {
    name.replace('>', "%3E")
}

/// A local file name the procedures write (`alter.yaml`, `list.yaml`): 1 to 255 of letters,
/// digits, `.`, `_`, `-` and `/`, not starting with `-`.
pub fn check_file_name(path: &str) -> Result<(), NameError> {
    let ok = (1..=255).contains(&path.len())
        && !path.starts_with('-')
        && !path.ends_with('/')
        && path
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-' | b'/'));
    refuse_unless(ok, || NameError::FileName {
        path: path.to_owned(),
    })
}

/// `Ok(())` when `ok`, else the refusal the name's check words.
fn refuse_unless(ok: bool, refusal: impl FnOnce() -> NameError) -> Result<(), NameError> {
    if ok { Ok(()) } else { Err(refusal()) }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;

    #[test]
    fn topic_rules_match_kafka() {
        assert!(check_topic("orders").is_ok());
        assert!(check_topic("a.b_c-D9").is_ok());
        assert_eq!(
            check_topic("").unwrap_err().to_string(),
            "Topic name is invalid: the empty string is not allowed"
        );
        assert_eq!(
            check_topic("..").unwrap_err().to_string(),
            "Topic name is invalid: '..' is not allowed"
        );
        assert!(check_topic(&"x".repeat(249)).is_ok());
        assert!(
            check_topic(&"x".repeat(250))
                .unwrap_err()
                .to_string()
                .contains("max allowed length 249")
        );
        assert!(
            check_topic("a b")
                .unwrap_err()
                .to_string()
                .contains("other than ASCII alphanumerics")
        );
        assert!(check_topic("<script>").is_err());
        // Length first, in Java's UTF-16 units, as Kafka counts it: 200 'é' are 400 bytes but
        // 200 units (the characters are what is wrong); 125 emoji are 250 units (too long).
        let too_long = |t: &str| {
            check_topic(t)
                .unwrap_err()
                .to_string()
                .contains("max allowed length 249")
        };
        assert!(!too_long(&"é".repeat(200)));
        assert!(too_long(&"é".repeat(250)));
        assert!(too_long(&"😀".repeat(125)));
        assert!(!too_long(&"😀".repeat(124)));
    }

    #[test]
    fn dns_names() {
        assert!(is_dns1123_subdomain("my-mm2-offsets"));
        assert!(is_dns1123_subdomain("a.b-c.d"));
        assert!(!is_dns1123_subdomain("My"));
        assert!(!is_dns1123_subdomain("-a"));
        assert!(!is_dns1123_subdomain("a..b"));
        assert!(!is_dns1123_subdomain(""));
        assert!(!is_dns1123_subdomain(&"a".repeat(254)));
        assert!(is_dns1123_label("kafka"));
        assert!(!is_dns1123_label("a.b"));
        assert!(!is_dns1123_label(&"a".repeat(64)));
        assert!(check_mirrormaker2_service_name("my-mm2").is_ok());
        assert!(check_mirrormaker2_service_name("1mm2").is_err());
        assert!(check_mirrormaker2_service_name(&"a".repeat(47)).is_err());
        assert!(check_mirrormaker2_service_name(&"a".repeat(46)).is_ok());
    }

    #[test]
    fn data_keys() {
        assert!(check_data_key("offsets.json").is_ok());
        assert!(check_data_key("east--west.MirrorSourceConnector.json").is_ok());
        assert!(check_data_key("..x").is_err());
        assert!(check_data_key("a/b").is_err());
    }

    #[test]
    fn mirror_connector_names_round_trip_through_data_keys() {
        let name = MirrorConnectorName::parse("east->west.MirrorSourceConnector").unwrap();
        assert_eq!(name.data_key(), "east--west.MirrorSourceConnector.json");
        let back = parse_mirror_data_key(&name.data_key()).unwrap();
        assert_eq!(back.name, name);
        assert!(!back.ambiguous);
        assert!(MirrorConnectorName::parse("east->west").is_err());
        assert!(MirrorConnectorName::parse("east west->x.MirrorSourceConnector").is_err());
        assert!(parse_mirror_data_key("offsets.json").is_none());
    }

    #[test]
    fn ambiguous_mirror_keys_are_flagged() {
        let k = parse_mirror_data_key("a--b--c.MirrorSourceConnector.json").unwrap();
        assert!(k.ambiguous);
        let k = parse_mirror_data_key("a---b.MirrorCheckpointConnector.json").unwrap();
        assert!(k.ambiguous);
    }

    #[test]
    fn every_split_of_a_mirror_key_is_kept() {
        let k = parse_mirror_data_key("a--b--c.MirrorSourceConnector.json").unwrap();
        let names: Vec<String> = k.candidates.iter().map(|c| c.connector_name()).collect();
        assert_eq!(
            names,
            [
                "a->b--c.MirrorSourceConnector",
                "a--b->c.MirrorSourceConnector"
            ]
        );
        let k = parse_mirror_data_key("a---b.MirrorSourceConnector.json").unwrap();
        let sources: Vec<&str> = k.source_aliases().collect();
        assert_eq!(sources, ["a", "a-"]);
        // A dash at an end alone leaves one reading.
        let k = parse_mirror_data_key("a--b-.MirrorSourceConnector.json").unwrap();
        assert!(!k.ambiguous);
        assert_eq!(k.candidates.len(), 1);
        assert!(is_offsets_data_key("offsets.json"));
        assert!(is_offsets_data_key("e--w.MirrorHeartbeatConnector.json"));
        assert!(!is_offsets_data_key("app-config.json"));
        assert!(!is_offsets_data_key("ew.MirrorSourceConnector.json"));
    }

    #[test]
    fn shell_quote_handles_single_quotes() {
        assert_eq!(shell_quote("kafka"), "'kafka'");
        assert_eq!(shell_quote(""), "''");
        assert_eq!(shell_quote("it's"), "'it'\\''s'");
        assert_eq!(shell_quote("$(rm -rf /)"), "'$(rm -rf /)'");
    }

    #[test]
    fn context_url_connector_and_file_rules() {
        assert!(check_kubectl_context("arn:aws:eks:eu-west-1:123:cluster/prod").is_ok());
        assert!(check_kubectl_context("admin@kind-kind").is_ok());
        assert!(check_kubectl_context("default/api-crc-testing:6443/kubeadmin").is_ok());
        for bad in [
            "", "a b", "a'b", "$(x)", "`x`", "-x", "é", "a\nb", "a;b", "a|b", "a&b", "a>b", "*",
        ] {
            assert!(check_kubectl_context(bad).is_err(), "{bad:?}");
        }
        assert!(check_connect_url("http://connect:8083").is_ok());
        assert!(check_connect_url("https://[::1]:8083/base").is_ok());
        for bad in [
            "",
            "ftp://x",
            "http://",
            "http:///x",
            "http://a b",
            "http://x?y=1",
            "http://x#f",
            "http://x'",
            "http://$(x)",
        ] {
            assert!(check_connect_url(bad).is_err(), "{bad:?}");
        }
        assert!(check_rest_connector_name("my-sink.v2").is_ok());
        assert!(check_rest_connector_name("east->west.MirrorSourceConnector").is_ok());
        assert_eq!(
            rest_connector_path_segment("a->b.MirrorSourceConnector"),
            "a-%3Eb.MirrorSourceConnector"
        );
        for bad in ["", ".", "..", "-x", "a b", "a/b", "a>b", "a->b", "x;y"] {
            assert!(check_rest_connector_name(bad).is_err(), "{bad:?}");
        }
        assert!(check_file_name("out/alter.yaml").is_ok());
        for bad in ["", "-f", "a b", "dir/", "a;b"] {
            assert!(check_file_name(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn shown_escapes_control_characters_and_cuts_long_values() {
        assert_eq!(shown("a\nb"), "a\\nb");
        assert_eq!(shown(&"x".repeat(100)).chars().count(), 81);
    }
}
