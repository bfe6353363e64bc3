#!/usr/bin/env bash
# Builds a large archive for directory runs: N files (default 100,000) copied round-robin
# from ../shared/corpus/games into OUT/NNN/ folders of 1,000 files each (real copies, not
# links: a checker must read each one).
# Usage: bench/make_archive.sh [N] [OUT] [SHARED_DIR]   (default OUT: /tmp/sgf_archive_N)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
n=${1:-100000}
out=${2:-/tmp/sgf_archive_$n}
shared=${3:-$here/../shared}
rm -rf "$out"
# One process for the copies (a cp per file took 4 minutes per 1,000 files on a loaded VM).
python3 - "$n" "$out" "$shared/corpus/games" <<'PY'
import os, shutil, sys
n, out, games = int(sys.argv[1]), sys.argv[2], sys.argv[3]
src = sorted((os.path.join(d, f) for d, _, fs in os.walk(games) for f in fs if f.endswith(".sgf")),
             key=os.fsencode)  # LC_ALL=C order
for i in range(n):
    folder = "%s/%03d" % (out, i // 1000)
    if i % 1000 == 0:
        os.makedirs(folder, exist_ok=True)
    shutil.copyfile(src[i % len(src)], "%s/%06d.sgf" % (folder, i))
PY
echo "$out: $n files, $(du -s --apparent-size -BM "$out" | cut -f1)"
