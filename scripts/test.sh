#!/usr/bin/env bash
# The test command (README, and what CI runs through .ci/run):
# installs missing packages, builds, and runs every test twice:
#   1. Debug with AddressSanitizer + UndefinedBehaviorSanitizer (leak checks on,
#      except in the GL test executables: Mesa's driver leaks by itself),
#   2. Release, which is what players run, plus a short smoke run of the benchmarks;
# then fuzzes the pool for 20 s. Warnings are errors here.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
jobs=$(nproc)

echo "== Debug + ASan + UBSan =="
cmake --preset asan -DFLATLINE_WERROR=ON >/dev/null
cmake --build --preset asan -j"$jobs"
ctest --preset asan -j"$jobs"

echo "== Release =="
cmake --preset release -DFLATLINE_WERROR=ON >/dev/null
cmake --build --preset release -j"$jobs"
ctest --preset release -j"$jobs"
# Smoke runs: every benchmark starts, checks its own answers, and finishes (figures: docs/performance.md, docs/scaling.md).
# A benchmark that finds a wrong answer skips itself with an error and the run still exits
# 0, so the output is searched for Google Benchmark's "ERROR OCCURRED" too.
smoke() {
  local out
  out="$("$@" 2>&1)" || { echo "${out}" >&2; return 1; }
  if grep -q "ERROR OCCURRED" <<<"${out}"; then echo "${out}" >&2; return 1; fi
}
smoke build/release/bench/pool_bench --benchmark_min_time=0.01
smoke build/release/bench/broadphase_bench --benchmark_min_time=0.01 --benchmark_filter='/64$'
smoke build/release/bench/tick_bench --benchmark_min_time=0.01 \
  --benchmark_filter='bound/copy/1000$|tick/(game|exact)/1000/1000/|pass1/(objects|columns)/1000$'
xvfb-run -a -s "-screen 0 1280x720x24" build/release/bench/render_bench 1 >/dev/null

echo "== Fuzzing the pool =="
scripts/fuzz.sh 20
echo "test: all passed"
