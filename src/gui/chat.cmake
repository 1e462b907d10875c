# SPDX-FileCopyrightText: 2026 The Skein authors
#
# SPDX-License-Identifier: GPL-3.0-or-later

# The chat area: session sidebar, chat view with its renderer, composer and controller.
target_sources(skein_gui PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/safetextdocument.h ${CMAKE_CURRENT_LIST_DIR}/safetextdocument.cpp
  ${CMAKE_CURRENT_LIST_DIR}/chunksplitter.h ${CMAKE_CURRENT_LIST_DIR}/chunksplitter.cpp
  ${CMAKE_CURRENT_LIST_DIR}/markdownrenderer.h ${CMAKE_CURRENT_LIST_DIR}/markdownrenderer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/linkopener.h ${CMAKE_CURRENT_LIST_DIR}/linkopener.cpp
  ${CMAKE_CURRENT_LIST_DIR}/plainmessagebox.h
  ${CMAKE_CURRENT_LIST_DIR}/messagedelegate.h ${CMAKE_CURRENT_LIST_DIR}/messagedelegate.cpp
  ${CMAKE_CURRENT_LIST_DIR}/chatview.h ${CMAKE_CURRENT_LIST_DIR}/chatview.cpp
  ${CMAKE_CURRENT_LIST_DIR}/messageselection.h ${CMAKE_CURRENT_LIST_DIR}/messageselection.cpp
  ${CMAKE_CURRENT_LIST_DIR}/composer.h ${CMAKE_CURRENT_LIST_DIR}/composer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sessionsidebar.h ${CMAKE_CURRENT_LIST_DIR}/sessionsidebar.cpp
  ${CMAKE_CURRENT_LIST_DIR}/chatcontroller.h ${CMAKE_CURRENT_LIST_DIR}/chatcontroller.cpp
  ${CMAKE_CURRENT_LIST_DIR}/chatcontroller_replies.cpp
  ${CMAKE_CURRENT_LIST_DIR}/chatcontroller_sessions.cpp
  ${CMAKE_CURRENT_LIST_DIR}/mainwindow_chat.cpp)
