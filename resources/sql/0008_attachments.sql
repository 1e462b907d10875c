-- SPDX-FileCopyrightText: 2026 The Skein authors
--
-- SPDX-License-Identifier: GPL-3.0-or-later

-- Schema version 8: attachments (issue 16). A message's files are rows of `attachments`; their
-- bytes are rows of `blobs`, one per distinct content (SHA-256), shared by every attachment with
-- that content in any session. A blob is written in pieces (zeroblob, then incremental blob I/O)
-- and gets its hash when the last piece is in, so a file is never whole in memory; until then its
-- sha256 is NULL. An attachment without sha256 is one an import only names: its content is not
-- available. When the last attachment that refers to a blob goes (its message deleted, directly or
-- with its session), the blob goes with it (docs/storage.md, "Attachments").
CREATE TABLE blobs (
    id     INTEGER PRIMARY KEY,
    sha256 TEXT UNIQUE,
    size   INTEGER NOT NULL,
    data   BLOB NOT NULL
);

CREATE TABLE attachments (
    id         TEXT PRIMARY KEY NOT NULL,
    message_id TEXT NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
    ordinal    INTEGER NOT NULL,
    name       TEXT NOT NULL,
    mime_type  TEXT NOT NULL,
    kind       TEXT NOT NULL,
    size       INTEGER NOT NULL,
    sha256     TEXT,
    width      INTEGER NOT NULL DEFAULT 0,
    height     INTEGER NOT NULL DEFAULT 0,
    pages      INTEGER NOT NULL DEFAULT 0,
    text       TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL
);
CREATE INDEX attachments_by_message ON attachments(message_id, ordinal);
CREATE INDEX attachments_by_blob ON attachments(sha256) WHERE sha256 IS NOT NULL;

CREATE TRIGGER attachments_release AFTER DELETE ON attachments
WHEN old.sha256 IS NOT NULL AND NOT EXISTS (SELECT 1 FROM attachments WHERE sha256 = old.sha256) BEGIN
    DELETE FROM blobs WHERE sha256 = old.sha256;
END;
