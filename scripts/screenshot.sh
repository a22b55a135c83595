#!/usr/bin/env bash
# Makes the README's screenshot: real play (the autofire script), rendered by the
# Release build in a hidden window under Xvfb, deterministic frames (--fixed-dt).
# Usage: scripts/screenshot.sh [out.png] [frames]
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-docs/screenshot.png}
frames=${2:-250}
scripts/setup.sh
cmake --preset release >/dev/null
cmake --build --preset release -j"$(nproc)" --target flatline
mkdir -p "$(dirname "$out")"
xvfb-run -a -s "-screen 0 1280x720x24" build/release/flatline --frames "$frames" --autofire \
  --hidden --fixed-dt --screenshot "$out"
echo "screenshot: $out"
