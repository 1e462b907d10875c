-- SPDX-FileCopyrightText: 2026 The Skein authors
--
-- SPDX-License-Identifier: GPL-3.0-or-later

-- Schema version 11: the memory lifecycle and incognito conversations (issue 17; docs/memory.md,
-- "Lifecycle").
--
-- A memory holds from valid_from (when the user said it: the time of its source message) until
-- valid_to. A fact that changed is not overwritten: its successor names it in `supersedes`, and
-- once the successor is active the old memory gets valid_to and superseded_by. Both stay visible;
-- only memories without a valid_to (or with one still ahead) reach a prompt.
--
-- `reason` is why the memory has its current text (the extraction model's reason, or the user's
-- action); memory_versions keeps the reason and valid_from of every earlier text, so a memory's
-- timeline can be read back. confirm_count and confirmed_at count the times extraction met the
-- fact again, which with last_used_at decides what the cap on active memories proposes to archive.
ALTER TABLE memories ADD COLUMN valid_from INTEGER;
ALTER TABLE memories ADD COLUMN valid_to INTEGER;
ALTER TABLE memories ADD COLUMN supersedes TEXT;
ALTER TABLE memories ADD COLUMN superseded_by TEXT;
ALTER TABLE memories ADD COLUMN reason TEXT;
ALTER TABLE memories ADD COLUMN confirm_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE memories ADD COLUMN confirmed_at INTEGER;
-- Set when the cap on active memories proposes archiving it (review inbox); cleared when kept.
ALTER TABLE memories ADD COLUMN archive_proposed_at INTEGER;
UPDATE memories SET valid_from = created_at;
CREATE INDEX memories_by_supersedes ON memories(supersedes) WHERE supersedes IS NOT NULL;

ALTER TABLE memory_versions ADD COLUMN reason TEXT;
ALTER TABLE memory_versions ADD COLUMN valid_from INTEGER;

-- 0: a normal conversation; 1: incognito, deleted when the user leaves it; 2: incognito, kept.
-- Incognito ones are never extracted from, get no memories or recall, and stay out of search.
ALTER TABLE sessions ADD COLUMN incognito INTEGER NOT NULL DEFAULT 0;
CREATE INDEX sessions_incognito ON sessions(incognito) WHERE incognito <> 0;
