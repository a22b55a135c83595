#!/usr/bin/env bash
# The test command (README, and what CI runs through .ci/run):
# installs missing packages, builds, and runs every test twice:
#   1. Debug with AddressSanitizer + UndefinedBehaviorSanitizer (leak checks on,
#      except in the GL test executables: Mesa's driver leaks by itself),
#   2. Release, which is what players run, plus a short smoke run of the benchmarks;
# then checks that a Clang build plays the same game (state hash) and fuzzes the pool, the
# recording reader and the command line for 16 s in all (with their three builds, about the
# 25 s that the pool's target alone took for 20 s); and last, plays the game in a browser.
# Warnings are errors here.
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
# Smoke runs: every benchmark starts, checks its own answers, and finishes (figures: docs/lab/).
# A benchmark that finds a wrong answer skips itself with an error and the run still exits
# 0, so the output is searched for Google Benchmark's "ERROR OCCURRED" too.
smoke() {
  local out
  out="$("$@" 2>&1)" || { echo "${out}" >&2; return 1; }
  if grep -q "ERROR OCCURRED" <<<"${out}"; then echo "${out}" >&2; return 1; fi
}
smoke build/release/bench/pool_bench --benchmark_min_time=0.01
smoke build/release/bench/physics_bench --benchmark_min_time=0.01 --benchmark_filter='/1$'
smoke build/release/bench/pool_grow_bench --benchmark_min_time=0.01 --benchmark_filter='/25000$'
smoke build/release/lab/bench/broadphase_bench --benchmark_min_time=0.01 --benchmark_filter='/64$'
smoke build/release/lab/bench/tick_bench --benchmark_min_time=0.01 \
  --benchmark_filter='bound/copy/1000$|tick/(fast|scalar)/1000/1000/|pass1/(objects|columns)/1000$'
xvfb-run -a -s "-screen 0 1280x720x24" build/release/bench/render_bench 1 >/dev/null

echo "== GCC and Clang, scalar and fast kernels: one game =="
# The simulation is deterministic across compilers only if it leaves them no choice (one
# random draw per statement, -ffp-contract=off): the game alone, built with Clang 14. And the
# lab's fast kernel (--kernel fast) must play the game's scalar bullet tick bit for bit.
CC=clang-14 CXX=clang++-14 cmake -S . -B build/clang -DCMAKE_BUILD_TYPE=Release \
  -DFLATLINE_BUILD_BENCH=OFF -DFLATLINE_BUILD_TESTS=OFF >/dev/null
cmake --build build/clang -j"$jobs" --target flatline >/dev/null
state_hash() {
  "$1" --no-window --frames 3600 --autofire --seed 7 --kernel "$2" --stats "build/$3.json" >/dev/null
  python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["state_hash"])' "build/$3.json"
}
hashes=()
for compiler in release clang; do
  for kernel in scalar fast; do
    hashes+=("$(state_hash "build/${compiler}/flatline" "${kernel}" "hash_${compiler}_${kernel}")")
    echo "state_hash after 3600 ticks, seed 7, ${compiler} build, ${kernel} kernel: ${hashes[-1]}"
  done
done
if [ "$(printf '%s\n' "${hashes[@]}" | sort -u | wc -l)" != 1 ]; then
  echo "test: the builds or the kernels simulate differently" >&2
  exit 1
fi

echo "== Fuzzing the pool and the readers =="
scripts/fuzz.sh 16
echo "== Browser: the game on WebGL 2 in headless Chromium =="
# scripts/web.sh --test installs Emscripten and Chromium, builds the game to WebAssembly and
# plays ?autofire&frames=300&seed=7; where it cannot be set up (exit 3) the stage is skipped.
web_start=${SECONDS}
web_status=0
scripts/web.sh --test || web_status=$?
if [ "${web_status}" -eq 3 ]; then
  echo "test: browser stage skipped (see the line above)"
elif [ "${web_status}" -ne 0 ]; then
  exit 1
else
  echo "test: browser stage passed in $((SECONDS - web_start)) s"
fi
echo "test: all passed"
