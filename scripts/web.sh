#!/usr/bin/env bash
# Flatline in the browser: the same C++ game compiled to WebAssembly (WebGL 2, Web Audio).
#   scripts/web.sh           set up, build into build/web/, serve it on localhost (Ctrl-C ends)
#   scripts/web.sh --build   set up and build only
#   scripts/web.sh --test    set up (with Chromium), build, serve, and play
#                            ?autofire&frames=300&seed=7 in headless Chromium: checks the
#                            page's stats, saves build/web/test/screenshot.png; exit 0 if good
# Everything comes from Debian 12: emscripten, chromium, and Dear ImGui's sources through
# `apt-get source imgui` (a deb-src line is added if there is none). The native build is
# untouched. The page's URL takes ?autofire&frames=N&seed=S&overlay=VIEW (web/index.html).
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:-serve}"
case "${mode}" in serve | --build | --test) ;; *)
  echo "usage: scripts/web.sh [--build | --test]" >&2
  exit 2
  ;;
esac
out=build/web
deps=build/web-deps
port="${FLATLINE_WEB_PORT:-8431}"

# What cannot be set up here (no root, no network to Debian's mirror) ends the script with
# exit code 3 and one line: scripts/test.sh then skips its browser stage.
skip() {
  echo "web: cannot run here: $*" >&2
  exit 3
}

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    skip "'$*' needs root or sudo"
  fi
}

# The packages: the native build's headers (glm, tinygltf, stb, nlohmann), Emscripten,
# dpkg-dev for `apt-get source`, and Chromium when testing.
setup() {
  scripts/setup.sh >/dev/null
  local want=(emscripten dpkg-dev) missing=()
  [ "${mode}" = --test ] && want+=(chromium)
  for p in "${want[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "web: installing ${missing[*]}"
    as_root apt-get update -qq || skip "apt-get update failed"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null ||
      skip "apt-get install ${missing[*]} failed"
  fi
  [ -f "${deps}/imgui/imgui.cpp" ] || imgui_sources
}

# Dear ImGui's sources: libimgui-dev has a native library only. Debian's source package is
# the same 1.86 with its GLFW and OpenGL 3 backends.
imgui_sources() {
  if ! grep -rqs "deb-src" /etc/apt/sources.list /etc/apt/sources.list.d/; then
    echo "web: adding a deb-src line for bookworm (for apt-get source imgui)"
    as_root tee /etc/apt/sources.list.d/flatline-deb-src.sources >/dev/null <<'SRC'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
    as_root apt-get update -qq || skip "apt-get update failed"
  fi
  rm -rf "${deps}/src" && mkdir -p "${deps}/src"
  (cd "${deps}/src" && apt-get source -qq imgui >/dev/null 2>&1) || skip "apt-get source imgui failed"
  rm -rf "${deps}/imgui" && mv "${deps}"/src/imgui-*/ "${deps}/imgui"
}

# Debian's emcc looks for its Node.js modules (acorn) beside Debian's node.
build() {
  export NODE_PATH="${NODE_PATH:-/usr/share/nodejs}"
  local launcher=()
  command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache
    -DCMAKE_C_COMPILER_LAUNCHER=ccache)
  emcmake cmake -S web -B "${out}/cmake" -DIMGUI_DIR="$(pwd)/${deps}/imgui" "${launcher[@]}" \
    >/dev/null
  cmake --build "${out}/cmake" -j"$(nproc)"
  cp "${out}"/cmake/flatline.{js,wasm,data} web/index.html "${out}/"
  echo "web: built ${out}/index.html"
}

serve() {  # $1: where the page's results go (web/server.py)
  python3 web/server.py "${out}" "${port}" "$1" &
  server=$!
  trap 'kill "${server}" 2>/dev/null || true' EXIT
  for _ in $(seq 100); do  # until it answers; 10 s at most
    python3 -c "import urllib.request,sys; urllib.request.urlopen(sys.argv[1])" \
      "http://127.0.0.1:${port}/" 2>/dev/null && return 0
    sleep 0.1
  done
  echo "web: the server on port ${port} did not start" >&2
  return 1
}

setup
build
case "${mode}" in
  --build) ;;
  serve)
    serve "${out}/results"
    echo "web: play at http://localhost:${port}/ (a demo: http://localhost:${port}/?autofire&frames=600&seed=7); Ctrl-C ends"
    wait "${server}"
    ;;
  --test)
    rm -rf "${out}/test" && mkdir -p "${out}/test"
    serve "${out}/test"
    python3 web/browser_test.py "http://127.0.0.1:${port}/?autofire&frames=300&seed=7" "${out}/test"
    ;;
esac
