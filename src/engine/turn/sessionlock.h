/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "engine/turn/recovery.h"

#include <QString>

namespace Skein {

// Cross-process "this session has a run": an advisory lock (flock) on
// <dataDir>/locks/session-<id>.lock, held by the process that runs it. The kernel drops the lock
// when its holder exits in any way, SIGKILL included, so a killed run never blocks its session:
// no stale state is left to judge by PIDs or ages. The file carries the holder's PID only to name
// it in messages. Crash recovery skips sessions whose lock another live process holds (their
// replies are still streaming).
class SessionLock final
{
    Q_DISABLE_COPY_MOVE(SessionLock)

public:
    SessionLock(const QString &dataDir, const QString &sessionId);
    ~SessionLock();

    // False when another process holds it (holderPid names it; 0 while it is still writing its
    // PID) or when the lock file cannot be opened (systemError says why, holderPid is 0).
    bool tryLock(qint64 *holderPid = nullptr, QString *systemError = nullptr);
    void unlock();
    bool isLocked() const { return m_fd >= 0; }

    static QString path(const QString &dataDir, const QString &sessionId);
    static bool isHeldElsewhere(const QString &dataDir, const QString &sessionId);
    static Recovery::Skip skipLocked(const QString &dataDir);

private:
    QString m_path;
    int m_fd = -1;
};

} // namespace Skein
