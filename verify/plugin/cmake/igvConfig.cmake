# The installed CMake package of the impartial-games verification harness (`cmake --install`):
# find_package(igv) gives
#   igv::kernel   the headers igv_kernel.h (C ABI) and igv_kernel.hpp (C++ registration)
#   igv::verify   the installed `verify` command
#   igv_add_kernel(NAME SOURCE…)           a kernel plugin (a MODULE library NAME.so) from sources
#   igv_add_kernel_test(NAME GAME [ARG…])   a ctest test: `verify cross-check GAME --plugin NAME.so`
#                                           (its default coverage; JUnit in NAME.junit.xml)
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

function(igv_add_kernel_test name game)
  add_test(NAME ${name}_cross_check
    COMMAND igv::verify cross-check ${game} --plugin $<TARGET_FILE:${name}>
            --junit ${CMAKE_CURRENT_BINARY_DIR}/${name}.junit.xml ${ARGN})
endfunction()

set(igv_FOUND TRUE)
unset(_igv_prefix)
