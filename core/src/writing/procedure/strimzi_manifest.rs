//! The resource a Strimzi create applies (`strimzi_create`): the user's KafkaConnector or
//! KafkaMirrorMaker2, or a KafkaConnector built from the names, with the server's fields and
//! pending offsets annotations dropped, the namespace checked, the connector's block set to
//! `state: stopped`, `listOffsets` and `alterOffsets`, and for an operator before Strimzi 1.2 the
//! filter of `strimzi_quiet` in its config.

use super::strimzi_options::StrimziCreate;
use super::strimzi_quiet::{self, Filter, Quiet};
use super::{Options, RULE_PLAN, Target};
use crate::diag::{Diagnostic, Position};
use crate::json::{self, JsonKind, JsonValue, Member};
use crate::model::names::{ResourceName, shown};
use crate::reading::resource::{ANNOTATION_MIRROR_CONNECTOR, ANNOTATION_OFFSETS};

/// The label that names the KafkaConnect a KafkaConnector runs on.
const CLUSTER_LABEL: &str = "strimzi.io/cluster";

fn error(message: String) -> Diagnostic {
    Diagnostic::error(RULE_PLAN, Position::NONE, message)
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
pub(super) fn connector_manifest(
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
        Some(root) => users_connector(root, create, cluster, connect.as_deref(), errors),
        None => built_connector(options, create, name, cluster, connect, errors)?,
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
        quiet_connector(spec, quiet, sink);
    }
    Some(json::to_pretty(&root))
}

/// The user's KafkaConnector without the server's fields, its namespace checked, and its
/// strimzi.io/cluster label checked against `connect` (`--connect-cluster`) or set from it.
fn users_connector(
    mut root: JsonValue,
    create: &StrimziCreate,
    cluster: &super::Kubernetes,
    connect: Option<&str>,
    errors: &mut Vec<Diagnostic>,
) -> JsonValue {
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
        .and_then(|l| l.get(CLUSTER_LABEL))
        .and_then(JsonValue::as_str)
        .map(str::to_owned);
    match (labelled, connect) {
        (Some(l), Some(c)) if l != c => errors.push(error(format!(
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
                    set(labels, CLUSTER_LABEL, JsonValue::string(c));
                }
            }
        }
        (None, None) => errors.push(error("The KafkaConnector has no strimzi.io/cluster label, so no KafkaConnect would run it. Add the label (the KafkaConnect's name) to the resource, or give --connect-cluster NAME.".into())),
    }
    root
}

/// A KafkaConnector built from the names: the KafkaConnect cluster `connect` and the class
/// `--connector-class` gives; `None` (with the error) when one is missing or not a name.
fn built_connector(
    options: &Options,
    create: &StrimziCreate,
    name: &str,
    cluster: &super::Kubernetes,
    connect: Option<String>,
    errors: &mut Vec<Diagnostic>,
) -> Option<JsonValue> {
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
    Some(JsonValue::object([
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
                    JsonValue::object([(CLUSTER_LABEL.to_owned(), JsonValue::string(connect))]),
                ),
            ]),
        ),
        (
            "spec".to_owned(),
            JsonValue::object([("class".to_owned(), JsonValue::string(class))]),
        ),
    ]))
}

/// For an operator before Strimzi 1.2: the filter that keeps the stopped connector quiet, set in
/// `spec`'s config and kept in `quiet`.
fn quiet_connector(spec: &mut JsonValue, quiet: &mut Option<Quiet>, sink: bool) {
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

/// The user's KafkaMirrorMaker2 with the connector's block set stopped: mirror I must be the
/// mirror from the connector's source alias and must configure the connector.
pub(super) fn mm2_manifest(
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
pub(super) fn block_field(connector_type: &str) -> &'static str {
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
