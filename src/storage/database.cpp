// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "storage/database.h"

#include "storage/migrations.h"
#include "storage/wordindex.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QThread>
#include <atomic>
#include <sqlite3.h>

namespace Skein {

namespace {

QString uniqueConnectionName()
{
    static std::atomic<quint64> counter {0};
    return QStringLiteral("skein-%1-%2")
        .arg(++counter)
        .arg(reinterpret_cast<quintptr>(QThread::currentThreadId()), 0, 16);
}

// The app's own words for an SQLite error about the disk or the file, or "" for the others
// (constraints, SQL mistakes: nothing the user can act on), which keep SQLite's text alone.
QString plainWords(int sqliteCode)
{
    switch (sqliteCode & 0xff) {
    case SQLITE_FULL:
        return QCoreApplication::translate("Skein::Database",
                                           "The disk is full, so Skein could not save its data. Free some space on "
                                           "the disk and try again.");
    case SQLITE_IOERR:
        return QCoreApplication::translate("Skein::Database",
                                           "Skein could not read or write its data because the disk reported an "
                                           "error. Check the disk and try again.");
    case SQLITE_CANTOPEN:
        return QCoreApplication::translate("Skein::Database",
                                           "Skein cannot open its database or a file next to it. Check that the data "
                                           "folder exists and that Skein may write to it.");
    case SQLITE_PERM:
        return QCoreApplication::translate("Skein::Database",
                                           "Skein is not allowed to use its database file. Check the permissions of "
                                           "the data folder.");
    case SQLITE_READONLY:
        return QCoreApplication::translate("Skein::Database",
                                           "Skein cannot save because its database is open read-only, or the file, its "
                                           "folder or the disk cannot be written.");
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        return QCoreApplication::translate("Skein::Database",
                                           "The database is busy: another Skein window or another program is using "
                                           "it. Try again in a moment.");
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
        return QCoreApplication::translate("Skein::Database",
                                           "The database file is damaged or is not a Skein database.");
    case SQLITE_NOMEM:
        return QCoreApplication::translate("Skein::Database",
                                           "Skein did not have enough memory to work with its database.");
    default:
        return {};
    }
}

// What the user is shown: plain words first, SQLite's own text after them as the details.
QString explained(int sqliteCode, const QString &detail)
{
    const QString plain = plainWords(sqliteCode);
    if (plain.isEmpty())
        return detail;
    return detail.trimmed().isEmpty() ? plain : plain + QStringLiteral(" (SQLite: ") + detail.trimmed() + u')';
}

StorageError fromHandle(sqlite3 *handle, const QString &what)
{
    const int code = handle ? sqlite3_errcode(handle) : SQLITE_ERROR;
    const QString detail = handle ? QString::fromUtf8(sqlite3_errmsg(handle)) : QStringLiteral("no connection");
    return {Database::kindFromCode(code),
            explained(code, what.isEmpty() ? detail : what + QStringLiteral(": ") + detail)};
}

} // namespace

StorageError::Kind Database::kindFromCode(int sqliteCode)
{
    switch (sqliteCode & 0xff) {
    case SQLITE_FULL:
        return StorageError::Kind::DiskFull;
    case SQLITE_IOERR:
    case SQLITE_CANTOPEN:
    case SQLITE_PERM:
        return StorageError::Kind::Io;
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
        return StorageError::Kind::Corrupt;
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        return StorageError::Kind::Busy;
    case SQLITE_CONSTRAINT:
        return StorageError::Kind::Constraint;
    case SQLITE_READONLY:
        return StorageError::Kind::ReadOnly;
    default:
        return StorageError::Kind::Internal;
    }
}

StorageError Database::errorFrom(const QSqlError &error)
{
    bool ok = false;
    const int code = error.nativeErrorCode().toInt(&ok);
    if (!ok)
        return {StorageError::Kind::Internal, error.text()};
    return {kindFromCode(code), explained(code, error.text())};
}

Result<std::unique_ptr<Database>> Database::open(const QString &filePath, const Options &options)
{
    std::unique_ptr<Database> db(new Database);
    db->m_path = filePath;
    const bool existed = QFileInfo(filePath).size() > 0;
    if (!existed && options.readOnly)
        return StorageError {StorageError::Kind::NotFound, QStringLiteral("no database at %1").arg(filePath)};

    auto migrations = Migrations::load(options.migrationsDir);
    if (!migrations)
        return migrations.error();
    db->m_info.supportedVersion = int(migrations->size());
    db->m_info.created = !existed;

    // Probe the version read-only first, so that a newer database is never touched.
    if (existed) {
        if (Status s = db->openConnection(true, options.busyTimeoutMs); !s)
            return s.error();
        auto version = db->userVersion();
        if (!version)
            return version.error();
        db->m_info.schemaVersion = *version;
        if (*version > db->m_info.supportedVersion) {
            db->m_info.readOnly = true;
            db->m_info.readOnlyReason
                = QCoreApplication::translate("Skein::Database",
                                              "This data was written by a newer version of Skein (schema %1; this "
                                              "version supports up to %2). It is opened read-only; update Skein to "
                                              "make changes.")
                      .arg(*version)
                      .arg(db->m_info.supportedVersion);
            return db;
        }
        if (options.readOnly) {
            db->m_info.readOnly = true;
            return db;
        }
        db->m_db.close();
        db->m_db = QSqlDatabase();
        QSqlDatabase::removeDatabase(db->m_connectionName);
    }

    if (Status s = db->openConnection(false, options.busyTimeoutMs); !s)
        return s.error();
    // SQLite falls back to reading when the file or its folder cannot be written (a read-only
    // mount, permissions): say so now, as for a newer schema, instead of failing every write.
    if (existed && sqlite3_db_readonly(db->m_handle, "main") == 1) {
        const QString folder = QDir::toNativeSeparators(QFileInfo(filePath).absolutePath());
        if (options.migrate && db->m_info.schemaVersion < db->m_info.supportedVersion)
            return StorageError {StorageError::Kind::ReadOnly,
                                 QCoreApplication::translate("Skein::Database",
                                                             "Skein cannot update its database to this version: its "
                                                             "data folder %1 cannot be written (the folder, the "
                                                             "database file or the disk is read-only).")
                                     .arg(folder)};
        db->m_info.readOnly = true;
        db->m_info.readOnlyReason = QCoreApplication::translate("Skein::Database",
                                                                "Skein cannot write to its data folder %1 (the folder, "
                                                                "the database file or the disk is read-only). Your "
                                                                "conversations are opened read-only: you can read and "
                                                                "export them, but nothing new is saved.")
                                        .arg(folder);
        if (Status s = db->execScript(QStringLiteral("PRAGMA query_only=1;")); !s)
            return s.error();
        return db;
    }
    if (Status s = db->execScript(QStringLiteral("PRAGMA journal_mode=WAL; PRAGMA foreign_keys=ON;"
                                                 "PRAGMA synchronous=NORMAL;"));
        !s)
        return s.error();
    if (options.migrate) {
        if (Status s = db->migrate(options, existed); !s)
            return s.error();
    }
    auto version = db->userVersion();
    if (!version)
        return version.error();
    db->m_info.schemaVersion = *version;
    return db;
}

Database::~Database()
{
    for (sqlite3_stmt *raw : std::as_const(m_raw))
        sqlite3_finalize(raw);
    qDeleteAll(m_statements);
    m_statements.clear();
    if (m_db.isValid())
        m_db.close();
    m_db = QSqlDatabase();
    if (!m_connectionName.isEmpty())
        QSqlDatabase::removeDatabase(m_connectionName);
}

Status Database::openConnection(bool readOnly, int busyTimeoutMs)
{
    m_connectionName = uniqueConnectionName();
    m_db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connectionName);
    m_db.setDatabaseName(m_path);
    QString options = QStringLiteral("QSQLITE_BUSY_TIMEOUT=%1").arg(busyTimeoutMs);
    if (readOnly)
        options += QStringLiteral(";QSQLITE_OPEN_READONLY");
    m_db.setConnectOptions(options);
    if (!m_db.open())
        return errorFrom(m_db.lastError());
    const QVariant h = m_db.driver()->handle();
    if (!h.isValid() || qstrcmp(h.typeName(), "sqlite3*") != 0)
        return StorageError {StorageError::Kind::Internal,
                             QStringLiteral("the QSQLITE driver exposes no sqlite3 handle")};
    m_handle = *static_cast<sqlite3 *const *>(h.constData());
    // The word index's triggers call it (schema 10).
    if (WordIndex::registerFunction(m_handle) != SQLITE_OK)
        return fromHandle(m_handle, QStringLiteral("skein_words"));
    if (readOnly)
        return execScript(QStringLiteral("PRAGMA query_only=1;"));
    return {};
}

Status Database::migrate(const Options &options, bool existed)
{
    auto migrations = Migrations::load(options.migrationsDir);
    if (!migrations)
        return migrations.error();
    auto version = userVersion();
    if (!version)
        return version.error();
    if (*version >= int(migrations->size()))
        return {};

    if (existed) {
        const QString dir = options.backupDir.isEmpty() ? QFileInfo(m_path).absolutePath() + QStringLiteral("/backups")
                                                        : options.backupDir;
        if (!QDir().mkpath(dir))
            return StorageError {StorageError::Kind::Io,
                                 QCoreApplication::translate("Skein::Database",
                                                             "Skein did not update its database to this version: it "
                                                             "cannot create the folder %1 for the backup it makes "
                                                             "first. Check that the data folder can be written.")
                                     .arg(dir)};
        const QString target = QDir(dir).filePath(
            QStringLiteral("%1.v%2.%3.bak")
                .arg(QFileInfo(m_path).fileName())
                .arg(*version)
                .arg(QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmsszzz"))));
        if (Status s = backupTo(target); !s)
            return StorageError {s.error().kind,
                                 QCoreApplication::translate("Skein::Database",
                                                             "Skein did not update its database to this version "
                                                             "because the backup it makes first could not be "
                                                             "written. %1")
                                     .arg(s.error().message)};
        m_info.backupPath = target;
    }

    for (const Migration &m : std::as_const(*migrations)) {
        if (m.version <= *version)
            continue;
        Status s = transaction([&]() -> Status {
            if (Status r = execScript(m.sql); !r)
                return r;
            return execScript(QStringLiteral("PRAGMA user_version=%1;").arg(m.version));
        });
        if (!s)
            return StorageError {
                s.error().kind == StorageError::Kind::Internal ? StorageError::Kind::Migration : s.error().kind,
                QCoreApplication::translate("Skein::Database",
                                            "Skein could not bring its database up to date (step %1 of %2, %3, "
                                            "failed; the steps before it are kept and the rest is tried at the next "
                                            "start). %4")
                    .arg(m.version)
                    .arg(migrations->size())
                    .arg(m.name, s.error().message)};
    }
    return {};
}

QSqlQuery &Database::statement(const QString &sql)
{
    QSqlQuery *query = m_statements.value(sql);
    if (query && !m_unprepared.contains(query))
        return *query;
    if (!query) {
        query = new QSqlQuery(m_db);
        query->setForwardOnly(true);
        m_statements.insert(sql, query);
    }
    // A statement that cannot be prepared reports why on exec, instead of QtSql's "Parameter
    // count mismatch"; a transient cause (an I/O error) must not break it for good.
    if (query->prepare(sql))
        m_unprepared.remove(query);
    else
        m_unprepared.insert(query, errorFrom(query->lastError()));
    return *query;
}

Status Database::exec(QSqlQuery &query)
{
    if (auto unprepared = m_unprepared.constFind(&query); unprepared != m_unprepared.constEnd())
        return *unprepared;
    if (query.exec())
        return {};
    StorageError error = errorFrom(query.lastError());
    query.finish();
    return error;
}

StorageError Database::errorOf(sqlite3 *handle)
{
    return fromHandle(handle, {});
}

Status Database::execScript(const QString &sql)
{
    char *message = nullptr;
    const int rc = sqlite3_exec(m_handle, sql.toUtf8().constData(), nullptr, nullptr, &message);
    if (rc == SQLITE_OK)
        return {};
    StorageError error {kindFromCode(rc),
                        explained(rc, message ? QString::fromUtf8(message) : QString::fromUtf8(sqlite3_errstr(rc)))};
    sqlite3_free(message);
    return error;
}

Status Database::begin()
{
    const QString sql
        = m_depth == 0 ? QStringLiteral("BEGIN IMMEDIATE") : QStringLiteral("SAVEPOINT sp%1").arg(m_depth);
    if (Status s = execScript(sql); !s)
        return s;
    ++m_depth;
    return {};
}

Status Database::commit()
{
    if (m_depth == 0)
        return StorageError {StorageError::Kind::Internal,
                             QStringLiteral("no transaction to commit (rolled back after an earlier error)")};
    const QString sql = m_depth == 1 ? QStringLiteral("COMMIT") : QStringLiteral("RELEASE sp%1").arg(m_depth - 1);
    Status s = execScript(sql);
    if (!s) {
        rollback();
        return s;
    }
    --m_depth;
    return {};
}

void Database::rollback()
{
    if (m_depth == 0)
        return;
    if (sqlite3_get_autocommit(m_handle)) {
        // SQLite already rolled the whole transaction back (e.g. after SQLITE_FULL or IOERR).
        m_depth = 0;
        return;
    }
    if (m_depth == 1) {
        // After some errors (e.g. SQLITE_FULL) SQLite has already rolled back; ignore that case.
        if (!sqlite3_get_autocommit(m_handle))
            (void)execScript(QStringLiteral("ROLLBACK"));
    } else {
        const QString name = QStringLiteral("sp%1").arg(m_depth - 1);
        (void)execScript(QStringLiteral("ROLLBACK TO %1; RELEASE %1;").arg(name));
    }
    --m_depth;
}

Status Database::setSynchronous(Synchronous mode)
{
    if (mode == m_sync)
        return {};
    Status s = execScript(mode == Synchronous::Full ? QStringLiteral("PRAGMA synchronous=FULL")
                                                    : QStringLiteral("PRAGMA synchronous=NORMAL"));
    if (s)
        m_sync = mode;
    return s;
}

Status Database::quickCheck()
{
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral("PRAGMA quick_check(20)"))) {
        StorageError error = errorFrom(q.lastError());
        if (error.kind == StorageError::Kind::Internal)
            error.kind = StorageError::Kind::Corrupt;
        return error;
    }
    QStringList problems;
    while (q.next()) {
        const QString line = q.value(0).toString();
        if (line != QLatin1String("ok"))
            problems << line;
    }
    if (problems.isEmpty())
        return {};
    return StorageError {StorageError::Kind::Corrupt,
                         plainWords(SQLITE_CORRUPT) + QStringLiteral(" (SQLite: ") + problems.join(QLatin1Char('\n'))
                             + u')'};
}

Status Database::backupTo(const QString &targetPath)
{
    // A half-written copy must not look like a backup: a file this call created goes when it fails.
    const bool existed = QFileInfo::exists(targetPath);
    auto discard = [&] {
        if (!existed) {
            QFile::remove(targetPath);
            QFile::remove(targetPath + QStringLiteral("-journal"));
        }
    };
    sqlite3 *target = nullptr;
    if (sqlite3_open(targetPath.toUtf8().constData(), &target) != SQLITE_OK) {
        StorageError error = fromHandle(target, QStringLiteral("cannot create %1").arg(targetPath));
        sqlite3_close(target);
        discard();
        return error;
    }
    sqlite3_backup *backup = sqlite3_backup_init(target, "main", m_handle, "main");
    if (!backup) {
        StorageError error = fromHandle(target, QStringLiteral("backup"));
        sqlite3_close(target);
        discard();
        return error;
    }
    const int rc = sqlite3_backup_step(backup, -1);
    sqlite3_backup_finish(backup);
    Status result;
    if (rc != SQLITE_DONE)
        result = StorageError {
            kindFromCode(rc),
            explained(
                rc, QStringLiteral("backup to %1 failed: %2").arg(targetPath, QString::fromUtf8(sqlite3_errstr(rc))))};
    sqlite3_close(target);
    if (!result)
        discard();
    return result;
}

Result<int> Database::userVersion()
{
    QSqlQuery q(m_db);
    if (!q.exec(QStringLiteral("PRAGMA user_version")) || !q.next())
        return errorFrom(q.lastError());
    return q.value(0).toInt();
}

StorageError Database::lastError() const
{
    return fromHandle(m_handle, {});
}

int Database::changes() const
{
    return sqlite3_changes(m_handle);
}

} // namespace Skein
