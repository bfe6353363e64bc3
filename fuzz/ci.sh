#!/usr/bin/env bash
# Runs every fuzz target for a short time; fails on any crash, hang, leak, sanitizer report or
# failed check. For .ci/run (needs clang and libclang-rt-14-dev). Each target runs twice on the
# same scratch corpus: SECONDS with fuzz/sgf.dict and its usual -max_len (fuzz/run.sh), then
# WIDE_SECONDS with -max_len=65536 and a dictionary of many distinct identifiers (sgf.dict
# and fuzz/identifiers.dict, made from the property table: every identifier in upper case,
# FF[1]-FF[3] long form, capitalised and lower case). 13 targets x (20 + 5) s = 5.4 minutes, as
# the 10 x 30 s before.
#
#   fuzz/ci.sh [SECONDS_PER_TARGET [WIDE_SECONDS_PER_TARGET]]
set -uo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
seconds="${1:-20}"
wide="${2:-5}"
targets=$(sed -n 's/^set(SGF_FUZZ_TARGETS \(.*\))$/\1/p' "$repo/fuzz/CMakeLists.txt")
dict="$(mktemp)"
trap 'rm -f "$dict"' EXIT
cat "$repo/fuzz/sgf.dict" "$repo/fuzz/identifiers.dict" >"$dict"
# Every target built first on every core (fuzz/run.sh builds its one target with -j JOBS,
# 1 here: the sanitized library built on one core took a good part of CI's hour).
"$repo/fuzz/run.sh" --build "$(nproc)" || { echo "fuzz/ci.sh: the fuzz targets do not build" >&2; exit 1; }
failed=()
for t in $targets; do
  "$repo/fuzz/run.sh" "$t" "$seconds" 1 || failed+=("$t")
  SGF_FUZZ_DICT="$dict" SGF_FUZZ_MAX_LEN=65536 "$repo/fuzz/run.sh" "$t" "$wide" 1 || failed+=("$t (identifiers, -max_len=65536)")
done
if ((${#failed[@]})); then
  echo "fuzz/ci.sh: FAILED: ${failed[*]}" >&2
  exit 1
fi
echo "fuzz/ci.sh: all targets passed ($seconds s each, then $wide s with identifiers.dict and -max_len=65536)"
