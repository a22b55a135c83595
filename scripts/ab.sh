#!/usr/bin/env bash
# Same-seed A/B of every teaching switch (scripts/ab.py): builds the Release game, plays
# each row headless and windowed under Xvfb, puts the table into docs/ab.md (between its
# "ab" markers) and writes docs/ab/*.png. Takes about 3 minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh >/dev/null
cmake --preset release >/dev/null
cmake --build --preset release -j"$(nproc)" --target flatline >/dev/null
python3 scripts/ab.py --flatline build/release/flatline "$@"
