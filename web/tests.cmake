# The WebAssembly package and its tests (label browser), included by the top-level
# CMakeLists.txt: web_build builds web/dist's contents into build/web/dist with emscripten
# (web/build.sh; ccache keeps a rebuild short), web_node runs the module under node against
# the sgfcheck program, web_page opens the validator page in headless Chromium, web_npm installs the
# npm tarball (npm pack) into a fresh folder and uses it from node and TypeScript. Each skips,
# saying why, where emscripten, node or chromium is missing; CI (SGF_NO_SKIP=1) requires them.
set(SGF_WEB_DIST ${PROJECT_BINARY_DIR}/web/dist)
find_program(SGF_NODE NAMES node nodejs)
add_test(NAME web_build COMMAND ${PROJECT_SOURCE_DIR}/web/test/build_dist.sh ${SGF_WEB_DIST} ${PROJECT_BINARY_DIR}/web/build)
set_tests_properties(web_build PROPERTIES FIXTURES_SETUP web_dist LABELS browser TIMEOUT 3000
  SKIP_REGULAR_EXPRESSION "SGF_TEST_SKIPPED" COST 10000)  # first: the web tests wait for it
if(SGF_NODE)
  add_test(NAME web_node COMMAND ${SGF_NODE} ${PROJECT_SOURCE_DIR}/web/test/node_test.js ${SGF_WEB_DIST}
    $<TARGET_FILE:sgfcheck> ${PROJECT_SOURCE_DIR}/conformance/cases)
  add_test(NAME web_page COMMAND ${SGF_NODE} ${PROJECT_SOURCE_DIR}/web/test/page_test.js ${SGF_WEB_DIST} $<TARGET_FILE:sgfcheck>)
  # The npm tarball installed into a fresh folder and used there by node and TypeScript.
  add_test(NAME web_npm COMMAND ${PROJECT_SOURCE_DIR}/web/test/npm_package_test.sh ${SGF_WEB_DIST}
    $<TARGET_FILE:sgfcheck> ${PROJECT_SOURCE_DIR}/conformance/cases/n_game_number_not_a_number.sgf)
  set_tests_properties(web_node web_page web_npm PROPERTIES FIXTURES_REQUIRED web_dist LABELS browser TIMEOUT 600
    SKIP_REGULAR_EXPRESSION "SGF_TEST_SKIPPED")
else()
  add_test(NAME web_node COMMAND ${CMAKE_COMMAND} -E echo "SGF_TEST_SKIPPED: needs node (Debian nodejs; .ci/setup installs it)")
  add_test(NAME web_npm COMMAND ${CMAKE_COMMAND} -E echo "SGF_TEST_SKIPPED: needs node (Debian nodejs; .ci/setup installs it)")
  set_tests_properties(web_node web_npm PROPERTIES SKIP_REGULAR_EXPRESSION "SGF_TEST_SKIPPED" LABELS browser)
endif()
