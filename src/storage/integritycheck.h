/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "storage/database.h"
#include "storage/result.h"

#include <QMutex>
#include <QString>
#include <atomic>
#include <optional>

struct sqlite3;

namespace Skein {

// PRAGMA quick_check on a connection of its own, so that it holds back neither the reader nor the
// writer (in WAL mode a read transaction blocks neither). run() blocks its thread for as long as
// the check takes (tens of seconds for a GB-sized file); cancel() stops it from any thread within
// milliseconds, so closing the app never waits for a check.
class IntegrityCheck
{
    Q_DISABLE_COPY_MOVE(IntegrityCheck)

public:
    IntegrityCheck() = default;

    // Opens filePath read-only and checks it. nullopt when cancelled (the result says nothing
    // about the file); otherwise ok or the error (Corrupt with SQLite's findings).
    std::optional<Status> run(const QString &filePath, int busyTimeoutMs = 5000);
    // Any thread, any time (also before or after run()); later runs return nullopt at once.
    void cancel();
    bool isCancelled() const { return m_cancelled.load(); }

private:
    static int progress(void *self);

    QMutex m_mutex; // guards m_handle against cancel() racing the connection's close
    sqlite3 *m_handle = nullptr;
    std::atomic<bool> m_cancelled {false};
};

} // namespace Skein
