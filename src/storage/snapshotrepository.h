/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/contextsnapshot.h"
#include "storage/result.h"

#include <QList>

namespace Skein {

class Database;

// Context snapshots (SPEC §4.9): what each request sent, for the context inspector.
class SnapshotRepository final
{
public:
    explicit SnapshotRepository(Database &db)
        : m_db(db)
    { }

    Status create(const ContextSnapshot &snapshot);
    // Fills in what the provider reported once the reply has finished.
    Status setReportedUsage(const QString &id, const Usage &usage, double cost);
    Result<ContextSnapshot> get(const QString &id);
    // Oldest first.
    Result<QList<ContextSnapshot>> bySession(const QString &sessionId);

private:
    Database &m_db;
};

} // namespace Skein
