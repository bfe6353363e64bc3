#!/usr/bin/env bash
# Runs one libFuzzer target for a bounded time on the seed corpus with the dictionary.
#
#   fuzz/run.sh TARGET SECONDS [JOBS]
#   fuzz/run.sh --build JOBS          (builds every target, runs none)
#
# Seeds: fuzz/seeds and fuzz/regressions (of every target). Builds (if needed)
# $SGF_FUZZ_BUILD (default: build-fuzz in the repository) with clang and
# -DSGF_BUILD_FUZZERS=ON (ASan + UBSan + libFuzzer). New corpus entries go to
# $SGF_FUZZ_WORK/corpus/TARGET, crashes, timeouts and OOMs to $SGF_FUZZ_WORK/crashes/TARGET
# (default work dir: $SGF_FUZZ_BUILD/fuzz-work; nothing is written into fuzz/). JOBS > 1 uses
# libFuzzer's fork mode. Prints exec/s from libFuzzer's final stats; exits non-zero when the
# fuzzer found a crash (the input is in the crashes dir: minimize it and file it under
# fuzz/regressions/TARGET/, see fuzz/FUZZING.md). SGF_FUZZ_DICT (default fuzz/sgf.dict) and
# SGF_FUZZ_MAX_LEN (default 65536, 4096 for tree_edits) override the dictionary and -max_len.
# SGF_FUZZ_CPU_SECONDS ends the run after that much CPU time instead (SECONDS is then only
# libFuzzer's wall-clock bound): fuzz/campaign.sh uses it.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
target="${1:?usage: fuzz/run.sh TARGET SECONDS [JOBS]}"
seconds="${2:?usage: fuzz/run.sh TARGET SECONDS [JOBS]}"
jobs="${3:-1}"
build="${SGF_FUZZ_BUILD:-$repo/build-fuzz}"
work="${SGF_FUZZ_WORK:-$build/fuzz-work}"
cxx="${SGF_FUZZ_CXX:-$(command -v clang++-14 || command -v clang++)}"

if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -S "$repo" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER="$cxx" \
    -DSGF_BUILD_FUZZERS=ON -DSGF_BUILD_TESTS=OFF -DSGF_BUILD_BENCH=OFF >/dev/null
fi
if [ "$target" = --build ]; then  # fuzz/run.sh --build JOBS: every target, nothing run
  targets=()
  for t in $(sed -n 's/^set(SGF_FUZZ_TARGETS \(.*\))$/\1/p' "$repo/fuzz/CMakeLists.txt"); do targets+=(--target "fuzz_$t"); done
  exec cmake --build "$build" -j"$seconds" "${targets[@]}" >/dev/null
fi
# (fuzz/ci.sh builds every target first, then runs them side by side: no build here then.)
[ -n "${SGF_FUZZ_BUILT:-}" ] || cmake --build "$build" -j"$jobs" --target "fuzz_$target" >/dev/null

corpus="$work/corpus/$target"
crashes="$work/crashes/$target"
log="$work/logs/$target-$(date +%Y%m%d-%H%M%S)-$$.log"
mkdir -p "$corpus" "$crashes" "$(dirname "$log")"
# Read only (libFuzzer writes new inputs into the first directory, the scratch corpus).
# Every target's regressions are good seeds for the others (directories are read recursively).
seed_dirs=("$repo/fuzz/seeds" "$repo/fuzz/regressions")

# tree_edits does ~24 edits per input, each writing the whole version: small inputs keep it fast.
max_len=65536
[ "$target" = tree_edits ] && max_len=4096
max_len="${SGF_FUZZ_MAX_LEN:-$max_len}"
# -timeout is wall-clock seconds per input: raise SGF_FUZZ_TIMEOUT on a loaded machine.
args=(-dict="${SGF_FUZZ_DICT:-$repo/fuzz/sgf.dict}" -max_len="$max_len" -timeout="${SGF_FUZZ_TIMEOUT:-10}" -rss_limit_mb=2048 -malloc_limit_mb=2048
      -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$crashes/")
if [ "$jobs" -gt 1 ]; then
  args+=(-fork="$jobs" -ignore_crashes=0)
fi

export ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1:allocator_may_return_null=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
status=0
cpu_before=$(awk '{print $14+$15+$16+$17}' /proc/$$/stat 2>/dev/null || echo 0)  # children's CPU ticks
if [ -n "${SGF_FUZZ_CPU_SECONDS:-}" ]; then
  # A campaign counts CPU seconds, not wall seconds (a niced fuzzer on a busy machine gets
  # little of the wall clock): the fuzzer is interrupted (SIGINT: it prints its final stats
  # and exits 72) once it has used SGF_FUZZ_CPU_SECONDS of CPU.
  "$build/fuzz/fuzz_$target" "${args[@]}" "$corpus" "${seed_dirs[@]}" >"$log" 2>&1 &
  pid=$!
  interrupted=0
  while kill -0 "$pid" 2>/dev/null; do
    used=$(awk '{print int(($14+$15)/'"$(getconf CLK_TCK)"')}' "/proc/$pid/stat" 2>/dev/null || echo 0)
    if [ "$used" -ge "$SGF_FUZZ_CPU_SECONDS" ]; then kill -INT "$pid" 2>/dev/null; interrupted=1; break; fi
    sleep 2
  done
  # (an input that runs long delays the interrupt: SIGKILL after 60 s, then no final stats)
  for _ in $(seq 60); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
  kill -KILL "$pid" 2>/dev/null && echo "fuzz/run.sh: $target did not stop on SIGINT: killed" >>"$log"
  wait "$pid" || status=$?
  [ "$interrupted" = 1 ] && { [ "$status" = 72 ] || [ "$status" = 137 ]; } && status=0
else
  "$build/fuzz/fuzz_$target" "${args[@]}" "$corpus" "${seed_dirs[@]}" >"$log" 2>&1 || status=$?
fi
cpu_after=$(awk '{print $14+$15+$16+$17}' /proc/$$/stat 2>/dev/null || echo 0)
cpu=$(( (cpu_after - cpu_before) / $(getconf CLK_TCK) ))  # CPU seconds the fuzzer used

execs=$(grep -E '^stat::number_of_executed_units:' "$log" | tail -1 | awk '{print $2}')
rate=$(grep -E '^stat::average_exec_per_sec:' "$log" | tail -1 | awk '{print $2}')
if [ -z "$rate" ]; then  # fork mode has no final stats: take the last status line
  rate=$(grep -oE 'exec/s: [0-9]+' "$log" | tail -1 | awk '{print $2}')
  execs=$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#')
fi
# (slow-unit-* files are inputs that took over 10 s of wall time: a loaded machine, not a finding)
found=$(find "$crashes" -type f ! -name "slow-unit-*" | wc -l)
bound="${seconds}s"
[ -n "${SGF_FUZZ_CPU_SECONDS:-}" ] && bound="up to ${SGF_FUZZ_CPU_SECONDS}s of CPU"
echo "fuzz $target: $bound (${cpu}s of CPU), jobs $jobs, max_len $max_len, dict $(basename "${SGF_FUZZ_DICT:-sgf.dict}"), ${execs:-?} execs, ${rate:-?} exec/s, corpus $(find "$corpus" -type f | wc -l) files, $found crash files in $crashes, exit $status, log $log"
if [ "$status" -ne 0 ]; then
  grep -E '^(==[0-9]+==ERROR|SUMMARY|.*fuzz check failed|.*runtime error)' "$log" | head -5 || true
  exit "$status"
fi
