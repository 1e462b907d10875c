# Domain value types (SPEC §2): plain structs, Qt Core only.
target_sources(skein_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/contextsnapshot.h
  ${CMAKE_CURRENT_LIST_DIR}/enums.h ${CMAKE_CURRENT_LIST_DIR}/enums.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ids.h ${CMAKE_CURRENT_LIST_DIR}/ids.cpp
  ${CMAKE_CURRENT_LIST_DIR}/memory.h
  ${CMAKE_CURRENT_LIST_DIR}/message.h ${CMAKE_CURRENT_LIST_DIR}/message.cpp
  ${CMAKE_CURRENT_LIST_DIR}/providerconfig.h
  ${CMAKE_CURRENT_LIST_DIR}/reasoningblock.h ${CMAKE_CURRENT_LIST_DIR}/reasoningblock.cpp
  ${CMAKE_CURRENT_LIST_DIR}/runtimecheckpoint.h
  ${CMAKE_CURRENT_LIST_DIR}/session.h ${CMAKE_CURRENT_LIST_DIR}/session.cpp
  ${CMAKE_CURRENT_LIST_DIR}/summary.h
  ${CMAKE_CURRENT_LIST_DIR}/toollogentry.h
  ${CMAKE_CURRENT_LIST_DIR}/usage.h)
