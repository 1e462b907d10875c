#!/bin/sh

# SPDX-FileCopyrightText: 2026 The Skein authors
#
# SPDX-License-Identifier: GPL-3.0-or-later

# The llama_model ctest fixture: makes sure llama-server runs and that OUTDIR holds the test model
# written by make-model.py (regenerated when the generator or its seed changed).
#
#   ensure-model.sh OUTDIR [SEED]
#
# Where llama-server and python3-gguf come from: see llama-exec. When they cannot be had, this
# fails under CI=true and otherwise says why and succeeds (the tests then skip with that reason).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: ensure-model.sh OUTDIR [SEED]}
seed=${2:-42}
exec=$here/llama-exec

unavailable() {
  if [ "${CI:-}" = true ]; then
    echo "llama_model: FAILED: $1" >&2
    exit 1
  fi
  echo "llama_model: not available, the tests that need llama-server will skip: $1"
  exit 0
}

if [ -n "${SKEIN_LLAMA_ROOT:-}" ]; then
  [ -x "$SKEIN_LLAMA_ROOT/usr/bin/llama-server" ] ||
    unavailable "no llama-server in the llama root $SKEIN_LLAMA_ROOT (scripts/dev test creates it)"
else
  command -v llama-server >/dev/null ||
    unavailable "llama-server is not on PATH and SKEIN_LLAMA_ROOT is not set (scripts/dev test sets up a root with it; on Debian forky: apt install llama.cpp-tools python3-gguf python3-numpy)"
fi

version=$("$exec" llama-server --version 2>&1) || { echo "$version" >&2; echo "llama_model: llama-server --version failed" >&2; exit 1; }
echo "llama_model: $(echo "$version" | grep -m1 '^version' || echo "$version" | head -1)"

mkdir -p "$out"
model=$out/skein-test.gguf
stamp="generator $(sha256sum "$here/make-model.py" | cut -c1-16) seed $seed"
if [ -f "$model" ] && [ -f "$model.stamp" ] && [ "$(cat "$model.stamp")" = "$stamp" ]; then
  echo "llama_model: $model is up to date ($stamp)"
  exit 0
fi
if [ -z "${SKEIN_LLAMA_ROOT:-}" ]; then
  python3 -c 'import gguf, numpy' 2>/dev/null ||
    unavailable "python3 cannot import gguf and numpy (apt install python3-gguf python3-numpy)"
fi
t0=$(date +%s.%N)
trap 'rm -f "$model.tmp.$$"' EXIT
"$exec" python3 - --seed "$seed" --report <"$here/make-model.py" >"$model.tmp.$$"
mv "$model.tmp.$$" "$model"
echo "$stamp" >"$model.stamp"
echo "llama_model: wrote $model ($(wc -c <"$model") bytes, $stamp) in $(awk "BEGIN { printf \"%.1f\", $(date +%s.%N) - $t0 }") s"
