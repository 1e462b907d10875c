/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

// What every fault-injection test checks after its fault (issue #13, "Fault injection"), and the
// mounts for a full disk and a read-only data folder.

#include "storage/asyncstore.h"

#include <QHash>
#include <QString>

#include <memory>

namespace Skein::Test {

// Why text is not a message in plain words for the user, or "" when it is: it must start with a
// sentence of the app's own words; SQLite's and QtSql's raw texts ("disk I/O error", "Unable to
// fetch row", SQLITE_IOERR) may only follow in parentheses, as details.
QString notPlainWords(const QString &text);

// The error text of a storage result, or "" when it succeeded (for QVERIFY2 descriptions).
template<typename R> QString errorOf(const R &result)
{
    return result.ok() ? QString() : result.error().message;
}

// PRAGMA integrity_check of the file through the real "unix" VFS: "ok" or the problems found.
QString integrityCheck(const QString &dbPath);

// Rows of a query through the real "unix" VFS, one string per row (columns joined by '|').
QStringList queryRows(const QString &dbPath, const char *sql);

// What the user was promised before the fault.
struct Promises
{
    // Messages that must be there after the fault, with exactly this text: every user message
    // whose commit was reported, and everything that was on disk before the fault began.
    QHash<QString, QString> messages;
    // Any other assistant reply (one the fault hit) streamed this text: what survives is a prefix
    // of it (never a hole), and it says `complete` only when it is all there. Empty: not checked.
    QString streamedText;
};

// "After the reboot": with the real VFS, integrity_check passes, the store opens, the start-up
// recovery of the app runs (generating → interrupted), integrity_check passes again and every
// promise holds. Returns the first problem, or "" when everything holds. Installs the fault VFS
// again before it returns.
QString checkAfterFault(const QString &dataDir, const Promises &promises);

// Opens an AsyncStore on dataDir and waits (at most 20 s); the error when it fails.
QString openAndWait(AsyncStore &store, const QString &dataDir);

// A mount over a directory (a small tmpfs, or the directory itself bound read-only), undone when
// destroyed. Needs root (the tests run as root inside the build root's private mount namespace).
class ScopedMount final
{
    Q_DISABLE_COPY_MOVE(ScopedMount)

public:
    static std::unique_ptr<ScopedMount> tmpfs(const QString &dir, qint64 bytes, QString *error);
    static std::unique_ptr<ScopedMount> readOnly(const QString &dir, QString *error);
    ~ScopedMount();

private:
    explicit ScopedMount(const QString &dir)
        : m_dir(dir)
    { }
    QString m_dir;
};

// Gives this process a private mount namespace, so no mount of the tests is ever seen outside;
// call first thing in main() (before any thread exists: namespaces are per thread). Returns why
// mounting is impossible here, or "" when it is possible.
QString prepareMounts();
// The reason from prepareMounts() (empty when mounts work).
QString mountsUnavailable();

} // namespace Skein::Test

// Mounting is impossible (not root, no namespace): a skip naming why, but never under CI=true,
// where these tests must run.
#define SKEIN_REQUIRE_MOUNTS()                                                                                         \
    do {                                                                                                               \
        const QString why_ = ::Skein::Test::mountsUnavailable();                                                       \
        if (!why_.isEmpty()) {                                                                                         \
            if (qgetenv("CI") == "true")                                                                               \
                QFAIL(qPrintable(QStringLiteral("CI=true but mounts are impossible: ") + why_));                       \
            QSKIP(qPrintable(QStringLiteral("mounts are impossible here (run as root, e.g. scripts/dev test): ")       \
                             + why_));                                                                                 \
        }                                                                                                              \
    } while (false)
