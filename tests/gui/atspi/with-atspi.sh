#!/usr/bin/env bash

# SPDX-FileCopyrightText: 2026 The Skein authors
#
# SPDX-License-Identifier: GPL-3.0-or-later

# usage: with-atspi.sh CMD...
# Runs CMD as a screen reader's machine would: an X server (Xvfb), a private session bus, and the
# AT-SPI bus started on it (at-spi-bus-launcher, which activates the registry daemon).
set -euo pipefail
if [[ -z ${SKEIN_ATSPI_INNER:-} ]]; then
  export SKEIN_ATSPI_INNER=1
  exec xvfb-run -a -s "-screen 0 1400x900x24" dbus-run-session -- "$0" "$@"
fi
launcher=""
for l in /usr/libexec/at-spi-bus-launcher /usr/lib/at-spi2-core/at-spi-bus-launcher; do
  [[ -x $l ]] && launcher=$l && break
done
[[ -n $launcher ]] || { echo "with-atspi: at-spi-bus-launcher not found (Debian package at-spi2-core)" >&2; exit 1; }
"$launcher" --launch-immediately &
bus=$!
for _ in $(seq 100); do
  dbus-send --session --dest=org.a11y.Bus --print-reply /org/a11y/bus org.a11y.Bus.GetAddress >/dev/null 2>&1 && break
  sleep 0.1
done
export QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1 QT_QPA_PLATFORM=xcb NO_AT_BRIDGE=0
rc=0
"$@" || rc=$?
kill "$bus" 2>/dev/null || true
exit "$rc"
