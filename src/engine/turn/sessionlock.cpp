// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "sessionlock.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QLockFile>

namespace Skein {

SessionLock::SessionLock(const QString &dataDir, const QString &sessionId)
{
    QDir(dataDir).mkpath(QStringLiteral("locks"));
    m_file = std::make_unique<QLockFile>(path(dataDir, sessionId));
    m_file->setStaleLockTime(0); // stale only when the holder is gone, never by age
}

SessionLock::~SessionLock() = default;

QString SessionLock::path(const QString &dataDir, const QString &sessionId)
{
    return QDir(dataDir).filePath(QStringLiteral("locks/session-%1.lock").arg(sessionId));
}

bool SessionLock::tryLock(qint64 *holderPid)
{
    if (m_file->isLocked())
        return true;
    if (m_file->tryLock(0))
        return true;
    if (holderPid) {
        QString host;
        QString app;
        if (!m_file->getLockInfo(holderPid, &host, &app))
            *holderPid = 0;
    }
    return false;
}

void SessionLock::unlock()
{
    m_file->unlock();
}

bool SessionLock::isLocked() const
{
    return m_file->isLocked();
}

bool SessionLock::isHeldElsewhere(const QString &dataDir, const QString &sessionId)
{
    if (!QFile::exists(path(dataDir, sessionId)))
        return false;
    QLockFile probe(path(dataDir, sessionId));
    probe.setStaleLockTime(0);
    if (probe.tryLock(0)) {
        probe.unlock();
        return false;
    }
    qint64 pid = 0;
    QString host;
    QString app;
    probe.getLockInfo(&pid, &host, &app);
    return pid != QCoreApplication::applicationPid();
}

Recovery::Skip SessionLock::skipLocked(const QString &dataDir)
{
    return [dataDir](const QString &sessionId) { return isHeldElsewhere(dataDir, sessionId); };
}

} // namespace Skein
