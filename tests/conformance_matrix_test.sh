#!/usr/bin/env bash
# The conformance matrix with every reader, regenerated (ctest conformance_matrix, CI): runs
# `sgfcheck conformance` over the corpus and the 14 adapters of conformance/adapters (their
# readers installed by .ci/setup; the eight of ../shared/peers built into BUILD/adapters),
# with the report per reader (docs/readers.md's text) and a `diff` of a fixed budget each.
# The outputs go to BUILD/conformance-matrix/: they are validated here, not compared with
# the committed conformance/matrix.md and docs/readers.md (those carry the date and commit,
# and a timeout may fall either way on another machine's load); a developer regenerates
# the committed copies with the command below (conformance/README.md).
# Every reader over all 797 cases takes longer than CI has (a run timed out at 25 minutes on
# CI's 2 cores), so by default the run takes a sample of the cases drawn with a seed that is
# printed; the whole is the developer's regeneration below. Environment:
#   SGF_MATRIX_SAMPLE=N   cases per run (default 60); "all" for every case
#   SGF_MATRIX_SEED=N     the seed (default: a new one each run; printed to reproduce)
# Usage: tests/conformance_matrix_test.sh SOURCE_DIR SGFCHECK SHARED_DIR BUILD_DIR
set -uo pipefail
src=$1 sgfcheck=$2 shared=$3 build=$4
need() {  # a reason the matrix cannot have every reader here
  if [ "${SGF_NO_SKIP:-}" = 1 ]; then echo "FAILED: $*"; exit 1; fi
  echo "SGF_TEST_SKIPPED: needs $*"
  exit 0
}
[ -d "$shared/peers" ] || need "../shared/peers (the readers' sources; not at $shared/peers)"
out=$build/conformance-matrix
rm -rf "$out" && mkdir -p "$out"
export SGF_PEERS_DIR=$shared/peers SGF_ADAPTER_BUILD=$build/adapters
sample=${SGF_MATRIX_SAMPLE:-60}
seed=${SGF_MATRIX_SEED:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}
cases=$src/conformance/cases
if [ "$sample" != all ]; then
  # The sample as a conformance folder of its own (cases/ beside SOURCES.md, as the page links).
  mkdir -p "$out/conformance/cases"
  cp "$src/conformance/SOURCES.md" "$out/conformance/"
  mapfile -t picked < <(cd "$cases" && ls -- *.sgf | LC_ALL=C sort |
    awk -v seed="$seed" 'BEGIN { srand(seed) } { printf "%.9f %s\n", rand(), $0 }' |
    LC_ALL=C sort -k1,1 | head -n "$sample" | cut -d' ' -f2-)
  for c in "${picked[@]}"; do cp "$cases/${c%.sgf}".* "$out/conformance/cases/"; done
  cases=$out/conformance/cases
  echo "conformance matrix over a sample of ${#picked[@]} cases, seed $seed (SGF_MATRIX_SEED=$seed SGF_MATRIX_SAMPLE=$sample to repeat; SGF_MATRIX_SAMPLE=all for every case)"
fi
# Each adapter once, untimed, before the run: the first call builds a peer's reader into
# BUILD/adapters (KataGo's sgf.cpp takes minutes on 2 cores), longer than the runner waits
# for a batch adapter's handshake, which would make it a per-case adapter for the whole run.
# A plain game (some readers hang on some cases: sgf2dg on junk), 15 minutes at most each.
warm=$(date +%s)
one=$out/warm-up.sgf
printf '(;FF[4]GM[1]SZ[9];B[ee];W[cc])\n' >"$one"
for a in "$src"/conformance/adapters/*; do
  case $a in *.*) continue ;; esac
  [ -f "$a" ] && [ -x "$a" ] && echo "$a"
done | xargs -P 2 -I{} sh -c 'timeout 900 "$1" "$2" >/dev/null 2>&1; s=$?; [ $s -ne 3 ] || echo "unavailable: $1"; [ $s -ne 124 ] || echo "no answer in 15 minutes: $1"' _ {} "$one"
echo "adapters built and started once: $(($(date +%s) - warm)) s"
start=$(date +%s)
"$sgfcheck" conformance --cases "$cases" --adapters "$src/conformance/adapters" --timeout 2 --jobs 2 --out "$out/results" \
  --readers-report "$out/readers.md" --diff-budget 10 >"$out/stdout" 2>"$out/stderr"
rc=$?
secs=$(($(date +%s) - start))
cat "$out/stdout"
echo "conformance matrix with every reader: ${secs} s (exit $rc)"
[ $rc -eq 0 ] || { tail -20 "$out/stderr"; echo "FAILED: sgfcheck conformance exited $rc"; exit 1; }
md=$out/results/matrix.md
grep -q '^# SGF conformance matrix' "$md" || { echo "FAILED: no matrix.md"; exit 1; }
if grep -q '^Partial run' "$md"; then echo "FAILED: the run did not finish"; exit 1; fi
# The readers: every adapter of the folder, each a column unless unavailable.
mapfile -t adapters < <(cd "$src/conformance/adapters" && for a in *; do
  case $a in *.*) continue ;; esac; [ -f "$a" ] && [ -x "$a" ] && echo "$a"; done)
((${#adapters[@]} >= 14)) || { echo "FAILED: only ${#adapters[@]} adapters in conformance/adapters"; exit 1; }
missing=()
for a in "${adapters[@]}"; do
  grep -q "^| $a | " "$md" || missing+=("$a")
done
if ((${#missing[@]})); then
  grep '^Not available' "$md"
  need "the readers ${missing[*]} (.ci/setup installs them; see the note above)"
fi
# The report per reader: a section per reader with its four lists and the diff's.
status=0
for a in "${adapters[@]}"; do
  grep -q "^## $a\$" "$out/readers.md" || { echo "FAILED: readers.md has no section for $a"; status=1; }
done
for s in 'Accepts what the spec rejects: syntax' 'Rejects what the spec allows' 'Wrong trees' 'Crashes and hangs' 'Found by `sgfcheck diff`'; do
  n=$(grep -c "^### $s" "$out/readers.md")
  [ "$n" -eq "${#adapters[@]}" ] || { echo "FAILED: readers.md has $n sections '$s', not ${#adapters[@]}"; status=1; }
done
echo "${#adapters[@]} readers besides sgfcheck; outputs in $out"
exit $status
