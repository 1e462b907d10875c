-- SPDX-FileCopyrightText: 2026 The Skein authors
--
-- SPDX-License-Identifier: GPL-3.0-or-later

-- Schema version 10: a word index of message content for recall (issue 17; docs/context.md,
-- "Recall"). The trigram index (messages_fts) finds substrings for the search box; this one ranks
-- messages by BM25 over words, which is what recalling an earlier passage needs.
--
-- skein_words() (registered on every connection, src/storage/wordindex.cpp) writes runs of Chinese
-- and Japanese characters as overlapping pairs; other text is indexed as it is. The index stores no
-- content (contentless_delete), so it costs only its postings.
--
-- Replies are indexed when they stop generating, not on every streamed piece. Rows of the search
-- backlog are left alone by the triggers, as for messages_fts, and indexed with it.
CREATE VIRTUAL TABLE messages_words USING fts5(
    body, content='', contentless_delete=1, tokenize='porter unicode61 remove_diacritics 2');

INSERT INTO messages_words(rowid, body)
    SELECT seq, skein_words(content) FROM messages
    WHERE status <> 'generating'
      AND NOT EXISTS (SELECT 1 FROM search_backlog WHERE seq BETWEEN first_seq AND last_seq);

CREATE TRIGGER messages_words_insert AFTER INSERT ON messages
WHEN new.status <> 'generating'
 AND NOT EXISTS (SELECT 1 FROM search_backlog WHERE new.seq BETWEEN first_seq AND last_seq) BEGIN
    INSERT INTO messages_words(rowid, body) VALUES (new.seq, skein_words(new.content));
END;
CREATE TRIGGER messages_words_delete AFTER DELETE ON messages
WHEN NOT EXISTS (SELECT 1 FROM search_backlog WHERE old.seq BETWEEN first_seq AND last_seq) BEGIN
    DELETE FROM messages_words WHERE rowid = old.seq;
END;
CREATE TRIGGER messages_words_update AFTER UPDATE OF content, status ON messages
WHEN NOT EXISTS (SELECT 1 FROM search_backlog WHERE old.seq BETWEEN first_seq AND last_seq) BEGIN
    DELETE FROM messages_words WHERE rowid = old.seq;
    INSERT INTO messages_words(rowid, body)
        SELECT new.seq, skein_words(new.content) WHERE new.status <> 'generating';
END;
