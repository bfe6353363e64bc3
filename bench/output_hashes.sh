#!/usr/bin/env bash
# One line per command of sgfcheck over the corpus: the SHA-256 of its stdout, of its stderr
# and its exit status, so that two builds can be compared (`diff <(A) <(B)`): a change that
# must not change findings or outputs (issue 23) shows no difference.
#   check --format=json and text (-j 1 and the default -j), also --lenient, --profile=current;
#   fix, fmt (--dry-run: the diff of each file's output) and dump, per corpus folder;
#   the same on the concatenated collections of bench/make_collection.sh (one file of many
#   game trees each) when they exist.
# Usage: bench/output_hashes.sh [SGFCHECK] [SHARED_DIR]
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$here/build/sgfcheck}
shared=${2:-$here/../shared}
folders=(games legacy problems joseki broken encodings othergames)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

run() {  # NAME ARGS...: prints NAME stdout-hash stderr-hash status
    local name=$1
    shift
    "$bin" "$@" > "$tmp/out" 2> "$tmp/err"
    local status=$?
    # stderr names the temporary folder nowhere; strip the program path from it
    printf '%-58s %.16s %.16s %s\n' "$name" "$(sha256sum < "$tmp/out")" \
        "$(sed "s|$bin|sgfcheck|g" "$tmp/err" | sha256sum)" "$status"
}

cd "$shared/corpus" || exit 2
for d in "${folders[@]}"; do
    run "check --format=json $d" --format=json -q "$d"
    run "check --format=json -j 1 $d" --format=json -j 1 "$d"
    run "check (text) $d" --color=never "$d"
    run "check --format=json --lenient $d" --format=json --lenient "$d"
    run "check --format=json --profile=current $d" --format=json --profile=current "$d"
    run "check --format=sarif $d" --format=sarif "$d"
    run "fix --dry-run $d" fix --dry-run "$d"
    run "fmt --dry-run $d" fmt --dry-run "$d"
    run "dump $d" dump "$d"
done
for f in "$here"/build/bench/*.sgf; do
    [ -f "$f" ] || continue
    n=$(basename "$f")
    run "check --format=json $n" --format=json "$f"
    run "check --format=json -j 2 $n" --format=json -j 2 "$f"
    run "check (text) $n" --color=never "$f"
    run "check --format=json --lenient $n" --format=json --lenient "$f"
    run "check --format=json --profile=current $n" --format=json --profile=current "$f"
    run "fix $n" fix "$f"
    run "fmt $n" fmt "$f"
    run "dump $n" dump "$f"
done
