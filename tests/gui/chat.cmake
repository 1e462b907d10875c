# SPDX-FileCopyrightText: 2026 The Skein authors
#
# SPDX-License-Identifier: GPL-3.0-or-later

# The chat area: the main window driven offscreen over a real data dir and a scripted model
# server, and the rendering-safety corpus.
skein_add_test(NAME gui_chatwindow SOURCES chat/tst_chatwindow.cpp LIBS skein_gui GUI LABELS gui TIMEOUT 180)
skein_add_test(NAME gui_renderingsafety SOURCES chat/tst_renderingsafety.cpp LIBS skein_gui GUI LABELS gui TIMEOUT 180)
skein_add_test(NAME gui_chatagent SOURCES chat/tst_chatagent.cpp LIBS skein_gui GUI LABELS gui TIMEOUT 240)
skein_add_test(NAME gui_chatselection SOURCES chat/tst_chatselection.cpp LIBS skein_gui GUI LABELS gui TIMEOUT 180)
skein_add_test(NAME gui_chunksplitter SOURCES chat/tst_chunksplitter.cpp LIBS skein_gui GUI LABELS gui TIMEOUT 180)
skein_add_test(NAME gui_chatstreaming SOURCES chat/tst_chatstreaming.cpp LIBS skein_gui GUI LABELS gui TIMEOUT 300)
skein_add_test(NAME gui_untrustedtext SOURCES chat/tst_untrustedtext.cpp LIBS skein_gui GUI LABELS gui TIMEOUT 180)
skein_add_test(NAME gui_chatconcurrency SOURCES chat/tst_chatconcurrency.cpp LIBS skein_gui GUI LABELS gui TIMEOUT 180)
