//! The names and annotations checks: CR2 (names), CR3 and CR10 (the offsets annotation's value),
//! CR4 (the MirrorMaker 2 annotations).

use super::commands::{annotation_arg, remove_args, source_connector_arg};
use super::{Finding, Names, shown_message};
use crate::diag::Severity;
use crate::model::names::{self, shown};
use crate::reading::resource::{
    ANNOTATION_MIRROR_CONNECTOR, ANNOTATION_OFFSETS, Field, Resource, ResourceKind,
};

pub(super) fn check_names(r: &Resource, out: &mut Vec<Finding>) {
    match &r.name {
        Field::Text(t) => {
            if let Err(e) = names::check_resource_name(&t.value) {
                out.push(Finding::new(
                    "CR2",
                    Severity::Error,
                    t.pos,
                    format!("{} No command is generated for it.", shown_message(&e.to_string())),
                ));
            } else if r.kind == ResourceKind::KafkaMirrorMaker2
                && let Err(e) = names::check_mirrormaker2_service_name(&t.value)
            {
                out.push(Finding::new("CR2", Severity::Warning, t.pos, shown_message(&e.to_string())));
            }
        }
        f => out.push(Finding::new(
            "CR2",
            Severity::Error,
            f.pos().unwrap_or(r.metadata_pos),
            "metadata.name is missing or not a string; give the resource as `kubectl get` prints it.".into(),
        )),
    }
    match &r.namespace {
        Field::Text(t) => {
            if let Err(e) = names::check_namespace(&t.value) {
                out.push(Finding::new(
                    "CR2",
                    Severity::Error,
                    t.pos,
                    format!("'{}': {e} No command is generated for it.", shown(&t.value)),
                ));
            }
        }
        f => out.push(Finding::new(
            "CR2",
            Severity::Warning,
            f.pos().unwrap_or(r.metadata_pos),
            "metadata.namespace is missing: the commands will use kubectl's current namespace, and the alter ConfigMap must be in the resource's namespace. Give the resource as `kubectl get -o yaml` prints it (with its namespace).".into(),
        )),
    }
    for m in &r.mirrors {
        for (what, f) in [("source", &m.source_alias), ("target", &m.target_alias)] {
            match f {
                Field::Text(t) => {
                    if let Err(e) = names::check_alias(&t.value) {
                        out.push(Finding::new("CR2", Severity::Error, t.pos, shown_message(&e.to_string())));
                    }
                }
                Field::Missing => out.push(Finding::new(
                    "CR5",
                    Severity::Error,
                    m.pos,
                    format!(
                        "spec.mirrors[{}] has no {what} cluster alias ({}); the operator rejects the resource.",
                        m.index,
                        if what == "source" {
                            "source.alias, or sourceCluster in v1beta2"
                        } else {
                            "spec.target.alias, or targetCluster in v1beta2"
                        }
                    ),
                )),
                Field::NotText(t, p) => out.push(Finding::new(
                    "CR2",
                    Severity::Error,
                    *p,
                    format!("The {what} alias of spec.mirrors[{}] is {t}; it must be a string.", m.index),
                )),
            }
        }
    }
    for (_, c) in r.connectors() {
        for (what, o) in [
            ("listOffsets.toConfigMap", &c.list_offsets),
            ("alterOffsets.fromConfigMap", &c.alter_offsets),
        ] {
            if let Some(Field::Text(t)) = o.as_ref().map(|o| &o.configmap)
                && let Err(e) = names::check_configmap_name(&t.value)
            {
                out.push(Finding::new(
                    "CR2",
                    Severity::Error,
                    t.pos,
                    format!("{}/{what}.name '{}': {e}", c.path, shown(&t.value)),
                ));
            }
        }
    }
}

/// CR3 and CR10. Returns the operation when the value is a valid one.
pub(super) fn check_annotation_value(
    r: &Resource,
    n: &Names,
    out: &mut Vec<Finding>,
) -> Option<String> {
    let a = r.annotation(ANNOTATION_OFFSETS)?;
    let remove = n.annotate(&remove_args(r));
    let value = match &a.value {
        Field::Text(t) => t,
        f => {
            out.push(
                Finding::new(
                    "CR3",
                    Severity::Error,
                    f.pos().unwrap_or(a.key_pos),
                    format!("{ANNOTATION_OFFSETS} must be the string list, alter or reset."),
                )
                .with(remove),
            );
            return None;
        }
    };
    match value.value.as_str() {
        "list" | "alter" | "reset" => {
            let verb = match value.value.as_str() {
                "list" => {
                    "list the offsets into the listOffsets ConfigMap (in any connector state)"
                }
                "alter" => {
                    "alter the offsets from the alterOffsets ConfigMap as soon as the connector is STOPPED"
                }
                _ => "delete every offset of the connector as soon as it is STOPPED",
            };
            out.push(
                Finding::new(
                    "CR10",
                    Severity::Info,
                    value.pos,
                    format!(
                        "{ANNOTATION_OFFSETS}={} is pending: at its next reconciliation the operator will {verb}, then remove the annotation. A failure keeps it and is retried every reconciliation (a Warning condition says why). To withdraw it, remove the annotation.",
                        value.value
                    ),
                )
                .with(remove),
            );
            Some(value.value.clone())
        }
        "none" => {
            out.push(
                Finding::new(
                    "CR3",
                    Severity::Warning,
                    value.pos,
                    format!("{ANNOTATION_OFFSETS}=none does nothing (it is the operator's internal 'no operation'); use list, alter or reset, or remove the annotation."),
                )
                .with(remove),
            );
            None
        }
        other => {
            let fixed = other.trim().to_ascii_lowercase();
            let valid = matches!(fixed.as_str(), "list" | "alter" | "reset");
            let command = if valid {
                let mut args = vec![annotation_arg(ANNOTATION_OFFSETS, &fixed)];
                args.push("--overwrite".into());
                n.annotate(&args)
            } else {
                remove
            };
            out.push(
                Finding::new(
                    "CR3",
                    Severity::Error,
                    value.pos,
                    format!(
                        "{ANNOTATION_OFFSETS} is '{}'; the operator accepts exactly list, alter or reset (lower case, no spaces). Any other value, even an empty one, makes the whole reconciliation of this {} fail, not only the offsets part{}. {}",
                        shown(other),
                        r.kind.as_str(),
                        if r.kind == ResourceKind::KafkaMirrorMaker2 {
                            // KafkaMirrorMaker2AssemblyOperator.getConnectorOffsetsOperation reads
                            // the value only for the connector the other annotation names.
                            format!(" (as soon as {ANNOTATION_MIRROR_CONNECTOR} names one of its connectors)")
                        } else {
                            String::new()
                        },
                        if valid {
                            format!("Set it to '{fixed}'.")
                        } else {
                            "Remove it, or set list, alter or reset.".into()
                        }
                    ),
                )
                .with(command),
            );
            None
        }
    }
}

/// CR4: both MirrorMaker 2 annotations, and an exact connector name.
pub(super) fn check_mirror_annotations(r: &Resource, n: &Names, out: &mut Vec<Finding>) {
    check_same_connector_names(r, out);
    let offsets = r.annotation(ANNOTATION_OFFSETS);
    let connector = r.annotation(ANNOTATION_MIRROR_CONNECTOR);
    let ns = r.namespace.value().unwrap_or("<namespace>");
    let name = r.name.value().unwrap_or("<name>");
    match (offsets, connector) {
        (Some(o), None) => out.push(
            Finding::new(
                "CR4",
                Severity::Error,
                o.key_pos,
                format!(
                    "{ANNOTATION_MIRROR_CONNECTOR} is missing: the operator does nothing and records a ManageOffsets warning on every connector ('KafkaMirrorMaker2 resource {}/{} is missing annotation {ANNOTATION_MIRROR_CONNECTOR}'). Add it with the exact connector name, e.g. source->target.MirrorSourceConnector.",
                    shown(ns),
                    shown(name)
                ),
            )
            .with(source_connector_arg(r).and_then(|c| {
                n.annotate(&[annotation_arg(ANNOTATION_MIRROR_CONNECTOR, &c), "--overwrite".into()])
            })),
        ),
        (None, Some(c)) => out.push(
            Finding::new(
                "CR4",
                Severity::Error,
                c.key_pos,
                format!(
                    "{ANNOTATION_OFFSETS} is missing: the operator records a ManageOffsets warning on every connector ('KafkaMirrorMaker2 resource {}/{} is missing annotation {ANNOTATION_OFFSETS}'). Add {ANNOTATION_OFFSETS}=list, alter or reset, or remove {ANNOTATION_MIRROR_CONNECTOR}.",
                    shown(ns),
                    shown(name)
                ),
            )
            .with(n.annotate(&[format!("{ANNOTATION_MIRROR_CONNECTOR}-")])),
        ),
        _ => {}
    }
    let Some(c) = connector else { return };
    let Some(value) = c.value.text() else {
        out.push(Finding::new(
            "CR4",
            Severity::Error,
            c.value.pos().unwrap_or(c.key_pos),
            format!("{ANNOTATION_MIRROR_CONNECTOR} must be a string naming a connector."),
        ));
        return;
    };
    if r.find_connector(&value.value).is_some() {
        return;
    }
    let known: Vec<String> = r
        .connectors()
        .iter()
        .filter_map(|(_, c)| c.name.clone())
        .collect();
    let close = known
        .iter()
        .find(|k| k.eq_ignore_ascii_case(value.value.trim()))
        .or_else(|| {
            let wanted = value.value.trim().to_ascii_lowercase();
            known.iter().find(|k| {
                let k = k.to_ascii_lowercase();
                wanted.ends_with(k.rsplit('.').next().unwrap_or(""))
                    && k.split("->").next() == wanted.split("->").next()
            })
        });
    let message = format!(
        "{ANNOTATION_MIRROR_CONNECTOR} is '{}', which is not a connector of this KafkaMirrorMaker2 ({}). The operator compares it exactly, finds no connector, does nothing and reports nothing: the annotations stay for ever.{}",
        shown(&value.value),
        if known.is_empty() {
            "it has none".to_string()
        } else {
            format!(
                "its connectors: {}",
                known
                    .iter()
                    .map(|k| shown(k))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        },
        close.map_or_else(String::new, |c| format!(" Did you mean '{}'?", shown(c)))
    );
    let command = close
        .filter(|c| names::MirrorConnectorName::parse(c).is_ok())
        .and_then(|c| {
            n.annotate(&[
                annotation_arg(ANNOTATION_MIRROR_CONNECTOR, c),
                "--overwrite".into(),
            ])
        });
    out.push(Finding::new("CR4", Severity::Error, value.pos, message).with(command));
}

/// CR4: two mirrors with the same source and target aliases make connectors of the same name
/// (`east->west.MirrorSourceConnector` twice). Kafka Connect has one connector per name, so one
/// mirror's config replaces the other's; `strimzi.io/mirrormaker-connector` and the procedures'
/// guard on `spec.mirrors[I]`'s source alias cannot tell the two apart.
fn check_same_connector_names(r: &Resource, out: &mut Vec<Finding>) {
    let mut seen: Vec<(&str, usize)> = Vec::new();
    for m in &r.mirrors {
        for c in &m.connectors {
            let Some(name) = c.name.as_deref() else {
                continue;
            };
            match seen.iter().find(|(n, _)| *n == name) {
                Some(&(_, first)) if first != m.index => {
                    let (source, target) = (
                        m.source_alias.value().unwrap_or("?"),
                        m.target_alias.value().unwrap_or("?"),
                    );
                    out.push(Finding::new(
                        "CR4",
                        Severity::Warning,
                        m.pos,
                        format!(
                            "spec.mirrors[{first}] and spec.mirrors[{}] both mirror from '{}' to '{}', so both make the connector '{}'. Kafka Connect keeps one connector of that name: one mirror's config replaces the other's, and neither strimzi.io/mirrormaker-connector nor a guard on the source alias can tell them apart. Merge them into one mirror (one topicsPattern, e.g. 'orders|audit'), or give each source cluster its own alias.",
                            m.index,
                            shown(source),
                            shown(target),
                            shown(name)
                        ),
                    ));
                    break;
                }
                Some(_) => {}
                None => seen.push((name, m.index)),
            }
        }
    }
}
