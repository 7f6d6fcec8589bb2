#!/usr/bin/env bash
# Benchmark (not a test): `connect-offsets edit FILE --shift -1` on a 100k-entry MirrorMaker 2
# REST payload, against the floor (core/examples/floor.rs: typed serde_json, strings borrowed
# from the input, read, shift, write), jq and Python's json module doing the same edit. The
# binary is the one a user gets (`cargo install --path cli --locked` = profile release). Prints
# the CPU time of each run, the best per tool, the ratios with their goals, and the peak memory
# (max RSS) of the CLI and the floor. Usage: scripts/bench-cli.sh [ENTRIES] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
entries=${1:-100000}
runs=${2:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "building connect-offsets and the floor (profile release, as \`cargo install --path cli\`)..."
cargo build -q --locked -p offsets-cli --release
cargo build -q --locked -p offsets-core --release --example floor
bin=target/release/connect-offsets
floor=target/release/examples/floor

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
# time includes waiting for a core, so the ratios are computed from CPU time. Peak memory comes
# from GNU time (`/usr/bin/time -f %M`, kB) when it is installed, else from a fresh Python whose
# only child is the measured command (getrusage(RUSAGE_CHILDREN).ru_maxrss, kB on Linux).
python3 - "$runs" "$work" "$bin" "$floor" <<'PY'
import os, resource, subprocess, sys, time
runs, work, binary, floor = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
payload = os.path.join(work, "payload.json")
size = os.path.getsize(payload)
tools = [
    ("connect-offsets", [binary, "edit", payload, "--shift", "-1"]),
    ("floor (serde_json)", [floor, payload, "-1"]),
    ("jq", ["jq", "-c", ".offsets |= map(.offset.offset -= 1)", payload]),
    ("python3", ["python3", os.path.join(work, "shift.py"), payload]),
]
best = {}
for name, cmd in tools:
    for i in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        with open(os.path.join(work, "out." + name.split()[0]), "wb") as out:
            subprocess.run(cmd, stdout=out, stderr=subprocess.DEVNULL, check=True)
        wall = (time.perf_counter() - t0) * 1000
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = ((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)) * 1000
        print(f"  {name:<19} run {i + 1}: wall {wall:7.0f} ms   cpu {cpu:7.0f} ms")
        w, c = best.get(name, (float("inf"), float("inf")))
        best[name] = (min(w, wall), min(c, cpu))

def max_rss_kb(cmd):
    if os.access("/usr/bin/time", os.X_OK):
        rss = os.path.join(work, "rss")
        subprocess.run(["/usr/bin/time", "-f", "%M", "-o", rss] + cmd,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        return int(open(rss).read().split()[-1]), "GNU time"
    probe = ("import resource, subprocess, sys; "
             "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True); "
             "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run(["python3", "-c", probe] + cmd, capture_output=True, text=True, check=True)
    return int(out.stdout.split()[-1]), "getrusage"

print(f"\nbest of {runs} runs:")
for name, (w, c) in best.items():
    print(f"  {name:<19} wall {w:7.0f} ms   cpu {c:7.0f} ms")
cli = best["connect-offsets"][1]
def verdict(ok):
    return "met" if ok else "MISSED"
r_floor = cli / best["floor (serde_json)"][1]
r_jq = best["jq"][1] / cli
r_py = best["python3"][1] / cli
print("ratios (cpu):")
print(f"  connect-offsets / floor   = {r_floor:5.1f}x   (goal: at most 2.0x, {verdict(r_floor <= 2.0)})")
print(f"  jq / connect-offsets      = {r_jq:5.1f}x   (goal: at least 10x, {verdict(r_jq >= 10)})")
print(f"  python3 / connect-offsets = {r_py:5.1f}x   (goal: at least 10x, {verdict(r_py >= 10)})")
print(f"peak memory (max RSS) on the {size / 1e6:.1f} MB input:")
for name, cmd, goal in [("connect-offsets", tools[0][1], 4.0), ("floor (serde_json)", tools[1][1], None)]:
    kb, how = max_rss_kb(cmd)
    ratio = kb * 1024 / size
    note = f"   (goal: at most {goal:.0f}x, {verdict(ratio <= goal)})" if goal else ""
    print(f"  {name:<19} {kb / 1024:6.1f} MiB = {ratio:4.1f}x the input ({how}){note}")
PY

# The four outputs must agree (as JSON values).
python3 - "$work/out.connect-offsets" "$work/out.floor" "$work/out.jq" "$work/out.python3" <<'PY'
import json, sys
a, b, c, d = (json.load(open(p)) for p in sys.argv[1:])
assert a == b == c == d, "outputs differ"
print("outputs agree")
PY
