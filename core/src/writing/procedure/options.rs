//! The options checked before anything is built: every value that ends up in a command is
//! validated ([`crate::model::names`]) or refused with a diagnostic, the warnings about the options are
//! collected, and for an alter the per-partition check against the listing is prepared
//! (`check`). The builders only ever see the result, [`Checked`].

use super::shell::Var;
use super::{
    AliasPath, DEFAULT_MANIFEST_FILE, DEFAULT_TIMEOUT_SECONDS, Kubernetes, Operation, Options,
    POLL_INTERVAL_SECONDS, RULE_PLAN, Target, check,
};
use crate::diag::{Diagnostic, Position};
use crate::model::names::{self, MirrorConnectorName, shown};

/// The validated facts the builders need.
#[derive(Debug, Clone)]
pub(crate) struct Checked {
    pub(crate) kind: Kind,
    pub(crate) values: Vec<(Var, String)>,
    pub(crate) warnings: Vec<Diagnostic>,
    pub(crate) manifest_file: String,
    pub(crate) timeout: u32,
    /// For an alter: the partitions it writes, with their listed and altered values.
    pub(crate) check: Option<check::Check>,
    /// The owner reference's apiVersion, when known.
    pub(crate) api_version: Option<String>,
    /// For an alter in rounds: the round ConfigMaps, in the order they are applied (empty for
    /// one alter ConfigMap).
    pub(crate) rounds: Vec<String>,
}

#[derive(Debug, Clone)]
pub(crate) enum Kind {
    Connector,
    Mm2 {
        connector: MirrorConnectorName,
        alias_path: AliasPath,
    },
    Rest {
        connector: String,
    },
}

fn error(rule: &'static str, message: String) -> Diagnostic {
    Diagnostic::error(rule, Position::NONE, message)
}

fn check_kubernetes(
    k: &Kubernetes,
    operation: &Operation,
    errors: &mut Vec<Diagnostic>,
    values: &mut Vec<(Var, String)>,
    warnings: &mut Vec<Diagnostic>,
) {
    match names::check_namespace(&k.namespace) {
        Ok(()) => values.push((Var::Namespace, k.namespace.clone())),
        Err(m) => errors.push(error("K2", format!("{m} Got '{}'.", shown(&k.namespace)))),
    }
    if let Some(context) = &k.context {
        match names::check_kubectl_context(context) {
            Ok(()) => values.push((Var::Context, context.clone())),
            Err(m) => errors.push(error(RULE_PLAN, m)),
        }
    }
    // Alter and reset list again to verify, so they need the list ConfigMap too.
    let needs_list = !matches!(operation, Operation::AutoOffsetReset(_));
    let needs_alter = matches!(operation, Operation::Alter { .. });
    if needs_list {
        match names::check_configmap_name(&k.list_configmap) {
            Ok(()) => values.push((Var::ListConfigMap, k.list_configmap.clone())),
            Err(m) => errors.push(error(
                "K1",
                format!(
                    "{m} Got '{}' for the list ConfigMap.",
                    shown(&k.list_configmap)
                ),
            )),
        }
    }
    if needs_alter {
        match names::check_configmap_name(&k.alter_configmap) {
            Ok(()) => values.push((Var::AlterConfigMap, k.alter_configmap.clone())),
            Err(m) => errors.push(error(
                "K1",
                format!(
                    "{m} Got '{}' for the alter ConfigMap.",
                    shown(&k.alter_configmap)
                ),
            )),
        }
        if k.alter_configmap == k.list_configmap {
            warnings.push(Diagnostic::warning(
                "K8",
                Position::NONE,
                format!(
                    "The next list will overwrite your edits in this ConfigMap. Using a separate name (for example '{}-alter') is recommended.",
                    shown(&k.list_configmap)
                ),
            ));
        }
    }
}

fn check_payload(payload: &str, errors: &mut Vec<Diagnostic>) {
    if payload.trim().is_empty() {
        errors.push(error(
            RULE_PLAN,
            "The alter procedure needs the exported offsets, but they are empty.".into(),
        ));
    }
    if let Some(c) = payload.chars().find(|c| {
        (c.is_control() && *c != '\n' && *c != '\t') || *c == '\u{2028}' || *c == '\u{2029}'
    }) {
        errors.push(error(
            RULE_PLAN,
            format!(
                "The exported offsets contain the control character {}; a pasted heredoc would not reproduce them exactly. Export them again.",
                c.escape_unicode()
            ),
        ));
    }
}

pub(super) fn validate(
    options: &Options,
    operation: &Operation,
) -> Result<Checked, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let mut warnings = Vec::new();
    let mut rounds = Vec::new();
    let mut values = Vec::new();
    let kind = match &options.target {
        Target::KafkaConnector { cluster, name } => {
            check_kubernetes(cluster, operation, &mut errors, &mut values, &mut warnings);
            match names::check_resource_name(name) {
                Ok(()) => values.push((Var::Connector, name.clone())),
                Err(_) => errors.push(error(
                    "K3",
                    format!(
                        "'{}' is not a valid KafkaConnector or KafkaMirrorMaker2 name.",
                        shown(name)
                    ),
                )),
            }
            if let Operation::Alter { payload } = operation {
                check_payload(payload, &mut errors);
                rounds = check_payload_names(
                    payload,
                    "offsets.json",
                    &cluster.alter_configmap,
                    &mut errors,
                );
            }
            Kind::Connector
        }
        Target::KafkaMirrorMaker2 {
            cluster,
            resource,
            mirror_index,
            connector,
            alias_path,
        } => {
            check_kubernetes(cluster, operation, &mut errors, &mut values, &mut warnings);
            match names::check_resource_name(resource) {
                Ok(()) => {
                    values.push((Var::Mm2, resource.clone()));
                    if let Err(m) = names::check_mirrormaker2_service_name(resource) {
                        warnings.push(Diagnostic::warning("K3", Position::NONE, m));
                    }
                }
                Err(_) => errors.push(error(
                    "K3",
                    format!(
                        "'{}' is not a valid KafkaConnector or KafkaMirrorMaker2 name.",
                        shown(resource)
                    ),
                )),
            }
            values.push((Var::MirrorIndex, mirror_index.to_string()));
            // The fields are public, so the name is checked again however it was built.
            let name = connector.connector_name();
            let name_ok = matches!(names::parse_mirror_connector_name(&name), Ok(parsed) if parsed == *connector);
            if name_ok {
                values.push((Var::Mm2Connector, name.clone()));
            } else {
                errors.push(error(
                    "K5",
                    format!(
                        "'{}': the connector name must look like <source>-><target>.MirrorSourceConnector. Strimzi silently ignores a name that matches no connector.",
                        shown(&name)
                    ),
                ));
            }
            if let Operation::Alter { payload } = operation {
                check_payload(payload, &mut errors);
                if name_ok {
                    rounds = check_payload_names(
                        payload,
                        &connector.data_key(),
                        &cluster.alter_configmap,
                        &mut errors,
                    );
                }
            }
            if matches!(operation, Operation::AutoOffsetReset(_))
                && connector.connector_type != "MirrorSourceConnector"
            {
                errors.push(error(
                    RULE_PLAN,
                    format!(
                        "source.consumer.auto.offset.reset only matters to the MirrorSourceConnector; '{}' does not read it. Choose the {}->{}.MirrorSourceConnector.",
                        shown(&name),
                        shown(&connector.source),
                        shown(&connector.target)
                    ),
                ));
            }
            Kind::Mm2 {
                connector: connector.clone(),
                alias_path: *alias_path,
            }
        }
        Target::Rest { url, connector } => {
            let base = url.trim_end_matches('/');
            let url_ok = match names::check_connect_url(base) {
                Ok(()) => true,
                Err(m) => {
                    errors.push(error(RULE_PLAN, m));
                    false
                }
            };
            let name_ok = match names::check_rest_connector_name(connector) {
                Ok(()) => true,
                Err(m) => {
                    errors.push(error(
                        if connector.contains("->") {
                            "K5"
                        } else {
                            RULE_PLAN
                        },
                        m,
                    ));
                    false
                }
            };
            if url_ok && name_ok {
                values.push((
                    Var::ConnectorUrl,
                    format!(
                        "{base}/connectors/{}",
                        names::rest_connector_path_segment(connector)
                    ),
                ));
            }
            match operation {
                Operation::Alter { payload } => check_payload(payload, &mut errors),
                Operation::AutoOffsetReset(_) => errors.push(error(
                    RULE_PLAN,
                    "Setting source.consumer.auto.offset.reset through the REST API means replacing the whole connector config (PUT /connectors/<name>/config); edit the config with your usual deployment tool instead.".into(),
                )),
                Operation::List | Operation::Reset => {}
            }
            Kind::Rest {
                connector: connector.clone(),
            }
        }
    };
    let manifest_file = options
        .manifest_file
        .clone()
        .unwrap_or_else(|| DEFAULT_MANIFEST_FILE.to_owned());
    if matches!(operation, Operation::Alter { .. })
        && !matches!(kind, Kind::Rest { .. })
        && let Err(m) = names::check_file_name(&manifest_file)
    {
        errors.push(error(RULE_PLAN, m));
    }
    if matches!(operation, Operation::List) {
        let default = if matches!(kind, Kind::Rest { .. }) {
            "list.json"
        } else {
            "list.yaml"
        };
        let list_file = options
            .list_file
            .clone()
            .unwrap_or_else(|| default.to_owned());
        match names::check_file_name(&list_file) {
            Ok(()) => values.push((Var::ListFile, list_file)),
            Err(m) => errors.push(error(RULE_PLAN, m)),
        }
    }
    let timeout = options.timeout_seconds.unwrap_or(DEFAULT_TIMEOUT_SECONDS);
    if !(POLL_INTERVAL_SECONDS..=86_400).contains(&timeout) {
        errors.push(error(
            RULE_PLAN,
            format!("The timeout must be between {POLL_INTERVAL_SECONDS} and 86400 seconds; got {timeout}."),
        ));
    }
    values.push((Var::Timeout, timeout.to_string()));
    let check = match operation {
        Operation::Alter { payload } if errors.is_empty() => {
            let data_key = match &kind {
                Kind::Connector => Some("offsets.json".to_owned()),
                Kind::Mm2 { connector, .. } => Some(connector.data_key()),
                Kind::Rest { .. } => None,
            };
            let (check, problem) =
                check::build(payload, data_key.as_deref(), options.listed.as_ref());
            if let Some(m) = problem {
                warnings.push(Diagnostic::warning(RULE_PLAN, Position::NONE, m));
            } else if !check.has_listed {
                warnings.push(Diagnostic::warning(
                    RULE_PLAN,
                    Position::NONE,
                    "The listing the edits were made on was not given, so the procedure cannot check that no edited partition moved since it was taken; the script stops before altering.".to_owned(),
                ));
            }
            Some(check)
        }
        _ => None,
    };
    if let (Kind::Mm2 { alias_path, .. }, Some(v)) = (&kind, &options.api_version) {
        let fits = match alias_path {
            AliasPath::New => v != "kafka.strimzi.io/v1beta2",
            AliasPath::Old => v != "kafka.strimzi.io/v1",
        };
        if !fits {
            let (path, other) = match alias_path {
                AliasPath::New => ("source/alias", "sourceCluster"),
                AliasPath::Old => ("sourceCluster", "source/alias"),
            };
            warnings.push(Diagnostic::warning(
                RULE_PLAN,
                Position::NONE,
                format!(
                    "The listing's owner is a {} resource, but the mirror guard reads /spec/mirrors/I/{path}; such a resource usually has /spec/mirrors/I/{other}, and the guard would fail with a failed test operation.",
                    shown(v)
                ),
            ));
        }
    }
    if !errors.is_empty() {
        errors.extend(warnings);
        return Err(errors);
    }
    // A dozen values at most: an insertion sort, stable as `sort_by_key` is, instead of one more
    // copy of the standard library's stable sort in the wasm (about 3.5 KB of code).
    for i in 1..values.len() {
        let mut j = i;
        while j > 0 && values[j - 1].0 > values[j].0 {
            values.swap(j - 1, j);
            j -= 1;
        }
    }
    Ok(Checked {
        kind,
        values,
        warnings,
        manifest_file,
        timeout,
        check,
        api_version: options.api_version.clone(),
        rounds,
    })
}

/// A cheap guard against embedding the wrong export: the alter ConfigMap text must mention the
/// data key Strimzi will read (K4) and the ConfigMap name the CR will point at. Returns the
/// round ConfigMaps when the payload is an alter in rounds (`ALTER_CM-1` ...).
fn check_payload_names(
    payload: &str,
    data_key: &str,
    alter_configmap: &str,
    errors: &mut Vec<Diagnostic>,
) -> Vec<String> {
    if !payload.contains(data_key) {
        errors.push(error(
            "K4",
            format!("Strimzi will look for the key '{data_key}'; the alter ConfigMap does not contain it. Export it for this connector."),
        ));
    }
    if names::check_configmap_name(alter_configmap).is_ok() && !payload.contains(alter_configmap) {
        errors.push(error(
            RULE_PLAN,
            format!(
                "The alter ConfigMap text does not name ConfigMap '{alter_configmap}', which the procedure points the connector at. Export it with that name."
            ),
        ));
    }
    let rounds = match super::rounds::round_names(payload, alter_configmap) {
        Ok(rounds) => rounds,
        Err(m) => {
            errors.push(error(RULE_PLAN, m));
            return Vec::new();
        }
    };
    for name in &rounds {
        if let Err(m) = names::check_configmap_name(name) {
            errors.push(error(
                "K1",
                format!("{m} Got '{}' for a round's ConfigMap.", shown(name)),
            ));
        }
    }
    rounds
}
