// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "sessionlock.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace Skein {

namespace {

// The PID a holder wrote into its lock file; 0 when it has not written one yet.
qint64 pidIn(int fd)
{
    char buffer[32] = {};
    const ssize_t n = ::pread(fd, buffer, sizeof buffer - 1, 0);
    if (n <= 0)
        return 0;
    bool ok = false;
    const qint64 pid = QByteArray(buffer, n).trimmed().toLongLong(&ok);
    return ok && pid > 0 ? pid : 0;
}

// True when fd is still the file at path: a holder unlinks its file as it unlocks, and a lock
// taken on an unlinked file guards nothing.
bool isCurrentFile(int fd, const QByteArray &path)
{
    struct stat opened = {};
    struct stat named = {};
    return ::fstat(fd, &opened) == 0 && ::stat(path.constData(), &named) == 0 && opened.st_dev == named.st_dev
        && opened.st_ino == named.st_ino;
}

} // namespace

SessionLock::SessionLock(const QString &dataDir, const QString &sessionId)
    : m_path(path(dataDir, sessionId))
{
    QDir(dataDir).mkpath(QStringLiteral("locks"));
}

SessionLock::~SessionLock()
{
    unlock();
}

QString SessionLock::path(const QString &dataDir, const QString &sessionId)
{
    return QDir(dataDir).filePath(QStringLiteral("locks/session-%1.lock").arg(sessionId));
}

bool SessionLock::tryLock(qint64 *holderPid, QString *systemError)
{
    if (holderPid)
        *holderPid = 0;
    if (m_fd >= 0)
        return true;
    const QByteArray name = QFile::encodeName(m_path);
    // A few rounds at most: each retry means a holder unlinked the file between our open and lock.
    for (int attempt = 0; attempt < 8; ++attempt) {
        // O_CLOEXEC: tool and MCP server processes started during the run must not inherit the
        // lock and keep the session busy after this process is gone.
        const int fd = ::open(name.constData(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
        if (fd < 0) {
            if (systemError)
                *systemError = QString::fromLocal8Bit(std::strerror(errno));
            return false;
        }
        if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
            const int error = errno;
            if (error == EWOULDBLOCK && holderPid)
                *holderPid = pidIn(fd);
            else if (error != EWOULDBLOCK && systemError)
                *systemError = QString::fromLocal8Bit(std::strerror(error));
            ::close(fd);
            return false;
        }
        if (!isCurrentFile(fd, name)) {
            ::close(fd);
            continue;
        }
        const QByteArray pid = QByteArray::number(QCoreApplication::applicationPid()) + '\n';
        if (::ftruncate(fd, 0) != 0 || ::pwrite(fd, pid.constData(), size_t(pid.size()), 0) != pid.size()) {
            // The lock holds without the PID (a full disk); other processes then name no holder.
            (void)::ftruncate(fd, 0);
        }
        m_fd = fd;
        return true;
    }
    return false;
}

void SessionLock::unlock()
{
    if (m_fd < 0)
        return;
    // Unlinked while still locked, so no other process can lock this file and believe it holds
    // the session once the next holder has created a new one.
    ::unlink(QFile::encodeName(m_path).constData());
    ::close(m_fd);
    m_fd = -1;
}

bool SessionLock::isHeldElsewhere(const QString &dataDir, const QString &sessionId)
{
    const int fd = ::open(QFile::encodeName(path(dataDir, sessionId)).constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    bool held = false;
    if (::flock(fd, LOCK_SH | LOCK_NB) != 0)
        held = errno == EWOULDBLOCK && pidIn(fd) != QCoreApplication::applicationPid();
    ::close(fd); // drops the probe's own shared lock, if it took one
    return held;
}

Recovery::Skip SessionLock::skipLocked(const QString &dataDir)
{
    return [dataDir](const QString &sessionId) { return isHeldElsewhere(dataDir, sessionId); };
}

} // namespace Skein
