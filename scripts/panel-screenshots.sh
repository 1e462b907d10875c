#!/usr/bin/env bash

# SPDX-FileCopyrightText: 2026 The Skein authors
#
# SPDX-License-Identifier: GPL-3.0-or-later

# Renders the inspector panels (branch view, memory and context inspectors, usage view) over a demo
# conversation, and the Settings dialog, into docs/screenshots/ in English and Chinese (*-zh.png),
# light and dark, and at scale 2 (*-scale2.png, on a screen twice the size), under Xvfb so that
# real fonts are used:
#   scripts/sysroot run -- scripts/panel-screenshots.sh <build dir>
# (build the skein-panelshots and settings_screenshot targets first). SKEIN_EXTRA_QM=<file.qm>
# adds translations not merged into translations/skein_zh_CN.ts yet.
set -euo pipefail
build=${1:?usage: panel-screenshots.sh <build dir>}
src=$(cd "$(dirname "$0")/.." && pwd)
out=$src/docs/screenshots
tool=$build/tests/gui/skein-panelshots
settings=$build/tests/gui/settings/settings_screenshot
[[ -x $tool && -x $settings ]] || {
  echo "panel-screenshots: build the skein-panelshots and settings_screenshot targets first" >&2
  exit 1
}
xvfb-run -a -s "-screen 0 1280x800x24" "$tool" "$out"
xvfb-run -a -s "-screen 0 1280x800x24" "$tool" "$out" --lang zh_CN
xvfb-run -a -s "-screen 0 1280x800x24" "$tool" "$out" --dark
xvfb-run -a -s "-screen 0 1280x800x24" "$tool" "$out" --dark --lang zh_CN
QT_SCALE_FACTOR=2 xvfb-run -a -s "-screen 0 2560x1600x24" "$tool" "$out"
QT_SCALE_FACTOR=2 xvfb-run -a -s "-screen 0 2560x1600x24" "$tool" "$out" --dark --lang zh_CN
xvfb-run -a -s "-screen 0 1280x800x24" "$settings" "$out"
xvfb-run -a -s "-screen 0 1280x800x24" "$settings" "$out" --zh
xvfb-run -a -s "-screen 0 1280x800x24" "$settings" "$out" --dark --zh
QT_SCALE_FACTOR=2 xvfb-run -a -s "-screen 0 2560x1600x24" "$settings" "$out" --dark --zh
