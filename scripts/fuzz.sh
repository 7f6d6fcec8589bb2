#!/usr/bin/env bash
# Runs every cargo-fuzz target for SECONDS (default 20) each and exits non-zero on a crash.
#
#   scripts/fuzz.sh [SECONDS]
#
# cargo-fuzz needs nightly-only flags (-Zsanitizer); the toolchain here is stable, so the run
# uses RUSTC_BOOTSTRAP=1, which unlocks them on a stable compiler. cargo-fuzz itself is installed
# from crates.io when missing. The corpus starts from the golden inputs and fuzz/seeds/TARGET.
set -euo pipefail

cd "$(dirname "$0")/.."
seconds=${1:-20}
export PATH="$HOME/.cargo/bin:$PATH"

if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "fuzz: installing cargo-fuzz from crates.io" >&2
    cargo install cargo-fuzz --locked
fi

export RUSTC_BOOTSTRAP=1
status=0
for target in $(cargo fuzz list --fuzz-dir fuzz); do
    corpus="fuzz/corpus/$target"
    mkdir -p "$corpus"
    # Seed the corpus with every golden input (cheap; libFuzzer dedups by coverage).
    find tests/golden -type f ! -name '*.diagnostics' ! -name '*.options' -exec cp {} "$corpus/" \;
    # And with the target's own seeds, where it has some (the draft records).
    if [ -d "fuzz/seeds/$target" ]; then
        cp fuzz/seeds/"$target"/* "$corpus/"
    fi
    echo "fuzz: $target for ${seconds}s" >&2
    if ! cargo fuzz run --fuzz-dir fuzz "$target" "$corpus" -- \
        -max_total_time="$seconds" -max_len=65536 -rss_limit_mb=2048 -print_final_stats=1; then
        echo "fuzz: target $target FAILED (see fuzz/artifacts/$target)" >&2
        status=1
    fi
done
exit $status
