#!/usr/bin/env bash
# The web_build test (ctest fixture of the web tests): web/build.sh into the build tree.
# Without emscripten it is skipped, saying why (SGF_TEST_SKIPPED), or under SGF_NO_SKIP=1
# (CI) it fails.
#   web/test/build_dist.sh OUT BUILD_DIR
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
"$here/../build.sh" --out "$1" --build "$2"
status=$?
if [ "$status" -eq 3 ]; then
  why="needs emscripten and node-acorn (Debian packages; .ci/setup installs them)"
  if [ "${SGF_NO_SKIP:-}" = 1 ]; then echo "SGF_NO_SKIP=1 and this test $why"; exit 1; fi
  echo "SGF_TEST_SKIPPED: $why"
  exit 0
fi
exit "$status"
