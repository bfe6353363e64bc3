#!/usr/bin/env bash
# Rebuilds the generated part of the seed corpus (fuzz/seeds/corpus, fuzz/seeds/conformance)
# from ../shared/corpus and conformance/. Deterministic (sorted, every k-th file), so running
# it again gives the same files. fuzz/seeds/hand/ (hand-written edge cases) is not touched.
# fuzz/seeds/diff holds pairs for the unified_diff target: a file, a NUL, and what fix (or
# fmt) writes for it, made with $SGFCHECK (default build/sgfcheck; skipped without it).
#
#   fuzz/make_seeds.sh [SHARED_DIR]        (default: ../shared next to the repository)
set -euo pipefail
export LC_ALL=C
repo="$(cd "$(dirname "$0")/.." && pwd)"
shared="${1:-$repo/../shared}"
out="$repo/fuzz/seeds"
max_bytes=4096  # seeds stay small: libFuzzer mutates small inputs much faster

rm -rf "$out/corpus" "$out/conformance" "$out/diff"
mkdir -p "$out/corpus" "$out/conformance" "$out/hand" "$out/diff"

# category quota: how many files (at most) to take from each category of ../shared/corpus
quota() {
  case "$1" in
    broken|encodings|joseki) echo 1000 ;;  # all the small ones: rare and diverse
    legacy|othergames) echo 60 ;;
    games|problems) echo 50 ;;
    *) echo 20 ;;
  esac
}

if [ -d "$shared/corpus" ]; then
  for dir in "$shared"/corpus/*/; do
    cat=$(basename "$dir")
    mapfile -t files < <(find "$dir" -type f -size -"${max_bytes}"c | sort)
    n=${#files[@]}
    ((n)) || continue
    q=$(quota "$cat")
    step=$(( (n + q - 1) / q ))
    for ((i = 0; i < n; i += step)); do
      f=${files[i]}
      rel=${f#"$shared"/corpus/}
      cp "$f" "$out/corpus/${rel//\//__}"
    done
  done
else
  echo "make_seeds.sh: no $shared/corpus, skipped" >&2
fi

if [ -d "$repo/conformance" ]; then
  while IFS= read -r f; do
    rel=${f#"$repo"/conformance/}
    cp "$f" "$out/conformance/${rel//\//__}"
  done < <(find "$repo/conformance" -path "$repo/conformance/adapters" -prune -o -type f -name '*.sgf' -size -65536c -print | sort)
fi

# Pairs: every 8th corpus seed with fix's output, every 16th with fmt's (--width 40).
sgfcheck="${SGFCHECK:-$repo/build/sgfcheck}"
if [ -x "$sgfcheck" ]; then
  k=0
  for f in "$out"/corpus/*; do
    k=$((k + 1))
    name=$(basename "$f")
    if ((k % 8 == 0)); then
      { cat "$f"; printf '\0'; "$sgfcheck" fix "$f" 2>/dev/null || true; } >"$out/diff/fix__$name"
    fi
    if ((k % 16 == 0)); then
      { cat "$f"; printf '\0'; "$sgfcheck" fmt --width 40 "$f" 2>/dev/null || true; } >"$out/diff/fmt__$name"
    fi
  done
else
  echo "make_seeds.sh: no $sgfcheck, fuzz/seeds/diff not made" >&2
fi

echo "seeds: $(find "$out/corpus" -type f | wc -l) from the corpus, $(find "$out/conformance" -type f | wc -l) from conformance/, $(find "$out/hand" -type f | wc -l) hand-written, $(find "$out/diff" -type f | wc -l) diff pairs"
