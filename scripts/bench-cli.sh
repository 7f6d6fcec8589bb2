#!/usr/bin/env bash
# Benchmark (not a test): `connect-offsets edit FILE --shift -1` on a 100k-entry MirrorMaker 2
# REST payload, against jq and Python's json module doing the same edit. Prints the time of each
# run, the best time per tool and the ratios. Usage: scripts/bench-cli.sh [ENTRIES] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
entries=${1:-100000}
runs=${2:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "building connect-offsets (profile release, as cargo install --path cli builds it)..."
cargo build -q -p offsets-cli --release
bin=target/release/connect-offsets

python3 - "$entries" > "$work/payload.json" <<'PY'
import json, sys
n = int(sys.argv[1])
topics = 100
offsets = [{"partition": {"cluster": "east", "partition": i // topics, "topic": f"topic-{i % topics}"},
            "offset": {"offset": 1_000_000 + i}} for i in range(n)]
print(json.dumps({"offsets": offsets}, separators=(",", ":")))
PY
echo "input: $entries entries, $(wc -c < "$work/payload.json") bytes"

cat > "$work/shift.py" <<'PY'
import json, sys
with open(sys.argv[1]) as f:
    doc = json.load(f)
for e in doc["offsets"]:
    e["offset"]["offset"] -= 1
json.dump(doc, sys.stdout, separators=(",", ":"))
PY

# Each run reports wall time and CPU time (user + sys of the child). On a busy machine the wall
# time includes waiting for a core, so the ratios are computed from CPU time.
python3 - "$runs" "$work" "$bin" <<'PY'
import os, resource, subprocess, sys, time
runs, work, binary = int(sys.argv[1]), sys.argv[2], sys.argv[3]
payload = os.path.join(work, "payload.json")
tools = [
    ("connect-offsets", [binary, "edit", payload, "--shift", "-1"]),
    ("jq", ["jq", "-c", ".offsets |= map(.offset.offset -= 1)", payload]),
    ("python3", ["python3", os.path.join(work, "shift.py"), payload]),
]
best = {}
for name, cmd in tools:
    for i in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        with open(os.path.join(work, "out." + name), "wb") as out:
            subprocess.run(cmd, stdout=out, stderr=subprocess.DEVNULL, check=True)
        wall = (time.perf_counter() - t0) * 1000
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = ((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)) * 1000
        print(f"  {name:<16} run {i + 1}: wall {wall:7.0f} ms   cpu {cpu:7.0f} ms")
        w, c = best.get(name, (float("inf"), float("inf")))
        best[name] = (min(w, wall), min(c, cpu))
print(f"\nbest of {runs} runs:")
for name, (w, c) in best.items():
    print(f"  {name:<16} wall {w:7.0f} ms   cpu {c:7.0f} ms")
co = best["connect-offsets"][1]
print(f"ratios (cpu): jq / connect-offsets = {best['jq'][1] / co:.1f}x, "
      f"python3 / connect-offsets = {best['python3'][1] / co:.1f}x")
PY

# The three outputs must agree (as JSON values).
python3 - "$work/out.connect-offsets" "$work/out.jq" "$work/out.python3" <<'PY'
import json, sys
a, b, c = (json.load(open(p)) for p in sys.argv[1:])
assert a == b == c, "outputs differ"
print("outputs agree")
PY

