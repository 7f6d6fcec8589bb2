//! The status checks: CR8 (`spec.state` and the live state before an alter or reset) and CR9
//! (the offsets Warning conditions, explained).

use super::commands::patch;
use super::{Finding, Names, connector_label, shown_message};
use crate::diag::Severity;
use crate::model::names::{shell_quote, shown};
use crate::reading::resource::{
    ANNOTATION_MIRROR_CONNECTOR, ANNOTATION_OFFSETS, ConnectorSpec, Field, Resource, ResourceKind,
};

/// CR8: `spec.state` and the live state before an alter or reset.
pub(super) fn check_state(
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
pub(super) fn check_conditions(
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
