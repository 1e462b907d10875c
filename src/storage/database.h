/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "storage/result.h"

#include <QHash>
#include <QSqlDatabase>
#include <QString>
#include <initializer_list>
#include <memory>

class QSqlError;
class QSqlQuery;
struct sqlite3;
struct sqlite3_stmt;

namespace Skein {

// One SQLite connection (QSQLITE) for the thread that opened it; never share it across threads.
// Opening applies PRAGMAs and pending migrations (backing the file up first); a database whose
// schema is newer than this binary is opened read-only and never written.
class Database final
{
    Q_DISABLE_COPY_MOVE(Database)

public:
    enum class Synchronous { Normal, Full };

    struct Options
    {
        QString migrationsDir = QStringLiteral(":/sql"); // NNNN_name.sql files
        QString backupDir; // default: <database dir>/backups
        bool readOnly = false; // open without writing anything, even when migrations are pending
        bool migrate = true; // false: a second connection to a database another one migrated
        int busyTimeoutMs = 5000;
    };

    struct Info
    {
        int schemaVersion = 0; // as found on disk after migrating
        int supportedVersion = 0; // the newest migration this binary has
        bool created = false;
        bool readOnly = false;
        QString readOnlyReason; // user-readable, set when the schema is newer than the binary
        QString backupPath; // set when a backup was taken before migrating
    };

    static QString fileName() { return QStringLiteral("skein.db"); }
    static Result<std::unique_ptr<Database>> open(const QString &filePath, const Options &options);
    static Result<std::unique_ptr<Database>> open(const QString &filePath) { return open(filePath, Options {}); }
    ~Database();

    const Info &info() const { return m_info; }
    bool isReadOnly() const { return m_info.readOnly; }
    QString filePath() const { return m_path; }
    QSqlDatabase &connection() { return m_db; }
    sqlite3 *handle() const { return m_handle; }

    // A prepared statement cached per connection; bind, exec, read, then finish() it. One whose
    // prepare failed is prepared again on the next call.
    QSqlQuery &statement(const QString &sql);
    // Runs a prepared statement, turning a failure into a typed error.
    Status exec(QSqlQuery &query);
    // Runs a statement without results once with these values (QString, integers, double,
    // QByteArray; a null or invalid QVariant is NULL), through SQLite's own API with the statement
    // cached per connection. For the hottest writes (inserting messages): binding through
    // QSqlQuery costs more than SQLite's insert itself.
    Status run(const char *sql, std::initializer_list<QVariant> values);
    // Runs one or more SQL statements without results (schema scripts, PRAGMAs).
    Status execScript(const QString &sql);

    // Runs f (returning Status or Result<T>) in a transaction; nested calls become savepoints,
    // so a failing inner call rolls back only its own changes.
    template<typename F> auto transaction(F &&f) -> decltype(f())
    {
        if (Status s = begin(); !s)
            return s.error();
        auto result = f();
        if (!result) {
            rollback();
            return result;
        }
        if (Status s = commit(); !s)
            return s.error();
        return result;
    }
    Status begin();
    Status commit();
    void rollback();
    int transactionDepth() const { return m_depth; }

    Status setSynchronous(Synchronous mode);
    Synchronous synchronous() const { return m_sync; }
    // PRAGMA quick_check: Corrupt with the first problems found, or ok. Slow on big files:
    // run it off the GUI thread.
    Status quickCheck();
    // A consistent copy through the SQLite online backup API.
    Status backupTo(const QString &targetPath);
    Result<int> userVersion();

    StorageError lastError() const;
    static StorageError errorFrom(const QSqlError &error);
    static StorageError::Kind kindFromCode(int sqliteCode);
    int changes() const;

private:
    Database() = default;
    Status openConnection(bool readOnly, int busyTimeoutMs);
    static StorageError errorOf(sqlite3 *handle); // the connection's last error, in plain words
    Status migrate(const Options &options, bool existed);

    QString m_path;
    QString m_connectionName;
    QSqlDatabase m_db;
    sqlite3 *m_handle = nullptr;
    QHash<QString, QSqlQuery *> m_statements;
    QHash<const char *, sqlite3_stmt *> m_raw; // run()'s, by the address of their literal
    // Cached statements whose prepare failed (e.g. a read error while loading the schema): exec
    // reports that error, and the next statement() call prepares them again.
    QHash<const QSqlQuery *, StorageError> m_unprepared;
    Info m_info;
    Synchronous m_sync = Synchronous::Normal;
    int m_depth = 0;
};

} // namespace Skein
