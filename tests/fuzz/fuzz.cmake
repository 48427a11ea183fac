# libFuzzer targets (tests/fuzz/fuzz_*.cpp), built with -DIGV_FUZZ=ON and clang; each is one ctest test
# labelled "fuzz" that replays the kept corpus (tests/fuzz/<target>/, inputs that once failed) and
# then fuzzes for IGV_FUZZ_SECONDS from a fixed seed (a failure reproduces with the same command).
set(IGV_FUZZ_SECONDS 30 CACHE STRING "seconds each fuzz test runs")
file(GLOB IGV_FUZZ_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tests/fuzz/fuzz_*.cpp)
foreach(src IN LISTS IGV_FUZZ_SOURCES)
  get_filename_component(name ${src} NAME_WE)
  add_executable(${name} ${src})
  target_compile_options(${name} PRIVATE -fsanitize=fuzzer)
  target_link_options(${name} PRIVATE -fsanitize=fuzzer)
  target_link_libraries(${name} PRIVATE ${IGV_ALL})
  set(corpus ${CMAKE_CURRENT_BINARY_DIR}/fuzz-corpus/${name})
  file(MAKE_DIRECTORY ${corpus} ${PROJECT_SOURCE_DIR}/tests/fuzz/${name})
  add_test(NAME ${name}
    COMMAND ${name} -seed=1 -max_total_time=${IGV_FUZZ_SECONDS} -rss_limit_mb=2048 -timeout=10
            -artifact_prefix=${CMAKE_CURRENT_BINARY_DIR}/fuzz-crash-${name}-
            ${corpus} ${PROJECT_SOURCE_DIR}/tests/fuzz/${name})
  set_tests_properties(${name} PROPERTIES LABELS "fuzz")
endforeach()
