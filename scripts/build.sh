#!/usr/bin/env bash
# Release build of the static app into dist/ with Trunk (offline, pinned tools), then prints the
# wasm size raw and gzipped.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"

want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3; exit }' Cargo.lock)
pinned=$(sed -n 's/^wasm_bindgen = "\([^"]*\)".*/\1/p' Trunk.toml)
if [ "$want" != "$pinned" ]; then
    echo "Trunk.toml pins wasm-bindgen $pinned but Cargo.lock has $want: update [tools] wasm_bindgen" >&2
    exit 1
fi
trunk build --release --locked 2>&1 | grep -v '^\s*$' | tail -n 20
[ "${PIPESTATUS[0]}" -eq 0 ]
node scripts/csp.mjs dist/index.html   # allow exactly Trunk's inline loader under the strict CSP
wasm=$(ls dist/*.wasm)
raw=$(stat -c %s "$wasm")
gz=$(gzip -9 -c "$wasm" | wc -c)
printf 'dist: %s  %d KiB raw, %d KiB gzip\n' "$(basename "$wasm")" $((raw / 1024)) $((gz / 1024))
