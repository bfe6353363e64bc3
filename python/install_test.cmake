# ctest python_install: cmake --install puts a package that imports, from the install prefix.
#   cmake -DBUILD_DIR=... -DPREFIX=... -DSITE=... -DPYTHON=... -P install_test.cmake
file(REMOVE_RECURSE ${PREFIX})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${PREFIX} --component python
  RESULT_VARIABLE status OUTPUT_QUIET)
if(status)
  message(FATAL_ERROR "cmake --install --component python failed: ${status}")
endif()
if(IS_ABSOLUTE "${SITE}")
  set(site ${SITE})  # installed outside the prefix: nothing to check here
  message(STATUS "SGF_PYTHON_INSTALL_DIR is absolute (${SITE}): checked there")
else()
  set(site ${PREFIX}/${SITE})
endif()
foreach(f __init__.py __init__.pyi __main__.py py.typed dask.py)
  if(NOT EXISTS ${site}/sgfcheck/${f})
    message(FATAL_ERROR "not installed: ${site}/sgfcheck/${f}")
  endif()
endforeach()
execute_process(COMMAND ${CMAKE_COMMAND} -E env PYTHONPATH=${site} PYTHONDONTWRITEBYTECODE=1 ${PYTHON} -c
  "import sgfcheck, sgfcheck.dask, os, sys; p = os.path.realpath(sgfcheck.__file__); assert p.startswith(os.path.realpath(sys.argv[1])), p; assert [d.code for d in sgfcheck.check(b'(;FF[4]GM[1]SZ[19];B[dd]B[pp])')] == ['E201']; print('imported from', p)"
  ${site}
  WORKING_DIRECTORY ${PREFIX}  # not the build tree, whose sgfcheck/ would be imported instead
  RESULT_VARIABLE status)
if(status)
  message(FATAL_ERROR "the installed package does not import: ${status}")
endif()
file(REMOVE_RECURSE ${PREFIX})
