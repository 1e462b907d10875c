# The Settings dialog, its pages and the first-run page (src/gui/settings/).
target_sources(skein_gui PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/settings/settingssaver.h ${CMAKE_CURRENT_LIST_DIR}/settings/settingssaver.cpp
  ${CMAKE_CURRENT_LIST_DIR}/settings/settingsdialog.h ${CMAKE_CURRENT_LIST_DIR}/settings/settingsdialog.cpp
  ${CMAKE_CURRENT_LIST_DIR}/settings/providerspage.h ${CMAKE_CURRENT_LIST_DIR}/settings/providerspage.cpp
  ${CMAKE_CURRENT_LIST_DIR}/settings/defaultspage.h ${CMAKE_CURRENT_LIST_DIR}/settings/defaultspage.cpp
  ${CMAKE_CURRENT_LIST_DIR}/settings/utilitymodelpicker.h ${CMAKE_CURRENT_LIST_DIR}/settings/utilitymodelpicker.cpp
  ${CMAKE_CURRENT_LIST_DIR}/settings/mcppage.h ${CMAKE_CURRENT_LIST_DIR}/settings/mcppage.cpp
  ${CMAKE_CURRENT_LIST_DIR}/settings/approvalspage.h ${CMAKE_CURRENT_LIST_DIR}/settings/approvalspage.cpp
  ${CMAKE_CURRENT_LIST_DIR}/settings/appearance.h ${CMAKE_CURRENT_LIST_DIR}/settings/appearance.cpp
  ${CMAKE_CURRENT_LIST_DIR}/settings/appearancepage.h ${CMAKE_CURRENT_LIST_DIR}/settings/appearancepage.cpp
  ${CMAKE_CURRENT_LIST_DIR}/settings/datapage.h ${CMAKE_CURRENT_LIST_DIR}/settings/datapage.cpp
  ${CMAKE_CURRENT_LIST_DIR}/settings/firstrundialog.h ${CMAKE_CURRENT_LIST_DIR}/settings/firstrundialog.cpp)
