"""Prints the site directory of this interpreter relative to its installation prefix.

Debian's python3 puts packages of /usr/local in local/lib/python3/dist-packages; elsewhere
this is lib/pythonX.Y/site-packages. CMake installs the sgfcheck package there, below
CMAKE_INSTALL_PREFIX.
"""
import os
import sys
import sysconfig

scheme = "posix_local" if "posix_local" in sysconfig.get_scheme_names() else None
path = sysconfig.get_path("platlib", scheme) if scheme else sysconfig.get_path("platlib")
base = sysconfig.get_config_var("base") or sys.prefix
if scheme:
    base = os.path.join(base, "local")
try:
    rel = os.path.relpath(path, base)
except ValueError:
    rel = path
if rel.startswith(".."):
    rel = "lib/python%d.%d/site-packages" % sys.version_info[:2]
print(rel)
