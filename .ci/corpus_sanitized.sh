#!/usr/bin/env bash
# The real-file corpus (../shared/corpus) through every command that reads a file, with the
# AddressSanitizer + UBSan build (issue 20): check, check --lenient, dump, fmt --dry-run,
# fix --dry-run, and fmt and fix writing (--in-place over copies in a scratch folder: the
# -o and --in-place write path). Fails on any sanitizer report, any signal and any exit
# status other than 0 and 1, naming the command and the file.
#
#   .ci/corpus_sanitized.sh [BUILD_DIR]          (default build-asan; its sgfcheck)
#
# The whole corpus (9,867 files) takes longer than CI can give it; by default each run takes
# a sample of SGF_CORPUS_SAMPLE files (default 1500) drawn with a seed that is printed, so
# that a failure is reproduced with the same seed. Environment:
#   SGF_CORPUS_SEED=N     the seed (default: a new one each run)
#   SGF_CORPUS_SAMPLE=N   files per run; "all" for the whole corpus (.ci/corpus_sanitized.sh
#                         with SGF_CORPUS_SAMPLE=all is the local full run)
#   SGF_CORPUS_JOBS=N     processes at a time (default 2)
#   SGF_SHARED_DIR=DIR    the shared folder (default ../shared beside the repository)
set -uo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$repo/build-asan}"
sgfcheck="$build/sgfcheck"
shared="${SGF_SHARED_DIR:-$repo/../shared}"
seed="${SGF_CORPUS_SEED:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}"
sample="${SGF_CORPUS_SAMPLE:-1500}"
jobs="${SGF_CORPUS_JOBS:-2}"
batch=40  # files per process: a report names the batch, then each file is run alone

[ -x "$sgfcheck" ] || { echo "corpus_sanitized: no $sgfcheck (build the ASan configuration first)" >&2; exit 2; }
[ -d "$shared/corpus" ] || { echo "corpus_sanitized: no $shared/corpus" >&2; exit 2; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# A sanitizer report is an exit status no command has (and is looked for in stderr too).
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}:exitcode=86"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1}:halt_on_error=1:exitcode=87"

find "$shared/corpus" -type f -name '*.sgf' | LC_ALL=C sort >"$work/all"
total=$(wc -l <"$work/all")
if [ "$sample" = all ] || [ "$sample" -ge "$total" ]; then
  cp "$work/all" "$work/files"
  echo "corpus_sanitized: all $total files of $shared/corpus"
else
  shuf -n "$sample" --random-source=<(yes "$seed") "$work/all" | LC_ALL=C sort >"$work/files"
  echo "corpus_sanitized: $sample of $total files, seed $seed (SGF_CORPUS_SEED=$seed SGF_CORPUS_SAMPLE=$sample to repeat; SGF_CORPUS_SAMPLE=all for every file)"
fi
split -l "$batch" -d -a 4 "$work/files" "$work/batch."

commands=("check" "check --lenient" "dump" "fmt --dry-run" "fix --dry-run" "fmt --in-place" "fix --in-place")

# Runs one command on files (one or a batch); prints nothing when all went well, else one
# line per problem. In-place commands run on copies in a folder of their own.
run() {
  local cmd="$1" list="$2" tag="$3" dir err status
  local -a files
  mapfile -t files <"$list"
  err="$work/err.$tag"
  if [[ $cmd == *--in-place* ]]; then
    dir="$work/copy.$tag"
    rm -rf "$dir" && mkdir -p "$dir"
    local i=0
    for f in "${files[@]}"; do cp "$f" "$dir/$i.sgf"; i=$((i + 1)); done
    chmod -R u+w "$dir"  # (the corpus is read-only, and fix and fmt do not replace a read-only file)
    # shellcheck disable=SC2086
    "$sgfcheck" $cmd "$dir" >/dev/null 2>"$err"
    status=$?
    rm -rf "$dir"
  else
    # shellcheck disable=SC2086
    "$sgfcheck" $cmd -- "${files[@]}" >/dev/null 2>"$err"
    status=$?
  fi
  if [ "$status" -gt 1 ] || grep -qE '^(==[0-9]+==ERROR|SUMMARY: (Address|Undefined|Leak)Sanitizer)|runtime error:' "$err"; then
    echo "FAILED: sgfcheck $cmd (exit $status) on ${files[*]}"
    grep -m3 -E '==ERROR|runtime error:|SUMMARY' "$err" | sed 's/^/    /'
  fi
  rm -f "$err"
}

# One batch through one command; a failed batch is run again file by file to name the files.
batch_job() {
  local ci="$1" b="$2" cmd="${commands[$1]}" out r one=""
  out=$(run "$cmd" "$b" "$ci.$(basename "$b")")
  [ -z "$out" ] && return
  while IFS= read -r f; do
    printf '%s\n' "$f" >"$b.one.$ci"
    r=$(run "$cmd" "$b.one.$ci" "$ci.one.$(basename "$b")")
    [ -n "$r" ] && one+="$r"$'\n'
  done <"$b"
  rm -f "$b.one.$ci"
  printf '%s\n' "${one:-$out (each file alone passes)}" | sed '/^$/d'
}

failed=0
for ci in "${!commands[@]}"; do
  start=$(date +%s%N)
  for b in "$work"/batch.*; do
    [[ $b == *.one.* ]] && continue
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
    batch_job "$ci" "$b" >>"$work/report" &
  done
  wait
  ms=$((($(date +%s%N) - start) / 1000000))
  printf 'corpus_sanitized: %-16s %5d files in %4d.%d s wall\n' "${commands[$ci]}" "$(wc -l <"$work/files")" $((ms / 1000)) $((ms % 1000 / 100))
done
if [ -s "$work/report" ]; then
  cat "$work/report"
  failed=1
fi
if [ "$failed" -ne 0 ]; then
  echo "corpus_sanitized: FAILED (seed $seed)" >&2
  exit 1
fi
echo "corpus_sanitized: every command passed on every file (seed $seed)"
