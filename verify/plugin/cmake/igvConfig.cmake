# The installed CMake package of the impartial-games verification harness (`cmake --install`):
# find_package(igv) gives
#   igv::kernel   the headers igv_kernel.h (C ABI) and igv_kernel.hpp (C++ registration)
#   igv::verify   the installed `verify` command
#   igv_add_kernel(NAME SOURCE…)           a kernel plugin (a MODULE library NAME.so) from sources
#   igv_add_kernel_test(NAME GAME [GAME…] [ARG…])  a ctest test a game: `verify cross-check GAME
#                                           --plugin NAME.so` (its default coverage; JUnit in
#                                           NAME.junit.xml, then NAME_GAME.junit.xml)
# See verify/CROSS_CHECK.md of the source tree, or share/doc/igv/CROSS_CHECK.md here.
get_filename_component(_igv_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)

if(NOT TARGET igv::kernel)
  add_library(igv::kernel INTERFACE IMPORTED)
  set_target_properties(igv::kernel PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${_igv_prefix}/include")
endif()
if(NOT TARGET igv::verify)
  add_executable(igv::verify IMPORTED)
  set_target_properties(igv::verify PROPERTIES IMPORTED_LOCATION "${_igv_prefix}/bin/verify")
endif()

function(igv_add_kernel name)
  add_library(${name} MODULE ${ARGN})
  target_link_libraries(${name} PRIVATE igv::kernel)
  set_target_properties(${name} PROPERTIES PREFIX "" CXX_VISIBILITY_PRESET hidden
    C_VISIBILITY_PRESET hidden)
  get_target_property(_std ${name} CXX_STANDARD)
  if(NOT _std)
    set_target_properties(${name} PROPERTIES CXX_STANDARD 20 CXX_STANDARD_REQUIRED ON)
  endif()
endfunction()

# igv_add_kernel_test(NAME GAME [GAME…] [ARG…]): one test per game (the arguments from the first
# that starts with "--" go to every test). The first test of NAME is NAME_cross_check (JUnit in
# NAME.junit.xml); the others NAME_cross_check_GAME (JUnit in NAME_GAME.junit.xml, GAME with every
# character but letters and digits as "_"), also when igv_add_kernel_test is called again.
function(igv_add_kernel_test name)
  set(_games "")
  set(_args "")
  foreach(_a IN LISTS ARGN)
    if(_args OR _a MATCHES "^--")
      list(APPEND _args "${_a}")
    else()
      list(APPEND _games "${_a}")
    endif()
  endforeach()
  if(NOT _games)
    message(FATAL_ERROR "igv_add_kernel_test(${name} GAME [GAME…] [ARG…]): no game")
  endif()
  foreach(_game IN LISTS _games)
    string(MAKE_C_IDENTIFIER "${_game}" _safe)
    get_property(_used GLOBAL PROPERTY IGV_KERNEL_TESTS_${name})
    if(NOT _used)
      set(_test ${name}_cross_check)
      set(_junit ${name}.junit.xml)
    else()
      set(_test ${name}_cross_check_${_safe})
      set(_junit ${name}_${_safe}.junit.xml)
    endif()
    set_property(GLOBAL APPEND PROPERTY IGV_KERNEL_TESTS_${name} "${_game}")
    add_test(NAME ${_test}
      COMMAND igv::verify cross-check ${_game} --plugin $<TARGET_FILE:${name}>
              --junit ${CMAKE_CURRENT_BINARY_DIR}/${_junit} ${_args})
  endforeach()
endfunction()

set(igv_FOUND TRUE)
unset(_igv_prefix)
