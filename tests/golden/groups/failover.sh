#!/usr/bin/env bash
# Fails 2 consumer group(s) over to the target cluster at MirrorMaker 2's translated offsets
# (2 partition(s)), one group after the other: no active member, save, dry run, execute, verify.
# Start each group's consumers on the target only after its "verified" line.
# Set KCG to run the tool elsewhere, e.g. KCG="kubectl exec -i -n kafka my-cluster-broker-0 -- bin/kafka-consumer-groups.sh".
set -euo pipefail
BOOTSTRAP='west-kafka-bootstrap:9092'
kcg() { ${KCG:-kafka-consumer-groups.sh} --bootstrap-server "${BOOTSTRAP}" "$@"; }
rows() { tr -d '"' | sed '/^$/d' | sort; }
for f in plan-*.csv rollback-*.csv; do
  if [ -e "${f}" ]; then
    echo "${f} exists from an earlier run; it may be the only record of a group's offsets before that run. Move it away, then run this script again." >&2
    exit 1
  fi
done

# Group 1: billing (1 partition(s)).
group='billing'
members="$(kcg --describe --group "${group}" --members 2>&1 || true)"
case "${members}" in
  *"has no active members"* | *"GroupIdNotFoundException"* | *"does not exist"*) ;;
  *)
    echo "Stopped before changing group ${group}: it has active members, or it could not be described. Stop its consumers on the target first; nothing was changed for this group." >&2
    printf '%s\n' "${members}" >&2
    exit 1
    ;;
esac
kcg --group "${group}" --reset-offsets --all-topics --to-current --dry-run --export > rollback-1.csv
cat > plan-1.csv <<'OFFSETS_EOF'
east.orders,1,66
OFFSETS_EOF
planned="$(kcg --group "${group}" --reset-offsets --from-file plan-1.csv --dry-run --export | rows)"
if [ "${planned}" != "$(sort plan-1.csv)" ]; then
  echo "Stopped before changing group ${group}: the dry run would not set exactly the planned offsets. Planned:" >&2
  sort plan-1.csv >&2
  echo 'Dry run:' >&2
  printf '%s\n' "${planned}" >&2
  exit 1
fi
kcg --group "${group}" --reset-offsets --from-file plan-1.csv --execute > /dev/null
now="$(kcg --group "${group}" --reset-offsets --all-topics --to-current --dry-run --export | rows)"
missing="$(comm -23 <(sort plan-1.csv) <(printf '%s\n' "${now}"))"
if [ -n "${missing}" ]; then
  echo "Group ${group} does not hold every planned offset after the reset (expected, not found):" >&2
  printf '%s\n' "${missing}" >&2
  echo "Its offsets before the reset are in rollback-1.csv: kcg --group ${group} --reset-offsets --from-file rollback-1.csv --execute restores them." >&2
  exit 1
fi
echo "verified: group ${group} holds the 1 planned offset(s); start its consumers on the target."
if [ -n "$(rows < rollback-1.csv)" ]; then
  echo "To undo, with its consumers stopped: kafka-consumer-groups.sh --bootstrap-server ${BOOTSTRAP} --group ${group} --reset-offsets --from-file rollback-1.csv --execute (partitions it had no offset for keep the planned one)."
else
  echo "The group had no offset on the target before; to undo, with its consumers stopped: kafka-consumer-groups.sh --bootstrap-server ${BOOTSTRAP} --delete --group ${group}."
fi

# Group 2: o\'brien $(x) (1 partition(s)).
# shellcheck disable=SC2016 # the group name is literal
group='o'\''brien $(x)'
members="$(kcg --describe --group "${group}" --members 2>&1 || true)"
case "${members}" in
  *"has no active members"* | *"GroupIdNotFoundException"* | *"does not exist"*) ;;
  *)
    echo "Stopped before changing group ${group}: it has active members, or it could not be described. Stop its consumers on the target first; nothing was changed for this group." >&2
    printf '%s\n' "${members}" >&2
    exit 1
    ;;
esac
kcg --group "${group}" --reset-offsets --all-topics --to-current --dry-run --export > rollback-2.csv
cat > plan-2.csv <<'OFFSETS_EOF'
east.orders,0,48
OFFSETS_EOF
planned="$(kcg --group "${group}" --reset-offsets --from-file plan-2.csv --dry-run --export | rows)"
if [ "${planned}" != "$(sort plan-2.csv)" ]; then
  echo "Stopped before changing group ${group}: the dry run would not set exactly the planned offsets. Planned:" >&2
  sort plan-2.csv >&2
  echo 'Dry run:' >&2
  printf '%s\n' "${planned}" >&2
  exit 1
fi
kcg --group "${group}" --reset-offsets --from-file plan-2.csv --execute > /dev/null
now="$(kcg --group "${group}" --reset-offsets --all-topics --to-current --dry-run --export | rows)"
missing="$(comm -23 <(sort plan-2.csv) <(printf '%s\n' "${now}"))"
if [ -n "${missing}" ]; then
  echo "Group ${group} does not hold every planned offset after the reset (expected, not found):" >&2
  printf '%s\n' "${missing}" >&2
  echo "Its offsets before the reset are in rollback-2.csv: kcg --group ${group} --reset-offsets --from-file rollback-2.csv --execute restores them." >&2
  exit 1
fi
echo "verified: group ${group} holds the 1 planned offset(s); start its consumers on the target."
if [ -n "$(rows < rollback-2.csv)" ]; then
  echo "To undo, with its consumers stopped: kafka-consumer-groups.sh --bootstrap-server ${BOOTSTRAP} --group ${group} --reset-offsets --from-file rollback-2.csv --execute (partitions it had no offset for keep the planned one)."
else
  echo "The group had no offset on the target before; to undo, with its consumers stopped: kafka-consumer-groups.sh --bootstrap-server ${BOOTSTRAP} --delete --group ${group}."
fi
