//! Export settings: the target kind and the names the exports and procedures need, their
//! defaults guessed from the import, and the check of each field as it is typed.

use super::Editor;
use crate::diag::{Diagnostic, Position};
use crate::model::AliasPath;
use crate::model::Listing;
use crate::model::names;
use crate::writing::export::AlterTarget;
use crate::writing::procedure::{
    AutoOffsetReset, Kubernetes, Options, Previous, StrimziCreate, StrimziVersion, Target,
};

/// Where the exported offsets are applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum TargetKind {
    #[default]
    KafkaConnector,
    KafkaMirrorMaker2,
    Rest,
}

impl TargetKind {
    pub fn label(self) -> &'static str {
        match self {
            TargetKind::KafkaConnector => "KafkaConnector",
            TargetKind::KafkaMirrorMaker2 => "KafkaMirrorMaker2",
            TargetKind::Rest => "Kafka Connect REST",
        }
    }

    /// The id the draft records and the page's selects use.
    pub fn id(self) -> &'static str {
        match self {
            TargetKind::KafkaConnector => "connector",
            TargetKind::KafkaMirrorMaker2 => "mirrormaker2",
            TargetKind::Rest => "rest",
        }
    }

    pub fn from_id(id: &str) -> Option<TargetKind> {
        [
            TargetKind::KafkaConnector,
            TargetKind::KafkaMirrorMaker2,
            TargetKind::Rest,
        ]
        .into_iter()
        .find(|t| t.id() == id)
    }
}

/// The choices for what a create does with offsets stored under the connector's name before,
/// as (value, id of the page's radio and the draft, label).
pub const PREVIOUS_CHOICES: [(Previous, &str, &str); 3] = [
    (Previous::Refuse, "new", "The name is new"),
    (
        Previous::Reset,
        "reset",
        "It existed before: reset its old offsets",
    ),
    (
        Previous::Keep,
        "keep",
        "It existed before: keep its old offsets",
    ),
];

/// The choices for which Strimzi creates the connector: `(value, id, label)`.
pub const STRIMZI_CHOICES: [(Option<StrimziVersion>, &str, &str); 3] = [
    (None, "unknown", "Not known (read from the resource)"),
    (
        Some(StrimziVersion::CreatesStopped),
        "1.2",
        "Strimzi 1.2 or later: created stopped",
    ),
    (
        Some(StrimziVersion::StartsFirst),
        "older",
        "Before 1.2: runs a moment first",
    ),
];

/// The id of a [`STRIMZI_CHOICES`] value.
pub fn strimzi_id(strimzi: Option<StrimziVersion>) -> &'static str {
    STRIMZI_CHOICES
        .iter()
        .find(|(v, _, _)| *v == strimzi)
        .map_or("unknown", |(_, id, _)| id)
}

/// The [`STRIMZI_CHOICES`] value of an id (`None` for an unknown id: not known).
pub fn strimzi_from_id(id: &str) -> Option<StrimziVersion> {
    STRIMZI_CHOICES
        .iter()
        .find(|(_, i, _)| *i == id)
        .and_then(|(v, _, _)| *v)
}

/// The id of a [`PREVIOUS_CHOICES`] value.
pub fn previous_id(previous: Previous) -> &'static str {
    PREVIOUS_CHOICES
        .iter()
        .find(|(p, _, _)| *p == previous)
        .map_or("new", |(_, id, _)| id)
}

/// The value of a [`PREVIOUS_CHOICES`] id.
pub fn previous_from_id(id: &str) -> Option<Previous> {
    PREVIOUS_CHOICES
        .iter()
        .find(|(_, i, _)| *i == id)
        .map(|(p, _, _)| *p)
}

/// A text field of the export settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Field {
    /// KafkaConnector or KafkaMirrorMaker2 name.
    Resource,
    /// Connector name (REST), or MirrorMaker 2 connector `S->T.Type`.
    Connector,
    Namespace,
    Context,
    ListConfigMap,
    AlterConfigMap,
    MirrorIndex,
    RestUrl,
}

impl Field {
    pub const ALL: [Field; 8] = [
        Field::Resource,
        Field::Connector,
        Field::Namespace,
        Field::Context,
        Field::ListConfigMap,
        Field::AlterConfigMap,
        Field::MirrorIndex,
        Field::RestUrl,
    ];

    /// The rule a bad value of this field breaks (docs/rules.md, the K and PLAN sections).
    pub fn rule(self) -> &'static str {
        match self {
            Field::Resource => "K3",
            Field::Namespace => "K2",
            Field::ListConfigMap | Field::AlterConfigMap => names::CONFIGMAP_NAME_RULE,
            Field::Connector => "K5",
            Field::Context | Field::MirrorIndex | Field::RestUrl => "PLAN",
        }
    }

    /// The field's key in the draft record (camel case); the page's element ids are it in lower
    /// case.
    pub fn id(self) -> &'static str {
        match self {
            Field::Resource => "resource",
            Field::Connector => "connector",
            Field::Namespace => "namespace",
            Field::Context => "context",
            Field::ListConfigMap => "listConfigMap",
            Field::AlterConfigMap => "alterConfigMap",
            Field::MirrorIndex => "mirrorIndex",
            Field::RestUrl => "restUrl",
        }
    }
}

/// The text fields of the export settings as typed, one slot per [`Field`] (`None`: never set,
/// which [`ExportSettings::get`] reads as empty). An array rather than a `BTreeMap`: eight fixed
/// keys need no tree, and the page's wasm holds one instantiation of the map's code less.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FieldValues([Option<String>; Field::ALL.len()]);

impl FieldValues {
    pub fn get(&self, field: Field) -> Option<&str> {
        self.0.get(field as usize).and_then(|v| v.as_deref())
    }

    pub fn insert(&mut self, field: Field, value: String) {
        if let Some(slot) = self.0.get_mut(field as usize) {
            *slot = Some(value);
        }
    }

    pub fn contains_key(&self, field: Field) -> bool {
        self.get(field).is_some()
    }

    pub fn clear(&mut self) {
        *self = FieldValues::default();
    }

    /// The fields that have a value, in [`Field::ALL`] order (the order the map kept).
    pub fn iter(&self) -> impl Iterator<Item = (Field, &str)> {
        Field::ALL
            .into_iter()
            .zip(&self.0)
            .filter_map(|(field, value)| Some((field, value.as_deref()?)))
    }
}

/// Export target settings, as typed (validated on every change, see [`Editor::field_error`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportSettings {
    pub target: TargetKind,
    pub values: FieldValues,
    pub alias_path: AliasPath,
    /// `source.consumer.auto.offset.reset` as the user chose it: `None` (the default) until a
    /// choice, and no command is produced for it before one. Nothing in an export defaults to a
    /// value that changes replication beyond the user's edits.
    pub auto_offset_reset: Option<AutoOffsetReset>,
    /// The alter ConfigMap in rounds `NAME-1`, `NAME-2`, ... of at most 1 MiB each, and the
    /// procedure that applies them one after the other (K6's way out; Strimzi targets only).
    pub rounds: bool,
    /// The connector does not exist yet: the procedures create it stopped, set every offset of
    /// the listing, verify them, then start it (`procedure::Operation::Create`), and every
    /// export holds every entry. Set by "Start a new connector", or ticked by the user.
    pub create: bool,
    /// The config object of the connector to create, as typed (JSON, with `connector.class`).
    pub create_config: String,
    /// What the create does with offsets a connector of the same name stored before.
    pub create_previous: Previous,
    /// Which Strimzi creates the connector (Strimzi targets); `None`: not known.
    pub create_strimzi: Option<StrimziVersion>,
}

impl Default for ExportSettings {
    fn default() -> Self {
        ExportSettings {
            target: TargetKind::default(),
            values: FieldValues::default(),
            alias_path: AliasPath::New,
            auto_offset_reset: None,
            rounds: false,
            create: false,
            create_config: String::new(),
            create_previous: Previous::default(),
            create_strimzi: None,
        }
    }
}

impl ExportSettings {
    pub fn get(&self, field: Field) -> &str {
        self.values.get(field).unwrap_or("")
    }
}

impl Editor {
    /// Why the value of `field` is not acceptable, as typed.
    pub fn field_error(&self, field: Field) -> Option<String> {
        let value = self.settings.get(field);
        let target = self.settings.target;
        let needed = match field {
            Field::Resource | Field::Namespace | Field::ListConfigMap | Field::AlterConfigMap => {
                target != TargetKind::Rest
            }
            Field::Connector => target != TargetKind::KafkaConnector,
            Field::MirrorIndex => target == TargetKind::KafkaMirrorMaker2,
            Field::RestUrl => target == TargetKind::Rest,
            Field::Context => false,
        };
        if !needed {
            return None;
        }
        if value.trim().is_empty() {
            return Some(match field {
                Field::Resource if target == TargetKind::KafkaMirrorMaker2 => {
                    "Required: the name of the KafkaMirrorMaker2 resource.".to_string()
                }
                Field::Resource => "Required: the name of the KafkaConnector resource.".to_string(),
                Field::Connector if target == TargetKind::KafkaMirrorMaker2 => {
                    "Required: the connector, like east->west.MirrorSourceConnector.".to_string()
                }
                Field::Connector => "Required: the connector name as Kafka Connect knows it.".to_string(),
                Field::Namespace => "Required: the namespace of the resource.".to_string(),
                Field::ListConfigMap => {
                    "Required: the ConfigMap named in listOffsets (the verify step lists again into it).".to_string()
                }
                Field::AlterConfigMap => "Required: the ConfigMap the alter reads.".to_string(),
                Field::MirrorIndex => "Required: the mirror's position in spec.mirrors, from 0.".to_string(),
                Field::RestUrl => "Required: the Connect REST URL, e.g. http://connect:8083.".to_string(),
                Field::Context => String::new(),
            });
        }
        let result = match field {
            Field::Resource => names::check_resource_name(value),
            Field::Namespace => names::check_namespace(value),
            Field::ListConfigMap | Field::AlterConfigMap => names::check_configmap_name(value),
            Field::Connector if target == TargetKind::KafkaMirrorMaker2 => {
                names::parse_mirror_connector_name(value).map(|_| ())
            }
            Field::Connector => {
                if value.is_empty() || value.chars().any(char::is_control) {
                    Err("Enter the connector name as Kafka Connect knows it.".to_string())
                } else {
                    Ok(())
                }
            }
            Field::MirrorIndex => value.parse::<u32>().map(|_| ()).map_err(|_| {
                "The mirror index is the position in spec.mirrors, from 0.".to_string()
            }),
            Field::RestUrl => {
                if (value.starts_with("http://") || value.starts_with("https://"))
                    && value.len() > "https://".len()
                    && !value
                        .chars()
                        .any(|c| c.is_whitespace() || c.is_control() || "'\"`$\\".contains(c))
                {
                    Ok(())
                } else {
                    Err("Enter the Connect REST URL, e.g. http://connect:8083.".to_string())
                }
            }
            Field::Context => Ok(()),
        };
        result.err()
    }

    pub(super) fn procedure_options(&self) -> Result<Options, Vec<Diagnostic>> {
        let s = &self.settings;
        let cluster = Kubernetes {
            namespace: s.get(Field::Namespace).to_string(),
            context: Some(s.get(Field::Context).to_string()).filter(|c| !c.is_empty()),
            list_configmap: s.get(Field::ListConfigMap).to_string(),
            alter_configmap: s.get(Field::AlterConfigMap).to_string(),
        };
        let target = match s.target {
            TargetKind::KafkaConnector => Target::KafkaConnector {
                cluster,
                name: s.get(Field::Resource).to_string(),
            },
            TargetKind::KafkaMirrorMaker2 => Target::KafkaMirrorMaker2 {
                cluster,
                resource: s.get(Field::Resource).to_string(),
                mirror_index: s.get(Field::MirrorIndex).parse().unwrap_or(0),
                connector: names::parse_mirror_connector_name(s.get(Field::Connector))
                    .map_err(|m| vec![Diagnostic::error("K5", Position::NONE, m)])?,
                alias_path: s.alias_path,
            },
            TargetKind::Rest => Target::Rest {
                url: s.get(Field::RestUrl).to_string(),
                connector: s.get(Field::Connector).to_string(),
            },
        };
        let mut options = Options::new(target);
        // A Strimzi create makes the resource from the one in the Custom resource panel when
        // there is one (its spec kept, the connector stopped), else from the names: a
        // KafkaMirrorMaker2's connector block is added to the mirror; a KafkaConnector built
        // from the names needs the resource (core says so).
        if s.create && s.target != TargetKind::Rest {
            let resource = self.resource_text();
            options.create = Some(StrimziCreate {
                resource: (!resource.trim().is_empty()).then(|| resource.to_owned()),
                connect_cluster: None,
                class: None,
                strimzi: s.create_strimzi,
            });
        }
        if let Some(loaded) = &self.loaded {
            // The procedure compares the imported listing, which the edits were made on, with
            // one taken after the stop; the owner's apiVersion (the owner that chose
            // `alias_path`) explains the guard path.
            options.api_version = loaded
                .listed
                .listing()
                .configmap
                .as_ref()
                .and_then(|m| m.strimzi_owner())
                .map(|o| o.api_version.clone())
                .filter(|v| !v.is_empty());
            options.listed = Some(loaded.listed.clone());
        }
        if let Some(version) = self.resource_api_version() {
            options.api_version = version;
        }
        Ok(options)
    }

    pub(super) fn alter_target(&self) -> Option<AlterTarget> {
        match self.settings.target {
            TargetKind::KafkaConnector => Some(AlterTarget::KafkaConnector),
            TargetKind::KafkaMirrorMaker2 => {
                names::parse_mirror_connector_name(self.settings.get(Field::Connector))
                    .ok()
                    .map(AlterTarget::MirrorMaker2)
            }
            TargetKind::Rest => None,
        }
    }
}

/// Export settings guessed from what was imported: the target kind from the data key, names
/// from the ConfigMap and its Strimzi owner.
pub(super) fn default_settings(listing: &Listing) -> ExportSettings {
    let mut values = FieldValues::default();
    let meta = listing.configmap.as_ref();
    let owner = meta.and_then(|m| m.strimzi_owner());
    let target = match (&listing.mirror, owner.map(|o| o.kind.as_str())) {
        (Some(_), _) | (None, Some("KafkaMirrorMaker2")) => TargetKind::KafkaMirrorMaker2,
        (None, Some(_)) => TargetKind::KafkaConnector,
        (None, None) if listing.configmap.is_some() => TargetKind::KafkaConnector,
        (None, None) => TargetKind::Rest,
    };
    if let Some(owner) = owner {
        values.insert(Field::Resource, owner.name.clone());
    }
    if let Some(m) = &listing.mirror {
        values.insert(Field::Connector, m.name.connector_name());
    } else if let Some(owner) = owner.filter(|o| o.kind == "KafkaConnector") {
        values.insert(Field::Connector, owner.name.clone());
    }
    values.insert(
        Field::Namespace,
        meta.and_then(|m| m.namespace.clone())
            .unwrap_or_else(|| "kafka".to_string()),
    );
    if let Some(name) = meta.and_then(|m| m.name.clone()) {
        values.insert(Field::AlterConfigMap, format!("{name}-alter"));
        values.insert(Field::ListConfigMap, name);
    }
    values.insert(Field::MirrorIndex, "0".to_string());
    values.insert(Field::RestUrl, "http://localhost:8083".to_string());
    let alias_path = match owner.map(|o| o.api_version.as_str()) {
        Some("kafka.strimzi.io/v1beta2") => AliasPath::Old,
        _ => AliasPath::New,
    };
    ExportSettings {
        target,
        values,
        alias_path,
        ..ExportSettings::default()
    }
}

/// Keeps in `settings` (guessed from the first listing) what the guided start `typed` and the
/// listing does not say: a REST payload or a CSV names no resource, no namespace and no
/// ConfigMap, and no listing knows the mirror index or the kubectl context.
pub(super) fn keep_typed(settings: &mut ExportSettings, typed: &ExportSettings, listing: &Listing) {
    let typed_value = |field: Field| Some(typed.get(field)).filter(|v| !v.is_empty());
    let Some(resource) = typed_value(Field::Resource) else {
        return;
    };
    if listing.configmap.is_none() && listing.mirror.is_none() && typed.target != TargetKind::Rest {
        settings.target = typed.target;
    }
    let namespace_listed = listing
        .configmap
        .as_ref()
        .is_some_and(|m| m.namespace.is_some());
    for field in Field::ALL {
        let Some(value) = typed_value(field) else {
            continue;
        };
        let keep = match field {
            Field::Namespace => !namespace_listed,
            Field::MirrorIndex | Field::Context => true,
            _ => !settings.values.contains_key(field),
        };
        if keep {
            settings.values.insert(field, value.to_string());
        }
    }
    if !settings.values.contains_key(Field::ListConfigMap) {
        settings
            .values
            .insert(Field::ListConfigMap, format!("{resource}-offsets"));
    }
}

#[cfg(test)]
mod tests {
    use super::Field;

    /// The page's element ids were `format!("{field:?}").to_lowercase()`; the web crate now
    /// builds them from `Field::id` in ASCII lower case (no `Debug`, no Unicode case tables).
    /// `FieldValues` keeps a field's value at the field's discriminant, and iterates in
    /// `Field::ALL` order: the two orders must agree.
    #[test]
    fn fields_are_listed_in_declaration_order() {
        for (i, field) in Field::ALL.into_iter().enumerate() {
            assert_eq!(field as usize, i);
        }
    }

    #[test]
    fn field_ids_in_lower_case_are_the_variant_names() {
        for field in Field::ALL {
            assert_eq!(
                field.id().to_ascii_lowercase(),
                format!("{field:?}").to_lowercase()
            );
        }
    }
}
