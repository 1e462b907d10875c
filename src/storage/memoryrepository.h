/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/memory.h"
#include "storage/result.h"

#include <QList>

namespace Skein {

class Database;

// Memories with an edit history (SPEC §2.3): every content change keeps the previous text.
class MemoryRepository final
{
public:
    struct Filter
    {
        std::optional<MemoryStatus> status;
        std::optional<MemoryScope> scope;
        QString sessionId; // session/branch memories of this session (plus global ones if includeGlobal)
        bool includeGlobal = true;
    };

    explicit MemoryRepository(Database &db)
        : m_db(db)
    { }

    Status create(const Memory &memory);
    Result<Memory> get(const QString &id);
    // Most recently updated first.
    Result<QList<Memory>> list(const Filter &filter);
    // Memories produced from a session (provenance), for export.
    Result<QList<Memory>> bySourceSession(const QString &sessionId);
    // Changes the text, recording the old text as a version attributed to changedBy.
    Status editContent(const QString &id, const QString &content, const QString &changedBy);
    Status setStatus(const QString &id, MemoryStatus status);
    // Moves a memory to another scope (promoting a branch memory); sessionId and anchorMessageId
    // are stored only where the scope uses them.
    Status setScope(const QString &id, MemoryScope scope, const QString &sessionId, const QString &anchorMessageId);
    // Counts a use in a prompt (SPEC §4.8) for ranking and review.
    Status markUsed(const QStringList &ids, qint64 at);
    // Earlier texts, oldest first.
    Result<QList<MemoryVersion>> versions(const QString &id);
    // Makes an earlier text current again (the current one becomes a version too).
    Status restore(const QString &id, qint64 versionId);
    Status remove(const QString &id);

private:
    Database &m_db;
};

} // namespace Skein
