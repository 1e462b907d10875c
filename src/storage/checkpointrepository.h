/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/runtimecheckpoint.h"
#include "storage/result.h"

#include <QList>
#include <optional>

namespace Skein {

class Database;

// One runtime checkpoint per session (SPEC §2.6). Write it in the same transaction as the tool
// result it accounts for (inside a writer job).
class CheckpointRepository final
{
public:
    explicit CheckpointRepository(Database &db)
        : m_db(db)
    { }

    Status save(const RuntimeCheckpoint &checkpoint);
    // Empty when the session has no tool chain in flight.
    Result<std::optional<RuntimeCheckpoint>> get(const QString &sessionId);
    // Every checkpoint, for crash recovery at startup.
    Result<QList<RuntimeCheckpoint>> all();
    Status clear(const QString &sessionId);

private:
    Database &m_db;
};

} // namespace Skein
