#!/bin/sh

# SPDX-FileCopyrightText: 2026 The Skein authors
#
# SPDX-License-Identifier: GPL-3.0-or-later

# ctest: translations/skein_zh_CN.ts covers every tr() string in the sources, with no unfinished
# entry. Runs lupdate on a copy, so the checkout is never modified.
set -eu
src=$1 bin=$2 lupdate=$3 gen=$4
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
project=$bin/translations/.lupdate/Skein_lupdate_project
cmake -DIN_FILE="$project.cmake" -DOUT_FILE="$tmp/project.json" -P "$gen" >/dev/null
cp "$src/translations/skein_zh_CN.ts" "$tmp/skein_zh_CN.ts"
"$lupdate" -project "$tmp/project.json" -no-obsolete -locations none -ts "$tmp/skein_zh_CN.ts" 2>&1 | grep -v '^Updating\|^ *Found\|^ *Removed' || true
python3 "$src/scripts/ts-tool" check "$tmp/skein_zh_CN.ts"
