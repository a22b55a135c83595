#!/usr/bin/env bash
# What each of the pool's guarantees costs: pool_bench's features/ family (the ladder of
# lab/pool/pool_features.hpp: the textbook pool plus one guarantee at a time, then
# flatline::Pool itself), run side by side in one run: interleaved repetitions, pinned to
# one core, medians. Writes the table (ns per acquire+release, ratio to the textbook rung, with
# date, machine and command) to <build>/pool_features.md, into docs/lab/perf/pool_features.md
# between its table markers, and into docs/lab/pool_measurements.md's "bench-pool-features" block
# (scripts/readme_block.py). Only ratios within one run mean anything on a shared machine.
#
# Usage: scripts/bench_pool_features.sh [extra pool_bench flags]
# Env:   REPETITIONS (default 15), MIN_TIME (seconds per repetition, default 0.1),
#        BUILD_DIR (default build/release; another dir is configured Release, game off),
#        BENCH_CPU (the core to pin to, default 1), BLOCK=0 (leave docs/lab/pool_measurements.md alone)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${BUILD_DIR:-${root}/build/release}"
case "${build}" in /*) ;; *) build="${root}/${build}" ;; esac
json="${build}/pool_features.json"
table="${build}/pool_features.md"

"${root}/scripts/setup.sh" >/dev/null
if [ -z "${BUILD_DIR:-}" ]; then
  (cd "${root}" && cmake --preset release >/dev/null)
elif [ ! -f "${build}/CMakeCache.txt" ]; then
  cmake -S "${root}" -B "${build}" -DCMAKE_BUILD_TYPE=Release -DFLATLINE_BUILD_GAME=OFF \
    -DFLATLINE_BUILD_BENCH=ON >/dev/null
fi
cmake --build "${build}" --target pool_bench -j2 >/dev/null

pin=()
cpu="${BENCH_CPU:-1}"
if command -v taskset >/dev/null && taskset -c "${cpu}" true 2>/dev/null; then pin=(taskset -c "${cpu}"); fi

"${pin[@]}" "${build}/bench/pool_bench" \
  --benchmark_filter='^features/' \
  --benchmark_repetitions="${REPETITIONS:-15}" \
  --benchmark_enable_random_interleaving=true \
  --benchmark_report_aggregates_only=true \
  --benchmark_min_time="${MIN_TIME:-0.1}" \
  --benchmark_out="${json}" --benchmark_out_format=json "$@" >&2

command_line="scripts/bench_pool_features.sh${*:+ $*}"
for var in MIN_TIME REPETITIONS BUILD_DIR BENCH_CPU; do
  if [ -n "${!var:-}" ]; then command_line="${var}=${!var} ${command_line}"; fi
done

python3 - "${json}" "${table}" "${command_line}" "${pin[*]:-unpinned}" <<'EOF'
import json
import os
import re
import subprocess
import sys
import time

json_path, table_path, command_line, pin = sys.argv[1:5]
with open(json_path) as f:
    data = json.load(f)

stages = ["textbook", "+ generations", "+ misuse checks", "+ O(live) walk", "+ acquisition order",
          "+ re-entrancy guard", "+ poisoning", "flatline::Pool", "lab TunedPool"]
patterns = ["pair", "burst", "churn"]
median = {}  # (stage, pattern) -> ns per pair
for b in data["benchmarks"]:
    if b.get("aggregate_name") == "median":
        _, pattern, stage = b["run_name"].split("/", 2)
        median[(stage, pattern)] = b["per_pair"] * 1e9

def cell(stage, pattern):
    ns = median.get((stage, pattern))
    if ns is None:
        return "-"
    if stage == "textbook" or ("textbook", pattern) not in median:
        return f"{ns:.2f}"
    return f"{ns:.2f} ({ns / median[('textbook', pattern)]:.2f}x)"

cpu = re.search(r"Model name:\s*(.+)", subprocess.run(["lscpu"], capture_output=True, text=True).stdout)
reps = data["benchmarks"][0].get("repetitions", "?") if data["benchmarks"] else "?"
lines = [
    f"Made by `{command_line}` on {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}: "
    f"{cpu.group(1).strip() if cpu else '?'}, {os.cpu_count()} cores, pinned with `{pin}`. "
    f"ns per acquire+release, median of {reps} interleaved repetitions (ratio to textbook)",
    "",
    "| stage | pair | burst 1000, random release order | churn, 10k live |",
    "|---|---|---|---|",
]
for stage in stages:
    if any((stage, p) in median for p in patterns):
        lines.append(f"| {stage} | " + " | ".join(cell(stage, p) for p in patterns) + " |")
text = "\n".join(lines) + "\n"
with open(table_path, "w") as f:
    f.write(text)
print(text, end="")
EOF

# docs/lab/perf/pool_features.md keeps its prose; only the table between its markers is replaced.
python3 - "${root}/docs/lab/perf/pool_features.md" "${table}" <<'EOF'
import re
import sys

doc_path, table_path = sys.argv[1], sys.argv[2]
body = open(table_path).read().rstrip("\n")
doc = open(doc_path).read()
marker = re.compile(r"(<!-- pool-features-table:begin -->\n)(.*?)(<!-- pool-features-table:end -->)", re.S)
if not marker.search(doc):
    sys.exit(f"bench_pool_features: no table markers in {doc_path}")
with open(doc_path, "w") as f:
    f.write(marker.sub(lambda m: m.group(1) + body + "\n" + m.group(3), doc, count=1))
EOF
if [ "${BLOCK:-1}" != 0 ]; then python3 "${root}/scripts/readme_block.py" bench-pool-features "${table}"; fi
echo "(JSON: ${json}, table: ${table}, docs/lab/perf/pool_features.md updated)" >&2
