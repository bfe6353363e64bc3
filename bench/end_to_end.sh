#!/usr/bin/env bash
# The end-to-end target (docs/performance.md): `sgfcheck FILE`, the whole process (read, parse,
# full check with the Go replay, output as text and as JSON), against the streaming
# byte-classify loop over the same file (sgf_classify_bench --stream: the file read through
# one reused 1 MiB buffer, one table lookup per byte), alternating ROUNDS times; with OLD (the
# same program built from the commit to compare with) in the same rounds.
# Prints CPU MB/s (user+sys) of each run, the medians, sgfcheck's share of the loop's speed,
# and peak RSS over the file size.
# Input: ../shared/corpus/games concatenated COPIES times (default 4: 46 MB, the size the
# performance targets of docs/performance.md are measured on).
# Usage: bench/end_to_end.sh [ROUNDS] [COPIES] [SGFCHECK] [CLASSIFY] [OLD_SGFCHECK]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
rounds=${1:-5}
copies=${2:-4}
bin=${3:-$here/build/sgfcheck}
classify=${4:-$here/build/bench/sgf_classify_bench}
old=${5:-}
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
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

names=(text json)
args_text=(--color=never -q)
args_json=(--format=json -q)
declare -A speed share rss
echo "input: $input ($mb MB), $rounds rounds alternating; load: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-6s %10s' round "loop MB/s"
for v in new old; do
  [ "$v" = old ] && [ -z "$old" ] && continue
  for n in "${names[@]}"; do printf ' %9s %6s %5s' "$v $n" share RSS; done
done
echo
loops=()
for ((r = 1; r <= rounds; r++)); do
  read -r cl _ < <(timed "$classify" --stream "$input")
  loops+=("$(echo "scale=1; $mb / $cl" | bc)")
  printf '%-6s %10s' "$r" "${loops[-1]}"
  for v in new old; do
    [ "$v" = old ] && [ -z "$old" ] && continue
    b=$bin; [ "$v" = old ] && b=$old
    for n in "${names[@]}"; do
      eval "a=(\"\${args_$n[@]}\")"
      read -r cs kb < <(timed "$b" "${a[@]}" "$input")
      s=$(echo "scale=1; $mb / $cs" | bc)
      sh=$(echo "scale=3; $cl / $cs" | bc)
      x=$(echo "scale=2; $kb * 1024 / $bytes" | bc)
      speed[$v.$n]+="$s " share[$v.$n]+="$sh " rss[$v.$n]+="$x "
      printf ' %9s %6s %5s' "$s" "$sh" "$x"
    done
  done
  echo
done
echo "median: streaming loop $(median "${loops[@]}") MB/s"
for v in new old; do
  [ "$v" = old ] && [ -z "$old" ] && continue
  for n in "${names[@]}"; do
    # shellcheck disable=SC2086
    echo "median: $v sgfcheck ($n) $(median ${speed[$v.$n]}) MB/s, share $(median ${share[$v.$n]}), peak RSS $(median ${rss[$v.$n]})x the input"
  done
done
