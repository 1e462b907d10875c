#!/usr/bin/env python3

# SPDX-FileCopyrightText: 2026 The Skein authors
#
# SPDX-License-Identifier: GPL-3.0-or-later

"""Walks Skein's accessible tree over AT-SPI, as a screen reader does, and prints what it read.

usage: walk.py APP_PID [--timeout S]
Prints one JSON object: {"objects": N, "windows": [...], "tree": [...]} where each tree entry is
{"depth", "parent" (index of the parent entry, -1 for the app), "role", "name", "text", "states", "actions", "labelled" (has a labelled-by relation)}. Exits 2 when the app does not appear on
the bus, 3 when a D-Bus call fails (the app died while being read).
"""
import json, sys, time

import pyatspi

MAX_OBJECTS = 20000
MAX_TEXT = 4000
TRACE = "--trace" in sys.argv


def find_app(pid, timeout):
    deadline = time.time() + timeout
    while time.time() < deadline:
        desktop = pyatspi.Registry.getDesktop(0)
        for i in range(desktop.childCount):
            app = desktop.getChildAtIndex(i)
            try:
                if app is not None and app.get_process_id() == pid:
                    return app
            except Exception:
                continue
        time.sleep(0.2)
    return None


def text_of(acc):
    try:
        t = acc.queryText()
    except NotImplementedError:
        return None
    n = t.characterCount
    return t.getText(0, min(n, MAX_TEXT))


def actions_of(acc):
    try:
        a = acc.queryAction()
    except NotImplementedError:
        return []
    return [a.getName(i) for i in range(a.nActions)]


def walk(root):
    out, stack = [], [(root, 0, -1)]
    while stack and len(out) < MAX_OBJECTS:
        acc, depth, parent = stack.pop()
        if TRACE:
            print(f"{'  ' * depth}{acc.getRoleName()} {acc.name!r} children={acc.childCount}", file=sys.stderr, flush=True)
        states = acc.getState().getStates()
        out.append({
            "depth": depth,
            "parent": parent,
            "role": acc.getRoleName(),
            "name": acc.name,
            "description": acc.description,
            "text": text_of(acc),
            "states": sorted(pyatspi.stateToString(s) for s in states),
            "actions": actions_of(acc),
            "labelled": any(r.getRelationType() == pyatspi.RELATION_LABELLED_BY for r in acc.getRelationSet()),
        })
        children = [acc.getChildAtIndex(i) for i in range(acc.childCount)]
        for child in reversed(children):
            if child is not None:
                stack.append((child, depth + 1, len(out) - 1))
    return out


def main():
    pid = int(sys.argv[1])
    timeout = float(sys.argv[sys.argv.index("--timeout") + 1]) if "--timeout" in sys.argv else 30
    app = find_app(pid, timeout)
    if app is None:
        print(f"walk: no accessible application with pid {pid} on the AT-SPI bus", file=sys.stderr)
        sys.exit(2)
    try:
        tree = walk(app)
    except Exception as e:  # a GLib.Error when the app vanished mid-walk
        print(f"walk: reading the tree failed: {e}", file=sys.stderr)
        sys.exit(3)
    json.dump({"objects": len(tree), "tree": tree}, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
