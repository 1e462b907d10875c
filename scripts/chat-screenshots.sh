#!/usr/bin/env bash

# SPDX-FileCopyrightText: 2026 The Skein authors
#
# SPDX-License-Identifier: GPL-3.0-or-later

# Takes the screenshots that need a scripted situation from the GUI tests, under Xvfb:
# * a model asking for tools (docs/screenshots/tool-approval*.png, gui_chatagent), light and dark,
#   English and Chinese;
# * a message edited in place (edit-in-place.png, gui_chatwindow);
# * File → Import of a ChatGPT export: its progress and its summary (import-progress.png,
#   import-summary.png, gui_chatimport), English and Chinese;
# * a search while an import is still being indexed (search-still-indexing.png, gui_chatimport),
#   English and Chinese;
# * tags: the dialog and the filtered list (session-tags-dialog.png, sidebar-tags.png, gui_sidebar),
#   and an incognito chat (incognito.png, gui_sidebar), English and Chinese;
# * a message's actions menu with the pin actions, after two notes were pinned (pinned-menu.png,
#   gui_chatselection), English and Chinese;
# * attachments: the composer's chips (composer-attachments.png, composer-no-vision.png, a PDF with
#   its pages asked for: composer-pdf-pages.png), a sent
#   message with thumbnails (message-attachments.png), the viewer (attachment-viewer.png) and the
#   context inspector's Attachments segment (context-inspector-attachments.png), and a conversation
#   imported with files the export only named (message-imported-attachments.png), gui_chatattachments,
#   English and Chinese;
# * code blocks (code-blocks.png) and a wide table scrolled sideways (wide-table.png), gui_chatlook;
# * from gui_settingsdialog: a provider whose key is in a keychain that cannot be reached
#   (settings-key-unreachable.png), a provider from an imported file
#   (settings-imported-provider.png), the confirmation of an MCP import (mcp-import-confirm.png)
#   and the MCP server dialog with its "trusted" box (mcp-server-dialog.png).
# Run inside the build root:
#   scripts/sysroot run -- xvfb-run -a -s "-screen 0 1280x800x24" scripts/chat-screenshots.sh build/dev
set -euo pipefail
build=$1
src=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$src/docs/screenshots"
# The tool cards also in dark, in Chinese and both (tool-approval-dark.png, -zh, -dark-zh).
for look in "" "SKEIN_SHOT_THEME=dark" "SKEIN_SHOT_LANG=zh_CN" "SKEIN_SHOT_THEME=dark SKEIN_SHOT_LANG=zh_CN"; do
  env $look SKEIN_SHOT_DIR="$src/docs/screenshots" QT_QPA_PLATFORM=xcb \
    "$build/tests/gui/chat/tst_gui_chatagent" readOnlyToolRunsAndApprovedToolWaitsForTheCard
done
# The import's progress and summary, English and Chinese.
for look in "" "SKEIN_SHOT_LANG=zh_CN"; do
  env $look SKEIN_SHOT_DIR="$src/docs/screenshots" QT_QPA_PLATFORM=xcb \
    "$build/tests/gui/chat/tst_gui_chatimport" importShowsProgressCancelsAndSumsUp searchSaysWhatIsStillBeingIndexed
  env $look SKEIN_SHOT_DIR="$src/docs/screenshots" QT_QPA_PLATFORM=xcb \
    "$build/tests/gui/tst_gui_sidebar" tagsFromTheKeyboardFilterTheList incognitoChatIsMarkedAndGoesWhenLeft
  env $look SKEIN_SHOT_DIR="$src/docs/screenshots" QT_QPA_PLATFORM=xcb \
    "$build/tests/gui/chat/tst_gui_chatattachments"
  env $look SKEIN_SHOT_DIR="$src/docs/screenshots" QT_QPA_PLATFORM=xcb \
    "$build/tests/gui/chat/tst_gui_chatselection" pinningASelectionAndAMessage
done
# A message edited in place, and code blocks with their headers (the long one collapsed).
SKEIN_SHOT_DIR="$src/docs/screenshots" QT_QPA_PLATFORM=xcb \
  "$build/tests/gui/chat/tst_gui_chatwindow" editMakesABranchAndTheSwitcherWalksIt exportKindsFromTheDialogAndPrint
SKEIN_SHOT_DIR="$src/docs/screenshots" QT_QPA_PLATFORM=xcb \
  "$build/tests/gui/chat/tst_gui_chatlook" codeBlocksHaveAHeaderAndLongOnesCollapse \
  wideTablesAndUnwrappedCodeScrollSideways
SKEIN_SHOT_DIR="$src/docs/screenshots" QT_QPA_PLATFORM=xcb \
  "$build/tests/gui/settings/tst_gui_settingsdialog" keylessProviderNeverAsksTheKeychain importedProviderWaitsForReview \
  mcpImportEnableAndPersist mcpAddByHand
echo "screenshots: $src/docs/screenshots/{tool-approval,import-progress,import-summary,search-still-indexing,session-tags-dialog,sidebar-tags,incognito,pinned-menu,composer-attachments,composer-no-vision,composer-pdf-pages,message-attachments,message-imported-attachments,attachment-viewer,context-inspector-attachments,edit-in-place,code-blocks,wide-table,settings-key-unreachable,settings-imported-provider,mcp-import-confirm,mcp-server-dialog}.png"
