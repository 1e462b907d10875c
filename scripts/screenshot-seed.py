#!/usr/bin/env python3

# SPDX-FileCopyrightText: 2026 The Skein authors
#
# SPDX-License-Identifier: GPL-3.0-or-later

"""Writes a skein.archive/1 file with a few conversations for the screenshots (scripts/screenshots.sh).

usage: screenshot-seed.py en|zh OUT.json
Timestamps are relative to now so the sidebar shows its Today / Yesterday / Previous 7 days groups.
"""
import json, sys, time, uuid

lang, out = sys.argv[1], sys.argv[2]
now = int(time.time() * 1000)
HOUR, DAY = 3600_000, 86400_000
PROVIDER = "11111111-2222-3333-4444-555555555555"

def uid():
    return str(uuid.uuid4())

def message(sid, parent, role, content, at, model=None, usage=None):
    u = usage or {}
    return {
        "id": uid(), "parent_id": parent, "role": role, "content": content, "render_content": None,
        "reasoning": None, "tool_calls": [], "tool_call_id": None, "tool_name": None, "status": "complete",
        "finish_reason": "stop" if role == "assistant" else None, "error": None,
        "provider_id": PROVIDER if role == "assistant" else None, "model": model,
        "usage": {"prompt_tokens": u.get("p"), "completion_tokens": u.get("c"), "cached_tokens": None,
                  "reasoning_tokens": None},
        "token_estimate": max(1, len(content) // 4), "created_at": at, "completed_at": at,
        "request_id": None,
    }

def session(title, at, turns, pinned=False, edit=None):
    sid = uid()
    msgs, parent, t = [], None, at
    for i, (question, answer) in enumerate(turns):
        u = message(sid, parent, "user", question, t)
        a = message(sid, u["id"], "assistant", answer, t + 4000, "gpt-4.1", {"p": 320 + 90 * i, "c": 410})
        msgs += [u, a]
        parent = a["id"]
        t += 60_000
    if edit:  # an earlier wording of the last question: shows the ‹ 1 / 2 › switcher
        first_q = msgs[-2]
        old = message(sid, first_q["parent_id"], "user", edit[0], first_q["created_at"] - 1000)
        old_a = message(sid, old["id"], "assistant", edit[1], first_q["created_at"] - 500, "gpt-4.1")
        msgs += [old, old_a]
    return {
        "session": {
            "id": sid, "title": title, "title_is_user": False, "created_at": at, "updated_at": t,
            "pinned": pinned, "archived": False, "provider_id": PROVIDER, "model": "gpt-4.1",
            "system_prompt": "", "context_settings": {}, "active_leaf_id": parent, "state": "idle",
            "parent_session_id": None, "entry_message_id": None,
        },
        "messages": msgs, "summaries": [], "memories": [], "tool_log": [], "context_snapshots": [],
    }

if lang == "zh":
    main_turns = [
        ("如何在 Python 中按多个键对字典列表排序？",
         "## 用 `sorted` 和元组键\n\n`sorted()` 接受一个 **key** 函数；返回元组即可按多个字段排序：\n\n"
         "```python\npeople = [\n    {\"name\": \"李雷\", \"age\": 30},\n    {\"name\": \"韩梅梅\", \"age\": 25},\n]\n"
         "# 先按年龄升序，再按姓名\nresult = sorted(people, key=lambda p: (p[\"age\"], p[\"name\"]))\nprint(result)\n```\n\n"
         "| 方法 | 是否稳定 | 适用场景 |\n|---|---|---|\n| `sorted()` | 是 | 返回新列表 |\n| `list.sort()` | 是 | 原地排序 |\n"
         "| `heapq.nsmallest` | 否 | 只取前 n 个 |\n\n> 提示：降序时可以对数字取负，或使用 `reverse=True`。"),
    ]
    others = [("周末徒步路线推荐", -1 * DAY), ("SQLite WAL 模式原理", -3 * DAY), ("周报草稿", -12 * DAY)]
    main_title, pinned = "Python 多键排序", ("Rust 学习笔记", -20 * DAY)
    edit = ("Python 里怎么给字典排序？", "可以用 `sorted(d.items())`。")
else:
    main_turns = [
        ("How do I sort a list of dicts by several keys in Python?",
         "## Use `sorted` with a tuple key\n\n`sorted()` takes a **key** function; return a tuple to sort by several fields:\n\n"
         "```python\npeople = [\n    {\"name\": \"Ada\", \"age\": 36},\n    {\"name\": \"Alan\", \"age\": 41},\n]\n"
         "# age ascending, then name\nresult = sorted(people, key=lambda p: (p[\"age\"], p[\"name\"]))\nprint(result)\n```\n\n"
         "| Method | Stable | When |\n|---|---|---|\n| `sorted()` | yes | returns a new list |\n| `list.sort()` | yes | sorts in place |\n"
         "| `heapq.nsmallest` | no | only the first n |\n\n> Tip: for descending order negate numbers or pass `reverse=True`. "
         "See the [sorting HOWTO](https://docs.python.org/3/howto/sorting.html)."),
    ]
    others = [("Weekend hiking routes", -1 * DAY), ("How SQLite WAL works", -3 * DAY), ("Weekly report draft", -12 * DAY)]
    main_title, pinned = "Sorting dicts by several keys", ("Rust learning notes", -20 * DAY)
    edit = ("How do I sort a dict in Python?", "Use `sorted(d.items())`.")

sessions = [session(main_title, now - 2 * HOUR, main_turns, edit=edit)]
for title, offset in others:
    sessions.append(session(title, now + offset, [("…", "…")]))
sessions.append(session(pinned[0], now + pinned[1], [("…", "…")], pinned=True))
archive = {"format": "skein.archive/1", "sessions": sessions, "memories": [], "providers": [{
    "id": PROVIDER, "name": "OpenAI", "kind": "openai", "base_url": "https://api.openai.com/v1", "enabled": True,
    "default_model": "gpt-4.1", "models": [], "created_at": now - 30 * DAY, "updated_at": now - 30 * DAY}]}
with open(out, "w", encoding="utf-8") as f:
    json.dump(archive, f, ensure_ascii=False, indent=4, sort_keys=True)
