# Consolidation (summaries), idle compaction, memory extraction with its guard, topic switch
# (SPEC §4.5, §4.6, §4.10, §4.11); part of skein_engine.
set(skein_memory_sources
  ${CMAKE_CURRENT_LIST_DIR}/utilitycall.h ${CMAKE_CURRENT_LIST_DIR}/utilitycall.cpp
  ${CMAKE_CURRENT_LIST_DIR}/jsonreply.h ${CMAKE_CURRENT_LIST_DIR}/jsonreply.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pathspans.h ${CMAKE_CURRENT_LIST_DIR}/pathspans.cpp
  ${CMAKE_CURRENT_LIST_DIR}/consolidationplan.h ${CMAKE_CURRENT_LIST_DIR}/consolidationplan.cpp
  ${CMAKE_CURRENT_LIST_DIR}/summaryprompt.h ${CMAKE_CURRENT_LIST_DIR}/summaryprompt.cpp
  ${CMAKE_CURRENT_LIST_DIR}/retrybackoff.h ${CMAKE_CURRENT_LIST_DIR}/retrybackoff.cpp
  ${CMAKE_CURRENT_LIST_DIR}/consolidator.h ${CMAKE_CURRENT_LIST_DIR}/consolidator.cpp
  ${CMAKE_CURRENT_LIST_DIR}/memorysettings.h ${CMAKE_CURRENT_LIST_DIR}/memorysettings.cpp
  ${CMAKE_CURRENT_LIST_DIR}/memoryguard.h ${CMAKE_CURRENT_LIST_DIR}/memoryguard.cpp
  ${CMAKE_CURRENT_LIST_DIR}/extraction.h ${CMAKE_CURRENT_LIST_DIR}/extraction.cpp
  ${CMAKE_CURRENT_LIST_DIR}/memoryextractor.h ${CMAKE_CURRENT_LIST_DIR}/memoryextractor.cpp
  ${CMAKE_CURRENT_LIST_DIR}/memoryservice.h ${CMAKE_CURRENT_LIST_DIR}/memoryservice.cpp
  ${CMAKE_CURRENT_LIST_DIR}/topicswitch.h ${CMAKE_CURRENT_LIST_DIR}/topicswitch.cpp
  ${CMAKE_CURRENT_LIST_DIR}/idlecompactor.h ${CMAKE_CURRENT_LIST_DIR}/idlecompactor.cpp
  ${CMAKE_CURRENT_LIST_DIR}/memoryhousekeeper.h ${CMAKE_CURRENT_LIST_DIR}/memoryhousekeeper.cpp)
target_sources(skein_engine PRIVATE ${skein_memory_sources})
