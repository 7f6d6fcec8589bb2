//! The wiring checks: CR5 (`listOffsets` / `alterOffsets` for this kind and API version),
//! CR6 (the alter ConfigMap against the CR) and CR7 (the listing against the CR).

use super::commands::{configmap_json, patch};
use super::{Against, Finding, LowerFirst, Names, connector_label};
use crate::diag::Severity;
use crate::model::Listing;
use crate::model::names::shown;
use crate::reading::resource::{
    ANNOTATION_MIRROR_CONNECTOR, ConnectorSpec, Field, Resource, ResourceKind,
};

/// CR5: where the offsets properties are, for this kind and API version.
pub(super) fn check_wiring(
    r: &Resource,
    n: &Names,
    op: Option<&str>,
    against: &Against<'_>,
    chosen: Option<(Option<usize>, &ConnectorSpec)>,
    out: &mut Vec<Finding>,
) {
    misplaced_mirror_fields(r, out);
    offsets_configmap_names(r, out);
    let Some((mirror, c)) = chosen else {
        unnamed_connector(r, out);
        return;
    };
    missing_offsets_properties((n, r, mirror, c), op, against, out);
}

/// CR5 for what a mirror holds that the operator never reads there: a connector property outside
/// the connector block, and (in v1) the aliases and the heartbeat connector v1 removed.
fn misplaced_mirror_fields(r: &Resource, out: &mut Vec<Finding>) {
    for m in &r.mirrors {
        for (p, pos) in &m.misplaced {
            out.push(Finding::new(
                "CR5",
                Severity::Error,
                *pos,
                format!(
                    "spec.mirrors[{}].{p} is not a mirror property: it belongs inside the connector block (spec.mirrors[{}].sourceConnector.{p}, or checkpointConnector). The operator never reads it here.",
                    m.index, m.index
                ),
            ));
        }
        if r.is_v1() {
            for (f, pos) in &m.old_fields {
                out.push(Finding::new(
                    "CR5",
                    Severity::Error,
                    *pos,
                    format!(
                        "spec.mirrors[{}].{f} does not exist in kafka.strimzi.io/v1 (Strimzi 1.0 or later): use spec.mirrors[{}].source.alias and spec.target.alias.",
                        m.index, m.index
                    ),
                ));
            }
            for c in &m.connectors {
                if c.connector_type == Some("MirrorHeartbeatConnector") {
                    out.push(Finding::new(
                        "CR5",
                        Severity::Error,
                        c.pos,
                        format!(
                            "spec.mirrors[{}].heartbeatConnector does not exist in kafka.strimzi.io/v1: KafkaMirrorMaker2 no longer manages a heartbeat connector from Strimzi 1.0.",
                            m.index
                        ),
                    ));
                }
            }
        }
    }
}

/// CR5 for every connector's `listOffsets` / `alterOffsets` ConfigMap names: each must name one,
/// and not the same one.
fn offsets_configmap_names(r: &Resource, out: &mut Vec<Finding>) {
    for (mirror, c) in r.connectors() {
        for (o, what) in [
            (&c.list_offsets, "listOffsets.toConfigMap.name"),
            (&c.alter_offsets, "alterOffsets.fromConfigMap.name"),
        ] {
            if let Some(o) = o
                && !matches!(o.configmap, Field::Text(_))
            {
                out.push(Finding::new(
                    "CR5",
                    Severity::Error,
                    o.configmap.pos().unwrap_or(o.pos),
                    format!(
                        "{}/{} must name a ConfigMap.",
                        c.path,
                        what.replace('.', "/")
                    ),
                ));
            }
        }
        let list = c.list_offsets.as_ref().and_then(|o| o.configmap.value());
        let alter = c.alter_offsets.as_ref().and_then(|o| o.configmap.value());
        if let (Some(l), Some(a), Some(o)) = (list, alter, c.alter_offsets.as_ref())
            && l == a
        {
            out.push(Finding::new(
                "CR5",
                Severity::Warning,
                o.configmap.pos().unwrap_or(o.pos),
                format!(
                    "{} reads its alter offsets from '{}', the ConfigMap listOffsets writes: the next list overwrites your edits there (and the operator owns that data key after a server-side apply). Use a separate alter ConfigMap, e.g. '{}-alter'.",
                    connector_label(mirror, c),
                    shown(a),
                    shown(l)
                ),
            ));
        }
    }
}

/// CR5 when no connector is named: a KafkaMirrorMaker2 without one, or with several to choose
/// from.
fn unnamed_connector(r: &Resource, out: &mut Vec<Finding>) {
    if r.kind == ResourceKind::KafkaMirrorMaker2 {
        let count = r.connectors().len();
        let pos = r.mirrors.first().map_or(r.kind_pos, |m| m.pos);
        out.push(Finding::new(
            "CR5",
            if count == 0 { Severity::Error } else { Severity::Info },
            pos,
            if count == 0 {
                "This KafkaMirrorMaker2 has no connector (spec.mirrors[i].sourceConnector): there are no offsets to list or alter.".to_string()
            } else {
                format!(
                    "{count} connectors; the wiring of one connector is checked when it is named (--connector, the listing's data key, or the {ANNOTATION_MIRROR_CONNECTOR} annotation)."
                )
            },
        ));
    }
}

/// CR5 for the named connector: the `alterOffsets` a pending alter needs, the `listOffsets` a
/// list needs.
fn missing_offsets_properties(
    (n, r, mirror, c): (&Names, &Resource, Option<usize>, &ConnectorSpec),
    op: Option<&str>,
    against: &Against<'_>,
    out: &mut Vec<Finding>,
) {
    // Only a pending alter needs alterOffsets now. The procedures an alter export goes with
    // (plan, plan --create, the page's) set it themselves before they annotate, and a create
    // writes the resource with it: for them its absence is no error (issue 31, item 7).
    let wants_list = op == Some("list");
    if c.alter_offsets.is_none() {
        let default = format!("{}-offsets-alter", r.name.value().unwrap_or("my"));
        let name = against
            .alter
            .and_then(|a| a.configmap.as_ref())
            .and_then(|m| m.name.as_deref())
            .unwrap_or(&default);
        if op == Some("alter") {
            out.push(missing_property(
                (n, r, mirror, c),
                "alter",
                ("alterOffsets", "fromConfigMap"),
                name,
                " to the alter ConfigMap",
            ));
        } else if against.alter.is_some() {
            out.push(Finding::new(
                "CR5",
                Severity::Info,
                c.pos,
                format!(
                    "{} has no alterOffsets yet. The generated procedures set {}/alterOffsets/fromConfigMap/name to '{}' themselves before they annotate (a create writes the resource with it) and put back what was there afterwards; only an alter by hand needs it set first.",
                    connector_label(mirror, c),
                    c.path,
                    shown(name)
                ),
            ));
        }
    }
    if wants_list && c.list_offsets.is_none() {
        let name = format!("{}-offsets", r.name.value().unwrap_or("my"));
        out.push(missing_property(
            (n, r, mirror, c),
            "list",
            ("listOffsets", "toConfigMap"),
            &name,
            "",
        ));
    }
}

/// CR5 for a connector without `alterOffsets` / `listOffsets`: the operator's own error, and the
/// patch that sets `{property}/{key}/name` to `name`.
fn missing_property(
    (n, r, mirror, c): (&Names, &Resource, Option<usize>, &ConnectorSpec),
    verb: &str,
    (property, key): (&str, &str),
    name: &str,
    to_what: &str,
) -> Finding {
    let command = configmap_json(key, name).and_then(|v| patch(n, r, mirror, c, property, v));
    Finding::new(
        "CR5",
        Severity::Error,
        c.pos,
        format!(
            "{} has no {property}: a{} {verb} fails with 'Failed to {verb} the connector offsets due to missing property {property} in {} CR.' Set {}/{property}/{key}/name{to_what}.",
            connector_label(mirror, c),
            if verb == "alter" { "n" } else { "" },
            r.kind.as_str(),
            c.path
        ),
    )
    .with(command)
}

pub(super) fn data_key_of(r: &Resource, c: &ConnectorSpec) -> Option<String> {
    match r.kind {
        ResourceKind::KafkaConnector => Some("offsets.json".into()),
        ResourceKind::KafkaMirrorMaker2 => c
            .name
            .as_ref()
            .map(|n| format!("{}.json", n.replace("->", "--"))),
    }
}

/// CR6: the alter ConfigMap export against the CR.
pub(super) fn check_alter(
    r: &Resource,
    n: &Names,
    op: Option<&str>,
    alter: &Listing,
    chosen: Option<(Option<usize>, &ConnectorSpec)>,
    out: &mut Vec<Finding>,
) {
    let meta = alter.configmap.as_ref();
    let name = meta.and_then(|m| m.name.as_deref());
    if let Some((mirror, c)) = chosen {
        let wired = c.alter_offsets.as_ref().and_then(|o| o.configmap.text());
        // Only a pending alter reads alterOffsets as it is; the generated procedures point it
        // at the export themselves and put it back afterwards, as CR5 says of a missing one
        // (issue 31, item 7: CR6 had CR5's false error).
        if let (Some(w), Some(name)) = (wired, name)
            && w.value != name
            && op != Some("alter")
        {
            out.push(Finding::new(
                "CR6",
                Severity::Info,
                w.pos,
                format!(
                    "{} reads its alter offsets from ConfigMap '{}', and the alter export is named '{}'. The generated procedures point alterOffsets at '{}' themselves before they annotate and put '{}' back afterwards; only an alter by hand needs the two to agree.",
                    connector_label(mirror, c),
                    shown(&w.value),
                    shown(name),
                    shown(name),
                    shown(&w.value)
                ),
            ));
        } else if let (Some(w), Some(name)) = (wired, name)
            && w.value != name
        {
            let command = configmap_json("fromConfigMap", name)
                .and_then(|v| patch(n, r, mirror, c, "alterOffsets", v));
            out.push(
                Finding::new(
                    "CR6",
                    Severity::Error,
                    w.pos,
                    format!(
                        "{} reads its alter offsets from ConfigMap '{}', but the alter export is named '{}', and the pending strimzi.io/connector-offsets=alter reads '{}' as it is. Export with --name {} or point alterOffsets at the export.",
                        connector_label(mirror, c),
                        shown(&w.value),
                        shown(name),
                        shown(&w.value),
                        shown(&w.value)
                    ),
                )
                .with(command),
            );
        }
        if let (Some(expected), Some(key)) = (data_key_of(r, c), alter.data_key.as_deref())
            && expected != key
        {
            out.push(Finding::new(
                "CR6",
                Severity::Error,
                c.pos,
                format!(
                    "The alter ConfigMap holds key '{}', but the operator reads '{}' for {}: the alter would fail with 'Data field {} is missing.' Export for this connector (--connector).",
                    shown(key),
                    shown(&expected),
                    c.name.as_deref().map_or_else(|| "this connector".into(), shown),
                    shown(&expected)
                ),
            ));
        }
    } else if r.kind == ResourceKind::KafkaMirrorMaker2 {
        let wanted = alter.mirror.as_ref().map(|m| m.name.connector_name());
        out.push(Finding::new(
            "CR6",
            Severity::Error,
            r.mirrors.first().map_or(r.kind_pos, |m| m.pos),
            format!(
                "The alter ConfigMap's key {} names no connector of this KafkaMirrorMaker2: the operator would never read it.",
                alter.data_key.as_deref().map_or_else(|| "(none)".into(), |k| format!("'{}'", shown(k))),
            ) + &wanted.map_or_else(String::new, |w| format!(" (It is for '{}'.)", shown(&w))),
        ));
    }
    if let (Some(ns), Some(theirs)) = (
        r.namespace.text(),
        meta.and_then(|m| m.namespace.as_deref()),
    ) && ns.value != theirs
    {
        out.push(Finding::new(
            "CR6",
            Severity::Error,
            ns.pos,
            format!(
                "The alter ConfigMap is in namespace '{}', the {} in '{}': the operator looks for it in the resource's namespace only ('ConfigMap {}/{} does not exist'). Export with --namespace {}.",
                shown(theirs),
                r.kind.as_str(),
                shown(&ns.value),
                shown(&ns.value),
                name.map_or_else(|| "<name>".into(), shown),
                shown(&ns.value)
            ),
        ));
    }
}

/// CR7: the listing against the CR.
pub(super) fn check_listing(
    r: &Resource,
    listing: &Listing,
    chosen: Option<(Option<usize>, &ConnectorSpec)>,
    out: &mut Vec<Finding>,
) {
    let meta = listing.configmap.as_ref();
    if let Some(owner) = meta.and_then(|m| m.strimzi_owner()) {
        let name = r.name.value().unwrap_or("");
        if owner.kind != r.kind.as_str() || owner.name != name {
            out.push(Finding::new(
                "CR7",
                Severity::Error,
                r.name.pos().unwrap_or(r.metadata_pos),
                format!(
                    "The listing was written for {} '{}', not for this {} '{}': check you have the right listing or resource.",
                    shown(&owner.kind),
                    shown(&owner.name),
                    r.kind.as_str(),
                    shown(name)
                ),
            ));
        }
    }
    if let (Some(ns), Some(theirs)) = (
        r.namespace.text(),
        meta.and_then(|m| m.namespace.as_deref()),
    ) && ns.value != theirs
    {
        out.push(Finding::new(
            "CR7",
            Severity::Error,
            ns.pos,
            format!(
                "The listing is from namespace '{}', the {} is in '{}'; the operator writes the listing in the resource's namespace.",
                shown(theirs),
                r.kind.as_str(),
                shown(&ns.value)
            ),
        ));
    }
    let Some((mirror, c)) = chosen else {
        if r.kind == ResourceKind::KafkaMirrorMaker2 {
            let against = Against {
                listing: Some(listing),
                ..Against::default()
            };
            out.push(Finding::new(
                "CR7",
                Severity::Error,
                r.mirrors.first().map_or(r.kind_pos, |m| m.pos),
                match super::choice::no_connector_for_listing(r, &against) {
                    // A listing without a data key: its entries' cluster says which mirror.
                    Some(m) if listing.data_key.is_none() => m,
                    _ => format!(
                        "The listing's key {} names no connector of this KafkaMirrorMaker2.",
                        listing
                            .data_key
                            .as_deref()
                            .map_or_else(|| "(none)".into(), |k| format!("'{}'", shown(k)))
                    ),
                },
            ));
        }
        return;
    };
    if let (Some(expected), Some(key)) = (data_key_of(r, c), listing.data_key.as_deref())
        && expected != key
    {
        out.push(Finding::new(
            "CR7",
            Severity::Error,
            c.pos,
            format!(
                "The listing's key is '{}', but the operator writes '{}' for {}: this listing is from another connector.",
                shown(key),
                shown(&expected),
                connector_label(mirror, c).to_lowercase_first()
            ),
        ));
    }
    let wired = c.list_offsets.as_ref().and_then(|o| o.configmap.text());
    if let (Some(w), Some(name)) = (wired, meta.and_then(|m| m.name.as_deref()))
        && w.value != name
    {
        out.push(Finding::new(
            "CR7",
            Severity::Warning,
            w.pos,
            format!(
                "{} lists its offsets into '{}', but the listing is ConfigMap '{}': it may be an older listing or another connector's.",
                connector_label(mirror, c),
                shown(&w.value),
                shown(name)
            ),
        ));
    }
}
