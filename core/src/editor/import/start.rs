//! The guided start: what the empty page explains (list, edit, apply) and the list commands it
//! generates from the export settings' target, resource name, namespace and, for MirrorMaker 2,
//! connector. The fields are the export settings' own, so what is typed here is already filled in
//! when the listing is exported (a load keeps what the listing does not say, see `settings`).

mod error;

pub use error::StartListError;

use crate::editor::{Editor, Field, TargetKind};
use crate::model::names;
use crate::writing::procedure::request::start_list_configmap;
use crate::writing::procedure::{self, Kubernetes, Options, Procedure, Target};

/// The three steps the empty page explains, as (title, text).
pub const START_STEPS: [(&str, &str); 3] = [
    (
        "List",
        "Ask Strimzi to write the connector's offsets to a ConfigMap (fill in the fields below for the commands), then paste or open that ConfigMap here.",
    ),
    (
        "Edit",
        "Change offsets in the table: set, shift, null, add or remove partitions, with undo. Every change is checked with the rules Kafka Connect, MirrorMaker 2 and Strimzi apply.",
    ),
    (
        "Apply",
        "Export the alter ConfigMap and the kubectl steps that stop the connector, check the listing is current, alter, verify and resume.",
    ),
];

/// What the user came to do on the empty page (issue 37, item 2): each path shows only its
/// own fields and steps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum StartPath {
    /// Change a connector's offsets from its listing: the list commands and the import area.
    #[default]
    Change,
    /// Start a new connector at a chosen position (`new_connector`).
    New,
    /// Fail consumer groups over with MirrorMaker 2's checkpoints (`failover`).
    Failover,
}

/// The paths as (value, id, label), in the order the page offers them.
pub const START_PATHS: [(StartPath, &str, &str); 3] = [
    (
        StartPath::Change,
        "change",
        "Change a connector's offsets from its listing",
    ),
    (StartPath::New, "new", "Start a new connector"),
    (StartPath::Failover, "failover", "Fail over consumer groups"),
];

impl Editor {
    /// The path chosen on the empty page.
    pub fn start_path(&self) -> StartPath {
        self.import.start_path
    }

    /// The kind of resource the guided start lists: the export target, where a REST target
    /// (which the start does not offer) counts as a KafkaConnector.
    pub fn start_target(&self) -> TargetKind {
        match self.settings.target {
            TargetKind::KafkaMirrorMaker2 => TargetKind::KafkaMirrorMaker2,
            TargetKind::KafkaConnector | TargetKind::Rest => TargetKind::KafkaConnector,
        }
    }

    /// The fields the guided start shows for its target, in order.
    pub fn start_fields(&self) -> Vec<Field> {
        match self.start_target() {
            TargetKind::KafkaMirrorMaker2 => vec![
                Field::Resource,
                Field::Namespace,
                Field::Connector,
                Field::MirrorIndex,
            ],
            _ => vec![Field::Resource, Field::Namespace],
        }
    }

    /// Why a value typed in the guided start is refused: the procedure's own rule for the
    /// field ([`Field::check`], as the export settings use), so a value the start accepts is one
    /// the list procedure accepts. An empty field is not an error here (the commands say what
    /// is still missing); an empty mirror index means 0.
    pub fn start_field_error(&self, field: Field) -> Option<String> {
        let value = self.settings.get(field);
        if value.is_empty() {
            return None;
        }
        field
            .check(self.start_target(), value)
            .err()
            .map(String::from)
    }

    /// The list procedure for what the guided start's fields say, or what to do first (a
    /// sentence). The list ConfigMap is the export setting when one is typed, otherwise
    /// `<name>-offsets`; every value is validated and single-quoted by the procedure.
    pub fn start_list(&self) -> Result<Procedure, StartListError> {
        let target = self.start_target();
        let s = &self.settings;
        let missing: Vec<&'static str> = self
            .start_fields()
            .into_iter()
            .filter(|f| *f != Field::MirrorIndex && s.get(*f).is_empty())
            .map(|f| match f {
                Field::Resource if target == TargetKind::KafkaMirrorMaker2 => {
                    "the KafkaMirrorMaker2 name"
                }
                Field::Resource => "the KafkaConnector name",
                Field::Namespace => "the namespace",
                _ => "the connector",
            })
            .collect();
        if !missing.is_empty() {
            return Err(StartListError::Missing(missing));
        }
        let mut fields = self.start_fields();
        fields.push(Field::ListConfigMap);
        if fields.iter().any(|f| self.start_field_error(*f).is_some()) {
            return Err(StartListError::Marked);
        }
        let resource = s.get(Field::Resource).to_string();
        let list_configmap = match s.get(Field::ListConfigMap) {
            "" => start_list_configmap(&resource),
            name => name.to_string(),
        };
        let cluster = Kubernetes {
            namespace: s.get(Field::Namespace).to_string(),
            context: Some(s.get(Field::Context).to_string()).filter(|c| !c.is_empty()),
            list_configmap,
            alter_configmap: String::new(),
        };
        let target = match target {
            TargetKind::KafkaMirrorMaker2 => Target::KafkaMirrorMaker2 {
                cluster,
                resource,
                mirror_index: s.get(Field::MirrorIndex).parse().unwrap_or(0),
                connector: names::MirrorConnectorName::parse(s.get(Field::Connector))
                    .map_err(StartListError::Connector)?,
                alias_path: s.alias_path,
            },
            _ => Target::KafkaConnector {
                cluster,
                name: resource,
            },
        };
        procedure::list(&Options::new(target)).map_err(|errors| {
            StartListError::Procedure(errors.iter().map(|d| d.message.clone()).collect())
        })
    }
}
