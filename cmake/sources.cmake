# The library's sources: one folder per stage of the pipeline (docs/design.md), and the
# application layer's (src/app: what every front end shares). Read by the top-level
# CMakeLists.txt and by web/CMakeLists.txt (the WebAssembly build), so both build the same
# library and application layer.
get_filename_component(SGF_ROOT ${CMAKE_CURRENT_LIST_DIR}/.. ABSOLUTE)
set(SGF_STAGES tree table input values board parse check write fix)  # in dependency order (docs/design.md)
set(SGF_LIB_SOURCES)
foreach(stage IN LISTS SGF_STAGES)
  file(GLOB stage_sources CONFIGURE_DEPENDS ${SGF_ROOT}/src/${stage}/*.cpp)
  list(APPEND SGF_LIB_SOURCES ${stage_sources})
endforeach()
# The application layer over the library (a library of its own: it needs tomlplusplus for
# sgfcheck.toml, which the library does not).
file(GLOB SGF_APP_SOURCES CONFIGURE_DEPENDS ${SGF_ROOT}/src/app/*.cpp)
