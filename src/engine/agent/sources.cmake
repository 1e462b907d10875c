# The agent loop (SPEC §5): runs, per-session serialisation, approvals, digests. Part of skein_engine.
set(skein_agent_sources
  ${CMAKE_CURRENT_LIST_DIR}/agentoptions.h
  ${CMAKE_CURRENT_LIST_DIR}/agentrun.h ${CMAKE_CURRENT_LIST_DIR}/agentrun.cpp
  ${CMAKE_CURRENT_LIST_DIR}/agentrun_tools.cpp
  ${CMAKE_CURRENT_LIST_DIR}/agentrunner.h ${CMAKE_CURRENT_LIST_DIR}/agentrunner.cpp
  ${CMAKE_CURRENT_LIST_DIR}/agentrequestsource.h ${CMAKE_CURRENT_LIST_DIR}/agentrequestsource.cpp
  ${CMAKE_CURRENT_LIST_DIR}/mcpservers.h ${CMAKE_CURRENT_LIST_DIR}/mcpservers.cpp
  ${CMAKE_CURRENT_LIST_DIR}/repeatguard.h ${CMAKE_CURRENT_LIST_DIR}/repeatguard.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sessionlock.h ${CMAKE_CURRENT_LIST_DIR}/sessionlock.cpp
  ${CMAKE_CURRENT_LIST_DIR}/toolapprovals.h ${CMAKE_CURRENT_LIST_DIR}/toolapprovals.cpp
  ${CMAKE_CURRENT_LIST_DIR}/toolhost.h ${CMAKE_CURRENT_LIST_DIR}/toolhost.cpp
  ${CMAKE_CURRENT_LIST_DIR}/resultdigest.h ${CMAKE_CURRENT_LIST_DIR}/resultdigest.cpp)
target_sources(skein_engine PRIVATE ${skein_agent_sources})
