# Registration of the test programs (included from the top CMakeLists.txt).
file(GLOB IGV_TEST_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tests/test_*.cpp)
foreach(src IN LISTS IGV_TEST_SOURCES)
  get_filename_component(name ${src} NAME_WE)
  string(REGEX REPLACE "^test_([a-z0-9]+).*$" "\\1" label ${name})
  add_executable(${name} ${src})
  target_compile_definitions(${name} PRIVATE BOOST_TEST_DYN_LINK BOOST_TEST_MODULE=${name})
  # A module's tests (test_<module>*.cpp) link base + that module; tests named test_all*.cpp
  # link every module (the cross-module kernel checks); the rest link only the base.
  if(TARGET igv_${label})
    target_link_libraries(${name} PRIVATE igv_base igv_${label} Boost::unit_test_framework)
  elseif(label STREQUAL "all")
    target_link_libraries(${name} PRIVATE ${IGV_ALL} Boost::unit_test_framework)
  else()
    target_link_libraries(${name} PRIVATE igv_base Boost::unit_test_framework)
  endif()
  # tests/test_*_bench.cpp are benchmarks: built, not run by ctest (see README.md, "Benchmarks").
  if(NOT name MATCHES "_bench$")
    add_test(NAME ${name} COMMAND ${name} --report_level=short)
    set_tests_properties(${name} PROPERTIES LABELS "${label};unit"
      ENVIRONMENT "RC_PARAMS=verbose_progress=0 verbose_shrinking=0")
  endif()
endforeach()

# End-to-end tests: run the `verify` binary as a user would (exit codes, bad input, reports
# valid against the schema). Each tests/e2e_*.py is one ctest test.
file(GLOB IGV_E2E_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tests/e2e_*.py)
foreach(src IN LISTS IGV_E2E_SOURCES)
  get_filename_component(name ${src} NAME_WE)
  add_test(NAME ${name}
    COMMAND ${Python3_EXECUTABLE} ${src} --verify $<TARGET_FILE:verify>
            --source-dir ${PROJECT_SOURCE_DIR} --work-dir ${CMAKE_CURRENT_BINARY_DIR}/e2e/${name})
  set_tests_properties(${name} PROPERTIES LABELS "e2e")
endforeach()

# Long evidence runs, only with -DIGV_LONG_TESTS=ON (label "long"): see README.md.
if(IGV_LONG_TESTS)
  file(GLOB IGV_LONG_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tests/long_*.py)
  foreach(src IN LISTS IGV_LONG_SOURCES)
    get_filename_component(name ${src} NAME_WE)
    add_test(NAME ${name}
      COMMAND ${Python3_EXECUTABLE} ${src} --verify $<TARGET_FILE:verify>
              --source-dir ${PROJECT_SOURCE_DIR} --work-dir ${CMAKE_CURRENT_BINARY_DIR}/long/${name})
    set_tests_properties(${name} PROPERTIES LABELS "long")
  endforeach()
endif()
