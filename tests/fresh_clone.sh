#!/usr/bin/env bash
# A fresh clone tests green: clones this repository's HEAD into an empty folder (no
# ../shared beside it) and runs the README's two commands there. The tests that need
# ../shared must be reported as skipped, every other test must pass.
# (ctest docs_site, tests/docs_links.py, checks that the README has exactly these two commands.)
# Usage: tests/fresh_clone.sh [WORK_DIR]   (default: a new folder under /tmp; kept afterwards)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$(mktemp -d /tmp/sgfcheck_fresh.XXXXXX)}
[ ! -e "$work/shared" ] || { echo "$work/shared exists: not a fresh machine's layout"; exit 2; }
git clone -q "$here" "$work/x"
cd "$work/x"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release > "$work/cmake.log"
build_and_check() {
  cmake --build build -j2 && build/sgfcheck conformance/spec_examples/ff4_ex.sgf && echo "ff4_ex.sgf: no errors"
}
build_and_check > "$work/build.log" 2>&1 || { tail -30 "$work/build.log"; exit 1; }
set +e
(cmake --build build -j2 && ctest --test-dir build --output-on-failure -j2) > "$work/ctest.log" 2>&1
status=$?
set -e
grep -E "tests passed|Skipped|FAILED|Failed" "$work/ctest.log" | tail -40
skipped=$(grep -c "(Skipped)" "$work/ctest.log" || true)
echo "ctest exit status $status; $skipped tests skipped (needing ../shared); logs in $work"
exit "$status"
