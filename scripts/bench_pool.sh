#!/usr/bin/env bash
# Measures flatline::Pool against the other implementations (bench/pool_bench.cpp): builds
# build/release, runs interleaved repetitions pinned to one core, and prints a Markdown table
# of median ns per acquire+release pair with the ratio to the textbook pool of the same run
# (src/pool/textbook_pool.hpp; to <build>/pool_bench.md, which scripts/bench.sh puts into
# README.md), then the goals checked against this run's medians.
# Only the ratios mean something on a shared machine; absolute ns drift from run to run.
#
# Usage: scripts/bench_pool.sh [extra pool_bench flags, e.g. --benchmark_filter=pair/]
#        scripts/bench_pool.sh --instructions   (callgrind: exact instructions per pair)
# Env:   REPETITIONS (default 9), MIN_TIME (seconds per repetition, default 0.2),
#        BUILD_DIR (default build/release; another dir is configured Release, game off),
#        BENCH_CPU (the core to pin to, default 0: pick one no other benchmark is pinned to)
#
#        scripts/bench_pool.sh --turns ROUNDS NAME=BINARY...   (builds of pool_bench, e.g.
#        before and after a change, run in turns: A B, B A, ... ROUNDS times, each run REPS
#        (default 3) interleaved repetitions of MIN_TIME (default 0.1) seconds, pinned; prints
#        per benchmark the median over every repetition and, in brackets, the fastest.
#        FILTER picks the benchmarks, default flatline::Pool and the textbook pool.)
set -euo pipefail

if [ "${1:-}" = "--turns" ]; then
  shift
  exec python3 - "${BENCH_CPU:-0}" "$@" <<'EOF'
import json, os, statistics, subprocess, sys, time
cpu, rounds, builds = sys.argv[1], int(sys.argv[2]), [a.split("=", 1) for a in sys.argv[3:]]
default_filter = "^(pair|burst|churn)/(flatline::Pool|textbook pool)$"
flags = [f"--benchmark_filter={os.environ.get('FILTER', default_filter)}",
         f"--benchmark_repetitions={os.environ.get('REPS', '3')}",
         "--benchmark_enable_random_interleaving=true",
         f"--benchmark_min_time={os.environ.get('MIN_TIME', '0.1')}", "--benchmark_format=json"]
ns = {}  # benchmark -> build -> [ns per pair, one per repetition]
start = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
for r in range(rounds):
    for name, binary in builds if r % 2 == 0 else builds[::-1]:
        out = subprocess.run(["taskset", "-c", cpu, binary] + flags, check=True,
                             capture_output=True, text=True).stdout
        for b in json.loads(out)["benchmarks"]:
            if b.get("run_type") == "iteration":
                ns.setdefault(b["run_name"], {}).setdefault(name, []).append(b["per_pair"] * 1e9)
names = [n for n, _ in builds]
print(f"{start} to {time.strftime('%H:%M UTC', time.gmtime())}, {rounds} rounds in turns, "
      f"pinned to CPU {cpu}: median ns per pair [fastest]")
print("| benchmark | " + " | ".join(names) + " |")
print("|---|" + "---|" * len(names))
for k in sorted(ns):
    cells = [f"{statistics.median(v):.2f} [{min(v):.2f}]" if (v := ns[k].get(n)) else "-"
             for n in names]
    print(f"| {k} | " + " | ".join(cells) + " |")
EOF
fi

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${BUILD_DIR:-${root}/build/release}"
case "${build}" in /*) ;; *) build="${root}/${build}" ;; esac
json="${build}/pool_bench.json"
table="${build}/pool_bench.md"

"${root}/scripts/setup.sh" >/dev/null
if [ -z "${BUILD_DIR:-}" ]; then
  (cd "${root}" && cmake --preset release >/dev/null)  # the same build/release the play command uses
elif [ ! -f "${build}/CMakeCache.txt" ]; then
  cmake -S "${root}" -B "${build}" -DCMAKE_BUILD_TYPE=Release -DFLATLINE_BUILD_GAME=OFF \
    -DFLATLINE_BUILD_BENCH=ON >/dev/null
fi
cmake --build "${build}" --target pool_bench -j2 >/dev/null

pin=()
cpu="${BENCH_CPU:-0}"
if command -v taskset >/dev/null && taskset -c "${cpu}" true 2>/dev/null; then pin=(taskset -c "${cpu}"); fi

# --instructions: instructions per acquire+release under callgrind, which repeat exactly
# (timings do not on a shared machine). Each benchmark runs twice with a fixed iteration
# count (FLATLINE_BENCH_ITERATIONS, no calibration rounds); the difference over the extra
# iterations is the loop alone: setup, teardown and the framework cancel out.
if [ "${1:-}" = "--instructions" ]; then
  command -v valgrind >/dev/null || { echo "bench_pool: --instructions needs valgrind" >&2; exit 1; }
  instructions() {  # pattern, implementation, iterations -> total instructions of the run
    local out="${build}/callgrind.pool_bench.out"
    FLATLINE_BENCH_ITERATIONS="$3" valgrind --tool=callgrind --callgrind-out-file="${out}" \
      "${build}/bench/pool_bench" --benchmark_filter="^$1/$2/iterations:" >/dev/null 2>&1
    callgrind_annotate "${out}" | awk '/PROGRAM TOTALS/ && !n++ { gsub(",", "", $1); print $1 }'
  }
  echo "| implementation | pair | burst (per pair) | churn |"
  echo "|---|---|---|---|"
  for impl in "flatline::Pool" "flatline::Pool (std::function reset)" "lab TunedPool" "textbook pool"; do
    pattern_re="$(printf '%s' "${impl}" | sed 's/[()]/\\&/g')"
    row="| ${impl} |"
    for pattern in pair burst churn; do
      small=20000 large=120000 per=1
      if [ "${pattern}" = burst ]; then small=20 large=120 per=1000; fi
      a="$(instructions "${pattern}" "${pattern_re}" "${small}")"
      b="$(instructions "${pattern}" "${pattern_re}" "${large}")"
      row+=" $(python3 -c "print(f'{(${b} - ${a}) / (${large} - ${small}) / ${per}:.1f}')") |"
    done
    echo "${row}"
  done
  exit 0
fi

# The features/ family (what each guarantee costs) is scripts/bench_pool_features.sh's: left
# out unless a --benchmark_filter given here (the last one wins) asks for it.
"${pin[@]}" "${build}/bench/pool_bench" \
  --benchmark_filter='^(pair|burst|churn)/' \
  --benchmark_repetitions="${REPETITIONS:-9}" \
  --benchmark_enable_random_interleaving=true \
  --benchmark_report_aggregates_only=true \
  --benchmark_min_time="${MIN_TIME:-0.2}" \
  --benchmark_out="${json}" --benchmark_out_format=json "$@" >&2

# The exact command, with the environment overrides that were set (the table's first line).
command_line="scripts/bench_pool.sh${*:+ $*}"
for var in MIN_TIME REPETITIONS BUILD_DIR BENCH_CPU; do
  if [ -n "${!var:-}" ]; then command_line="${var}=${!var} ${command_line}"; fi
done

python3 - "${json}" "${table}" "${command_line}" <<'EOF'
import json
import os
import re
import subprocess
import sys
import time

json_path, table_path, command_line = sys.argv[1], sys.argv[2], sys.argv[3]
with open(json_path) as f:
    data = json.load(f)

patterns = ["pair", "burst", "churn"]
baseline = "textbook pool"
order = ["flatline::Pool", "flatline::Pool (std::function reset)", "flatline::Pool (handles)",
         "flatline::Pool (recycle-oldest)", "lab TunedPool", baseline,
         "new/delete", "make_unique", "boost::object_pool", "plf::colony", "pmr pool"]
median = {}  # (implementation, pattern) -> ns per pair
for b in data["benchmarks"]:
    if b.get("aggregate_name") == "median":
        pattern, impl = b["run_name"].split("/", 1)
        median[(impl, pattern)] = b["per_pair"] * 1e9
found = {impl for impl, _ in median}
impls = [i for i in order if i in found] + sorted(found - set(order))

def cell(impl, pattern):
    ns = median.get((impl, pattern))
    if ns is None:
        return "-"
    if impl == baseline or (baseline, pattern) not in median:
        return f"{ns:.2f}"
    return f"{ns:.2f} ({ns / median[(baseline, pattern)]:.2f}x)"

titles = {"pair": "pair", "burst": "burst 1000, random release order", "churn": "churn, 10k live"}
shown = [p for p in patterns if any((i, p) in median for i in impls)]
cpu = re.search(r"Model name:\s*(.+)", subprocess.run(["lscpu"], capture_output=True, text=True).stdout)
lines = [
    f"Made by `{command_line}` on {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}: "
    f"{cpu.group(1).strip() if cpu else '?'}, {os.cpu_count()} cores, pinned to one. "
    "ns per acquire+release, median of "
    f"{data['benchmarks'][0].get('repetitions', '?')} interleaved repetitions "
    f"(ratio to the {baseline})",
    "",
    "| implementation | " + " | ".join(titles[p] for p in shown) + " |",
    "|---|" + "---|" * len(shown),
]
for impl in impls:
    lines.append(f"| {impl} | " + " | ".join(cell(impl, p) for p in shown) + " |")
# The goals, checked against this run's medians: flatline::Pool (the recommended form, reset
# inlined) within 2.5x of the textbook pool and at most half of new/delete in every pattern;
# the lab's tuned pool within 1.5x of the textbook pool. "within": up to the limit.
pool, lab = "flatline::Pool", "lab TunedPool"
checks = [(pool, p, baseline, 2.5) for p in patterns]
checks += [(pool, p, "new/delete", 0.5) for p in patterns]
checks += [(lab, p, baseline, 1.5) for p in patterns]
lines += ["", "| target | ratio | met |", "|---|---|---|"]
for impl, pattern, other, limit in checks:
    if (impl, pattern) in median and (other, pattern) in median:
        ratio = median[(impl, pattern)] / median[(other, pattern)]
        goal = f"{impl}, {pattern}: within {limit}x of {other}"
        met = ratio <= limit
        lines.append(f"| {goal} | {ratio:.2f}x | {'yes' if met else 'NO'} |")
text = "\n".join(lines) + "\n"
with open(table_path, "w") as f:
    f.write(text)
print(text, end="")
EOF
echo "(JSON: ${json}, table: ${table})" >&2
