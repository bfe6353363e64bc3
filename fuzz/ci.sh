#!/usr/bin/env bash
# Runs every fuzz target for a short time (default 30 s each); fails on any crash, hang,
# leak, sanitizer report or failed check. For .ci/run (needs clang and libclang-rt-14-dev).
#
#   fuzz/ci.sh [SECONDS_PER_TARGET]
set -uo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
seconds="${1:-30}"
targets=$(sed -n 's/^set(SGF_FUZZ_TARGETS \(.*\))$/\1/p' "$repo/fuzz/CMakeLists.txt")
failed=()
for t in $targets; do
  "$repo/fuzz/run.sh" "$t" "$seconds" 1 || failed+=("$t")
done
if ((${#failed[@]})); then
  echo "fuzz/ci.sh: FAILED: ${failed[*]}" >&2
  exit 1
fi
echo "fuzz/ci.sh: all targets passed ($seconds s each)"
