# skein-cli context (the context engine's view of a session).
target_sources(skein-cli PRIVATE ${CMAKE_CURRENT_LIST_DIR}/cli_context.cpp)
