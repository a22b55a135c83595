#!/usr/bin/env bash
# The level's BVH against brute force over every triangle (bench/physics_bench.cpp): the
# segment (a bullet's tick), the swept sphere (a casing's tick) and the capsule (the player)
# on the committed level and on ten copies of it, in one run, pinned to one core. Writes the
# table, with its date, machine, load and command, to <build>/readme_physics.md and puts it
# between the "bench-physics" markers of docs/performance.md (scripts/readme_block.py).
#
# Usage: scripts/bench_physics.sh
# Env:   REPETITIONS (default 5), MIN_TIME (seconds per repetition, default 0.2),
#        BUILD_DIR (default build/release, the release preset's)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "${root}"
build="${BUILD_DIR:-build/release}"
command_line="scripts/bench_physics.sh"
for var in REPETITIONS MIN_TIME BUILD_DIR; do
  if [ -n "${!var:-}" ]; then command_line="${var}=${!var} ${command_line}"; fi
done

if [ -z "${BUILD_DIR:-}" ]; then
  cmake --preset release >/dev/null
elif [ ! -f "${build}/CMakeCache.txt" ]; then
  cmake -S . -B "${build}" -DCMAKE_BUILD_TYPE=Release -DFLATLINE_BUILD_GAME=OFF \
    -DFLATLINE_BUILD_BENCH=ON >/dev/null
fi
cmake --build "${build}" --target physics_bench -j2 >/dev/null

pin=()
if command -v taskset >/dev/null && taskset -c 0 true 2>/dev/null; then pin=(taskset -c 0); fi
load_before="$(cut -d' ' -f1-3 /proc/loadavg)"
txt="${build}/physics_bench.txt"
"${pin[@]}" "${build}/bench/physics_bench" \
  --benchmark_repetitions="${REPETITIONS:-5}" \
  --benchmark_enable_random_interleaving=true \
  --benchmark_report_aggregates_only=true \
  --benchmark_min_time="${MIN_TIME:-0.2}" >"${txt}"
load_after="$(cut -d' ' -f1-3 /proc/loadavg)"

python3 - "${txt}" "${build}/readme_physics.md" "${command_line}" "${load_before}" \
  "${load_after}" "${REPETITIONS:-5}" <<'PY'
import os, re, subprocess, sys, time
txt, out, command, before, after, reps = sys.argv[1:7]
text = open(txt).read()
table = text[text.index("| query"):].strip()
lscpu = subprocess.run(["lscpu"], capture_output=True, text=True).stdout
model = re.search(r"Model name:\s*(.+)", lscpu)
lines = [
    f"`{command}` on {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
    f"{model.group(1).strip() if model else '?'} ({os.cpu_count()} cores, shared), pinned to "
    f"core 0; load average {before} before, {after} after. CPU ns per query, median of {reps} "
    "interleaved repetitions of 1024 queries at random places between the floor and 3 m up; "
    "the ratio is brute force / BVH in the same run.",
    "",
    table,
]
open(out, "w").write("\n".join(lines) + "\n")
PY
python3 scripts/readme_block.py bench-physics "${build}/readme_physics.md"
cat "${build}/readme_physics.md"
