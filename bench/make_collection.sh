#!/usr/bin/env bash
# Builds a benchmark input: every file of ../shared/corpus/games (or of the corpus folders
# named after OUT) concatenated into one SGF collection (a Collection is one or more
# GameTrees), in a stable order.
# Usage: bench/make_collection.sh [SHARED_DIR] [OUT] [FOLDER...]
#   default OUT: build/bench/games.sgf; default FOLDER: games
#   e.g. bench/make_collection.sh ../shared build/bench/problems.sgf problems joseki
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
shared=${1:-$here/../shared}
out=${2:-$here/build/bench/games.sgf}
shift $(($# < 2 ? $# : 2))
folders=("${@:-games}")
dirs=()
for f in "${folders[@]}"; do dirs+=("$shared/corpus/$f"); done
mkdir -p "$(dirname "$out")"
find "${dirs[@]}" -type f -name '*.sgf' -print0 | LC_ALL=C sort -z | xargs -0 cat > "$out.tmp"
mv "$out.tmp" "$out"
echo "$out: $(wc -c < "$out") bytes, $(find "${dirs[@]}" -type f -name '*.sgf' | wc -l) files"
