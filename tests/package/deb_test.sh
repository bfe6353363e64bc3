#!/usr/bin/env bash
# The Debian package (issue 24), installed and used in a clean place: cpack makes
# sgfcheck_VERSION_ARCH.deb from this build; dpkg -i installs it into a scratch root (its
# own dpkg database, nothing of the machine's touched); there the program checks a file
# (exit 1 and a located finding for a broken one, 0 for a clean one), its man page and bash
# completion are where man and bash-completion look, and a consumer project builds against
# the installed library with find_package(sgf) and runs.
# Usage: tests/package/deb_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1 src=$2
for t in cpack dpkg dpkg-deb; do
  command -v "$t" >/dev/null || { echo "FAILED: needs $t"; exit 1; }
done
work=$build/package-test/deb
rm -rf "$work" && mkdir -p "$work"
(cd "$build" && cpack -G DEB -B "$work/out" >"$work/cpack.log" 2>&1) || { tail -20 "$work/cpack.log"; echo "FAILED: cpack"; exit 1; }
deb=$(ls "$work"/out/sgfcheck_*_*.deb)
echo "package: $(basename "$deb") ($(stat -c %s "$deb") bytes)"
dpkg-deb -f "$deb" Package Version Architecture Depends
[ "$(dpkg-deb -f "$deb" Package)" = sgfcheck ] || { echo "FAILED: package name"; exit 1; }
# A scratch root with a database of its own: dpkg --root installs there as it would in /.
root=$work/root
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates"
: >"$root/var/lib/dpkg/status"
dpkg --root="$root" --log=/dev/null --force-depends --force-not-root --force-script-chrootless -i "$deb" >"$work/dpkg.log" 2>&1 ||
  { cat "$work/dpkg.log"; echo "FAILED: dpkg -i"; exit 1; }
# (grep -q on a here-string, not at the end of a pipe: under pipefail a writer that grep -q
# left early dies of SIGPIPE and fails the pipe, which failed this test once on a loaded machine)
installed=$(dpkg --root="$root" -s sgfcheck)
grep -q '^Status: install ok installed' <<<"$installed" || { echo "FAILED: not installed"; exit 1; }
for f in usr/bin/sgfcheck usr/share/man/man1/sgfcheck.1 usr/share/bash-completion/completions/sgfcheck \
         usr/include/sgf/parse.hpp usr/lib/cmake/sgf/sgf-config.cmake usr/share/doc/sgfcheck/diagnostics.md; do
  [ -e "$root/$f" ] || { echo "FAILED: the package has no /$f"; exit 1; }
done
# The README's links into docs/ lead to installed pages (the documentation beside it).
doc=$root/usr/share/doc/sgfcheck
links=$(grep -o '](docs/[^)#]*' "$doc/README.md" | cut -c3- | sort -u)
[ -n "$links" ] || { echo "FAILED: the installed README links to no page of docs/"; exit 1; }
for page in $links; do
  [ -e "$doc/$page" ] || { echo "FAILED: the installed README links to $page, which is not installed"; exit 1; }
done
# Nothing of the build folder or the source tree leaks into the installed files.
if grep -rlF "$build" "$root/usr/lib/cmake" "$root/usr/bin" 2>/dev/null; then echo "FAILED: a path of the build folder in the package"; exit 1; fi
# The program, run from the install (not the build), on a clean and a broken file.
sgfcheck=$root/usr/bin/sgfcheck
"$sgfcheck" version
printf '(;FF[4]GM[1]SZ[9];B[ee];W[cc])\n' >"$work/clean.sgf"
printf '(;FF[4]GM[1]SZ[9];B[ee];W[cc]\n' >"$work/broken.sgf"
"$sgfcheck" "$work/clean.sgf" || { echo "FAILED: the installed sgfcheck rejects a clean file"; exit 1; }
set +e
out=$("$sgfcheck" "$work/broken.sgf" 2>&1)
rc=$?
set -e
echo "$out"
[ $rc -eq 1 ] || { echo "FAILED: exit $rc for a broken file (1 expected)"; exit 1; }
grep -q 'broken.sgf:2:1' <<<"$out" || { echo "FAILED: no located finding"; exit 1; }
# SARIF from the installed program: no link to a file of some machine (helpUri only for a
# hosted docs page, SGF_DOCS_URL), and each rule's help, with its spec sentence, in the log.
"$sgfcheck" --format=sarif "$work/broken.sgf" >"$work/out.sarif" || true
grep -q '"helpUri":"file:' "$work/out.sarif" && { echo "FAILED: SARIF links to a file"; exit 1; }
grep -q '"help":{"text":' "$work/out.sarif" || { echo "FAILED: SARIF rules without their help"; exit 1; }
grep -q 'GameTree' "$work/out.sarif" || { echo "FAILED: SARIF help without the spec sentence of E004"; exit 1; }
man -l "$root/usr/share/man/man1/sgfcheck.1" 2>/dev/null | grep -q sgfcheck || command -v man >/dev/null || echo "(no man program: the page is only checked to exist)"
# A consumer project against the installed package.
cmake -S "$src/tests/consumer" -B "$work/consumer" -DCMAKE_PREFIX_PATH="$root/usr" -DCMAKE_BUILD_TYPE=Release >"$work/consumer.log" 2>&1 &&
  cmake --build "$work/consumer" >>"$work/consumer.log" 2>&1 || { tail -30 "$work/consumer.log"; echo "FAILED: the consumer does not build against the package"; exit 1; }
grep -q "$root/usr/lib/cmake/sgf" "$work/consumer/CMakeCache.txt" || { echo "FAILED: the consumer found another sgf package"; exit 1; }
(cd "$work" && ./consumer/consumer) || { echo "FAILED: the consumer does not run"; exit 1; }
echo "deb package installed into $root and used there"
