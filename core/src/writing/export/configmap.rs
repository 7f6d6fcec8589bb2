//! The alter ConfigMap (YAML) Strimzi reads, with the Kubernetes wrapping rules K1–K10.

use super::emit::write_block_or_quoted;
use super::{
    APPLY_ANNOTATION_BYTES, AlterTarget, ConfigMapOptions, Export, Gate, LAST_APPLIED,
    MAX_CONFIGMAP_BYTES, gate, k, write_yaml_string,
};
use crate::diag::{Diagnostic, Severity};
use crate::model::names::{self, CONFIGMAP_NAME_RULE, ConfigMapName, ConfigMapRole, Namespace};
use crate::model::{ConnectorKind, Listing};
use std::fmt::Write as _;

/// K4: a MirrorMaker 2 listing with no data key to keep (a REST body or a CSV) and no target
/// named: the operator reads `<source>--<target>.<Type>.json`, which only the connector's name
/// gives, never `offsets.json`.
fn unknown_mirror_key(listing: &Listing, options: &ConfigMapOptions) -> Option<Diagnostic> {
    let mirror = matches!(
        listing.kind,
        ConnectorKind::MirrorSource
            | ConnectorKind::MirrorCheckpoint
            | ConnectorKind::MirrorHeartbeat
    );
    if !mirror
        || options.target.is_some()
        || options.data_key.is_some()
        || listing.data_key.is_some()
        || listing.mirror.is_some()
    {
        return None;
    }
    let t = listing.kind.label();
    Some(k(
        "K4",
        Severity::Error,
        format!(
            "This {t} listing has no ConfigMap data key to keep (it is not from a ConfigMap), and the KafkaMirrorMaker2 operator reads the connector's own key SOURCE--TARGET.{t}.json, never offsets.json: an alter under offsets.json fails with 'Data field SOURCE--TARGET.{t}.json is missing'. Name the connector: --connector SOURCE->TARGET.{t} (in the page: the KafkaMirrorMaker2 target and its connector name)."
        ),
    ))
}

/// The alter ConfigMap for `listing` (whatever entries it holds: pass a changed-only or full
/// listing). `baseline` is the imported listing, for the change rules.
pub fn configmap_yaml(
    listing: &Listing,
    baseline: Option<&Listing>,
    options: &ConfigMapOptions,
) -> Result<Export, Vec<Diagnostic>> {
    configmap_yaml_gated(listing, Gate::Validate { baseline }, options)
}

/// [`configmap_yaml`] with the validation step chosen by the caller.
pub fn configmap_yaml_gated(
    listing: &Listing,
    validation: Gate<'_>,
    options: &ConfigMapOptions,
) -> Result<Export, Vec<Diagnostic>> {
    let mut diags = gate(listing, validation)?;
    let meta = listing.configmap.as_ref();
    let listed_name = meta.and_then(|m| m.name.as_deref());
    let unknown_key = unknown_mirror_key(listing, options);
    let refused = unknown_key.is_some();
    diags.extend(unknown_key);
    let name = match (&options.name, listed_name) {
        (Some(n), _) => n.clone(),
        (None, Some(l)) => format!("{l}-alter"),
        (None, None) if meta.is_some() => {
            diags.push(k(
                CONFIGMAP_NAME_RULE,
                Severity::Error,
                "Name the alter ConfigMap (--name NAME): the input ConfigMap has no metadata.name, so there is no listed name to derive '<name>-alter' from.",
            ));
            return Err(diags);
        }
        (None, None) => {
            diags.push(k(
                CONFIGMAP_NAME_RULE,
                Severity::Error,
                "Name the alter ConfigMap (the input is not a ConfigMap, so there is no listed name to derive '<name>-alter' from).",
            ));
            return Err(diags);
        }
    };

    let namespace = options
        .namespace
        .clone()
        .or_else(|| meta.and_then(|m| m.namespace.clone()));
    let mut errors = Vec::new();
    let checked_name = match ConfigMapName::check(&name, ConfigMapRole::Export) {
        Ok(name) => Some(name),
        Err(d) => {
            errors.push(d);
            None
        }
    };
    let namespace = match namespace {
        None => None,
        Some(ns) => match Namespace::parse(&ns) {
            Ok(ns) => Some(ns),
            Err(e) => {
                errors.push(k("K2", Severity::Error, format!("'{ns}': {e}")));
                None
            }
        },
    };
    let target = options
        .target
        .clone()
        .unwrap_or_else(|| AlterTarget::of(listing));
    let expected = target.data_key();
    // The imported key is kept unless the caller names one; a key the target will not read is K4.
    let key = options
        .data_key
        .clone()
        .or_else(|| listing.data_key.clone())
        .unwrap_or_else(|| expected.clone());
    if key != expected {
        errors.push(k(
            "K4",
            Severity::Error,
            format!("Strimzi will look for the key '{expected}'; this ConfigMap uses '{key}'."),
        ));
    } else if let Err(e) = names::check_data_key(&key) {
        errors.push(k("K4", Severity::Error, e));
    }
    if listed_name == Some(name.as_str()) {
        diags.push(k(
            "K8",
            Severity::Warning,
            format!(
                "The next list will overwrite your edits in this ConfigMap. Using a separate name (for example '{name}-alter') is recommended."
            ),
        ));
    }
    if name.ends_with("-mirrormaker2-config") || name.ends_with("-connect-config") {
        diags.push(k(
            "K9",
            Severity::Warning,
            "This name is used by the Strimzi operator and will be overwritten.",
        ));
    }

    let payload = listing.to_pretty_json();
    let mut data: Vec<(String, String)> = vec![(key.clone(), payload)];
    if options.keep_other_data
        && let Some(m) = meta
    {
        data.extend(m.other_data.iter().filter(|(k, _)| *k != key).cloned());
    }
    let size: usize = data.iter().map(|(_, v)| v.len()).sum();
    if size > MAX_CONFIGMAP_BYTES {
        errors.push(k(
            "K6",
            Severity::Error,
            format!(
                "ConfigMap data exceeds 1 MiB ({size} bytes); Kubernetes will reject it. Export it in rounds that each fit (the page's \"Export in rounds\", or connect-offsets export --split) and apply them one after the other."
            ),
        ));
    } else if size > APPLY_ANNOTATION_BYTES {
        diags.push(k(
            "K7",
            Severity::Warning,
            format!(
                "Over 256 KiB ({size} bytes): plain `kubectl apply` will fail because of the last-applied annotation. Use `kubectl apply --server-side`."
            ),
        ));
    }
    // Only checked names reach the YAML: a refused one is an error here.
    let name = match checked_name {
        Some(name) if errors.is_empty() && !refused => name,
        _ => {
            diags.extend(errors);
            return Err(diags);
        }
    };

    // K10: what is carried over and what is stripped.
    let operator_label =
        |k: &str| k.starts_with("strimzi.io/") || k.starts_with("app.kubernetes.io/");
    let labels: Vec<&(String, String)> = meta
        .map(|m| {
            m.labels
                .iter()
                .filter(|(k, _)| !operator_label(k))
                .collect()
        })
        .unwrap_or_default();
    let annotations: Vec<&(String, String)> = meta
        .map(|m| {
            m.annotations
                .iter()
                .filter(|(k, _)| k != LAST_APPLIED)
                .collect()
        })
        .unwrap_or_default();
    let stripped_labels = meta.map(|m| m.labels.len()).unwrap_or(0) - labels.len();
    if meta.is_some() {
        let mut what = vec!["uid, resourceVersion, creationTimestamp, managedFields".to_string()];
        if meta.is_some_and(|m| !m.owners.is_empty()) {
            what.push("ownerReferences".into());
        }
        if stripped_labels > 0 {
            what.push(format!(
                "{stripped_labels} operator label(s) (strimzi.io/*, app.kubernetes.io/*)"
            ));
        }
        if meta.is_some_and(|m| m.annotations.iter().any(|(k, _)| k == LAST_APPLIED)) {
            what.push("the last-applied annotation".into());
        }
        diags.push(k(
            "K10",
            Severity::Info,
            format!("Not exported: {}.", what.join(", ")),
        ));
    }

    let mut out = String::new();
    out.push_str("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ");
    write_yaml_string(&mut out, name.as_str());
    out.push('\n');
    if let Some(ns) = &namespace {
        out.push_str("  namespace: ");
        write_yaml_string(&mut out, ns.as_str());
        out.push('\n');
    }
    for (title, pairs) in [("labels", &labels), ("annotations", &annotations)] {
        if pairs.is_empty() {
            continue;
        }
        let _ = writeln!(out, "  {title}:");
        for (k, v) in pairs.iter() {
            out.push_str("    ");
            write_yaml_string(&mut out, k);
            out.push_str(": ");
            write_yaml_string(&mut out, v);
            out.push('\n');
        }
    }
    out.push_str("data:\n");
    for (k, v) in &data {
        out.push_str("  ");
        write_yaml_string(&mut out, k);
        out.push_str(": ");
        write_block_or_quoted(&mut out, v, 4);
        out.push('\n');
    }
    Ok(Export {
        text: out,
        diagnostics: diags,
    })
}
