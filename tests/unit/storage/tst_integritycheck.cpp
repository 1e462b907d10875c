// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// The start-up quick_check runs on its own thread and connection: reads do not wait for it,
// writes wait and are refused when it finds damage, and closing the store stops it.
#include "storage/asyncstore.h"
#include "storage/integritycheck.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"
#include "storetestutil.h"
#include "testsupport.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QSqlQuery>
#include <QTemporaryDir>

using namespace Skein;

class TestIntegrityCheck final : public QObject
{
    Q_OBJECT

    // A real database big enough that quick_check takes a measurable time (~220 MB: a filler
    // table with an index next to the schema; the check walks every page of both).
    QTemporaryDir m_big;
    Session m_kept = Session::create(QStringLiteral("kept"));
    qint64 m_fullCheckMs = 0;

    QString bigFile() const { return QDir(m_big.path()).filePath(Database::fileName()); }

    static void fillFiller(Database &db, int rows)
    {
        QSqlQuery q(db.connection());
        QVERIFY(q.exec(QStringLiteral("CREATE TABLE filler(id INTEGER PRIMARY KEY, a BLOB, b TEXT)")));
        QVERIFY(q.exec(QStringLiteral("CREATE INDEX filler_b ON filler(b)")));
        // Small keys: many cells per page, the part of quick_check that costs CPU.
        for (int k : {7, 11, 13, 17})
            QVERIFY(q.exec(QStringLiteral("CREATE INDEX filler_%1 ON filler(id % %1, id)").arg(k)));
        QVERIFY(q.exec(QStringLiteral("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < %1) "
                                      "INSERT INTO filler SELECT i, zeroblob(200), printf('%08d', i) || "
                                      "hex(zeroblob(60)) FROM n")
                           .arg(rows)));
    }

    struct Timeline
    {
        QElapsedTimer clock;
        qint64 opened = -1;
        qint64 read = -1;
        qint64 checked = -1;
        qint64 written = -1;
        Status integrity;
        Status write;
        QList<Session> sessions;
    };

    // Opens dir, then at once lists sessions and queues a write; records when each came back.
    void openAndUse(AsyncStore &store, const QString &dir, Timeline &t, const Session &extra)
    {
        t.clock.start();
        store.open(
            dir, {}, this,
            // extra by value: callers pass a temporary, and this runs after they returned.
            [&, extra](Result<AsyncStore::OpenReport> r) {
                QVERIFY(r.ok());
                t.opened = t.clock.elapsed();
                store.read<QList<Session>>(
                    this, [](Store &st) { return st.sessions().list(); },
                    [&](Result<QList<Session>> s) {
                        t.read = t.clock.elapsed();
                        if (s)
                            t.sessions = s.value();
                    });
                store.write(
                    this, [extra](Store &st) { return st.sessions().create(extra); },
                    [&](Status s) {
                        t.written = t.clock.elapsed();
                        t.write = s;
                    },
                    Durability::Full);
            },
            [&](Status integrity) {
                t.checked = t.clock.elapsed();
                t.integrity = integrity;
            });
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_big.isValid());
        SKEIN_OPEN_STORE(store, m_big.path());
        SKEIN_VERIFY_OK(store.sessions().create(m_kept));
        fillFiller(store.database(), 400000);
        QVERIFY(QFileInfo(bigFile()).size() > 150 * 1024 * 1024);

        IntegrityCheck check;
        QElapsedTimer timer;
        timer.start();
        const std::optional<Status> result = check.run(bigFile());
        m_fullCheckMs = timer.elapsed();
        QVERIFY(result.has_value());
        QVERIFY(result->ok());
        qInfo("quick_check of %lld MB alone: %lld ms", qlonglong(QFileInfo(bigFile()).size() >> 20),
              qlonglong(m_fullCheckMs));
    }

    void readsDoNotWaitForTheCheckButWritesDo()
    {
        AsyncStore store;
        Timeline t;
        const Session extra = Session::create(QStringLiteral("written during the check"));
        openAndUse(store, m_big.path(), t, extra);
        QTRY_VERIFY_WITH_TIMEOUT(t.checked >= 0 && t.written >= 0, 60000);
        qInfo("opened %lld ms, sessions listed %lld ms, check done %lld ms, write done %lld ms", qlonglong(t.opened),
              qlonglong(t.read), qlonglong(t.checked), qlonglong(t.written));
        QVERIFY(t.integrity.ok());
        QVERIFY(t.read >= 0);
        QVERIFY2(t.read < t.checked, "the session list waited for quick_check");
        QVERIFY(t.sessions.size() >= 1);
        QCOMPARE(t.sessions.constFirst().title, m_kept.title);
        QVERIFY(t.write.ok());
        QVERIFY2(t.written >= t.checked, "a write ran before the file was checked");
    }

    void closingStopsARunningCheckAndKeepsQueuedWrites()
    {
        const Session extra = Session::create(QStringLiteral("queued at shutdown"));
        qint64 closeMs = 0;
        bool checkReported = false;
        {
            auto store = std::make_unique<AsyncStore>();
            Timeline t;
            openAndUse(*store, m_big.path(), t, extra);
            QTRY_VERIFY_WITH_TIMEOUT(t.read >= 0, 30000);
            QVERIFY2(t.checked < 0, "the check ended before the test could close the store");
            QElapsedTimer timer;
            timer.start();
            store.reset();
            closeMs = timer.elapsed();
            QCoreApplication::processEvents();
            checkReported = t.checked >= 0;
        }
        qInfo("closed during the check in %lld ms (the whole check takes %lld ms)", qlonglong(closeMs),
              qlonglong(m_fullCheckMs));
        QVERIFY(!checkReported); // a cancelled check reports neither ok nor damage
        QVERIFY2(closeMs < m_fullCheckMs / 2, qPrintable(QString::number(closeMs)));
        SKEIN_OPEN_STORE(reopened, m_big.path());
        QCOMPARE(reopened.sessions().get(extra.id)->title, extra.title); // the held write was flushed
    }

    void damageFailsTheCheckAndNothingIsWritten()
    {
        QTemporaryDir tmp;
        const QString path = QDir(tmp.path()).filePath(Database::fileName());
        {
            SKEIN_OPEN_STORE(store, tmp.path());
            SKEIN_VERIFY_OK(store.sessions().create(m_kept));
            fillFiller(store.database(), 4000);
        }
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::ReadWrite));
            QVERIFY(f.size() > 256 * 1024);
            f.seek(f.size() / 2);
            f.write(QByteArray(16 * 4096, '\xA5'));
        }
        const QByteArray damaged = Test::readFile(path);
        {
            AsyncStore store;
            Timeline t;
            openAndUse(store, tmp.path(), t, Session::create(QStringLiteral("must not land")));
            QTRY_VERIFY_WITH_TIMEOUT(t.checked >= 0 && t.written >= 0, 30000);
            QVERIFY(!t.integrity.ok());
            QCOMPARE(t.integrity.error().kind, StorageError::Kind::Corrupt);
            QVERIFY(!t.write.ok()); // refused, not attempted
            QCOMPARE(t.write.error().kind, StorageError::Kind::Corrupt);
            QCOMPARE(t.sessions.size(), 1); // reads still work: that is how salvage exports
        }
        QCOMPARE(Test::readFile(path), damaged);
        QVERIFY(!QFile::exists(path + QStringLiteral("-wal")) || QFileInfo(path + QStringLiteral("-wal")).size() == 0);
    }

    void aCancelledCheckReportsNothing()
    {
        IntegrityCheck check;
        check.cancel();
        QVERIFY(!check.run(bigFile()).has_value());
    }
};

SKEIN_CORE_TEST_MAIN(TestIntegrityCheck)
#include "tst_integritycheck.moc"
