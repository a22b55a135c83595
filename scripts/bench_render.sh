#!/usr/bin/env bash
# Measures the broad phase and the renderer at scale and writes the results, with the
# machine description and the exact command, to docs/lab/perf/render_broadphase.md:
#   lab/bench/broadphase_bench.cpp  brute force vs StaticGrid, ns per 5 m bullet segment, pinned to
#                               one core, interleaved repetitions, medians and speed-ups;
#   bench/render_bench.cpp      instanced vs one draw per cube and the instance-buffer upload
#                               strategies, under xvfb-run when there is no DISPLAY.
# Only the ratios mean something on a shared machine; absolute times drift from run to run.
# Also writes <build>/readme_broadphase.md and readme_render.md, the tables scripts/bench.sh
# puts into docs/lab/scaling.md.
#
# Usage: scripts/bench_render.sh
# Env:   BUILD_DIR (default build/release), REPETITIONS (broad phase, default 5),
#        MIN_TIME (seconds per broad-phase repetition, default 0.1),
#        FRAMES (measured render frames per configuration, default 9)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${BUILD_DIR:-${root}/build/release}"
out="${root}/docs/lab/perf/render_broadphase.md"
json="${build}/broadphase_bench.json"
render_txt="${build}/render_bench.txt"
# The exact command, with the environment overrides that were set.
command_line="scripts/bench_render.sh"
for var in FRAMES MIN_TIME REPETITIONS BUILD_DIR; do
  if [ -n "${!var:-}" ]; then command_line="${var}=${!var} ${command_line}"; fi
done

"${root}/scripts/setup.sh" >/dev/null
# The same options as the release preset: Release, game (GL libraries) and benchmarks on.
cmake -S "${root}" -B "${build}" -DCMAKE_BUILD_TYPE=Release -DFLATLINE_BUILD_GAME=ON \
  -DFLATLINE_BUILD_BENCH=ON >/dev/null
cmake --build "${build}" --target broadphase_bench render_bench -j2 >/dev/null

pin=()
if command -v taskset >/dev/null && taskset -c 0 true 2>/dev/null; then pin=(taskset -c 0); fi
echo "broadphase_bench ..." >&2
"${pin[@]}" "${build}/lab/bench/broadphase_bench" \
  --benchmark_repetitions="${REPETITIONS:-5}" \
  --benchmark_enable_random_interleaving=true \
  --benchmark_report_aggregates_only=true \
  --benchmark_min_time="${MIN_TIME:-0.1}" \
  --benchmark_out="${json}" --benchmark_out_format=json >/dev/null

echo "render_bench ..." >&2
xvfb=()
if [ -z "${DISPLAY:-}" ]; then xvfb=(xvfb-run -a -s "-screen 0 1280x720x24"); fi
"${xvfb[@]}" "${build}/bench/render_bench" "${FRAMES:-9}" >"${render_txt}"

mkdir -p "$(dirname "${out}")"
python3 - "${json}" "${render_txt}" "${out}" "${command_line}" <<'EOF'
import json
import os
import re
import subprocess
import sys
import time

json_path, render_path, out_path, command_line = sys.argv[1:5]
with open(json_path) as f:
    data = json.load(f)
render = open(render_path).read()

median = {}  # (kind, boxes) -> the median run's entry
for b in data["benchmarks"]:
    if b.get("aggregate_name") == "median":
        kind, boxes = b["run_name"].split("/")
        median[(kind, int(boxes))] = b
counts = sorted({n for _, n in median})
reps = data["benchmarks"][0].get("repetitions", "?")

def ns(kind, n):
    return median[(kind, n)]["per_bullet"] * 1e9

lscpu = subprocess.run(["lscpu"], capture_output=True, text=True).stdout
model = re.search(r"Model name:\s*(.+)", lscpu)
renderer = re.search(r"GL_RENDERER: (.+)", render)
version = re.search(r"GL_VERSION: (.+)", render)
lines = [
    "# Broad phase and rendering at scale",
    "",
    f"Produced by `{command_line}` on {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}.",
    "",
    f"- CPU: {model.group(1).strip() if model else '?'}, {os.cpu_count()} cores "
    "(shared with other jobs: trust ratios within one run, not absolute times)",
    f"- GL: {renderer.group(1) if renderer else '?'}, {version.group(1) if version else '?'}",
    "",
    "## Broad phase: first hit of a 5 m bullet segment (`lab/bench/broadphase_bench.cpp`)",
    "",
    f"Random boxes (0.4-2 m) in a 60 x 60 x 6 m arena, 8192 random bullet segments of 5 m "
    f"(radius 0.03 m), seeded. ns per bullet, median of {reps} interleaved repetitions, "
    "pinned to core 0 (`taskset -c 0`); the speed-up is brute force / grid in the same run. "
    "Every grid was checked against brute force on all 8192 first hits (box and t) before "
    "timing. Rebuild: one StaticGrid::rebuild in place (fitted cells, no allocation), the "
    "per-tick cost if the boxes move; per bullet when 10^4 bullets share a tick. Clearance: "
    "the game's bullet broad phase (lab/accel/clearance_grid.hpp, 2 x 0.5 x 2 m cells) over "
    "the same boxes, for geometry that does not move (or moves within bounds known at load): "
    "free boxes built at load prove a share of segments clear (last column), the rest test "
    "the boxes near their cell.",
    "",
    "| boxes | brute force | grid, 8 m cells (the arena's) | speed-up | grid, fitted cells (four boxes a column, 2.5-5 m) | "
    "speed-up | grid, 2.5 m columns | speed-up | rebuild us | rebuild per bullet at 10^4 | "
    "clearance grid | speed-up | proven clear |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
]
GRIDS = ("grid", "grid_fit", "grid_step")  # StaticGrid at three cell sizes
for n in counts:
    brute, grid, fit, step = (ns(k, n) for k in ("brute",) + GRIDS)
    rebuild = median[("rebuild", n)]["cpu_time"]  # microseconds
    cell = median[("grid_fit", n)]["cell_m"]
    clear = ns("clearance", n)
    lines.append(f"| {n} | {brute:.0f} | {grid:.1f} | {brute / grid:.1f}x | {fit:.1f} "
                 f"({cell:.1f} m) | {brute / fit:.1f}x | {step:.1f} | {brute / step:.1f}x | "
                 f"{rebuild:.1f} | {rebuild * 1e3 / 1e4:.2f} ns "
                 f"| {clear:.1f} | {brute / clear:.1f}x | {median[('clearance', n)]['clear_frac']:.0%} |")
lines += ["", "| target | moving boxes (StaticGrid) | static boxes (best of all) | met |",
          "|---|---|---|---|"]
for n, goal in [(64, 20), (1024, 100)]:
    if ("brute", n) in median:
        grids = max(ns("brute", n) / ns(k, n) for k in GRIDS)
        best = max(grids, ns("brute", n) / ns("clearance", n))
        met = "yes" if grids >= goal else ("static boxes only" if best >= goal else "NO")
        lines.append(f"| >= {goal}x at {n} boxes | {grids:.1f}x | {best:.1f}x | {met} |")
lines += [
    "",
    "## Rendering on the render layer (`bench/render_bench.cpp`)",
    "",
    "N unit cubes, all inside the view (checked), the game's shaders and 64-byte instance "
    "records, hidden 1280x720 window under Xvfb. Every frame rewrites every instance, uploads "
    "it and draws; frame = start to glFinish, submit = start until the last GL call returns "
    "(before glFinish). On llvmpipe the vertex shader and triangle binning run inside the draw "
    "calls, so submit includes that work, not only the API cost.",
    "",
]
body = render.split("\n", 2)[2] if render.count("\n") >= 2 else render
lines.append(body.strip())
lines += [
    "",
    "## Reading these numbers",
    "",
    "- Broad phase: the grid's cost follows the boxes near the segment, not the total. Its "
    "cells are columns (x and z: the arena is wide and flat), each holding its boxes as a "
    "structure of arrays in blocks of four, so one run of lane-wise instructions tests four "
    "boxes exactly (the same IEEE operations as segment_vs_aabb: the t is bit-identical, and "
    "the scalar test runs once per query, for the winner's normal). A segment whose bounds "
    "cover up to ~16 blocks scans them; a longer one walks the columns in the order it "
    "enters them (a 2D DDA, widened by the bullet radius) and stops once the next column is "
    "entered after the best hit. Where boxes are sparse, an occupancy table (box counts over "
    "squares a quarter cell wide, as a summed-area table) first answers \"no box near\" in four "
    "loads. Segments with non-finite or huge coordinates go to brute force. Fitted cells "
    "(bench: fitted_cell) hold about four boxes a column (one block), between half a bullet "
    "step and a step wide (2.5-5 m). What is left at 64 boxes is per query, not per box: "
    "~195 instructions, against 64 x ~5 ns of brute force.",
    "- Rendering on llvmpipe: vertex shading and binning run on the CPU inside the draw calls "
    "and dominate both columns, so instancing only removes the per-call API cost "
    "(~1 us per draw here). Frame time is not monotonic in the cube count on llvmpipe, and the "
    "ratio at a given count moves by ~0.1x between runs on this shared machine.",
    "- Uploads are under 1% of an llvmpipe frame, so the strategies tie on frame time within "
    "noise; the write+upload column shows the difference: mapping writes the instances straight "
    "into GL's memory (one copy fewer than glBufferSubData from a staging array), and orphaning "
    "adds a storage re-specification per frame.",
    "- The most cubes within a 60 Hz frame: the scan stops at the first count (in steps of "
    "1,000) whose median frame passes 16.7 ms, one instanced draw; on llvmpipe the CPU's vertex "
    "shading and binning of the cubes set it, not the number of draw calls.",
]
text = "\n".join(lines) + "\n"
with open(out_path, "w") as f:
    f.write(text)
print(text, end="")

# ---- docs/lab/scaling.md's blocks (scripts/bench.sh puts them between the "bench-broadphase" and
# "bench-render" markers): the headline tables, with when, where and the command.
build = os.path.dirname(json_path)
made = (f"Made by `{command_line}` on {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}: "
        f"{model.group(1).strip() if model else '?'}, {os.cpu_count()} cores")
broad = [f"{made}, pinned to one core; ns per 5 m segment, medians of {reps} interleaved "
         "repetitions, every grid checked against brute force on all 8192 first hits first.", "",
         "| boxes | brute force | grid (best of 8 m, fitted and 2.5 m cells) | speed-up | clearance grid "
         "(static boxes) | speed-up |", "|---|---|---|---|---|---|"]
for n in counts:
    brute = ns("brute", n)
    grid = min(ns(k, n) for k in GRIDS)
    clear = ns("clearance", n)
    broad.append(f"| {n} | {brute:.0f} | {grid:.1f} | {brute / grid:.1f}x | {clear:.1f} | "
                 f"{brute / clear:.1f}x |")
start = next(i for i, l in enumerate(lines) if l.startswith("| target |"))
end = lines.index("", start) if "" in lines[start:] else len(lines)
broad += [""] + lines[start:end]  # the targets table, as in the full report
with open(os.path.join(build, "readme_broadphase.md"), "w") as f:
    f.write("\n".join(broad) + "\n")
speed = re.search(r"(\| cubes \| frame ms, instanced .*?)(?:\n\n|\Z)", render, re.S)
gl = f"{renderer.group(1) if renderer else '?'}, {version.group(1) if version else '?'}"
with open(os.path.join(build, "readme_render.md"), "w") as f:
    f.write(f"{made}; {gl}, under Xvfb.\n\n" + (speed.group(1).strip() if speed else
            "(render_bench printed no instanced table)") + "\n")
EOF
echo "(written: ${out}; raw: ${json}, ${render_txt})" >&2
