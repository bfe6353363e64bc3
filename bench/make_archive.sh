#!/usr/bin/env bash
# Builds a large archive for directory runs: N files (default 100,000) copied round-robin
# from ../shared/corpus/games into OUT/NNN/ folders of 1,000 files each (real copies, not
# links: a checker must read each one).
# Usage: bench/make_archive.sh [N] [OUT] [SHARED_DIR]   (default OUT: /tmp/sgf_archive_N)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
n=${1:-100000}
out=${2:-/tmp/sgf_archive_$n}
shared=${3:-$here/../shared}
mapfile -d '' src < <(find "$shared/corpus/games" -type f -name '*.sgf' -print0 | LC_ALL=C sort -z)
rm -rf "$out"
for ((i = 0; i < n; i++)); do
  dir=$(printf '%s/%03d' "$out" $((i / 1000)))
  ((i % 1000 == 0)) && mkdir -p "$dir"
  cp "${src[i % ${#src[@]}]}" "$dir/$(printf '%06d' "$i").sgf"
done
echo "$out: $n files, $(du -s --apparent-size -BM "$out" | cut -f1)"
