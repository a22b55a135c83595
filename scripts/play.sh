#!/usr/bin/env bash
# The play command (README): installs what is missing, builds Release, and plays.
#   With a display: opens the game window (extra arguments go to flatline).
#   Without one (a server, a container): plays 600 frames of autofire in a hidden
#   window under Xvfb and writes a screenshot and the stats file, saying where.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake --preset release >/dev/null
cmake --build --preset release -j"$(nproc)" --target flatline
exe=build/release/flatline

if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
  exec "$exe" "$@"
fi
out=build/play
mkdir -p "$out"
echo "play: no display here, so Flatline plays itself for 600 frames under Xvfb"
xvfb-run -a -s "-screen 0 1280x720x24" "$exe" --frames 600 --autofire --hidden \
  --screenshot "$out/screenshot.png" --stats "$out/stats.json" "$@"
echo "play: screenshot in $out/screenshot.png, statistics in $out/stats.json"
