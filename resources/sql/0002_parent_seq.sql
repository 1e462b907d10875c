-- SPDX-FileCopyrightText: 2026 The Skein authors
--
-- SPDX-License-Identifier: GPL-3.0-or-later

-- Schema version 2: messages.parent_seq, the parent's rowid, so that walking a path up the tree
-- is one rowid lookup per step instead of a text-index lookup plus a row lookup (about 2x faster
-- for a 3,000-message path). parent_id stays the portable reference; parent_seq is derived from it.
ALTER TABLE messages ADD COLUMN parent_seq INTEGER;
UPDATE messages SET parent_seq = (SELECT p.seq FROM messages p WHERE p.id = messages.parent_id)
    WHERE parent_id IS NOT NULL;
