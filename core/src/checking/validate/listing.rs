//! Rules over the listing as a whole, emitted once per listing (IMP4–IMP6, S1, S10, MS14,
//! MC3, MC4, SK7), and the names of the ConfigMap wrapper (K1, K2, K4).

use super::Ctx;
use super::structure::duplicate_keys;
use crate::diag::{Position, Severity};
use crate::model::names::{self, ConfigMapName, ConfigMapRole};
use crate::model::{ConnectorKind, KindSource, Listing};

/// IMP5: every connector an ambiguous MirrorMaker 2 key can be read as, and which one is used.
fn ambiguous_key(l: &Listing, m: &names::MirrorDataKey) -> String {
    let all: Vec<String> = m.candidates.iter().map(|c| c.connector_name()).collect();
    let used = m.name.connector_name();
    let which = if m.fits_entries {
        format!(
            "the entries' cluster '{}' fits only {used}, which is used here",
            m.name.source
        )
    } else {
        format!("{used}, the first, is used here")
    };
    format!(
        "The connector name cannot be recovered from this key with certainty: an alias may contain '--', and a source alias may end or a target alias start with '-', so '{}' reads as {} connectors: {}; {which}. Check the listing against the KafkaMirrorMaker2 (check-resource RESOURCE --listing FILE matches each connector's own key), or confirm the source and target aliases.",
        names::shown(l.data_key.as_deref().unwrap_or("")),
        all.len(),
        all.join(", ")
    )
}

/// The rules about the listing as a whole; `entries` and `first_pos` describe its entries
/// (their number and the first one's position), `unchanged` says the payload equals the
/// baseline's (S10).
pub(super) fn listing_rules(
    cx: &mut Ctx<'_>,
    entries: usize,
    first_pos: Position,
    unchanged: bool,
) {
    let l = cx.listing;
    // No entries to classify and nothing else saying the kind (`Listing::kind_unknown`, over
    // the entries counted here: a streamed validation counts the rows left, not the imported).
    let kind_unknown = entries == 0 && l.kind_source == KindSource::Keys;
    detected_kind(cx, l, kind_unknown);
    wrapper_names(cx, l);
    top_level_fields(cx, l);
    entries_note(cx, l, entries, first_pos);
    unused_offsets(cx, l);
    if unchanged {
        cx.push(
            "S10",
            Severity::Info,
            l.offsets_pos,
            "No offsets changed.".into(),
            None,
        );
    }
}

/// What the listing was read as (IMP6, and GENERIC for a connector whose format is its own),
/// and a MirrorMaker 2 data key that reads as several connectors (IMP5).
fn detected_kind(cx: &mut Ctx<'_>, l: &Listing, kind_unknown: bool) {
    cx.push(
        "IMP6",
        Severity::Info,
        l.payload_pos,
        if kind_unknown {
            "Connector kind unknown: the listing has no entries to tell it from, so only the generic checks apply. Choose the kind (--kind, or Connector kind on the page) before adding entries.".to_owned()
        } else {
            format!("Detected: {}.", l.kind.label_from(l.kind_source))
        },
        None,
    );
    if l.kind == ConnectorKind::Generic && !kind_unknown {
        cx.push(
            "GENERIC",
            Severity::Info,
            l.payload_pos,
            "The format is defined by the connector; only structural checks are applied.".into(),
            None,
        );
    }
    if let Some(m) = &l.mirror
        && m.ambiguous
    {
        cx.push(
            "IMP5",
            Severity::Warning,
            l.data_key_pos,
            ambiguous_key(l, m),
            None,
        );
    }
}

/// Fields beside `offsets` at the top level (S1) and keys written twice there.
fn top_level_fields(cx: &mut Ctx<'_>, l: &Listing) {
    if let Some(first) = l.extra_fields.first() {
        let message = if first.key == "offsets" {
            // Jackson builds ConnectorOffsets from its one creator property on the first
            // 'offsets' and has no setter for a second one (seen on Kafka 4.2.0, 4.3.1 and 4.4.0's
            // workers); Kafka 3.9.1's Jackson 2.16 keeps the last one instead.
            format!(
                "'offsets' appears more than once at the top level: Kafka Connect {refused} or later reads none of them and answers HTTP 500 'Should never call `set()` on setterless property ('offsets')'; Kafka Connect {last} keeps only the last one and drops the others. Keep one 'offsets' array.",
                refused = crate::versions::CONNECT_REPEATED_KEY_REFUSED,
                last = crate::versions::CONNECT_REPEATED_KEY_LAST_WINS,
            )
        } else {
            format!(
                "Unexpected top-level field '{}': the payload must be {{\"offsets\": [...]}} with no other fields (Kafka Connect answers HTTP 500 'Unrecognized field \"{}\"'). Remove it.",
                first.key, first.key
            )
        };
        cx.push("S1", Severity::Error, first.key_pos, message, None);
    }
    duplicate_keys(cx, crate::json::RawMembers::of_tree(&l.extra_fields), None);
}

/// No entries (IMP4), or what the first entry's offset means for this kind (MS14, SK7).
fn entries_note(cx: &mut Ctx<'_>, l: &Listing, entries: usize, first_pos: Position) {
    if entries == 0 {
        cx.push(
            "IMP4",
            Severity::Info,
            l.offsets_pos,
            "No offsets listed yet. The connector has not committed any offsets, or they were reset. Source offsets are flushed every offset.flush.interval.ms (60 s by default).".into(),
            None,
        );
    } else {
        match l.kind {
            ConnectorKind::MirrorSource => cx.push(
                "MS14",
                Severity::Info,
                first_pos,
                "MirrorMaker resumes at offset + 1. Enter the offset of the last record that should count as already mirrored.".into(),
                None,
            ),
            ConnectorKind::Sink => cx.push(
                "SK7",
                Severity::Info,
                first_pos,
                "For sink connectors, kafka_offset is the NEXT record to consume.".into(),
                None,
            ),
            _ => {}
        }
    }
}

/// Connectors whose offsets change nothing: a checkpoint or heartbeat connector (MC3), and a
/// heartbeat connector the v1 API no longer manages (MC4).
fn unused_offsets(cx: &mut Ctx<'_>, l: &Listing) {
    if matches!(
        l.kind,
        ConnectorKind::MirrorCheckpoint | ConnectorKind::MirrorHeartbeat
    ) {
        cx.push(
            "MC3",
            Severity::Warning,
            l.payload_pos,
            format!(
                "{} does not use its offsets at runtime, so altering them has no effect on replication.",
                l.kind.label()
            ),
            None,
        );
    }
    if l.kind == ConnectorKind::MirrorHeartbeat
        && l.configmap
            .as_ref()
            .and_then(|c| c.strimzi_owner())
            .is_some_and(|o| o.api_version == "kafka.strimzi.io/v1")
    {
        cx.push(
            "MC4",
            Severity::Warning,
            l.payload_pos,
            "KafkaMirrorMaker2 (v1 API) no longer manages a heartbeat connector.".into(),
            None,
        );
    }
}

/// `a.payload() == b.payload()`, without building either payload.
pub(super) fn same_payload(a: &Listing, b: &Listing) -> bool {
    a.entries.len() == b.entries.len()
        && a.extra_fields == b.extra_fields
        && a.entries
            .iter()
            .zip(&b.entries)
            .all(|(x, y)| x.raw().same_as(y.raw()))
}

/// The naming rules of the wrapper the listing came in (docs/rules.md, K1, K2, K4): the ConfigMap's
/// name (K1) and namespace (K2) and the data key (K4). Kubernetes never writes invalid ones, so
/// they are warnings about the file, located where they are; exports check the names they
/// actually use again, as errors.
fn wrapper_names(cx: &mut Ctx<'_>, l: &Listing) {
    const ADVICE: &str = "Kubernetes never writes such a name: check where this file came from. Exports use the names you give, which are checked again.";
    if let Some(cm) = &l.configmap {
        if let Some(name) = &cm.name
            && let Err(d) = ConfigMapName::check(
                name,
                ConfigMapRole::Listed {
                    position: cm.name_pos,
                    advice: ADVICE,
                },
            )
        {
            cx.push_diagnostic(d);
        }
        if let Some(ns) = &cm.namespace
            && let Err(e) = names::check_namespace(ns)
        {
            cx.push(
                "K2",
                Severity::Warning,
                cm.namespace_pos,
                format!(
                    "The listed ConfigMap's namespace '{}' is invalid. {e} {ADVICE}",
                    names::shown(ns)
                ),
                None,
            );
        }
    }
    if let Some(key) = &l.data_key
        && names::check_data_key(key).is_err()
    {
        cx.push(
            "K4",
            Severity::Warning,
            l.data_key_pos,
            format!(
                "The data key '{}' is invalid: a ConfigMap data key is letters, digits, '-', '_' and '.', at most 253 characters, not starting with '..'. {ADVICE}",
                names::shown(key)
            ),
            None,
        );
    }
}
