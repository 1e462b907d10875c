-- SPDX-FileCopyrightText: 2026 The Skein authors
--
-- SPDX-License-Identifier: GPL-3.0-or-later

-- Skein schema version 1 (SPEC §2). Applied in one transaction together with PRAGMA user_version.
-- Ids are client-generated UUIDs (TEXT); timestamps are ms since the epoch, UTC.

CREATE TABLE sessions (
    id                TEXT PRIMARY KEY NOT NULL,
    title             TEXT NOT NULL DEFAULT '',
    title_is_user     INTEGER NOT NULL DEFAULT 0,
    created_at        INTEGER NOT NULL,
    updated_at        INTEGER NOT NULL,
    pinned            INTEGER NOT NULL DEFAULT 0,
    archived          INTEGER NOT NULL DEFAULT 0,
    provider_id       TEXT,
    model             TEXT,
    system_prompt     TEXT NOT NULL DEFAULT '',
    context_settings  TEXT NOT NULL DEFAULT '{}',
    active_leaf_id    TEXT,
    state             TEXT NOT NULL DEFAULT 'idle',
    version           INTEGER NOT NULL DEFAULT 1,
    parent_session_id TEXT REFERENCES sessions(id) ON DELETE SET NULL,
    entry_message_id  TEXT
);
CREATE INDEX sessions_by_list ON sessions(archived, pinned DESC, updated_at DESC);
CREATE INDEX sessions_by_parent ON sessions(parent_session_id) WHERE parent_session_id IS NOT NULL;

-- seq is the rowid: FTS keys on it and it gives insertion (recency) order. id is the stable key.
CREATE TABLE messages (
    seq                INTEGER PRIMARY KEY,
    id                 TEXT NOT NULL UNIQUE,
    session_id         TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    parent_id          TEXT REFERENCES messages(id),
    role               TEXT NOT NULL,
    content            TEXT NOT NULL DEFAULT '',
    render_content     TEXT,
    reasoning          TEXT,
    tool_calls         TEXT,
    tool_call_id       TEXT,
    tool_name          TEXT,
    status             TEXT NOT NULL DEFAULT 'complete',
    finish_reason      TEXT,
    error              TEXT,
    provider_id        TEXT,
    model              TEXT,
    usage_prompt       INTEGER,
    usage_completion   INTEGER,
    usage_cached       INTEGER,
    usage_reasoning    INTEGER,
    token_estimate     INTEGER NOT NULL DEFAULT 0,
    created_at         INTEGER NOT NULL,
    completed_at       INTEGER,
    request_id         TEXT
);
CREATE INDEX messages_by_parent ON messages(parent_id, seq);
CREATE INDEX messages_by_session ON messages(session_id, seq);
CREATE INDEX messages_generating ON messages(session_id) WHERE status = 'generating';

-- Trigram so that Chinese (no spaces) is searchable; queries shorter than 3 characters use a
-- bounded LIKE fallback (docs/storage.md).
CREATE VIRTUAL TABLE messages_fts USING fts5(
    content, content='messages', content_rowid='seq', tokenize='trigram');

CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages BEGIN
    INSERT INTO messages_fts(rowid, content) VALUES (new.seq, new.content);
END;
CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN
    INSERT INTO messages_fts(messages_fts, rowid, content) VALUES ('delete', old.seq, old.content);
END;
CREATE TRIGGER messages_fts_update AFTER UPDATE OF content ON messages BEGIN
    INSERT INTO messages_fts(messages_fts, rowid, content) VALUES ('delete', old.seq, old.content);
    INSERT INTO messages_fts(rowid, content) VALUES (new.seq, new.content);
END;

CREATE TABLE memories (
    id                TEXT PRIMARY KEY NOT NULL,
    scope             TEXT NOT NULL,
    type              TEXT NOT NULL,
    content           TEXT NOT NULL,
    session_id        TEXT REFERENCES sessions(id) ON DELETE CASCADE,
    anchor_message_id TEXT,
    source_session_id TEXT,
    source_message_id TEXT,
    status            TEXT NOT NULL DEFAULT 'pending',
    confidence        REAL NOT NULL DEFAULT 0,
    created_at        INTEGER NOT NULL,
    updated_at        INTEGER NOT NULL,
    last_used_at      INTEGER,
    use_count         INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX memories_by_status ON memories(status, scope, updated_at DESC);
CREATE INDEX memories_by_session ON memories(session_id) WHERE session_id IS NOT NULL;
CREATE INDEX memories_by_source ON memories(source_session_id) WHERE source_session_id IS NOT NULL;

CREATE TABLE memory_versions (
    id         INTEGER PRIMARY KEY,
    memory_id  TEXT NOT NULL REFERENCES memories(id) ON DELETE CASCADE,
    content    TEXT NOT NULL,
    changed_by TEXT NOT NULL,
    changed_at INTEGER NOT NULL
);
CREATE INDEX memory_versions_by_memory ON memory_versions(memory_id, id);

CREATE TABLE summaries (
    id               TEXT PRIMARY KEY NOT NULL,
    session_id       TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    level            TEXT NOT NULL,
    first_message_id TEXT NOT NULL,
    last_message_id  TEXT NOT NULL,
    content          TEXT NOT NULL,
    token_count      INTEGER NOT NULL DEFAULT 0,
    model            TEXT,
    created_at       INTEGER NOT NULL,
    superseded_by    TEXT
);
CREATE INDEX summaries_by_session ON summaries(session_id, created_at);

CREATE TABLE tool_log (
    request_id    TEXT PRIMARY KEY NOT NULL,
    session_id    TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    message_id    TEXT,
    tool_name     TEXT NOT NULL,
    arguments     TEXT NOT NULL DEFAULT '',
    status        TEXT NOT NULL,
    result_raw    TEXT,
    result_digest TEXT,
    retry_count   INTEGER NOT NULL DEFAULT 0,
    started_at    INTEGER,
    finished_at   INTEGER
);
CREATE INDEX tool_log_by_session ON tool_log(session_id, started_at);
CREATE INDEX tool_log_by_message ON tool_log(message_id) WHERE message_id IS NOT NULL;

CREATE TABLE runtime_checkpoints (
    session_id           TEXT PRIMARY KEY NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    assistant_message_id TEXT,
    completed_calls      TEXT NOT NULL DEFAULT '[]',
    pending_calls        TEXT NOT NULL DEFAULT '[]',
    iteration            INTEGER NOT NULL DEFAULT 0,
    updated_at           INTEGER NOT NULL
);

CREATE TABLE context_snapshots (
    id               TEXT PRIMARY KEY NOT NULL,
    session_id       TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    leaf_message_id  TEXT,
    provider_id      TEXT,
    model            TEXT,
    message_ids      TEXT NOT NULL DEFAULT '[]',
    summary_ids      TEXT NOT NULL DEFAULT '[]',
    memory_ids       TEXT NOT NULL DEFAULT '[]',
    section_tokens   TEXT NOT NULL DEFAULT '{}',
    budget           INTEGER NOT NULL DEFAULT 0,
    estimated_tokens INTEGER NOT NULL DEFAULT 0,
    usage_prompt     INTEGER,
    usage_completion INTEGER,
    usage_cached     INTEGER,
    usage_reasoning  INTEGER,
    cost             REAL NOT NULL DEFAULT 0,
    created_at       INTEGER NOT NULL
);
CREATE INDEX context_snapshots_by_session ON context_snapshots(session_id, created_at);

-- No secrets: API keys live in the keychain.
CREATE TABLE providers (
    id            TEXT PRIMARY KEY NOT NULL,
    name          TEXT NOT NULL,
    kind          TEXT NOT NULL,
    base_url      TEXT NOT NULL DEFAULT '',
    enabled       INTEGER NOT NULL DEFAULT 1,
    default_model TEXT,
    models        TEXT NOT NULL DEFAULT '[]',
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL
);

CREATE TABLE settings (
    key   TEXT PRIMARY KEY NOT NULL,
    value TEXT
);
