# SPDX-FileCopyrightText: 2026 The Skein authors
#
# SPDX-License-Identifier: GPL-3.0-or-later

# Inspector panels: branch view, memory and context inspectors, usage view.
target_sources(skein_gui PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/branchgraph.h ${CMAKE_CURRENT_LIST_DIR}/branchgraph.cpp
  ${CMAKE_CURRENT_LIST_DIR}/branchview.h ${CMAKE_CURRENT_LIST_DIR}/branchview.cpp
  ${CMAKE_CURRENT_LIST_DIR}/budgetbar.h ${CMAKE_CURRENT_LIST_DIR}/budgetbar.cpp
  ${CMAKE_CURRENT_LIST_DIR}/contextinspector.h ${CMAKE_CURRENT_LIST_DIR}/contextinspector.cpp
  ${CMAKE_CURRENT_LIST_DIR}/inspectorpanels.h ${CMAKE_CURRENT_LIST_DIR}/inspectorpanels.cpp
  ${CMAKE_CURRENT_LIST_DIR}/memorydialogs.h ${CMAKE_CURRENT_LIST_DIR}/memorydialogs.cpp
  ${CMAKE_CURRENT_LIST_DIR}/memoryinspector.h ${CMAKE_CURRENT_LIST_DIR}/memoryinspector.cpp
  ${CMAKE_CURRENT_LIST_DIR}/usagechart.h ${CMAKE_CURRENT_LIST_DIR}/usagechart.cpp
  ${CMAKE_CURRENT_LIST_DIR}/usageview.h ${CMAKE_CURRENT_LIST_DIR}/usageview.cpp
  ${CMAKE_CURRENT_LIST_DIR}/topicswitchbanner.h ${CMAKE_CURRENT_LIST_DIR}/topicswitchbanner.cpp)
