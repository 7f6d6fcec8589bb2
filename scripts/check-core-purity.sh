#!/usr/bin/env bash
# Architecture guard: offsets-core stays pure. It must build for wasm32 and depend on none of the
# web crates; `cargo tree -i` must find nothing for each of them.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
for banned in yew gloo web-sys wasm-bindgen js-sys; do
    for target in x86_64-unknown-linux-gnu wasm32-unknown-unknown; do
        if cargo tree -p offsets-core --target "$target" -e normal,build -i "$banned" --locked >/dev/null 2>&1; then
            echo "offsets-core depends on $banned (target $target): core must stay free of web crates" >&2
            cargo tree -p offsets-core --target "$target" -e normal,build -i "$banned" --locked >&2 || true
            status=1
        fi
    done
done
cargo build -p offsets-core --target wasm32-unknown-unknown --locked --quiet
[ $status -eq 0 ] && echo "ok: offsets-core depends on none of yew, gloo, web-sys, wasm-bindgen, js-sys and builds for wasm32"
exit $status
