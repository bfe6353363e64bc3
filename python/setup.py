"""Builds the sgfcheck wheel: the package of this folder and the C++ module sgfcheck._sgfcheck.

The module is built by the project's CMake (one build definition: ../CMakeLists.txt with
SGF_PYTHON=ON, target sgfcheck_python), not by setuptools' compiler: or, when the
environment variable SGF_PYTHON_MODULE names a module already built for this Python
(build/python/sgfcheck/_sgfcheck*.so), that file is copied (ctest python_wheel does so, so
that the ~100 C++ files are not compiled twice). SGF_CMAKE_ARGS adds CMake options, e.g.
"-DCMAKE_CXX_COMPILER_LAUNCHER=ccache"; SGF_BUILD_JOBS the parallel jobs (default 2).
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent  # the CMake project


def version():
    """The project's version, as CMakeLists.txt's project() declares it."""
    for base in (ROOT, HERE):
        f = base / "CMakeLists.txt"
        if f.exists():
            m = re.search(r"project\(\s*sgfcheck\s+VERSION\s+([0-9.]+)", f.read_text())
            if m:
                return m.group(1)
    return os.environ.get("SGF_VERSION", "0.0.0")


class cmake_build_ext(build_ext):
    def build_extension(self, ext):
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        given = os.environ.get("SGF_PYTHON_MODULE")
        if given:
            built = Path(given)
            if not built.name.endswith(suffix):
                sys.exit("SGF_PYTHON_MODULE=%s is not built for this Python (%s, suffix %s)" % (given, sys.executable, suffix))
        else:
            if not (ROOT / "CMakeLists.txt").exists():
                sys.exit("setup.py builds the module with CMake from the source tree (%s has no CMakeLists.txt); or set "
                         "SGF_PYTHON_MODULE to a module built for this Python" % ROOT)
            build = Path(self.build_temp).resolve() / "cmake"
            subprocess.check_call(["cmake", "-S", str(ROOT), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release", "-DSGF_PYTHON=ON",
                                   "-DSGF_BUILD_TESTS=OFF", "-DSGF_BUILD_BENCH=OFF", "-DPython_EXECUTABLE=" + sys.executable,
                                   *shlex.split(os.environ.get("SGF_CMAKE_ARGS", ""))])
            subprocess.check_call(["cmake", "--build", str(build), "--target", "sgfcheck_python", "-j",
                                   os.environ.get("SGF_BUILD_JOBS", "2")])
            found = sorted((build / "python" / "sgfcheck").glob("_sgfcheck*" + suffix))
            if not found:
                sys.exit("CMake built no _sgfcheck*%s in %s" % (suffix, build / "python" / "sgfcheck"))
            built = found[0]
        shutil.copyfile(built, target)


setup(
    version=version(),
    packages=["sgfcheck"],
    package_data={"sgfcheck": ["py.typed", "*.pyi"]},
    ext_modules=[Extension("sgfcheck._sgfcheck", sources=[])],
    cmdclass={"build_ext": cmake_build_ext},
    zip_safe=False,
)
