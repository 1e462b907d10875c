# skein-cli: the agent loop (send), tools, MCP servers and restore.
target_sources(skein-cli PRIVATE ${CMAKE_CURRENT_LIST_DIR}/cli_agent.cpp)
