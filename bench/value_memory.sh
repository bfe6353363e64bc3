#!/bin/sh
# Peak memory of fmt, dump and fix on a file holding one 200 MB value (the target of
# docs/performance.md: at most 2.5x the input). Prints, per command, the peak RSS and its ratio to the file size.
#   bench/value_memory.sh [SGFCHECK] [MB] [ascii|latin1|utf16]   (defaults: build/sgfcheck, 200, ascii)
# latin1: the value is MB of 0xE9 (e-acute) in a CA[ISO-8859-1] file, twice as long in UTF-8.
# utf16: MB of ASCII text in a UTF-16LE file with its byte order mark (converted to UTF-8 as a
# whole, half as long; fmt writes it back in UTF-16).
set -eu
bin=${1:-build/sgfcheck}
mb=${2:-200}
kind=${3:-ascii}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM  # (a trap that only cleaned up would let the script go on)
f="$tmp/value.sgf"
case $kind in
  ascii) { printf '(;FF[4]GM[1]C['; head -c $((mb * 1024 * 1024)) /dev/zero | tr '\0' 'x'; printf '])'; } > "$f" ;;
  latin1) { printf '(;FF[4]GM[1]CA[ISO-8859-1]C['; head -c $((mb * 1024 * 1024)) /dev/zero | tr '\0' '\351'; printf '])'; } > "$f" ;;
  utf16) { printf '\377\376'; { printf '(;FF[4]GM[1]C['; head -c $((mb * 1024 * 1024 / 2)) /dev/zero | tr '\0' 'x'; printf '])'; } |
           iconv -f US-ASCII -t UTF-16LE; } > "$f" ;;
  *) echo "kind must be ascii, latin1 or utf16" >&2; exit 2 ;;
esac
size=$(stat -c %s "$f")
for cmd in fmt dump fix check; do
  if [ "$cmd" = check ]; then set -- "$f"; else set -- "$cmd" "$f"; fi
  /usr/bin/time -f '%M' -o "$tmp/rss" "$bin" "$@" > /dev/null 2> /dev/null || true
  kb=$(tail -1 "$tmp/rss")
  awk -v c="$cmd" -v kb="$kb" -v s="$size" 'BEGIN { printf "%-5s peak RSS %7.1f MB = %.2fx the input (%.1f MB)\n", c, kb / 1024, kb * 1024 / s, s / 1048576 }'
done
