//! Export settings: the page's fields of the plan request (`writing/procedure/request.rs`,
//! which guesses their defaults from the import, checks them and derives the procedure's
//! options), what the page says of an empty one, and the choices of a create.

use super::Editor;
use crate::diag::{Diagnostic, Position};
use crate::model::AliasPath;
use crate::model::Listing;
use crate::writing::export::AlterTarget;
use crate::writing::procedure::request::{self, PlanRequest, RequestError};
pub use crate::writing::procedure::request::{Field, TargetKind};
use crate::writing::procedure::{
    AutoOffsetReset, Options, Previous, StrimziCreate, StrimziVersion,
};

mod action;

pub use action::SettingsAction;

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

/// A text field of the export settings: a value of the plan request ([`Field`]'s rule, which
/// targets take it and its check are the request's).
impl Field {
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
    /// Why the value of `field` is not acceptable, as typed: empty where the target needs it,
    /// or refused by the check the procedure runs on it ([`Field::check`]). The kubectl context
    /// is optional, and checked once given.
    pub fn field_error(&self, field: Field) -> Option<String> {
        let value = self.settings.get(field);
        let target = self.settings.target;
        if !field.used_by(target) {
            return None;
        }
        if value.trim().is_empty() {
            return field
                .required(target)
                .then(|| required(field, target).to_string());
        }
        field.check(target, value).err().map(String::from)
    }

    /// The plan request the export settings make, with what the imported listing and the
    /// custom resource say.
    pub(super) fn plan_request(&self) -> PlanRequest {
        let s = &self.settings;
        let value = |field: Field| Some(s.get(field).to_string());
        PlanRequest {
            kind: s.target,
            namespace: value(Field::Namespace),
            context: value(Field::Context).filter(|c| !c.is_empty()),
            resource: value(Field::Resource),
            connector: value(Field::Connector),
            mirror_index: Some(s.get(Field::MirrorIndex).parse().unwrap_or(0)),
            url: value(Field::RestUrl),
            list_configmap: value(Field::ListConfigMap),
            alter_configmap: value(Field::AlterConfigMap),
            alias_path: Some(s.alias_path),
            owner_api_version: self
                .loaded
                .as_ref()
                .and_then(|l| request::owner_api_version(l.listed.listing())),
            resource_api_version: self.resource_api_version(),
            create: s.create,
            ..PlanRequest::default()
        }
    }

    pub(super) fn procedure_options(&self) -> Result<Options, Vec<Diagnostic>> {
        let s = &self.settings;
        let mut options = self.plan_request().options().map_err(|e| match e {
            RequestError::Refused(d) => vec![d],
            RequestError::Missing(field) => vec![Diagnostic::error(
                field.rule(),
                Position::NONE,
                required(field, s.target),
            )],
            RequestError::NoMirrorConnector => vec![Diagnostic::error(
                Field::Connector.rule(),
                Position::NONE,
                required(Field::Connector, s.target),
            )],
        })?;
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
        // The procedure compares the imported listing, which the edits were made on, with one
        // taken after the stop.
        if let Some(loaded) = &self.loaded {
            options.listed = Some(loaded.listed.clone());
        }
        Ok(options)
    }

    /// What the alter ConfigMap is written for ([`PlanRequest::alter_target`]).
    pub(super) fn alter_target(&self) -> Option<AlterTarget> {
        self.plan_request().alter_target()
    }
}

/// What the page says of `field` left empty where `target` needs it.
fn required(field: Field, target: TargetKind) -> &'static str {
    match field {
        Field::Resource if target == TargetKind::KafkaMirrorMaker2 => {
            "Required: the name of the KafkaMirrorMaker2 resource."
        }
        Field::Resource => "Required: the name of the KafkaConnector resource.",
        Field::Connector if target == TargetKind::KafkaMirrorMaker2 => {
            "Required: the connector, like east->west.MirrorSourceConnector."
        }
        Field::Connector => "Required: the connector name as Kafka Connect knows it.",
        Field::Namespace => "Required: the namespace of the resource.",
        Field::ListConfigMap => {
            "Required: the ConfigMap named in listOffsets (the verify step lists again into it)."
        }
        Field::AlterConfigMap => "Required: the ConfigMap the alter reads.",
        Field::MirrorIndex => "Required: the mirror's position in spec.mirrors, from 0.",
        Field::RestUrl => "Required: the Connect REST URL, e.g. http://connect:8083.",
        Field::Context => "",
    }
}

/// Export settings guessed from what was imported ([`PlanRequest::guessed`]).
pub(super) fn default_settings(listing: &Listing) -> ExportSettings {
    let guessed = PlanRequest::guessed(listing);
    let mut values = FieldValues::default();
    let texts = [
        (Field::Resource, guessed.resource),
        (Field::Connector, guessed.connector),
        (Field::Namespace, guessed.namespace),
        (Field::Context, guessed.context),
        (Field::ListConfigMap, guessed.list_configmap),
        (Field::AlterConfigMap, guessed.alter_configmap),
        (
            Field::MirrorIndex,
            guessed.mirror_index.map(|i| i.to_string()),
        ),
        (Field::RestUrl, guessed.url),
    ];
    for (field, value) in texts {
        if let Some(value) = value {
            values.insert(field, value);
        }
    }
    ExportSettings {
        target: guessed.kind,
        values,
        alias_path: guessed.alias_path.unwrap_or(AliasPath::New),
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
        settings.values.insert(
            Field::ListConfigMap,
            request::start_list_configmap(resource),
        );
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
