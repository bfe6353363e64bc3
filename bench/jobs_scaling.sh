#!/usr/bin/env bash
# Directory runs and -j: times `sgfcheck -j 1` and `sgfcheck -j J` (default 2) on a folder
# (default ../shared/corpus/games), alternating, ROUNDS times (default 5), and prints files/s,
# the speed-up per round and the median, and checks that both outputs are identical.
# Wall-clock time is what -j buys; user+sys CPU shows what it costs. Each round also times
# the machine's own ceiling for this work: J processes of `sgfcheck -j 1` at once, each on its
# share of the files (no coordination at all), over the one process on all of them; on a VM
# whose cores share more than they say, that ceiling is below J, and -j J cannot pass it.
# Usage: bench/jobs_scaling.sh [DIR] [J] [ROUNDS] [SGFCHECK]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:-$here/../shared/corpus/games}
jobs=${2:-2}
rounds=${3:-5}
bin=${4:-$here/build/sgfcheck}
files=$(find "$dir" -type f -iname '*.sgf' | wc -l)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
find "$dir" -type f -iname '*.sgf' | sort > "$tmp/files"
split -n "r/$jobs" "$tmp/files" "$tmp/share."

# J processes at once, each on its share: prints "wall_seconds"
ceiling() {
  local start end
  start=$(date +%s.%N)
  for f in "$tmp"/share.*; do
    xargs -a "$f" "$bin" -j 1 --no-progress --format=json > /dev/null 2>&1 &
  done
  wait
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}

# One timed run: prints "wall_seconds cpu_seconds max_rss_kb"; output to $tmp/out.J
timed() {
  local j=$1
  /usr/bin/time -f '%e %U %S %M' -o "$tmp/time" "$bin" -j "$j" --no-progress --format=json "$dir" > "$tmp/out.$j" || true
  read -r wall user sys rss < <(tail -n 1 "$tmp/time")
  echo "$wall $(echo "$user + $sys" | bc) $rss"
}

echo "sgfcheck $("$bin" --version | cut -d' ' -f2) on $dir: $files files; -j 1 vs -j $jobs, $rounds rounds, alternating"
printf '%-6s %12s %12s %10s %12s %12s %10s %8s %9s\n' round "j1 wall s" "j1 files/s" "j1 cpu s" "j$jobs wall s" "j$jobs files/s" "j$jobs cpu s" speedup ceiling
ratios=() ceilings=()
for ((r = 1; r <= rounds; r++)); do
  read -r w1 c1 m1 < <(timed 1)
  read -r wj cj mj < <(timed "$jobs")
  wc=$(ceiling)
  ratio=$(echo "scale=3; $w1 / $wj" | bc)
  ceil=$(echo "scale=3; $w1 / $wc" | bc)
  ratios+=("$ratio")
  ceilings+=("$ceil")
  printf '%-6s %12s %12.0f %10s %12s %12.0f %10s %8s %9s\n' "$r" "$w1" "$(echo "$files / $w1" | bc -l)" "$c1" "$wj" \
    "$(echo "$files / $wj" | bc -l)" "$cj" "$ratio" "$ceil"
done
cmp -s "$tmp/out.1" "$tmp/out.$jobs" && echo "outputs of -j 1 and -j $jobs: identical" || { echo "outputs DIFFER"; exit 1; }
median=$(printf '%s\n' "${ratios[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
ceiling=$(printf '%s\n' "${ceilings[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
echo "speed-up (wall, -j $jobs over -j 1): median $median; the machine's ceiling ($jobs processes on shares of the files): median $ceiling; peak RSS -j 1 ${m1} kB, -j $jobs ${mj} kB"
