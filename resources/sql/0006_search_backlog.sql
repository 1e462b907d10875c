-- SPDX-FileCopyrightText: 2026 The Skein authors
--
-- SPDX-License-Identifier: GPL-3.0-or-later

-- Schema version 6: messages written without being indexed for search (an import of other
-- clients' exports), as ranges of seq. The storage thread indexes them after the import has
-- committed, in small transactions (docs/storage.md, "Search").
--
-- While a row is in the backlog the triggers leave the index alone: it was never indexed, and
-- FTS5's 'delete' of a row with content it never saw corrupts an external-content index. A row
-- inserted into a backlog range (seq can be reused after the last rows are deleted) and a row
-- updated there are indexed, as they are then, when the backlog reaches them.
CREATE TABLE search_backlog (
    first_seq INTEGER NOT NULL,
    last_seq  INTEGER NOT NULL
);

DROP TRIGGER messages_fts_insert;
DROP TRIGGER messages_fts_delete;
DROP TRIGGER messages_fts_update;
CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages
WHEN NOT EXISTS (SELECT 1 FROM search_backlog WHERE new.seq BETWEEN first_seq AND last_seq) BEGIN
    INSERT INTO messages_fts(rowid, content) VALUES (new.seq, new.content);
END;
CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages
WHEN NOT EXISTS (SELECT 1 FROM search_backlog WHERE old.seq BETWEEN first_seq AND last_seq) BEGIN
    INSERT INTO messages_fts(messages_fts, rowid, content) VALUES ('delete', old.seq, old.content);
END;
CREATE TRIGGER messages_fts_update AFTER UPDATE OF content ON messages
WHEN NOT EXISTS (SELECT 1 FROM search_backlog WHERE old.seq BETWEEN first_seq AND last_seq) BEGIN
    INSERT INTO messages_fts(messages_fts, rowid, content) VALUES ('delete', old.seq, old.content);
    INSERT INTO messages_fts(rowid, content) VALUES (new.seq, new.content);
END;
