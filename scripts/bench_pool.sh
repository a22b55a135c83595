#!/usr/bin/env bash
# Measures flatline::Pool against the other implementations (bench/pool_bench.cpp): builds
# build/release, runs interleaved repetitions pinned to one core, and prints a Markdown table
# of median ns per acquire+release pair with the ratio to the bare free list of the same run.
# Only the ratios mean something on a shared machine; absolute ns drift from run to run.
#
# Usage: scripts/bench_pool.sh [extra pool_bench flags, e.g. --benchmark_filter=pair/]
# Env:   REPETITIONS (default 9), MIN_TIME (seconds per repetition, default 0.2)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${root}/build/release"
json="${build}/pool_bench.json"
table="${build}/pool_bench.md"

"${root}/scripts/setup.sh" >/dev/null
(cd "${root}" && cmake --preset release >/dev/null)  # the same build/release the play command uses
cmake --build "${build}" --target pool_bench -j2 >/dev/null

pin=()
if command -v taskset >/dev/null && taskset -c 0 true 2>/dev/null; then pin=(taskset -c 0); fi

"${pin[@]}" "${build}/bench/pool_bench" \
  --benchmark_repetitions="${REPETITIONS:-9}" \
  --benchmark_enable_random_interleaving=true \
  --benchmark_report_aggregates_only=true \
  --benchmark_min_time="${MIN_TIME:-0.2}" \
  --benchmark_out="${json}" --benchmark_out_format=json "$@" >&2

python3 - "${json}" "${table}" <<'EOF'
import json
import sys

json_path, table_path = sys.argv[1], sys.argv[2]
with open(json_path) as f:
    data = json.load(f)

patterns = ["pair", "burst", "churn"]
baseline = "bare free list"
order = ["flatline::Pool", "flatline::Pool (handles)", "flatline::Pool (recycle-oldest)", baseline,
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
lines = [
    "ns per acquire+release, median of "
    f"{data['benchmarks'][0].get('repetitions', '?')} interleaved repetitions "
    f"(ratio to the {baseline})",
    "",
    "| implementation | " + " | ".join(titles[p] for p in shown) + " |",
    "|---|" + "---|" * len(shown),
]
for impl in impls:
    lines.append(f"| {impl} | " + " | ".join(cell(impl, p) for p in shown) + " |")
# The speed targets for flatline::Pool, checked against this run's medians.
pool = "flatline::Pool"
checks = [("pair", baseline, 1.3), ("churn", baseline, 1.3), ("burst", baseline, 1.5)]
checks += [(p, other, 1.0) for other in ["new/delete", "make_unique", "plf::colony", "pmr pool"]
           for p in patterns]
checks += [("burst", "boost::object_pool", 1.0)]
lines += ["", "| target for flatline::Pool | ratio | met |", "|---|---|---|"]
for pattern, other, limit in checks:
    if (pool, pattern) in median and (other, pattern) in median:
        ratio = median[(pool, pattern)] / median[(other, pattern)]
        faster = limit == 1.0  # "faster than": strictly below 1x; "within": up to the limit
        goal = f"{pattern}: " + (f"faster than {other}" if faster else f"within {limit}x of {other}")
        met = ratio < limit if faster else ratio <= limit
        lines.append(f"| {goal} | {ratio:.2f}x | {'yes' if met else 'NO'} |")
text = "\n".join(lines) + "\n"
with open(table_path, "w") as f:
    f.write(text)
print(text, end="")
EOF
echo "(JSON: ${json}, table: ${table})" >&2
