# Models of the inspector panels (branch view, memory and context inspectors, usage view).
list(APPEND skein_models_sources
  ${CMAKE_CURRENT_LIST_DIR}/branchlayout.h ${CMAKE_CURRENT_LIST_DIR}/branchlayout.cpp
  ${CMAKE_CURRENT_LIST_DIR}/contextbudget.h ${CMAKE_CURRENT_LIST_DIR}/contextbudget.cpp
  ${CMAKE_CURRENT_LIST_DIR}/contextitemmodel.h ${CMAKE_CURRENT_LIST_DIR}/contextitemmodel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/contextrerunrequest.h
  ${CMAKE_CURRENT_LIST_DIR}/memorytablemodel.h ${CMAKE_CURRENT_LIST_DIR}/memorytablemodel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/usagemodel.h ${CMAKE_CURRENT_LIST_DIR}/usagemodel.cpp)
