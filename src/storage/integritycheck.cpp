// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "storage/integritycheck.h"

#include <QMutexLocker>
#include <sqlite3.h>

namespace Skein {

int IntegrityCheck::progress(void *self)
{
    return static_cast<IntegrityCheck *>(self)->m_cancelled.load() ? 1 : 0;
}

std::optional<Status> IntegrityCheck::run(const QString &filePath, int busyTimeoutMs)
{
    if (m_cancelled)
        return std::nullopt;
    Database::Options options;
    options.readOnly = true;
    options.migrate = false;
    options.busyTimeoutMs = busyTimeoutMs;
    auto db = Database::open(filePath, options);
    if (!db)
        return m_cancelled ? std::nullopt : std::optional<Status>(db.error());
    {
        QMutexLocker lock(&m_mutex);
        if (m_cancelled)
            return std::nullopt;
        m_handle = db.value()->handle();
        // quick_check is one VDBE opcode, but SQLite (>= 3.43) calls the progress handler from
        // inside the b-tree walk too; the handler sees a cancel() that raced sqlite3_interrupt.
        sqlite3_progress_handler(m_handle, 1000, &IntegrityCheck::progress, this);
    }
    Status result = db.value()->quickCheck();
    {
        QMutexLocker lock(&m_mutex);
        sqlite3_progress_handler(m_handle, 0, nullptr, nullptr);
        m_handle = nullptr;
    }
    if (m_cancelled)
        return std::nullopt; // an interrupted check reports SQLITE_INTERRUPT, not damage
    return result;
}

void IntegrityCheck::cancel()
{
    QMutexLocker lock(&m_mutex);
    m_cancelled = true;
    if (m_handle)
        sqlite3_interrupt(m_handle);
}

} // namespace Skein
