# Compiles tests/lifetime/traps.cpp once (cmake -P): with TRAP set, the block of that trap must
# be refused with a message matching PATTERN; without, the control must compile cleanly.
#   -DCOMPILER=... -DSOURCE=traps.cpp -DINCLUDE=include/ [-DTRAP=name -DPATTERN=regex]
#   [-DFLAGS="-Werror=dangling ..." (separated by spaces)] [-DNEEDS="clang++"]
# A compiler that is missing (COMPILER empty or NOTFOUND) is a skip saying so, which
# SGF_NO_SKIP=1 (CI) turns into a failure.
if(NOT COMPILER OR COMPILER MATCHES "NOTFOUND$")
  if("$ENV{SGF_NO_SKIP}" STREQUAL "1")
    message(FATAL_ERROR "SGF_NO_SKIP=1 and this test needs ${NEEDS}, which was not found")
  endif()
  message("SGF_TEST_SKIPPED: needs ${NEEDS} (not found when the build was configured)")
  return()
endif()
separate_arguments(flags UNIX_COMMAND "${FLAGS}")
set(defines)
if(TRAP)
  set(defines -DTRAP_${TRAP})
endif()
execute_process(
  COMMAND ${COMPILER} -std=c++20 -fsyntax-only -I${INCLUDE} ${flags} ${defines} ${SOURCE}
  RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT TRAP)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "the control does not compile with ${COMPILER} ${FLAGS}:\n${out}")
  endif()
  message("the control compiles with ${COMPILER} ${FLAGS}")
  return()
endif()
if(result EQUAL 0)
  message(FATAL_ERROR "trap ${TRAP} compiles with ${COMPILER} ${FLAGS}: its overload, annotation or type is gone")
endif()
if(NOT out MATCHES "${PATTERN}")
  message(FATAL_ERROR "trap ${TRAP} is refused, but not with a message matching '${PATTERN}':\n${out}")
endif()
message("trap ${TRAP} refused by ${COMPILER}, as expected")
