#!/usr/bin/env bash

# SPDX-FileCopyrightText: 2026 The Skein authors
#
# SPDX-License-Identifier: GPL-3.0-or-later

# Takes the screenshots in docs/screenshots/ (run under Xvfb by `scripts/dev screenshots`).
# Each shot starts skein on a fresh data dir, waits for it to settle and grabs the screen.
set -euo pipefail
build=$1
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
  import -window root -crop 1200x760+0+0 +repage "$out/$name.png"
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  rm -rf "$data"
  echo "screenshots: $out/$name.png"
}

shoot main-window en --lang en
shoot main-window-zh zh --lang zh_CN
SHOT_THEME=dark shoot main-window-dark en --lang en
# The Settings dialog and the first-run page, rendered with sample providers.
if [[ -x $build/tests/gui/settings/settings_screenshot ]]; then
  "$build/tests/gui/settings/settings_screenshot" "$out"
  "$build/tests/gui/settings/settings_screenshot" "$out" --dark
fi
