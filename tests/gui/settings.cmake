# SPDX-FileCopyrightText: 2026 The Skein authors
#
# SPDX-License-Identifier: GPL-3.0-or-later

# Settings dialog, first run, their models and the settings registry (tests/gui/settings/).
skein_add_test(NAME settings_keys SOURCES ${CMAKE_CURRENT_LIST_DIR}/settings/tst_settingskeys.cpp
  LIBS skein_core LABELS unit core)
# The item models, and the model-list merge of ProviderCheck (skein_app).
skein_add_test(NAME settings_models SOURCES ${CMAKE_CURRENT_LIST_DIR}/settings/tst_settingsmodels.cpp
  LIBS skein_app LABELS unit models)
# The services the Settings pages ask (src/app/settings/), without widgets.
skein_add_test(NAME settings_services SOURCES ${CMAKE_CURRENT_LIST_DIR}/settings/tst_settingsservices.cpp
  ${CMAKE_CURRENT_LIST_DIR}/settings/settingsfixture.h LIBS skein_app LABELS unit app)
skein_add_test(NAME gui_settingsdialog
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/settings/tst_settingsdialog.cpp ${CMAKE_CURRENT_LIST_DIR}/settings/settingsfixture.h
  LIBS skein_gui GUI LABELS gui)
skein_add_test(NAME gui_firstrun
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/settings/tst_firstrun.cpp ${CMAKE_CURRENT_LIST_DIR}/settings/settingsfixture.h
  LIBS skein_gui GUI LABELS gui)
# Renders the Settings dialog with sample data to a PNG (scripts/screenshots.sh); not a test.
add_executable(settings_screenshot ${CMAKE_CURRENT_LIST_DIR}/settings/settingsscreenshot.cpp)
target_link_libraries(settings_screenshot PRIVATE skein_config skein_gui)
