# SPDX-FileCopyrightText: 2026 The Skein authors
#
# SPDX-License-Identifier: GPL-3.0-or-later

# Inspector panel tests (branch view, memory and context inspectors, usage view) and the tool that
# takes their screenshots (scripts/panel-screenshots.sh).
foreach(panel branchview memoryinspector contextinspector usageview topicswitchbanner)
  skein_add_test(NAME gui_${panel}
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/tst_${panel}.cpp ${CMAKE_CURRENT_LIST_DIR}/panelsdemo.h
            ${CMAKE_CURRENT_LIST_DIR}/panelsdemo.cpp
    LIBS skein_gui GUI LABELS gui panels)
endforeach()
add_executable(skein-panelshots ${CMAKE_CURRENT_LIST_DIR}/panelshots.cpp ${CMAKE_CURRENT_LIST_DIR}/panelsdemo.h
  ${CMAKE_CURRENT_LIST_DIR}/panelsdemo.cpp)
target_link_libraries(skein-panelshots PRIVATE skein_config skein_gui)
