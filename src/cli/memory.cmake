# skein-cli memories / summaries / compact (cli_memory.cpp).
target_sources(skein-cli PRIVATE ${CMAKE_CURRENT_LIST_DIR}/cli_memory.cpp)
