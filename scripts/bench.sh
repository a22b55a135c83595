#!/usr/bin/env bash
# The whole benchmark suite in one command: the pool against the other implementations
# (scripts/bench_pool.sh), the bullet tick against the bandwidth bound with its plot
# (scripts/bench_scale.sh), the broad phase and rendering (scripts/bench_render.sh). Each
# writes its full report (docs/lab/perf/*.md, docs/lab/perf/tick_scaling.png) and a headline
# table, which this puts between markers in the lab page that discusses it
# (scripts/readme_block.py finds the file): "bench-pool" in docs/lab/pool_measurements.md;
# "bench-scale", "bench-broadphase" and "bench-render" in docs/lab/scaling.md; each table with
# its date, machine and command. scripts/bench_pool_features.sh fills
# docs/lab/pool_measurements.md's "bench-pool-features" block
# (what each guarantee costs) itself; docs/ab.md's A/B table comes from scripts/ab.sh. About 6
# minutes on 2 shared cores once built (the first run builds Release in build/release and
# build/scale).
#
# Usage: scripts/bench.sh
# Env:   passed on to the scripts (REPETITIONS, REPS, MIN_TIME, FRAMES, BASELINE: see each)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "${root}"

scripts/setup.sh >/dev/null
scripts/bench_pool.sh >/dev/null  # in build/release, the play command's build
scripts/bench_pool_features.sh >/dev/null
scripts/bench_scale.sh >/dev/null
scripts/bench_render.sh >/dev/null  # in build/release too
scripts/bench_physics.sh >/dev/null  # the level's BVH: fills docs/performance.md itself

python3 scripts/readme_block.py bench-pool build/release/pool_bench.md
python3 scripts/readme_block.py bench-scale build/scale/readme_scale.md
python3 scripts/readme_block.py bench-broadphase build/release/readme_broadphase.md
python3 scripts/readme_block.py bench-render build/release/readme_render.md
echo "bench.sh: docs/lab/pool_measurements.md, docs/lab/scaling.md and docs/lab/perf/ updated; review with: git diff docs" >&2
