// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "core/domain/ids.h"
#include "storage/database.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"
#include "testsupport.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>

using namespace Skein;

namespace {

QByteArray fileHash(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
}

// Writes a session as a version-1 binary did: today's repository writes columns version 1 lacks.
bool createAsVersion1(Store &store, const Session &s)
{
    QSqlQuery q(store.database().connection());
    if (!q.prepare(QStringLiteral("INSERT INTO sessions (id, title, created_at, updated_at) VALUES (?, ?, ?, ?)")))
        return false;
    for (const QVariant &value : {QVariant(s.id), QVariant(s.title), QVariant(s.createdAt), QVariant(s.updatedAt)})
        q.addBindValue(value);
    return q.exec();
}

// A session's title, read as a version-1 binary would.
QString titleAsVersion1(Store &store, const QString &id)
{
    QSqlQuery q(store.database().connection());
    if (!q.prepare(QStringLiteral("SELECT title FROM sessions WHERE id = ?")))
        return QStringLiteral("<cannot prepare>");
    q.addBindValue(id);
    return q.exec() && q.next() ? q.value(0).toString() : QStringLiteral("<not found>");
}

// Reads PRAGMA user_version through a connection independent of Database.
int rawUserVersion(const QString &path)
{
    int version = -1;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("raw"));
        db.setDatabaseName(path);
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
        if (db.open()) {
            QSqlQuery q(db);
            if (q.exec(QStringLiteral("PRAGMA user_version")) && q.next())
                version = q.value(0).toInt();
        }
    }
    QSqlDatabase::removeDatabase(QStringLiteral("raw"));
    return version;
}

void rawExec(const QString &path, const QString &sql)
{
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("raw"));
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY2(q.exec(sql), qPrintable(q.lastError().text()));
    }
    QSqlDatabase::removeDatabase(QStringLiteral("raw"));
}

// A migrations folder with the real migrations plus the given extra scripts.
QString migrationsWith(const QTemporaryDir &tmp, const QList<std::pair<QString, QByteArray>> &extra, int keep = 1000)
{
    const QString dir = tmp.filePath(QStringLiteral("migrations"));
    QDir().mkpath(dir);
    const QStringList real = QDir(QStringLiteral(":/sql")).entryList(QDir::Files, QDir::Name);
    for (int i = 0; i < real.size() && i < keep; ++i)
        QFile::copy(QStringLiteral(":/sql/") + real[i], dir + QLatin1Char('/') + real[i]);
    for (const auto &[name, sql] : extra) {
        QFile f(dir + QLatin1Char('/') + name);
        if (f.open(QIODevice::WriteOnly))
            f.write(sql);
    }
    return dir;
}

} // namespace

class TestDatabase final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void freshDatabaseGetsTheLatestSchemaAndPragmas()
    {
        QTemporaryDir tmp;
        auto store = Store::open(tmp.path());
        QVERIFY2(store, qPrintable(store ? QString() : store.error().message));
        Database &db = store.value()->database();
        QVERIFY(db.info().created);
        QVERIFY(!db.isReadOnly());
        QVERIFY(db.info().backupPath.isEmpty()); // nothing to back up
        QVERIFY(db.info().supportedVersion >= 1);
        QCOMPARE(db.info().schemaVersion, db.info().supportedVersion);
        QSqlQuery q(db.connection());
        QVERIFY(q.exec(QStringLiteral("PRAGMA journal_mode")) && q.next());
        QCOMPARE(q.value(0).toString(), QStringLiteral("wal"));
        QVERIFY(q.exec(QStringLiteral("PRAGMA foreign_keys")) && q.next());
        QCOMPARE(q.value(0).toInt(), 1);
        QVERIFY(q.exec(QStringLiteral("PRAGMA busy_timeout")) && q.next());
        QVERIFY(q.value(0).toInt() > 0);
        QVERIFY(db.quickCheck());
        QVERIFY(QFileInfo::exists(tmp.filePath(QStringLiteral("skein.db"))));
    }

    void reopeningKeepsDataAndTakesNoBackup()
    {
        QTemporaryDir tmp;
        Session s = Session::create(QStringLiteral("kept"));
        {
            auto store = Store::open(tmp.path());
            QVERIFY(store);
            QVERIFY(createAsVersion1(*store.value(), s));
        }
        auto store = Store::open(tmp.path());
        QVERIFY(store);
        QVERIFY(!store.value()->database().info().created);
        QVERIFY(store.value()->database().info().backupPath.isEmpty());
        auto got = store.value()->sessions().get(s.id);
        QVERIFY(got);
        QCOMPARE(got->title, QStringLiteral("kept"));
        QVERIFY(!QDir(tmp.filePath(QStringLiteral("backups"))).exists());
    }

    void migratingAnExistingDatabaseBacksItUpFirst()
    {
        QTemporaryDir tmp;
        Database::Options v1;
        v1.migrationsDir = migrationsWith(tmp, {}, 1);
        Session s = Session::create(QStringLiteral("before upgrade"));
        {
            auto store = Store::open(tmp.path(), v1);
            QVERIFY(store);
            QCOMPARE(store.value()->database().info().schemaVersion, 1);
            QVERIFY(createAsVersion1(*store.value(), s));
        }
        Database::Options v2;
        QTemporaryDir tmp2;
        v2.migrationsDir = migrationsWith(tmp2,
                                          {{QStringLiteral("0002_test_tags.sql"),
                                            "CREATE TABLE test_tags (id INTEGER PRIMARY KEY, name "
                                            "TEXT);\nINSERT INTO test_tags(name) VALUES ('x');"}},
                                          1);
        auto store = Store::open(tmp.path(), v2);
        QVERIFY2(store, qPrintable(store ? QString() : store.error().message));
        const Database::Info info = store.value()->database().info();
        QCOMPARE(info.schemaVersion, 2);
        QVERIFY(!info.backupPath.isEmpty());
        QVERIFY(QFileInfo::exists(info.backupPath));
        QCOMPARE(rawUserVersion(info.backupPath), 1);
        QCOMPARE(titleAsVersion1(*store.value(), s.id), QStringLiteral("before upgrade"));
        store = StorageError {}; // close
        QCOMPARE(rawUserVersion(tmp.filePath(QStringLiteral("skein.db"))), 2);

        // The backup is a complete database holding the session.
        Database::Options readOnly;
        readOnly.readOnly = true;
        readOnly.migrationsDir = v1.migrationsDir;
        auto backup = Store::openFile(info.backupPath, readOnly);
        QVERIFY(backup);
        QCOMPARE(titleAsVersion1(*backup.value(), s.id), QStringLiteral("before upgrade"));
    }

    void upgradingFromVersion1KeepsTheTreeWalkable()
    {
        QTemporaryDir tmp;
        Database::Options v1;
        v1.migrationsDir = migrationsWith(tmp, {}, 1);
        QStringList ids;
        {
            auto store = Store::open(tmp.path(), v1);
            QVERIFY(store);
            Session s = Session::create(QStringLiteral("v1"));
            QVERIFY(createAsVersion1(*store.value(), s));
            // Version 1 has no parent_seq: write the rows the way a version-1 binary did.
            QSqlQuery q(store.value()->database().connection());
            QVERIFY(
                q.prepare(QStringLiteral("INSERT INTO messages (id, session_id, parent_id, role, content, created_at) "
                                         "VALUES (?, ?, ?, 'user', ?, 1)")));
            QString parent;
            for (int i = 0; i < 5; ++i) {
                const QString id = Ids::create();
                q.bindValue(0, id);
                q.bindValue(1, s.id);
                q.bindValue(2, parent.isEmpty() ? QVariant() : QVariant(parent));
                q.bindValue(3, QString::number(i));
                QVERIFY2(q.exec(), qPrintable(q.lastError().text()));
                ids << id;
                parent = id;
            }
        }
        auto store = Store::open(tmp.path());
        QVERIFY2(store, qPrintable(store ? QString() : store.error().message));
        QVERIFY(store.value()->database().info().schemaVersion >= 2);
        QVERIFY(!store.value()->database().info().backupPath.isEmpty());
        auto path = store.value()->messages().path(ids.last());
        QVERIFY(path);
        QCOMPARE(path->size(), 5);
        QCOMPARE(path->first().id, ids.first());
    }

    void aFailingMigrationLeavesTheVersionAndSchemaUnchanged()
    {
        QTemporaryDir tmp;
        Database::Options v1;
        v1.migrationsDir = migrationsWith(tmp, {}, 1);
        QVERIFY(Store::open(tmp.path(), v1));
        QTemporaryDir tmp2;
        Database::Options bad;
        bad.migrationsDir = migrationsWith(
            tmp2, {{QStringLiteral("0002_broken.sql"), "CREATE TABLE half_done (x);\nTHIS IS NOT SQL;"}}, 1);
        auto store = Store::open(tmp.path(), bad);
        QVERIFY(!store);
        QCOMPARE(store.error().kind, StorageError::Kind::Migration);
        QVERIFY(store.error().message.contains(QStringLiteral("0002"))
                || store.error().message.contains(QLatin1String("2")));
        QCOMPARE(rawUserVersion(tmp.filePath(QStringLiteral("skein.db"))), 1);
        auto again = Store::open(tmp.path(), v1);
        QVERIFY(again);
        QSqlQuery q(again.value()->database().connection());
        QVERIFY(q.exec(QStringLiteral("SELECT count(*) FROM sqlite_schema WHERE name = 'half_done'")) && q.next());
        QCOMPARE(q.value(0).toInt(), 0);
    }

    void newerDatabaseIsOpenedReadOnlyAndNeverWritten()
    {
        QTemporaryDir tmp;
        const QString path = tmp.filePath(QStringLiteral("skein.db"));
        Session s = Session::create(QStringLiteral("from the future"));
        {
            auto store = Store::open(tmp.path());
            QVERIFY(store);
            QVERIFY(createAsVersion1(*store.value(), s));
        }
        rawExec(path, QStringLiteral("PRAGMA user_version = 99"));
        QCOMPARE(rawUserVersion(path), 99);
        const QByteArray before = fileHash(path);
        const QDateTime mtime = QFileInfo(path).lastModified();
        QVERIFY(!before.isEmpty());

        {
            auto store = Store::open(tmp.path());
            QVERIFY2(store, qPrintable(store ? QString() : store.error().message));
            Database &db = store.value()->database();
            QVERIFY(db.isReadOnly());
            QCOMPARE(db.info().schemaVersion, 99);
            QVERIFY(db.info().readOnlyReason.contains(QStringLiteral("99")));
            QVERIFY(db.info().backupPath.isEmpty());
            QCOMPARE(store.value()->sessions().get(s.id)->title, QStringLiteral("from the future")); // reads work
            Status write = store.value()->sessions().rename(s.id, QStringLiteral("changed"));
            QVERIFY(!write);
            QCOMPARE(write.error().kind, StorageError::Kind::ReadOnly);
        }
        QCOMPARE(fileHash(path), before);
        QCOMPARE(QFileInfo(path).lastModified(), mtime);
        QCOMPARE(rawUserVersion(path), 99);
        QVERIFY(!QDir(tmp.filePath(QStringLiteral("backups"))).exists());
    }

    void corruptFileIsReportedAsCorrupt()
    {
        QTemporaryDir tmp;
        const QString path = tmp.filePath(QStringLiteral("skein.db"));
        {
            auto store = Store::open(tmp.path());
            QVERIFY(store);
            Session s = Session::create(QStringLiteral("c"));
            QVERIFY(createAsVersion1(*store.value(), s));
            QList<Message> batch;
            QString parent;
            for (int i = 0; i < 2000; ++i) {
                Message m = Message::create(s.id, parent, Role::User,
                                            QStringLiteral("message number %1 ").arg(i).repeated(8));
                parent = m.id;
                batch << m;
            }
            QVERIFY(store.value()->messages().insertBatch(batch));
        }
        QVERIFY(!QFileInfo::exists(path + QStringLiteral("-wal"))
                || QFileInfo(path + QStringLiteral("-wal")).size() == 0);
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::ReadWrite));
            const qint64 size = f.size();
            QVERIFY(size > 64 * 1024);
            // Scribble over pages in the second half (index and table pages), keeping page 1 intact.
            for (qint64 at = size / 2; at + 4096 < size; at += 3 * 4096) {
                f.seek(at + 100);
                f.write(QByteArray(512, '\x5a'));
            }
        }
        auto store = Store::open(tmp.path());
        if (!store) {
            QCOMPARE(store.error().kind, StorageError::Kind::Corrupt);
            return;
        }
        Status check = store.value()->database().quickCheck();
        QVERIFY(!check);
        QCOMPARE(check.error().kind, StorageError::Kind::Corrupt);
        QVERIFY(!check.error().message.isEmpty());
    }

    void notADatabaseIsCorrupt()
    {
        QTemporaryDir tmp;
        QFile f(tmp.filePath(QStringLiteral("skein.db")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(8192, 'x'));
        f.close();
        auto store = Store::open(tmp.path());
        QVERIFY(!store);
        QCOMPARE(store.error().kind, StorageError::Kind::Corrupt);
    }

    void fullDiskRollsBackAndReports()
    {
        QTemporaryDir tmp;
        auto opened = Store::open(tmp.path());
        QVERIFY(opened);
        Store &store = *opened.value();
        Session s = Session::create(QStringLiteral("full"));
        QVERIFY(store.sessions().create(s));
        QSqlQuery q(store.database().connection());
        QVERIFY(q.exec(QStringLiteral("PRAGMA page_count")) && q.next());
        const int pages = q.value(0).toInt();
        q.finish();
        // Simulate a full disk: the file may grow by only a few pages.
        QVERIFY(store.database().execScript(QStringLiteral("PRAGMA max_page_count = %1").arg(pages + 4)));
        Status result = store.transaction([&]() -> Status {
            Message small = Message::create(s.id, {}, Role::User, QStringLiteral("fits"));
            if (Status st = store.messages().insert(small); !st)
                return st;
            Message big = Message::create(s.id, small.id, Role::User, QString(2 * 1024 * 1024, QLatin1Char('y')));
            return store.messages().insert(big);
        });
        QVERIFY(!result);
        QCOMPARE(result.error().kind, StorageError::Kind::DiskFull);
        QCOMPARE(store.database().transactionDepth(), 0);
        QCOMPARE(*store.messages().countBySession(s.id), 0); // the small insert was rolled back too
        Message after = Message::create(s.id, {}, Role::User, QStringLiteral("still usable"));
        QVERIFY(store.messages().insert(after));
    }

    void nestedTransactionsRollBackOnlyTheInnerPart()
    {
        QTemporaryDir tmp;
        auto opened = Store::open(tmp.path());
        QVERIFY(opened);
        Store &store = *opened.value();
        Session a = Session::create(QStringLiteral("a"));
        Session b = Session::create(QStringLiteral("b"));
        Status outer = store.transaction([&]() -> Status {
            if (Status st = store.sessions().create(a); !st)
                return st;
            Status inner = store.transaction([&]() -> Status {
                if (Status st = store.sessions().create(b); !st)
                    return st;
                return store.sessions().create(a); // duplicate id fails
            });
            if (inner || inner.error().kind != StorageError::Kind::Constraint)
                return StorageError {StorageError::Kind::Internal, QStringLiteral("expected a constraint error")};
            return {};
        });
        QVERIFY2(outer, qPrintable(outer ? QString() : outer.error().message));
        QVERIFY(store.sessions().get(a.id));
        QCOMPARE(store.sessions().get(b.id).error().kind, StorageError::Kind::NotFound);
    }
};

SKEIN_CORE_TEST_MAIN(TestDatabase)
#include "tst_database.moc"
