#!/usr/bin/env bash
# Builds the pool's libFuzzer target with clang (plus ASan and UBSan) and runs it
# for a fixed time on a copy of the starting corpus in tests/fuzz/corpus. A broken
# invariant or a sanitizer report fails the script and leaves the input in build/fuzz/.
# Usage: scripts/fuzz.sh [seconds, default 20]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
out=build/fuzz
mkdir -p "$out/corpus"
cp -n tests/fuzz/corpus/* "$out/corpus/" 2>/dev/null || true
clang++ -std=c++20 -O1 -g -ffp-contract=off -fsanitize=fuzzer,address,undefined \
  -fno-sanitize-recover=all -Isrc tests/fuzz/pool_fuzz.cpp -o "$out/pool_fuzz"
if ! "$out/pool_fuzz" -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$out/" \
  "$out/corpus" >"$out/log.txt" 2>&1; then
  tail -n 40 "$out/log.txt"
  echo "fuzz: FAILED (input saved under $out/)"
  exit 1
fi
grep -E "^stat::(number_of_executed_units|average_exec_per_sec)" "$out/log.txt"
echo "fuzz: ${seconds}s, no invariant broken"
