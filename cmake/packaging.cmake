# The Debian package (issue 24): `cpack -G DEB` in a build folder (or `cmake --build build
# --target package`) makes sgfcheck_VERSION_ARCH.deb with the program, its man page and bash
# completion, and the library with its headers and CMake package (find_package(sgf)). The
# Python module ships as a wheel (python/setup.py) and the WebAssembly package as an npm
# tarball (web/), so the deb holds only the default component (not the python one).
# tests/package/deb_test.sh (ctest package_deb) installs the deb into a scratch root and uses it there.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME sgfcheck)
set(CPACK_PACKAGE_VENDOR sgfcheck)
set(CPACK_PACKAGE_CONTACT "sgfcheck developers <sgfcheck@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "SGF (Smart Game Format) conformance checker and C++20 library")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "SGF (Smart Game Format) conformance checker and C++20 library
 sgfcheck parses and checks SGF game records (Go, Hex, Lines of Action, ...) against
 the FF[4] specification: located findings with stable codes, fix and fmt that keep
 every byte they do not understand, JSON and SARIF output for CI, and a C++20
 library (sgf::sgf, find_package(sgf)) with an immutable tree and typed values.")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The public typed_value.hpp includes Boost.Variant2: a program built on the library needs it.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libboost-dev (>= 1.74), g++ (>= 4:12) | clang (>= 1:14)")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_GROUPING ALL_COMPONENTS_IN_ONE)
set(CPACK_COMPONENTS_ALL Unspecified)
set(CPACK_PACKAGE_DIRECTORY ${PROJECT_BINARY_DIR}/packages)
include(CPack)
