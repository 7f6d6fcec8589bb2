//! The custom resource checks CR1–CR10 (domain.md sections 2, 3 and 11): what the Strimzi
//! operator would trip over, found before it does, each with a position in the CR's text, a
//! message that says what, where and how to fix it, and where it fits the kubectl command that
//! fixes it. Also [`settings`]: the names a procedure needs, taken from the CR and handed out
//! only when every one passed [`crate::names`].
//!
//! | id | what |
//! |---|---|
//! | CR1 | the text is a KafkaConnector or KafkaMirrorMaker2 of `kafka.strimzi.io/v1beta2` or `v1` (reader) |
//! | CR2 | names: the CR, its namespace, the MirrorMaker 2 aliases and the offsets ConfigMaps |
//! | CR3 | the `strimzi.io/connector-offsets` value is exactly `list`, `alter` or `reset` |
//! | CR4 | MirrorMaker 2: both annotations, and `strimzi.io/mirrormaker-connector` names a connector of this CR exactly |
//! | CR5 | the `listOffsets` / `alterOffsets` wiring for this kind and API version |
//! | CR6 | the alter ConfigMap (`--alter`): name, namespace and data key against the CR |
//! | CR7 | the listing (`--listing`): data key, owner, name and namespace against the CR |
//! | CR8 | `spec.state` and the connector state in the status before an alter or reset |
//! | CR9 | a `Warning` condition of the offsets operations, explained |
//! | CR10 | an offsets annotation is pending: what the operator does next, and how to withdraw it |

use crate::diag::{Diagnostic, Position, Severity};
use crate::json::Keyed;
use crate::model::Listing;
use crate::names::{self, MirrorConnectorName, shell_quote, shown};
use crate::procedure::AliasPath;
use crate::resource::{
    ANNOTATION_MIRROR_CONNECTOR, ANNOTATION_OFFSETS, ConnectorSpec, Field, Resource, ResourceKind,
};
use serde::Serialize;

/// Every rule id, in order.
pub const RULE_IDS: [&str; 10] = [
    "CR1", "CR2", "CR3", "CR4", "CR5", "CR6", "CR7", "CR8", "CR9", "CR10",
];

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
    /// The connector the user means (`S->T.MirrorSourceConnector`); default: the listing's or
    /// the alter's MirrorMaker 2 key, then the `strimzi.io/mirrormaker-connector` annotation,
    /// then the only MirrorSourceConnector.
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

/// A `key=value` annotation argument, quoted when it needs to be (`->` must be quoted).
fn annotation_arg(key: &str, value: &str) -> String {
    let arg = format!("{key}={value}");
    if names::is_shell_safe(&arg) {
        arg
    } else {
        shell_quote(&arg)
    }
}

/// The merge patch (KafkaConnector) or guarded JSON patch (MirrorMaker 2) that sets `property`
/// of a connector to `value` (built from validated names), written by serde_json.
fn patch<T: Serialize>(
    n: &Names,
    r: &Resource,
    mirror: Option<usize>,
    c: &ConnectorSpec,
    property: &str,
    value: T,
) -> Option<String> {
    match (r.kind, mirror) {
        (ResourceKind::KafkaConnector, _) => {
            let body = serde_json::to_string(&Keyed("spec", Keyed(property, value))).ok()?;
            Some(format!(
                "{} --type=merge -p {}",
                n.kubectl("patch")?,
                shell_quote(&body)
            ))
        }
        (ResourceKind::KafkaMirrorMaker2, Some(i)) => {
            let m = r.mirrors.get(i)?;
            let alias = m.source_alias.value()?;
            names::check_alias(alias).ok()?;
            let guard = if m.new_style {
                format!("/spec/mirrors/{i}/source/alias")
            } else {
                format!("/spec/mirrors/{i}/sourceCluster")
            };
            let ops = (
                PatchOp {
                    op: "test",
                    path: guard,
                    value: alias,
                },
                PatchOp {
                    op: "add",
                    path: format!("{}/{property}", c.path),
                    value,
                },
            );
            let body = serde_json::to_string(&ops).ok()?;
            Some(format!(
                "{} --type=json -p {}",
                n.kubectl("patch")?,
                shell_quote(&body)
            ))
        }
        _ => None,
    }
}

/// One operation of a JSON patch (RFC 6902).
#[derive(Serialize)]
struct PatchOp<'a, T> {
    op: &'a str,
    path: String,
    value: T,
}

/// `{"fromConfigMap":{"name":"..."}}` (`inner`), for a validated ConfigMap name.
fn configmap_json<'a>(inner: &'a str, name: &'a str) -> Option<Keyed<'a, Keyed<'a, &'a str>>> {
    names::check_configmap_name(name).ok()?;
    Some(Keyed(inner, Keyed("name", name)))
}

/// The connector the checks are about: explicit, else the listing's or alter's key, else the
/// annotation (when it names a connector of this CR), else the only MirrorSourceConnector.
fn chosen<'r>(
    r: &'r Resource,
    against: &Against<'_>,
) -> Option<(Option<usize>, &'r ConnectorSpec)> {
    if r.kind == ResourceKind::KafkaConnector {
        return r.connector.as_ref().map(|c| (None, c));
    }
    let from_listing = |l: Option<&Listing>| {
        l.and_then(|l| l.mirror.as_ref())
            .map(|m| m.name.connector_name())
    };
    let wanted = against
        .connector
        .map(str::to_string)
        .or_else(|| from_listing(against.alter))
        .or_else(|| from_listing(against.listing))
        .or_else(|| {
            r.annotation(ANNOTATION_MIRROR_CONNECTOR)
                .and_then(|a| a.value.value())
                .filter(|v| r.find_connector(v).is_some())
                .map(str::to_string)
        });
    if let Some(w) = wanted {
        return r.find_connector(&w);
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
    check_wiring(r, &n, op.as_deref(), against, chosen, &mut out);
    if let Some(alter) = against.alter {
        check_alter(r, &n, alter, chosen, &mut out);
    }
    if let Some(listing) = against.listing {
        check_listing(r, listing, chosen, &mut out);
    }
    check_state(r, &n, op.as_deref(), chosen, &mut out);
    check_conditions(r, &n, chosen, &mut out);
    out
}

fn check_names(r: &Resource, out: &mut Vec<Finding>) {
    match &r.name {
        Field::Text(t) => {
            if let Err(e) = names::check_resource_name(&t.value) {
                out.push(Finding::new(
                    "CR2",
                    Severity::Error,
                    t.pos,
                    format!("{} No command is generated for it.", shown_message(&e)),
                ));
            } else if r.kind == ResourceKind::KafkaMirrorMaker2
                && let Err(e) = names::check_mirrormaker2_service_name(&t.value)
            {
                out.push(Finding::new("CR2", Severity::Warning, t.pos, shown_message(&e)));
            }
        }
        f => out.push(Finding::new(
            "CR2",
            Severity::Error,
            f.pos().unwrap_or(r.metadata_pos),
            "metadata.name is missing or not a string; give the resource as `kubectl get` prints it.".into(),
        )),
    }
    match &r.namespace {
        Field::Text(t) => {
            if let Err(e) = names::check_namespace(&t.value) {
                out.push(Finding::new(
                    "CR2",
                    Severity::Error,
                    t.pos,
                    format!("'{}': {e} No command is generated for it.", shown(&t.value)),
                ));
            }
        }
        f => out.push(Finding::new(
            "CR2",
            Severity::Warning,
            f.pos().unwrap_or(r.metadata_pos),
            "metadata.namespace is missing: the commands will use kubectl's current namespace, and the alter ConfigMap must be in the resource's namespace. Give the resource as `kubectl get -o yaml` prints it (with its namespace).".into(),
        )),
    }
    for m in &r.mirrors {
        for (what, f) in [("source", &m.source_alias), ("target", &m.target_alias)] {
            match f {
                Field::Text(t) => {
                    if let Err(e) = names::check_alias(&t.value) {
                        out.push(Finding::new("CR2", Severity::Error, t.pos, shown_message(&e)));
                    }
                }
                Field::Missing => out.push(Finding::new(
                    "CR5",
                    Severity::Error,
                    m.pos,
                    format!(
                        "spec.mirrors[{}] has no {what} cluster alias ({}); the operator rejects the resource.",
                        m.index,
                        if what == "source" {
                            "source.alias, or sourceCluster in v1beta2"
                        } else {
                            "spec.target.alias, or targetCluster in v1beta2"
                        }
                    ),
                )),
                Field::NotText(t, p) => out.push(Finding::new(
                    "CR2",
                    Severity::Error,
                    *p,
                    format!("The {what} alias of spec.mirrors[{}] is {t}; it must be a string.", m.index),
                )),
            }
        }
    }
    for (_, c) in r.connectors() {
        for (what, o) in [
            ("listOffsets.toConfigMap", &c.list_offsets),
            ("alterOffsets.fromConfigMap", &c.alter_offsets),
        ] {
            if let Some(Field::Text(t)) = o.as_ref().map(|o| &o.configmap)
                && let Err(e) = names::check_configmap_name(&t.value)
            {
                out.push(Finding::new(
                    "CR2",
                    Severity::Error,
                    t.pos,
                    format!("{}/{what}.name '{}': {e}", c.path, shown(&t.value)),
                ));
            }
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

/// CR3 and CR10. Returns the operation when the value is a valid one.
fn check_annotation_value(r: &Resource, n: &Names, out: &mut Vec<Finding>) -> Option<String> {
    let a = r.annotation(ANNOTATION_OFFSETS)?;
    let remove = n.annotate(&remove_args(r));
    let value = match &a.value {
        Field::Text(t) => t,
        f => {
            out.push(
                Finding::new(
                    "CR3",
                    Severity::Error,
                    f.pos().unwrap_or(a.key_pos),
                    format!("{ANNOTATION_OFFSETS} must be the string list, alter or reset."),
                )
                .with(remove),
            );
            return None;
        }
    };
    match value.value.as_str() {
        "list" | "alter" | "reset" => {
            let verb = match value.value.as_str() {
                "list" => {
                    "list the offsets into the listOffsets ConfigMap (in any connector state)"
                }
                "alter" => {
                    "alter the offsets from the alterOffsets ConfigMap as soon as the connector is STOPPED"
                }
                _ => "delete every offset of the connector as soon as it is STOPPED",
            };
            out.push(
                Finding::new(
                    "CR10",
                    Severity::Info,
                    value.pos,
                    format!(
                        "{ANNOTATION_OFFSETS}={} is pending: at its next reconciliation the operator will {verb}, then remove the annotation. A failure keeps it and is retried every reconciliation (a Warning condition says why). To withdraw it, remove the annotation.",
                        value.value
                    ),
                )
                .with(remove),
            );
            Some(value.value.clone())
        }
        "none" => {
            out.push(
                Finding::new(
                    "CR3",
                    Severity::Warning,
                    value.pos,
                    format!("{ANNOTATION_OFFSETS}=none does nothing (it is the operator's internal 'no operation'); use list, alter or reset, or remove the annotation."),
                )
                .with(remove),
            );
            None
        }
        other => {
            let fixed = other.trim().to_ascii_lowercase();
            let valid = matches!(fixed.as_str(), "list" | "alter" | "reset");
            let command = if valid {
                let mut args = vec![annotation_arg(ANNOTATION_OFFSETS, &fixed)];
                args.push("--overwrite".into());
                n.annotate(&args)
            } else {
                remove
            };
            out.push(
                Finding::new(
                    "CR3",
                    Severity::Error,
                    value.pos,
                    format!(
                        "{ANNOTATION_OFFSETS} is '{}'; the operator accepts exactly list, alter or reset (lower case, no spaces). Any other value, even an empty one, makes the whole reconciliation of this {} fail, not only the offsets part{}. {}",
                        shown(other),
                        r.kind.as_str(),
                        if r.kind == ResourceKind::KafkaMirrorMaker2 {
                            // KafkaMirrorMaker2AssemblyOperator.getConnectorOffsetsOperation reads
                            // the value only for the connector the other annotation names.
                            format!(" (as soon as {ANNOTATION_MIRROR_CONNECTOR} names one of its connectors)")
                        } else {
                            String::new()
                        },
                        if valid {
                            format!("Set it to '{fixed}'.")
                        } else {
                            "Remove it, or set list, alter or reset.".into()
                        }
                    ),
                )
                .with(command),
            );
            None
        }
    }
}

/// The arguments that remove the offsets annotation(s).
fn remove_args(r: &Resource) -> Vec<String> {
    let mut args = vec![format!("{ANNOTATION_OFFSETS}-")];
    if r.kind == ResourceKind::KafkaMirrorMaker2 {
        args.push(format!("{ANNOTATION_MIRROR_CONNECTOR}-"));
    }
    args
}

/// CR4: both MirrorMaker 2 annotations, and an exact connector name.
fn check_mirror_annotations(r: &Resource, n: &Names, out: &mut Vec<Finding>) {
    let offsets = r.annotation(ANNOTATION_OFFSETS);
    let connector = r.annotation(ANNOTATION_MIRROR_CONNECTOR);
    let ns = r.namespace.value().unwrap_or("<namespace>");
    let name = r.name.value().unwrap_or("<name>");
    match (offsets, connector) {
        (Some(o), None) => out.push(
            Finding::new(
                "CR4",
                Severity::Error,
                o.key_pos,
                format!(
                    "{ANNOTATION_MIRROR_CONNECTOR} is missing: the operator does nothing and records a ManageOffsets warning on every connector ('KafkaMirrorMaker2 resource {}/{} is missing annotation {ANNOTATION_MIRROR_CONNECTOR}'). Add it with the exact connector name, e.g. source->target.MirrorSourceConnector.",
                    shown(ns),
                    shown(name)
                ),
            )
            .with(source_connector_arg(r).and_then(|c| {
                n.annotate(&[annotation_arg(ANNOTATION_MIRROR_CONNECTOR, &c), "--overwrite".into()])
            })),
        ),
        (None, Some(c)) => out.push(
            Finding::new(
                "CR4",
                Severity::Error,
                c.key_pos,
                format!(
                    "{ANNOTATION_OFFSETS} is missing: the operator records a ManageOffsets warning on every connector ('KafkaMirrorMaker2 resource {}/{} is missing annotation {ANNOTATION_OFFSETS}'). Add {ANNOTATION_OFFSETS}=list, alter or reset, or remove {ANNOTATION_MIRROR_CONNECTOR}.",
                    shown(ns),
                    shown(name)
                ),
            )
            .with(n.annotate(&[format!("{ANNOTATION_MIRROR_CONNECTOR}-")])),
        ),
        _ => {}
    }
    let Some(c) = connector else { return };
    let Some(value) = c.value.text() else {
        out.push(Finding::new(
            "CR4",
            Severity::Error,
            c.value.pos().unwrap_or(c.key_pos),
            format!("{ANNOTATION_MIRROR_CONNECTOR} must be a string naming a connector."),
        ));
        return;
    };
    if r.find_connector(&value.value).is_some() {
        return;
    }
    let known: Vec<String> = r
        .connectors()
        .iter()
        .filter_map(|(_, c)| c.name.clone())
        .collect();
    let close = known
        .iter()
        .find(|k| k.eq_ignore_ascii_case(value.value.trim()))
        .or_else(|| {
            let wanted = value.value.trim().to_ascii_lowercase();
            known.iter().find(|k| {
                let k = k.to_ascii_lowercase();
                wanted.ends_with(k.rsplit('.').next().unwrap_or(""))
                    && k.split("->").next() == wanted.split("->").next()
            })
        });
    let message = format!(
        "{ANNOTATION_MIRROR_CONNECTOR} is '{}', which is not a connector of this KafkaMirrorMaker2 ({}). The operator compares it exactly, finds no connector, does nothing and reports nothing: the annotations stay for ever.{}",
        shown(&value.value),
        if known.is_empty() {
            "it has none".to_string()
        } else {
            format!(
                "its connectors: {}",
                known
                    .iter()
                    .map(|k| shown(k))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        },
        close.map_or_else(String::new, |c| format!(" Did you mean '{}'?", shown(c)))
    );
    let command = close
        .filter(|c| names::parse_mirror_connector_name(c).is_ok())
        .and_then(|c| {
            n.annotate(&[
                annotation_arg(ANNOTATION_MIRROR_CONNECTOR, c),
                "--overwrite".into(),
            ])
        });
    out.push(Finding::new("CR4", Severity::Error, value.pos, message).with(command));
}

/// The only MirrorSourceConnector's name, when valid (for a suggested annotation).
fn source_connector_arg(r: &Resource) -> Option<String> {
    let mut it = r
        .connectors()
        .into_iter()
        .filter(|(_, c)| c.connector_type == Some("MirrorSourceConnector"))
        .filter_map(|(_, c)| c.name.clone());
    match (it.next(), it.next()) {
        (Some(one), None) if names::parse_mirror_connector_name(&one).is_ok() => Some(one),
        _ => None,
    }
}

/// CR5: where the offsets properties are, for this kind and API version.
fn check_wiring(
    r: &Resource,
    n: &Names,
    op: Option<&str>,
    against: &Against<'_>,
    chosen: Option<(Option<usize>, &ConnectorSpec)>,
    out: &mut Vec<Finding>,
) {
    for m in &r.mirrors {
        for (p, pos) in &m.misplaced {
            out.push(Finding::new(
                "CR5",
                Severity::Error,
                *pos,
                format!(
                    "spec.mirrors[{}].{p} is not a mirror property: it belongs inside the connector block (spec.mirrors[{}].sourceConnector.{p}, or checkpointConnector). The operator never reads it here.",
                    m.index, m.index
                ),
            ));
        }
        if r.is_v1() {
            for (f, pos) in &m.old_fields {
                out.push(Finding::new(
                    "CR5",
                    Severity::Error,
                    *pos,
                    format!(
                        "spec.mirrors[{}].{f} does not exist in kafka.strimzi.io/v1 (Strimzi 1.0+): use spec.mirrors[{}].source.alias and spec.target.alias.",
                        m.index, m.index
                    ),
                ));
            }
            for c in &m.connectors {
                if c.connector_type == Some("MirrorHeartbeatConnector") {
                    out.push(Finding::new(
                        "CR5",
                        Severity::Error,
                        c.pos,
                        format!(
                            "spec.mirrors[{}].heartbeatConnector does not exist in kafka.strimzi.io/v1: KafkaMirrorMaker2 no longer manages a heartbeat connector from Strimzi 1.0.",
                            m.index
                        ),
                    ));
                }
            }
        }
    }
    for (mirror, c) in r.connectors() {
        for (o, what) in [
            (&c.list_offsets, "listOffsets.toConfigMap.name"),
            (&c.alter_offsets, "alterOffsets.fromConfigMap.name"),
        ] {
            if let Some(o) = o
                && !matches!(o.configmap, Field::Text(_))
            {
                out.push(Finding::new(
                    "CR5",
                    Severity::Error,
                    o.configmap.pos().unwrap_or(o.pos),
                    format!(
                        "{}/{} must name a ConfigMap.",
                        c.path,
                        what.replace('.', "/")
                    ),
                ));
            }
        }
        let list = c.list_offsets.as_ref().and_then(|o| o.configmap.value());
        let alter = c.alter_offsets.as_ref().and_then(|o| o.configmap.value());
        if let (Some(l), Some(a), Some(o)) = (list, alter, c.alter_offsets.as_ref())
            && l == a
        {
            out.push(Finding::new(
                "CR5",
                Severity::Warning,
                o.configmap.pos().unwrap_or(o.pos),
                format!(
                    "{} reads its alter offsets from '{}', the ConfigMap listOffsets writes: the next list overwrites your edits there (and the operator owns that data key after a server-side apply). Use a separate alter ConfigMap, e.g. '{}-alter'.",
                    connector_label(mirror, c),
                    shown(a),
                    shown(l)
                ),
            ));
        }
    }
    let Some((mirror, c)) = chosen else {
        if r.kind == ResourceKind::KafkaMirrorMaker2 {
            let count = r.connectors().len();
            let pos = r.mirrors.first().map_or(r.kind_pos, |m| m.pos);
            out.push(Finding::new(
                "CR5",
                if count == 0 { Severity::Error } else { Severity::Info },
                pos,
                if count == 0 {
                    "This KafkaMirrorMaker2 has no connector (spec.mirrors[i].sourceConnector): there are no offsets to list or alter.".to_string()
                } else {
                    format!(
                        "{count} connectors; the wiring of one connector is checked when it is named (--connector, the listing's data key, or the {ANNOTATION_MIRROR_CONNECTOR} annotation)."
                    )
                },
            ));
        }
        return;
    };
    let wants_alter = op == Some("alter") || against.alter.is_some();
    let wants_list = op == Some("list");
    if wants_alter && c.alter_offsets.is_none() {
        let default = format!("{}-offsets-alter", r.name.value().unwrap_or("my"));
        let name = against
            .alter
            .and_then(|a| a.configmap.as_ref())
            .and_then(|m| m.name.as_deref())
            .unwrap_or(&default);
        let command = configmap_json("fromConfigMap", name)
            .and_then(|v| patch(n, r, mirror, c, "alterOffsets", v));
        out.push(
            Finding::new(
                "CR5",
                Severity::Error,
                c.pos,
                format!(
                    "{} has no alterOffsets: an alter fails with 'Failed to alter the connector offsets due to missing property alterOffsets in {} CR.' Set {}/alterOffsets/fromConfigMap/name to the alter ConfigMap.",
                    connector_label(mirror, c),
                    r.kind.as_str(),
                    c.path
                ),
            )
            .with(command),
        );
    }
    if wants_list && c.list_offsets.is_none() {
        let name = format!("{}-offsets", r.name.value().unwrap_or("my"));
        let command = configmap_json("toConfigMap", &name)
            .and_then(|v| patch(n, r, mirror, c, "listOffsets", v));
        out.push(
            Finding::new(
                "CR5",
                Severity::Error,
                c.pos,
                format!(
                    "{} has no listOffsets: a list fails with 'Failed to list the connector offsets due to missing property listOffsets in {} CR.' Set {}/listOffsets/toConfigMap/name.",
                    connector_label(mirror, c),
                    r.kind.as_str(),
                    c.path
                ),
            )
            .with(command),
        );
    }
}

/// Lower-cases the first letter, for a label used inside a sentence.
trait LowerFirst {
    fn to_lowercase_first(&self) -> String;
}

impl LowerFirst for String {
    fn to_lowercase_first(&self) -> String {
        let mut chars = self.chars();
        match chars.next() {
            Some(c) => c.to_lowercase().chain(chars).collect(),
            None => String::new(),
        }
    }
}

fn connector_label(mirror: Option<usize>, c: &ConnectorSpec) -> String {
    match (mirror, &c.name) {
        (Some(i), Some(name)) => format!("Connector '{}' (spec.mirrors[{i}])", shown(name)),
        (Some(i), None) => format!("The connector at {} (spec.mirrors[{i}])", c.path),
        (None, _) => "The KafkaConnector".to_string(),
    }
}

/// The data key Strimzi reads and writes for a connector.
fn data_key_of(r: &Resource, c: &ConnectorSpec) -> Option<String> {
    match r.kind {
        ResourceKind::KafkaConnector => Some("offsets.json".into()),
        ResourceKind::KafkaMirrorMaker2 => c
            .name
            .as_ref()
            .map(|n| format!("{}.json", n.replace("->", "--"))),
    }
}

/// CR6: the alter ConfigMap export against the CR.
fn check_alter(
    r: &Resource,
    n: &Names,
    alter: &Listing,
    chosen: Option<(Option<usize>, &ConnectorSpec)>,
    out: &mut Vec<Finding>,
) {
    let meta = alter.configmap.as_ref();
    let name = meta.and_then(|m| m.name.as_deref());
    if let Some((mirror, c)) = chosen {
        let wired = c.alter_offsets.as_ref().and_then(|o| o.configmap.text());
        if let (Some(w), Some(name)) = (wired, name)
            && w.value != name
        {
            let command = configmap_json("fromConfigMap", name)
                .and_then(|v| patch(n, r, mirror, c, "alterOffsets", v));
            out.push(
                Finding::new(
                    "CR6",
                    Severity::Error,
                    w.pos,
                    format!(
                        "{} reads its alter offsets from ConfigMap '{}', but the alter export is named '{}'. Export with --name {} or point alterOffsets at the export.",
                        connector_label(mirror, c),
                        shown(&w.value),
                        shown(name),
                        shown(&w.value)
                    ),
                )
                .with(command),
            );
        }
        if let (Some(expected), Some(key)) = (data_key_of(r, c), alter.data_key.as_deref())
            && expected != key
        {
            out.push(Finding::new(
                "CR6",
                Severity::Error,
                c.pos,
                format!(
                    "The alter ConfigMap holds key '{}', but the operator reads '{}' for {}: the alter would fail with 'Data field {} is missing.' Export for this connector (--connector).",
                    shown(key),
                    shown(&expected),
                    c.name.as_deref().map_or_else(|| "this connector".into(), shown),
                    shown(&expected)
                ),
            ));
        }
    } else if r.kind == ResourceKind::KafkaMirrorMaker2 {
        let wanted = alter.mirror.as_ref().map(|m| m.name.connector_name());
        out.push(Finding::new(
            "CR6",
            Severity::Error,
            r.mirrors.first().map_or(r.kind_pos, |m| m.pos),
            format!(
                "The alter ConfigMap's key {} names no connector of this KafkaMirrorMaker2: the operator would never read it.",
                alter.data_key.as_deref().map_or_else(|| "(none)".into(), |k| format!("'{}'", shown(k))),
            ) + &wanted.map_or_else(String::new, |w| format!(" (It is for '{}'.)", shown(&w))),
        ));
    }
    if let (Some(ns), Some(theirs)) = (
        r.namespace.text(),
        meta.and_then(|m| m.namespace.as_deref()),
    ) && ns.value != theirs
    {
        out.push(Finding::new(
            "CR6",
            Severity::Error,
            ns.pos,
            format!(
                "The alter ConfigMap is in namespace '{}', the {} in '{}': the operator looks for it in the resource's namespace only ('ConfigMap {}/{} does not exist'). Export with --namespace {}.",
                shown(theirs),
                r.kind.as_str(),
                shown(&ns.value),
                shown(&ns.value),
                name.map_or_else(|| "<name>".into(), shown),
                shown(&ns.value)
            ),
        ));
    }
}

/// CR7: the listing against the CR.
fn check_listing(
    r: &Resource,
    listing: &Listing,
    chosen: Option<(Option<usize>, &ConnectorSpec)>,
    out: &mut Vec<Finding>,
) {
    let meta = listing.configmap.as_ref();
    if let Some(owner) = meta.and_then(|m| m.strimzi_owner()) {
        let name = r.name.value().unwrap_or("");
        if owner.kind != r.kind.as_str() || owner.name != name {
            out.push(Finding::new(
                "CR7",
                Severity::Error,
                r.name.pos().unwrap_or(r.metadata_pos),
                format!(
                    "The listing was written for {} '{}', not for this {} '{}': check you have the right listing or resource.",
                    shown(&owner.kind),
                    shown(&owner.name),
                    r.kind.as_str(),
                    shown(name)
                ),
            ));
        }
    }
    if let (Some(ns), Some(theirs)) = (
        r.namespace.text(),
        meta.and_then(|m| m.namespace.as_deref()),
    ) && ns.value != theirs
    {
        out.push(Finding::new(
            "CR7",
            Severity::Error,
            ns.pos,
            format!(
                "The listing is from namespace '{}', the {} is in '{}'; the operator writes the listing in the resource's namespace.",
                shown(theirs),
                r.kind.as_str(),
                shown(&ns.value)
            ),
        ));
    }
    let Some((mirror, c)) = chosen else {
        if r.kind == ResourceKind::KafkaMirrorMaker2 {
            out.push(Finding::new(
                "CR7",
                Severity::Error,
                r.mirrors.first().map_or(r.kind_pos, |m| m.pos),
                format!(
                    "The listing's key {} names no connector of this KafkaMirrorMaker2.",
                    listing
                        .data_key
                        .as_deref()
                        .map_or_else(|| "(none)".into(), |k| format!("'{}'", shown(k)))
                ),
            ));
        }
        return;
    };
    if let (Some(expected), Some(key)) = (data_key_of(r, c), listing.data_key.as_deref())
        && expected != key
    {
        out.push(Finding::new(
            "CR7",
            Severity::Error,
            c.pos,
            format!(
                "The listing's key is '{}', but the operator writes '{}' for {}: this listing is from another connector.",
                shown(key),
                shown(&expected),
                connector_label(mirror, c).to_lowercase_first()
            ),
        ));
    }
    let wired = c.list_offsets.as_ref().and_then(|o| o.configmap.text());
    if let (Some(w), Some(name)) = (wired, meta.and_then(|m| m.name.as_deref()))
        && w.value != name
    {
        out.push(Finding::new(
            "CR7",
            Severity::Warning,
            w.pos,
            format!(
                "{} lists its offsets into '{}', but the listing is ConfigMap '{}': it may be an older listing or another connector's.",
                connector_label(mirror, c),
                shown(&w.value),
                shown(name)
            ),
        ));
    }
}

/// CR8: `spec.state` and the live state before an alter or reset.
fn check_state(
    r: &Resource,
    n: &Names,
    op: Option<&str>,
    chosen: Option<(Option<usize>, &ConnectorSpec)>,
    out: &mut Vec<Finding>,
) {
    let Some((mirror, c)) = chosen else { return };
    let needs_stop = matches!(op, Some("alter" | "reset"));
    let spec_stopped = c.state.value() == Some("stopped");
    let live = c.status_state.value();
    if needs_stop && !spec_stopped {
        let now = match (&c.state, c.pause.value()) {
            (Field::Text(t), _) => format!("'{}'", shown(&t.value)),
            (_, Some(p)) => format!("not set (pause: {})", shown(p)),
            _ => "not set (running)".to_string(),
        };
        let pos = c.state.pos().unwrap_or(c.pos);
        out.push(
            Finding::new(
                "CR8",
                Severity::Error,
                pos,
                format!(
                    "{}: the {} annotation needs the connector STOPPED, but its state is {now}. The operator records 'Connector is not in STOPPED state' and retries. Set state: stopped, wait for STOPPED in the status, then annotate.",
                    connector_label(mirror, c),
                    op.unwrap_or("")
                ),
            )
            .with(patch(n, r, mirror, c, "state", "stopped")),
        );
        return;
    }
    if (needs_stop || spec_stopped) && r.has_status && live != Some("STOPPED") {
        let status_path = match r.kind {
            ResourceKind::KafkaConnector => ".status.connectorStatus.connector.state".to_string(),
            ResourceKind::KafkaMirrorMaker2 => format!(
                ".status.connectors[?(@.name==\"{}\")].connector.state",
                c.name
                    .as_deref()
                    .map_or_else(|| "<connector>".into(), shown)
            ),
        };
        let command = match r.kind {
            ResourceKind::KafkaConnector => n.resource.as_ref().map(|name| {
                let mut s = format!(
                    "kubectl wait kafkaconnector/{}",
                    shell_quote(name)
                );
                if let Some(ns) = &n.namespace {
                    s.push_str(&format!(" -n {}", shell_quote(ns)));
                }
                s.push_str(" --for=jsonpath='{.status.connectorStatus.connector.state}'=STOPPED --timeout=300s");
                s
            }),
            ResourceKind::KafkaMirrorMaker2 => None,
        };
        out.push(
            Finding::new(
                "CR8",
                if needs_stop { Severity::Error } else { Severity::Warning },
                c.state.pos().unwrap_or(c.pos),
                format!(
                    "{} is {} in {status_path}, not STOPPED{}. {}",
                    connector_label(mirror, c),
                    live.map_or_else(|| "not reported".into(), |s| format!("'{}'", shown(s))),
                    if spec_stopped { " although spec says stopped" } else { "" },
                    if needs_stop {
                        "The alter or reset fails with 'Connector is not in STOPPED state' until it is; wait for STOPPED (a FAILED connector can be stopped only from Strimzi 1.1)."
                    } else {
                        "Wait for STOPPED before you annotate alter or reset."
                    }
                ),
            )
            .with(command),
        );
    }
}

/// CR9: each offsets Warning condition, explained.
fn check_conditions(
    r: &Resource,
    n: &Names,
    chosen: Option<(Option<usize>, &ConnectorSpec)>,
    out: &mut Vec<Finding>,
) {
    for c in &r.conditions {
        if c.condition_type != "Warning"
            || !matches!(
                c.reason.as_str(),
                "ListOffsets" | "AlterOffsets" | "ResetOffsets" | "ManageOffsets"
            )
        {
            continue;
        }
        let m = c.message.as_str();
        let ns = r.namespace.value().unwrap_or("<namespace>");
        let mut command = None;
        let meaning = if m.contains("missing property alterOffsets") {
            "the connector has no alterOffsets property: set it to the alter ConfigMap's name (see CR5)".to_string()
        } else if m.contains("missing property listOffsets") {
            "the connector has no listOffsets property: set it to the ConfigMap to list into (see CR5)".to_string()
        } else if m.contains("does not exist") {
            command = Some(
                "kubectl apply --server-side --field-manager=offsets-editor -f alter.yaml"
                    .to_string(),
            );
            format!(
                "the alter ConfigMap is not in namespace '{}': the operator looks only in the resource's namespace. Apply the exported ConfigMap there",
                shown(ns)
            )
        } else if m.contains("Data field") {
            "the alter ConfigMap has no data key for this connector: KafkaConnector reads 'offsets.json', MirrorMaker 2 reads '<source>--<target>.<Type>.json'. Export again for this connector".to_string()
        } else if m.contains("Failed to parse contents of") {
            "the alter ConfigMap's value is not valid JSON. Export it again with connect-offsets (it validates before it writes)".to_string()
        } else if m.contains("not in STOPPED state") {
            "the connector was not STOPPED in Kafka Connect when the operator tried. Stop it (state: stopped), wait for STOPPED in the status; the operator retries on its own".to_string()
        } else if m.contains("lacked $.connector.state") {
            "Kafka Connect's status answer had no connector state (the connector may be missing or restarting); the operator retries".to_string()
        } else if m.contains("managedFields must be nil") {
            "the operator could not write the list ConfigMap: an older operator's update sent metadata.managedFields, which the API server refuses on a ConfigMap that kubectl server-side apply has touched. Keep the alter data in a separate ConfigMap (never apply into the listOffsets one), delete the list ConfigMap and list again, or upgrade Strimzi (0.51+ writes it with server-side apply)".to_string()
        } else if m.contains("is missing annotation") {
            format!(
                "only one of the two MirrorMaker 2 annotations is set; set both {ANNOTATION_OFFSETS} and {ANNOTATION_MIRROR_CONNECTOR} in one command (see CR4)"
            )
        } else if m.contains("Unexpected status code") || m.contains("returned") {
            "Kafka Connect refused the request; its reason is only in the Connect worker log (kubectl logs on the connect or mirrormaker2 pod). Check the payload with `connect-offsets validate`".to_string()
        } else {
            "see the operator's message; the annotation stays and the operator retries every reconciliation".to_string()
        };
        if command.is_none()
            && m.contains("not in STOPPED state")
            && let Some((mirror, spec)) = chosen
        {
            command = patch(n, r, mirror, spec, "state", "stopped");
        }
        let what = match c.reason.as_str() {
            "ListOffsets" => "A list failed",
            "AlterOffsets" => "An alter failed",
            "ResetOffsets" => "A reset failed",
            _ => "The offsets annotations could not be used",
        };
        out.push(
            Finding::new(
                "CR9",
                Severity::Warning,
                c.pos,
                format!(
                    "{what} ({}: '{}'): {meaning}. The annotation stays and the operator retries every reconciliation (120 s by default).",
                    shown(&c.reason),
                    shown_message(m)
                ),
            )
            .with(command),
        );
    }
}

/// The names a procedure needs, from the CR, for `connector` (`S->T.Type` for MirrorMaker 2;
/// default as in [`Against::connector`]). `Err` with every reason when one is missing or fails
/// its naming rule: an invalid value never becomes a setting.
pub fn settings(r: &Resource, against: &Against<'_>) -> Result<Settings, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let mut name = None;
    match r.name.text() {
        Some(t) => match names::check_resource_name(&t.value) {
            Ok(()) => name = Some(t.value.clone()),
            Err(e) => errors.push(Diagnostic::error("CR2", t.pos, shown_message(&e))),
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
    let chosen = chosen(r, against);
    let mut mirror = None;
    let mut connector = name.clone();
    match (r.kind, chosen) {
        (ResourceKind::KafkaConnector, _) => {}
        (ResourceKind::KafkaMirrorMaker2, None) => {
            let known: Vec<String> = r
                .connectors()
                .iter()
                .filter_map(|(_, c)| c.name.as_deref().map(shown))
                .collect();
            errors.push(Diagnostic::error(
                "CR4",
                r.mirrors.first().map_or(r.kind_pos, |m| m.pos),
                match against.connector {
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
            ));
        }
        (ResourceKind::KafkaMirrorMaker2, Some((index, c))) => {
            let parsed = c.name.as_deref().map(names::parse_mirror_connector_name);
            let m = index.and_then(|i| r.mirrors.get(i));
            match (parsed, index, m) {
                (Some(Ok(p)), Some(i), Some(m)) => {
                    connector = Some(p.connector_name());
                    let path = if m.new_style {
                        AliasPath::New
                    } else {
                        AliasPath::Old
                    };
                    mirror = u32::try_from(i).ok().map(|i| (p, i, path));
                }
                (Some(Err(e)), _, _) => {
                    errors.push(Diagnostic::error("CR2", c.pos, shown_message(&e)))
                }
                _ => errors.push(Diagnostic::error(
                    "CR5",
                    c.pos,
                    "The connector's source or target alias is missing.",
                )),
            }
        }
    }
    let configmap = |o: &Option<crate::resource::OffsetsRef>, errors: &mut Vec<Diagnostic>| {
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
    };
    let (list_configmap, alter_configmap) = match chosen {
        Some((_, c)) => (
            configmap(&c.list_offsets, &mut errors),
            configmap(&c.alter_offsets, &mut errors),
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
