#!/usr/bin/env bash
# A fresh clone tests green (issue 13), checked by ctest on every run (test fresh_clone): the
# tests that can reach ../shared run as in a clone without it beside the checkout
# (SGF_TEST_SHARED_DIR names a folder that does not exist, SGF_NO_SKIP is unset), and each
# must pass or skip saying which folder it needs.
#
# Which tests can reach ../shared: the C++ suites reach it only through tests/shared_dir.hpp
# (shared_dir, have_shared, SGF_NEEDS_SHARED, skip_test) and the Python ones only through
# conftest.py (shared, SHARED_DIR, skip_or_fail); this script checks that nothing else
# names the folder, then runs every test case of each C++ source file that uses those names
# (doctest --source-file) and every Python test function that does (by its source). Tests
# that cannot reach ../shared do the same with or without it and are not run twice.
# tests/fresh_clone.sh is the full check by hand: a real clone, built and tested with the
# README's commands.
# Usage: tests/fresh_clone_test.sh SOURCE_DIR SGF_TESTS [PYTHON]
set -uo pipefail
src=$1
tests=$2
python=${3:-}
work=$(mktemp -d /tmp/sgfcheck_fresh_clone.XXXXXX)
trap 'rm -rf "$work"' EXIT
export SGF_TEST_SHARED_DIR=$work/shared  # never created
unset SGF_NO_SKIP SGF_SHARED_DIR
status=0
fail() { echo "FAILED: $*"; status=1; }

# --- nothing reaches ../shared but through the helpers ------------------------------------
cd "$src/tests" || exit 2
code_naming() {  # REGEX FILE...: files with REGEX in code (before any //)
  local re=$1; shift
  grep -l -E "^([^/]|/[^/])*($re)" -- "$@"
}
bypass=$(code_naming 'SGF_SHARED_DIR|SGF_TEST_SHARED_DIR' *.cpp *.hpp | grep -v -x -E 'shared_dir.hpp|shared_skip_test.cpp')
[ -z "$bypass" ] || fail "these name the shared folder without tests/shared_dir.hpp: $bypass"
wrappers=$(code_naming '\bshared_dir\(|have_shared\(|SGF_NEEDS_SHARED\(' *.hpp | grep -v -x 'shared_dir.hpp')
[ -z "$wrappers" ] || fail "headers that reach ../shared for their includers (list those includers here): $wrappers"
mapfile -t users < <(code_naming '\bshared_dir\(|have_shared\(|SGF_NEEDS_SHARED\(' *.cpp | grep -v -x 'shared_skip_test.cpp')
((${#users[@]} > 3)) || fail "only ${#users[@]} test files use ../shared: the search is broken"
pybypass=$(grep -l -E '^[^#]*(SGF_SHARED_DIR|SGF_TEST_SHARED_DIR|\.\./shared)' -- "$src"/python/tests/test_*.py)
[ -z "$pybypass" ] || fail "Python tests that name the shared folder without conftest.shared(): $pybypass"

# Every skip says what it needs; a skip without a reason is a failure.
check_skips() {  # NAME LOG
  local bad
  bad=$(grep -E "SGF_TEST_SKIPPED|^SKIPPED" "$2" | grep -v -E "SGF_TEST_SKIPPED: needs |^SKIPPED \[[0-9]+\] [^:]+:[0-9]+: needs " || true)
  [ -z "$bad" ] || fail "$1: skipped without saying what it needs: $bad"
  echo "$1: $(grep -c -E "needs \.\./shared" "$2") skipped for want of ../shared"
}

# --- the C++ suites -----------------------------------------------------------------------
filter=$(printf '*/%s,' "${users[@]}")
log=$work/cxx.log
"$tests" --no-colors=true "--source-file=${filter%,}" > "$log" 2>&1
s=$?
echo "sgf_tests, the test cases of ${users[*]}:"
grep -E "^\[doctest\] (test cases|assertions)" "$log"
if [ $s -ne 0 ]; then
  grep -B3 -A12 -E "ERROR|FATAL" "$log" | head -80
  fail "sgf_tests without ../shared (exit $s)"
fi
check_skips sgf_tests "$log"

# --- the Python suites --------------------------------------------------------------------
if [ -n "$python" ]; then
  if ! "$python" -c "import pytest" 2>/dev/null; then
    echo "the Python half: not run (no pytest for $python; python_tests says the same)"
  else
    # the test functions whose source uses conftest's shared(), SHARED_DIR or skip_or_fail()
    mapfile -t ids < <("$python" - "$src/python/tests" <<'PY'
import ast, pathlib, sys
names = {"shared", "SHARED_DIR", "skip_or_fail"}
for f in sorted(pathlib.Path(sys.argv[1]).glob("test_*.py")):
    tree = ast.parse(f.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
            if any(isinstance(n, ast.Name) and n.id in names for n in ast.walk(node)):
                print("%s::%s" % (f.name, node.name))
PY
)
    ((${#ids[@]} > 0)) || fail "no Python test uses ../shared: the search is broken"
    plog=$work/python.log
    (cd "$src/python/tests" && "$python" -m pytest -q -rs -p no:cacheprovider "${ids[@]}") > "$plog" 2>&1
    s=$?
    echo "pytest, ${#ids[@]} test functions that use ../shared:"
    tail -1 "$plog"
    if [ $s -ne 0 ]; then
      grep -E "FAILED|Error|error" "$plog" | head -40
      fail "the Python tests without ../shared (exit $s)"
    fi
    check_skips pytest "$plog"
  fi
fi
exit $status
