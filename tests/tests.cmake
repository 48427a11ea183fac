# Registration of the test programs (included from the top CMakeLists.txt).
file(GLOB IGV_TEST_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tests/*/test_*.cpp)
foreach(src IN LISTS IGV_TEST_SOURCES)
  get_filename_component(name ${src} NAME_WE)
  get_filename_component(dir ${src} DIRECTORY)
  get_filename_component(label ${dir} NAME)
  add_executable(${name} ${src})
  target_compile_definitions(${name} PRIVATE BOOST_TEST_DYN_LINK BOOST_TEST_MODULE=${name})
  # A module's tests (tests/<module>/) link base + that module; tests/all/ link every module
  # (the cross-module kernel checks); tests/base/ link only the base; tests/checkers/ link the
  # checker library alone (no producer, no fast kernel: core/CERTIFICATES.md).
  if(label STREQUAL "checkers")
    target_link_libraries(${name} PRIVATE igv_checkers Boost::unit_test_framework)
  elseif(TARGET igv_${label})
    # and the external-kernel wing (properties/kernels/: the cross-check of registered kernels)
    target_link_libraries(${name} PRIVATE igv_checkers igv_base igv_kernels igv_${label}
      Boost::unit_test_framework)
  elseif(label STREQUAL "all")
    target_link_libraries(${name} PRIVATE ${IGV_ALL} Boost::unit_test_framework)
  else()
    target_link_libraries(${name} PRIVATE igv_checkers igv_base Boost::unit_test_framework)
  endif()
  # tests/*/test_*_bench.cpp are benchmarks: built, not run by ctest (see tests/README.md, "Benchmarks").
  if(NOT name MATCHES "_bench$")
    add_test(NAME ${name} COMMAND ${name} --report_level=short)
    set_tests_properties(${name} PROPERTIES LABELS "${label};unit"
      ENVIRONMENT "RC_PARAMS=verbose_progress=0 verbose_shrinking=0")
  endif()
endforeach()

# End-to-end tests: run the `verify` binary as a user would (exit codes, bad input, reports
# valid against the schema). Each tests/e2e/e2e_*.py is one ctest test.
file(GLOB IGV_E2E_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tests/e2e/e2e_*.py)
foreach(src IN LISTS IGV_E2E_SOURCES)
  get_filename_component(name ${src} NAME_WE)
  add_test(NAME ${name}
    COMMAND ${Python3_EXECUTABLE} ${src} --verify $<TARGET_FILE:verify>
            --source-dir ${PROJECT_SOURCE_DIR} --work-dir ${CMAKE_CURRENT_BINARY_DIR}/e2e/${name})
  set_tests_properties(${name} PROPERTIES LABELS "e2e")
  if(name STREQUAL "e2e_html")
    # Loads report.html in headless chromium (.ci/setup installs it): label `browser` too.
    set_tests_properties(${name} PROPERTIES LABELS "e2e;browser")
  elseif(name STREQUAL "e2e_report_safety")
    # Hostile claims files (issue 27): chromium, cmark-gfm, pdflatex and lualatex read the reports.
    set_tests_properties(${name} PROPERTIES LABELS "e2e;browser;latex")
  elseif(name STREQUAL "e2e_latex_fragments")
    # Every tables/*.tex fragment compiled alone (grouped by the packages it names) in article,
    # two-column article, amsart and the journal classes installed, under pdflatex and lualatex
    # (about four minutes with the five journal classes .ci/setup installs; `ctest -L latex`).
    set_tests_properties(${name} PROPERTIES LABELS "e2e;latex")
  elseif(name STREQUAL "e2e_latex")
    # pdflatex and lualatex on the published report.tex (`ctest -L latex` runs it alone).
    set_tests_properties(${name} PROPERTIES LABELS "e2e;latex")
  elseif(name STREQUAL "e2e_subset_build")
    # Configures and builds -DIGV_ENABLED_MODULES="frolov;welter" in BUILD-subset beside this
    # build, sharing its compiler cache (`ctest -L subset` runs it alone).
    set_tests_properties(${name} PROPERTIES LABELS "e2e;subset" TIMEOUT 1800)
  endif()
  if(IGV_SANITIZE)
    # ASan reserves terabytes of shadow address space: tests that cap it (ulimit -v) must not.
    set_tests_properties(${name} PROPERTIES ENVIRONMENT "IGV_SANITIZED=1")
  endif()
endforeach()

# Fault injection, only in a build with -DIGV_FAULT_INJECTION=ON (label "fault"): every producer
# kernel wrong at chosen positions, and no verdict may turn wrong (tests/e2e/fault_injection.py).
if(IGV_FAULT_INJECTION)
  add_test(NAME fault_injection
    COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/e2e/fault_injection.py
            --verify $<TARGET_FILE:verify> --source-dir ${PROJECT_SOURCE_DIR}
            --work-dir ${CMAKE_CURRENT_BINARY_DIR}/fault/fault_injection)
  set_tests_properties(fault_injection PROPERTIES LABELS "fault" TIMEOUT 3600)
endif()

# Long evidence runs, only with -DIGV_LONG_TESTS=ON (label "long"): see tests/README.md.
if(IGV_LONG_TESTS)
  file(GLOB IGV_LONG_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tests/e2e/long_*.py)
  foreach(src IN LISTS IGV_LONG_SOURCES)
    get_filename_component(name ${src} NAME_WE)
    add_test(NAME ${name}
      COMMAND ${Python3_EXECUTABLE} ${src} --verify $<TARGET_FILE:verify>
              --source-dir ${PROJECT_SOURCE_DIR} --work-dir ${CMAKE_CURRENT_BINARY_DIR}/long/${name})
    set_tests_properties(${name} PROPERTIES LABELS "long")
  endforeach()
  # The streamed checker of a top Frolov row against the stored one on rows 2..12 (the default
  # run of test_frolov_core stops at row 10; about 7 minutes of CPU).
  if(TARGET test_frolov_core)
    add_test(NAME long_frolov_streamed_rows_to_12
      COMMAND test_frolov_core --run_test=frolov_certificates/the_streamed_checker_decides_as_the_stored_one)
    set_tests_properties(long_frolov_streamed_rows_to_12 PROPERTIES LABELS "long" TIMEOUT 3600
      ENVIRONMENT "IGV_FROLOV_STREAMED_TOP=12")
  endif()
endif()

# The Slurm job array of verify/DISTRIBUTED.md run on a one-node cluster of this machine, only
# with -DIGV_SLURM_TESTS=ON (label "slurm"; needs root; see tests/README.md, "The Slurm test").
if(IGV_SLURM_TESTS)
  add_test(NAME slurm_job_array
    COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/e2e/slurm_job_array.py
            --verify $<TARGET_FILE:verify> --source-dir ${PROJECT_SOURCE_DIR}
            --work-dir ${CMAKE_CURRENT_BINARY_DIR}/slurm/slurm_job_array)
  set_tests_properties(slurm_job_array PROPERTIES LABELS "slurm" TIMEOUT 3600)
endif()

# Formatting (.clang-format) is enforced: the test `format` fails on any C++ file of the
# repository that clang-format would change (`clang-format -i FILE` fixes it). .ci/setup
# installs Debian's clang-format, the version the tree is formatted with.
find_program(IGV_CLANG_FORMAT clang-format)
file(GLOB_RECURSE IGV_FORMAT_FILES CONFIGURE_DEPENDS
  ${PROJECT_SOURCE_DIR}/core/*.cpp ${PROJECT_SOURCE_DIR}/core/*.h
  ${PROJECT_SOURCE_DIR}/properties/*.cpp ${PROJECT_SOURCE_DIR}/properties/*.h
  ${PROJECT_SOURCE_DIR}/reports/*.cpp ${PROJECT_SOURCE_DIR}/reports/*.h
  ${PROJECT_SOURCE_DIR}/verify/*.cpp ${PROJECT_SOURCE_DIR}/verify/*.h
  ${PROJECT_SOURCE_DIR}/tests/*.cpp ${PROJECT_SOURCE_DIR}/tests/*.h
  ${PROJECT_SOURCE_DIR}/verify/plugin/*.h ${PROJECT_SOURCE_DIR}/verify/plugin/*.hpp
  ${PROJECT_SOURCE_DIR}/verify/plugin/example/*.cpp)
if(IGV_CLANG_FORMAT)
  add_test(NAME format COMMAND ${IGV_CLANG_FORMAT} --dry-run -Werror ${IGV_FORMAT_FILES})
else()
  add_test(NAME format COMMAND ${CMAKE_COMMAND} -E echo "clang-format is not installed (.ci/setup installs it)")
  set_tests_properties(format PROPERTIES WILL_FAIL ON)
endif()
set_tests_properties(format PROPERTIES LABELS "lint")
# toml++ 3.3.0 is included through core/base/toml.h only, which removes its undefined behaviour
# on some non-ASCII characters (see that header); this test names any file that includes it
# directly.
add_test(NAME toml_include
  COMMAND sh -c "! grep -rlE --include=*.cpp --include=*.h --include=*.hpp '#include *<toml[+][+]/toml[.]h>' core properties reports verify tests | grep -vx core/base/toml.h"
  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
set_tests_properties(toml_include PROPERTIES LABELS "lint")
