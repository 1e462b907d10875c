# SPDX-FileCopyrightText: 2026 The Skein authors
#
# SPDX-License-Identifier: GPL-3.0-or-later

# One INTERFACE target carrying the language level, warnings and Qt strictness macros.
# Every library, executable, test and benchmark links it.
add_library(skein_config INTERFACE)
add_library(Skein::config ALIAS skein_config)
target_compile_features(skein_config INTERFACE cxx_std_20)
target_compile_options(skein_config INTERFACE
  -Wall -Wextra -Wpedantic -Wold-style-cast -Wnon-virtual-dtor -Woverloaded-virtual
  -Wcast-qual -Wimplicit-fallthrough -Wshadow=local -Wformat=2)
if(SKEIN_WERROR OR NOT "$ENV{CI}" STREQUAL "")
  target_compile_options(skein_config INTERFACE -Werror)
endif()
target_compile_definitions(skein_config INTERFACE
  QT_NO_CAST_FROM_ASCII
  QT_NO_CAST_TO_ASCII
  QT_NO_CAST_FROM_BYTEARRAY
  QT_NO_URL_CAST_FROM_STRING
  QT_NO_NARROWING_CONVERSIONS_IN_CONNECT
  QT_NO_CONTEXTLESS_CONNECT
  QT_NO_FOREACH
  QT_USE_QSTRINGBUILDER
  QT_NO_KEYWORDS
  QT_STRICT_ITERATORS
  QT_DISABLE_DEPRECATED_UP_TO=0x060500
  SKEIN_VERSION="${PROJECT_VERSION}")

# Warnings from third-party headers are not ours to fix.
# skein_library(name SOURCES ... PUBLIC <deps> PRIVATE <deps>): a static library whose headers are
# included as "<lib>/<header>.h" relative to src/. A library without sources yet is an INTERFACE
# target, so the dependency graph is complete before later work fills it.
function(skein_library name)
  cmake_parse_arguments(ARG "" "" "SOURCES;PUBLIC;PRIVATE" ${ARGN})
  # Subfolders add their files with target_sources(); CMake refuses a library that ends up with none.
  add_library(${name} STATIC ${ARG_SOURCES})
  target_include_directories(${name} PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/..)
  target_link_libraries(${name} PUBLIC skein_config ${ARG_PUBLIC} PRIVATE ${ARG_PRIVATE})
endfunction()
