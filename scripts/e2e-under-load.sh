#!/usr/bin/env bash
# Runs the end-to-end tests while other processes keep every core busy, to show that they wait
# for states and not for time (issue 13 item 10). Not part of `make test`; `make e2e-load` calls
# it. Builds dist/ and the single file first when they are missing. LOAD_PROCS=N sets the number
# of busy loops (default: one per core); they are stopped however the run ends.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"

[ -f dist/index.html ] || scripts/build.sh
[ -f dist-single/connect-offsets.html ] || node scripts/dist-single.mjs

procs=${LOAD_PROCS:-$(nproc)}
pids=()
# shellcheck disable=SC2317 # called by the trap
stop_load() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait "${pids[@]}" 2>/dev/null || true
}
trap stop_load EXIT INT TERM
for _ in $(seq "$procs"); do
    node -e 'for (;;) {}' &
    pids+=("$!")
done
echo "e2e under load: $procs busy loop(s) on $(nproc) core(s); /proc/loadavg before: $(cat /proc/loadavg)"

log=$(mktemp)
start=$SECONDS
status=0
node --test --test-concurrency=1 tests/e2e/ 2>&1 | tee "$log" || status=$?
elapsed=$((SECONDS - start))
pass=$(awk '/^# pass [0-9]+/ { print $3 }' "$log")
fail=$(awk '/^# fail [0-9]+/ { print $3 }' "$log")
echo "e2e under load: ${pass:-0} passed, ${fail:-?} failed in ${elapsed}s; /proc/loadavg after: $(cat /proc/loadavg)"
rm -f "$log"
exit "$status"
