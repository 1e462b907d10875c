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
        // Only memories that still hold (no valid_to, or one still ahead of currentAt).
        bool currentOnly = false;
        qint64 currentAt = 0;
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
    // Changes the text, recording the old text (with its reason and valid_from) as a version
    // attributed to changedBy. A non-empty reason and a validFrom > 0 replace the current ones.
    Status editContent(const QString &id, const QString &content, const QString &changedBy, const QString &reason = {},
                       qint64 validFrom = 0);
    // Ends oldId at `at` in favour of newId (issue 17). A memory already ended keeps its end.
    Status supersede(const QString &oldId, const QString &newId, qint64 at);
    // Extraction met these facts again.
    Status confirm(const QStringList &ids, qint64 at);
    // Issue 17, the cap on active memories: current active ones beyond `cap`, the least recently
    // used or confirmed first, get archive_proposed_at (those already proposed count). Returns
    // how many were newly proposed.
    Result<int> proposeArchiving(int cap, qint64 at);
    // Clears a proposal (the user keeps the memory; it counts as confirmed now).
    Status keep(const QString &id, qint64 at);
    // The memories linked to id by supersedes / superseded_by, oldest first (id included).
    Result<QList<Memory>> lineage(const QString &id);
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
    // Runs sql (binding at, then an id) for each id, in one transaction.
    Status stampEach(const QString &sql, const QStringList &ids, qint64 at);

    Database &m_db;
};

} // namespace Skein
