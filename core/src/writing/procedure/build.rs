//! The steps of each procedure (stop, wait for STOPPED, list, alter, verify, resume), written
//! once as templates and rendered for either [`Mode`]. Waits differ by mode: the copy-paste
//! steps poll a bounded number of times and then show what is left (an `exit` would close the
//! user's terminal); the script polls until a deadline and exits with a message that says what
//! to look at.
//!
//! This file holds the title and the notes every target shares and picks the transport that
//! renders the steps (`transport`): `kube` (Strimzi, kubectl) or `rest` (Kafka Connect REST,
//! curl); `sequence` puts the steps in the safe order, and the step type they share is in
//! `step`.

use super::kube::Kube;
use super::rest::Rest;
use super::sequence;
use super::shell::{Ctx, Mode, Var};
use super::step::{RawStep, auto_offset_reset_note};
use super::{Checked, Kind, Operation, Previous};

/// What the title and comments call the target.
fn describe(c: &Checked, ctx: &Ctx) -> String {
    let context = if ctx.value(Var::Context).is_empty() {
        String::new()
    } else {
        format!(" (kubectl context '{}')", ctx.value(Var::Context))
    };
    match &c.kind {
        Kind::Connector => format!(
            "KafkaConnector '{}' in namespace '{}'{context}",
            ctx.value(Var::Connector),
            ctx.value(Var::Namespace)
        ),
        Kind::Mm2 { connector, .. } => format!(
            "connector '{}' of mirror {} of KafkaMirrorMaker2 '{}' in namespace '{}'{context}",
            connector.connector_name(),
            ctx.value(Var::MirrorIndex),
            ctx.value(Var::Mm2),
            ctx.value(Var::Namespace)
        ),
        Kind::Rest { connector } => {
            format!(
                "connector '{connector}' at {}",
                ctx.value(Var::ConnectorUrl)
            )
        }
    }
}

pub(crate) fn title(c: &Checked, op: &Operation) -> String {
    let ctx = Ctx::new(Mode::Steps, c.values.clone());
    let what = describe(c, &ctx);
    match op {
        Operation::List => format!("List the offsets of {what}"),
        Operation::Alter { .. } => format!("Alter the offsets of {what}"),
        Operation::Reset => format!("Reset the offsets of {what}"),
        Operation::Create { .. } => {
            format!("Create {what}, stopped; set its offsets, then start it")
        }
        Operation::AutoOffsetReset(v) => {
            format!(
                "Set source.consumer.auto.offset.reset to {} on {what}",
                v.as_str()
            )
        }
    }
}

pub(crate) fn notes(c: &Checked, op: &Operation) -> Vec<String> {
    use crate::versions::{CONNECT_INITIAL_STATE, CONNECT_OFFSETS_API, STRIMZI_OFFSETS};
    let mut notes = Vec::new();
    match &c.kind {
        Kind::Connector => {
            notes.push(format!("Requires Strimzi {STRIMZI_OFFSETS} or later and Kafka Connect {CONNECT_OFFSETS_API} or later. The KafkaConnect cluster must have the annotation strimzi.io/use-connector-resources: \"true\"."));
        }
        Kind::Mm2 { .. } => {
            notes.push(format!("Requires Strimzi {STRIMZI_OFFSETS} or later and Kafka Connect {CONNECT_OFFSETS_API} or later."));
        }
        // The refusal was seen on a Kafka 3.6.2 worker: HTTP 500 'Unrecognized field
        // "initial_state" (class ...CreateConnectorRequest), not marked as ignorable', no connector.
        Kind::Rest { .. } if matches!(op, Operation::Create { .. }) => notes.push(format!(
            "Requires Kafka Connect {CONNECT_INITIAL_STATE} or later: the connector is created STOPPED (POST /connectors with \"initial_state\": \"STOPPED\", KIP-980), so it never runs before its offsets are altered and verified. A Kafka Connect {CONNECT_OFFSETS_API} worker (the offsets API, without initial_state) refuses the create (HTTP 500, Unrecognized field \"initial_state\", seen on 3.6.2): nothing is created, and the script stops there. Also requires curl 7.76 or later (--fail-with-body) and jq."
        )),
        Kind::Rest { .. } => notes.push(
            "Requires Kafka Connect 3.6 or later (PATCH and DELETE /connectors/<name>/offsets) and curl 7.76 or later (--fail-with-body).".to_owned(),
        ),
    }
    let source = match &c.kind {
        Kind::Mm2 { connector, .. } => connector.connector_type == "MirrorSourceConnector",
        _ => true,
    };
    match op {
        Operation::Alter { .. } | Operation::Reset if !source => {
            if let Kind::Mm2 { connector, .. } = &c.kind {
                notes.push(format!(
                    "{} does not use its offsets at runtime, so changing them has no effect on replication.",
                    connector.connector_type
                ));
            }
        }
        Operation::Alter { .. } => {
            if let Kind::Mm2 { .. } = &c.kind {
                notes.push("MirrorMaker resumes each partition at the stored offset + 1: the stored offset is the last record that counts as mirrored.".to_owned());
            }
        }
        Operation::Reset => {
            if let Kind::Mm2 { .. } = &c.kind {
                notes.push("After a reset the MirrorSourceConnector has no stored offset, so it starts every partition where source.consumer.auto.offset.reset says: with earliest (MirrorMaker 2's default, unless the connector's config says otherwise) it replicates every record again and writes duplicates to the target; with latest it skips every record written so far, which is never mirrored.".to_owned());
            }
        }
        Operation::AutoOffsetReset(v) => notes.push(auto_offset_reset_note(*v).to_owned()),
        Operation::Create { .. } if !matches!(c.kind, Kind::Rest { .. }) => {
            notes.extend(super::kube_create::notes(c));
        }
        Operation::Create { previous, .. } => notes.push(previous_note(*previous).to_owned()),
        Operation::List => {}
    }
    if let [first, .., last] = c.rounds.as_slice() {
        notes.push(format!(
            "The alter is applied in {} rounds, ConfigMaps '{first}' to '{last}', because one ConfigMap would hold more than Kubernetes allows (1 MiB, K6). Each round alters only its own partitions; the connector stays stopped until every round has landed.",
            c.rounds.len()
        ));
    }
    notes
}

/// What a create says about the offsets Kafka Connect kept for a deleted connector of the
/// same name.
fn previous_note(previous: Previous) -> &'static str {
    match previous {
        Previous::Refuse => {
            "A connector deleted and created again under the same name resumes from the offsets it stored before (Kafka Connect keeps them). The procedure stops before creating anything when a connector of this name exists; when the connector it created lists offsets stored under the name, it deletes the connector again before it ever runs and stops. If the name existed before, generate the procedure with --recreated reset or --recreated keep (in the page: Offsets stored under this name before)."
        }
        Previous::Reset => {
            "The name existed before, and its old offsets are reset: after the connector is created stopped, the offsets Kafka Connect kept under the name are deleted, then the alter sets the chosen ones, so only those remain."
        }
        Previous::Keep => {
            "The name existed before, and its old offsets are kept: the alter sets the chosen partitions over the offsets Kafka Connect kept under the name; every other partition keeps its old offset, and the procedure names them before it alters."
        }
    }
}

/// The steps of `op`, in the safe order (`sequence`), rendered by the target's transport.
pub(crate) fn steps(c: &Checked, op: &Operation, ctx: &Ctx) -> Vec<RawStep> {
    match &c.kind {
        Kind::Rest { .. } => sequence::steps(&Rest { c, ctx }, op),
        _ => sequence::steps(&Kube { c, ctx }, op),
    }
}
