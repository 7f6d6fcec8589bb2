//! One plan request: the names, defaults and exceptions a procedure needs, decided once from the
//! listing, the custom resource and what the user gave. The CLI turns its flags into a
//! [`PlanRequest`], the page its export settings; both ask it for the [`Options`], and the page
//! checks each field as it is typed with [`Field::check`], the checked name types' own rules.

use super::error::FieldError;
use super::{AliasPath, Kubernetes, Options, Target};
use crate::diag::{Diagnostic, Position};
use crate::model::Listing;
use crate::model::names::{
    CONFIGMAP_NAME_RULE, ConfigMapName, ConnectUrl, ConnectorName, KubeContext,
    MirrorConnectorName, Namespace, ResourceName,
};
use crate::reading::resource::ResourceKind;
use crate::writing::export::AlterTarget;

/// The API version whose KafkaMirrorMaker2 keeps a mirror's source alias at `sourceCluster`.
const V1BETA2: &str = "kafka.strimzi.io/v1beta2";

/// Where the offsets are applied: the CLI's `plan --kind` and the page's target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum TargetKind {
    #[default]
    KafkaConnector,
    KafkaMirrorMaker2,
    Rest,
}

impl TargetKind {
    pub const ALL: [TargetKind; 3] = [
        TargetKind::KafkaConnector,
        TargetKind::KafkaMirrorMaker2,
        TargetKind::Rest,
    ];

    pub fn label(self) -> &'static str {
        match self {
            TargetKind::KafkaConnector => "KafkaConnector",
            TargetKind::KafkaMirrorMaker2 => "KafkaMirrorMaker2",
            TargetKind::Rest => "Kafka Connect REST",
        }
    }

    /// The id `plan --kind`, the draft record and the page's selects use.
    pub fn id(self) -> &'static str {
        match self {
            TargetKind::KafkaConnector => "connector",
            TargetKind::KafkaMirrorMaker2 => "mirrormaker2",
            TargetKind::Rest => "rest",
        }
    }

    pub fn from_id(id: &str) -> Option<TargetKind> {
        TargetKind::ALL.into_iter().find(|t| t.id() == id)
    }
}

impl From<ResourceKind> for TargetKind {
    fn from(kind: ResourceKind) -> TargetKind {
        match kind {
            ResourceKind::KafkaConnector => TargetKind::KafkaConnector,
            ResourceKind::KafkaMirrorMaker2 => TargetKind::KafkaMirrorMaker2,
        }
    }
}

/// A value of the request as the user gives it (a flag, a field of the page).
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
            Field::ListConfigMap | Field::AlterConfigMap => CONFIGMAP_NAME_RULE,
            Field::Connector => "K5",
            Field::Context | Field::MirrorIndex | Field::RestUrl => "PLAN",
        }
    }

    /// Whether a procedure on `target` takes this field.
    pub fn used_by(self, target: TargetKind) -> bool {
        self == Field::Context && target != TargetKind::Rest || self.required(target)
    }

    /// Whether a procedure on `target` needs this field (the kubectl context is optional).
    pub fn required(self, target: TargetKind) -> bool {
        match self {
            Field::Resource | Field::Namespace | Field::ListConfigMap | Field::AlterConfigMap => {
                target != TargetKind::Rest
            }
            Field::Connector => target != TargetKind::KafkaConnector,
            Field::MirrorIndex => target == TargetKind::KafkaMirrorMaker2,
            Field::RestUrl => target == TargetKind::Rest,
            Field::Context => false,
        }
    }

    /// Why `value` is refused for this field of a procedure on `target`: the rule of the checked
    /// name type the procedure builds from it, so a value the page accepts is one the procedure
    /// accepts. An empty value is for the caller to judge (required, or optional).
    pub fn check(self, target: TargetKind, value: &str) -> Result<(), FieldError> {
        match self {
            Field::Resource => ResourceName::parse(value).map(drop)?,
            Field::Namespace => Namespace::parse(value).map(drop)?,
            Field::ListConfigMap | Field::AlterConfigMap => {
                ConfigMapName::parse(value).map(drop)?
            }
            Field::Connector if target == TargetKind::KafkaMirrorMaker2 => {
                MirrorConnectorName::parse(value).map(drop)?
            }
            Field::Connector => ConnectorName::parse(value).map(drop)?,
            Field::Context => KubeContext::parse(value).map(drop)?,
            Field::MirrorIndex => value
                .parse::<u32>()
                .map(drop)
                .map_err(|_| FieldError::MirrorIndex)?,
            // The procedure reads the base URL without its trailing slashes.
            Field::RestUrl => ConnectUrl::parse(value.trim_end_matches('/')).map(drop)?,
        }
        Ok(())
    }
}

/// The `apiVersion` of the listing's Strimzi owner reference, when it names one.
pub fn owner_api_version(listing: &Listing) -> Option<String> {
    listing
        .configmap
        .as_ref()
        .and_then(|m| m.strimzi_owner())
        .map(|o| o.api_version.clone())
        .filter(|v| !v.is_empty())
}

/// The MirrorMaker 2 guard path a resource of `api_version` usually has: `sourceCluster` for
/// `kafka.strimzi.io/v1beta2`, `source.alias` otherwise.
pub fn alias_path_of(api_version: Option<&str>) -> AliasPath {
    match api_version {
        Some(V1BETA2) => AliasPath::Old,
        _ => AliasPath::New,
    }
}

/// The alter ConfigMap's name guessed from the listing's: `<listed>-alter`, beside the one the
/// operator lists into.
pub fn alter_configmap_of(listing: &Listing) -> Option<String> {
    listing
        .configmap
        .as_ref()
        .and_then(|m| m.name.as_ref())
        .map(|n| format!("{n}-alter"))
}

/// The ConfigMap a rollback of the alter ConfigMap `alter` is uploaded in.
pub fn rollback_configmap(alter: &str) -> String {
    format!("{alter}-rollback")
}

/// The rollback's ConfigMap when the user names none: after the alter it undoes, which is
/// `edited`'s ConfigMap when that is not the listing's own (an exported alter), else the alter
/// ConfigMap guessed from `before`.
pub fn rollback_configmap_of(before: &Listing, edited: &Listing) -> Option<String> {
    let alter = crate::writing::rollback::alter_name(before, edited)
        .map(str::to_string)
        .or_else(|| alter_configmap_of(before))?;
    Some(rollback_configmap(&alter))
}

/// The list ConfigMap the guided start names for the resource `resource`.
pub fn start_list_configmap(resource: &str) -> String {
    format!("{resource}-offsets")
}

/// Why a request gives no target.
#[derive(Debug, Clone, PartialEq)]
pub enum RequestError {
    /// A value the target needs was not given.
    Missing(Field),
    /// A MirrorMaker 2 target without a connector, and the listing names none.
    NoMirrorConnector,
    /// A value that cannot be used (K5: the MirrorMaker 2 connector's name).
    Refused(Diagnostic),
}

/// What a procedure is asked for: the target and its names as the user gave them, and what the
/// listing and the custom resource say. [`PlanRequest::options`] derives the rest once.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PlanRequest {
    pub kind: TargetKind,
    pub namespace: Option<String>,
    /// `kubectl --context`; `None` uses the current context.
    pub context: Option<String>,
    /// The KafkaConnector's name, or the KafkaMirrorMaker2's.
    pub resource: Option<String>,
    /// The REST connector's name, or the MirrorMaker 2 connector `S->T.Type` (default: the
    /// listing's, [`PlanRequest::listing_mirror`]).
    pub connector: Option<String>,
    pub mirror_index: Option<u32>,
    pub url: Option<String>,
    /// Default: the listing's ConfigMap ([`PlanRequest::listed_configmap`]), else for a create
    /// `<alter>-list`, else the alter ConfigMap.
    pub list_configmap: Option<String>,
    pub alter_configmap: Option<String>,
    /// The guard path as chosen (the page) or as the resource has it; `None`: derived from
    /// [`PlanRequest::old_alias_path`] and the API version.
    pub alias_path: Option<AliasPath>,
    /// `plan --old-alias-path`.
    pub old_alias_path: bool,
    /// The ConfigMap the listing came in.
    pub listed_configmap: Option<String>,
    /// The MirrorMaker 2 connector the listing's data key names.
    pub listing_mirror: Option<MirrorConnectorName>,
    /// The `apiVersion` of the listing's Strimzi owner ([`owner_api_version`]).
    pub owner_api_version: Option<String>,
    /// The `apiVersion` the custom resource states, when one was read.
    pub resource_api_version: Option<String>,
    /// The procedure creates the connector (it lists into a ConfigMap of its own).
    pub create: bool,
}

impl PlanRequest {
    /// The request guessed from what was imported, before the user says anything: the target
    /// from the data key and the Strimzi owner, the names from the ConfigMap and its owner, the
    /// alter ConfigMap `<listed>-alter`, namespace `kafka`, mirror 0, a local Connect URL.
    pub fn guessed(listing: &Listing) -> PlanRequest {
        let meta = listing.configmap.as_ref();
        let owner = meta.and_then(|m| m.strimzi_owner());
        let kind = match (&listing.mirror, owner.map(|o| o.kind.as_str())) {
            (Some(_), _) | (None, Some("KafkaMirrorMaker2")) => TargetKind::KafkaMirrorMaker2,
            (None, Some(_)) => TargetKind::KafkaConnector,
            (None, None) if meta.is_some() => TargetKind::KafkaConnector,
            (None, None) => TargetKind::Rest,
        };
        let connector = match &listing.mirror {
            Some(m) => Some(m.name.connector_name()),
            None => owner
                .filter(|o| o.kind == "KafkaConnector")
                .map(|o| o.name.clone()),
        };
        let owner_api_version = owner_api_version(listing);
        PlanRequest {
            kind,
            namespace: Some(
                meta.and_then(|m| m.namespace.clone())
                    .unwrap_or_else(|| "kafka".to_string()),
            ),
            resource: owner.map(|o| o.name.clone()),
            connector,
            mirror_index: Some(0),
            url: Some("http://localhost:8083".to_string()),
            list_configmap: meta.and_then(|m| m.name.clone()),
            alter_configmap: alter_configmap_of(listing),
            alias_path: Some(alias_path_of(owner_api_version.as_deref())),
            listed_configmap: meta.and_then(|m| m.name.clone()),
            listing_mirror: listing.mirror.as_ref().map(|m| m.name.clone()),
            owner_api_version,
            ..PlanRequest::default()
        }
    }

    /// The request for `kind` with what `listing` says: its ConfigMap, its MirrorMaker 2
    /// connector and its owner's API version.
    pub fn new(kind: TargetKind, listing: &Listing) -> PlanRequest {
        PlanRequest {
            kind,
            listed_configmap: listing.configmap.as_ref().and_then(|m| m.name.clone()),
            listing_mirror: listing.mirror.as_ref().map(|m| m.name.clone()),
            owner_api_version: owner_api_version(listing),
            ..PlanRequest::default()
        }
    }

    /// The API version that decides the guard path: the resource's, else the listing owner's.
    fn stated_api_version(&self) -> Option<&str> {
        self.resource_api_version
            .as_deref()
            .or(self.owner_api_version.as_deref())
    }

    /// The MirrorMaker 2 guard path: as chosen or read from the resource, else `sourceCluster`
    /// when asked for or when the API version is v1beta2, else `source.alias`.
    pub fn alias_path(&self) -> AliasPath {
        match self.alias_path {
            Some(path) => path,
            None if self.old_alias_path => AliasPath::Old,
            None => alias_path_of(self.stated_api_version()),
        }
    }

    /// The API version the procedure's wording explains the guard path with. A v1beta2
    /// resource written in the new style (Strimzi 0.49 to 0.51, `source.alias`) is the
    /// exception: no version rather than a false "the guard would fail" warning.
    pub fn api_version(&self) -> Option<String> {
        let version = self.stated_api_version()?;
        let exception = self.resource_api_version.is_some()
            && version == V1BETA2
            && self.alias_path() == AliasPath::New;
        (!exception).then(|| version.to_owned())
    }

    /// The list ConfigMap of a procedure whose alter ConfigMap is `alter`.
    pub fn list_configmap(&self, alter: &str) -> String {
        self.list_configmap
            .clone()
            .or_else(|| self.listed_configmap.clone())
            .unwrap_or_else(|| {
                if self.create {
                    format!("{alter}-list")
                } else {
                    alter.to_owned()
                }
            })
    }

    fn need(value: &Option<String>, field: Field) -> Result<String, RequestError> {
        value.clone().ok_or(RequestError::Missing(field))
    }

    /// The target, its names checked for presence in the order the CLI asks for them; the
    /// names themselves are checked by the procedure ([`super::plan`]).
    pub fn target(&self) -> Result<Target, RequestError> {
        if self.kind == TargetKind::Rest {
            return Ok(Target::Rest {
                url: Self::need(&self.url, Field::RestUrl)?,
                connector: Self::need(&self.connector, Field::Connector)?,
            });
        }
        let namespace = Self::need(&self.namespace, Field::Namespace)?;
        let alter = Self::need(&self.alter_configmap, Field::AlterConfigMap)?;
        let resource = Self::need(&self.resource, Field::Resource)?;
        let cluster = Kubernetes {
            namespace,
            context: self.context.clone(),
            list_configmap: self.list_configmap(&alter),
            alter_configmap: alter,
        };
        if self.kind == TargetKind::KafkaConnector {
            return Ok(Target::KafkaConnector {
                cluster,
                name: resource,
            });
        }
        let mirror_index = self
            .mirror_index
            .ok_or(RequestError::Missing(Field::MirrorIndex))?;
        let connector = self.mirror_connector()?;
        Ok(Target::KafkaMirrorMaker2 {
            cluster,
            resource,
            mirror_index,
            connector,
            alias_path: self.alias_path(),
        })
    }

    /// The MirrorMaker 2 connector: the one given (K5 checks it), else the listing's.
    fn mirror_connector(&self) -> Result<MirrorConnectorName, RequestError> {
        match (&self.connector, &self.listing_mirror) {
            (Some(c), _) => MirrorConnectorName::parse(c)
                .map_err(|m| RequestError::Refused(Diagnostic::error("K5", Position::NONE, m))),
            (None, Some(m)) => Ok(m.clone()),
            (None, None) => Err(RequestError::NoMirrorConnector),
        }
    }

    /// What the alter ConfigMap is written for (its data key): `None` for REST, which takes a
    /// PATCH body, or for a MirrorMaker 2 connector not yet valid.
    pub fn alter_target(&self) -> Option<AlterTarget> {
        match self.kind {
            TargetKind::KafkaConnector => Some(AlterTarget::KafkaConnector),
            TargetKind::KafkaMirrorMaker2 => {
                self.mirror_connector().ok().map(AlterTarget::MirrorMaker2)
            }
            TargetKind::Rest => None,
        }
    }

    /// The procedure's options: the target and the API version. The caller adds what the
    /// operation needs (the listing to compare with, the create, the timeout).
    pub fn options(&self) -> Result<Options, RequestError> {
        let mut options = Options::new(self.target()?);
        options.api_version = self.api_version();
        Ok(options)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
mod tests {
    use super::*;
    use crate::model::{ConfigMapMeta, ConnectorKind, InputForm};

    fn listing(configmap: Option<&str>) -> Listing {
        let mut l = Listing::new(ConnectorKind::Generic, InputForm::ConfigMapYaml);
        l.configmap = Some(ConfigMapMeta {
            name: configmap.map(str::to_owned),
            ..ConfigMapMeta::default()
        });
        l
    }

    fn mm2(owner: Option<&str>, resource: Option<&str>) -> PlanRequest {
        PlanRequest {
            kind: TargetKind::KafkaMirrorMaker2,
            owner_api_version: owner.map(str::to_owned),
            resource_api_version: resource.map(str::to_owned),
            ..PlanRequest::default()
        }
    }

    /// `(alias path, API version the procedure gets)` for each way the path is decided.
    #[test]
    fn the_guard_path_follows_the_choice_then_the_resource_then_the_owner() {
        let v1 = "kafka.strimzi.io/v1";
        let seen = |r: PlanRequest| (r.alias_path(), r.api_version());
        let some = |v: &str| Some(v.to_owned());
        assert_eq!(seen(mm2(None, None)), (AliasPath::New, None));
        assert_eq!(seen(mm2(Some(v1), None)), (AliasPath::New, some(v1)));
        assert_eq!(
            seen(mm2(Some(V1BETA2), None)),
            (AliasPath::Old, some(V1BETA2))
        );
        // The resource's version wins over the owner's.
        assert_eq!(
            seen(mm2(Some(v1), Some(V1BETA2))),
            (AliasPath::Old, some(V1BETA2))
        );
        let flagged = PlanRequest {
            old_alias_path: true,
            ..mm2(Some(v1), None)
        };
        assert_eq!(seen(flagged), (AliasPath::Old, some(v1)));
        // A v1beta2 resource that keeps source.alias (Strimzi 0.49 to 0.51): no version, so no
        // false "the guard would fail".
        let new_style = PlanRequest {
            alias_path: Some(AliasPath::New),
            ..mm2(None, Some(V1BETA2))
        };
        assert_eq!(seen(new_style), (AliasPath::New, None));
        // Chosen against the owner without a resource: the version stays, and the procedure
        // warns that the guard would fail.
        let chosen = PlanRequest {
            alias_path: Some(AliasPath::New),
            ..mm2(Some(V1BETA2), None)
        };
        assert_eq!(seen(chosen), (AliasPath::New, some(V1BETA2)));
    }

    #[test]
    fn the_list_configmap_is_the_given_then_the_listed_then_the_alters() {
        let mut r = PlanRequest::default();
        assert_eq!(r.list_configmap("a"), "a");
        r.create = true;
        assert_eq!(r.list_configmap("a"), "a-list");
        r.listed_configmap = Some("listed".into());
        assert_eq!(r.list_configmap("a"), "listed");
        r.list_configmap = Some("given".into());
        assert_eq!(r.list_configmap("a"), "given");
    }

    #[test]
    fn a_rollback_is_named_after_the_alter_it_undoes() {
        let before = listing(Some("c-offsets"));
        assert_eq!(
            alter_configmap_of(&before).as_deref(),
            Some("c-offsets-alter")
        );
        // The edited listing itself: the alter guessed from the listing.
        assert_eq!(
            rollback_configmap_of(&before, &listing(Some("c-offsets"))).as_deref(),
            Some("c-offsets-alter-rollback")
        );
        // An exported alter ConfigMap: its own name.
        assert_eq!(
            rollback_configmap_of(&before, &listing(Some("mine"))).as_deref(),
            Some("mine-rollback")
        );
        assert_eq!(rollback_configmap_of(&listing(None), &listing(None)), None);
    }

    #[test]
    fn a_target_asks_for_its_names_in_order() {
        let mut r = PlanRequest::default();
        let missing = |r: &PlanRequest| match r.target() {
            Err(RequestError::Missing(field)) => Some(field),
            _ => None,
        };
        assert_eq!(missing(&r), Some(Field::Namespace));
        r.namespace = Some("kafka".into());
        assert_eq!(missing(&r), Some(Field::AlterConfigMap));
        r.alter_configmap = Some("alter".into());
        assert_eq!(missing(&r), Some(Field::Resource));
        r.resource = Some("c".into());
        assert!(r.target().is_ok());
        r.kind = TargetKind::KafkaMirrorMaker2;
        assert_eq!(missing(&r), Some(Field::MirrorIndex));
        r.mirror_index = Some(0);
        assert_eq!(r.target(), Err(RequestError::NoMirrorConnector));
        r.connector = Some("a->b".into());
        assert!(matches!(r.target(), Err(RequestError::Refused(d)) if d.rule == "K5"));
        r.kind = TargetKind::Rest;
        assert_eq!(missing(&r), Some(Field::RestUrl));
    }

    /// A value the page accepts as typed is one the procedure accepts: the field's check is the
    /// check of the name type the procedure builds.
    #[test]
    fn a_field_accepts_what_the_procedure_accepts() {
        let rest = PlanRequest {
            kind: TargetKind::Rest,
            url: Some("http://connect:8083".into()),
            connector: Some("my-connector".into()),
            ..PlanRequest::default()
        };
        let kube = PlanRequest {
            namespace: Some("kafka".into()),
            resource: Some("my-connector".into()),
            alter_configmap: Some("alter".into()),
            list_configmap: Some("list".into()),
            ..PlanRequest::default()
        };
        let values = [
            "http://connect:8083",
            "http://connect:8083/",
            "https://connect:8083/base",
            "http://connect:8083?x=1",
            "http:///connect",
            "https://",
            "connect:8083",
            "my-connector",
            "my connector",
            "it's",
            "a->b.MirrorSourceConnector",
            "-x",
            "admin@kind",
            "prod cluster",
            "Kafka",
            "a.b",
        ];
        type Set = fn(&mut PlanRequest, &str);
        let cases: [(Field, &PlanRequest, Set); 5] = [
            (Field::RestUrl, &rest, |r, v| r.url = Some(v.into())),
            (Field::Connector, &rest, |r, v| r.connector = Some(v.into())),
            (Field::Context, &kube, |r, v| r.context = Some(v.into())),
            (Field::Namespace, &kube, |r, v| r.namespace = Some(v.into())),
            (Field::ListConfigMap, &kube, |r, v| {
                r.list_configmap = Some(v.into())
            }),
        ];
        for (field, base, set) in cases {
            for value in values {
                let mut r = base.clone();
                set(&mut r, value);
                let procedure = super::super::list(&r.options().unwrap());
                assert_eq!(
                    field.check(r.kind, value).is_ok(),
                    procedure.is_ok(),
                    "{field:?} '{value}': {procedure:?}"
                );
            }
        }
    }
}
