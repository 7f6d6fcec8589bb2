//! The options checked before anything is built: every value that ends up in a command is
//! validated ([`crate::model::names`]) or refused with a diagnostic, the warnings about the options are
//! collected, and for an alter the per-partition check against the listing is prepared
//! (`check`). The builders only ever see the result, [`Checked`].

use super::shell::{CheckedValue, Var};
use super::{
    AliasPath, DEFAULT_MANIFEST_FILE, DEFAULT_TIMEOUT_SECONDS, Kubernetes, Operation, Options,
    POLL_INTERVAL_SECONDS, RULE_PLAN, Target, check,
};
use crate::diag::{Diagnostic, Position};
use crate::model::names::{
    self, ConfigMapName, ConfigMapRole, ConnectUrl, ConnectorName, FileName, KubeContext,
    MirrorConnectorName, Namespace, ResourceName, shown,
};

/// The validated facts the builders need.
#[derive(Debug, Clone)]
pub(crate) struct Checked {
    pub(crate) kind: Kind,
    /// The values the commands hold, each one a checked name or a number.
    pub(crate) values: Vec<(Var, CheckedValue)>,
    pub(crate) warnings: Vec<Diagnostic>,
    pub(crate) manifest_file: String,
    pub(crate) timeout: u32,
    /// For an alter: the partitions it writes, with their listed and altered values.
    pub(crate) check: Option<check::Check>,
    /// The owner reference's apiVersion, when known.
    pub(crate) api_version: Option<String>,
    /// For a create: the `POST /connectors` body (name, config, `initial_state: STOPPED`).
    pub(crate) create_body: Option<String>,
    /// For a Strimzi create: the resource it makes and which operator makes it.
    pub(crate) strimzi_create: Option<super::strimzi_create::Prepared>,
    /// For an alter in rounds: the round ConfigMaps, in the order they are applied (empty for
    /// one alter ConfigMap).
    pub(crate) rounds: Vec<ConfigMapName>,
    /// Which partitions were edited relatively ([`super::Options::relative`]).
    pub(crate) relative: super::RelativeEdits,
}

#[derive(Debug, Clone)]
pub(crate) enum Kind {
    Connector,
    Mm2 {
        connector: MirrorConnectorName,
        alias_path: AliasPath,
    },
    Rest {
        connector: ConnectorName,
    },
}

fn error(rule: &'static str, message: String) -> Diagnostic {
    Diagnostic::error(rule, Position::NONE, message)
}

fn check_kubernetes(
    k: &Kubernetes,
    operation: &Operation,
    errors: &mut Vec<Diagnostic>,
    values: &mut Vec<(Var, CheckedValue)>,
    warnings: &mut Vec<Diagnostic>,
) {
    match Namespace::parse(&k.namespace) {
        Ok(ns) => values.push((Var::Namespace, (&ns).into())),
        Err(m) => errors.push(error("K2", format!("{m} Got '{}'.", shown(&k.namespace)))),
    }
    if let Some(context) = &k.context {
        match KubeContext::parse(context) {
            Ok(context) => values.push((Var::Context, (&context).into())),
            Err(m) => errors.push(error(RULE_PLAN, m.to_string())),
        }
    }
    // Alter and reset list again to verify, so they need the list ConfigMap too.
    let needs_list = !matches!(operation, Operation::AutoOffsetReset(_));
    let needs_alter = matches!(
        operation,
        Operation::Alter { .. } | Operation::Create { .. }
    );
    if needs_list {
        match ConfigMapName::check(&k.list_configmap, ConfigMapRole::List) {
            Ok(cm) => values.push((Var::ListConfigMap, (&cm).into())),
            Err(d) => errors.push(d),
        }
    }
    if needs_alter {
        match ConfigMapName::check(&k.alter_configmap, ConfigMapRole::Alter) {
            Ok(cm) => values.push((Var::AlterConfigMap, (&cm).into())),
            Err(d) => errors.push(d),
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

/// A Strimzi create: its options and resource (`strimzi_create`), and the alter ConfigMap it
/// uploads, checked as an alter's is (one ConfigMap: the rounds are for an alter).
fn check_create(
    options: &Options,
    operation: &Operation,
    data_key: &str,
    errors: &mut Vec<Diagnostic>,
    warnings: &mut Vec<Diagnostic>,
) -> Option<super::strimzi_create::Prepared> {
    let Operation::Create {
        payload,
        config,
        previous,
    } = operation
    else {
        return None;
    };
    super::strimzi_create::check_config(config, errors);
    check_payload(payload, errors);
    let alter = match &options.target {
        Target::KafkaConnector { cluster, .. } | Target::KafkaMirrorMaker2 { cluster, .. } => {
            &cluster.alter_configmap
        }
        Target::Rest { .. } => return None,
    };
    if !check_payload_names(payload, data_key, alter, errors).is_empty() {
        errors.push(error(
            RULE_PLAN,
            "The create sets a new connector's offsets with one alter ConfigMap; rounds are for altering an existing connector. Export the listing as one ConfigMap.".into(),
        ));
    }
    // A sink's partitions are Kafka topic partitions: the create can filter it by its topics.
    let sink =
        crate::reading::import::read(payload, &crate::reading::import::ImportOptions::default())
            .is_ok_and(|(listing, _)| {
                crate::reading::import::detect_kind(&listing.entries)
                    == crate::model::ConnectorKind::Sink
            });
    super::strimzi_create::check(options, *previous, sink, errors, warnings)
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
    let mut f = Found::default();
    let kind = match &options.target {
        Target::KafkaConnector { .. } => f.connector_target(options, operation),
        Target::KafkaMirrorMaker2 { .. } => f.mirror_target(options, operation),
        Target::Rest { url, connector } => f.rest_target(operation, url, connector),
    };
    let manifest_file = f.files(options, operation);
    let timeout = f.timeout(options);
    let check = f.check_file(options, operation);
    f.alias_path_fits(options);
    // Without errors every target has its kind (a REST connector only with a checked name).
    let kind = match kind {
        Some(kind) if f.errors.is_empty() => kind,
        _ => {
            f.errors.extend(f.warnings);
            return Err(f.errors);
        }
    };
    let mut values = f.values;
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
        warnings: f.warnings,
        manifest_file,
        timeout,
        check,
        api_version: options.api_version.clone(),
        create_body: f.create_body,
        strimzi_create: f.strimzi_create,
        rounds: f.rounds,
        relative: options.relative.clone(),
    })
}

/// What the checks found so far: the refusals, the warnings, the values the commands will
/// hold, and what a create or an alter in rounds needs.
#[derive(Default)]
struct Found {
    errors: Vec<Diagnostic>,
    warnings: Vec<Diagnostic>,
    values: Vec<(Var, CheckedValue)>,
    rounds: Vec<ConfigMapName>,
    create_body: Option<String>,
    strimzi_create: Option<super::strimzi_create::Prepared>,
}

/// K3: a resource name Kubernetes refuses.
fn bad_resource_name(name: &str) -> Diagnostic {
    error(
        "K3",
        format!(
            "'{}' is not a valid KafkaConnector or KafkaMirrorMaker2 name.",
            shown(name)
        ),
    )
}

impl Found {
    /// The namespace, context and ConfigMaps of a Kubernetes target.
    fn kubernetes(&mut self, cluster: &Kubernetes, operation: &Operation) {
        check_kubernetes(
            cluster,
            operation,
            &mut self.errors,
            &mut self.values,
            &mut self.warnings,
        );
    }

    /// A Strimzi create's options and resource, for the data key `data_key`.
    fn create(&mut self, options: &Options, operation: &Operation, data_key: &str) {
        self.strimzi_create = check_create(
            options,
            operation,
            data_key,
            &mut self.errors,
            &mut self.warnings,
        );
    }

    /// A KafkaConnector: its cluster, its name, a create's resource, an alter's ConfigMap.
    fn connector_target(&mut self, options: &Options, operation: &Operation) -> Option<Kind> {
        let Target::KafkaConnector { cluster, name } = &options.target else {
            return None;
        };
        self.kubernetes(cluster, operation);
        match ResourceName::parse(name) {
            Ok(name) => self.values.push((Var::Connector, (&name).into())),
            Err(_) => self.errors.push(bad_resource_name(name)),
        }
        self.create(options, operation, "offsets.json");
        if let Operation::Alter { payload } = operation {
            check_payload(payload, &mut self.errors);
            self.rounds = check_payload_names(
                payload,
                "offsets.json",
                &cluster.alter_configmap,
                &mut self.errors,
            );
        }
        Some(Kind::Connector)
    }

    /// A KafkaMirrorMaker2: its cluster, resource, mirror and connector (K5), a create's
    /// resource, an alter's ConfigMap, and auto.offset.reset only for the source connector.
    fn mirror_target(&mut self, options: &Options, operation: &Operation) -> Option<Kind> {
        let Target::KafkaMirrorMaker2 {
            cluster,
            resource,
            mirror_index,
            connector,
            alias_path,
        } = &options.target
        else {
            return None;
        };
        self.kubernetes(cluster, operation);
        match ResourceName::parse(resource) {
            Ok(resource) => {
                self.values.push((Var::Mm2, (&resource).into()));
                if let Err(m) = names::check_mirrormaker2_service_name(resource.as_str()) {
                    self.warnings
                        .push(Diagnostic::warning("K3", Position::NONE, m));
                }
            }
            Err(_) => self.errors.push(bad_resource_name(resource)),
        }
        self.values
            .push((Var::MirrorIndex, CheckedValue::number(*mirror_index)));
        // The fields are public, so the name is checked again however it was built.
        let name = connector.connector_name();
        let parsed = MirrorConnectorName::parse(&name)
            .ok()
            .filter(|parsed| parsed == connector);
        let name_ok = parsed.is_some();
        if let Some(parsed) = &parsed {
            self.values
                .push((Var::Mm2Connector, CheckedValue::mirror_connector(parsed)));
        } else {
            self.errors.push(error(
                "K5",
                format!(
                    "'{}': the connector name must look like <source>-><target>.MirrorSourceConnector. Strimzi silently ignores a name that matches no connector.",
                    shown(&name)
                ),
            ));
        }
        if name_ok {
            self.create(options, operation, &connector.data_key());
        }
        if let Operation::Alter { payload } = operation {
            check_payload(payload, &mut self.errors);
            if name_ok {
                self.rounds = check_payload_names(
                    payload,
                    &connector.data_key(),
                    &cluster.alter_configmap,
                    &mut self.errors,
                );
            }
        }
        if matches!(operation, Operation::AutoOffsetReset(_))
            && connector.connector_type != "MirrorSourceConnector"
        {
            self.errors.push(error(
                RULE_PLAN,
                format!(
                    "source.consumer.auto.offset.reset only matters to the MirrorSourceConnector; '{}' does not read it. Choose the {}->{}.MirrorSourceConnector.",
                    shown(&name),
                    shown(&connector.source),
                    shown(&connector.target)
                ),
            ));
        }
        Some(Kind::Mm2 {
            connector: connector.clone(),
            alias_path: *alias_path,
        })
    }

    /// A plain Kafka Connect connector over REST: its URL and name, a create's body; the REST
    /// API cannot set auto.offset.reset alone.
    fn rest_target(&mut self, operation: &Operation, url: &str, connector: &str) -> Option<Kind> {
        let base = url.trim_end_matches('/');
        let url = match ConnectUrl::parse(base) {
            Ok(url) => Some(url),
            Err(m) => {
                self.errors.push(error(RULE_PLAN, m.to_string()));
                None
            }
        };
        let name = match ConnectorName::parse(connector) {
            Ok(name) => Some(name),
            Err(m) => {
                let rule = if connector.contains("->") {
                    "K5"
                } else {
                    RULE_PLAN
                };
                self.errors.push(error(rule, m.to_string()));
                None
            }
        };
        if let (Some(url), Some(name)) = (&url, &name) {
            self.values
                .push((Var::ConnectorUrl, CheckedValue::connector_url(url, name)));
            if matches!(operation, Operation::Create { .. }) {
                self.values.push((Var::ConnectUrl, url.into()));
            }
        }
        match operation {
            Operation::Alter { payload } => check_payload(payload, &mut self.errors),
            Operation::Create {
                payload, config, ..
            } => {
                check_payload(payload, &mut self.errors);
                if let Some(name) = &name {
                    match super::create_body::create_body(name, config) {
                        Ok(body) => self.create_body = Some(body),
                        Err(m) => self.errors.push(error(RULE_PLAN, m.to_string())),
                    }
                }
            }
            Operation::AutoOffsetReset(_) => self.errors.push(error(
                RULE_PLAN,
                "Setting source.consumer.auto.offset.reset through the REST API means replacing the whole connector config (PUT /connectors/<name>/config); edit the config with your usual deployment tool instead.".into(),
            )),
            Operation::List | Operation::Reset => {}
        }
        name.map(|connector| Kind::Rest { connector })
    }

    /// The manifest file an alter or a create writes (kubectl only), and a list's file name.
    fn files(&mut self, options: &Options, operation: &Operation) -> String {
        let rest = matches!(options.target, Target::Rest { .. });
        let manifest_file = options
            .manifest_file
            .clone()
            .unwrap_or_else(|| DEFAULT_MANIFEST_FILE.to_owned());
        if matches!(
            operation,
            Operation::Alter { .. } | Operation::Create { .. }
        ) && !rest
            && let Err(m) = names::check_file_name(&manifest_file)
        {
            self.errors.push(error(RULE_PLAN, m.to_string()));
        }
        if matches!(operation, Operation::List) {
            let default = if rest { "list.json" } else { "list.yaml" };
            let list_file = options
                .list_file
                .clone()
                .unwrap_or_else(|| default.to_owned());
            match FileName::parse(&list_file) {
                Ok(file) => self.values.push((Var::ListFile, (&file).into())),
                Err(m) => self.errors.push(error(RULE_PLAN, m.to_string())),
            }
        }
        manifest_file
    }

    /// How long a wait may take, between one poll interval and a day.
    fn timeout(&mut self, options: &Options) -> u32 {
        let timeout = options.timeout_seconds.unwrap_or(DEFAULT_TIMEOUT_SECONDS);
        if !(POLL_INTERVAL_SECONDS..=86_400).contains(&timeout) {
            self.errors.push(error(
                RULE_PLAN,
                format!("The timeout must be between {POLL_INTERVAL_SECONDS} and 86400 seconds; got {timeout}."),
            ));
        }
        self.values
            .push((Var::Timeout, CheckedValue::number(timeout)));
        timeout
    }

    /// The per-partition check an alter or a create runs (only when nothing was refused).
    fn check_file(&mut self, options: &Options, operation: &Operation) -> Option<check::Check> {
        if !self.errors.is_empty() {
            return None;
        }
        match operation {
            // A new connector has no listing to compare with: the check holds what the alter sets.
            Operation::Create { payload, .. } => {
                let (check, problem) = check::build(
                    payload,
                    data_key(&options.target).as_deref(),
                    None,
                    &options.relative,
                );
                if let Some(m) = problem {
                    self.errors.push(error(RULE_PLAN, m));
                }
                Some(check)
            }
            Operation::Alter { payload } => {
                let (check, problem) = check::build(
                    payload,
                    data_key(&options.target).as_deref(),
                    options.listed.as_ref(),
                    &options.relative,
                );
                if let Some(m) = problem {
                    self.warnings
                        .push(Diagnostic::warning(RULE_PLAN, Position::NONE, m));
                } else if !check.has_listed {
                    self.warnings.push(Diagnostic::warning(
                        RULE_PLAN,
                        Position::NONE,
                        "The listing the edits were made on was not given, so the procedure cannot check that no edited partition moved since it was taken; the script stops before altering.".to_owned(),
                    ));
                }
                Some(check)
            }
            _ => None,
        }
    }

    /// The mirror guard's path against the owner's apiVersion: a v1beta2 resource usually has
    /// `sourceCluster`, a v1 one `source/alias`.
    fn alias_path_fits(&mut self, options: &Options) {
        let (Target::KafkaMirrorMaker2 { alias_path, .. }, Some(v)) =
            (&options.target, &options.api_version)
        else {
            return;
        };
        let fits = match alias_path {
            AliasPath::New => v != "kafka.strimzi.io/v1beta2",
            AliasPath::Old => v != "kafka.strimzi.io/v1",
        };
        if fits {
            return;
        }
        let (path, other) = match alias_path {
            AliasPath::New => ("source/alias", "sourceCluster"),
            AliasPath::Old => ("sourceCluster", "source/alias"),
        };
        self.warnings.push(Diagnostic::warning(
            RULE_PLAN,
            Position::NONE,
            format!(
                "The listing's owner is a {} resource, but the mirror guard reads /spec/mirrors/I/{path}; such a resource usually has /spec/mirrors/I/{other}, and the guard would fail with a failed test operation.",
                shown(v)
            ),
        ));
    }
}

/// The data key an alter ConfigMap of `target` holds (`None` for REST: a PATCH body).
fn data_key(target: &Target) -> Option<String> {
    match target {
        Target::KafkaConnector { .. } => Some("offsets.json".to_owned()),
        Target::KafkaMirrorMaker2 { connector, .. } => Some(connector.data_key()),
        Target::Rest { .. } => None,
    }
}

/// A cheap guard against embedding the wrong export: the alter ConfigMap text must mention the
/// data key Strimzi will read (K4) and the ConfigMap name the CR will point at. Returns the
/// round ConfigMaps when the payload is an alter in rounds (`ALTER_CM-1` ...).
fn check_payload_names(
    payload: &str,
    data_key: &str,
    alter_configmap: &str,
    errors: &mut Vec<Diagnostic>,
) -> Vec<ConfigMapName> {
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
    let rounds = match super::round_names::round_names(payload, alter_configmap) {
        Ok(rounds) => rounds,
        Err(m) => {
            errors.push(error(RULE_PLAN, m.to_string()));
            return Vec::new();
        }
    };
    let mut checked = Vec::with_capacity(rounds.len());
    for name in &rounds {
        match ConfigMapName::check(name, ConfigMapRole::Round) {
            Ok(name) => checked.push(name),
            Err(d) => errors.push(d),
        }
    }
    checked
}
