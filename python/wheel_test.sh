#!/usr/bin/env bash
# ctest python_wheel: the wheel built offline (pip wheel --no-build-isolation, Debian's
# setuptools and wheel, no registry) from a copy of python/ in a temporary folder, reusing
# the module this build made (SGF_PYTHON_MODULE: the C++ files are not compiled twice),
# installed with pip --no-index into a fresh venv, and used there from outside the source
# and build trees: import sgfcheck, and python -m sgfcheck FILE with its exit statuses.
#   wheel_test.sh PYTHON SOURCE_DIR MODULE VERSION
set -euo pipefail
python=$1 source=$2 module=$3 version=$4
if ! "$python" -c 'import ensurepip, setuptools, wheel, pip' 2>/dev/null; then
  why="needs python3-venv, python3-setuptools, python3-wheel and python3-pip for $python (.ci/setup installs them)"
  if [ "${SGF_NO_SKIP:-}" = 1 ]; then echo "SGF_NO_SKIP=1 and this test $why"; exit 1; fi
  echo "SGF_TEST_SKIPPED: $why"; exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/src"
cp "$source/python/pyproject.toml" "$source/python/setup.py" "$source/python/README.md" "$tmp/src/"
mkdir "$tmp/src/sgfcheck"
cp "$source"/python/sgfcheck/*.py "$source"/python/sgfcheck/*.pyi "$source"/python/sgfcheck/py.typed "$tmp/src/sgfcheck/"
cd "$tmp"
export PYTHONDONTWRITEBYTECODE=1 PIP_NO_INPUT=1 PIP_DISABLE_PIP_VERSION_CHECK=1
unset PYTHONPATH
SGF_PYTHON_MODULE=$module SGF_VERSION=$version "$python" -m pip wheel -q --no-build-isolation --no-deps --no-index -w dist ./src
wheel=$(ls dist/sgfcheck-"$version"-*.whl)
echo "built $(basename "$wheel"): $(stat -c %s "$wheel") bytes"
"$python" - "$wheel" <<'PY'
import sys, zipfile
names = zipfile.ZipFile(sys.argv[1]).namelist()
print("\n".join("  " + n for n in names))
need = ["sgfcheck/__init__.py", "sgfcheck/__init__.pyi", "sgfcheck/__main__.py", "sgfcheck/py.typed", "sgfcheck/dask.py"]
missing = [n for n in need if n not in names] + ([] if any(n.startswith("sgfcheck/_sgfcheck") and n.endswith(".so") for n in names) else ["sgfcheck/_sgfcheck*.so"])
assert not missing, "not in the wheel: %s" % missing
assert "-linux_" in sys.argv[1] or "-manylinux" in sys.argv[1], "a wheel with a compiled module is platform-specific: " + sys.argv[1]
PY
"$python" -m venv venv
venv/bin/python -m pip install -q --no-index "$wheel"
venv/bin/python -c 'import sgfcheck, sys, os
assert os.path.realpath(sgfcheck.__file__).startswith(os.path.realpath("venv")), sgfcheck.__file__
assert [d.code for d in sgfcheck.check(b"(;FF[4]GM[1]SZ[19];B[dd]B[pp])")] == ["E201"]
print("imported", sgfcheck.__version__, "from", sgfcheck.__file__)'
printf '(;FF[4]GM[1]SZ[19];B[dd];W[pp])' > clean.sgf
printf '(;FF[4]GM[1]SZ[19];B[dd]B[pp])' > twice.sgf
status() { set +e; venv/bin/python -m sgfcheck "$@" > out.txt 2> err.txt; echo $?; set -e; }
[ "$(status clean.sgf)" = 0 ] || { cat out.txt err.txt; echo "python -m sgfcheck clean.sgf: not 0"; exit 1; }
[ "$(status twice.sgf)" = 1 ] || { cat out.txt err.txt; echo "python -m sgfcheck twice.sgf: not 1"; exit 1; }
grep -q '^twice.sgf:1:25: error\[E201\]: ' out.txt || { cat out.txt; echo "no located E201"; exit 1; }
[ "$(status missing.sgf)" = 2 ] || { cat out.txt err.txt; echo "python -m sgfcheck missing.sgf: not 2"; exit 1; }
echo "python_wheel: ok"
