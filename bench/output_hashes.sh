#!/usr/bin/env bash
# One line per command of sgfcheck over the corpus: the SHA-256 of its stdout, of its stderr
# and its exit status, so that two builds can be compared (`diff <(A) <(B)`): a change that
# must not change findings or outputs (issue 23) shows no difference.
#   check --format=json and text (-j 1 and the default -j), also --lenient, --profile=current;
#   fix and fmt (--in-place on a copy: every file they write) and dump, per corpus folder;
#   the same on the concatenated collections of bench/make_collection.sh (one file of many
#   game trees each) when they exist.
# Usage: bench/output_hashes.sh [SGFCHECK] [SHARED_DIR]
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$here/build/sgfcheck}
shared=${2:-$here/../shared}
# Absolute paths: the script runs from the corpus folder (a relative build/sgfcheck was not found).
bin=$(realpath "$bin") || { echo "output_hashes: no program $1" >&2; exit 2; }
shared=$(realpath "$shared") || { echo "output_hashes: no folder $2" >&2; exit 2; }
folders=(games legacy problems joseki broken encodings othergames)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# What differs between two builds but the findings: the program's path, the docs URL of SARIF
# (the source folder), the folder fix and fmt write in.
normal() { sed -e "s|$bin|sgfcheck|g" -e 's|file://[^"]*/docs/|docs/|g' -e "s|$tmp/[a-z]*/||g"; }

run() {  # NAME ARGS...: prints NAME stdout-hash stderr-hash status
    local name=$1
    shift
    "$bin" "$@" > "$tmp/out" 2> "$tmp/err"
    local status=$?
    printf '%-58s %.16s %.16s %s\n' "$name" "$(normal < "$tmp/out" | sha256sum)" "$(normal < "$tmp/err" | sha256sum)" \
        "$status"
}

# fix and fmt --in-place on a copy of folder $2: the hash of every file written, by name.
in_place() {  # COMMAND FOLDER
    rm -rf "$tmp/copy"
    cp -r "$2" "$tmp/copy"
    chmod -R u+w "$tmp/copy"  # (the corpus is read-only: fix and fmt refuse to replace read-only files)
    run "$1 --in-place $2" "$1" --in-place "$tmp/copy"
    printf '%-58s %.16s\n' "  files after $1 $2" "$(cd "$tmp/copy" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum)"
}

cd "$shared/corpus" || exit 2
for d in "${folders[@]}"; do
    run "check --format=json $d" --format=json -q "$d"
    run "check --format=json -j 1 $d" --format=json -j 1 "$d"
    run "check (text) $d" --color=never "$d"
    run "check --format=json --lenient $d" --format=json --lenient "$d"
    run "check --format=json --profile=current $d" --format=json --profile=current "$d"
    run "check --format=sarif $d" --format=sarif "$d"
    in_place fix "$d"
    in_place fmt "$d"
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
