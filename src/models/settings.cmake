# Models and non-widget helpers behind the Settings dialog and the first-run page.
list(APPEND skein_models_sources
  ${CMAKE_CURRENT_LIST_DIR}/settings/modelinfotablemodel.h ${CMAKE_CURRENT_LIST_DIR}/settings/modelinfotablemodel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/settings/providerlistmodel.h ${CMAKE_CURRENT_LIST_DIR}/settings/providerlistmodel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/settings/mcpserverlistmodel.h ${CMAKE_CURRENT_LIST_DIR}/settings/mcpserverlistmodel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/settings/providercheck.h ${CMAKE_CURRENT_LIST_DIR}/settings/providercheck.cpp
  ${CMAKE_CURRENT_LIST_DIR}/settings/localserverprobe.h ${CMAKE_CURRENT_LIST_DIR}/settings/localserverprobe.cpp)
