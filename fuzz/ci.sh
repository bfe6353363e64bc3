#!/usr/bin/env bash
# Runs every fuzz target for a short time; fails on any crash, hang, leak, sanitizer report or
# failed check. For .ci/run (needs clang and libclang-rt-14-dev). Each target runs twice on the
# same scratch corpus: SECONDS with fuzz/sgf.dict and its usual -max_len (fuzz/run.sh), then
# WIDE_SECONDS with -max_len=65536 and a dictionary of many distinct identifiers (sgf.dict
# and fuzz/identifiers.dict, made from the property table: every identifier in upper case,
# FF[1]-FF[3] long form, capitalised and lower case). 13 targets x (20 + 5) s, two at a time on
# two cores: under 3 minutes.
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
export SGF_FUZZ_BUILT=1
# The targets run side by side, one per core (each target alone is one process on one core).
failures="$(mktemp)"
trap 'rm -f "$dict" "$failures"' EXIT
one_target() {
  "$repo/fuzz/run.sh" "$1" "$seconds" 1 || echo "$1" >>"$failures"
  SGF_FUZZ_DICT="$dict" SGF_FUZZ_MAX_LEN=65536 "$repo/fuzz/run.sh" "$1" "$wide" 1 ||
    echo "$1 (identifiers, -max_len=65536)" >>"$failures"
}
cores=$(nproc)
for t in $targets; do
  while [ "$(jobs -rp | wc -l)" -ge "$cores" ]; do wait -n; done
  one_target "$t" &
done
wait
if [ -s "$failures" ]; then
  echo "fuzz/ci.sh: FAILED: $(paste -sd, "$failures")" >&2
  exit 1
fi
echo "fuzz/ci.sh: all targets passed ($seconds s each, then $wide s with identifiers.dict and -max_len=65536)"
