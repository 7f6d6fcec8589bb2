//! The options of a Strimzi create ([`super::Operation::Create`] on a KafkaConnector or
//! KafkaMirrorMaker2 target), checked once: which operator creates the connector (Strimzi 1.2
//! creates it stopped; older ones start it first), and the resource the procedure creates, from
//! the user's own resource or from the names.
//!
//! Strimzi code this relies on (strimzi/strimzi-kafka-operator, tag 1.2.0):
//! - `AbstractConnectOperator.maybeCreateOrUpdateConnector`: a connector Connect does not know
//!   (404 on its config) goes to `createConnector`, which calls
//!   `KafkaConnectApi.createConnector(..., connectorSpec.getState())`; `KafkaConnectApiImpl`
//!   sends `POST /connectors` with `"initial_state": "STOPPED"` (#12974, first in 1.2.0). Up to
//!   1.1.0 the same branch called `createOrUpdateConnector`: `PUT /connectors/NAME/config`
//!   (created running), then `updateState`, which stops it.
//! - `KafkaMirrorMaker2AssemblyOperator.reconcileConnectors` -> `createOrUpdateMirrorMaker2Connector`
//!   -> the same `maybeCreateOrUpdateConnector`, with the state copied from the mirror's
//!   connector block by `KafkaMirrorMaker2Connectors.generateConnectorDefinitions`: a
//!   KafkaMirrorMaker2's connectors are created stopped the same way.
//! - Only the branch where the connector exists with the desired config runs
//!   `manageConnectorOffsets`: the create reconciliation lists, alters or resets nothing, so the
//!   procedure annotates after the operator shows the connector STOPPED.

use super::strimzi_quiet::{self, Filter, Quiet};
use super::{Options, Previous, RULE_PLAN, Target};
use crate::diag::{Diagnostic, Position};
use crate::json::{self, JsonKind, JsonValue, Member};
use crate::model::names::{ResourceName, shown};
use crate::reading::resource::{
    ANNOTATION_MIRROR_CONNECTOR, ANNOTATION_OFFSETS, read_resource_tree,
};

/// How the resource of a Strimzi create is made, besides the target's names.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct StrimziCreate {
    /// The user's KafkaConnector or KafkaMirrorMaker2 (YAML or JSON, `plan --resource-file`):
    /// its spec is kept, the connector's `state` set to `stopped` and its `listOffsets` and
    /// `alterOffsets` to the procedure's ConfigMaps. `None`: built from the names (a
    /// KafkaConnector), or the connector block added to an existing KafkaMirrorMaker2.
    pub resource: Option<String>,
    /// The KafkaConnect cluster of a KafkaConnector built from the names (its
    /// `strimzi.io/cluster` label); with `resource`, it must agree with the label there.
    pub connect_cluster: Option<String>,
    /// `spec.class` of a KafkaConnector built from the names.
    pub class: Option<String>,
    /// Which operator creates the connector; `None`: read from the resource's apiVersion where
    /// it says (v1beta2 is served only up to Strimzi 0.51), else unknown.
    pub strimzi: Option<StrimziVersion>,
}

/// The Strimzi release that creates the connector, as far as the create procedure cares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StrimziVersion {
    /// Strimzi 1.2 or later: created stopped, it never runs before the offsets are set.
    CreatesStopped,
    /// Before Strimzi 1.2: created running, then stopped; it runs for a moment.
    StartsFirst,
}

impl StrimziVersion {
    /// The CLI's `--strimzi` values: `1.2` and `older`.
    pub fn from_flag(value: &str) -> Option<StrimziVersion> {
        match value {
            "1.2" => Some(StrimziVersion::CreatesStopped),
            "older" => Some(StrimziVersion::StartsFirst),
            _ => None,
        }
    }
}

/// How the procedure makes the connector.
#[derive(Debug, Clone)]
pub(crate) enum Make {
    /// `kubectl create -f` of this manifest (JSON): a KafkaConnector, which must not exist.
    Create(String),
    /// `kubectl apply -f` of this manifest (JSON): the user's KafkaMirrorMaker2, new or one
    /// that gains the connector.
    Apply(String),
    /// A JSON patch adding the connector block (stopped, listOffsets, alterOffsets) to mirror I
    /// of an existing KafkaMirrorMaker2, behind the mirror guard.
    AddBlock,
}

/// The checked create: how the connector is made and which operator makes it.
#[derive(Debug, Clone)]
pub(crate) struct Prepared {
    pub(crate) make: Make,
    /// `None`: not known (the procedure says what an older operator does).
    pub(crate) version: Option<StrimziVersion>,
    /// Why the version is what it is, for the notes.
    pub(crate) version_why: String,
    /// What to do with offsets stored under the name.
    pub(crate) previous: Previous,
    /// The filter that keeps the connector from copying anything in the moment an operator
    /// before Strimzi 1.2 runs it (`strimzi_quiet`); `None` for Strimzi 1.2, or when the
    /// connector has no such filter.
    pub(crate) quiet: Option<Quiet>,
}

fn error(message: String) -> Diagnostic {
    Diagnostic::error(RULE_PLAN, Position::NONE, message)
}

/// The one error of a Strimzi create given a connector config object (the REST create's): the
/// first thing said, since nothing else about the create is right then.
pub(super) fn check_config(config: &str, errors: &mut Vec<Diagnostic>) {
    if !config.trim().is_empty() {
        errors.push(error("The Strimzi create procedure takes the connector's config from the resource (--resource-file: spec.config of a KafkaConnector, the connector block of a KafkaMirrorMaker2), not from a separate config object; a config object is for a plain Kafka Connect cluster (--kind rest).".into()));
    }
}

/// Checks the create options of a Strimzi target and builds its resource. Every problem is an
/// error in `errors`; `None` when the resource cannot be built.
pub(super) fn check(
    options: &Options,
    previous: Previous,
    sink: bool,
    errors: &mut Vec<Diagnostic>,
    warnings: &mut Vec<Diagnostic>,
) -> Option<Prepared> {
    let create = options.create.clone().unwrap_or_default();
    let (cluster, target_name) = match &options.target {
        Target::KafkaConnector { cluster, name } => (cluster, name),
        Target::KafkaMirrorMaker2 {
            cluster, resource, ..
        } => (cluster, resource),
        Target::Rest { .. } => return None,
    };
    if cluster.list_configmap == cluster.alter_configmap {
        errors.push(error(format!(
            "The create lists the connector's offsets before it alters them, and the listing would overwrite the alter ConfigMap '{}'. Give a separate list ConfigMap (for example '{}-list').",
            shown(&cluster.alter_configmap),
            shown(&cluster.alter_configmap)
        )));
    }
    let read = match &create.resource {
        Some(text) => match read_resource_tree(text, Some(target_name)) {
            Ok(read) => Some(read),
            Err(diags) => {
                errors.extend(diags);
                return None;
            }
        },
        None => None,
    };
    let api_version = read.as_ref().map(|(r, _)| r.api_version.value.clone());
    let (version, version_why) = match (create.strimzi, api_version.as_deref()) {
        (Some(v), Some("kafka.strimzi.io/v1beta2")) if v == StrimziVersion::CreatesStopped => {
            errors.push(error("The resource is kafka.strimzi.io/v1beta2, which Strimzi 1.0 and later no longer serve (047-Crd-kafkaconnector.yaml lists only v1 from 1.0.0), so a Strimzi 1.2 operator cannot create it. Write it as kafka.strimzi.io/v1, or generate the procedure for the older operator (--strimzi older).".into()));
            (Some(v), String::new())
        }
        (Some(v), _) => (Some(v), "as given".to_owned()),
        (None, Some("kafka.strimzi.io/v1beta2")) => (
            Some(StrimziVersion::StartsFirst),
            "the resource is kafka.strimzi.io/v1beta2, which only Strimzi 0.51 and earlier serve"
                .to_owned(),
        ),
        (None, _) => {
            warnings.push(Diagnostic::warning(
                RULE_PLAN,
                Position::NONE,
                format!(
                    "Which Strimzi creates the connector is not known ({}): Strimzi {} creates it stopped, an older operator starts it first and stops it a moment later. The procedure is the same; its notes say what an older operator does. Say which with --strimzi 1.2 or --strimzi older.",
                    if api_version.is_some() {
                        "kafka.strimzi.io/v1 is served from Strimzi 1.0 on"
                    } else {
                        "no resource was given"
                    },
                    crate::versions::STRIMZI_CREATE_STOPPED
                ),
            ));
            (None, String::new())
        }
    };
    let older = version != Some(StrimziVersion::CreatesStopped);
    let mut quiet = None;
    let make = match (&options.target, read) {
        (Target::KafkaConnector { name, .. }, read) => {
            let quiet = older.then_some((&mut quiet, sink));
            connector_manifest(
                options,
                &create,
                name,
                read.map(|(_, root)| root),
                quiet,
                errors,
            )
            .map(Make::Create)
        }
        (Target::KafkaMirrorMaker2 { .. }, Some((_, root))) => {
            mm2_manifest(options, root, older.then_some(&mut quiet), errors).map(Make::Apply)
        }
        (Target::KafkaMirrorMaker2 { .. }, None) => {
            for (flag, given) in [
                ("--connect-cluster", create.connect_cluster.is_some()),
                ("--connector-class", create.class.is_some()),
            ] {
                if given {
                    errors.push(error(format!("{flag} is for a KafkaConnector built from the names; a KafkaMirrorMaker2 connector takes its class from its block and runs on the KafkaMirrorMaker2's own Connect cluster.")));
                }
            }
            // The block is new, so its config is the filter alone; the check step stops when
            // the mirror writes an exclude pattern over it.
            if older && let Target::KafkaMirrorMaker2 { connector, .. } = &options.target {
                quiet =
                    Filter::of_block(block_field(connector.connector_type)).map(|f| f.quiet(None));
            }
            Some(Make::AddBlock)
        }
        (Target::Rest { .. }, _) => None,
    }?;
    if older && quiet.is_none() && previous == Previous::Refuse {
        errors.push(unfiltered(options, version, &make));
    }
    Some(Prepared {
        make,
        version,
        version_why,
        previous,
        quiet,
    })
}

/// The error of a create that an operator before Strimzi 1.2 would run unfiltered while the
/// procedure must refuse offsets stored under the name: what the connector commits in that
/// moment would be taken for old offsets, and a run with `--recreated reset` would run it again.
fn unfiltered(options: &Options, version: Option<StrimziVersion>, make: &Make) -> Diagnostic {
    let why = match (&options.target, make) {
        (Target::KafkaMirrorMaker2 { connector, .. }, _)
            if Filter::of_block(block_field(connector.connector_type)).is_none() =>
        {
            "this one cannot be: the heartbeat connector writes heartbeats, whatever it matches"
        }
        (Target::KafkaMirrorMaker2 { .. }, _) => {
            "this one cannot be: the mirror sets topicsExcludePattern or groupsExcludePattern (or a ...BlacklistPattern), which Strimzi writes over the block's config"
        }
        _ => {
            "this one cannot be: only a MirrorSourceConnector, a MirrorCheckpointConnector and a sink connector (with its topics or topics.regex in spec.config) have such a filter"
        }
    };
    let known = match version {
        Some(_) => "Before Strimzi 1.2 the operator",
        None => {
            "Which Strimzi creates the connector is not known, and before Strimzi 1.2 the operator"
        }
    };
    error(format!(
        "{known} creates the connector running and stops it a moment later. A connector the procedure can filter is created matching nothing, so it copies nothing in that moment; {why}. Unfiltered, it may write records and commit offsets in that moment, which the check for offsets stored under the name then finds, so the procedure would delete the connector again. Choose what happens to stored offsets: --recreated reset (every offset stored under the name, including what it commits in that moment, is deleted before the alter; what it wrote in that moment stays written) or --recreated keep (in the page: Offsets stored under this name before){}.",
        if version.is_none() {
            ", or say --strimzi 1.2 if Strimzi 1.2 or later creates it"
        } else {
            ""
        }
    ))
}

/// `{"toConfigMap":{"name":...}}` or `{"fromConfigMap":...}`.
fn configmap_ref(inner: &str, name: &str) -> JsonValue {
    JsonValue::object([(
        inner.to_owned(),
        JsonValue::object([("name".to_owned(), JsonValue::string(name))]),
    )])
}

/// The connector block a create sets: stopped, listing to the list ConfigMap and altering from
/// the alter ConfigMap.
fn connector_block(cluster: &super::Kubernetes) -> JsonValue {
    JsonValue::object([
        ("state".to_owned(), JsonValue::string("stopped")),
        (
            "listOffsets".to_owned(),
            configmap_ref("toConfigMap", &cluster.list_configmap),
        ),
        (
            "alterOffsets".to_owned(),
            configmap_ref("fromConfigMap", &cluster.alter_configmap),
        ),
    ])
}

/// Sets `key` in an object: the first member of that key gets `value` and any later duplicate
/// goes, else the member is appended. Not an object: nothing happens.
fn set(obj: &mut JsonValue, key: &str, value: JsonValue) {
    let JsonKind::Object(members) = &mut obj.kind else {
        return;
    };
    let mut value = Some(value);
    members.retain_mut(|m| {
        if m.key != key {
            return true;
        }
        match value.take() {
            Some(v) => {
                m.value = v;
                true
            }
            None => false,
        }
    });
    if let Some(value) = value {
        members.push(Member {
            key: key.to_owned(),
            key_pos: Position::NONE,
            value,
        });
    }
}

fn remove(obj: &mut JsonValue, key: &str) {
    if let JsonKind::Object(members) = &mut obj.kind {
        members.retain(|m| m.key != key);
    }
}

fn get_mut<'a>(obj: &'a mut JsonValue, key: &str) -> Option<&'a mut JsonValue> {
    match &mut obj.kind {
        JsonKind::Object(members) => members
            .iter_mut()
            .rev()
            .find(|m| m.key == key)
            .map(|m| &mut m.value),
        _ => None,
    }
}

/// What a resource printed by `kubectl get` carries that a create must not: the server's
/// fields, the status, the last-applied annotation and pending offsets annotations (the
/// procedure annotates itself, once the connector is STOPPED).
fn strip_server_fields(root: &mut JsonValue) {
    remove(root, "status");
    if let Some(metadata) = get_mut(root, "metadata") {
        for key in [
            "resourceVersion",
            "uid",
            "creationTimestamp",
            "generation",
            "managedFields",
            "selfLink",
            "ownerReferences",
            "deletionTimestamp",
            "deletionGracePeriodSeconds",
            "finalizers",
        ] {
            remove(metadata, key);
        }
        if let Some(annotations) = get_mut(metadata, "annotations") {
            for key in [
                "kubectl.kubernetes.io/last-applied-configuration",
                ANNOTATION_OFFSETS,
                ANNOTATION_MIRROR_CONNECTOR,
            ] {
                remove(annotations, key);
            }
        }
    }
}

/// The namespace of the resource: the procedure's, written in when missing; another one is an
/// error.
fn check_namespace(root: &mut JsonValue, namespace: &str, errors: &mut Vec<Diagnostic>) {
    let Some(metadata) = get_mut(root, "metadata") else {
        return;
    };
    match metadata.get("namespace").map(|n| n.as_str()) {
        Some(Some(ns)) if ns == namespace => {}
        None => {
            set(metadata, "namespace", JsonValue::string(namespace));
        }
        Some(other) => errors.push(error(format!(
            "The resource's metadata.namespace is {}, but the procedure works in namespace '{}'. Make the two agree.",
            other.map_or_else(|| "not a string".to_owned(), |v| format!("'{}'", shown(v))),
            shown(namespace)
        ))),
    }
}

/// The KafkaConnector the procedure creates: the user's (`root`), or one built from the names.
fn connector_manifest(
    options: &Options,
    create: &StrimziCreate,
    name: &str,
    root: Option<JsonValue>,
    quiet: Option<(&mut Option<Quiet>, bool)>,
    errors: &mut Vec<Diagnostic>,
) -> Option<String> {
    let Target::KafkaConnector { cluster, .. } = &options.target else {
        return None;
    };
    let label = "strimzi.io/cluster";
    let connect = match &create.connect_cluster {
        Some(c) => match ResourceName::parse(c) {
            Ok(c) => Some(c.as_str().to_owned()),
            Err(_) => {
                errors.push(error(format!("'{}' is not a valid KafkaConnect name (the strimzi.io/cluster label of the KafkaConnector): lowercase letters, digits, '-' or '.', at most 253 characters.", shown(c))));
                return None;
            }
        },
        None => None,
    };
    let mut root = match root {
        Some(mut root) => {
            if create.class.is_some() {
                errors.push(error("--connector-class is for a KafkaConnector built from the names; the resource file gives spec.class itself.".into()));
            }
            strip_server_fields(&mut root);
            check_namespace(&mut root, &cluster.namespace, errors);
            let has_class = root
                .get("spec")
                .and_then(|s| s.get("class"))
                .and_then(JsonValue::as_str)
                .is_some_and(|c| !c.is_empty());
            if !has_class {
                errors.push(error("The KafkaConnector has no spec.class: Kafka Connect needs the connector class to create it. Add spec.class to the resource.".into()));
            }
            let labelled = root
                .get("metadata")
                .and_then(|m| m.get("labels"))
                .and_then(|l| l.get(label))
                .and_then(JsonValue::as_str)
                .map(str::to_owned);
            match (labelled, &connect) {
                (Some(l), Some(c)) if l != *c => errors.push(error(format!(
                    "The KafkaConnector's strimzi.io/cluster label is '{}', but --connect-cluster says '{c}'. Drop the flag or make the two agree.",
                    shown(&l)
                ))),
                (Some(_), _) => {}
                (None, Some(c)) => {
                    let labels = root.get("metadata").and_then(|m| m.get("labels")).is_some();
                    if let Some(metadata) = get_mut(&mut root, "metadata") {
                        if !labels {
                            set(metadata, "labels", JsonValue::object([]));
                        }
                        if let Some(labels) = get_mut(metadata, "labels") {
                            set(labels, label, JsonValue::string(c.as_str()));
                        }
                    }
                }
                (None, None) => errors.push(error("The KafkaConnector has no strimzi.io/cluster label, so no KafkaConnect would run it. Add the label (the KafkaConnect's name) to the resource, or give --connect-cluster NAME.".into())),
            }
            root
        }
        None => {
            let Some(connect) = connect else {
                errors.push(error("A KafkaConnector built from the names needs its KafkaConnect cluster (--connect-cluster NAME, the strimzi.io/cluster label) and its class (--connector-class CLASS); for a config, give your own KafkaConnector with --resource-file.".into()));
                return None;
            };
            let class = match create.class.as_deref() {
                Some(c) if is_class_name(c) => c,
                Some(c) => {
                    errors.push(error(format!("'{}' is not a Java class name or connector alias (letters, digits, '_' or '$', joined by '.').", shown(c))));
                    return None;
                }
                None => {
                    errors.push(error("A KafkaConnector built from the names needs its class (--connector-class CLASS, e.g. org.apache.kafka.connect.mirror.MirrorSourceConnector); for a config, give your own KafkaConnector with --resource-file.".into()));
                    return None;
                }
            };
            let api = match options.api_version.as_deref() {
                Some("kafka.strimzi.io/v1beta2") => "kafka.strimzi.io/v1beta2",
                _ => "kafka.strimzi.io/v1",
            };
            JsonValue::object([
                ("apiVersion".to_owned(), JsonValue::string(api)),
                ("kind".to_owned(), JsonValue::string("KafkaConnector")),
                (
                    "metadata".to_owned(),
                    JsonValue::object([
                        ("name".to_owned(), JsonValue::string(name)),
                        (
                            "namespace".to_owned(),
                            JsonValue::string(cluster.namespace.as_str()),
                        ),
                        (
                            "labels".to_owned(),
                            JsonValue::object([(label.to_owned(), JsonValue::string(connect))]),
                        ),
                    ]),
                ),
                (
                    "spec".to_owned(),
                    JsonValue::object([("class".to_owned(), JsonValue::string(class))]),
                ),
            ])
        }
    };
    let spec_ok = root.get("spec").is_some_and(|s| s.as_members().is_some());
    if !spec_ok {
        errors.push(error(
            "The KafkaConnector has no spec map. Give the resource with its spec.".into(),
        ));
        return None;
    }
    let block = connector_block(cluster);
    let spec = get_mut(&mut root, "spec")?;
    for m in block.as_members().unwrap_or_default() {
        set(spec, &m.key, m.value.clone());
    }
    if let Some((quiet, sink)) = quiet {
        let class = spec.get("class").and_then(JsonValue::as_str).unwrap_or("");
        let config = spec.get("config").filter(|c| c.as_members().is_some());
        // A sink is filtered only through its own topics: one built from the names has none.
        let filter = Filter::of_class(
            class,
            sink && config
                .is_some_and(|c| c.get("topics").is_some() || c.get("topics.regex").is_some()),
        );
        if let Some(filter) = filter {
            let q = filter.quiet(config);
            if config.is_none() {
                set(spec, "config", JsonValue::object([]));
            }
            if let Some(config) = get_mut(spec, "config") {
                strimzi_quiet::apply(config, &q);
                *quiet = Some(q);
            }
        }
    }
    Some(json::to_pretty(&root))
}

/// The user's KafkaMirrorMaker2 with the connector's block set stopped: mirror I must be the
/// mirror from the connector's source alias and must configure the connector.
fn mm2_manifest(
    options: &Options,
    mut root: JsonValue,
    quiet: Option<&mut Option<Quiet>>,
    errors: &mut Vec<Diagnostic>,
) -> Option<String> {
    let Target::KafkaMirrorMaker2 {
        cluster,
        mirror_index,
        connector,
        ..
    } = &options.target
    else {
        return None;
    };
    strip_server_fields(&mut root);
    check_namespace(&mut root, &cluster.namespace, errors);
    let field = block_field(connector.connector_type);
    let index = *mirror_index as usize;
    let mirror = root
        .get("spec")
        .and_then(|s| s.get("mirrors"))
        .and_then(JsonValue::as_array)
        .and_then(|m| m.get(index));
    let Some(mirror) = mirror else {
        errors.push(error(format!(
            "The KafkaMirrorMaker2 has no mirror {index} (spec.mirrors[{index}]). Give the mirror index of the mirror from source alias '{}'.",
            connector.source
        )));
        return None;
    };
    let alias = mirror
        .get("source")
        .and_then(|s| s.get("alias"))
        .or_else(|| mirror.get("sourceCluster"))
        .and_then(JsonValue::as_str);
    if alias != Some(connector.source.as_str()) {
        errors.push(error(format!(
            "Mirror {index} of the KafkaMirrorMaker2 replicates from {}, not from '{}' as the connector {} says. Give the right mirror index.",
            alias.map_or_else(|| "no source alias".to_owned(), |a| format!("'{}'", shown(a))),
            connector.source,
            connector.connector_name()
        )));
        return None;
    }
    if mirror.get(field).and_then(JsonValue::as_members).is_none() {
        errors.push(error(format!(
            "Mirror {index} of the KafkaMirrorMaker2 does not configure the {} ({field}); add a {field} block (it may be empty: {field}: {{}}) to the resource.",
            connector.connector_type
        )));
        return None;
    }
    // The filter, unless the mirror writes its own over the block's config.
    let filter = Filter::of_block(field).filter(|f| {
        f.mirror_fields().iter().all(|m| {
            mirror
                .get(m)
                .is_none_or(|v| matches!(v.kind, JsonKind::Null))
        })
    });
    let block = connector_block(cluster);
    let JsonKind::Array(mirrors) = &mut get_mut(get_mut(&mut root, "spec")?, "mirrors")?.kind
    else {
        return None;
    };
    let target = get_mut(mirrors.get_mut(index)?, field)?;
    for m in block.as_members().unwrap_or_default() {
        set(target, &m.key, m.value.clone());
    }
    if let (Some(quiet), Some(filter)) = (quiet, filter) {
        let config = target.get("config").filter(|c| c.as_members().is_some());
        let q = filter.quiet(config);
        if config.is_none() {
            set(target, "config", JsonValue::object([]));
        }
        if let Some(config) = get_mut(target, "config") {
            strimzi_quiet::apply(config, &q);
            *quiet = Some(q);
        }
    }
    Some(json::to_pretty(&root))
}

/// The KafkaMirrorMaker2 mirror's block of a MirrorMaker 2 connector type.
fn block_field(connector_type: &str) -> &'static str {
    match connector_type {
        "MirrorCheckpointConnector" => "checkpointConnector",
        "MirrorHeartbeatConnector" => "heartbeatConnector",
        _ => "sourceConnector",
    }
}

/// A Java class name or a Connect plugin alias: identifiers joined by dots.
fn is_class_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 1000
        && name.split('.').all(|part| {
            let mut chars = part.chars();
            chars
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$')
                && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
        })
}
