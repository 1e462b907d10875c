#!/usr/bin/env bash
# Renders the inspector panels (branch view, memory and context inspectors, usage view) over a demo
# conversation into docs/screenshots/, under Xvfb so that real fonts are used:
#   scripts/sysroot run -- scripts/panel-screenshots.sh <build dir>
set -euo pipefail
build=${1:?usage: panel-screenshots.sh <build dir>}
src=$(cd "$(dirname "$0")/.." && pwd)
tool=$build/tests/gui/skein-panelshots
[[ -x $tool ]] || { echo "panel-screenshots: build the skein-panelshots target first" >&2; exit 1; }
xvfb-run -a -s "-screen 0 1280x800x24" "$tool" "$src/docs/screenshots"
# Chinese shots: add --lang zh_CN (once the panel strings are in translations/skein_zh_CN.ts).
