-- SPDX-FileCopyrightText: 2026 The Skein authors
--
-- SPDX-License-Identifier: GPL-3.0-or-later

-- Schema version 7: a session's tags, the user's own labels for grouping conversations (and
-- what other clients call tags, folders or projects, when an import brings them). A JSON array
-- of strings, kept clean by Session::cleanTags(): unique regardless of case, sorted, each at most
-- 64 characters, at most 32 of them. A column rather than a table of its own: a tag belongs to
-- the session as its title does, it is read with it, and a filter by tag over the few thousand
-- sessions a person has is a scan of one small column (docs/storage.md).
ALTER TABLE sessions ADD COLUMN tags TEXT NOT NULL DEFAULT '[]';
