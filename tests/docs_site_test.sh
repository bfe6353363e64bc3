#!/usr/bin/env bash
# The documentation site builds and no link is broken (ctest docs_site, issue 24): every
# relative link and anchor of README.md and docs/*.md leads somewhere and every page of docs/
# is in mkdocs.yml's nav (tests/docs_links.py); mkdocs builds the site with --strict (any
# warning fails) into BUILD_DIR/docs-site, never into the source tree; then every link and
# anchor of the built pages is checked too (mkdocs 1.4 checks links to files, not anchors).
# Without python3 or mkdocs the test skips saying which package it needs; under
# SGF_NO_SKIP=1 (CI) that is a failure.
# Usage: tests/docs_site_test.sh SOURCE_DIR BUILD_DIR
set -uo pipefail
src=$1 build=$2
need() {
  if [ "${SGF_NO_SKIP:-}" = 1 ]; then echo "FAILED: SGF_NO_SKIP=1 and this test needs $*"; exit 1; fi
  echo "SGF_TEST_SKIPPED: needs $*"
  exit 0
}
command -v python3 >/dev/null || need "python3 (Debian python3; .ci/setup installs it) to check the links"
python3 "$src/tests/docs_links.py" "$src" || exit 1
command -v mkdocs >/dev/null ||
  need "mkdocs (Debian mkdocs; .ci/setup installs it) to build the site (the Markdown links were checked)"
mkdir -p "$build" || exit 1
site=$build/docs-site
log=$build/docs-site.log
mkdocs build --strict --clean --config-file "$src/mkdocs.yml" --site-dir "$site" > "$log" 2>&1
status=$?
cat "$log"
[ $status -eq 0 ] || { echo "FAILED: mkdocs build --strict (exit $status)"; exit 1; }
! grep -q WARNING "$log" || { echo "FAILED: mkdocs warned"; exit 1; }
python3 "$src/tests/docs_links.py" "$src" "$site"
