# The typed settings registry (keys, defaults, ranges) shared by the engine, the CLI and the GUI.
target_sources(skein_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/settingskeys.h ${CMAKE_CURRENT_LIST_DIR}/settingskeys.cpp)
