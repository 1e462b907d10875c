# Item models of the chat area: the session list, search results and the active thread.
list(APPEND skein_models_sources
  ${CMAKE_CURRENT_LIST_DIR}/sessionlistmodel.h ${CMAKE_CURRENT_LIST_DIR}/sessionlistmodel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/searchresultmodel.h ${CMAKE_CURRENT_LIST_DIR}/searchresultmodel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/threadmodel.h ${CMAKE_CURRENT_LIST_DIR}/threadmodel.cpp)
