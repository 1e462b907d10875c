#!/usr/bin/env python3

# SPDX-FileCopyrightText: 2026 The Skein authors
#
# SPDX-License-Identifier: GPL-3.0-or-later

"""Evidence recall of Skein's context engine on the LoCoMo benchmark, through skein-cli.

Each LoCoMo conversation becomes one linear Skein session (imported with `skein-cli import` into
a fresh data directory). For every question and every window, `skein-cli context SID --draft
QUESTION --window W --json` says which messages the next request would carry; a question is a
hit when every message its evidence names is among them (the recent history the context
includes, or the passages it recalls). The dataset is read at run time and never copied
(CC BY-NC 4.0, evaluation only; see README.md).

usage: locomo.py [--data FILE] [--cli PATH] [--windows 4096,8192,16384] [--jobs N] [--limit N]
                 [--samples conv-26,conv-30] [--json OUT] [--keep]
"""

from __future__ import annotations

import argparse
import concurrent.futures
import dataclasses
import datetime
import errno
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DEFAULT_DATA = REPO.parent / "shared" / "benchmarks" / "locomo" / "locomo10.json"
DEFAULT_CLI = REPO / "build" / "dev" / "src" / "cli" / "skein-cli"
DEFAULT_WINDOWS = (4096, 8192, 16384)

CATEGORY_NAMES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}

# Ids are name-based, so the runner knows which message each dialogue turn became.
ID_NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://github.com/snap-research/LoCoMo#skein-bench")
TURN_SPACING_MS = 5_000  # turns of one session are this far apart, so their order is strict

MONTHS = {name: i + 1 for i, name in enumerate(
    ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
     "november", "december"))}
DATE_TIME_RE = re.compile(r"\s*(\d{1,2}):(\d{2})\s*([ap]m)\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})\s*", re.I)
SESSION_KEY_RE = re.compile(r"session_(\d+)")
# What a malformed evidence entry may still hold: "D8:6; D9:17", "D:11:26", "D30:05".
EVIDENCE_PART_RE = re.compile(r"D:?(\d+):(\d+)")

EXEC_RETRIES = 5  # the binary may be relinked under a run ("text file busy")


class CliError(Exception):
    """A skein-cli call that failed: its command line, exit status and standard error."""

    def __init__(self, command: list[str], status: int | None, stderr: str, stdout: str = ""):
        self.command = command
        self.status = status
        self.stderr = stderr.strip()
        self.stdout = stdout.strip()
        super().__init__(self.describe())

    def describe(self) -> str:
        """A readable account of the failure, with the CLI's own message."""
        shown = " ".join(a if len(a) < 80 else a[:77] + "..." for a in self.command)
        what = f"exit status {self.status}" if self.status is not None else "could not run"
        text = f"skein-cli failed ({what}): {shown}"
        if self.stderr:
            text += "\n  stderr: " + self.stderr.replace("\n", "\n          ")
        elif self.stdout:
            text += "\n  stdout: " + self.stdout[:500]
        return text


@dataclasses.dataclass(frozen=True)
class Question:
    """One answerable question: where it is, its category and the message ids of its evidence."""

    sample_id: str
    index: int  # position in the sample's `qa` list
    category: int
    text: str
    evidence: tuple[str, ...]  # dia ids, normalised
    evidence_ids: tuple[str, ...]  # message ids


@dataclasses.dataclass
class EvidenceStats:
    """What was found wrong with the dataset's evidence lists, for the report."""

    questions: int = 0
    entries: int = 0
    malformed: list[str] = dataclasses.field(default_factory=list)  # "sample qN: 'raw' -> D1:2 D3:4"
    missing: list[str] = dataclasses.field(default_factory=list)  # "sample qN: D10:19"
    skipped_no_evidence: int = 0
    skipped_unmapped: int = 0


@dataclasses.dataclass(frozen=True)
class Call:
    """One `skein-cli context` call to make."""

    question: Question
    session_id: str
    window: int


# ----------------------------------------------------------------------------------------------
# Command line


def parse_args(argv: list[str]) -> argparse.Namespace:
    """The runner's options."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--data", type=Path, default=DEFAULT_DATA, metavar="FILE",
                   help=f"locomo10.json (default: {DEFAULT_DATA})")
    p.add_argument("--cli", type=Path, default=None, metavar="PATH",
                   help=f"skein-cli to measure (default: $SKEIN_CLI, else {DEFAULT_CLI.relative_to(REPO)})")
    p.add_argument("--windows", type=parse_windows, default=DEFAULT_WINDOWS, metavar="W,W,...",
                   help="context windows in tokens, comma-separated (default: 4096,8192,16384)")
    p.add_argument("--jobs", type=positive_int, default=os.cpu_count() or 1, metavar="N",
                   help="parallel skein-cli calls (default: the number of CPUs)")
    p.add_argument("--limit", type=positive_int, default=None, metavar="N", help="only the first N questions of each sample")
    p.add_argument("--samples", type=lambda s: [x for x in s.split(",") if x], default=None, metavar="ID,ID,...",
                   help="only these samples (sample_id, comma-separated)")
    p.add_argument("--json", type=Path, default=None, dest="json_out", metavar="OUT", help="write every result to this file")
    p.add_argument("--keep", action="store_true", help="keep the temporary files and data directory")
    return p.parse_args(argv)


def positive_int(text: str) -> int:
    """argparse type: an integer >= 1."""
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text}")
    return value


def parse_windows(text: str) -> tuple[int, ...]:
    """argparse type: a comma-separated list of positive window sizes."""
    try:
        windows = tuple(int(w) for w in text.split(",") if w.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"windows must be integers: {text}") from None
    if not windows or any(w < 1 for w in windows):
        raise argparse.ArgumentTypeError(f"windows must be positive integers: {text}")
    return windows


def resolve_cli(option: Path | None) -> Path:
    """--cli, else $SKEIN_CLI, else the dev build's skein-cli."""
    if option is not None:
        return option.resolve()
    if os.environ.get("SKEIN_CLI"):
        return Path(os.environ["SKEIN_CLI"]).resolve()
    return DEFAULT_CLI


# ----------------------------------------------------------------------------------------------
# The dataset as Skein sessions


def load_samples(path: Path, wanted: list[str] | None) -> list[dict]:
    """The dataset's samples, those named by --samples only (in the dataset's order)."""
    with path.open(encoding="utf-8") as f:
        samples = json.load(f)
    if wanted is None:
        return samples
    known = {s["sample_id"] for s in samples}
    unknown = [w for w in wanted if w not in known]
    if unknown:
        raise ValueError(f"unknown sample(s) {', '.join(unknown)} (known: {', '.join(sorted(known))})")
    return [s for s in samples if s["sample_id"] in wanted]


def parse_date_time(text: str) -> int:
    """'1:56 pm on 8 May, 2023' as milliseconds since the epoch, read as UTC."""
    m = DATE_TIME_RE.fullmatch(text)
    if not m or m.group(5).lower() not in MONTHS:
        raise ValueError(f"unrecognised session date: {text!r}")
    hour, minute, half, day, month, year = m.groups()
    hour = int(hour) % 12 + (12 if half.lower() == "pm" else 0)
    when = datetime.datetime(int(year), MONTHS[month.lower()], int(day), hour, int(minute),
                             tzinfo=datetime.timezone.utc)
    return int(when.timestamp() * 1000)


def message_id(sample_id: str, dia_id: str) -> str:
    """The deterministic message id of one dialogue turn."""
    return str(uuid.uuid5(ID_NAMESPACE, f"{sample_id}\n{dia_id}"))


def session_id(sample_id: str) -> str:
    """The deterministic session id of one conversation."""
    return str(uuid.uuid5(ID_NAMESPACE, sample_id))


def conversation_turns(conversation: dict) -> list[tuple[int, dict]]:
    """Every turn as (created_at, turn), sessions in their numeric order, turns in file order."""
    numbers = sorted(int(m.group(1)) for key in conversation if (m := SESSION_KEY_RE.fullmatch(key)))
    turns = []
    for n in numbers:
        start = parse_date_time(conversation[f"session_{n}_date_time"])
        turns.extend((start + i * TURN_SPACING_MS, turn) for i, turn in enumerate(conversation[f"session_{n}"]))
    return turns


def turn_content(turn: dict) -> str:
    """What the message says: the speaker's name, the text, and a shared photo's caption."""
    text = f"{turn['speaker']}: {turn['text']}"
    if turn.get("blip_caption"):
        text += f" [shares a photo: {turn['blip_caption']}]"
    return text


def skein_message(mid: str, parent: str | None, role: str, content: str, created_at: int) -> dict:
    """A complete skein.session/1 message with every documented key (docs/export-format.md)."""
    return {
        "id": mid, "parent_id": parent, "role": role, "content": content, "render_content": None,
        "reasoning": None, "reasoning_blocks": [], "tool_calls": [], "tool_call_id": None, "tool_name": None,
        "status": "complete", "finish_reason": None, "error": None, "stop_sequence": None,
        "provider_id": None, "model": None,
        "usage": {"prompt_tokens": None, "completion_tokens": None, "cached_tokens": None,
                  "reasoning_tokens": None},
        "token_estimate": 0, "created_at": created_at, "completed_at": created_at, "request_id": None,
    }


def sample_session(sample: dict) -> tuple[dict, list[str]]:
    """One sample as a session document of a skein.archive/1, and its dia ids in path order.

    One linear conversation: each turn's parent is the turn before it; speaker_a is the user,
    speaker_b the assistant.
    """
    sample_id = sample["sample_id"]
    conversation = sample["conversation"]
    roles = {conversation["speaker_a"]: "user", conversation["speaker_b"]: "assistant"}
    messages, dia_ids, parent = [], [], None
    for created_at, turn in conversation_turns(conversation):
        if turn["speaker"] not in roles:
            raise ValueError(f"{sample_id} {turn['dia_id']}: speaker {turn['speaker']!r} is neither speaker_a "
                             "nor speaker_b")
        mid = message_id(sample_id, turn["dia_id"])
        messages.append(skein_message(mid, parent, roles[turn["speaker"]], turn_content(turn), created_at))
        dia_ids.append(turn["dia_id"])
        parent = mid
    if not messages:
        raise ValueError(f"{sample_id}: the conversation has no turns")
    session = {
        "id": session_id(sample_id), "title": f"LoCoMo {sample_id}", "title_is_user": True,
        "created_at": messages[0]["created_at"], "updated_at": messages[-1]["created_at"],
        "pinned": False, "archived": False, "provider_id": None, "model": None, "system_prompt": "",
        "context_settings": {}, "active_leaf_id": parent, "state": "idle", "parent_session_id": None,
        "entry_message_id": None, "tags": [],
    }
    document = {"session": session, "messages": messages, "summaries": [], "memories": [], "tool_log": [],
                "context_snapshots": []}
    return document, dia_ids


def write_archive(samples: list[dict], directory: Path) -> tuple[Path, dict[str, list[str]]]:
    """All samples as one skein.archive/1 file in `directory`; returns it and each sample's dia ids."""
    sessions, dia_ids = [], {}
    for sample in samples:
        document, ids = sample_session(sample)
        sessions.append(document)
        dia_ids[sample["sample_id"]] = ids
    sessions.sort(key=lambda d: (d["session"]["created_at"], d["session"]["id"]))
    path = directory / "locomo.skein.json"
    with path.open("w", encoding="utf-8") as f:
        json.dump({"format": "skein.archive/1", "sessions": sessions, "memories": [], "providers": []}, f,
                  ensure_ascii=False)
    return path, dia_ids


# ----------------------------------------------------------------------------------------------
# Questions and their evidence


def normalise_evidence(raw: str) -> list[str]:
    """The dia ids one evidence entry names ("D8:6; D9:17" holds two, "D:11:26" is D11:26)."""
    return [f"D{int(s)}:{int(t)}" for s, t in EVIDENCE_PART_RE.findall(raw)]


def map_evidence(entries: list[str], id_of: dict[str, str], where: str, stats: EvidenceStats) -> list[str] | None:
    """The dia ids a question's evidence names, or None when one of them is not in the conversation.

    Malformed entries are repaired where they still name turns, and listed in `stats` either way.
    """
    evidence, complete = [], True
    for raw in entries:
        stats.entries += 1
        parts = normalise_evidence(raw)
        if parts != [raw]:
            stats.malformed.append(f"{where}: {raw!r} -> {' '.join(parts) or '(nothing)'}")
        complete = complete and bool(parts)
        for dia_id in parts:
            if dia_id in id_of:
                evidence.append(dia_id)
            else:
                stats.missing.append(f"{where}: {dia_id}")
                complete = False
    return list(dict.fromkeys(evidence)) if complete else None


def sample_questions(sample: dict, id_of: dict[str, str], limit: int | None,
                     stats: EvidenceStats) -> list[Question]:
    """The sample's questions whose evidence maps onto messages; the rest are counted in `stats`."""
    sample_id = sample["sample_id"]
    questions = []
    for index, qa in enumerate(sample["qa"][:limit]):
        stats.questions += 1
        if not qa.get("evidence"):
            stats.skipped_no_evidence += 1
            continue
        evidence = map_evidence(qa["evidence"], id_of, f"{sample_id} q{index}", stats)
        if evidence is None:
            stats.skipped_unmapped += 1
            continue
        questions.append(Question(sample_id, index, int(qa["category"]), qa["question"], tuple(evidence),
                                  tuple(id_of[d] for d in evidence)))
    return questions


# ----------------------------------------------------------------------------------------------
# Running skein-cli


def cli_env(data_dir: Path) -> dict[str, str]:
    """The environment of every call: this data directory, no display, no session bus."""
    env = dict(os.environ)
    env.pop("DBUS_SESSION_BUS_ADDRESS", None)
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    env["SKEIN_DATA_DIR"] = str(data_dir)
    env["QT_QPA_PLATFORM"] = "offscreen"
    return env


def run_cli(cli: Path, args: list[str], env: dict[str, str]) -> str:
    """Runs skein-cli ARGS and returns its standard output; raises CliError when it fails.

    A binary that is being relinked cannot be executed for a moment; such calls are retried.
    """
    command = [str(cli), *args]
    for attempt in range(EXEC_RETRIES):
        try:
            done = subprocess.run(command, env=env, capture_output=True, text=True, encoding="utf-8",
                                  errors="replace", check=False)
        except OSError as e:
            if e.errno in (errno.ETXTBSY, errno.ENOENT, errno.ENOEXEC, errno.EACCES) and attempt + 1 < EXEC_RETRIES:
                time.sleep(2 ** attempt)
                continue
            raise CliError(command, None, f"{type(e).__name__}: {e}") from e
        if done.returncode != 0:
            raise CliError(command, done.returncode, done.stderr, done.stdout)
        return done.stdout
    raise AssertionError("unreachable")


def run_cli_json(cli: Path, args: list[str], env: dict[str, str]) -> dict:
    """Runs skein-cli ARGS (which include --json) and parses what it prints."""
    out = run_cli(cli, args, env)
    try:
        return json.loads(out)
    except json.JSONDecodeError as e:
        raise CliError([str(cli), *args], 0, f"output is not JSON ({e}): {out[:300]!r}") from e


def import_sessions(cli: Path, env: dict[str, str], archive: Path, dia_ids: dict[str, list[str]],
                    notes: list[str]) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    """Imports the archive; returns each sample's session id and its dia id -> message id map.

    The map is the one the file was written with when the imported active path carries exactly
    those ids; otherwise (the importer gave fresh ids) it is derived from the order of the path,
    and `notes` says so.
    """
    report = run_cli_json(cli, ["import", str(archive), "--json"], env)
    if report.get("skipped"):
        raise CliError([str(cli), "import", str(archive)], 0, f"sessions skipped: {report['skipped']}")
    imported = {s.get("original_id"): s for s in report.get("sessions", [])}
    sessions, maps = {}, {}
    for sample_id, ids in dia_ids.items():
        written = session_id(sample_id)
        entry = imported.get(written)
        if entry is None:
            raise CliError([str(cli), "import", str(archive)], 0, f"the import report does not name {written}")
        sid = entry.get("id") or written
        if entry.get("outcome") != "imported" or sid != written:
            notes.append(f"{sample_id}: import outcome {entry.get('outcome')!r}, session id {sid}")
        shown = run_cli_json(cli, ["show", sid, "--json"], env)
        path = [m["id"] for m in shown.get("messages", [])]
        expected = [message_id(sample_id, d) for d in ids]
        if len(path) != len(expected):
            raise CliError([str(cli), "show", sid, "--json"], 0,
                           f"{sample_id}: the imported path has {len(path)} messages, the file {len(expected)}")
        if path != expected:
            notes.append(f"{sample_id}: the importer changed the message ids; mapped by the order of the path")
        sessions[sample_id] = sid
        maps[sample_id] = dict(zip(ids, path))
    return sessions, maps


def context_call(cli: Path, env: dict[str, str], call: Call) -> dict:
    """One context assembly for a question; returns its per-question result."""
    q = call.question
    out = run_cli_json(cli, ["context", call.session_id, f"--draft={q.text}", f"--window={call.window}", "--json"],
                       env)
    included = set(out.get("included_message_ids") or [])
    recalled = out.get("recalled") or []
    recalled_ids = {r.get("message_id") for r in recalled}
    budget = (out.get("budget") or {}).get("input")
    estimated = out.get("estimated_tokens")
    missing = [d for d, mid in zip(q.evidence, q.evidence_ids) if mid not in included and mid not in recalled_ids]
    return {
        "sample_id": q.sample_id, "question_index": q.index, "category": q.category, "window": call.window,
        "hit": not missing,
        "recency_hit": all(mid in included for mid in q.evidence_ids),
        "evidence": list(q.evidence), "missing": missing,
        "included": len(included), "recalled": len(recalled),
        "recalled_evidence": sum(1 for mid in q.evidence_ids if mid in recalled_ids),
        "estimated_tokens": estimated, "budget_input": budget,
        "over_budget": estimated is not None and budget is not None and estimated > budget,
    }


def run_calls(cli: Path, env: dict[str, str], calls: list[Call], jobs: int) -> tuple[list[dict], CliError | None]:
    """Runs every call, `jobs` at a time; stops at the first failure and returns it.

    The first call runs alone so that a CLI that cannot do what is asked fails once, clearly,
    before thousands of calls are started.
    """
    if not calls:
        return [], None
    try:
        results = [context_call(cli, env, calls[0])]
    except CliError as e:
        return [], e
    first_error = None
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(context_call, cli, env, c) for c in calls[1:]]
        for future in concurrent.futures.as_completed(futures):
            try:
                results.append(future.result())
            except concurrent.futures.CancelledError:
                continue
            except CliError as e:
                if first_error is None:
                    first_error = e
                    for f in futures:
                        f.cancel()
    return results, first_error


# ----------------------------------------------------------------------------------------------
# Report


def figures(rows: list[dict]) -> dict:
    """Recall, recency-only recall, budget violations and mean sizes of a group of results."""
    n = len(rows)

    def share(count: int) -> float | None:
        return count / n if n else None

    def mean(key: str) -> float | None:
        return round(sum(r[key] for r in rows) / n, 2) if n else None

    hits = sum(r["hit"] for r in rows)
    recency = sum(r["recency_hit"] for r in rows)
    return {"questions": n, "hits": hits, "recall": share(hits), "recency_hits": recency,
            "recency_only": share(recency), "over_budget": sum(r["over_budget"] for r in rows),
            "mean_recalled": mean("recalled"), "mean_included": mean("included")}


def summarise(results: list[dict], windows: tuple[int, ...]) -> dict:
    """Figures per window, overall and per category, for the report and the JSON file."""
    summary = {}
    for w in windows:
        rows = [r for r in results if r["window"] == w]
        summary[str(w)] = figures(rows) | {
            "categories": {name: figures([r for r in rows if r["category"] == cat])
                           for cat, name in CATEGORY_NAMES.items()}}
    return summary


def recall_line(label: str, f: dict) -> str:
    """One line of the report: a group's size, recall and recency-only recall."""
    if not f["questions"]:
        return f"  {label:<14} {'(0)':>7}"
    return (f"  {label:<14} {'(' + str(f['questions']) + ')':>7}  recall {f['recall']:.3f} ({f['hits']:>4})"
            f"   recency only {f['recency_only']:.3f} ({f['recency_hits']:>4})")


def print_report(cli: Path, data: Path, samples: list[dict], messages: int, stats: EvidenceStats,
                 notes: list[str], results: list[dict], windows: tuple[int, ...], timing: dict) -> None:
    """The human-readable report on standard output."""
    answerable = stats.questions - stats.skipped_no_evidence - stats.skipped_unmapped
    print(f"LoCoMo evidence recall of skein-cli context ({cli})")
    print(f"data: {data} — {len(samples)} samples, {stats.questions} questions, {answerable} answerable "
          f"(skipped: {stats.skipped_no_evidence} without evidence, {stats.skipped_unmapped} naming turns "
          f"not in the conversation)")
    print(f"import: {len(samples)} sessions, {messages} messages, "
          f"{'ids remapped (see the notes)' if notes else 'every message id as written (checked with show)'}")
    print(f"evidence entries: {stats.entries}; {len(stats.malformed)} malformed, "
          f"{len(stats.missing)} dia ids missing from the conversation")
    for line in stats.malformed:
        print(f"  malformed  {line}")
    for line in stats.missing:
        print(f"  missing    {line}")
    for line in notes:
        print(f"  note: {line}")
    summary = summarise(results, windows)
    for w in windows:
        s = summary[str(w)]
        print()
        print(f"window {w}: over budget {s['over_budget']}, mean recalled passages {s['mean_recalled']}, "
              f"mean included messages {s['mean_included']}")
        print(recall_line("all", s))
        for cat, name in CATEGORY_NAMES.items():
            print(recall_line(f"{cat} {name}", s["categories"][name]))
    over = [r for r in results if r["over_budget"]]
    for r in over[:10]:
        print(f"  over budget: {r['sample_id']} q{r['question_index']} window {r['window']}: "
              f"{r['estimated_tokens']} > {r['budget_input']}")
    print()
    calls = timing["calls"]
    print(f"time: {timing['total_s']:.1f} s in all (import {timing['import_s']:.1f} s); {calls} context calls "
          f"in {timing['calls_s']:.1f} s, {calls / timing['calls_s'] if timing['calls_s'] else 0:.1f} calls/s "
          f"with {timing['jobs']} jobs")


def write_results(path: Path, cli: Path, data: Path, windows: tuple[int, ...], stats: EvidenceStats,
                  notes: list[str], results: list[dict], timing: dict) -> None:
    """Every per-question result, with the run's parameters and summary, as JSON."""
    results = sorted(results, key=lambda r: (r["sample_id"], r["question_index"], r["window"]))
    document = {
        "cli": str(cli), "data": str(data), "windows": list(windows), "timing": timing,
        "evidence": dataclasses.asdict(stats), "notes": notes,
        "summary": summarise(results, windows), "results": results,
    }
    with path.open("w", encoding="utf-8") as f:
        json.dump(document, f, indent=1)
        f.write("\n")


# ----------------------------------------------------------------------------------------------


def main(argv: list[str]) -> int:
    """Converts, imports, measures and reports; 0 when every CLI call succeeded."""
    args = parse_args(argv)
    cli = resolve_cli(args.cli)
    if not args.data.is_file():
        print(f"locomo: no dataset at {args.data} (use --data)", file=sys.stderr)
        return 2
    if not cli.is_file():
        print(f"locomo: no skein-cli at {cli} (build it, or use --cli / $SKEIN_CLI)", file=sys.stderr)
        return 2
    started = time.monotonic()
    work = Path(tempfile.mkdtemp(prefix="skein-locomo-"))
    data_dir = work / "data"
    data_dir.mkdir()
    env = cli_env(data_dir)
    try:
        try:
            samples = load_samples(args.data, args.samples)
            archive, dia_ids = write_archive(samples, work)
        except (ValueError, KeyError) as e:
            print(f"locomo: {args.data}: {e}", file=sys.stderr)
            return 2
        notes: list[str] = []
        try:
            sessions, maps = import_sessions(cli, env, archive, dia_ids, notes)
        except CliError as e:
            print(f"locomo: the import failed\n{e.describe()}", file=sys.stderr)
            return 1
        imported = time.monotonic()
        stats = EvidenceStats()
        questions = [q for s in samples for q in sample_questions(s, maps[s["sample_id"]], args.limit, stats)]
        calls = [Call(q, sessions[q.sample_id], w) for q in questions for w in args.windows]
        results, error = run_calls(cli, env, calls, args.jobs)
        finished = time.monotonic()
        timing = {"total_s": round(finished - started, 2), "import_s": round(imported - started, 2),
                  "calls_s": round(finished - imported, 2), "calls": len(results), "jobs": args.jobs}
        if error is not None:
            print(f"locomo: a context call failed ({len(results)} of {len(calls)} done); the first error:\n"
                  f"{error.describe()}", file=sys.stderr)
            if "draft" in error.stderr or "window" in error.stderr:
                print("locomo: this skein-cli may predate `context --draft/--window`", file=sys.stderr)
            return 1
        messages = sum(len(m) for m in maps.values())
        print_report(cli, args.data, samples, messages, stats, notes, results, args.windows, timing)
        if args.json_out is not None:
            write_results(args.json_out, cli, args.data, args.windows, stats, notes, results, timing)
            print(f"results: {args.json_out}")
        return 0
    finally:
        if args.keep:
            print(f"kept: {work}", file=sys.stderr)
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
