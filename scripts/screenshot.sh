#!/usr/bin/env bash
# Makes the README's and the docs' pictures: real play (the autofire script), rendered by
# the Release build in a hidden window under Xvfb, deterministic frames (--fixed-dt), so
# two runs give the same pixels. Two sets:
#   views    one picture per view of the overlay: compact.png (the default, the README's),
#            play.png (the play command's own picture, below),
#            full.png (every panel), and one per teaching panel (--overlay <panel>)
#   lessons  one picture per teaching switch, by its flag: lesson-<name>.png, at a frame
#            where the switch shows (docs/concepts.md says what to look for in each)
# Drawn with FXAA and soft shadows, as auto draws on a GPU: a still costs nothing, and under Xvfb auto
# picks none.
# Usage: scripts/screenshot.sh [out_dir] [views|lessons|all]
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-docs/screenshots}
which=${2:-all}
flatline=${FLATLINE:-build/release/flatline}

# name | frames | flags: one line per picture. A new flag's lesson is one more line.
# no-clear-on-reuse: frame 82 is the tick after the second tracer round took the first one's
# slot: its streak still runs back to where the first tracer ended (up, left, at the far wall).
# full-visual-cap: at frame 82 a burst is in flight, most of it drawn as the fallback.
views=(
  "compact|300|--overlay compact"
  "full|300|--overlay full"
  "pools|300|--overlay pools"
  "heap|300|--overlay heap"
  "frame|300|--overlay frame"
  "little|300|--overlay little"
  "controls|300|--overlay controls"
  "lessons|300|--overlay lessons"
  "slots|300|--overlay slots"
  "settings|300|--overlay settings"
)
lessons=(
  "no-pooling|300|--no-pooling --overlay heap"
  "no-instancing|300|--no-instancing --overlay frame"
  "no-reset|288|--no-reset"
  "no-clear-on-reuse|82|--no-clear-on-reuse"
  "discrete|300|--discrete --overlay lessons"
  "no-warmup|75|--no-warmup"
  "no-instance-ring|300|--no-instance-ring --overlay frame"
  "tick-hz-20|300|--tick-hz 20 --overlay controls"
  "full-visual-cap|82|--full-visual-cap 4 --overlay lessons"
  "bullets-32-drop|300|--pool-size 32 --overflow drop --overlay pools"
  "bullets-32-recycle|300|--pool-size 32 --overflow recycle-oldest --overlay pools"
  "bullets-32-grow|300|--pool-size 32 --overflow grow --overlay pools"
  "double-release|300|--lesson double-release --overlay lessons"
  "stale-handle|300|--lesson stale-handle --overlay lessons"
  "seeker|300|--lesson seeker"
  "no-interpolation|300|--no-interpolation --tick-hz 20"
)

if [[ -z ${FLATLINE:-} ]]; then
  scripts/setup.sh
  cmake --preset release >/dev/null
  cmake --build --preset release -j"$(nproc)" --target flatline
fi
mkdir -p "$out"
usage=$("$flatline" --help 2>&1 || true)

known() {  # true when every flag in the words given is in this build's usage
  local word
  for word in "$@"; do
    if [[ $word == --* ]] && ! grep -q -- "$word" <<<"$usage"; then return 1; fi
  done
}

shoot() {  # name frames flags...
  local name=$1 frames=$2 png="$out/$1.png"
  shift 2
  xvfb-run -a -s "-screen 0 1280x720x24" "$flatline" --frames "$frames" --autofire \
    --hidden --fixed-dt --aa fxaa --soft-shadows "$@" --screenshot "$png" >/dev/null
  echo "screenshot: $png"
}

run_set() {  # prefix lines...
  local prefix=$1 line name frames flags
  shift
  for line in "$@"; do
    IFS='|' read -r name frames flags <<<"$line"
    # shellcheck disable=SC2086  # the flags are words on purpose
    if ! known $flags; then
      echo "skipped: $prefix$name ($flags: not in this build)"
      continue
    fi
    # shellcheck disable=SC2086
    shoot "$prefix$name" "$frames" $flags
  done
}

# play.png: the play command as it draws here (scripts/play.sh's flags: no --aa, no
# --soft-shadows, so auto picks what this machine affords), frames fixed so the picture
# repeats; at frame 594 a tracer round flies past the sphere just thrown, the ring of
# spheres rests on the floor and a broken target's debris lies before the glass.
play_shot() {
  xvfb-run -a -s "-screen 0 1280x720x24" "$flatline" --frames 594 --autofire --hidden \
    --fixed-dt --screenshot "$out/play.png" >/dev/null
  echo "screenshot: $out/play.png"
}

if [[ $which == views || $which == all ]]; then run_set "" "${views[@]}" && play_shot; fi
if [[ $which == lessons || $which == all ]]; then run_set "lesson-" "${lessons[@]}"; fi
