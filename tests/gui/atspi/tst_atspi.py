#!/usr/bin/env python3

# SPDX-FileCopyrightText: 2026 The Skein authors
#
# SPDX-License-Identifier: GPL-3.0-or-later

"""Skein through a screen reader's eyes: the real AT-SPI stack, as Orca uses it.

usage: with-atspi.sh tst_atspi.py SKEIN SKEIN_CLI
Starts the app on a fresh data dir with a conversation open (skein --open PREFIX), walks the
accessible tree of every window over and over (a walk once crashed Skein: a hidden tree's
pending layout freed the accessible cell being read), reads the conversation's messages in
order, runs a message action, opens Settings, Usage and About through their menu items, walks
them all and checks that every control of every window has a name.
"""
import json, os, shutil, subprocess, sys, tempfile, time, uuid

import pyatspi

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import walk  # noqa: E402

SKEIN, CLI = sys.argv[1], sys.argv[2]
failures = []
# Generous: under AddressSanitizer on a loaded 2-core machine one walk of the tree takes 20 s.
WAIT = 120


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what, flush=True)
    if not condition:
        failures.append(what)


def seed(data):
    """Two conversations; the one to open has two versions of its last question."""
    now = int(time.time() * 1000)
    provider = str(uuid.uuid4())

    def msg(sid, parent, role, content, at):
        return {"id": str(uuid.uuid4()), "parent_id": parent, "role": role, "content": content,
                "render_content": None, "reasoning": None, "tool_calls": [], "tool_call_id": None,
                "tool_name": None, "status": "complete", "finish_reason": "stop" if role == "assistant" else None,
                "error": None, "provider_id": provider if role == "assistant" else None,
                "model": "gpt-4.1" if role == "assistant" else None,
                "usage": {"prompt_tokens": 12 if role == "assistant" else None,
                          "completion_tokens": 9 if role == "assistant" else None,
                          "cached_tokens": None, "reasoning_tokens": None},
                "token_estimate": max(1, len(content) // 4), "created_at": at, "completed_at": at, "request_id": None}

    def session(title, at, turns, branch=None):
        sid, msgs, parent = str(uuid.uuid4()), [], None
        for i, (q, a) in enumerate(turns):
            u = msg(sid, parent, "user", q, at + i * 1000)
            r = msg(sid, u["id"], "assistant", a, at + i * 1000 + 500)
            msgs += [u, r]
            parent = r["id"]
        if branch:
            old = msg(sid, msgs[-2]["parent_id"], "user", branch, at - 10)
            msgs.append(old)
        return sid, {"session": {"id": sid, "title": title, "title_is_user": True, "created_at": at, "updated_at": at,
                                 "pinned": False, "archived": False, "provider_id": provider, "model": "gpt-4.1",
                                 "system_prompt": "", "context_settings": {}, "active_leaf_id": parent,
                                 "state": "idle", "parent_session_id": None, "entry_message_id": None},
                     "messages": msgs, "summaries": [], "memories": [], "tool_log": [], "context_snapshots": []}

    sid, main = session("Capitals", now - 60_000, [
        ("What is the capital of France?", "## Paris\n\nThe capital of France is **Paris**."),
        ("And of Japan?", "Tokyo is the capital of Japan.\n\n```python\nprint('Tokyo')\n```"),
    ], branch="And of Italy?")
    _, other = session("Newer conversation", now, [("Hello", "Hi there.")])
    archive = {"format": "skein.archive/1", "sessions": [main, other], "memories": [], "providers": [{
        "id": provider, "name": "Local", "kind": "openai", "base_url": "http://127.0.0.1:9/v1", "enabled": True,
        "default_model": "gpt-4.1", "models": [], "created_at": now, "updated_at": now}]}
    path = os.path.join(data, "seed.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(archive, f)
    subprocess.run([CLI, "--data-dir", data, "import", path], check=True, stdout=subprocess.DEVNULL)
    subprocess.run([CLI, "--data-dir", data, "providers", "enable", "Local"], check=True, stdout=subprocess.DEVNULL)
    return sid


def find_all(root, pred, out=None):
    out = [] if out is None else out
    if pred(root):
        out.append(root)
    for i in range(root.childCount):
        c = root.getChildAtIndex(i)
        if c is not None:
            find_all(c, pred, out)
    return out


def wait_for(what, fn, timeout=WAIT):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = fn()
        if value:
            return value
        time.sleep(0.2)
    check(False, f"{what} within {timeout} s")
    return None


def conversation(app):
    found = find_all(app, lambda a: a.getRole() == pyatspi.ROLE_LIST and a.name == "Conversation")
    return found[0] if found else None


def main():
    data = tempfile.mkdtemp(prefix="skein-atspi-")
    sid = seed(data)
    env = dict(os.environ, LANG="C.UTF-8", LC_ALL="C.UTF-8")
    # Under AddressSanitizer (CI): libxkbcommon-x11 calls strndup() on X replies with a length past
    # their end; strict_string_checks reports that as an overflow in a library that is not ours.
    # The app on Xvfb is the only test that loads it (the others run offscreen).
    if "ASAN_OPTIONS" in env:
        env["ASAN_OPTIONS"] += ":strict_string_checks=0"
    log = open(os.path.join(data, "skein.log"), "w+", encoding="utf-8")
    app_proc = subprocess.Popen([SKEIN, "--data-dir", data, "--lang", "en", "--open", sid[:8]], env=env,
                                stdout=log, stderr=subprocess.STDOUT)
    try:
        app = walk.find_app(app_proc.pid, WAIT)
        check(app is not None, "the app is on the AT-SPI bus")
        if app is None:
            return
        chat = wait_for("the conversation opened by --open shows its four messages",
                        lambda: (c := conversation(app)) is not None and c.childCount == 4 and c)
        if not chat:
            return

        # The whole tree, three times over, with the app alive after each walk.
        for n in range(3):
            try:
                tree = walk.walk(app)
            except Exception as e:  # the app died under the walk
                check(False, f"walk {n + 1} of the whole tree ({e})")
                return
            time.sleep(0.5)
            check(app_proc.poll() is None, f"walk {n + 1}: {len(tree)} objects read, the app still runs")
        check(len(tree) > 200, f"the walk reads the whole window ({len(tree)} objects)")

        # The conversation, in order, with what the view shows (rendered, not Markdown source).
        items = [chat.getChildAtIndex(i) for i in range(chat.childCount)]
        names = [i.name for i in items]
        texts = [walk.text_of(i) or "" for i in items]
        check(names == ["You", "gpt-4.1", "You", "gpt-4.1"], f"speakers in order: {names}")
        check("What is the capital of France?" in texts[0], "the first question's text")
        check("The capital of France is Paris." in texts[1] and "**" not in texts[1] and "##" not in texts[1],
              f"the first answer as shown, not its Markdown: {texts[1]!r}")
        check("Tokyo is the capital of Japan." in texts[3] and "print('Tokyo')" in texts[3], "the second answer")
        check(all(i.getRoleName() == "list item" for i in items), "messages are list items")
        check("version 2 of 2" in items[2].description, f"the branch is described: {items[2].description!r}")
        actions = [walk.actions_of(i) for i in items]
        check({"Copy", "Edit", "Delete"} <= set(actions[0]), f"a question's actions: {actions[0]}")
        check({"Copy", "Regenerate", "Delete"} <= set(actions[1]), f"an answer's actions: {actions[1]}")
        check(any(a.startswith("Copy Code") for a in actions[3]), f"a code block's copy: {actions[3]}")

        # The branch graph: a tree of cards named by speaker and text, the branch shown marked.
        graphs = find_all(app, lambda a: a.getRole() == pyatspi.ROLE_TREE and a.name == "Conversation tree")
        check(len(graphs) == 1, "the branch graph is on the bus")
        if graphs:
            cards = [graphs[0].getChildAtIndex(i) for i in range(graphs[0].childCount)]
            names = [c.name for c in cards]
            check("You: What is the capital of France?" in names and "You: And of Italy?" in names,
                  f"cards named by speaker and text: {names}")
            italy = cards[names.index("You: And of Italy?")] if "You: And of Italy?" in names else None
            japan = [c for c in cards if c.name == "You: And of Japan?"]
            check(bool(japan) and "on the branch shown" in japan[0].description and "reply to" in japan[0].description,
                  f"a card says where it is: {japan[0].description if japan else None!r}")
            if italy is not None:
                check(walk.actions_of(italy) == ["Show in Chat"], f"a card's action: {walk.actions_of(italy)}")
                italy.queryAction().doAction(0)
                shown = wait_for("the card's branch shows in the chat",
                                 lambda: (c := conversation(app)) and c.childCount == 3
                                 and "And of Italy?" in (walk.text_of(c.getChildAtIndex(2)) or ""))
                check(bool(shown), "Show in Chat on a card switched the chat to its branch")

        # A message action through the bridge: back to the second version of the question, then
        # the previous one again.
        chat = conversation(app)
        items = [chat.getChildAtIndex(i) for i in range(chat.childCount)]
        if "Next Version" in walk.actions_of(items[2]):
            items[2].queryAction().doAction(walk.actions_of(items[2]).index("Next Version"))
            wait_for("the second version shows again", lambda: (c := conversation(app)) and c.childCount == 4)
        chat = conversation(app)
        items = [chat.getChildAtIndex(i) for i in range(chat.childCount)]
        actions = [walk.actions_of(i) for i in items]
        versions = "Previous Version"
        check(versions in actions[2], f"the switcher is an action: {actions[2]}")
        if versions in actions[2]:
            a = items[2].queryAction()
            a.doAction(actions[2].index(versions))
            switched = wait_for("the other version shows",
                                lambda: (c := conversation(app)) and c.childCount == 3
                                and "And of Italy?" in (walk.text_of(c.getChildAtIndex(2)) or ""))
            check(bool(switched), "Previous Version switched the branch")
            check(app_proc.poll() is None, "the app still runs after the switch")

        # The other windows, opened as a screen reader user would, through their menu items:
        # Settings, Usage and About are walked with the main window, and the app survives.
        for item, title in (("Settings…", "Settings"), ("Usage…", "Usage"), ("About Skein", "About Skein")):
            items = find_all(app, lambda a: a.getRole() == pyatspi.ROLE_MENU_ITEM and a.name == item)
            check(len(items) >= 1, f"the menu item {item!r} is on the bus")
            if not items:
                continue
            names = walk.actions_of(items[0])
            items[0].queryAction().doAction(0)
            window = wait_for(f"the {title} window opens ({names})",
                              lambda: any(title in (app.getChildAtIndex(i).name or "")
                                          for i in range(app.childCount) if app.getChildAtIndex(i) is not None))
            check(bool(window), f"{item} opened its window")
        try:
            tree = walk.walk(app)
        except Exception as e:
            check(False, f"the walk with every window open ({e})")
            return
        windows = [app.getChildAtIndex(i).name for i in range(app.childCount)]
        check(app_proc.poll() is None and len(windows) >= 4,
              f"{len(tree)} objects read in {len(windows)} windows {windows}, the app still runs")

        # Every control a user can operate has a name, shown or not (a hidden panel's too).
        operable = {"push button", "button", "check box", "radio button", "combo box", "page tab", "menu item",
                    "toggle button", "spin button", "slider", "push button menu", "list", "tree", "table"}

        grandchildren = {}  # entry index -> names of its children's children (a combo box's items)
        for e in tree:
            if e["parent"] >= 0 and tree[e["parent"]]["parent"] >= 0:
                grandchildren.setdefault(tree[e["parent"]]["parent"], []).append(e["name"])

        def unnamed(n, e):
            parent = tree[e["parent"]] if e["parent"] >= 0 else {}
            if e["role"] == "list" and parent.get("role") == "combo box":
                return False  # a combo box's popup: the combo box is what is named
            if e["role"] == "combo box":
                # On Linux Qt names a combo box by the item it shows; its purpose comes from a label
                # (labelled-by) or its description.
                shows_item = not e["name"] or e["name"] in grandchildren.get(n, [])
                return shows_item and not e["labelled"] and not e["description"]
            editable = e["role"] in ("text", "entry", "password text") and "editable" in e["states"]
            return (e["role"] in operable or editable) and not e["name"]

        def where(e):  # the named ancestors, for the report
            names = []
            while e["parent"] >= 0:
                e = tree[e["parent"]]
                if e["name"]:
                    names.append(f'{e["role"]} {e["name"]!r}')
            return " < ".join(names[:3])

        buttons = [e["name"] for e in tree if e["role"] in ("button", "push button")]
        check("Clear" in buttons, f"buttons are checked too, a text box's clear button among them ({len(buttons)})")
        nameless = [(e["role"], e["description"], where(e)) for n, e in enumerate(tree) if unnamed(n, e)]
        check(not nameless, f"every control has a name (unnamed: {nameless})")
    finally:
        app_proc.terminate()
        try:
            app_proc.wait(10)
        except subprocess.TimeoutExpired:
            app_proc.kill()
        check(app_proc.returncode in (0, -15), f"the app exits cleanly (status {app_proc.returncode})")
        if failures:  # what the app said
            log.seek(0)
            print("--- the app's output ---\n" + log.read()[-6000:])
        log.close()
        shutil.rmtree(data, ignore_errors=True)


main()
if failures:
    print(f"{len(failures)} check(s) failed", file=sys.stderr)
    sys.exit(1)
print("all checks passed")
