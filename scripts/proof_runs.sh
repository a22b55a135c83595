#!/usr/bin/env bash
# The play command's proof, run several times (its last frame falls wherever the wall
# clock puts it): flatline --frames 600 --autofire --hidden --seed 7 --overlay compact
# --screenshot --stats, under Xvfb. Prints one line per run (ticks, targets broken, damage
# numbers readable on the last frame, draw calls, heap, frame times) and a tally; keeps
# the screenshots in the output folder to look at.
# Usage: scripts/proof_runs.sh [runs] [out_dir]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-8}
out=${2:-build/proof_runs}
exe=build/release/flatline
[[ -x $exe ]] || { cmake --preset release >/dev/null && cmake --build --preset release --target flatline; }
mkdir -p "$out"
for ((i = 1; i <= runs; ++i)); do
  rm -f "$out/s$i.json"
  xvfb-run -a -s "-screen 0 1280x720x24" "$exe" --frames 600 --autofire --hidden --seed 7 \
    --overlay compact --screenshot "$out/s$i.png" --stats "$out/s$i.json" >"$out/s$i.log" 2>&1 ||
    echo "run $i failed: $out/s$i.log"
done
python3 - "$out" "$runs" <<'PY'
import json, sys
out, runs = sys.argv[1], int(sys.argv[2])
shown = 0
for i in range(1, runs + 1):
    try:
        d = json.load(open(f"{out}/s{i}.json"))
    except OSError:
        continue  # the run failed: said above, and not counted as shown
    numbers = d["overlay"]["damage_numbers_on_screen"]
    shown += numbers > 0
    r, f = d["render"], d["frame_ms"]
    print(f"run {i}: ticks {d['ticks']}, targets broken {d['world']['targets_broken']}, "
          f"damage numbers on screen {numbers}, bullet draw calls {r['bullet_draw_calls_per_frame']}, "
          f"shadow map {r['shadow_map_size']}, heap after warm-up "
          f"{d['heap']['allocations_after_warmup']}, buffer reallocations "
          f"{r['buffer_reallocations_after_warmup']}, frame median {f['median']:.1f} ms, "
          f"p99 {f['p99']:.1f}, first shot {f['first_shot']:.1f}")
print(f"a readable damage number on the last frame in {shown} of {runs} runs "
      f"(screenshots in {out})")
PY
