//! The script that fails consumer groups over to the target cluster at the [`ResetPlan`]'s
//! offsets, one group after the other, each in the safe order:
//! 1. stop unless the group has no active member (`--describe --members` prints "Consumer group
//!    'G' has no active members." then, and for a group the target does not have yet Kafka 4.x
//!    fails with `GroupIdNotFoundException` and 3.x says "does not exist"; the reset itself
//!    would refuse a group that has members),
//! 2. save what the group has committed on the target to `rollback-N.csv`
//!    (`--reset-offsets --all-topics --to-current --dry-run --export`: the CSV the reset reads),
//! 3. write the plan to `plan-N.csv` and `--dry-run` it: the offsets Kafka would set must be the
//!    plan's, else stop,
//! 4. `--execute`,
//! 5. read the committed offsets again and stop unless every planned partition holds its offset.
//!
//! Every name and value reaches the shell single-quoted ([`shell_quote`]); the bootstrap address
//! is checked as the lookup commands check it; a group name is checked by the reset plan (no
//! comma, quote or line break, which the CSV cannot carry).

use super::groups::ResetPlan;
use super::lookup::check_bootstrap;
use crate::model::names::shell_quote;

/// The tool, overridable for a pod (`KCG="kubectl exec -n kafka my-cluster-broker-0 --
/// bin/kafka-consumer-groups.sh"`).
const TOOL: &str = "${KCG:-kafka-consumer-groups.sh}";

/// The script, or why none is written.
pub fn failover_script(
    plan: &ResetPlan,
    bootstrap: &str,
    command_config: Option<&str>,
) -> Result<String, String> {
    check_bootstrap(bootstrap)?;
    if plan.groups.is_empty() {
        return Err(
            "No group to fail over: no checkpoint matches the groups and topics asked.".into(),
        );
    }
    let config = command_config.map_or_else(String::new, |c| {
        format!(" --command-config {}", shell_quote(c))
    });
    let mut out = String::new();
    out.push_str("#!/usr/bin/env bash\n");
    out.push_str(&format!(
        "# Fails {} consumer group(s) over to the target cluster at MirrorMaker 2's translated offsets\n# ({} partition(s)), one group after the other: no active member, save, dry run, execute, verify.\n",
        plan.groups.len(),
        plan.partitions()
    ));
    out.push_str(
        "# Start each group's consumers on the target only after its \"verified\" line.\n",
    );
    out.push_str("# Set KCG to run the tool elsewhere, e.g. KCG=\"kubectl exec -i -n kafka my-cluster-broker-0 -- bin/kafka-consumer-groups.sh\".\n");
    out.push_str("set -euo pipefail\n");
    out.push_str(&format!("BOOTSTRAP={}\n", shell_quote(bootstrap)));
    out.push_str(&format!(
        "kcg() {{ {TOOL} --bootstrap-server \"${{BOOTSTRAP}}\"{config} \"$@\"; }}\n"
    ));
    // The tool's --export CSV quotes some topic names and ends with an empty line; a topic name
    // holds no quote, so the rows compare without them.
    out.push_str("rows() { tr -d '\"' | sed '/^$/d' | sort; }\n");
    out.push_str("for f in plan-*.csv rollback-*.csv; do\n  if [ -e \"${f}\" ]; then\n    echo \"${f} exists from an earlier run; it may be the only record of a group's offsets before that run. Move it away, then run this script again.\" >&2\n    exit 1\n  fi\ndone\n");
    for (n, g) in plan.groups.iter().enumerate() {
        let n = n + 1;
        let group = shell_quote(&g.group);
        let shown = crate::model::names::shown(&g.group);
        let plan_file = format!("plan-{n}.csv");
        let rollback = format!("rollback-{n}.csv");
        let csv = g.csv();
        out.push_str(&format!(
            "\n# Group {n}: {shown} ({} partition(s)).\n",
            g.rows.len()
        ));
        if g.group.contains(['$', '`']) {
            out.push_str("# shellcheck disable=SC2016 # the group name is literal\n");
        }
        out.push_str(&format!("group={group}\n"));
        out.push_str("members=\"$(kcg --describe --group \"${group}\" --members 2>&1 || true)\"\n");
        out.push_str("case \"${members}\" in\n  *\"has no active members\"* | *\"GroupIdNotFoundException\"* | *\"does not exist\"*) ;;\n  *)\n    echo \"Stopped before changing group ${group}: it has active members, or it could not be described. Stop its consumers on the target first; nothing was changed for this group.\" >&2\n    printf '%s\\n' \"${members}\" >&2\n    exit 1\n    ;;\nesac\n");
        out.push_str(&format!(
            "kcg --group \"${{group}}\" --reset-offsets --all-topics --to-current --dry-run --export > {rollback}\n"
        ));
        out.push_str(&format!(
            "cat > {plan_file} <<'OFFSETS_EOF'\n{csv}OFFSETS_EOF\n"
        ));
        out.push_str(&format!(
            "planned=\"$(kcg --group \"${{group}}\" --reset-offsets --from-file {plan_file} --dry-run --export | rows)\"\nif [ \"${{planned}}\" != \"$(sort {plan_file})\" ]; then\n  echo \"Stopped before changing group ${{group}}: the dry run would not set exactly the planned offsets. Planned:\" >&2\n  sort {plan_file} >&2\n  echo 'Dry run:' >&2\n  printf '%s\\n' \"${{planned}}\" >&2\n  exit 1\nfi\n"
        ));
        out.push_str(&format!(
            "kcg --group \"${{group}}\" --reset-offsets --from-file {plan_file} --execute > /dev/null\n"
        ));
        out.push_str(&format!(
            "now=\"$(kcg --group \"${{group}}\" --reset-offsets --all-topics --to-current --dry-run --export | rows)\"\nmissing=\"$(comm -23 <(sort {plan_file}) <(printf '%s\\n' \"${{now}}\"))\"\nif [ -n \"${{missing}}\" ]; then\n  echo \"Group ${{group}} does not hold every planned offset after the reset (expected, not found):\" >&2\n  printf '%s\\n' \"${{missing}}\" >&2\n  echo \"Its offsets before the reset are in {rollback}: kcg --group ${{group}} --reset-offsets --from-file {rollback} --execute restores them.\" >&2\n  exit 1\nfi\necho \"verified: group ${{group}} holds the {} planned offset(s); start its consumers on the target.\"\nif [ -n \"$(rows < {rollback})\" ]; then\n  echo \"To undo, with its consumers stopped: kafka-consumer-groups.sh --bootstrap-server ${{BOOTSTRAP}} --group ${{group}} --reset-offsets --from-file {rollback} --execute (partitions it had no offset for keep the planned one).\"\nelse\n  echo \"The group had no offset on the target before; to undo, with its consumers stopped: kafka-consumer-groups.sh --bootstrap-server ${{BOOTSTRAP}} --delete --group ${{group}}.\"\nfi\n",
            g.rows.len()
        ));
    }
    Ok(out)
}
