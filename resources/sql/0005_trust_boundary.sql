-- SPDX-FileCopyrightText: 2026 The Skein authors
--
-- SPDX-License-Identifier: GPL-3.0-or-later

-- Schema version 5: the trust boundary (issue #13).
--
-- tool_log is keyed by session + message + call. The call id is Skein's own, unique in its
-- session (a provider that sends none or reuses "call_0" gets a fresh one), so a stored result is
-- reused only for the same call of the same reply (a restore after a crash), never for a later
-- turn, and no row of one session can take the place of another session's row. Rows of older
-- versions keep their ids; the "<session>/<call>" prefix that disambiguated them is dropped.
CREATE TABLE tool_log_v5 (
    session_id    TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    message_id    TEXT NOT NULL DEFAULT '',
    request_id    TEXT NOT NULL,
    tool_name     TEXT NOT NULL,
    arguments     TEXT NOT NULL DEFAULT '',
    status        TEXT NOT NULL,
    result_raw    TEXT,
    result_digest TEXT,
    retry_count   INTEGER NOT NULL DEFAULT 0,
    started_at    INTEGER,
    finished_at   INTEGER,
    PRIMARY KEY (session_id, message_id, request_id)
);
INSERT INTO tool_log_v5 (session_id, message_id, request_id, tool_name, arguments, status, result_raw,
                         result_digest, retry_count, started_at, finished_at)
SELECT session_id, coalesce(message_id, ''),
       CASE WHEN substr(request_id, 1, length(session_id) + 1) = session_id || '/'
            THEN substr(request_id, length(session_id) + 2) ELSE request_id END,
       tool_name, arguments, status, result_raw, result_digest, retry_count, started_at, finished_at
FROM tool_log ORDER BY rowid;
DROP TABLE tool_log;
ALTER TABLE tool_log_v5 RENAME TO tool_log;
CREATE INDEX tool_log_by_session ON tool_log(session_id, started_at);
CREATE INDEX tool_log_by_message ON tool_log(message_id) WHERE message_id <> '';

-- providers.review: a provider that came from an imported file ('imported') stays disabled and is
-- shown as "imported — review" until the user enables it on this machine (NULL: the user's own).
-- Background work (summaries, memory extraction) only goes to enabled providers.
ALTER TABLE providers ADD COLUMN review TEXT CHECK (review IS NULL OR review IN ('imported'));
