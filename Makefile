# connect-offsets: the two commands a user needs are `make serve` and `make test`.
# Both install whatever is missing first (scripts/setup.sh is idempotent).
PORT ?= 8080
SHELL := /bin/bash

.PHONY: serve test build setup check fuzz clean

## serve: install tools if missing, build the release app with Trunk, serve it on 127.0.0.1:$(PORT)
serve: build
	node scripts/serve.mjs dist $(PORT) /

## test: install tools if missing, then every check (fmt, clippy host+wasm, guards, native, wasm-in-browser, trunk build, e2e, fuzz)
test: setup
	scripts/test.sh

## build: release dist/ (wasm optimised with wasm-opt -Oz)
build: setup-build
	scripts/build.sh

setup:
	scripts/setup.sh all

setup-build:
	scripts/setup.sh build

## check: the fast subset (fmt, clippy, native tests) for the edit-compile loop
check:
	cargo fmt --all --check
	cargo clippy --workspace --all-targets -- -D warnings
	cargo test --workspace --exclude offsets-web

## fuzz: a longer fuzz run, SECONDS per target (default 300)
fuzz:
	scripts/fuzz.sh $(or $(SECONDS),300)

clean:
	rm -rf dist dist-single target/wasm32-unknown-unknown tests/e2e/artifacts

.PHONY: bench dist-single e2e-load

## e2e-load: the end-to-end tests with every core kept busy by other processes (an extra check, not part of test)
e2e-load: setup
	scripts/e2e-under-load.sh

## bench: release builds, then figures (core pipeline, CLI vs jq vs Python, wasm size) printed and recorded in BENCHMARKS.md
bench: setup-build
	scripts/bench.sh

## dist-single: one self-contained HTML file, dist-single/connect-offsets.html, that opens from file:// with no server
dist-single: build
	node scripts/dist-single.mjs
