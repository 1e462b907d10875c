/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/summary.h"
#include "storage/result.h"

#include <QList>

namespace Skein {

class Database;

// Segment and session summaries (SPEC §2.4). Regenerating writes a new one and supersedes the old.
class SummaryRepository final
{
public:
    explicit SummaryRepository(Database &db)
        : m_db(db)
    { }

    Status create(const Summary &summary);
    Result<Summary> get(const QString &id);
    // Oldest first; superseded ones only when asked (the branch view can show history).
    Result<QList<Summary>> bySession(const QString &sessionId, bool includeSuperseded = false);
    Status setContent(const QString &id, const QString &content, qint64 tokenCount);
    // Marks oldId as replaced by newId (both must exist).
    Status supersede(const QString &oldId, const QString &newId);
    Status remove(const QString &id);

private:
    Database &m_db;
};

} // namespace Skein
