//! What carries a procedure out: kubectl and the Strimzi operator (`kube_transport`, `kube`), or
//! curl and the Kafka Connect REST API (`rest`). A [`Transport`] renders each step of the safe
//! order whole (record the state, stop, wait for STOPPED, list, alter, reset, resume, clean up)
//! and the parts of the compare and verify steps that differ (how to list again, how a saved
//! listing reaches `jq`, what its messages say). The order is not here: `sequence` calls the
//! steps in it, and the compare and verify checks are written once (`compare`).

use super::shell::Ctx;
use super::step::RawStep;
use super::{AutoOffsetReset, Checked, Previous};

/// What a safe sequence changes: the offsets the alter sets, or every one (a reset).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Change {
    Alter,
    Reset,
}

impl Change {
    /// `alter` or `reset`, as the listing files are named (`before-alter.yaml`).
    pub(super) fn as_str(self) -> &'static str {
        match self {
            Change::Alter => "alter",
            Change::Reset => "reset",
        }
    }
}

/// What the shared compare and verify steps (`compare`) say that differs by transport.
pub(super) struct Words {
    /// The verify step's first sentence: where the listing after the alter goes.
    pub(super) verify_lists: &'static str,
    /// What the copy-paste verify step adds for a check without `jq` (may be empty).
    pub(super) verify_without_jq: &'static str,
    /// What the script says when an altered partition did not land.
    pub(super) not_landed: &'static str,
    /// How to resume without altering, as a message template (the compare's stop says it).
    pub(super) resume_unaltered: &'static str,
    /// Whether the copy-paste compare step says how to compare by hand (the kubectl steps).
    pub(super) compares_by_hand: bool,
}

pub(super) trait Transport: Create {
    /// The list operation's steps (no stop: listing works in any state).
    fn list(&self) -> Vec<RawStep>;

    /// Step 1 of an alter or a reset: what the last step puts back.
    fn record_state(&self, change: Change) -> RawStep;

    /// Stops the connector.
    fn stop(&self, change: Change) -> RawStep;

    /// Waits until the connector is STOPPED.
    fn wait_until_stopped(&self) -> RawStep;

    /// Lists the stopped connector's offsets into `before-CHANGE.*`, never over the listing
    /// the user edited.
    fn list_before(&self, change: Change) -> RawStep;

    /// The alter itself, between the compare and the verify: kubectl uploads the alter
    /// ConfigMap (or the rounds), points the connector at it, annotates and waits; REST sends
    /// the PATCH.
    fn alter(&self, payload: &str) -> Vec<RawStep>;

    /// The reset itself: kubectl annotates and waits; REST sends the DELETE.
    fn reset(&self) -> Vec<RawStep>;

    /// Lists after the reset into `after-reset.*` and shows it.
    fn list_after_reset(&self) -> RawStep;

    /// Puts back what [`Transport::record_state`] recorded.
    fn resume(&self, change: Change) -> RawStep;

    /// Deletes what the alter needed (optional).
    fn clean_up(&self) -> RawStep;

    /// The steps that set `source.consumer.auto.offset.reset` (kubectl only; REST refuses
    /// it in validation).
    fn auto_offset_reset(&self, value: AutoOffsetReset) -> Vec<RawStep>;

    /// The checked options the steps are rendered from.
    fn checked(&self) -> &Checked;

    /// The rendering the steps are made for (copy-paste steps or script).
    fn ctx(&self) -> &Ctx;

    /// The file a listing taken `when` (`before`, `after`) operation `op` (`alter`, `reset`)
    /// is saved to: `before-alter.yaml` for kubectl, `before-alter.json` for REST.
    fn listing_file(&self, when: &str, op: &str) -> String;

    /// The commands that list the stored offsets again and save the listing to `file`.
    fn list_to(&self, file: &str) -> String;

    /// `jq -rn --slurpfile check offsets-check.json PROGRAM` fed the listing that
    /// [`Transport::list_to`] saved to `file` (kubectl reads it back from the list ConfigMap).
    fn jq_over(&self, file: &str, program: &str) -> String;

    /// What the compare and verify steps say that differs by transport.
    fn words(&self) -> &'static Words;
}

/// The steps of a create, as a transport renders them (`kube_create`, `rest_create`); the
/// order is `sequence`'s: nothing in it can start the connector before the verify step.
pub(super) trait Create {
    /// Checks that no connector of the name exists yet. `None` when validation refused the
    /// create (a Strimzi create without its resource); such a create has no steps.
    fn check_absent(&self) -> Option<RawStep>;

    /// What the create uploads before the connector exists: kubectl the alter ConfigMap the
    /// resource points at (and the check file); REST nothing.
    fn upload(&self, payload: &str) -> Vec<RawStep>;

    /// Creates the connector STOPPED. `None` as for [`Create::check_absent`].
    fn create_stopped(&self) -> Option<RawStep>;

    /// Waits until the created connector shows STOPPED.
    fn wait_created(&self) -> RawStep;

    /// Lists what the name stored before and refuses, resets or keeps it (`previous`; a
    /// Strimzi create reads it from its prepared options, which hold the same choice). A reset
    /// runs the commands of `reset`, the reset operation's steps ([`Transport::reset`]).
    fn previous(&self, previous: Previous, reset: &[RawStep]) -> Vec<RawStep>;

    /// Alters the created connector's offsets.
    fn alter_created(&self, payload: &str) -> Vec<RawStep>;

    /// What the script says when an altered partition did not land.
    fn create_not_landed(&self) -> String;

    /// Starts the connector, now that its offsets are verified.
    fn start(&self) -> RawStep;

    /// Deletes what the create needed (optional).
    fn clean_up_created(&self) -> RawStep;
}
