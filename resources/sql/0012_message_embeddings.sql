-- SPDX-FileCopyrightText: 2026 The Skein authors
--
-- SPDX-License-Identifier: GPL-3.0-or-later

-- Schema version 12: vectors of messages for semantic recall (issue 17; docs/context.md, "Semantic
-- recall"). A message has one vector per embedding model the user chose; changing the model
-- starts a new set, and the old one stays until the messages go. The vector is the model's
-- answer normalised to unit length, as little-endian float32; an empty one marks a message the
-- server refused to embed, so that it is not asked again.
--
-- The vectors are derived data: they are not exported, and a message's goes with it (or with a
-- change of its content, which a reply being streamed makes until it is complete).
CREATE TABLE message_embeddings (
    seq    INTEGER NOT NULL,
    model  TEXT NOT NULL,
    vector BLOB NOT NULL,
    PRIMARY KEY (seq, model)
) WITHOUT ROWID;

CREATE TRIGGER message_embeddings_delete AFTER DELETE ON messages BEGIN
    DELETE FROM message_embeddings WHERE seq = old.seq;
END;
CREATE TRIGGER message_embeddings_update AFTER UPDATE OF content ON messages BEGIN
    DELETE FROM message_embeddings WHERE seq = old.seq;
END;
