# The context engine (SPEC §4.1–4.4, 4.7–4.9): budget, window discovery, history selection,
# governance, assembly and snapshots. Part of skein_engine.
set(skein_context_sources
  ${CMAKE_CURRENT_LIST_DIR}/contextsettings.h ${CMAKE_CURRENT_LIST_DIR}/contextsettings.cpp
  ${CMAKE_CURRENT_LIST_DIR}/contextexclusions.h
  ${CMAKE_CURRENT_LIST_DIR}/modelwindow.h ${CMAKE_CURRENT_LIST_DIR}/modelwindow.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tooldigest.h ${CMAKE_CURRENT_LIST_DIR}/tooldigest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/governance.h ${CMAKE_CURRENT_LIST_DIR}/governance.cpp
  ${CMAKE_CURRENT_LIST_DIR}/historyselection.h ${CMAKE_CURRENT_LIST_DIR}/historyselection.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pathsummaries.h ${CMAKE_CURRENT_LIST_DIR}/pathsummaries.cpp
  ${CMAKE_CURRENT_LIST_DIR}/contextassembler.h ${CMAKE_CURRENT_LIST_DIR}/contextassembler.cpp
  ${CMAKE_CURRENT_LIST_DIR}/contextloader.h ${CMAKE_CURRENT_LIST_DIR}/contextloader.cpp
  ${CMAKE_CURRENT_LIST_DIR}/contextrequestsource.h ${CMAKE_CURRENT_LIST_DIR}/contextrequestsource.cpp
  ${CMAKE_CURRENT_LIST_DIR}/nextrequest.h ${CMAKE_CURRENT_LIST_DIR}/nextrequest.cpp)
target_sources(skein_engine PRIVATE ${skein_context_sources})
