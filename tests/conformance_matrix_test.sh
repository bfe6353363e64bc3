#!/usr/bin/env bash
# The conformance matrix with every reader, regenerated (ctest conformance_matrix, CI): runs
# `sgfcheck conformance` over the corpus and the 14 adapters of conformance/adapters (their
# readers installed by .ci/setup; the eight of ../shared/peers built into BUILD/adapters),
# with the report per reader (docs/readers.md's text) and a `diff` of a fixed budget each.
# The outputs go to BUILD/conformance-matrix/: they are validated here, not compared with
# the committed conformance/matrix.md and docs/readers.md (those carry the date and commit,
# and a timeout may fall either way on another machine's load); a developer regenerates
# the committed copies with the command below (conformance/README.md).
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
start=$(date +%s)
"$sgfcheck" conformance --cases "$src/conformance/cases" --timeout 2 --jobs 2 --out "$out/results" \
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
