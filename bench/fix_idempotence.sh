#!/usr/bin/env bash
# fix(fix(x)) == fix(x) on generated files (issue 20): `sgfcheck gen` makes COUNT files from a
# seed (valid and invalid ones, every mutation family, every game), fix runs on each and then
# on its own output; the second run must write the same bytes, and neither may die of a
# signal or exit above 2. Prints the seed, the counts and each file that breaks the rule
# (with the command that makes it again); exits 1 when any does.
#
#   bench/fix_idempotence.sh [SGFCHECK [COUNT [SEED [FIX OPTIONS...]]]]
#        defaults: build/sgfcheck, 10000, a new seed each run (printed), no options; the
#        options (e.g. --delete-unknown --delete-empty-nodes) are given to both fixes
#
# ctest runs it on a few hundred files (fix_idempotence); the full 10,000 is the run by hand.
set -uo pipefail
bin=${1:-build/sgfcheck}
count=${2:-10000}
seed=${3:-$(od -An -N2 -tu2 /dev/urandom | tr -d ' ')}
shift $(($# < 3 ? $# : 3))
options=("$@")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM  # (a trap that only cleaned up would let the loop go on)

"$bin" gen --seed "$seed" --count "$count" -o "$tmp/gen" >/dev/null 2>&1 || { echo "fix_idempotence: gen failed" >&2; exit 2; }
echo "fix_idempotence: $count files of \`$bin gen --seed $seed --count $count\`, fixed with options: ${options[*]:-(none)}"
n=0; changed=0; died=0; unwritten=0
for f in "$tmp"/gen/*.sgf; do
  n=$((n + 1))
  timeout 60 "$bin" fix "${options[@]}" "$f" -o "$tmp/once.sgf" 2>/dev/null; rc=$?
  if [ "$rc" -gt 2 ]; then
    died=$((died + 1)); echo "  DIED $rc on the first fix: ${f##*/}"; continue
  fi
  if [ ! -s "$tmp/once.sgf" ]; then unwritten=$((unwritten + 1)); continue; fi
  timeout 60 "$bin" fix "${options[@]}" "$tmp/once.sgf" -o "$tmp/twice.sgf" 2>/dev/null; rc=$?
  if [ "$rc" -gt 2 ]; then
    died=$((died + 1)); echo "  DIED $rc on the second fix: ${f##*/}"
  elif ! cmp -s "$tmp/once.sgf" "$tmp/twice.sgf"; then
    changed=$((changed + 1)); echo "  CHANGED by the second fix: ${f##*/}"
    diff <(tr ';' '\n' <"$tmp/once.sgf") <(tr ';' '\n' <"$tmp/twice.sgf") | head -6 | sed 's/^/    /'
  fi
  rm -f "$tmp/once.sgf" "$tmp/twice.sgf"
done
echo "fix_idempotence: $n files, $changed changed by a second fix, $died died, $unwritten not written (seed $seed)"
[ "$changed" -eq 0 ] && [ "$died" -eq 0 ]
