#!/bin/sh
# Issue 14's target: of the corpus files in legacy, encodings, broken, games and problems,
# how many pass `sgfcheck` with no error after `sgfcheck fix` (docs/cli.md and the README have the numbers).
#   bench/fix_pass_rate.sh [SGFCHECK [CORPUS]]     (defaults: build/sgfcheck, ../shared/corpus)
# Prints per folder: files, fixed (fix wrote output), passing (no error after fix), and the
# failing files with their first error; the last line is the total.
set -u
bin=${1:-build/sgfcheck}
corpus=${2:-../shared/corpus}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM  # (a trap that only cleaned up would let the loop go on)
all=0; pass=0
for folder in legacy encodings broken games problems; do
  n=0; ok=0
  find "$corpus/$folder" -type f | sort > "$tmp/list"
  while IFS= read -r f; do
    n=$((n + 1))
    if "$bin" fix "$f" > "$tmp/out.sgf" 2>/dev/null || [ -s "$tmp/out.sgf" ]; then :; fi
    if [ -s "$tmp/out.sgf" ] && "$bin" "$tmp/out.sgf" > "$tmp/check.txt" 2>&1; then
      ok=$((ok + 1))
    else
      first=$(grep -m1 'error\[' "$tmp/check.txt" | sed 's/^[^:]*:[0-9]*:[0-9]*: //')
      echo "  FAIL ${f#$corpus/}: ${first:-no output}" >> "$tmp/fails"
    fi
  done < "$tmp/list"
  echo "$folder: $ok of $n pass after fix"
  all=$((all + n)); pass=$((pass + ok))
done
[ -f "$tmp/fails" ] && cat "$tmp/fails"
awk -v p="$pass" -v a="$all" 'BEGIN { printf "total: %d of %d fixed files pass sgfcheck (%.2f%%)\n", p, a, 100 * p / a }'
