//! The custom resource checks CR1–CR12 (docs/rules.md, CR1–CR12): what the Strimzi
//! operator would trip over, found before it does, each with a position in the CR's text, a
//! message that says what, where and how to fix it, and where it fits the kubectl command that
//! fixes it. Also [`settings`]: the names a procedure needs, taken from the CR and handed out
//! only when every one passed [`crate::model::names`].
//!
//! | id | what |
//! |---|---|
//! | CR1 | the text is a KafkaConnector or KafkaMirrorMaker2 of `kafka.strimzi.io/v1beta2` or `v1` (reader) |
//! | CR2 | names: the CR, its namespace, the MirrorMaker 2 aliases and the offsets ConfigMaps |
//! | CR3 | the `strimzi.io/connector-offsets` value is exactly `list`, `alter` or `reset` |
//! | CR4 | MirrorMaker 2: both annotations, and `strimzi.io/mirrormaker-connector` names a connector of this CR exactly |
//! | CR5 | the `listOffsets` / `alterOffsets` wiring for this kind and API version |
//! | CR6 | the alter ConfigMap (`--alter`): name, namespace and data key against the CR |
//! | CR7 | the listing (`--listing`): data key, owner, name and namespace against the CR; the connector it is for against `--connector` and the pending annotation |
//! | CR8 | `spec.state` and the connector state in the status before an alter or reset |
//! | CR9 | a `Warning` condition of the offsets operations, explained |
//! | CR10 | an offsets annotation is pending: what the operator does next, and how to withdraw it |
//! | CR11 | the connector's `auto.offset.reset`: what the nulls of the listing or the alter do under it |
//! | CR12 | for a create (`plan --create`): whether the operator creates the connector stopped (Strimzi 1.2), and a resource that exists already |

mod annotations;
mod choice;
mod commands;
mod create;
mod status;
mod wiring;

use crate::diag::{Diagnostic, Position, Severity};
use crate::model::AliasPath;
use crate::model::Listing;
use crate::model::names::{self, MirrorConnectorName, shell_quote, shown};
use crate::reading::resource::{
    ANNOTATION_MIRROR_CONNECTOR, ConnectorSpec, Resource, ResourceKind,
};
use annotations::{check_annotation_value, check_mirror_annotations, check_names};
use status::{check_conditions, check_state};
use wiring::{check_alter, check_listing, check_wiring};

/// Every rule id, in order.
pub const RULE_IDS: [&str; 12] = [
    "CR1", "CR2", "CR3", "CR4", "CR5", "CR6", "CR7", "CR8", "CR9", "CR10", "CR11", "CR12",
];

pub use create::check_create;

/// One finding: a diagnostic and, where it fits, the command that fixes it (every value in it
/// validated and single-quoted).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    pub diagnostic: Diagnostic,
    pub command: Option<String>,
}

impl Finding {
    fn new(rule: &'static str, severity: Severity, pos: Position, message: String) -> Finding {
        Finding {
            diagnostic: Diagnostic::new(rule, severity, pos, message),
            command: None,
        }
    }

    fn with(mut self, command: Option<String>) -> Finding {
        self.command = command;
        self
    }
}

/// What to check the resource against, besides itself.
#[derive(Debug, Clone, Copy, Default)]
pub struct Against<'a> {
    /// The listing (`kubectl get configmap LIST -o yaml`), for CR7.
    pub listing: Option<&'a Listing>,
    /// The alter ConfigMap export, for CR6.
    pub alter: Option<&'a Listing>,
    /// The connector the user means (`S->T.MirrorSourceConnector`); default: the alter's or
    /// the listing's (its MirrorMaker 2 key, else the source alias of its entries' `cluster`),
    /// then the `strimzi.io/mirrormaker-connector` annotation, then the only
    /// MirrorSourceConnector.
    pub connector: Option<&'a str>,
}

/// The names a procedure needs, all validated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    pub kind: ResourceKind,
    /// The CR's name.
    pub resource: String,
    pub namespace: String,
    pub api_version: String,
    /// KafkaConnector: the CR name. MirrorMaker 2: `S->T.Type`.
    pub connector: String,
    /// MirrorMaker 2: the parsed connector name, its mirror index and the guard path.
    pub mirror: Option<(MirrorConnectorName, u32, AliasPath)>,
    /// `listOffsets.toConfigMap.name`, when set.
    pub list_configmap: Option<String>,
    /// `alterOffsets.fromConfigMap.name`, when set.
    pub alter_configmap: Option<String>,
}

/// Values usable in a command: each `Some` only when it passed its naming rule.
struct Names {
    kind: ResourceKind,
    resource: Option<String>,
    namespace: Option<String>,
}

impl Names {
    fn of(r: &Resource) -> Names {
        Names {
            kind: r.kind,
            resource: r
                .name
                .value()
                .filter(|n| names::check_resource_name(n).is_ok())
                .map(str::to_string),
            namespace: r
                .namespace
                .value()
                .filter(|n| names::check_namespace(n).is_ok())
                .map(str::to_string),
        }
    }

    /// `kubectl VERB KIND 'NAME' -n 'NS'`, or `None` when a name is not valid.
    fn kubectl(&self, verb: &str) -> Option<String> {
        let name = self.resource.as_deref()?;
        let mut out = format!(
            "kubectl {verb} {} {}",
            self.kind.kubectl(),
            shell_quote(name)
        );
        if let Some(ns) = &self.namespace {
            out.push_str(&format!(" -n {}", shell_quote(ns)));
        }
        Some(out)
    }

    fn annotate(&self, args: &[String]) -> Option<String> {
        let mut out = self.kubectl("annotate")?;
        for a in args {
            out.push(' ');
            out.push_str(a);
        }
        Some(out)
    }
}

/// The connector of `r` the check is about (see [`Against::connector`] for how it is chosen),
/// `None` when it cannot be told.
pub fn connector_for<'r>(r: &'r Resource, against: &Against<'_>) -> Option<&'r ConnectorSpec> {
    chosen(r, against).map(|(_, c)| c)
}

fn chosen<'r>(
    r: &'r Resource,
    against: &Against<'_>,
) -> Option<(Option<usize>, &'r ConnectorSpec)> {
    if r.kind == ResourceKind::KafkaConnector {
        return r.connector.as_ref().map(|c| (None, c));
    }
    // The connector asked for, else the listing's (never the annotation's: a pending
    // operation on another mirror must not pick the mirror a procedure for this listing acts on).
    if let Some(asked) = against.connector {
        return r.find_connector(asked);
    }
    if let Some((lm, _)) = choice::listing_mirror(against) {
        return choice::for_listing(r, &lm);
    }
    let annotated = r
        .annotation(ANNOTATION_MIRROR_CONNECTOR)
        .and_then(|a| a.value.value())
        .and_then(|v| r.find_connector(v));
    if annotated.is_some() {
        return annotated;
    }
    let mut sources = r
        .connectors()
        .into_iter()
        .filter(|(_, c)| c.connector_type == Some("MirrorSourceConnector"));
    match (sources.next(), sources.next()) {
        (Some(one), None) => Some(one),
        _ => None,
    }
}

/// The data key the connector of `r` that the check is about lists its offsets under, with
/// that connector's name (`connector`, else as in [`Against::connector`] without a listing):
/// what a ConfigMap holding several offsets keys is read from (`ImportOptions::context_key`).
pub fn listing_key(r: &Resource, connector: Option<&str>) -> Option<(String, String)> {
    let against = Against {
        connector,
        ..Against::default()
    };
    let (_, c) = chosen(r, &against)?;
    let key = wiring::data_key_of(r, c)?;
    let name = match r.kind {
        ResourceKind::KafkaConnector => r.name.value(),
        ResourceKind::KafkaMirrorMaker2 => c.name.as_deref(),
    };
    Some((key, name.unwrap_or("").to_string()))
}

/// Runs every CR rule over `r`.
pub fn check_resource(r: &Resource, against: &Against<'_>) -> Vec<Finding> {
    let mut out = Vec::new();
    let n = Names::of(r);
    check_names(r, &mut out);
    let op = check_annotation_value(r, &n, &mut out);
    if r.kind == ResourceKind::KafkaMirrorMaker2 {
        check_mirror_annotations(r, &n, &mut out);
    } else if let Some(a) = r.annotation(ANNOTATION_MIRROR_CONNECTOR) {
        out.push(
            Finding::new(
                "CR4",
                Severity::Warning,
                a.key_pos,
                format!(
                    "A KafkaConnector ignores {ANNOTATION_MIRROR_CONNECTOR}; it is a KafkaMirrorMaker2 annotation. Remove it."
                ),
            )
            .with(n.annotate(&[format!("{ANNOTATION_MIRROR_CONNECTOR}-")])),
        );
    }
    let chosen = chosen(r, against);
    // A KafkaMirrorMaker2's pending operation is for the connector its annotation names: when
    // that is another connector of this resource, the checks of this one do not read it (a
    // missing or mistyped name is CR4's, and the operation is then taken to be this one's).
    let for_other = r
        .annotation(ANNOTATION_MIRROR_CONNECTOR)
        .and_then(|a| a.value.value())
        .filter(|v| r.find_connector(v).is_some())
        .is_some_and(|v| chosen.is_some_and(|(_, c)| c.name.as_deref() != Some(v)));
    let op = op.filter(|_| r.kind == ResourceKind::KafkaConnector || !for_other);
    check_wiring(r, &n, op.as_deref(), against, chosen, &mut out);
    if let Some(alter) = against.alter {
        check_alter(r, &n, op.as_deref(), alter, chosen, &mut out);
    }
    if let Some(listing) = against.listing {
        check_listing(r, listing, chosen, &mut out);
    }
    out.extend(choice::contradictions(r, &n, against));
    check_state(r, &n, op.as_deref(), chosen, &mut out);
    check_conditions(r, &n, chosen, &mut out);
    if let Some((_, c)) = chosen {
        check_reset(c, against, &mut out);
    }
    out
}

/// CR11: the connector's `auto.offset.reset`. A value the consumer refuses is an error (the
/// connector fails to start); under `latest` or `none` every null of the alter (or of the
/// listing) is a warning that says what it does, since it does not replay the partition.
fn check_reset(c: &ConnectorSpec, against: &Against<'_>, out: &mut Vec<Finding>) {
    let Some(kind) = against
        .alter
        .or(against.listing)
        .map(|l| l.kind)
        .or(match c.connector_type {
            Some("MirrorSourceConnector") => Some(crate::model::ConnectorKind::MirrorSource),
            _ => None,
        })
    else {
        return;
    };
    let fact = match c.reset(kind) {
        Ok(Some(fact)) => fact,
        Ok(None) => return,
        Err((key, value, pos)) => {
            out.push(Finding::new(
                "CR11",
                Severity::Error,
                pos,
                format!(
                    "{key} is '{}': the consumer takes only earliest, latest or none, so the connector fails to start. Set it to earliest (the default) or latest.",
                    shown(&value)
                ),
            ));
            return;
        }
    };
    let nulls: Vec<&crate::model::Entry> = against
        .alter
        .or(against.listing)
        .map(|l| l.entries.iter().filter(|e| e.is_tombstone()).collect())
        .unwrap_or_default();
    let pos = match &fact.source {
        crate::model::ResetSource::Config(key) => c.config_pos(key),
        _ => c.pos,
    };
    let what = match against.alter {
        Some(_) => "the alter",
        None => "the listing",
    };
    match (fact.policy, nulls.len()) {
        (crate::model::ResetPolicy::Earliest, _) | (_, 0) => out.push(Finding::new(
            "CR11",
            Severity::Info,
            pos,
            format!(
                "auto.offset.reset is {}: a partition whose offset is null (or outside the log) restarts {}.",
                fact.phrase(),
                match fact.policy {
                    crate::model::ResetPolicy::Earliest => "at its log start",
                    crate::model::ResetPolicy::Latest => "at its log end, skipping every record so far",
                    crate::model::ResetPolicy::None => "nowhere: the task fails",
                }
            ),
        )),
        (_, n) => {
            let names: Vec<String> = nulls
                .iter()
                .take(5)
                .map(|e| e.row_name(kind).unwrap_or_else(|| "a partition".to_owned()))
                .collect();
            out.push(Finding::new(
                "CR11",
                Severity::Warning,
                pos,
                format!(
                    "{n} partition(s) of {what} are null ({}{}) and auto.offset.reset is {}: {}. To replay a partition instead, set its offset (MirrorMaker 2: the record before the one to resume at), or set auto.offset.reset to earliest before the alter.",
                    names.join(", "),
                    if n > names.len() { ", ..." } else { "" },
                    fact.phrase(),
                    fact.null_effect(kind)
                ),
            ));
        }
    }
}

/// The reason of a names check, which quotes the raw value: control characters (a hostile
/// value's newlines, escapes) are shown escaped, so the report stays one line per finding.
fn shown_message(e: &str) -> String {
    const MAX: usize = 1000;
    e.chars()
        .take(MAX)
        .flat_map(|c| {
            if c.is_control() {
                c.escape_debug().collect::<Vec<_>>()
            } else {
                vec![c]
            }
        })
        .collect()
}

/// Lower-cases the first letter, for a label used inside a sentence. The labels begin with an
/// ASCII word ("Connector", "The"): ASCII lower case, so that the page's wasm needs no Unicode
/// case table (`char::to_lowercase` brings one of about 11 KB).
trait LowerFirst {
    fn to_lowercase_first(&self) -> String;
}

impl LowerFirst for String {
    fn to_lowercase_first(&self) -> String {
        let mut label = self.clone();
        if let Some(first) = label.get_mut(..1) {
            first.make_ascii_lowercase();
        }
        label
    }
}

fn connector_label(mirror: Option<usize>, c: &ConnectorSpec) -> String {
    match (mirror, &c.name) {
        (Some(i), Some(name)) => format!("Connector '{}' (spec.mirrors[{i}])", shown(name)),
        (Some(i), None) => format!("The connector at {} (spec.mirrors[{i}])", c.path),
        (None, _) => "The KafkaConnector".to_string(),
    }
}

/// The names a procedure needs, from the CR, for `connector` (`S->T.Type` for MirrorMaker 2;
/// default as in [`Against::connector`]). `Err` with every reason when one is missing or fails
/// its naming rule: an invalid value never becomes a setting.
pub fn settings(r: &Resource, against: &Against<'_>) -> Result<Settings, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let (name, namespace) = resource_names(r, &mut errors);
    let chosen = chosen(r, against);
    let mut mirror = None;
    let mut connector = name.clone();
    match (r.kind, chosen) {
        (ResourceKind::KafkaConnector, _) => {}
        (ResourceKind::KafkaMirrorMaker2, None) => errors.push(no_connector_named(r, against)),
        (ResourceKind::KafkaMirrorMaker2, Some((index, c))) => {
            match mirror_connector(r, index, c) {
                Ok((name, m)) => {
                    connector = Some(name);
                    mirror = m;
                }
                Err(d) => errors.push(d),
            }
        }
    }
    // A connector asked for, or a pending annotation, that is not the listing's.
    errors.extend(
        choice::contradictions(r, &Names::of(r), against)
            .into_iter()
            .map(|f| f.diagnostic),
    );
    let (list_configmap, alter_configmap) = match chosen {
        Some((_, c)) => (
            offsets_configmap(&c.list_offsets, &mut errors),
            offsets_configmap(&c.alter_offsets, &mut errors),
        ),
        None => (None, None),
    };
    match (name, namespace, connector) {
        (Some(resource), Some(namespace), Some(connector)) if errors.is_empty() => Ok(Settings {
            kind: r.kind,
            resource,
            namespace,
            api_version: r.api_version.value.clone(),
            connector,
            mirror,
            list_configmap,
            alter_configmap,
        }),
        _ => Err(errors),
    }
}

/// The resource's name and namespace, each `None` (with a CR2 error) when missing or invalid.
fn resource_names(r: &Resource, errors: &mut Vec<Diagnostic>) -> (Option<String>, Option<String>) {
    let mut name = None;
    match r.name.text() {
        Some(t) => match names::check_resource_name(&t.value) {
            Ok(()) => name = Some(t.value.clone()),
            Err(e) => errors.push(Diagnostic::error(
                "CR2",
                t.pos,
                shown_message(&e.to_string()),
            )),
        },
        None => errors.push(Diagnostic::error(
            "CR2",
            r.metadata_pos,
            "The resource has no metadata.name.",
        )),
    }
    let mut namespace = None;
    match r.namespace.text() {
        Some(t) => match names::check_namespace(&t.value) {
            Ok(()) => namespace = Some(t.value.clone()),
            Err(e) => errors.push(Diagnostic::error("CR2", t.pos, format!("'{}': {e}", shown(&t.value)))),
        },
        None => errors.push(Diagnostic::error(
            "CR2",
            r.metadata_pos,
            "The resource has no metadata.namespace; give it as `kubectl get -o yaml` prints it, or pass the namespace.",
        )),
    }
    (name, namespace)
}

/// CR4: a KafkaMirrorMaker2 whose connector is not named, or not one of its own.
fn no_connector_named(r: &Resource, against: &Against<'_>) -> Diagnostic {
    let known: Vec<String> = r
        .connectors()
        .iter()
        .filter_map(|(_, c)| c.name.as_deref().map(shown))
        .collect();
    Diagnostic::error(
        "CR4",
        r.mirrors.first().map_or(r.kind_pos, |m| m.pos),
        match against.connector {
            None if let Some(m) = choice::no_connector_for_listing(r, against) => m,
            Some(c) => format!(
                "'{}' is not a connector of this KafkaMirrorMaker2 (its connectors: {}).",
                shown(c),
                known.join(", ")
            ),
            None => format!(
                "Name the connector: this KafkaMirrorMaker2 has {} ({}).",
                known.len(),
                known.join(", ")
            ),
        },
    )
}

/// [`Settings::mirror`]: the parsed connector name, its mirror index and the guard path.
type MirrorSetting = (MirrorConnectorName, u32, AliasPath);

/// The chosen MirrorMaker 2 connector's name and its mirror (index and guard path); CR2 for a
/// name that is not `S->T.Type`, CR5 when an alias is missing.
fn mirror_connector(
    r: &Resource,
    index: Option<usize>,
    c: &ConnectorSpec,
) -> Result<(String, Option<MirrorSetting>), Diagnostic> {
    let parsed = c.name.as_deref().map(MirrorConnectorName::parse);
    let m = index.and_then(|i| r.mirrors.get(i));
    match (parsed, index, m) {
        (Some(Ok(p)), Some(i), Some(m)) => {
            let path = if m.new_style {
                AliasPath::New
            } else {
                AliasPath::Old
            };
            Ok((
                p.connector_name(),
                u32::try_from(i).ok().map(|i| (p, i, path)),
            ))
        }
        (Some(Err(e)), _, _) => Err(Diagnostic::error(
            "CR2",
            c.pos,
            shown_message(&e.to_string()),
        )),
        _ => Err(Diagnostic::error(
            "CR5",
            c.pos,
            "The connector's source or target alias is missing.",
        )),
    }
}

/// The ConfigMap a `listOffsets` / `alterOffsets` block names, `None` (with a CR2 error when
/// invalid) otherwise.
fn offsets_configmap(
    o: &Option<crate::reading::resource::OffsetsRef>,
    errors: &mut Vec<Diagnostic>,
) -> Option<String> {
    let t = o.as_ref()?.configmap.text()?;
    match names::check_configmap_name(&t.value) {
        Ok(()) => Some(t.value.clone()),
        Err(e) => {
            errors.push(Diagnostic::error(
                "CR2",
                t.pos,
                format!("'{}': {e}", shown(&t.value)),
            ));
            None
        }
    }
}
