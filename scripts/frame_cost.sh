#!/usr/bin/env bash
# What each render pass costs: the play command's 600 autofire frames at 1280x720 under
# Xvfb (llvmpipe here), once per configuration, in interleaved rounds (the machine is
# shared and noisy: compare within one run). Prints a Markdown table of the median over
# rounds of each run's frame-time median and p99, and the difference to the default.
# The picture's parts (tone mapping, soft shadows, fog) are priced the same way, each switched
# off alone and all three at once. The machine's load average is printed under the table.
# Usage: scripts/frame_cost.sh [rounds] [frames]     (FRAME_COST_CONFIGS: below)
# FRAME_COST_SCREENS (sizes, e.g. "1280x720 960x540") plays each configuration fullscreen on
# an Xvfb screen of each size instead: what the frame costs per pixel drawn.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
frames=${2:-600}
exe=build/release/flatline
[[ -x $exe ]] || { cmake --preset release >/dev/null && cmake --build --preset release --target flatline; }
configs=("" "--aa fxaa" "--aa msaa4" "--no-shadows" "--overlay off" "--overlay full" \
         "--no-instance-ring" "--no-shadows --aa off --overlay off" \
         "--no-tone-mapping" "--soft-shadows" "--no-fog" \
         "--no-tone-mapping --no-soft-shadows --no-fog")
# FRAME_COST_CONFIGS (one configuration a line; an empty line is the default) prices only
# those, e.g. the picture's parts on a busy machine. The first line is the one compared to.
if [[ -n ${FRAME_COST_CONFIGS:-} ]]; then mapfile -t configs <<<"$FRAME_COST_CONFIGS"; fi
if [[ -n ${FRAME_COST_SCREENS:-} ]]; then
  read -r -a screens <<<"$FRAME_COST_SCREENS"
  sized=()
  for c in "${configs[@]}"; do
    for size in "${screens[@]}"; do sized+=("--fullscreen $c@$size"); done
  done
  configs=("${sized[@]}")
fi
# FRAME_COST_BEFORE (another build's flatline, e.g. from a worktree of an earlier commit)
# adds a row: that build with the first configuration's flags, in the same rounds, so a
# change is priced side by side with what it replaces.
exes=()
for _ in "${configs[@]}"; do exes+=("$exe"); done
if [[ -n ${FRAME_COST_BEFORE:-} ]]; then
  if [[ ! -x $FRAME_COST_BEFORE ]]; then
    echo "frame_cost: FRAME_COST_BEFORE: no such program: $FRAME_COST_BEFORE" >&2
    exit 2
  fi
  configs+=("${configs[0]}")
  exes+=("$FRAME_COST_BEFORE")
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for ((r = 0; r < rounds; ++r)); do
  for i in "${!configs[@]}"; do
    flags=${configs[$i]%@*} size=1280x720
    [[ ${configs[$i]} == *@* ]] && size=${configs[$i]##*@}
    # shellcheck disable=SC2086
    xvfb-run -a -s "-screen 0 ${size}x24" "${exes[$i]}" --hidden --frames "$frames" --autofire \
      --seed 7 --stats "$tmp/$i.$r.json" $flags >/dev/null 2>&1
  done
done
python3 - "$tmp" "$rounds" "${FRAME_COST_BEFORE:-}" "${configs[@]}" <<'PY'
import json, statistics, sys
tmp, rounds, before, configs = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
def stat(i, key):
    return statistics.median(json.load(open(f"{tmp}/{i}.{r}.json"))["frame_ms"][key]
                             for r in range(rounds))
base = stat(0, "median")
first = json.load(open(f"{tmp}/0.0.json"))["render"]
print(f"GL_RENDERER: {first['gl_renderer']}; --aa auto chose {first['antialiasing']}\n")
print("| configuration | frame median, ms | p99, ms | median vs default |")
print("|---|---|---|---|")
for i, c in enumerate(configs):
    m = stat(i, "median")
    name = (c.replace("@", " on ") if "@" in c else c).strip()
    name = name or 'default (shadows, --aa auto, compact overlay)'
    if before and i == len(configs) - 1:
        name = f"before: `{before}`, {name}"
    print(f"| {name} | {m:.1f} | {stat(i, 'p99'):.1f} | {m - base:+.1f} |")
print(f"\nLoad average (1 min) at the end: {open('/proc/loadavg').read().split()[0]} "
      f"on {__import__('os').cpu_count()} CPUs: above that, other work shared the machine.")
PY
