#!/usr/bin/env bash
# `make bench`: builds for release and prints benchmark figures, then records them in
# BENCHMARKS.md (between the `bench:begin` / `bench:end` markers; the rest of the file, such as the
# Robustness section, is kept). Benchmarks print numbers and ratios; nothing here is a test.
#
#   scripts/bench.sh            all sections
#   BENCH_RUNS=9 BENCH_SKIP_BUILD=1 scripts/bench.sh
#
# Sections (each prints Markdown):
#   1. the machine (nproc, CPU model, memory, rustc, date, load average);
#   2. core, native: import + validate + edit + export of generated 1k/10k/100k-entry inputs
#      (core/benches/pipeline.rs, inputs written to target/bench-inputs/, never committed);
#   3. the CLI against the serde_json floor, jq and Python's json module, and its peak memory
#      (scripts/bench-cli.sh), then its cost from 1k to 1M entries (scripts/bench-scale.sh);
#   4. the release wasm, raw and gzip (dist/ after scripts/build.sh) and the single file;
#   5. in the browser: runs scripts/bench-browser.mjs when it exists (its lines are recorded as is).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
runs=${BENCH_RUNS:-7}
inputs=$PWD/target/bench-inputs
report=$(mktemp)
trap 'rm -f "$report"' EXIT

say() { printf '%s\n' "$*" | tee -a "$report"; }
section() { printf '\n\033[1m==> %s\033[0m\n' "$*" >&2; say ""; say "### $*"; say ""; }

# 1. The machine.
cpu=$(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -n 1)
mem=$(awk '/^MemTotal:/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)
section "Machine"
say "- $(date -u '+%Y-%m-%d %H:%M UTC'); $(nproc) CPU(s), ${cpu:-unknown CPU}; ${mem} RAM"
say "- $(rustc -V); jq $(jq --version 2>/dev/null | sed 's/^jq-//'); $(python3 --version 2>&1); node $(node --version)"
say "- load average at start: $(cut -d' ' -f1-3 /proc/loadavg) (a shared machine: other builds may run)"

# 2. Core, native.
section "Core pipeline, native (median of $runs runs; 3 to 5 for 100k entries)"
cargo bench -q -p offsets-core --bench pipeline --profile release -- \
    --runs "$runs" --write-inputs "$inputs" 2>/dev/null | tee -a "$report"
say ""
say "Inputs: generated MirrorMaker 2 source listings (100 topics, offsets of 10 to 19 digits), as the"
say "compact REST payload and as the ConfigMap Strimzi writes (Jackson-pretty JSON under"
say "\`east--west.MirrorSourceConnector.json\`), in \`target/bench-inputs/\`. Each run: \`import\` (parse,"
say "positions, listing, validation without baseline), \`validate\` against the imported listing,"
say "edit (a \`Session\` and \`ShiftOffsets\` of -1 on every row, then the changed-only export listing),"
say "the alter ConfigMap (refused by K6 above 1 MiB, as Kubernetes would; the time is the work"
say "until the refusal) and the PATCH body. Wall clock, \`std::time::Instant\`, one thread, profile"
say "\`release\` (opt-level 3, LTO: the profile of the CLI a user builds)."

section "The flat level (issue 22): the tree, the tape and serde_json::Value parsing the 100k payload"
cargo bench -q -p offsets-core --bench raw_level --profile release 2>/dev/null | tee -a "$report"
say ""
say "Median of 5 parses after a warm-up. Heap held: the peak of live heap bytes (counted by"
say "\`peak_alloc\`) from the start of the parse while its result is alive."
say "Then the writers (issue 33): json::to_pretty and to_compact of the same parsed payload through"
say "the view json::Raw, over the tree and over the tape (median of the runs after a warm-up); the two"
say "must write the same bytes."

# 3. The CLI against jq and Python.
section "CLI against the floor, jq and Python: shift every offset by -1 over 100k entries"
if [ -x scripts/bench-cli.sh ]; then
    say '```'
    scripts/bench-cli.sh 100000 "$((runs < 5 ? runs : 5))" 2>&1 | tee -a "$report"
    say '```'
    say ""
    say "The CLI is built as a user builds it (profile \`release\`). The floor is"
    say "\`core/examples/floor.rs\`: serde_json into typed structs whose strings borrow from the"
    say "input, shift, compact write; no positions, no number text, no rules. jq uses the fast form"
    say "\`.offsets |= map(.offset.offset -= 1)\`; the naive \`.offsets[].offset.offset -= 1\` is"
    say "quadratic in jq 1.6 and is not used. Python: \`json.load\`, a loop, \`json.dump\`. The four"
    say "outputs are compared as JSON values. Peak memory: GNU time's maximum resident set size."
else
    say "scripts/bench-cli.sh is missing: no CLI comparison."
fi

# 3b. Cost as the input grows (issue 22 item 5).
section "CLI cost as the input grows: validate and edit --shift -1, 1k to 1M entries"
if [ -x scripts/bench-scale.sh ]; then
    scripts/bench-scale.sh "$((runs < 5 ? runs : 5))" 2>&1 | tee -a "$report"
    say ""
    say "Generated MirrorMaker 2 REST payloads (100 topics). CPU is user + sys of the process (its own"
    say "rusage), the best of five runs; RSS its peak resident set. \"Per entry vs 10k\" divides each"
    say "row's CPU per entry by the 10k row's: within 1.5x counts as linear; below 10k the process"
    say "start-up dominates. The floor is the serde_json edit of the section above."
fi

# 4. Release wasm.
section "Release wasm"
if [ "${BENCH_SKIP_BUILD:-0}" != 1 ]; then
    scripts/build.sh >&2 || say "(scripts/build.sh failed; the figures below are from the dist/ already there)"
fi
wasm=$(find dist -maxdepth 1 -name "*.wasm" 2>/dev/null | head -n 1)
if [ -n "$wasm" ]; then
    raw=$(stat -c %s "$wasm")
    gz=$(gzip -9 -c "$wasm" | wc -c)
    say "| file | raw | gzip -9 | goal |"
    say "|---|---:|---:|---|"
    say "| \`$(basename "$wasm")\` | $((raw / 1024)) KiB | $((gz / 1024)) KiB | ≤ 300 KiB gzip: $([ "$gz" -le $((300 * 1024)) ] && echo met || echo MISSED) |"
    if node scripts/dist-single.mjs >&2; then
        single=dist-single/connect-offsets.html
        say "| \`$single\` (wasm as base64, JS and CSS inlined) | $(($(stat -c %s "$single") / 1024)) KiB | $(($(gzip -9 -c "$single" | wc -c) / 1024)) KiB | |"
    fi
else
    say "No dist/*.wasm: run scripts/build.sh."
fi

# 5. In the browser (added with the editor benchmarks).
if [ -f scripts/bench-browser.mjs ]; then
    section "In headless Chromium (release build)"
    say '```'
    node scripts/bench-browser.mjs | tee -a "$report"
    say '```'
fi

# Record: replace the generated part of BENCHMARKS.md, keep the rest.
node - "$report" <<'JS'
const fs = require('node:fs');
const body = fs.readFileSync(process.argv[2], 'utf8').trim();
const file = 'BENCHMARKS.md';
const begin = '<!-- bench:begin (written by scripts/bench.sh; edit outside these markers) -->';
const end = '<!-- bench:end -->';
const generated = `${begin}\n${body}\n${end}`;
let text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : `# Benchmarks\n\n${begin}\n${end}\n`;
const i = text.indexOf(begin.slice(0, 16));
const j = text.indexOf(end);
text = i >= 0 && j > i ? text.slice(0, i) + generated + text.slice(j + end.length) : `${text.trimEnd()}\n\n${generated}\n`;
fs.writeFileSync(file, text);
console.error(`bench: recorded in ${file}`);
JS
