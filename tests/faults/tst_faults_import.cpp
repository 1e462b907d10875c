// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// Faults while a file is imported: the import runs as the app runs it (one job on the storage
// writer thread, one transaction), into a data folder that already holds a conversation. After
// each fault the user was told in plain words, the file passes integrity_check, the conversation
// that was there is intact and the import is all or nothing: never half a session.

#include "chatgptexport.h"
#include "core/domain/session.h"
#include "engine/memory/extraction.h"
#include "faultcheck.h"
#include "faultvfs.h"
#include "randomtree.h"
#include "storage/asyncstore.h"
#include "storage/exchange/exporter.h"
#include "storage/exchange/importer.h"
#include "storage/messagerepository.h"
#include "storage/searchrepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"
#include "testsupport.h"

#include <QFile>
#include <QRandomGenerator>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <optional>
#include <sqlite3.h>

using namespace Skein;
using namespace Skein::Test;
using namespace Qt::StringLiterals;
using Skein::Test::FaultVfs::Fault;
using Skein::Test::FaultVfs::File;
using Skein::Test::FaultVfs::Op;

namespace {

constexpr int Wait = 20000;

// Every message of a session, by id.
QHash<QString, Message> messagesOf(Store &store, const QString &sessionId)
{
    QHash<QString, Message> out;
    Result<QList<Message>> all = store.messages().bySession(sessionId);
    if (all)
        for (const Message &m : all.value())
            out.insert(m.id, m);
    return out;
}

struct Source
{
    QByteArray archive;
    QHash<QString, QHash<QString, Message>> sessions; // id → its messages
};

} // namespace

class TestFaultsImport final : public QObject
{
    Q_OBJECT

    Source m_source;
    QTemporaryDir m_exportDir; // a ChatGPT export (tests/support/chatgptexport.cpp)
    ChatGptExportCounts m_export;

    // A data folder with a conversation the user wrote before the import (closed cleanly, so
    // it is on disk); its messages are the promises.
    QString prepareTarget(const QString &dir, Promises *promises)
    {
        auto opened = Store::open(dir);
        if (!opened)
            return opened.error().message;
        Store &store = *opened.value();
        Session session = Session::create(u"mine"_s);
        if (Status s = store.sessions().create(session); !s)
            return s.error().message;
        QString parent;
        for (int i = 0; i < 6; ++i) {
            Message m = Message::create(session.id, parent, i % 2 ? Role::Assistant : Role::User,
                                        u"my message %1 ✓"_s.arg(i));
            if (Status s = store.messages().insert(m); !s)
                return s.error().message;
            promises->messages.insert(m.id, m.content);
            parent = m.id;
        }
        return {};
    }

    // Imports the archive through the writer thread (Durability::Full, as user data must be), or
    // the file at `path` as File → Import does (a job that runs alone, outside the writer's batches).
    Result<Exchange::ImportReport> importThroughTheWriter(const QString &dir, const QString &path = {})
    {
        AsyncStore store;
        if (const QString error = openAndWait(store, dir); !error.isEmpty())
            return StorageError {StorageError::Kind::Io, error};
        std::optional<Result<Exchange::ImportReport>> result;
        QObject context;
        store.write<Exchange::ImportReport>(
            &context,
            [bytes = m_source.archive, path](Store &s) {
                Exchange::Importer importer(s, Extraction::importGuards());
                return path.isEmpty() ? importer.importBytes(bytes, u"faults.json"_s) : importer.importPath(path);
            },
            [&](Result<Exchange::ImportReport> r) { result = std::move(r); }, Durability::Full,
            path.isEmpty() ? Batching::Batched : Batching::Alone);
        if (!QTest::qWaitFor([&] { return result.has_value(); }, Wait))
            return StorageError {StorageError::Kind::Internal, u"the import did not end"_s};
        return *result;
    }

    // After the fault (real VFS): every session of the file is there whole, or none is. Returns
    // how many are there, or -1 with *problem set.
    int importedSessions(const QString &dir, QString *problem)
    {
        FaultVfs::uninstall();
        auto opened = Store::open(dir);
        FaultVfs::install();
        if (!opened) {
            *problem = opened.error().message;
            return -1;
        }
        int present = 0;
        for (auto it = m_source.sessions.cbegin(); it != m_source.sessions.cend(); ++it) {
            const QHash<QString, Message> stored = messagesOf(*opened.value(), it.key());
            if (!opened.value()->sessions().get(it.key())) {
                if (!stored.isEmpty()) {
                    *problem = u"messages of session %1 without the session"_s.arg(it.key());
                    return -1;
                }
                continue;
            }
            ++present;
            if (stored.size() != it.value().size()) {
                *problem
                    = u"session %1 has %2 of %3 messages"_s.arg(it.key()).arg(stored.size()).arg(it.value().size());
                return -1;
            }
            for (const Message &m : it.value()) {
                const Message s = stored.value(m.id);
                if (s.content != m.content || s.status != m.status) {
                    *problem = u"message %1 differs from the file"_s.arg(m.id);
                    return -1;
                }
            }
        }
        if (present != 0 && present != m_source.sessions.size()) {
            *problem = u"%1 of %2 sessions imported"_s.arg(present).arg(m_source.sessions.size());
            return -1;
        }
        return present;
    }

    // After a failed import of the ChatGPT export: the sessions that are there, the search
    // trigger as it was (the import drops it while it writes), nothing left in the search backlog,
    // and what is written next searchable at once. Returns "" or the problem.
    QString afterAFailedForeignImport(const QString &dir, int sessions)
    {
        FaultVfs::uninstall();
        auto opened = Store::open(dir);
        FaultVfs::install();
        if (!opened)
            return opened.error().message;
        Store &store = *opened.value();
        QSqlQuery q(store.database().connection());
        q.exec(u"SELECT (SELECT count(*) FROM sessions), (SELECT count(*) FROM sqlite_schema WHERE type = 'trigger' "
               "AND name = 'messages_fts_insert'), (SELECT count(*) FROM search_backlog)"_s);
        if (!q.next())
            return u"cannot count: %1"_s.arg(q.lastError().text());
        if (q.value(0).toInt() != sessions || q.value(1).toInt() != 1 || q.value(2).toInt() != 0)
            return u"%1 sessions (expected %2), %3 insert triggers, %4 backlog ranges"_s.arg(q.value(0).toInt())
                .arg(sessions)
                .arg(q.value(1).toInt())
                .arg(q.value(2).toInt());
        q.finish();
        Result<QList<Session>> all = store.sessions().list();
        if (!all || all->isEmpty())
            return u"no session to write into"_s;
        const Message later = Message::create(all->constFirst().id, {}, Role::User, u"a later wombat question"_s);
        if (Status s = store.messages().insert(later); !s)
            return s.error().message;
        SearchQuery query;
        query.text = u"wombat"_s;
        Result<QList<SearchHit>> hits = store.search().search(query);
        if (!hits || hits->size() != 1)
            return u"a message written after the failed import is not searchable"_s;
        return {};
    }

    // Into a data folder with a conversation of the user's: the import (`path` as for
    // importThroughTheWriter) with the data row's fault on the WAL, where from then on only the
    // import writes. Returns "" or what is wrong: the fault never met the import, failed writes
    // reported as success, words that are not plain, the user's conversation not intact.
    QString importUnderTheFault(const QString &dir, const QString &path,
                                std::optional<Result<Exchange::ImportReport>> *report)
    {
        QFETCH(int, op);
        QFETCH(int, after);
        QFETCH(int, code);
        Promises promises;
        if (QString prepared = prepareTarget(dir, &promises); !prepared.isEmpty())
            return prepared;
        FaultVfs::inject(Fault(Op(op), File::Wal).skipping(after).withCode(code));
        *report = importThroughTheWriter(dir, path);
        FaultVfs::clearFault();
        const Result<Exchange::ImportReport> &r = report->value();
        if (FaultVfs::injected() == 0)
            return u"the fault never met the import"_s;
        if (op == int(Op::Write) && r)
            return u"an import whose writes failed reports success"_s;
        if (!r) {
            if (QString words = notPlainWords(r.error().message); !words.isEmpty())
                return words;
            if (code == SQLITE_FULL && !r.error().message.contains(u"disk is full"_s))
                return r.error().message;
        }
        return checkAfterFault(dir, promises);
    }

private Q_SLOTS:
    void initTestCase()
    {
        {
            QFile out(m_exportDir.filePath(u"conversations.json"_s));
            QVERIFY(out.open(QIODevice::WriteOnly));
            m_export = writeChatGptExport(&out, {30, 10, 200}, 7);
        }
        QVERIFY(FaultVfs::install());
        // The file: a few random sessions (branches, CJK, tool calls, summaries, memories).
        QTemporaryDir dir;
        auto opened = Store::open(dir.path());
        QVERIFY(opened);
        QRandomGenerator rng(13);
        for (int i = 0; i < 4; ++i) {
            const Exchange::SessionContent content = randomSession(rng, 40, false);
            QString error;
            QVERIFY2(writeContent(*opened.value(), content, &error), qPrintable(error));
            QHash<QString, Message> messages;
            for (const Message &m : content.messages)
                messages.insert(m.id, m);
            m_source.sessions.insert(content.session.id, messages);
        }
        Result<QByteArray> archive = Exchange::Exporter(*opened.value()).exportAll();
        QVERIFY(archive);
        m_source.archive = archive.value();
    }

    void init()
    {
        QCOMPARE(FaultVfs::openFiles(), 0);
        FaultVfs::reset();
    }

    void ioFaultDuringTheImport_data()
    {
        QTest::addColumn<int>("op");
        QTest::addColumn<int>("after");
        QTest::addColumn<int>("code");
        for (int after : {0, 10, 40, 120}) {
            QTest::addRow("write error after %d", after) << int(Op::Write) << after << SQLITE_IOERR_WRITE;
            QTest::addRow("disk full after %d", after) << int(Op::Write) << after << SQLITE_FULL;
        }
        QTest::addRow("fsync error at the commit") << int(Op::Sync) << 0 << SQLITE_IOERR_FSYNC;
    }

    // One failure anywhere fails the whole import, in plain words; the next try imports it all.
    void ioFaultDuringTheImport()
    {
        QFETCH(int, op);
        QTemporaryDir dir;
        std::optional<Result<Exchange::ImportReport>> report;
        QString problem = importUnderTheFault(dir.path(), {}, &report);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        const int present = importedSessions(dir.path(), &problem);
        QVERIFY2(present >= 0, qPrintable(problem));
        if (op == int(Op::Write))
            QCOMPARE(present, 0);
        // The disk works again: the same file imports completely.
        Result<Exchange::ImportReport> again = importThroughTheWriter(dir.path());
        QVERIFY2(again, qPrintable(errorOf(again)));
        QCOMPARE(importedSessions(dir.path(), &problem), int(m_source.sessions.size()));
    }

    // The same for another client's export, which the importer writes differently (no savepoint per
    // conversation, the search trigger dropped and made again inside the transaction, the
    // messages left to the search backlog): a fault leaves none of it and the schema as it was.
    void ioFaultDuringAForeignImport_data() { ioFaultDuringTheImport_data(); }

    void ioFaultDuringAForeignImport()
    {
        QTemporaryDir dir;
        const QString file = m_exportDir.filePath(u"conversations.json"_s);
        std::optional<Result<Exchange::ImportReport>> failed;
        QString problem = importUnderTheFault(dir.path(), file, &failed);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        const Result<Exchange::ImportReport> &report = failed.value();
        if (!report) {
            problem = afterAFailedForeignImport(dir.path(), 1);
            QVERIFY2(problem.isEmpty(), qPrintable(problem));
        }
        // The disk works again: the whole file imports, every message of it.
        Result<Exchange::ImportReport> again = importThroughTheWriter(dir.path(), file);
        QVERIFY2(again, qPrintable(errorOf(again)));
        QCOMPARE(again->newMessages(), report ? 0 : qsizetype(m_export.messages));
        FaultVfs::uninstall();
        auto opened = Store::open(dir.path());
        FaultVfs::install();
        QVERIFY(opened);
        QSqlQuery q(opened.value()->database().connection());
        QVERIFY(q.exec(u"SELECT (SELECT count(*) FROM sessions), (SELECT count(*) FROM messages), (SELECT count(*) "
                       "FROM sqlite_schema WHERE type = 'trigger' AND name = 'messages_fts_insert')"_s)
                && q.next());
        QCOMPARE(q.value(2).toInt(), 1); // made again after the import
        QCOMPARE(q.value(0).toInt(), 31);
        QCOMPARE(q.value(1).toLongLong(), m_export.messages + 6 + (report ? 0 : 1)); // and the wombat
    }

    void powerCutDuringTheImport_data()
    {
        QTest::addColumn<quint32>("seed");
        for (quint32 seed = 1; seed <= 8; ++seed)
            QTest::addRow("seed %u", seed) << seed;
    }

    void powerCutDuringTheImport()
    {
        QFETCH(quint32, seed);
        // How many writes and fsyncs an import takes, measured on a copy of the same folder.
        int operations = 0;
        {
            QTemporaryDir scratch;
            Promises ignored;
            QVERIFY(prepareTarget(scratch.path(), &ignored).isEmpty());
            const int before = FaultVfs::writesAndSyncs();
            QVERIFY(importThroughTheWriter(scratch.path()));
            operations = FaultVfs::writesAndSyncs() - before;
        }
        QTemporaryDir dir;
        Promises promises;
        QVERIFY(prepareTarget(dir.path(), &promises).isEmpty());
        QRandomGenerator rng(seed);
        const int moment = 1 + int(rng.bounded(quint32(operations + operations / 8)));
        FaultVfs::cutPowerAfter(moment);
        Result<Exchange::ImportReport> report = importThroughTheWriter(dir.path());
        const bool cut = FaultVfs::powerIsOff();
        FaultVfs::cutPower();
        QVERIFY(FaultVfs::restorePower());
        if (!report)
            QVERIFY2(notPlainWords(report.error().message).isEmpty(),
                     qPrintable(notPlainWords(report.error().message)));
        const QString context
            = u"cut at operation %1 of %2 (%3): "_s.arg(moment).arg(operations).arg(cut ? u"during"_s : u"after"_s);
        QString problem = checkAfterFault(dir.path(), promises);
        QVERIFY2(problem.isEmpty(), qPrintable(context + problem));
        const int present = importedSessions(dir.path(), &problem);
        QVERIFY2(present >= 0, qPrintable(context + problem));
        if (report) // reported imported: the user may delete the file now, so it must be on disk
            QCOMPARE(present, int(m_source.sessions.size()));
    }
};

SKEIN_CORE_TEST_MAIN(TestFaultsImport)

#include "tst_faults_import.moc"
