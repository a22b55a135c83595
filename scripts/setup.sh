#!/usr/bin/env bash
# Installs the Debian 12 packages Flatline needs, only those missing.
# Runs apt-get as root, or through sudo. Safe to run again: a no-op when all are present.
set -euo pipefail

packages=(
  g++ cmake pkg-config python3        # toolchain
  libgtest-dev libbenchmark-dev       # tests and benchmarks
  libglfw3-dev libglm-dev             # window/input, maths
  libimgui-dev libstb-dev             # overlay (libimgui.a needs stb), PNG writing
  python3-glad                        # generates the GL 3.3 loader at configure time
  libopenal-dev libsndfile1-dev       # sound: OpenAL Soft voices, sound files read
  libtinygltf-dev nlohmann-json3-dev  # the level: glTF 2.0 (tiny_gltf.h includes nlohmann/json)
  libboost-dev libplf-colony-dev      # benchmark anchors (boost::object_pool, plf::colony)
  xvfb xauth libgl1-mesa-dri          # headless GL: Xvfb + Mesa llvmpipe
  libx11-dev                          # a test resizes the game's window through Xlib
  clang libclang-rt-14-dev            # the libFuzzer targets (scripts/fuzz.sh)
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} packages present"
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  as_root=(sudo)
else
  echo "setup: missing packages (${missing[*]}) and neither root nor sudo to install them" >&2
  exit 1
fi
echo "setup: installing ${missing[*]}"
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
  "${missing[@]}"
