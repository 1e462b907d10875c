// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// The fault VFS itself: QSQLITE connections go through it, each kind of fault reaches the caller
// as a typed error in plain words, and a power cut keeps exactly what was fsynced.

#include "core/domain/session.h"
#include "faultcheck.h"
#include "faultvfs.h"
#include "storage/database.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"
#include "testsupport.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

using namespace Skein;
using namespace Skein::Test;
using namespace Qt::StringLiterals;
using Skein::Test::FaultVfs::Fault;
using Skein::Test::FaultVfs::File;
using Skein::Test::FaultVfs::Op;

namespace {

std::unique_ptr<Store> openStore(const QString &dir)
{
    auto opened = Store::open(dir);
    if (!opened)
        qWarning("open: %s", qPrintable(opened.error().message));
    return opened ? std::move(opened).value() : nullptr;
}

Status createSession(Store &store, const QString &title, QString *id = nullptr)
{
    Session s = Session::create(title);
    if (id)
        *id = s.id;
    return store.sessions().create(s);
}

} // namespace

class TestFaultVfs final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY(FaultVfs::install()); }

    void init()
    {
        QCOMPARE(FaultVfs::openFiles(), 0);
        FaultVfs::reset();
    }

    // The premise of the whole suite: Qt's driver uses the libsqlite3 this process registered
    // the shim with, so the product's own connections meet the faults.
    void qsqliteGoesThroughTheShim()
    {
        QTemporaryDir dir;
        QCOMPARE(QString::fromUtf8(sqlite3_vfs_find(nullptr)->zName), u"skein-fault"_s);
        {
            auto store = openStore(dir.path());
            QVERIFY(store);
            QVERIFY2(FaultVfs::opened() >= 2, "the database and its WAL"); // main db + WAL
        }
        const int before = FaultVfs::opened();
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"plain"_s);
            db.setDatabaseName(dir.filePath(u"other.db"_s));
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(q.exec(u"CREATE TABLE t (x)"_s));
        }
        QSqlDatabase::removeDatabase(u"plain"_s);
        QVERIFY(FaultVfs::opened() > before);
        QCOMPARE(FaultVfs::openFiles(), 0);
    }

    void failedWriteIsReportedInPlainWords()
    {
        QTemporaryDir dir;
        QString kept;
        QString lost;
        {
            auto store = openStore(dir.path());
            QVERIFY(store);
            FaultVfs::inject(Fault(Op::Write, File::Wal));
            const Status failed = createSession(*store, u"lost"_s, &lost);
            QVERIFY(!failed);
            QVERIFY(FaultVfs::injected() > 0);
            QCOMPARE(StorageError::kindName(failed.error().kind), u"io"_s);
            QVERIFY2(notPlainWords(failed.error().message).isEmpty(),
                     qPrintable(notPlainWords(failed.error().message)));
            // The fault passes: the same connection goes on working.
            FaultVfs::clearFault();
            const Status ok = createSession(*store, u"kept"_s, &kept);
            QVERIFY2(ok, qPrintable(ok ? QString() : ok.error().message));
        }
        QCOMPARE(integrityCheck(dir.filePath(Database::fileName())), u"ok"_s);
        FaultVfs::uninstall();
        auto store = openStore(dir.path());
        FaultVfs::install();
        QVERIFY(store);
        QVERIFY(store->sessions().get(kept));
        QVERIFY(!store->sessions().get(lost));
    }

    void fullDiskIsNamed()
    {
        QTemporaryDir dir;
        auto store = openStore(dir.path());
        QVERIFY(store);
        FaultVfs::inject(Fault(Op::Write).withCode(SQLITE_FULL));
        const Status failed = createSession(*store, u"too much"_s);
        QVERIFY(!failed);
        QCOMPARE(StorageError::kindName(failed.error().kind), u"disk_full"_s);
        QVERIFY2(notPlainWords(failed.error().message).isEmpty(), qPrintable(notPlainWords(failed.error().message)));
        QVERIFY2(failed.error().message.contains(u"disk is full"_s), qPrintable(failed.error().message));
    }

    // synchronous=FULL syncs the WAL at every commit, NORMAL does not: a failing fsync fails the
    // first and never touches the second.
    void failedFsyncFailsOnlyAFullCommit()
    {
        QTemporaryDir dir;
        auto store = openStore(dir.path());
        QVERIFY(store);
        FaultVfs::inject(Fault(Op::Sync, File::Wal));
        QVERIFY(createSession(*store, u"normal"_s));
        QCOMPARE(FaultVfs::injected(), 0);
        QVERIFY(store->database().setSynchronous(Database::Synchronous::Full));
        const Status failed = createSession(*store, u"full"_s);
        QVERIFY(!failed);
        QCOMPARE(FaultVfs::injected(), 1);
        QVERIFY2(notPlainWords(failed.error().message).isEmpty(), qPrintable(notPlainWords(failed.error().message)));
    }

    void failedReadFailsTheOpen()
    {
        QTemporaryDir dir;
        QVERIFY(openStore(dir.path()));
        FaultVfs::inject(Fault(Op::Read, File::MainDb));
        auto opened = Store::open(dir.path());
        QVERIFY(!opened);
        QVERIFY(FaultVfs::injected() > 0);
        QVERIFY2(notPlainWords(opened.error().message).isEmpty(), qPrintable(notPlainWords(opened.error().message)));
    }

    // What a commit with synchronous=FULL wrote survives a power cut; what a NORMAL commit wrote
    // after it does not (SQLite's promise, and the one docs/streaming.md builds on).
    void powerCutKeepsWhatWasSynced()
    {
        QTemporaryDir dir;
        QString synced;
        QString unsynced;
        {
            auto store = openStore(dir.path());
            QVERIFY(store);
            QVERIFY(store->database().setSynchronous(Database::Synchronous::Full));
            QVERIFY(createSession(*store, u"synced"_s, &synced));
            QVERIFY(store->database().setSynchronous(Database::Synchronous::Normal));
            QVERIFY(createSession(*store, u"not synced"_s, &unsynced));
            QVERIFY(store->sessions().get(unsynced)); // there, for now
            FaultVfs::cutPower();
            QVERIFY(!createSession(*store, u"after the cut"_s));
            QVERIFY2(!FaultVfs::restorePower(), "restoring while files are open");
        }
        QVERIFY(FaultVfs::restorePower());
        QVERIFY(!FaultVfs::powerIsOff());
        QCOMPARE(integrityCheck(dir.filePath(Database::fileName())), u"ok"_s);
        FaultVfs::uninstall();
        auto store = openStore(dir.path());
        FaultVfs::install();
        QVERIFY(store);
        QVERIFY(store->sessions().get(synced));
        QVERIFY(!store->sessions().get(unsynced));
    }

    void cutAfterCountsWritesAndSyncs()
    {
        QTemporaryDir dir;
        auto store = openStore(dir.path());
        QVERIFY(store);
        const int before = FaultVfs::writesAndSyncs();
        FaultVfs::cutPowerAfter(3);
        QVERIFY(!FaultVfs::powerIsOff());
        for (int i = 0; i < 10 && !FaultVfs::powerIsOff(); ++i)
            (void)createSession(*store, u"s%1"_s.arg(i));
        QVERIFY(FaultVfs::powerIsOff());
        QVERIFY(FaultVfs::writesAndSyncs() - before >= 3);
        store.reset();
        QVERIFY(FaultVfs::restorePower());
    }
};

SKEIN_CORE_TEST_MAIN(TestFaultVfs)

#include "tst_faults_vfs.moc"
