//! The options of a Strimzi create ([`super::Operation::Create`] on a KafkaConnector or
//! KafkaMirrorMaker2 target), checked once: which operator creates the connector (Strimzi 1.2
//! creates it stopped; older ones start it first), and the resource the procedure creates, from
//! the user's own resource or from the names.
//!
//! Strimzi code this relies on (strimzi/strimzi-kafka-operator, tag 1.2.0):
//! - `AbstractConnectOperator.maybeCreateOrUpdateConnector`: a connector Connect does not know
//!   (404 on its config) goes to `createConnector`, which calls
//!   `KafkaConnectApi.createConnector(..., connectorSpec.getState())`; `KafkaConnectApiImpl`
//!   sends `POST /connectors` with `"initial_state": "STOPPED"` (#12974, first in 1.2.0). Up to
//!   1.1.0 the same branch called `createOrUpdateConnector`: `PUT /connectors/NAME/config`
//!   (created running), then `updateState`, which stops it.
//! - `KafkaMirrorMaker2AssemblyOperator.reconcileConnectors` -> `createOrUpdateMirrorMaker2Connector`
//!   -> the same `maybeCreateOrUpdateConnector`, with the state copied from the mirror's
//!   connector block by `KafkaMirrorMaker2Connectors.generateConnectorDefinitions`: a
//!   KafkaMirrorMaker2's connectors are created stopped the same way.
//! - Only the branch where the connector exists with the desired config runs
//!   `manageConnectorOffsets`: the create reconciliation lists, alters or resets nothing, so the
//!   procedure annotates after the operator shows the connector STOPPED.

use super::strimzi_manifest::{block_field, connector_manifest, mm2_manifest};
use super::strimzi_options::StrimziVersion;
use super::strimzi_quiet::{Filter, Quiet};
use super::{Options, Previous, RULE_PLAN, Target};
use crate::diag::{Diagnostic, Position};
use crate::model::names::shown;
use crate::reading::resource::read_resource_tree;

/// How the procedure makes the connector.
#[derive(Debug, Clone)]
pub(crate) enum Make {
    /// `kubectl create -f` of this manifest (JSON): a KafkaConnector, which must not exist.
    Create(String),
    /// `kubectl apply -f` of this manifest (JSON): the user's KafkaMirrorMaker2, new or one
    /// that gains the connector.
    Apply(String),
    /// A JSON patch adding the connector block (stopped, listOffsets, alterOffsets) to mirror I
    /// of an existing KafkaMirrorMaker2, behind the mirror guard.
    AddBlock,
}

/// The checked create: how the connector is made and which operator makes it.
#[derive(Debug, Clone)]
pub(crate) struct Prepared {
    pub(crate) make: Make,
    /// `None`: not known (the procedure says what an older operator does).
    pub(crate) version: Option<StrimziVersion>,
    /// Why the version is what it is, for the notes.
    pub(crate) version_why: String,
    /// What to do with offsets stored under the name.
    pub(crate) previous: Previous,
    /// The filter that keeps the connector from copying anything in the moment an operator
    /// before Strimzi 1.2 runs it (`strimzi_quiet`); `None` for Strimzi 1.2, or when the
    /// connector has no such filter.
    pub(crate) quiet: Option<Quiet>,
}

fn error(message: String) -> Diagnostic {
    Diagnostic::error(RULE_PLAN, Position::NONE, message)
}

/// The one error of a Strimzi create given a connector config object (the REST create's): the
/// first thing said, since nothing else about the create is right then.
pub(super) fn check_config(config: &str, errors: &mut Vec<Diagnostic>) {
    if !config.trim().is_empty() {
        errors.push(error("The Strimzi create procedure takes the connector's config from the resource (--resource-file: spec.config of a KafkaConnector, the connector block of a KafkaMirrorMaker2), not from a separate config object; a config object is for a plain Kafka Connect cluster (--kind rest).".into()));
    }
}

/// Checks the create options of a Strimzi target and builds its resource. Every problem is an
/// error in `errors`; `None` when the resource cannot be built.
pub(super) fn check(
    options: &Options,
    previous: Previous,
    sink: bool,
    errors: &mut Vec<Diagnostic>,
    warnings: &mut Vec<Diagnostic>,
) -> Option<Prepared> {
    let create = options.create.clone().unwrap_or_default();
    let (cluster, target_name) = match &options.target {
        Target::KafkaConnector { cluster, name } => (cluster, name),
        Target::KafkaMirrorMaker2 {
            cluster, resource, ..
        } => (cluster, resource),
        Target::Rest { .. } => return None,
    };
    if cluster.list_configmap == cluster.alter_configmap {
        errors.push(error(format!(
            "The create lists the connector's offsets before it alters them, and the listing would overwrite the alter ConfigMap '{}'. Give a separate list ConfigMap (for example '{}-list').",
            shown(&cluster.alter_configmap),
            shown(&cluster.alter_configmap)
        )));
    }
    let read = match &create.resource {
        Some(text) => match read_resource_tree(text, Some(target_name)) {
            Ok(read) => Some(read),
            Err(diags) => {
                errors.extend(diags);
                return None;
            }
        },
        None => None,
    };
    let api_version = read.as_ref().map(|(r, _)| r.api_version.value.clone());
    let (version, version_why) = match (create.strimzi, api_version.as_deref()) {
        (Some(v), Some("kafka.strimzi.io/v1beta2")) if v == StrimziVersion::CreatesStopped => {
            errors.push(error("The resource is kafka.strimzi.io/v1beta2, which Strimzi 1.0 and later no longer serve (047-Crd-kafkaconnector.yaml lists only v1 from 1.0.0), so a Strimzi 1.2 operator cannot create it. Write it as kafka.strimzi.io/v1, or generate the procedure for the older operator (--strimzi older).".into()));
            (Some(v), String::new())
        }
        (Some(v), _) => (Some(v), "as given".to_owned()),
        (None, Some("kafka.strimzi.io/v1beta2")) => (
            Some(StrimziVersion::StartsFirst),
            "the resource is kafka.strimzi.io/v1beta2, which only Strimzi 0.51 and earlier serve"
                .to_owned(),
        ),
        (None, _) => {
            warnings.push(Diagnostic::warning(
                RULE_PLAN,
                Position::NONE,
                format!(
                    "Which Strimzi creates the connector is not known ({}): Strimzi {} creates it stopped, an older operator starts it first and stops it a moment later. The procedure is the same; its notes say what an older operator does. Say which with --strimzi 1.2 or --strimzi older.",
                    if api_version.is_some() {
                        "kafka.strimzi.io/v1 is served from Strimzi 1.0 on"
                    } else {
                        "no resource was given"
                    },
                    crate::versions::STRIMZI_CREATE_STOPPED
                ),
            ));
            (None, String::new())
        }
    };
    let older = version != Some(StrimziVersion::CreatesStopped);
    let mut quiet = None;
    let make = match (&options.target, read) {
        (Target::KafkaConnector { name, .. }, read) => {
            let quiet = older.then_some((&mut quiet, sink));
            connector_manifest(
                options,
                &create,
                name,
                read.map(|(_, root)| root),
                quiet,
                errors,
            )
            .map(Make::Create)
        }
        (Target::KafkaMirrorMaker2 { .. }, Some((_, root))) => {
            mm2_manifest(options, root, older.then_some(&mut quiet), errors).map(Make::Apply)
        }
        (Target::KafkaMirrorMaker2 { .. }, None) => {
            for (flag, given) in [
                ("--connect-cluster", create.connect_cluster.is_some()),
                ("--connector-class", create.class.is_some()),
            ] {
                if given {
                    errors.push(error(format!("{flag} is for a KafkaConnector built from the names; a KafkaMirrorMaker2 connector takes its class from its block and runs on the KafkaMirrorMaker2's own Connect cluster.")));
                }
            }
            // The block is new, so its config is the filter alone; the check step stops when
            // the mirror writes an exclude pattern over it.
            if older && let Target::KafkaMirrorMaker2 { connector, .. } = &options.target {
                quiet =
                    Filter::of_block(block_field(connector.connector_type)).map(|f| f.quiet(None));
            }
            Some(Make::AddBlock)
        }
        (Target::Rest { .. }, _) => None,
    }?;
    if older && quiet.is_none() && previous == Previous::Refuse {
        errors.push(unfiltered(options, version, &make));
    }
    Some(Prepared {
        make,
        version,
        version_why,
        previous,
        quiet,
    })
}

/// The error of a create that an operator before Strimzi 1.2 would run unfiltered while the
/// procedure must refuse offsets stored under the name: what the connector commits in that
/// moment would be taken for old offsets, and a run with `--recreated reset` would run it again.
fn unfiltered(options: &Options, version: Option<StrimziVersion>, make: &Make) -> Diagnostic {
    let why = match (&options.target, make) {
        (Target::KafkaMirrorMaker2 { connector, .. }, _)
            if Filter::of_block(block_field(connector.connector_type)).is_none() =>
        {
            "this one cannot be: the heartbeat connector writes heartbeats, whatever it matches"
        }
        (Target::KafkaMirrorMaker2 { .. }, _) => {
            "this one cannot be: the mirror sets topicsExcludePattern or groupsExcludePattern (or a ...BlacklistPattern), which Strimzi writes over the block's config"
        }
        _ => {
            "this one cannot be: only a MirrorSourceConnector, a MirrorCheckpointConnector and a sink connector (with its topics or topics.regex in spec.config) have such a filter"
        }
    };
    let known = match version {
        Some(_) => "Before Strimzi 1.2 the operator",
        None => {
            "Which Strimzi creates the connector is not known, and before Strimzi 1.2 the operator"
        }
    };
    error(format!(
        "{known} creates the connector running and stops it a moment later. A connector the procedure can filter is created matching nothing, so it copies nothing in that moment; {why}. Unfiltered, it may write records and commit offsets in that moment, which the check for offsets stored under the name then finds, so the procedure would delete the connector again. Choose what happens to stored offsets: --recreated reset (every offset stored under the name, including what it commits in that moment, is deleted before the alter; what it wrote in that moment stays written) or --recreated keep (in the page: Offsets stored under this name before){}.",
        if version.is_none() {
            ", or say --strimzi 1.2 if Strimzi 1.2 or later creates it"
        } else {
            ""
        }
    ))
}
