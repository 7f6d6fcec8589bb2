#!/usr/bin/env bash
# The Kafka Connect workers the live suite runs on, read from their one table, LIVE_WORKERS in
# core/src/versions.rs (what the footer and --version print): one line per worker,
#   WORKER MIRROR FILE VERIFIABLE
# the versions of the worker, of connect-mirror and connect-mirror-client, of connect-file and of
# connect-test-plugins ("-": none; tests/kafka/LiveSourceConnector.java stands in for it).
# With a version as argument, only that worker's line (exit 1 if the table does not list it).
# scripts/kafka.sh, scripts/setup.sh, scripts/test.sh and tests/live/ read the table through this.
set -euo pipefail
table=$(cd "$(dirname "$0")/.." && pwd)/core/src/versions.rs
lines=$(sed -n '/^pub const LIVE_WORKERS/,/^];/p' "$table" |
    sed -n 's/^ *("\([0-9.]*\)", "\([0-9.]*\)", "\([0-9.]*\)", "\([0-9.]*\)"),$/\1 \2 \3 \4/p' |
    awk '{ if ($4 == "") $4 = "-"; print $1, $2, $3, $4 }')
[ -n "$lines" ] || {
    echo "live-workers.sh: no LIVE_WORKERS entries found in $table" >&2
    exit 2
}
if [ $# -eq 0 ]; then
    echo "$lines"
else
    awk -v v="$1" '$1 == v { print; found = 1 } END { exit found ? 0 : 1 }' <<<"$lines"
fi
