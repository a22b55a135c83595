#!/usr/bin/env bash
# Makes the README's pictures: real play (the autofire script), rendered by the Release
# build in a hidden window under Xvfb, deterministic frames (--fixed-dt). One picture per
# view of the overlay: compact.png (the default, the README's), full.png (every panel), and
# one per teaching panel (--overlay <panel>: the strip and that panel beside it). Drawn with
# FXAA, as --aa auto draws on a GPU: a still costs nothing, and under Xvfb auto picks none.
# Usage: scripts/screenshot.sh [out_dir] [frames]
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-docs/screenshots}
frames=${2:-300}
views=(compact full pools heap frame little controls lessons slots settings)
scripts/setup.sh
cmake --preset release >/dev/null
cmake --build --preset release -j"$(nproc)" --target flatline
mkdir -p "$out"
for view in "${views[@]}"; do
  xvfb-run -a -s "-screen 0 1280x720x24" build/release/flatline --frames "$frames" --autofire \
    --hidden --fixed-dt --aa fxaa --overlay "$view" --screenshot "$out/$view.png" >/dev/null
  echo "screenshot: $out/$view.png"
done
