#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (plus ASan and UBSan) and runs each on a copy of
# its starting corpus in tests/fuzz/corpus/<target>/, sharing the time given between them
# (the pool two parts of it, each reader one part):
#   pool     the pool against a reference model (tests/fuzz/pool_fuzz.cpp)
#   replay   the recording reader, any bytes (tests/fuzz/replay_fuzz.cpp)
#   options  the command-line parser, any arguments (tests/fuzz/options_fuzz.cpp)
#   level    the level loader, any bytes as arena.gltf (tests/fuzz/level_fuzz.cpp)
# A broken invariant or a sanitizer report fails the script and leaves the input in
# build/fuzz/<target>/. Usage: scripts/fuzz.sh [seconds in all, default 20] [target...]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(pool replay options level)
out=build/fuzz

sources() {
  case "$1" in
    pool) echo tests/fuzz/pool_fuzz.cpp ;;
    replay) echo tests/fuzz/replay_fuzz.cpp src/app/replay_format.cpp ;;
    # WorldConfig's default arena is builtin_arena_layout(): sim/arena.cpp and what it links.
    options) echo tests/fuzz/options_fuzz.cpp src/app/options.cpp src/app/options_lessons.cpp src/app/settings_from.cpp src/sim/arena.cpp \
      src/physics/collision.cpp src/physics/triangles.cpp src/physics/bvh.cpp \
      src/physics/swept_sphere.cpp src/physics/closest_points.cpp src/physics/triangle_soup.cpp ;;
    # The loader with tinygltf's shared library, the tiny level's files, and the lab's broad
    # phase (--kernel fast builds it at load) built from what loads.
    level) echo tests/fuzz/level_fuzz.cpp tests/assets/tiny_level.cpp src/assets/level.cpp \
      src/assets/gltf_images.cpp src/assets/gltf_json.cpp src/assets/gltf_meshes.cpp \
      src/assets/gltf_nodes.cpp src/sim/arena.cpp lab/accel/static_grid.cpp \
      src/physics/collision.cpp src/physics/triangles.cpp src/physics/bvh.cpp \
      src/physics/swept_sphere.cpp src/physics/closest_points.cpp src/physics/triangle_soup.cpp ;;
    *) echo "fuzz: unknown target '$1' (pool, replay, options, level)" >&2; return 1 ;;
  esac
}
# What a target needs beyond the C++ library: the test folder's headers, libraries to link.
extra() { if [ "$1" = level ]; then echo -I. -Itests "$(pkg-config --cflags stb)" -ltinygltf -lstb; fi; }
weight() { if [ "$1" = pool ]; then echo 2; else echo 1; fi; }

# Build every target first, two at a time (CI has two cores).
build() {
  local srcs flags
  srcs=$(sources "$1")
  flags=$(extra "$1")
  mkdir -p "$out/$1"
  # shellcheck disable=SC2086
  clang++ -std=c++20 -O1 -g -ffp-contract=off -Wall -Wextra -Wpedantic -Wshadow -Werror \
    -fsanitize=fuzzer,address,undefined \
    -fno-sanitize-recover=all -Isrc $srcs $flags -o "$out/$1/$1_fuzz"
}
pids=()
for t in "${targets[@]}"; do
  sources "$t" >/dev/null
  if [ ${#pids[@]} -ge 2 ]; then wait "${pids[0]}"; pids=("${pids[@]:1}"); fi
  build "$t" &
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid"; done

total_weight=0
for t in "${targets[@]}"; do total_weight=$((total_weight + $(weight "$t"))); done
for t in "${targets[@]}"; do
  share=$((seconds * $(weight "$t") / total_weight))
  [ "$share" -ge 1 ] || share=1
  dir="$out/$t"
  mkdir -p "$dir/corpus"
  cp -n tests/fuzz/corpus/"$t"/* "$dir/corpus/" 2>/dev/null || true
  dict=()
  [ -f "tests/fuzz/$t.dict" ] && dict=(-dict="tests/fuzz/$t.dict")
  if ! "$dir/${t}_fuzz" -max_total_time="$share" -timeout=60 -print_final_stats=1 \
    -artifact_prefix="$dir/" "${dict[@]}" "$dir/corpus" >"$dir/log.txt" 2>&1; then
    tail -n 40 "$dir/log.txt"
    echo "fuzz: $t FAILED (input saved under $dir/)"
    exit 1
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$dir/log.txt")
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$dir/log.txt")
  cov=$(grep -oE 'cov: [0-9]+' "$dir/log.txt" | tail -n 1)
  echo "fuzz: $t ${share}s, ${runs} runs (${rate}/s), ${cov}, no invariant broken"
done
