//! What carries a procedure out: kubectl and the Strimzi operator (`kube`), or curl and the
//! Kafka Connect REST API (`rest`). A [`Transport`] renders the parts of a step that differ
//! between the two (how to list again, how a saved listing reaches `jq`, what its messages
//! say); the checks that read those parts, the compare and the verify, are written once
//! (`compare`).

use super::Checked;
use super::shell::Ctx;

pub(super) trait Transport {
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

    /// The verify step's first sentence: where the listing after the alter goes.
    fn verify_lists(&self) -> &'static str;

    /// What the copy-paste verify step adds for a check without `jq` (may be empty).
    fn verify_without_jq(&self) -> &'static str;

    /// What the script says when an altered partition did not land.
    fn not_landed(&self) -> &'static str;

    /// How to resume without altering, as a message template (the compare's stop says it).
    fn resume_unaltered(&self) -> &'static str;

    /// Whether the copy-paste compare step says how to compare by hand (the kubectl steps).
    fn compares_by_hand(&self) -> bool;
}
