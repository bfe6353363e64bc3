#!/usr/bin/env bash
# Runs two builds of a benchmark alternately (old, new, old, new, ...) so that this machine's
# drift hits both alike; prints each run's result lines prefixed with old/new.
# Usage: bench/alternate.sh OLD_BENCH NEW_BENCH ROUNDS ARGS...
#   e.g. bench/alternate.sh build-main/bench/sgf_parse_bench build/bench/sgf_parse_bench 3 \
#          build/bench/games.sgf --mode replay
# (OLD_BENCH: the same program built from the commit to compare with, in a second build dir.)
set -euo pipefail
old=$1 new=$2 rounds=$3
shift 3
for ((i = 1; i <= rounds; ++i)); do
    "$old" "$@" | grep -v '^(thread CPU time)' | sed 's/^/old: /'
    "$new" "$@" | grep -v '^(thread CPU time)' | sed 's/^/new: /'
done
