#!/usr/bin/env bash
# Builds the WebAssembly package into web/dist (or --out DIR): sgfcheck.js (a modularized
# factory with the wasm inside, for node and browsers), index.html (the validator page),
# sgfcheck.d.ts and package.json. Needs Debian's emscripten and node-acorn.
#   web/build.sh [--out DIR] [--build DIR] [-j N]
# Exit status 3 when emscripten is not installed (the tests skip then, saying why).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
out=$here/dist
build=$root/build-web
jobs=2
while (($#)); do
  case $1 in
    --out) out=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    -j) jobs=$2; shift 2 ;;
    *) echo "usage: web/build.sh [--out DIR] [--build DIR] [-j N]" >&2; exit 2 ;;
  esac
done
if ! command -v emcmake >/dev/null || ! command -v em++ >/dev/null; then
  echo "web/build.sh: needs emscripten (Debian: apt-get install emscripten node-acorn; .ci/setup installs them)" >&2
  exit 3
fi
# Debian's emscripten 3.1.6 finds acorn through NODE_PATH when the node on PATH is not Debian's.
export NODE_PATH=${NODE_PATH:+$NODE_PATH:}/usr/share/nodejs
launcher=()
if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
emcmake cmake -S "$here" -B "$build" -DCMAKE_BUILD_TYPE=Release -DSGF_WEB_OUT="$out" "${launcher[@]}" >/dev/null
cmake --build "$build" -j "$jobs"
echo "web/build.sh: $(du -k "$out/sgfcheck.js" | cut -f1) kB sgfcheck.js in $out"
