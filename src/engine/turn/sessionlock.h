/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "engine/turn/recovery.h"

#include <QString>

#include <memory>

class QLockFile;

namespace Skein {

// Cross-process "this session has a run": a lock file <dataDir>/locks/session-<id>.lock held by
// the process that runs it. A crashed holder leaves a stale file that the next tryLock() takes
// over (the PID is checked), so a kill never blocks a session. Crash recovery skips sessions whose
// lock is held by another live process (their replies are still streaming).
class SessionLock final
{
    Q_DISABLE_COPY_MOVE(SessionLock)

public:
    SessionLock(const QString &dataDir, const QString &sessionId);
    ~SessionLock();

    // False when another live process holds it; holderPid then names it.
    bool tryLock(qint64 *holderPid = nullptr);
    void unlock();
    bool isLocked() const;

    static QString path(const QString &dataDir, const QString &sessionId);
    static bool isHeldElsewhere(const QString &dataDir, const QString &sessionId);
    static Recovery::Skip skipLocked(const QString &dataDir);

private:
    std::unique_ptr<QLockFile> m_file;
};

} // namespace Skein
