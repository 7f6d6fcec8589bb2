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
    let name = match alter_name(options, meta.is_some(), listed_name) {
        Ok(name) => name,
        Err(d) => {
            diags.push(d);
            return Err(diags);
        }
    };
    let mut errors = Vec::new();
    let checked_name = match ConfigMapName::check(&name, ConfigMapRole::Export) {
        Ok(name) => Some(name),
        Err(d) => {
            errors.push(d);
            None
        }
    };
    let namespace = namespace(listing, options, &mut errors);
    let key = data_key(listing, options, &mut errors);
    name_warnings(&name, listed_name, &mut diags);
    let payload = listing.to_pretty_json();
    let mut data: Vec<(String, String)> = vec![(key.clone(), payload)];
    if options.keep_other_data
        && let Some(m) = meta
    {
        data.extend(m.other_data.iter().filter(|(k, _)| *k != key).cloned());
    }
    size_checks(&data, &mut errors, &mut diags);
    // Only checked names reach the YAML: a refused one is an error here.
    let name = match checked_name {
        Some(name) if errors.is_empty() && !refused => name,
        _ => {
            diags.extend(errors);
            return Err(diags);
        }
    };
    let carried = Carried::of(meta);
    diags.extend(carried.note.iter().cloned());
    Ok(Export {
        text: write_configmap(&name, namespace.as_ref(), &carried, &data),
        diagnostics: diags,
    })
}

/// The alter ConfigMap's name: the one given, else `<listed name>-alter`; K1 when neither exists.
fn alter_name(
    options: &ConfigMapOptions,
    from_configmap: bool,
    listed_name: Option<&str>,
) -> Result<String, Diagnostic> {
    match (&options.name, listed_name) {
        (Some(n), _) => Ok(n.clone()),
        (None, Some(l)) => Ok(format!("{l}-alter")),
        (None, None) if from_configmap => Err(k(
            CONFIGMAP_NAME_RULE,
            Severity::Error,
            "Name the alter ConfigMap (--name NAME): the input ConfigMap has no metadata.name, so there is no listed name to derive '<name>-alter' from.",
        )),
        (None, None) => Err(k(
            CONFIGMAP_NAME_RULE,
            Severity::Error,
            "Name the alter ConfigMap (the input is not a ConfigMap, so there is no listed name to derive '<name>-alter' from).",
        )),
    }
}

/// The namespace given, else the listed one; K2 when Kubernetes would refuse it.
fn namespace(
    listing: &Listing,
    options: &ConfigMapOptions,
    errors: &mut Vec<Diagnostic>,
) -> Option<Namespace> {
    let ns = options
        .namespace
        .clone()
        .or_else(|| listing.configmap.as_ref().and_then(|m| m.namespace.clone()))?;
    match Namespace::parse(&ns) {
        Ok(ns) => Some(ns),
        Err(e) => {
            errors.push(k("K2", Severity::Error, format!("'{ns}': {e}")));
            None
        }
    }
}

/// The data key: the one given, else the imported one, else the one the target reads. The
/// imported key is kept unless the caller names one; a key the target will not read is K4.
fn data_key(listing: &Listing, options: &ConfigMapOptions, errors: &mut Vec<Diagnostic>) -> String {
    let target = options
        .target
        .clone()
        .unwrap_or_else(|| AlterTarget::of(listing));
    let expected = target.data_key();
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
    key
}

/// K8 and K9: a name the next list or the operator writes over.
fn name_warnings(name: &str, listed_name: Option<&str>, diags: &mut Vec<Diagnostic>) {
    if listed_name == Some(name) {
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
}

/// K6 and K7: the data over what Kubernetes stores (1 MiB), or over what a plain apply keeps
/// in its annotation (256 KiB).
fn size_checks(
    data: &[(String, String)],
    errors: &mut Vec<Diagnostic>,
    diags: &mut Vec<Diagnostic>,
) {
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
}

/// The listed metadata the alter ConfigMap carries over, and K10, what it strips.
struct Carried<'a> {
    labels: Vec<&'a (String, String)>,
    annotations: Vec<&'a (String, String)>,
    note: Option<Diagnostic>,
}

impl<'a> Carried<'a> {
    fn of(meta: Option<&'a crate::model::ConfigMapMeta>) -> Carried<'a> {
        let operator_label =
            |k: &str| k.starts_with("strimzi.io/") || k.starts_with("app.kubernetes.io/");
        let Some(m) = meta else {
            return Carried {
                labels: Vec::new(),
                annotations: Vec::new(),
                note: None,
            };
        };
        let labels: Vec<&(String, String)> = m
            .labels
            .iter()
            .filter(|(k, _)| !operator_label(k))
            .collect();
        let annotations: Vec<&(String, String)> = m
            .annotations
            .iter()
            .filter(|(k, _)| k != LAST_APPLIED)
            .collect();
        let stripped_labels = m.labels.len() - labels.len();
        let mut what = vec!["uid, resourceVersion, creationTimestamp, managedFields".to_string()];
        if !m.owners.is_empty() {
            what.push("ownerReferences".into());
        }
        if stripped_labels > 0 {
            what.push(format!(
                "{stripped_labels} operator label(s) (strimzi.io/*, app.kubernetes.io/*)"
            ));
        }
        if m.annotations.iter().any(|(k, _)| k == LAST_APPLIED) {
            what.push("the last-applied annotation".into());
        }
        let note = k(
            "K10",
            Severity::Info,
            format!("Not exported: {}.", what.join(", ")),
        );
        Carried {
            labels,
            annotations,
            note: Some(note),
        }
    }
}

/// The alter ConfigMap's YAML: only checked names and the carried metadata reach it.
fn write_configmap(
    name: &ConfigMapName,
    namespace: Option<&Namespace>,
    carried: &Carried<'_>,
    data: &[(String, String)],
) -> String {
    let mut out = String::new();
    out.push_str("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ");
    write_yaml_string(&mut out, name.as_str());
    out.push('\n');
    if let Some(ns) = namespace {
        out.push_str("  namespace: ");
        write_yaml_string(&mut out, ns.as_str());
        out.push('\n');
    }
    for (title, pairs) in [
        ("labels", &carried.labels),
        ("annotations", &carried.annotations),
    ] {
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
    for (k, v) in data {
        out.push_str("  ");
        write_yaml_string(&mut out, k);
        out.push_str(": ");
        write_block_or_quoted(&mut out, v, 4);
        out.push('\n');
    }
    out
}
