#!/usr/bin/env bash

# SPDX-FileCopyrightText: 2026 The Skein authors
#
# SPDX-License-Identifier: GPL-3.0-or-later

# Takes the screenshots in docs/screenshots/ (run under Xvfb by `scripts/dev screenshots`).
# Each shot starts skein on a fresh data dir, waits for it to settle and grabs the screen.
set -euo pipefail
build=$1
only=${2:-} # "scale2" / "scale1.5": the HiDPI shots alone (the script runs itself for them)
src=$(cd "$(dirname "$0")/.." && pwd)
out=$src/docs/screenshots
mkdir -p "$out"

shoot() { # name, seed language, then skein arguments
  local name=$1 seed=$2; shift 2
  local data; data=$(mktemp -d)
  # A few conversations (one with code, a table and two branches) to show.
  python3 "$src/scripts/screenshot-seed.py" "$seed" "$data/seed.json"
  "$build/src/cli/skein-cli" --data-dir "$data" import "$data/seed.json" >/dev/null
  # An imported provider waits for the user's review (docs/security.md); the user here trusts it.
  "$build/src/cli/skein-cli" --data-dir "$data" providers enable OpenAI >/dev/null
  # SHOT_THEME=dark: the theme chosen in Settings → Appearance.
  [[ -z ${SHOT_THEME:-} ]] || printf '[appearance]\ntheme=%s\n' "$SHOT_THEME" >"$data/ui-state.ini"
  "$build/src/skein" --data-dir "$data" "$@" &
  local pid=$!
  sleep "${SKEIN_SHOT_DELAY:-3}"
  # The window as it first opens (90% of the screen, centred): the screen minus its black border.
  import -window root -trim +repage "$out/$name.png"
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  rm -rf "$data"
  echo "screenshots: $out/$name.png"
}

if [[ $only == scale2 ]]; then
  shoot main-window-scale2 en --lang en
  SHOT_THEME=dark shoot main-window-dark-zh-scale2 zh --lang zh_CN
  exit 0
fi
if [[ $only == scale1.5 ]]; then
  shoot main-window-scale1.5-zh zh --lang zh_CN
  exit 0
fi
shoot main-window en --lang en
shoot main-window-zh zh --lang zh_CN
SHOT_THEME=dark shoot main-window-dark en --lang en
SHOT_THEME=dark shoot main-window-dark-zh zh --lang zh_CN
# Scale 2 (HiDPI) on a screen twice the size, in its own X server.
if [[ -z ${SKEIN_SHOT_SCALE2:-} ]]; then
  SKEIN_SHOT_SCALE2=1 QT_SCALE_FACTOR=2 xvfb-run -a -s "-screen 0 2560x1600x24" "$0" "$build" scale2
  SKEIN_SHOT_SCALE2=1 QT_SCALE_FACTOR=1.5 xvfb-run -a -s "-screen 0 1920x1200x24" "$0" "$build" scale1.5
fi
# The Settings dialog and the first-run page, rendered with sample providers.
if [[ -x $build/tests/gui/settings/settings_screenshot ]]; then
  "$build/tests/gui/settings/settings_screenshot" "$out"
  "$build/tests/gui/settings/settings_screenshot" "$out" --dark
fi
