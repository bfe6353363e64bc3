#!/usr/bin/env bash
# A long fuzz campaign: every target (or the ones named) until it has had CPU_SECONDS of CPU
# in all, PARALLEL at a time, at the lowest priority (it takes only what the machine leaves).
# The CPU seconds, executions and crash files of each run are added to a ledger
# ($SGF_FUZZ_WORK/campaign.tsv, default build-fuzz/fuzz-work), so a campaign cut short goes on
# where it stopped when run again; the scratch corpus of each target carries over the same way.
# Prints the ledger's totals per target at the end. Fails when any run found a crash.
#
#   fuzz/campaign.sh CPU_SECONDS [PARALLEL [TARGET...]]     (issue 20: 1800 s per target)
set -uo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
goal="${1:?usage: fuzz/campaign.sh CPU_SECONDS [PARALLEL [TARGET...]]}"
parallel="${2:-$(nproc)}"
shift $(( $# >= 2 ? 2 : 1 ))
build="${SGF_FUZZ_BUILD:-$repo/build-fuzz}"
work="${SGF_FUZZ_WORK:-$build/fuzz-work}"
ledger="$work/campaign.tsv"
mkdir -p "$work"
[ -f "$ledger" ] || printf 'target\tcpu_seconds\texecs\tcrash_files\tfinished\n' >"$ledger"
targets=("$@")
[ ${#targets[@]} -gt 0 ] || read -r -a targets <<<"$(sed -n 's/^set(SGF_FUZZ_TARGETS \(.*\))$/\1/p' "$repo/fuzz/CMakeLists.txt")"
"$repo/fuzz/run.sh" --build "$parallel" || { echo "fuzz/campaign.sh: the fuzz targets do not build" >&2; exit 1; }
export SGF_FUZZ_BUILT=1
# Per-input timeout in wall seconds: generous, a niced process waits for the CPU.
export SGF_FUZZ_TIMEOUT="${SGF_FUZZ_TIMEOUT:-120}"
dict="$(mktemp)"
trap 'rm -f "$dict"' EXIT
cat "$repo/fuzz/sgf.dict" "$repo/fuzz/identifiers.dict" >"$dict"

spent() { awk -F'\t' -v t="$1" '$1 == t { s += $2 } END { print s + 0 }' "$ledger"; }
# Runs of 10 CPU-minutes at most, so a stopped campaign loses little. Every third run takes the
# wide dictionary and -max_len=65536 (fuzz/ci.sh's second run, for longer).
one_target() {
  local t=$1 left run=0 line status
  while left=$(( goal - $(spent "$t") )); [ "$left" -gt 0 ]; do
    local chunk=$(( left < 600 ? left : 600 )) extra=()
    (( run++ % 3 == 2 )) && extra=(env SGF_FUZZ_DICT="$dict" SGF_FUZZ_MAX_LEN=65536)
    line=$(SGF_FUZZ_CPU_SECONDS=$chunk nice -n 19 "${extra[@]}" "$repo/fuzz/run.sh" "$t" 100000 1 2>&1)
    status=$?
    echo "$line"
    # "fuzz T: ...s (Cs of CPU), ..., E execs, R exec/s, corpus N files, K crash files in ..."
    local cpu execs crashes
    cpu=$(grep -oE '\(([0-9]+)s of CPU\)' <<<"$line" | grep -oE '[0-9]+' | head -1)
    execs=$(grep -oE '[0-9?]+ execs' <<<"$line" | head -1 | awk '{print $1}')
    crashes=$(grep -oE '[0-9]+ crash files' <<<"$line" | awk '{print $1}')
    printf '%s\t%s\t%s\t%s\t%s\n' "$t" "${cpu:-0}" "${execs:-0}" "${crashes:-0}" "$(date -Is)" >>"$ledger"
    [ "$status" -eq 0 ] || return "$status"
    [ "${cpu:-0}" -gt 0 ] || return 1  # no progress: do not spin
  done
}
failed=()
for t in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$parallel" ]; do wait -n; done
  one_target "$t" &
done
for p in $(jobs -p); do wait "$p" || failed+=("$p"); done
echo "fuzz/campaign.sh: ledger $ledger (goal $goal CPU seconds per target)"
awk -F'\t' 'NR > 1 { c[$1] += $2; e[$1] += ($3 ~ /^[0-9]+$/ ? $3 : 0); k[$1] += $4 }
  END { for (t in c) printf "  %-18s %6d CPU s  %12d execs  %8.0f exec/s  %d crash files\n", t, c[t], e[t], (c[t] ? e[t] / c[t] : 0), k[t] }' "$ledger" | sort
[ ${#failed[@]} -eq 0 ] || { echo "fuzz/campaign.sh: a target failed (see its log above)" >&2; exit 1; }
