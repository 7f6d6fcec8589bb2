//! CR12: a resource a create procedure (`plan --create`) makes, against the operator that will
//! create it. Strimzi 1.2 creates a connector whose state is `stopped` stopped
//! (`AbstractConnectOperator.createConnector` -> `KafkaConnectApi.createConnector` with
//! `initial_state`, strimzi-kafka-operator #12974); earlier operators create it running
//! (`PUT /connectors/NAME/config`) and stop it in `updateState` a moment later, so it runs
//! before its offsets are set. The apiVersion says "older" only for `kafka.strimzi.io/v1beta2`
//! (no longer served from Strimzi 1.0: `047-Crd-kafkaconnector.yaml` of 1.0.0 lists only v1);
//! `v1` says 1.0 or later, not whether it is 1.2.

use super::{Finding, Names};
use crate::diag::Severity;
use crate::reading::resource::Resource;
use crate::versions::{STRIMZI_CREATE_STOPPED, STRIMZI_LAST_V1BETA2};

/// The command that shows the cluster operator's image, whose tag is its version (the
/// Deployment carries `app: strimzi` in Strimzi's install files).
const OPERATOR_VERSION: &str =
    "kubectl get deployment -A -l app=strimzi -o 'jsonpath={..image}{\"\\n\"}'";

/// CR12 for a resource the create procedure would create.
pub fn check_create(r: &Resource) -> Vec<Finding> {
    let mut out = Vec::new();
    let pos = r.api_version.pos;
    if r.is_v1() {
        out.push(
            Finding::new(
                "CR12",
                Severity::Info,
                pos,
                format!(
                    "kafka.strimzi.io/v1 is served from Strimzi 1.0 on, so it does not say whether the operator is {STRIMZI_CREATE_STOPPED} or later, which creates the connector stopped; 1.0 and 1.1 create it running and stop it a moment later, and it runs before its offsets are set. Check the operator's image tag (the command below), then say it for the create (Strimzi version in the page, --strimzi 1.2 or --strimzi older for plan --create)."
                ),
            )
            .with(Some(OPERATOR_VERSION.to_owned())),
        );
    } else {
        out.push(
            Finding::new(
                "CR12",
                Severity::Warning,
                pos,
                format!(
                    "{} is kafka.strimzi.io/v1beta2, which only Strimzi {STRIMZI_LAST_V1BETA2} and earlier serve: such an operator creates the connector running and stops it a moment later, so it may process records from the offsets stored under its name or from auto.offset.reset before its offsets are set. Strimzi {STRIMZI_CREATE_STOPPED} or later creates it stopped: on such an operator write the resource as kafka.strimzi.io/v1; otherwise say the operator is older for the create (Strimzi version in the page, --strimzi older for plan --create) and expect that moment.",
                    r.kind.as_str()
                ),
            )
            .with(Some(OPERATOR_VERSION.to_owned())),
        );
    }
    // A KafkaMirrorMaker2 with a status is the usual case: the create applies it with the new
    // connector's block stopped (its other connectors are untouched). A KafkaConnector with one
    // exists already.
    if r.has_status && r.kind == crate::reading::resource::ResourceKind::KafkaConnector {
        let n = Names::of(r);
        out.push(
            Finding::new(
                "CR12",
                Severity::Warning,
                r.metadata_pos,
                "The resource has a status, so it was read from a cluster where it exists: a create makes a connector that does not exist yet. To change the offsets of this one, list and alter them (plan without --create); to create another, give the new resource."
                    .to_owned(),
            )
            .with(n.kubectl("get").map(|c| format!("{c} -o name"))),
        );
    }
    out
}
