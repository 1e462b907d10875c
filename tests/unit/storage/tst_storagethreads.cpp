// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "storage/asyncstore.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storage/settingsrepository.h"
#include "storage/store.h"
#include "testsupport.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QThread>

#include <atomic>

using namespace Skein;

class TestStorageThreads final : public QObject
{
    Q_OBJECT

    // Opens store in dir and waits (without blocking the event loop) for the report.
    static bool openStore(AsyncStore &store, const QString &dir, QObject *context, AsyncStore::OpenReport *report)
    {
        bool done = false;
        bool ok = false;
        store.open(dir, {}, context, [&](Result<AsyncStore::OpenReport> r) {
            done = true;
            ok = r.ok();
            if (ok)
                *report = r.value();
        });
        return QTest::qWaitFor([&] { return done; }, 10000) && ok;
    }

private Q_SLOTS:
    void openReportsInfoThenTheQuickCheck()
    {
        QTemporaryDir tmp;
        AsyncStore store;
        std::optional<Result<AsyncStore::OpenReport>> report;
        std::optional<Status> integrity;
        store.open(
            tmp.path(), {}, this,
            [&](Result<AsyncStore::OpenReport> r) {
                QVERIFY(!integrity); // the check reports after open
                report = std::move(r);
            },
            [&](Status s) { integrity = s; });
        QTRY_VERIFY(report && integrity);
        QVERIFY(report->ok());
        QVERIFY(report->value().info.created);
        QCOMPARE(report->value().info.schemaVersion, report->value().info.supportedVersion);
        QVERIFY(integrity->ok());
    }

    void readsRunElsewhereAndAreDeliveredOnTheCallersThread()
    {
        QTemporaryDir tmp;
        AsyncStore store;
        AsyncStore::OpenReport report;
        QVERIFY(openStore(store, tmp.path(), this, &report));
        Session s = Session::create(QStringLiteral("async"));
        bool written = false;
        store.write(
            this, [s](Store &st) { return st.sessions().create(s); }, [&](Status r) { written = r.ok(); },
            Durability::Full);
        QTRY_VERIFY(written);

        QThread *jobThread = nullptr;
        QThread *deliveryThread = nullptr;
        QString title;
        store.read<Session>(
            this,
            [&](Store &st) {
                jobThread = QThread::currentThread();
                return st.sessions().get(s.id);
            },
            [&](Result<Session> r) {
                deliveryThread = QThread::currentThread();
                title = r ? r->title : QString();
            });
        QCOMPARE(deliveryThread, nullptr); // never synchronous
        QTRY_COMPARE(title, QStringLiteral("async"));
        QCOMPARE(deliveryThread, QThread::currentThread());
        QVERIFY(jobThread != QThread::currentThread());
    }

    void resultsForADeletedContextAreDropped()
    {
        QTemporaryDir tmp;
        AsyncStore store;
        AsyncStore::OpenReport report;
        QVERIFY(openStore(store, tmp.path(), this, &report));
        auto *context = new QObject;
        bool called = false;
        store.read<qint64>(
            context, [](Store &st) { return st.sessions().count(); }, [&](Result<qint64>) { called = true; });
        delete context;
        bool after = false;
        store.read<qint64>(
            this, [](Store &st) { return st.sessions().count(); }, [&](Result<qint64>) { after = true; });
        QTRY_VERIFY(after); // reads run in order, so the first one has been delivered (or dropped) by now
        QCoreApplication::processEvents();
        QVERIFY(!called);
    }

    void manySmallWritesAreBatchedInOrder()
    {
        QTemporaryDir tmp;
        AsyncStore store;
        AsyncStore::OpenReport report;
        QVERIFY(openStore(store, tmp.path(), this, &report));
        const auto before = store.writerStats();
        // Hold the writer busy so that the following jobs queue up behind it.
        store.write([](Store &) {
            QThread::msleep(200);
            return Status();
        });
        constexpr int count = 1000;
        Session s = Session::create();
        store.write([s](Store &st) { return st.sessions().create(s); }, Durability::Full);
        QString parent;
        QStringList ids;
        for (int i = 0; i < count; ++i) {
            Message m = Message::create(s.id, parent, Role::User, QString::number(i));
            parent = m.id;
            ids << m.id;
            store.write([m](Store &st) { return st.messages().insert(m); });
        }
        int finished = 0;
        store.write(this, [](Store &) { return Status(); }, [&](Status) { ++finished; });
        QTRY_COMPARE_WITH_TIMEOUT(finished, 1, 20000);
        const auto after = store.writerStats();
        QCOMPARE(after.jobs - before.jobs, quint64(count + 3));
        QVERIFY2(after.batches - before.batches <= 10, qPrintable(QString::number(after.batches - before.batches)));
        QCOMPARE(after.failedJobs, before.failedJobs);

        QList<Message> path;
        store.read<QList<Message>>(
            this, [parent](Store &st) { return st.messages().path(parent); },
            [&](Result<QList<Message>> r) { path = r ? r.value() : QList<Message> {}; });
        QTRY_COMPARE(path.size(), count); // each insert needed its parent: order was preserved
        for (int i = 0; i < count; ++i)
            QCOMPARE(path[i].id, ids[i]);
    }

    // A job that runs alone starts with no transaction open (it sets up the connection, then
    // opens its own), ends the batch queued before it, and the jobs after it batch again.
    void aJobThatRunsAloneHasNoTransactionAroundIt()
    {
        QTemporaryDir tmp;
        AsyncStore store;
        AsyncStore::OpenReport report;
        QVERIFY(openStore(store, tmp.path(), this, &report));
        std::atomic<bool> started = false;
        store.write([&started](Store &) {
            started = true;
            QThread::msleep(200); // the following jobs queue up behind this one
            return Status();
        });
        QTRY_VERIFY(started.load());
        const auto before = store.writerStats(); // counts the batch that is running
        QList<int> depths;
        auto depth = [&depths](Store &st) {
            depths << st.database().transactionDepth();
            return Result<int>(0);
        };
        for (int i = 0; i < 3; ++i)
            store.write<int>(this, depth, [](const Result<int> &) { });
        store.write<int>(this, depth, [](const Result<int> &) { }, Durability::Full, Batching::Alone);
        int finished = 0;
        for (int i = 0; i < 3; ++i)
            store.write<int>(this, depth, [&](const Result<int> &) { ++finished; });
        QTRY_COMPARE_WITH_TIMEOUT(finished, 3, 10000);
        // Batched jobs run in their batch's transaction and their own savepoint: depth 2.
        QCOMPARE(depths, (QList<int> {2, 2, 2, 0, 2, 2, 2}));
        QCOMPARE(store.writerStats().batches - before.batches, quint64(3));
        QCOMPARE(store.writerStats().failedJobs, before.failedJobs);
    }

    void aFailingJobIsRolledBackAloneAndReported()
    {
        QTemporaryDir tmp;
        AsyncStore store;
        AsyncStore::OpenReport report;
        QVERIFY(openStore(store, tmp.path(), this, &report));
        QSignalSpy failures(&store, &AsyncStore::writeFailed);
        store.write([](Store &) {
            QThread::msleep(100);
            return Status();
        });
        QList<Status> results(5);
        int done = 0;
        for (int i = 0; i < 5; ++i) {
            store.write(
                this,
                [i](Store &st) -> Status {
                    if (Status s = st.settings().set(QStringLiteral("key%1").arg(i), QString::number(i)); !s)
                        return s;
                    if (i == 2)
                        return StorageError {StorageError::Kind::Invalid, QStringLiteral("job 2 fails after writing")};
                    return {};
                },
                [&, i](Status r) {
                    results[i] = r;
                    ++done;
                });
        }
        QTRY_COMPARE(done, 5);
        for (int i = 0; i < 5; ++i)
            QCOMPARE(results[i].ok(), i != 2);
        QCOMPARE(results[2].error().message, QStringLiteral("job 2 fails after writing"));
        QTRY_COMPARE(failures.size(), 1);

        QHash<QString, QString> all;
        bool read = false;
        store.read<QHash<QString, QString>>(
            this, [](Store &st) { return st.settings().all(); },
            [&](Result<QHash<QString, QString>> r) {
                all = r ? r.value() : QHash<QString, QString> {};
                read = true;
            });
        QTRY_VERIFY(read);
        QCOMPARE(all.size(), 4);
        QVERIFY(!all.contains(QStringLiteral("key2")));
        QCOMPARE(all.value(QStringLiteral("key4")), QStringLiteral("4"));
    }

    void queuedWritesSurviveDestruction()
    {
        QTemporaryDir tmp;
        Session s = Session::create(QStringLiteral("last words"));
        {
            AsyncStore store;
            AsyncStore::OpenReport report;
            QVERIFY(openStore(store, tmp.path(), this, &report));
            store.write([](Store &) {
                QThread::msleep(100);
                return Status();
            });
            store.write([s](Store &st) { return st.sessions().create(s); }, Durability::Full);
        }
        auto reopened = Store::open(tmp.path());
        QVERIFY(reopened);
        QCOMPARE(reopened.value()->sessions().get(s.id)->title, QStringLiteral("last words"));
    }
};

SKEIN_CORE_TEST_MAIN(TestStorageThreads)
#include "tst_storagethreads.moc"
