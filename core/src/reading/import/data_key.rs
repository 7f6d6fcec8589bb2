//! Which data key of a ConfigMap holds the offsets, chosen as Strimzi names them (docs/rules.md,
//! IMP2: `offsets.json` for a KafkaConnector, `<source>--<target>.<Type>.json` for MirrorMaker
//! 2), and the note that says which key was read and why (IMP2, KEY).
//!
//! Strimzi keeps the other data keys of a ConfigMap when it writes a listing into it, and
//! several connectors may list into one ConfigMap, so the order of the keys decides nothing:
//! a key is read because the user named it, because it is the only offsets key, because the
//! owner reference says which connector wrote it, or because it is a mirror's
//! MirrorSourceConnector key beside that mirror's other keys (only the source connector reads
//! its offsets). Anything else is a guess, which is refused.

use super::ImportOptions;
use crate::diag::{Diagnostic, Position};
use crate::json::{JsonValue, Member};
use crate::model::names::{self, MirrorDataKey};

/// The key Strimzi writes for a KafkaConnector.
const CONNECTOR_KEY: &str = "offsets.json";

/// The keys to choose from, in input order, once: every data key of `cm` Strimzi could have
/// written a listing under, or when there is none, every `*.json` key (`strimzi` false).
pub(super) struct Candidates {
    pub keys: Vec<String>,
    pub strimzi: bool,
}

/// The [`Candidates`] of `cm`.
pub(super) fn candidates(cm: &JsonValue) -> Candidates {
    let strimzi = offsets_keys(cm);
    if !strimzi.is_empty() {
        return Candidates {
            keys: strimzi,
            strimzi: true,
        };
    }
    Candidates {
        keys: keys_where(cm, |k| k.ends_with(".json")),
        strimzi: false,
    }
}

/// Every data key of `cm` Strimzi could have written a listing under, in input order, once.
pub(super) fn offsets_keys(cm: &JsonValue) -> Vec<String> {
    keys_where(cm, names::is_offsets_data_key)
}

fn keys_where(cm: &JsonValue, wanted: impl Fn(&str) -> bool) -> Vec<String> {
    let mut keys: Vec<String> = Vec::new();
    for m in cm
        .get("data")
        .and_then(JsonValue::as_members)
        .unwrap_or_default()
    {
        if wanted(&m.key) && !keys.contains(&m.key) {
            keys.push(m.key.clone());
        }
    }
    keys
}

/// Why a key was read.
enum Reason<'a> {
    Chosen,
    Only,
    /// The only `*.json` key, where no key is one Strimzi writes.
    OnlyJson,
    /// The owner reference's kind and name.
    Owner(&'a str, &'a str),
    /// The MirrorSourceConnector key of the mirror every other key belongs to.
    MirrorSource,
    /// The key of the connector the caller's context (a custom resource) names.
    Context(&'a str),
}

/// The key to read and the notes that say why; `Err` when no key can be read, or when two are
/// equally likely and `options.guess_key` is off.
pub(super) fn choose_key(
    data: &[Member],
    found: &Candidates,
    options: &ImportOptions,
    owner: Option<(&str, &str)>,
    data_pos: Position,
) -> Result<(String, Vec<Diagnostic>), Vec<Diagnostic>> {
    let candidates = found.keys.as_slice();
    let others_of = |key: &str| -> Vec<&str> {
        let mut v: Vec<&str> = Vec::new();
        for m in data {
            if m.key != key && !v.contains(&m.key.as_str()) {
                v.push(m.key.as_str());
            }
        }
        v
    };
    let key_pos = |key: &str| {
        data.iter()
            .rev()
            .find(|m| m.key == key)
            .map_or(data_pos, |m| m.key_pos)
    };
    let (key, reason) = match &options.data_key {
        Some(k) => {
            if !data.iter().any(|m| &m.key == k) {
                return Err(vec![Diagnostic::error(
                    "OPTION",
                    data_pos,
                    format!(
                        "This ConfigMap has no data key '{}'. Its offsets keys are: {}.",
                        names::shown(k),
                        list_or_none(candidates)
                    ),
                )]);
            }
            (k.clone(), Reason::Chosen)
        }
        None => match candidates {
            [] => return Err(vec![no_offsets_key(data_pos)]),
            [only] if found.strimzi => (only.clone(), Reason::Only),
            [only] => (only.clone(), Reason::OnlyJson),
            _ => match options
                .context_key
                .as_ref()
                .filter(|(k, _)| candidates.contains(k))
                .map(|(k, connector)| (k.clone(), Reason::Context(connector)))
                .or_else(|| decide(candidates, owner))
            {
                Some(decided) => decided,
                None if options.guess_key => {
                    let first = first_likely(candidates);
                    let warning = equally_likely(candidates, data_pos, Some(first));
                    return Ok((first.to_string(), vec![warning]));
                }
                None => return Err(vec![equally_likely(candidates, data_pos, None)]),
            },
        },
    };
    if matches!(reason, Reason::OnlyJson) {
        let warning = Diagnostic::warning(
            "IMP2",
            key_pos(&key),
            format!(
                "Read data key '{}', the only *.json key: it is not a key Strimzi writes (offsets.json for a KafkaConnector, SOURCE--TARGET.TYPE.json for MirrorMaker 2), so the operator never lists into it or alters from it. Export the alter under the key its connector reads.",
                names::shown(&key)
            ),
        )
        .with_data_key(key.clone());
        return Ok((key, vec![warning]));
    }
    let others = others_of(&key);
    if others.is_empty() {
        return Ok((key, Vec::new()));
    }
    let other_offsets: Vec<&str> = others
        .iter()
        .copied()
        .filter(|k| candidates.iter().any(|c| c == k))
        .collect();
    let not_offsets: Vec<&str> = others
        .iter()
        .copied()
        .filter(|k| !other_offsets.contains(k))
        .collect();
    let why = match reason {
        Reason::Chosen => "the key chosen".to_string(),
        Reason::Only => "the only offsets key of this ConfigMap".to_string(),
        Reason::Owner(kind, name) => format!(
            "the key Strimzi writes for the {kind} '{}' that owns this ConfigMap",
            names::shown(name)
        ),
        Reason::MirrorSource => "the mirror's MirrorSourceConnector key, the only one of its connectors that reads its offsets".to_string(),
        Reason::OnlyJson => String::new(),
        Reason::Context(connector) => format!(
            "the key of connector '{}', which the resource names",
            names::shown(connector)
        ),
    };
    let mut message = format!("Read data key '{}', {why}.", names::shown(&key));
    if !other_offsets.is_empty() {
        message.push_str(&format!(
            " Other offsets keys: {}; read one of them with --key KEY (or Offsets key in the page).",
            joined(&other_offsets)
        ));
    }
    if !not_offsets.is_empty() {
        message.push_str(&format!(
            " Not offsets keys (kept as they are): {}.",
            joined(&not_offsets)
        ));
    }
    let note = Diagnostic::info("KEY", key_pos(&key), message).with_data_key(key.clone());
    Ok((key, vec![note]))
}

/// The key that several candidates leave no doubt about, or `None`.
fn decide<'a>(
    candidates: &'a [String],
    owner: Option<(&'a str, &'a str)>,
) -> Option<(String, Reason<'a>)> {
    let mirror_keys: Vec<&String> = candidates.iter().filter(|k| is_mirror_key(k)).collect();
    let pool: Vec<&String> = match owner {
        Some((kind @ "KafkaConnector", name)) => {
            if candidates.iter().any(|k| k == CONNECTOR_KEY) {
                return Some((CONNECTOR_KEY.to_string(), Reason::Owner(kind, name)));
            }
            candidates.iter().collect()
        }
        Some(("KafkaMirrorMaker2", _)) if !mirror_keys.is_empty() => mirror_keys,
        _ => candidates.iter().collect(),
    };
    if let ([only], Some((kind, name))) = (pool.as_slice(), owner) {
        return Some(((*only).clone(), Reason::Owner(kind, name)));
    }
    let mut sources = pool.iter().filter(|k| is_source_key(k));
    let (Some(source), None) = (sources.next(), sources.next()) else {
        return None;
    };
    let mirror = mirror_of(source)?;
    pool.iter()
        .all(|k| mirror_of(k) == Some(mirror))
        .then(|| ((*source).clone(), Reason::MirrorSource))
}

fn is_mirror_key(key: &str) -> bool {
    names::parse_mirror_data_key(key).is_some()
}

fn is_source_key(key: &str) -> bool {
    names::parse_mirror_data_key(key)
        .is_some_and(|m| m.name.connector_type == "MirrorSourceConnector")
}

/// The `<source>--<target>` part of an MM2 key, compared as written (an alias may contain
/// `--`, so the key is never split to compare mirrors).
fn mirror_of(key: &str) -> Option<&str> {
    let m: MirrorDataKey = names::parse_mirror_data_key(key)?;
    let suffix_len = m.name.connector_type.len() + ".json".len() + 1;
    key.get(..key.len().checked_sub(suffix_len)?)
}

/// The key the page reads when several are equally likely: the first MirrorSourceConnector
/// key, else the first key.
fn first_likely(candidates: &[String]) -> &str {
    candidates
        .iter()
        .find(|k| is_source_key(k))
        .or(candidates.first())
        .map_or("", String::as_str)
}

/// Several offsets keys and nothing to tell them apart: an error that names each and `--key`,
/// or, when the page `read` one of them, a warning that says so (its Offsets key offers the
/// others).
fn equally_likely(candidates: &[String], pos: Position, read: Option<&str>) -> Diagnostic {
    let sources = candidates.iter().filter(|k| is_source_key(k)).count();
    let strimzi = candidates.iter().any(|k| names::is_offsets_data_key(k));
    let why = if !strimzi {
        "none of them is a key Strimzi writes, offsets.json or SOURCE--TARGET.TYPE.json".to_string()
    } else if sources > 1 && sources == candidates.len() {
        "each is the MirrorSourceConnector key of a different mirror".to_string()
    } else if sources > 1 {
        format!("{sources} of them are MirrorSourceConnector keys, of different mirrors")
    } else if candidates.iter().any(|k| k == CONNECTOR_KEY) {
        "a KafkaConnector's key beside MirrorMaker 2 keys, and no owner reference to tell which connector wrote it".to_string()
    } else if sources == 0 {
        "none of them is a MirrorSourceConnector key, the only MirrorMaker 2 connector that reads its offsets".to_string()
    } else {
        "they belong to different mirrors".to_string()
    };
    let head = format!(
        "This ConfigMap holds {} {} and nothing tells which one to read ({why}): {}.",
        candidates.len(),
        if strimzi {
            "offsets keys"
        } else {
            "*.json keys"
        },
        joined(candidates)
    );
    match read {
        Some(first) => Diagnostic::warning(
            "IMP2",
            pos,
            format!(
                "{head} Read '{}'; pick the one you mean under Offsets key.",
                names::shown(first)
            ),
        ),
        None => {
            // Only a key that is one shell word makes an example to copy.
            let example = Some(first_likely(candidates))
                .filter(|k| names::is_shell_safe(k))
                .map_or(String::new(), |k| format!(", for example --key {k}"));
            Diagnostic::error(
                "IMP2",
                pos,
                format!("{head} Name the one to read with --key KEY{example}."),
            )
        }
    }
}

/// IMP2: no key Strimzi writes, and no `*.json` key either.
fn no_offsets_key(pos: Position) -> Diagnostic {
    Diagnostic::error(
        "IMP2",
        pos,
        "No offsets entry found. Strimzi writes `offsets.json` for a KafkaConnector and `<source>--<target>.<Connector>.json` for MirrorMaker 2.",
    )
}

fn list_or_none(keys: &[String]) -> String {
    if keys.is_empty() {
        "none".to_string()
    } else {
        joined(keys)
    }
}

/// The keys as a message shows them (a hostile key cannot garble the terminal).
fn joined<S: AsRef<str>>(keys: &[S]) -> String {
    keys.iter()
        .map(|k| names::shown(k.as_ref()))
        .collect::<Vec<_>>()
        .join(", ")
}
