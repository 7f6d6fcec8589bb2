#!/usr/bin/env bash
# Benchmark (not a test): how the CLI's cost grows with the input. `connect-offsets validate`
# and `connect-offsets edit --shift -1` on generated MirrorMaker 2 REST payloads of 1k, 10k,
# 100k and 1M entries, with the serde_json floor's edit and typed read (core/examples/floor.rs,
# `--read`) at each size: `validate / read` is validate's CPU against the typed read's (issue 35's
# goal: at most 2x), and its RSS column is validate's peak memory against the input (goal: 4x).
# Prints one Markdown table: CPU (user + sys, best of the runs), MB/s, peak memory (the child's
# max RSS) as a multiple of the input, the CPU per entry and whether each step is linear (its
# per-entry cost within 1.5x of the 10k row's). Usage: scripts/bench-scale.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
runs=${1:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cargo build -q --locked -p offsets-cli --release
cargo build -q --locked -p offsets-core --release --example floor

python3 - "$runs" "$work" target/release/connect-offsets target/release/examples/floor <<'PY'
import json, os, subprocess, sys
runs, work, binary, floor = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]

def payload(n):
    path = os.path.join(work, f"payload-{n}.json")
    topics = 100
    with open(path, "w") as f:
        f.write('{"offsets":[')
        for i in range(n):
            if i:
                f.write(",")
            f.write(json.dumps({"partition": {"cluster": "east", "partition": i // topics, "topic": f"topic-{i % topics}"},
                                "offset": {"offset": 1_000_000 + i}}, separators=(",", ":")))
        f.write("]}\n")
    return path

def measure(cmd):
    """(cpu ms, max RSS bytes) of `cmd`: the best CPU and the largest RSS over the runs, from the
    child's own rusage (os.wait4: microsecond CPU, RSS in kB)."""
    best_cpu, rss = float("inf"), 0
    for _ in range(runs):
        child = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode != 0:
            sys.exit(f"{' '.join(cmd)}: exit {child.returncode}")
        best_cpu = min(best_cpu, (usage.ru_utime + usage.ru_stime) * 1000)
        rss = max(rss, usage.ru_maxrss * 1024)
    return best_cpu, rss

sizes = [1_000, 10_000, 100_000, 1_000_000]
rows, per_entry = [], {}
for n in sizes:
    path = payload(n)
    size = os.path.getsize(path)
    validate = measure([binary, "validate", path])
    edit = measure([binary, "edit", path, "--shift", "-1"])
    floor_edit = measure([floor, path, "-1"])
    floor_read = measure([floor, path, "--read"])
    rows.append((n, size, validate, edit, floor_edit, floor_read))
    per_entry[n] = (validate[0] / n, edit[0] / n)
    os.remove(path)

def linear(n, i):
    if n == 10_000:
        return "the reference"
    r = per_entry[n][i] / per_entry[10_000][i]
    # Below 10k, process start-up dominates: the per-entry cost is higher, not a growth.
    if n < 10_000:
        return f"{r:.1f}x (start-up)"
    return f"{r:.1f}x: {'linear' if r <= 1.5 else 'NOT linear'}"

print("| entries | input | validate CPU | MB/s | RSS | per entry vs 10k | floor read CPU | validate / read | edit --shift -1 CPU | MB/s | RSS | per entry vs 10k | floor edit CPU | edit / floor |")
print("|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---|---:|---:|")
for n, size, (vc, vr), (ec, er), (fc, _), (rc, _) in rows:
    mb = size / 1e6
    print(f"| {n:,} | {mb:.1f} MB | {vc:.0f} ms | {mb / (vc / 1000):.0f} | {vr / size:.1f}x | {linear(n, 0)} "
          f"| {rc:.0f} ms | {vc / max(rc, 0.001):.1f}x "
          f"| {ec:.0f} ms | {mb / (ec / 1000):.0f} | {er / size:.1f}x | {linear(n, 1)} | {fc:.0f} ms | {ec / fc:.1f}x |")
PY
