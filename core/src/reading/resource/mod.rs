//! Reads a Strimzi custom resource as `kubectl get kafkaconnector|kafkamirrormaker2 X -o
//! yaml|json` prints it (Strimzi 0.44 to 1.2, `kafka.strimzi.io/v1beta2` and `v1`) into the facts
//! the offsets procedures need, each with its position in the text.
//!
//! `documents` finds the resource among several documents (a multi-document file, a `kind: List`).
//!
//! This is the raw level: values are kept as written (a hostile name stays a string here);
//! [`crate::checking::resource`] judges them, and [`crate::checking::resource::settings`] hands out only names that
//! passed the rules of [`crate::model::names`], so no unchecked value reaches a command.
//!
//! KafkaMirrorMaker2 aliases: `spec.mirrors[i].source.alias` and `spec.target.alias` (new style:
//! always in v1, optional in v1beta2 from 0.49), else `spec.mirrors[i].sourceCluster` and
//! `.targetCluster` (old style, v1beta2 only). A connector exists for each of `sourceConnector`,
//! `checkpointConnector` and `heartbeatConnector` (v1beta2 only) that the mirror configures
//! (`KafkaMirrorMaker2Connectors.generateConnectorDefinitions`, tags 0.44.0 to 1.2.0).

use crate::diag::{Diagnostic, Position};
use crate::json::{JsonKind, JsonValue};
use crate::model::{ConnectorKind, ResetFact};

mod documents;
pub use documents::{
    Candidate, candidates, read_resource, read_resource_named, read_resource_tree,
};

/// Rule id of a resource that cannot be read as a KafkaConnector or KafkaMirrorMaker2.
pub const RULE_READ: &str = "CR1";

/// Which Strimzi resource.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ResourceKind {
    KafkaConnector,
    KafkaMirrorMaker2,
}

impl ResourceKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ResourceKind::KafkaConnector => "KafkaConnector",
            ResourceKind::KafkaMirrorMaker2 => "KafkaMirrorMaker2",
        }
    }

    /// The kubectl resource name (`kubectl annotate kafkaconnector ...`).
    pub fn kubectl(self) -> &'static str {
        match self {
            ResourceKind::KafkaConnector => "kafkaconnector",
            ResourceKind::KafkaMirrorMaker2 => "kafkamirrormaker2",
        }
    }
}

/// A string value and where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Text {
    pub value: String,
    pub pos: Position,
}

/// A field that is present but is not a string (a number, a map, null), with its position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Field {
    Missing,
    Text(Text),
    /// Present with another type; the type name ("a number", "null", ...).
    NotText(&'static str, Position),
}

impl Field {
    fn of(v: Option<&JsonValue>) -> Field {
        match v {
            None => Field::Missing,
            Some(v) => match &v.kind {
                JsonKind::String(s) => Field::Text(Text {
                    value: s.clone(),
                    pos: v.pos,
                }),
                _ => Field::NotText(v.type_name(), v.pos),
            },
        }
    }

    pub fn text(&self) -> Option<&Text> {
        match self {
            Field::Text(t) => Some(t),
            _ => None,
        }
    }

    pub fn value(&self) -> Option<&str> {
        self.text().map(|t| t.value.as_str())
    }

    pub fn pos(&self) -> Option<Position> {
        match self {
            Field::Missing => None,
            Field::Text(t) => Some(t.pos),
            Field::NotText(_, p) => Some(*p),
        }
    }
}

/// One annotation of `metadata.annotations`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Annotation {
    pub key: String,
    pub key_pos: Position,
    pub value: Field,
}

/// `listOffsets` / `alterOffsets` of a connector: where the property is and the ConfigMap it names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OffsetsRef {
    /// Position of the property's value (`listOffsets:` map).
    pub pos: Position,
    /// `toConfigMap.name` / `fromConfigMap.name`.
    pub configmap: Field,
}

/// One connector: a KafkaConnector's `spec`, or a connector block of a mirror.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConnectorSpec {
    /// The connector's name in Kafka Connect: the KafkaConnector's `metadata.name`, or
    /// `<source>-><target>.<Type>` for MirrorMaker 2 (`None` when an alias is missing).
    pub name: Option<String>,
    /// MirrorMaker 2: `MirrorSourceConnector`, `MirrorCheckpointConnector` or
    /// `MirrorHeartbeatConnector`.
    pub connector_type: Option<&'static str>,
    /// Where the block is in the CR, as a JSON-patch path (`/spec`, `/spec/mirrors/0/sourceConnector`).
    pub path: String,
    /// Position of the block (or of `spec`).
    pub pos: Position,
    /// `state` (`running`, `paused`, `stopped`).
    pub state: Field,
    /// The deprecated `pause` (v1beta2).
    pub pause: Field,
    pub list_offsets: Option<OffsetsRef>,
    pub alter_offsets: Option<OffsetsRef>,
    /// The live connector state in the status (`RUNNING`, `PAUSED`, `STOPPED`, `FAILED`, ...).
    pub status_state: Field,
    /// The `config` entries whose key ends in `auto.offset.reset`, as written, in order.
    pub reset_config: Vec<(String, Field)>,
}

impl ConnectorSpec {
    /// The `auto.offset.reset` this connector's config sets for a connector of `kind`
    /// (`model::reset`): `Ok(None)` when it sets none; `Err` with the key, the value and its
    /// position when the value is not `earliest`, `latest` or `none`.
    pub fn reset(
        &self,
        kind: ConnectorKind,
    ) -> Result<Option<ResetFact>, (&'static str, String, Position)> {
        ResetFact::from_config(kind, |key| self.config(key).and_then(Field::value))
            .map_err(|(key, value)| (key, value, self.config_pos(key)))
    }

    /// The `config` value of an `auto.offset.reset` key (the last one, as Kubernetes keeps one).
    pub fn config(&self, key: &str) -> Option<&Field> {
        self.reset_config
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v)
    }

    /// Where that value is written (the block's position when it is not).
    pub fn config_pos(&self, key: &str) -> Position {
        self.config(key).and_then(Field::pos).unwrap_or(self.pos)
    }
}

/// One `spec.mirrors[i]` of a KafkaMirrorMaker2.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mirror {
    pub index: usize,
    pub pos: Position,
    /// `source.alias` (new style) else `sourceCluster` (old style).
    pub source_alias: Field,
    /// `spec.target.alias` (new style) else `targetCluster` (old style).
    pub target_alias: Field,
    /// True when the source alias is in `source.alias` (the JSON-patch guard path
    /// `/spec/mirrors/I/source/alias`), false for `sourceCluster`.
    pub new_style: bool,
    /// Old-style fields present (`sourceCluster`, `targetCluster`), with their positions.
    pub old_fields: Vec<(&'static str, Position)>,
    pub connectors: Vec<ConnectorSpec>,
    /// Offsets properties written at the mirror level instead of inside a connector block.
    pub misplaced: Vec<(String, Position)>,
}

/// One `status.conditions[]` entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Condition {
    pub pos: Position,
    pub condition_type: String,
    pub status: String,
    pub reason: String,
    pub message: String,
}

/// A KafkaConnector or KafkaMirrorMaker2, as read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resource {
    pub kind: ResourceKind,
    pub kind_pos: Position,
    pub api_version: Text,
    pub name: Field,
    pub namespace: Field,
    /// Position of `metadata` (for findings about the resource as a whole).
    pub metadata_pos: Position,
    pub annotations: Vec<Annotation>,
    /// KafkaConnector: the one connector (`spec`). KafkaMirrorMaker2: empty.
    pub connector: Option<ConnectorSpec>,
    /// KafkaMirrorMaker2: `spec.mirrors`.
    pub mirrors: Vec<Mirror>,
    /// `spec.target.alias` position when written in the new style.
    pub target_alias: Field,
    pub conditions: Vec<Condition>,
    /// True when `status` exists at all (a CR written by hand has none).
    pub has_status: bool,
    /// The input was JSON (`-o json`).
    pub json: bool,
}

/// The strimzi.io annotations the offsets feature uses.
pub const ANNOTATION_OFFSETS: &str = "strimzi.io/connector-offsets";
pub const ANNOTATION_MIRROR_CONNECTOR: &str = "strimzi.io/mirrormaker-connector";

const CONNECTOR_BLOCKS: [(&str, &str); 3] = [
    ("sourceConnector", "MirrorSourceConnector"),
    ("checkpointConnector", "MirrorCheckpointConnector"),
    ("heartbeatConnector", "MirrorHeartbeatConnector"),
];

impl Resource {
    /// The annotation `key`, if present (the last one, as Kubernetes keeps one).
    pub fn annotation(&self, key: &str) -> Option<&Annotation> {
        self.annotations.iter().rev().find(|a| a.key == key)
    }

    /// Every connector of the resource (the KafkaConnector's, or each mirror's), with the
    /// mirror index for MirrorMaker 2.
    pub fn connectors(&self) -> Vec<(Option<usize>, &ConnectorSpec)> {
        match &self.connector {
            Some(c) => vec![(None, c)],
            None => self
                .mirrors
                .iter()
                .flat_map(|m| m.connectors.iter().map(move |c| (Some(m.index), c)))
                .collect(),
        }
    }

    /// The connector named `name` (exact match), with its mirror index.
    pub fn find_connector(&self, name: &str) -> Option<(Option<usize>, &ConnectorSpec)> {
        self.connectors()
            .into_iter()
            .find(|(_, c)| c.name.as_deref() == Some(name))
    }

    /// True for the `kafka.strimzi.io/v1` API (Strimzi 1.0+).
    pub fn is_v1(&self) -> bool {
        self.api_version.value == "kafka.strimzi.io/v1"
    }
}

pub(super) fn err(pos: Position, message: impl Into<String>) -> Vec<Diagnostic> {
    vec![Diagnostic::error(RULE_READ, pos, message)]
}

pub(super) fn resource_of(root: &JsonValue, is_json: bool) -> Result<Resource, Vec<Diagnostic>> {
    if root.as_members().is_none() {
        return Err(err(
            root.pos,
            "Expected a KafkaConnector or KafkaMirrorMaker2 (the output of `kubectl get kafkaconnector NAME -o yaml`), found a document that is not a map.",
        ));
    }
    let (kind, kind_pos) = kind_of(root)?;
    let api_version = api_version_of(root, kind)?;
    let metadata = root.get("metadata");
    let metadata_pos = metadata.map_or(root.pos, |m| m.pos);
    let annotations = annotations_of(metadata);
    let name = Field::of(metadata.and_then(|m| m.get("name")));
    let namespace = Field::of(metadata.and_then(|m| m.get("namespace")));
    let spec = root.get("spec");
    let status = root.get("status");
    let conditions = conditions_of(status);
    let mut resource = Resource {
        kind,
        kind_pos,
        api_version,
        name,
        namespace,
        metadata_pos,
        annotations,
        connector: None,
        mirrors: Vec::new(),
        target_alias: Field::of(
            spec.and_then(|s| s.get("target"))
                .and_then(|t| t.get("alias")),
        ),
        conditions,
        has_status: status.is_some(),
        json: is_json,
    };
    add_connectors(&mut resource, spec, status, root.pos);
    Ok(resource)
}

/// The resource's kind and where it is written; an error for any kind but the two.
fn kind_of(root: &JsonValue) -> Result<(ResourceKind, Position), Vec<Diagnostic>> {
    let kind_field = Field::of(root.get("kind"));
    let kind = match kind_field.value() {
        Some("KafkaConnector") => ResourceKind::KafkaConnector,
        Some("KafkaMirrorMaker2") => ResourceKind::KafkaMirrorMaker2,
        Some("ConfigMap") => {
            return Err(err(
                kind_field.pos().unwrap_or(root.pos),
                "This is a ConfigMap, not a custom resource: give the listing with --listing and the KafkaConnector or KafkaMirrorMaker2 (`kubectl get kafkamirrormaker2 NAME -o yaml`) as CR.",
            ));
        }
        other => {
            return Err(err(
                kind_field.pos().unwrap_or(root.pos),
                format!(
                    "Expected kind KafkaConnector or KafkaMirrorMaker2, found {}.",
                    other.map_or_else(
                        || "none".to_string(),
                        |k| format!("'{}'", crate::model::names::shown(k))
                    )
                ),
            ));
        }
    };
    Ok((kind, kind_field.pos().unwrap_or(root.pos)))
}

/// The resource's apiVersion; an error for any but the two Strimzi versions that have offsets.
fn api_version_of(root: &JsonValue, kind: ResourceKind) -> Result<Text, Vec<Diagnostic>> {
    let api_field = Field::of(root.get("apiVersion"));
    match api_field.text() {
        Some(t) if t.value == "kafka.strimzi.io/v1beta2" || t.value == "kafka.strimzi.io/v1" => {
            Ok(t.clone())
        }
        _ => Err(err(
            api_field.pos().unwrap_or(root.pos),
            format!(
                "{} apiVersion must be kafka.strimzi.io/v1beta2 (Strimzi 0.44 to 0.51) or kafka.strimzi.io/v1 (0.49 and later), found {}.",
                kind.as_str(),
                api_field.value().map_or_else(
                    || "none".to_string(),
                    |v| format!("'{}'", crate::model::names::shown(v))
                )
            ),
        )),
    }
}

/// `metadata.annotations`, each with where its key is.
fn annotations_of(metadata: Option<&JsonValue>) -> Vec<Annotation> {
    metadata
        .and_then(|m| m.get("annotations"))
        .and_then(JsonValue::as_members)
        .map(|ms| {
            ms.iter()
                .map(|m| Annotation {
                    key: m.key.clone(),
                    key_pos: m.key_pos,
                    value: Field::of(Some(&m.value)),
                })
                .collect()
        })
        .unwrap_or_default()
}

/// `status.conditions`, as the operator wrote them.
fn conditions_of(status: Option<&JsonValue>) -> Vec<Condition> {
    status
        .and_then(|s| s.get("conditions"))
        .and_then(JsonValue::as_array)
        .unwrap_or(&[])
        .iter()
        .map(|c| {
            let s = |k: &str| {
                c.get(k)
                    .and_then(JsonValue::as_str)
                    .unwrap_or("")
                    .to_string()
            };
            Condition {
                pos: c.pos,
                condition_type: s("type"),
                status: s("status"),
                reason: s("reason"),
                message: s("message"),
            }
        })
        .collect()
}

/// The connectors of the resource: a KafkaConnector's one, a KafkaMirrorMaker2's mirrors, each
/// with its state from `status`.
fn add_connectors(
    resource: &mut Resource,
    spec: Option<&JsonValue>,
    status: Option<&JsonValue>,
    root_pos: Position,
) {
    match resource.kind {
        ResourceKind::KafkaConnector => {
            let state = status
                .and_then(|s| s.get("connectorStatus"))
                .and_then(|c| c.get("connector"))
                .and_then(|c| c.get("state"));
            let mut c = connector_spec(spec, "/spec".into(), spec.map_or(root_pos, |s| s.pos));
            c.name = resource.name.value().map(str::to_string);
            c.status_state = Field::of(state);
            resource.connector = Some(c);
        }
        ResourceKind::KafkaMirrorMaker2 => {
            let statuses = status
                .and_then(|s| s.get("connectors"))
                .and_then(JsonValue::as_array)
                .unwrap_or(&[]);
            let mirrors = spec
                .and_then(|s| s.get("mirrors"))
                .and_then(JsonValue::as_array)
                .unwrap_or(&[]);
            for (index, m) in mirrors.iter().enumerate() {
                resource
                    .mirrors
                    .push(mirror(index, m, &resource.target_alias, statuses));
            }
        }
    }
}

fn offsets_ref(block: Option<&JsonValue>, property: &str, inner: &str) -> Option<OffsetsRef> {
    let v = block?.get(property)?;
    Some(OffsetsRef {
        pos: v.pos,
        configmap: Field::of(v.get(inner).and_then(|c| c.get("name"))),
    })
}

fn connector_spec(block: Option<&JsonValue>, path: String, pos: Position) -> ConnectorSpec {
    ConnectorSpec {
        name: None,
        connector_type: None,
        path,
        pos,
        state: Field::of(block.and_then(|b| b.get("state"))),
        pause: Field::of(block.and_then(|b| b.get("pause"))),
        list_offsets: offsets_ref(block, "listOffsets", "toConfigMap"),
        alter_offsets: offsets_ref(block, "alterOffsets", "fromConfigMap"),
        status_state: Field::Missing,
        reset_config: block
            .and_then(|b| b.get("config"))
            .and_then(JsonValue::as_members)
            .map(|members| {
                members
                    .iter()
                    .filter(|m| m.key.ends_with("auto.offset.reset"))
                    .map(|m| (m.key.clone(), Field::of(Some(&m.value))))
                    .collect()
            })
            .unwrap_or_default(),
    }
}

fn mirror(index: usize, m: &JsonValue, target: &Field, statuses: &[JsonValue]) -> Mirror {
    let new_source = Field::of(m.get("source").and_then(|s| s.get("alias")));
    let old_source = Field::of(m.get("sourceCluster"));
    let old_target = Field::of(m.get("targetCluster"));
    let new_style = !matches!(new_source, Field::Missing);
    let source_alias = if new_style {
        new_source
    } else {
        old_source.clone()
    };
    let target_alias = if matches!(target, Field::Missing) {
        old_target.clone()
    } else {
        target.clone()
    };
    let mut old_fields = Vec::new();
    for (name, f) in [
        ("sourceCluster", &old_source),
        ("targetCluster", &old_target),
    ] {
        if let Some(p) = f.pos() {
            old_fields.push((name, p));
        }
    }
    let mut connectors = Vec::new();
    for (block, connector_type) in CONNECTOR_BLOCKS {
        let Some(b) = m.get(block) else { continue };
        let mut c = connector_spec(Some(b), format!("/spec/mirrors/{index}/{block}"), b.pos);
        c.connector_type = Some(connector_type);
        if let (Some(s), Some(t)) = (source_alias.value(), target_alias.value()) {
            let name = format!("{s}->{t}.{connector_type}");
            let state = statuses
                .iter()
                .find(|st| st.get("name").and_then(JsonValue::as_str) == Some(name.as_str()))
                .and_then(|st| st.get("connector"))
                .and_then(|st| st.get("state"));
            c.status_state = Field::of(state);
            c.name = Some(name);
        }
        connectors.push(c);
    }
    let misplaced = ["listOffsets", "alterOffsets", "state"]
        .iter()
        .filter_map(|p| m.member(p).map(|mm| ((*p).to_string(), mm.key_pos)))
        .collect();
    Mirror {
        index,
        pos: m.pos,
        source_alias,
        target_alias,
        new_style,
        old_fields,
        connectors,
        misplaced,
    }
}
