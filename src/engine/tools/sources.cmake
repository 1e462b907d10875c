# Tools (the Tool interface, registry, built-ins) and the MCP client, part of skein_engine.
set(skein_tools_sources
  ${CMAKE_CURRENT_LIST_DIR}/tool.h ${CMAKE_CURRENT_LIST_DIR}/tool.cpp
  ${CMAKE_CURRENT_LIST_DIR}/toolregistry.h ${CMAKE_CURRENT_LIST_DIR}/toolregistry.cpp
  ${CMAKE_CURRENT_LIST_DIR}/calculator.h ${CMAKE_CURRENT_LIST_DIR}/calculator.cpp
  ${CMAKE_CURRENT_LIST_DIR}/builtintools.h ${CMAKE_CURRENT_LIST_DIR}/builtintools.cpp
  ${CMAKE_CURRENT_LIST_DIR}/mcpserverconfig.h ${CMAKE_CURRENT_LIST_DIR}/mcpserverconfig.cpp
  ${CMAKE_CURRENT_LIST_DIR}/mcpserverlog.h ${CMAKE_CURRENT_LIST_DIR}/mcpserverlog.cpp
  ${CMAKE_CURRENT_LIST_DIR}/mcptransport.h ${CMAKE_CURRENT_LIST_DIR}/mcptransport.cpp
  ${CMAKE_CURRENT_LIST_DIR}/mcpstdiotransport.h ${CMAKE_CURRENT_LIST_DIR}/mcpstdiotransport.cpp
  ${CMAKE_CURRENT_LIST_DIR}/mcphttptransport.h ${CMAKE_CURRENT_LIST_DIR}/mcphttptransport.cpp
  ${CMAKE_CURRENT_LIST_DIR}/mcpclient.h ${CMAKE_CURRENT_LIST_DIR}/mcpclient.cpp
  ${CMAKE_CURRENT_LIST_DIR}/mcptool.h ${CMAKE_CURRENT_LIST_DIR}/mcptool.cpp)
target_sources(skein_engine PRIVATE ${skein_tools_sources})
