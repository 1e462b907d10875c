#!/bin/sh

# SPDX-FileCopyrightText: 2026 The Skein authors
#
# SPDX-License-Identifier: GPL-3.0-or-later

# Installs the pinned MCP test servers (package-lock.json) into node_modules next to this script,
# unless they are already there. $1: npm cache directory (inside the build dir: HOME may be a tmpfs).
set -eu
cd "$(dirname "$0")"
if [ -f node_modules/@modelcontextprotocol/server-everything/package.json ] &&
   [ -f node_modules/@modelcontextprotocol/server-filesystem/package.json ] &&
   [ node_modules/.package-lock.json -nt package-lock.json ]; then
  echo "MCP test servers already installed"
  exit 0
fi
set -- --prefer-offline --no-audit --no-fund --cache "${1:-.npm-cache}"
# Behind a TLS-inspecting proxy the CA comes through NODE_EXTRA_CA_CERTS; npm wants it as cafile.
if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
  set -- "$@" --cafile "$NODE_EXTRA_CA_CERTS"
fi
npm ci "$@"
