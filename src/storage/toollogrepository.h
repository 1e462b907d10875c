/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/toollogentry.h"
#include "storage/result.h"

#include <QList>

namespace Skein {

class Database;

// The tool execution log (SPEC §2.5), keyed by session + assistant message + call id: a call
// restored after a crash finds its result, a later call with a reused id never does (issue #13).
class ToolLogRepository final
{
public:
    explicit ToolLogRepository(Database &db)
        : m_db(db)
    { }

    // Inserts the entry or updates the one with the same session, message and request id.
    Status save(const ToolLogEntry &entry);
    // Inserts a new entry; an existing one with the same key is an error (imports).
    Status insert(const ToolLogEntry &entry);
    Result<ToolLogEntry> get(const QString &sessionId, const QString &messageId, const QString &requestId);
    // Oldest first.
    Result<QList<ToolLogEntry>> bySession(const QString &sessionId);
    Result<QList<ToolLogEntry>> byMessage(const QString &messageId);
    // Crash recovery: the session's pending and running entries become failed, with reason as
    // their result unless they have one. Returns how many changed.
    Result<int> failUnfinished(const QString &sessionId, const QString &reason);

private:
    Result<QList<ToolLogEntry>> collect(const QString &where, const QStringList &values);
    Status write(const ToolLogEntry &entry, bool update);

    Database &m_db;
};

} // namespace Skein
