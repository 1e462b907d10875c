#!/usr/bin/env bash
# Takes the screenshots in docs/screenshots/ (run under Xvfb by `scripts/dev screenshots`).
# Each shot starts skein on a fresh data dir, waits for it to settle and grabs the screen.
set -euo pipefail
build=$1
src=$(cd "$(dirname "$0")/.." && pwd)
out=$src/docs/screenshots
mkdir -p "$out"

shoot() { # name, then skein arguments
  local name=$1; shift
  local data; data=$(mktemp -d)
  "$build/src/skein" --data-dir "$data" "$@" &
  local pid=$!
  sleep "${SKEIN_SHOT_DELAY:-3}"
  import -window root -crop 1200x760+0+0 +repage "$out/$name.png"
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  rm -rf "$data"
  echo "screenshots: $out/$name.png"
}

shoot main-window --lang en
shoot main-window-zh --lang zh_CN
