// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// Faults while a reply streams to disk (docs/streaming.md): a real ModelCall, a scripted model on
// loopback HTTP, the storage writer thread, and the fault VFS under every connection. After each
// fault the user was told in plain words, the file passes integrity_check, every committed user
// message is there and no reply says complete with text missing.

#include "core/domain/session.h"
#include "engine/turn/modelcall.h"
#include "faultcheck.h"
#include "faultvfs.h"
#include "llm/providerclient.h"
#include "scriptedmodel.h"
#include "storage/asyncstore.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"
#include "testsupport.h"

#include <QNetworkAccessManager>
#include <QRandomGenerator>
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

constexpr int Wait = 20000;

QString replyText()
{
    QString text;
    for (int i = 0; i < 60; ++i)
        text += u"word%1 "_s.arg(i);
    return text + u"终わり。"_s;
}

struct Rig
{
    QTemporaryDir dir;
    std::unique_ptr<AsyncStore> store = std::make_unique<AsyncStore>();
    ReplayServer server;
    QNetworkAccessManager network;
    std::unique_ptr<ProviderClient> client;
    QString sessionId;
    Promises promises;
    int firstTurnOperations = 0; // writes and fsyncs of the first turn

    // A data folder with one finished turn (durable: its user message and final status are
    // written with synchronous=FULL), the AsyncStore open on it.
    QString open()
    {
        if (!dir.isValid() || !server.listen())
            return u"no temporary folder or server"_s;
        ScriptedReply reply;
        reply.text = replyText();
        server.route("POST", "/v1/chat/completions", {openAiReply(reply).chunked({128}, 4)});
        ProviderEndpoint endpoint
            = ProviderEndpoint::make(ProviderKind::OpenAiCompatible, server.url(u"/v1"_s), u"k"_s);
        endpoint.retry.maxRetries = 0;
        endpoint.transferTimeoutMs = 10000;
        client = std::make_unique<ProviderClient>(&network, endpoint);
        promises.streamedText = reply.text;
        if (QString error = openAndWait(*store, dir.path()); !error.isEmpty())
            return error;
        Session session = Session::create(u"faults"_s);
        session.model = u"m"_s;
        sessionId = session.id;
        bool created = false;
        store->write(
            &network, [session](Store &s) { return s.sessions().create(session); }, [&](Status s) { created = s.ok(); },
            Durability::Full);
        if (!QTest::qWaitFor([&] { return created; }, Wait))
            return u"cannot create the session"_s;
        auto first = turn();
        const int before = FaultVfs::writesAndSyncs();
        first->send(sessionId, u"first question"_s);
        if (!QTest::qWaitFor([&] { return first->isFinished(); }, Wait) || first->status() != MessageStatus::Complete)
            return u"the first turn did not complete: "_s + first->errorText();
        firstTurnOperations = FaultVfs::writesAndSyncs() - before;
        if (first->flushCount() < 10)
            return u"the reply needs more flushes for these tests: %1"_s.arg(first->flushCount());
        promises.messages.insert(first->userMessageId(), u"first question"_s);
        promises.messages.insert(first->assistantMessageId(), reply.text);
        return {};
    }

    std::unique_ptr<ModelCall> turn()
    {
        auto t = std::make_unique<ModelCall>(store.get(), client.get());
        t->setFlushInterval(10);
        return t;
    }

    // Sends the second question; `armed` runs when the assistant row exists (the user message is
    // committed), or when flush number atFlush was queued. Records the promises the turn made and
    // waits for its end.
    bool sendFaulted(ModelCall &t, const std::function<void()> &armed, int atFlush = 0)
    {
        QObject::connect(&t, &ModelCall::userMessageCommitted, &network,
                         [this](const QString &id) { promises.messages.insert(id, u"second question"_s); });
        if (armed && atFlush == 0)
            QObject::connect(&t, &ModelCall::assistantStarted, &network, armed);
        if (armed && atFlush > 0)
            QObject::connect(&t, &ModelCall::flushed, &network, [armed, atFlush](int n) {
                if (n == atFlush)
                    armed();
            });
        t.send(sessionId, u"second question"_s);
        if (!QTest::qWaitFor([&] { return t.isFinished(); }, Wait))
            return false;
        // A reply the turn called complete is a promise too (its status was written with FULL).
        if (t.status() == MessageStatus::Complete)
            promises.messages.insert(t.assistantMessageId(), promises.streamedText);
        return true;
    }

    // Closes every connection (queued writes run, and fail while the fault lasts).
    void close() { store.reset(); }
};

} // namespace

class TestFaultsStreaming final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY(FaultVfs::install()); }

    void init()
    {
        QCOMPARE(FaultVfs::openFiles(), 0);
        FaultVfs::reset();
    }

    void writeFaultDuringAFlush_data()
    {
        QTest::addColumn<int>("flush");
        QTest::addColumn<int>("times");
        QTest::addColumn<int>("code");
        for (int flush : {1, 3, 6}) {
            QTest::addRow("io once at flush %d", flush) << flush << 1 << SQLITE_IOERR_WRITE;
            QTest::addRow("io from flush %d on", flush) << flush << -1 << SQLITE_IOERR_WRITE;
            QTest::addRow("full from flush %d on", flush) << flush << -1 << SQLITE_FULL;
        }
    }

    // A flush lost to the disk ends the reply interrupted, saying why; what was saved before the
    // lost part stays, without a hole.
    void writeFaultDuringAFlush()
    {
        QFETCH(int, flush);
        QFETCH(int, times);
        QFETCH(int, code);
        Rig rig;
        const QString opened = rig.open();
        QVERIFY2(opened.isEmpty(), qPrintable(opened));
        auto t = rig.turn();
        QVERIFY(rig.sendFaulted(
            *t, [&] { FaultVfs::inject(Fault(Op::Write, File::Wal).failing(times).withCode(code)); }, flush));
        FaultVfs::clearFault();
        QVERIFY(FaultVfs::injected() > 0);
        QVERIFY2(t->status() == MessageStatus::Interrupted,
                 qPrintable(toString(t->status()) + u": "_s + t->errorText()));
        QVERIFY2(notPlainWords(t->errorText()).isEmpty(), qPrintable(notPlainWords(t->errorText())));
        if (code == SQLITE_FULL)
            QVERIFY2(t->errorText().contains(u"disk is full"_s), qPrintable(t->errorText()));
        QVERIFY(rig.promises.messages.contains(t->userMessageId()));
        const QString assistantId = t->assistantMessageId();
        t.reset();
        rig.close();
        const QString problem = checkAfterFault(rig.dir.path(), rig.promises);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        // The reply says why it stopped, in plain words, also after a restart.
        FaultVfs::uninstall();
        auto store = Store::open(rig.dir.path());
        FaultVfs::install();
        QVERIFY(store);
        const Message reply = store.value()->messages().get(assistantId).value();
        QCOMPARE(toString(reply.status), toString(MessageStatus::Interrupted));
        QVERIFY2(notPlainWords(reply.error).isEmpty(), qPrintable(notPlainWords(reply.error)));
    }

    // The final status write (the only FULL commit of a reply) cannot be fsynced: the turn must
    // not report `complete` for a reply whose status never reached the disk.
    void fsyncFaultOnTheFinalWrite()
    {
        Rig rig;
        const QString opened = rig.open();
        QVERIFY2(opened.isEmpty(), qPrintable(opened));
        auto t = rig.turn();
        QVERIFY(rig.sendFaulted(*t, [] { FaultVfs::inject(Fault(Op::Sync, File::Wal)); }));
        FaultVfs::clearFault();
        QCOMPARE(FaultVfs::injected(), 1);
        QVERIFY2(t->status() == MessageStatus::Interrupted,
                 qPrintable(toString(t->status()) + u": "_s + t->errorText()));
        QVERIFY2(notPlainWords(t->errorText()).isEmpty(), qPrintable(notPlainWords(t->errorText())));
        t.reset();
        rig.close();
        const QString problem = checkAfterFault(rig.dir.path(), rig.promises);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }

    // The user message itself cannot be written: nothing is sent, and the user is told.
    void writeFaultOnTheUserMessage()
    {
        Rig rig;
        const QString opened = rig.open();
        QVERIFY2(opened.isEmpty(), qPrintable(opened));
        const qsizetype requests = rig.server.requestCount();
        auto t = rig.turn();
        FaultVfs::inject(Fault(Op::Write, File::Wal).withCode(SQLITE_FULL));
        QVERIFY(rig.sendFaulted(*t, {}));
        FaultVfs::clearFault();
        QVERIFY(t->userMessageId().isEmpty());
        QCOMPARE(toString(t->status()), toString(MessageStatus::Failed));
        QVERIFY2(notPlainWords(t->errorText()).isEmpty(), qPrintable(notPlainWords(t->errorText())));
        QCOMPARE(rig.server.requestCount(), requests);
        t.reset();
        rig.close();
        const QString problem = checkAfterFault(rig.dir.path(), rig.promises);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }

    // The disk fails reads while the reply streams and the conversation is read (as the window
    // does): the reads fail in plain words, and the reply is still either whole or honest.
    void readFaultsWhileStreaming()
    {
        Rig rig;
        const QString opened = rig.open();
        QVERIFY2(opened.isEmpty(), qPrintable(opened));
        auto t = rig.turn();
        QStringList readErrors;
        int reads = 0;
        bool reading = false;
        QObject context;
        std::function<void()> readAgain = [&] {
            reading = true;
            rig.store->read<QList<Message>>(
                &context, [id = rig.sessionId](Store &s) { return s.messages().bySession(id); },
                [&](Result<QList<Message>> r) {
                    reading = false;
                    ++reads;
                    if (!r)
                        readErrors << r.error().message;
                    if (!t->isFinished())
                        readAgain();
                });
        };
        QVERIFY(rig.sendFaulted(*t, [&] {
            FaultVfs::inject(Fault(Op::Read));
            readAgain();
        }));
        QTRY_VERIFY(!reading);
        QVERIFY(reads > 0 && FaultVfs::injected() > 0);
        FaultVfs::clearFault();
        QVERIFY2(!readErrors.isEmpty(), "no read of the conversation met the fault");
        for (const QString &e : std::as_const(readErrors))
            QVERIFY2(notPlainWords(e).isEmpty(), qPrintable(notPlainWords(e)));
        if (t->status() != MessageStatus::Complete)
            QVERIFY2(notPlainWords(t->errorText()).isEmpty(), qPrintable(notPlainWords(t->errorText())));
        t.reset();
        rig.close();
        const QString problem = checkAfterFault(rig.dir.path(), rig.promises);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }

    // The disk fails reads during the start-up check (quick_check, on a connection of its own):
    // nobody vouched for the file, so writes are refused, and a send says so in plain words
    // without asking the model.
    void readFaultDuringTheStartupCheck()
    {
        Rig rig;
        const QString opened = rig.open();
        QVERIFY2(opened.isEmpty(), qPrintable(opened));
        rig.close();
        // Only the check's own thread (AsyncStore names it) meets the fault.
        FaultVfs::inject(Fault(Op::Read).onThread(u"skein-storage-check"_s));
        rig.store = std::make_unique<AsyncStore>();
        std::optional<QString> openError;
        std::optional<Status> checked;
        QObject context;
        rig.store->open(
            rig.dir.path(), {}, &context,
            [&](Result<AsyncStore::OpenReport> r) { openError = r ? QString() : r.error().message; },
            [&](Status s) { checked = s; });
        QTRY_VERIFY_WITH_TIMEOUT(checked.has_value(), Wait);
        FaultVfs::clearFault();
        QVERIFY2(openError && openError->isEmpty(), qPrintable(openError.value_or(u"no answer"_s)));
        QVERIFY(FaultVfs::injected() > 0);
        QVERIFY2(!*checked, "the check passed although every read of it failed");
        QVERIFY2(notPlainWords(checked->error().message).isEmpty(),
                 qPrintable(notPlainWords(checked->error().message)));
        const qsizetype requests = rig.server.requestCount();
        auto t = rig.turn();
        QVERIFY(rig.sendFaulted(*t, {}));
        QCOMPARE(toString(t->status()), toString(MessageStatus::Failed));
        QVERIFY2(notPlainWords(t->errorText()).isEmpty(), qPrintable(notPlainWords(t->errorText())));
        QCOMPARE(rig.server.requestCount(), requests);
        t.reset();
        rig.close();
        const QString problem = checkAfterFault(rig.dir.path(), rig.promises);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }

    void powerCutWhileStreaming_data()
    {
        QTest::addColumn<quint32>("seed");
        for (quint32 seed = 1; seed <= 12; ++seed)
            QTest::addRow("seed %u", seed) << seed;
    }

    // The power goes at a random write or fsync of the second turn (the user message commit,
    // a flush, the final status, or after the end); the disk keeps only what was fsynced.
    void powerCutWhileStreaming()
    {
        QFETCH(quint32, seed);
        Rig rig;
        const QString opened = rig.open();
        QVERIFY2(opened.isEmpty(), qPrintable(opened));
        // Anywhere in a turn's worth of operations, and a little after it.
        const int perTurn = qMax(4, rig.firstTurnOperations + rig.firstTurnOperations / 8);
        QRandomGenerator rng(seed);
        const int moment = 1 + int(rng.bounded(quint32(perTurn)));
        FaultVfs::cutPowerAfter(moment);
        auto t = rig.turn();
        QVERIFY(rig.sendFaulted(*t, {}));
        const bool cutDuringTheTurn = FaultVfs::powerIsOff();
        FaultVfs::cutPower(); // if the turn was faster: the power goes right after it
        if (cutDuringTheTurn) {
            if (t->userMessageId().isEmpty()) // the cut came before the user message was saved
                QCOMPARE(toString(t->status()), toString(MessageStatus::Failed));
            if (t->status() != MessageStatus::Complete)
                QVERIFY2(notPlainWords(t->errorText()).isEmpty(), qPrintable(notPlainWords(t->errorText())));
        }
        t.reset();
        rig.close();
        QVERIFY(FaultVfs::restorePower());
        const QString problem = checkAfterFault(rig.dir.path(), rig.promises);
        QVERIFY2(problem.isEmpty(), qPrintable(u"cut at operation %1 of ~%2: "_s.arg(moment).arg(perTurn) + problem));
    }
};

SKEIN_CORE_TEST_MAIN(TestFaultsStreaming)

#include "tst_faults_streaming.moc"
