// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "faultcheck.h"

#include "core/domain/message.h"
#include "engine/turn/recovery.h"
#include "faultvfs.h"
#include "storage/messagerepository.h"
#include "storage/store.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QObject>
#include <QRegularExpression>
#include <QSqlQuery>
#include <QTest>

#include <cerrno>
#include <cstring>
#include <sched.h>
#include <sqlite3.h>
#include <sys/mount.h>
#include <unistd.h>

namespace Skein::Test {

using namespace Qt::StringLiterals;

namespace {

QString g_mountsUnavailable = u"prepareMounts() was not called"_s;

QString errnoText()
{
    return QString::fromLocal8Bit(std::strerror(errno));
}

// The raw texts SQLite and QtSql produce; they may only appear in parentheses.
QStringList rawTexts()
{
    QStringList texts;
    for (int code = 1; code <= 28; ++code)
        texts << QString::fromUtf8(sqlite3_errstr(code));
    texts << u"Unable to fetch row"_s << u"Unable to execute statement"_s << u"Unable to begin transaction"_s
          << u"Unable to commit transaction"_s << u"Unable to rollback transaction"_s << u"SQLITE_"_s;
    texts.removeAll(QString());
    texts.removeAll(u"unknown error"_s);
    return texts;
}

} // namespace

QString notPlainWords(const QString &text)
{
    if (text.trimmed().isEmpty())
        return u"the message is empty"_s;
    static const QRegularExpression parenthesised(u"\\([^()]*\\)"_s);
    QString outside = text;
    for (QString before; before != outside;) {
        before = outside;
        outside.remove(parenthesised);
    }
    for (const QString &raw : rawTexts())
        if (outside.contains(raw, Qt::CaseInsensitive))
            return u"raw SQLite text \"%1\" outside the details: %2"_s.arg(raw, text);
    if (!outside.trimmed().at(0).isUpper())
        return u"does not start with a sentence: %1"_s.arg(text);
    if (outside.split(u' ', Qt::SkipEmptyParts).size() < 6)
        return u"too few words of its own: %1"_s.arg(text);
    return {};
}

QString integrityCheck(const QString &dbPath)
{
    sqlite3 *db = nullptr;
    if (sqlite3_open_v2(dbPath.toUtf8().constData(), &db, SQLITE_OPEN_READWRITE, "unix") != SQLITE_OK) {
        const QString error = QString::fromUtf8(sqlite3_errmsg(db));
        sqlite3_close(db);
        return u"cannot open: "_s + error;
    }
    QStringList lines;
    sqlite3_stmt *statement = nullptr;
    if (sqlite3_prepare_v2(db, "PRAGMA integrity_check", -1, &statement, nullptr) != SQLITE_OK) {
        lines << QString::fromUtf8(sqlite3_errmsg(db));
    } else {
        int rc;
        while ((rc = sqlite3_step(statement)) == SQLITE_ROW)
            lines << QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(statement, 0)));
        if (rc != SQLITE_DONE)
            lines << QString::fromUtf8(sqlite3_errmsg(db));
    }
    sqlite3_finalize(statement);
    sqlite3_close(db);
    return lines.join(u"; "_s);
}

QStringList queryRows(const QString &dbPath, const char *sql)
{
    QStringList out;
    sqlite3 *db = nullptr;
    if (sqlite3_open_v2(dbPath.toUtf8().constData(), &db, SQLITE_OPEN_READWRITE, "unix") == SQLITE_OK) {
        sqlite3_stmt *statement = nullptr;
        if (sqlite3_prepare_v2(db, sql, -1, &statement, nullptr) == SQLITE_OK) {
            while (sqlite3_step(statement) == SQLITE_ROW) {
                QStringList columns;
                for (int i = 0; i < sqlite3_column_count(statement); ++i)
                    columns << QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(statement, i)));
                out << columns.join(u'|');
            }
        }
        sqlite3_finalize(statement);
    }
    sqlite3_close(db);
    return out;
}

QString checkAfterFault(const QString &dataDir, const Promises &promises)
{
    struct Reinstall
    {
        ~Reinstall() { FaultVfs::install(); }
    } reinstall;
    FaultVfs::uninstall();
    const QString file = QDir(dataDir).filePath(Database::fileName());
    if (const QString check = integrityCheck(file); check != "ok"_L1)
        return u"integrity_check after the fault: "_s + check;
    {
        auto opened = Store::open(dataDir);
        if (!opened)
            return u"the store does not open after the fault: "_s + opened.error().message;
        Store &store = *opened.value();
        auto recovered = Recovery::interruptGenerating(store);
        if (!recovered)
            return u"start-up recovery failed: "_s + recovered.error().message;
        for (auto it = promises.messages.cbegin(); it != promises.messages.cend(); ++it) {
            Result<Message> m = store.messages().get(it.key());
            if (!m)
                return u"message %1 (\"%2\") is lost: %3"_s.arg(it.key(), it.value().left(40), m.error().message);
            if (m->content != it.value())
                return u"message %1 changed: \"%2\" instead of \"%3\""_s.arg(it.key(), m->content.left(60),
                                                                             it.value().left(60));
        }
        QSqlQuery q(store.database().connection());
        if (!q.exec(u"SELECT id, content, status FROM messages WHERE role = 'assistant'"_s))
            return u"cannot list the replies"_s;
        while (q.next()) {
            const QString id = q.value(0).toString();
            if (promises.messages.contains(id))
                continue;
            const QString content = q.value(1).toString();
            const QString status = q.value(2).toString();
            if (status == "generating"_L1)
                return u"reply %1 is still generating after recovery"_s.arg(id);
            if (promises.streamedText.isEmpty())
                continue;
            if (!promises.streamedText.startsWith(content))
                return u"reply %1 has a hole or foreign text: \"%2\""_s.arg(id, content.right(80));
            if (status == "complete"_L1 && content != promises.streamedText)
                return u"reply %1 says complete with %2 of %3 characters"_s.arg(id)
                    .arg(content.size())
                    .arg(promises.streamedText.size());
        }
    }
    if (const QString check = integrityCheck(file); check != "ok"_L1)
        return u"integrity_check after recovery: "_s + check;
    return {};
}

QString openAndWait(AsyncStore &store, const QString &dataDir)
{
    bool done = false;
    QString error;
    QObject context;
    store.open(dataDir, {}, &context, [&](Result<AsyncStore::OpenReport> r) {
        error = r ? QString() : r.error().message;
        done = true;
    });
    if (!QTest::qWaitFor([&] { return done; }, 20000))
        return u"the store did not open within 20 s"_s;
    return error;
}

std::unique_ptr<ScopedMount> ScopedMount::tmpfs(const QString &dir, qint64 bytes, QString *error)
{
    const QByteArray options = "size=" + QByteArray::number(bytes) + ",mode=0755";
    if (::mount("tmpfs", QFile::encodeName(dir).constData(), "tmpfs", 0, options.constData()) != 0) {
        *error = u"mount -t tmpfs %1: %2"_s.arg(dir, errnoText());
        return nullptr;
    }
    return std::unique_ptr<ScopedMount>(new ScopedMount(dir));
}

std::unique_ptr<ScopedMount> ScopedMount::readOnly(const QString &dir, QString *error)
{
    const QByteArray path = QFile::encodeName(dir);
    if (::mount(path.constData(), path.constData(), nullptr, MS_BIND, nullptr) != 0) {
        *error = u"mount --bind %1: %2"_s.arg(dir, errnoText());
        return nullptr;
    }
    std::unique_ptr<ScopedMount> mounted(new ScopedMount(dir));
    if (::mount(nullptr, path.constData(), nullptr, MS_REMOUNT | MS_BIND | MS_RDONLY, nullptr) != 0) {
        *error = u"mount -o remount,bind,ro %1: %2"_s.arg(dir, errnoText());
        return nullptr;
    }
    return mounted;
}

ScopedMount::~ScopedMount()
{
    const QByteArray dir = QFile::encodeName(m_dir);
    if (::umount2(dir.constData(), 0) != 0) { // busy: a test failed with a file still open
        qWarning("cannot unmount %s (%s): detaching it", qPrintable(m_dir), std::strerror(errno));
        ::umount2(dir.constData(), MNT_DETACH);
    }
}

QString prepareMounts()
{
    if (::geteuid() != 0) {
        g_mountsUnavailable = u"not running as root"_s;
        return g_mountsUnavailable;
    }
    if (::unshare(CLONE_NEWNS) != 0) {
        g_mountsUnavailable = u"unshare(CLONE_NEWNS): "_s + errnoText();
        return g_mountsUnavailable;
    }
    // The tests mount below the temporary folder: the mount holding it (or /) must not pass
    // mounts on to other namespaces. In a chroot, / may not be a mount point: go up from the
    // temporary folder to the first one.
    QString dir = QDir(QDir::tempPath()).canonicalPath();
    for (;;) {
        if (::mount(nullptr, QFile::encodeName(dir).constData(), nullptr, MS_REC | MS_PRIVATE, nullptr) == 0) {
            g_mountsUnavailable.clear();
            return {};
        }
        if (dir == u"/"_s || dir.isEmpty())
            break;
        dir = QFileInfo(dir).path();
    }
    g_mountsUnavailable = u"no mount above %1 can be made private: "_s.arg(QDir::tempPath()) + errnoText();
    return g_mountsUnavailable;
}

QString mountsUnavailable()
{
    return g_mountsUnavailable;
}

} // namespace Skein::Test
