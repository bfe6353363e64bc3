# The build options do what CMakeLists.txt says, checked on the targets each configuration
# makes (cmake --build DIR --target help lists them):
#   SGF_BUILD_CLI=OFF, with find_package(tomlplusplus) disabled: the library sgf alone
#     (PEGTL and Boost), no application layer, no sgfcheck, no tests;
#   SGF_BUILD_TESTS=OFF: sgfcheck and its application layer, no fuzz replay program.
#   cmake -DSOURCE_DIR=... -DWORK_DIR=... -P tests/build_options.cmake
function(targets_of dir options out)
  file(REMOVE_RECURSE "${dir}")
  execute_process(COMMAND "${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -B "${dir}" -DCMAKE_BUILD_TYPE=Release ${options}
    RESULT_VARIABLE rc OUTPUT_VARIABLE log ERROR_VARIABLE log)
  if(rc)
    message(FATAL_ERROR "configuring with ${options} failed:\n${log}")
  endif()
  execute_process(COMMAND "${CMAKE_COMMAND}" --build "${dir}" --target help OUTPUT_VARIABLE help RESULT_VARIABLE rc)
  if(rc)
    message(FATAL_ERROR "no target list for ${options}")
  endif()
  set(${out} "${help}" PARENT_SCOPE)
endfunction()

function(expect help name wanted what)
  string(REGEX MATCH "\\.\\.\\. ${name}[\r\n]" found "${help}")
  if(wanted AND NOT found)
    message(FATAL_ERROR "${what}: no target ${name}")
  elseif(NOT wanted AND found)
    message(FATAL_ERROR "${what}: target ${name}, which it must not build")
  endif()
endfunction()

targets_of("${WORK_DIR}/library-alone" "-DSGF_BUILD_CLI=OFF;-DCMAKE_DISABLE_FIND_PACKAGE_tomlplusplus=ON" help)
expect("${help}" sgf TRUE "SGF_BUILD_CLI=OFF")
foreach(t sgf_app sgfcheck sgf_tests fuzz_replay_parse_strict sgfcheck_python)
  expect("${help}" ${t} FALSE "SGF_BUILD_CLI=OFF")
endforeach()

targets_of("${WORK_DIR}/no-tests" "-DSGF_BUILD_TESTS=OFF;-DSGF_BUILD_BENCH=OFF;-DSGF_PYTHON=OFF" help)
foreach(t sgf sgf_app sgfcheck)
  expect("${help}" ${t} TRUE "SGF_BUILD_TESTS=OFF")
endforeach()
foreach(t sgf_tests fuzz_replay_parse_strict sgf_fuzz_entry_parse_strict)
  expect("${help}" ${t} FALSE "SGF_BUILD_TESTS=OFF")
endforeach()
file(REMOVE_RECURSE "${WORK_DIR}")
