# SPDX-FileCopyrightText: 2026 The Skein authors
#
# SPDX-License-Identifier: GPL-3.0-or-later

# skein_add_test(NAME <name> SOURCES <files> LIBS <targets> LABELS <labels> [GUI] [TIMEOUT s])
# One QtTest executable per unit. Every test runs with LANG=C.UTF-8, test-mode standard paths
# (set in the test itself through SKEIN_TEST_MAIN), the fixture locations as defines and, for GUI
# tests, QT_QPA_PLATFORM=offscreen.
set(SKEIN_SHARED_DIR "${CMAKE_SOURCE_DIR}/../shared" CACHE PATH "The shared folder with fixtures (../shared)")
get_filename_component(SKEIN_SHARED_DIR "${SKEIN_SHARED_DIR}" ABSOLUTE)

function(skein_add_test)
  cmake_parse_arguments(ARG "GUI" "NAME;TIMEOUT" "SOURCES;LIBS;LABELS" ${ARGN})
  set(target tst_${ARG_NAME})
  add_executable(${target} ${ARG_SOURCES})
  target_link_libraries(${target} PRIVATE skein_config skein_testsupport Qt6::Test ${ARG_LIBS})
  target_compile_definitions(${target} PRIVATE
    SKEIN_SHARED_DIR="${SKEIN_SHARED_DIR}"
    SKEIN_TEST_DATA_DIR="${CMAKE_SOURCE_DIR}/tests/data"
    SKEIN_SOURCE_DIR="${CMAKE_SOURCE_DIR}"
    SKEIN_BINARY_DIR="${CMAKE_BINARY_DIR}")
  add_test(NAME ${ARG_NAME} COMMAND ${target})
  set(env "LANG=C.UTF-8" "LC_ALL=C.UTF-8" "QT_LOGGING_RULES=qt.qpa.*=false")
  if(ARG_GUI)
    list(APPEND env "QT_QPA_PLATFORM=offscreen")
    list(APPEND ARG_LABELS gui)
  endif()
  if(NOT ARG_TIMEOUT)
    set(ARG_TIMEOUT 300)
  endif()
  # QtTest stops a test function after 300 s of its own; let ctest's TIMEOUT be the one limit, so
  # a test given more time for a loaded machine (the llama-server tests) gets all of it.
  math(EXPR function_timeout_ms "${ARG_TIMEOUT} * 1000")
  list(APPEND env "QTEST_FUNCTION_TIMEOUT=${function_timeout_ms}")
  foreach(src IN LISTS ARG_SOURCES)
    if(src MATCHES "tst_[^/]*\\.cpp$")
      get_filename_component(abs "${src}" ABSOLUTE)
      file(RELATIVE_PATH rel "${CMAKE_SOURCE_DIR}" "${abs}")
      set_property(GLOBAL APPEND PROPERTY SKEIN_REGISTERED_TEST_SOURCES "${rel}")
    endif()
  endforeach()
  set_tests_properties(${ARG_NAME} PROPERTIES LABELS "${ARG_LABELS}" ENVIRONMENT "${env}" TIMEOUT ${ARG_TIMEOUT})
endfunction()

# Written at the end of configuration: scripts/dev test compares it with the tst_*.cpp files in
# the tree, so a test that is written but never registered fails CI.
function(skein_write_test_manifest)
  get_property(sources GLOBAL PROPERTY SKEIN_REGISTERED_TEST_SOURCES)
  list(SORT sources)
  list(JOIN sources "\n" text)
  file(WRITE "${CMAKE_BINARY_DIR}/registered-tests.txt" "${text}\n")
endfunction()
cmake_language(DEFER DIRECTORY ${CMAKE_SOURCE_DIR} CALL skein_write_test_manifest)
