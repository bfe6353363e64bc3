#!/usr/bin/env bash
# -j on one file: times `sgfcheck -j 1` and `sgfcheck -j J` (default 2) on one collection
# (default build/bench/games-x4.sgf, bench/end_to_end.sh makes it), alternating, ROUNDS times
# (default 6), for a build and optionally an older one in the same rounds, and prints the
# wall times, the speed-up per round and the medians; fails when an output of -j J differs
# from -j 1 (JSON, then text with its excerpts). Each round also times the machine's ceiling:
# J processes of `-j 1` on the whole file at once against one alone (J times the work in
# that time: what J cores of this VM give, which -j J cannot pass).
# Usage: bench/jobs_one_file.sh [FILE] [J] [ROUNDS] [SGFCHECK] [OLD_SGFCHECK]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
file=${1:-$here/build/bench/games-x4.sgf}
jobs=${2:-2}
rounds=${3:-6}
new=${4:-$here/build/sgfcheck}
old=${5:-}
[ -f "$file" ] || { echo "bench/jobs_one_file.sh: no $file (bench/end_to_end.sh 1 4 makes games-x4.sgf)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# One timed run: prints the wall seconds; output to $tmp/out.NAME.J
timed() {
  local bin=$1 name=$2 j=$3
  /usr/bin/time -f '%e' -o "$tmp/time" "$bin" -j "$j" -q --format=json "$file" > "$tmp/out.$name.$j" || true
  tail -n 1 "$tmp/time"
}
# J processes of -j 1 at once: prints the wall seconds
together() {
  local start end k
  start=$(date +%s.%N)
  for ((k = 0; k < jobs; k++)); do "$new" -j 1 -q --format=json "$file" > /dev/null 2>&1 & done
  wait
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

builds=(new)
[ -n "$old" ] && builds+=(old)
echo "$(basename "$file") ($(stat -c %s "$file") bytes): -j 1 vs -j $jobs, $rounds rounds, alternating: ${builds[*]}"
declare -A ratios
ceilings=()
for ((r = 1; r <= rounds; r++)); do
  line="round $r:"
  for b in "${builds[@]}"; do
    bin=$new
    [ "$b" = old ] && bin=$old
    w1=$(timed "$bin" "$b" 1)
    wj=$(timed "$bin" "$b" "$jobs")
    cmp -s "$tmp/out.$b.1" "$tmp/out.$b.$jobs" || { echo "$b: JSON of -j 1 and -j $jobs DIFFER" >&2; exit 1; }
    ratio=$(echo "scale=3; $w1 / $wj" | bc)
    ratios[$b]+="$ratio "
    [ "$b" = new ] && w1_new=$w1
    line+=" $b -j 1 ${w1} s, -j $jobs ${wj} s: ${ratio}x;"
  done
  wc=$(together)
  ceil=$(echo "scale=3; $jobs * $w1_new / $wc" | bc)
  ceilings+=("$ceil")
  echo "$line ceiling ${ceil}x"
done
"$new" -j 1 "$file" > "$tmp/text.1" || true
"$new" -j "$jobs" "$file" > "$tmp/text.j" || true
cmp -s "$tmp/text.1" "$tmp/text.j" || { echo "text of -j 1 and -j $jobs DIFFER" >&2; exit 1; }
echo "outputs of -j 1 and -j $jobs: identical (JSON every round, text once)"
for b in "${builds[@]}"; do
  echo "$b: median speed-up $(echo "${ratios[$b]}" | tr ' ' '\n' | grep . | median)x"
done
echo "the machine's ceiling ($jobs processes of -j 1 on the file at once): median $(printf '%s\n' "${ceilings[@]}" | median)x"
