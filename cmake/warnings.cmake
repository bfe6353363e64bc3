# The warnings every target of the project is built with; SGF_WERROR=ON (CI) makes them errors.
function(sgf_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion)
  if(SGF_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
