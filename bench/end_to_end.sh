#!/usr/bin/env bash
# The end-to-end target (README "Performance"): `sgfcheck FILE`, the whole process (read, parse, full check
# with the Go replay, output), against a byte-classify loop over the same file
# (sgf_classify_bench: read_file + one table lookup per byte), alternating ROUNDS times.
# Prints CPU MB/s (user+sys) of each run, the medians, sgfcheck's share of the loop's
# speed, and sgfcheck's peak RSS over the file size.
# Input: ../shared/corpus/games concatenated COPIES times (default 4: 46 MB, the size the
# README's performance targets are measured on).
# Usage: bench/end_to_end.sh [ROUNDS] [COPIES] [SGFCHECK] [CLASSIFY]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
rounds=${1:-5}
copies=${2:-4}
bin=${3:-$here/build/sgfcheck}
classify=${4:-$here/build/bench/sgf_classify_bench}
one=$here/build/bench/games.sgf
[ -f "$one" ] || "$here/bench/make_collection.sh" "$here/../shared" "$one" >/dev/null
input=$here/build/bench/games-x$copies.sgf
if [ ! -f "$input" ]; then
  for ((i = 0; i < copies; i++)); do cat "$one"; done > "$input.tmp"
  mv "$input.tmp" "$input"
fi
bytes=$(wc -c < "$input")
mb=$(echo "scale=3; $bytes / 1000000" | bc)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# One run: "cpu_seconds max_rss_kb" (sgfcheck's exit status 1 just means findings).
timed() {
  /usr/bin/time -f '%U %S %M' -o "$tmp/time" "$@" > /dev/null 2>&1 || [ $? -le 1 ]
  read -r user sys rss < <(tail -n 1 "$tmp/time")
  echo "$(echo "$user + $sys" | bc) $rss"
}

echo "input: $input ($mb MB), $rounds rounds alternating"
printf '%-6s %14s %14s %8s %10s\n' round "loop MB/s" "sgfcheck MB/s" share "RSS/input"
loops=() checks=() shares=() rsss=()
for ((r = 1; r <= rounds; r++)); do
  read -r cl _ < <(timed "$classify" "$input")
  read -r cs rss < <(timed "$bin" "$input")
  l=$(echo "scale=1; $mb / $cl" | bc)
  s=$(echo "scale=1; $mb / $cs" | bc)
  share=$(echo "scale=3; $cl / $cs" | bc)
  ratio=$(echo "scale=2; $rss * 1024 / $bytes" | bc)
  printf '%-6s %14s %14s %8s %10s\n' "$r" "$l" "$s" "$share" "$ratio"
  loops+=("$l") checks+=("$s") shares+=("$share") rsss+=("$ratio")
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
echo "median: loop $(median "${loops[@]}") MB/s, sgfcheck $(median "${checks[@]}") MB/s, share $(median "${shares[@]}"), peak RSS $(median "${rsss[@]}")x the input"
