#!/usr/bin/env bash
# Takes the chat screenshots that need a model asking for tools (docs/screenshots/tool-approval.png)
# from the gui_chatagent test, under Xvfb. Run inside the build root:
#   scripts/sysroot run -- xvfb-run -a -s "-screen 0 1280x800x24" scripts/chat-screenshots.sh build/dev
set -euo pipefail
build=$1
src=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$src/docs/screenshots"
SKEIN_SHOT_DIR="$src/docs/screenshots" QT_QPA_PLATFORM=xcb \
  "$build/tests/gui/tst_gui_chatagent" readOnlyToolRunsAndApprovedToolWaitsForTheCard
echo "screenshots: $src/docs/screenshots/tool-approval.png"
