#!/usr/bin/env bash
# The fix targets of issue 23 (docs/performance.md): peak RSS of `sgfcheck fix FILE` over the
# input (at most 3x on every shape) and fix's user CPU over check's on the same file (at
# least 0.5 of check's speed); fmt and dump beside it (at least 0.8 of check's speed).
# Shapes: one node of 200,000 C[x]; 100,000 distinct FF[3] lowercase identifiers in a root;
# 1e6 nested variations; three of many changes (FF[3] game trees, UNPLACED, MN); games-x4.sgf (46 MB, bench/end_to_end.sh makes it; skipped when
# absent). Peak RSS does not depend on the machine's load; CPU seconds do (compare builds
# in one run: pass OLD).
# Usage: bench/fix_memory.sh [SGFCHECK] [OLD_SGFCHECK]
# Prints per shape and build: size, fix's peak RSS and its ratio to the input, then the user
# CPU seconds of check, fix, fmt, dump and each one's speed over check's.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bins=("${1:-$here/build/sgfcheck}")
[ -n "${2:-}" ] && bins+=("$2")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

python3 - "$tmp" <<'EOF'
import sys
d = sys.argv[1]
def letters(k):  # 0 = a, 25 = z, 26 = ba (fuzz/generated.hpp's \j)
    s = ""
    while True:
        s = chr(ord("a") + k % 26) + s
        k //= 26
        if k == 0:
            return s
def upper(k):
    return letters(k).upper()
open(f"{d}/comments-200k.sgf", "w").write("(;FF[4]" + "C[x]" * 200000 + ")")
open(f"{d}/lowercase-ff3-100k.sgf", "w").write("(;" + "".join("x" + upper(k) + "[]" for k in range(100000)) + "FF[3])")
open(f"{d}/nested-1m.sgf", "w").write("(;B[aa]" * 1000000 + ")" * 1000000)
# many changes, each said (docs/performance.md, eighth part): small FF[3] game trees with an
# SGF2-style KO, bytes kept in UNPLACED, MN in a setup node before a move
open(f"{d}/ff3-trees-100k.sgf", "w").write("(;FF[3]GM[1]SZ[19]KO[6.5];B[aa];W[bb])" * 100000)
open(f"{d}/unplaced-100k.sgf", "w").write("(;FF[4]GM[1]" + ";B[aa] junk ) ((" * 100000 + ")")
def point(i):
    return chr(ord("a") + i % 19) + chr(ord("a") + i // 19 % 19)
open(f"{d}/mn-setup-100k.sgf", "w").write("(;FF[4]GM[1]SZ[19]" + "".join(f";AB[{point(i)}]MN[{i}];B[{point(i)}]" for i in range(100000)) + ")")
EOF
files=("$tmp/comments-200k.sgf" "$tmp/lowercase-ff3-100k.sgf" "$tmp/nested-1m.sgf" "$tmp/ff3-trees-100k.sgf" "$tmp/unplaced-100k.sgf"
       "$tmp/mn-setup-100k.sgf")
[ -f "$here/build/bench/games-x4.sgf" ] && files+=("$here/build/bench/games-x4.sgf")

measure() {  # BIN ARGS... -> "user_seconds rss_kb"
  /usr/bin/time -f '%U %M' -o "$tmp/time" "$@" > /dev/null 2>&1 || true
  tail -n 1 "$tmp/time"
}

for f in "${files[@]}"; do
  size=$(stat -c %s "$f")
  for b in "${bins[@]}"; do
    read -r check_cpu _ < <(measure "$b" -q "$f")
    read -r fix_cpu fix_kb < <(measure "$b" fix "$f")
    read -r fmt_cpu _ < <(measure "$b" fmt "$f")
    read -r dump_cpu _ < <(measure "$b" dump "$f")
    awk -v f="$(basename "$f")" -v b="$b" -v s="$size" -v kb="$fix_kb" -v c="$check_cpu" -v x="$fix_cpu" -v m="$fmt_cpu" -v d="$dump_cpu" '
      function ratio(a) { return a > 0 ? sprintf("%.2f", c / a) : "-" }
      BEGIN {
        printf "%-22s %-28s %6.1f MB  fix peak RSS %7.1f MB = %5.2fx  CPU s: check %.2f fix %.2f (%s) fmt %.2f (%s) dump %.2f (%s)\n",
               f, b, s / 1e6, kb / 1024, kb * 1024 / s, c, x, ratio(x), m, ratio(m), d, ratio(d)
      }'
  done
done
