//! The fix commands: `kubectl annotate` arguments and the `kubectl patch` bodies that set a
//! connector property, every value validated and single-quoted.

use super::Names;
use crate::json::{Keyed, PatchOp, ToJson, to_json};
use crate::model::names::{self, shell_quote};
use crate::reading::resource::{
    ANNOTATION_MIRROR_CONNECTOR, ANNOTATION_OFFSETS, ConnectorSpec, Resource, ResourceKind,
};

/// A `key=value` annotation argument, quoted when it needs to be (`->` must be quoted).
pub(super) fn annotation_arg(key: &str, value: &str) -> String {
    let arg = format!("{key}={value}");
    if names::is_shell_safe(&arg) {
        arg
    } else {
        shell_quote(&arg)
    }
}

/// The merge patch (KafkaConnector) or guarded JSON patch (MirrorMaker 2) that sets `property`
/// of a connector to `value` (built from validated names), written as compact JSON.
pub(super) fn patch<T: ToJson>(
    n: &Names,
    r: &Resource,
    mirror: Option<usize>,
    c: &ConnectorSpec,
    property: &str,
    value: T,
) -> Option<String> {
    match (r.kind, mirror) {
        (ResourceKind::KafkaConnector, _) => {
            let body = to_json(&Keyed("spec", Keyed(property, value)));
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
                    value: Some(alias),
                },
                PatchOp {
                    op: "add",
                    path: format!("{}/{property}", c.path),
                    value: Some(value),
                },
            );
            let body = to_json(&ops);
            Some(format!(
                "{} --type=json -p {}",
                n.kubectl("patch")?,
                shell_quote(&body)
            ))
        }
        _ => None,
    }
}

/// `{"fromConfigMap":{"name":"..."}}` (`inner`), for a validated ConfigMap name.
pub(super) fn configmap_json<'a>(
    inner: &'a str,
    name: &'a str,
) -> Option<Keyed<'a, Keyed<'a, &'a str>>> {
    names::check_configmap_name(name).ok()?;
    Some(Keyed(inner, Keyed("name", name)))
}

/// The arguments that remove the offsets annotation(s).
pub(super) fn remove_args(r: &Resource) -> Vec<String> {
    let mut args = vec![format!("{ANNOTATION_OFFSETS}-")];
    if r.kind == ResourceKind::KafkaMirrorMaker2 {
        args.push(format!("{ANNOTATION_MIRROR_CONNECTOR}-"));
    }
    args
}

/// The only MirrorSourceConnector's name, when valid (for a suggested annotation).
pub(super) fn source_connector_arg(r: &Resource) -> Option<String> {
    let mut it = r
        .connectors()
        .into_iter()
        .filter(|(_, c)| c.connector_type == Some("MirrorSourceConnector"))
        .filter_map(|(_, c)| c.name.clone());
    match (it.next(), it.next()) {
        (Some(one), None) if names::MirrorConnectorName::parse(&one).is_ok() => Some(one),
        _ => None,
    }
}
