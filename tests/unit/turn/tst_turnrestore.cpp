// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// RESTORE (SPEC §2.6, §5.2, [S000 §10.3]) on hand-made crash states in a real SQLite file, plus the
// small pieces of the loop: result digests and the repeat guard.

#include "core/domain/ids.h"
#include "core/domain/runtimecheckpoint.h"
#include "engine/turn/recovery.h"
#include "engine/turn/repeatguard.h"
#include "engine/turn/resultdigest.h"
#include "engine/turn/sessionlock.h"
#include "storage/checkpointrepository.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"
#include "storage/toollogrepository.h"
#include "testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Skein;
using namespace Skein::Test;
using namespace Qt::StringLiterals;

namespace {

QJsonObject declared(const QString &id, const QString &name)
{
    return {{u"id"_s, id}, {u"name"_s, name}, {u"arguments"_s, u"{}"_s}};
}

struct Crash
{
    Session session;
    Message user;
    Message assistant;
    Message firstResult;
};

// user > assistant(3 calls) > result of c1; c2 was running, c3 queued; a checkpoint says so.
Crash crashMidTools(Store &store)
{
    Crash c;
    c.session = Session::create(u"crashed"_s);
    c.session.state = SessionState::WaitingTool;
    (void)store.sessions().create(c.session);
    c.user = Message::create(c.session.id, {}, Role::User, u"do three things"_s);
    c.assistant = Message::create(c.session.id, c.user.id, Role::Assistant, {});
    c.assistant.toolCalls
        = QJsonArray {declared(u"c1"_s, u"a"_s), declared(u"c2"_s, u"b"_s), declared(u"c3"_s, u"a"_s)};
    c.firstResult = Message::create(c.session.id, c.assistant.id, Role::Tool, u"one"_s);
    c.firstResult.toolCallId = u"c1"_s;
    c.firstResult.toolName = u"a"_s;
    (void)store.messages().insertBatch({c.user, c.assistant, c.firstResult});
    (void)store.sessions().setActiveLeaf(c.session.id, c.firstResult.id);
    ToolLogEntry done {u"c1"_s, c.session.id, c.assistant.id, u"a"_s, u"{}"_s, ToolStatus::Success, u"one"_s, {}, 0, 1,
                       2};
    ToolLogEntry running {u"c2"_s, c.session.id, c.assistant.id, u"b"_s, u"{}"_s, ToolStatus::Running, {}, {}, 0, 3, 0};
    (void)store.toolLog().save(done);
    (void)store.toolLog().save(running);
    RuntimeCheckpoint cp;
    cp.sessionId = c.session.id;
    cp.assistantMessageId = c.assistant.id;
    cp.completedCalls = QJsonArray {QJsonObject {{u"id"_s, u"c1"_s}}};
    cp.pendingCalls = QJsonArray {QJsonObject {{u"id"_s, u"c2"_s}, {u"phase"_s, u"running"_s}},
                                  QJsonObject {{u"id"_s, u"c3"_s}, {u"phase"_s, u"queued"_s}}};
    cp.iteration = 1;
    cp.updatedAt = Ids::nowMs();
    (void)store.checkpoints().save(cp);
    return c;
}

} // namespace

class TestTurnRestore final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void restoreClosesTheChainOnce()
    {
        QTemporaryDir dir;
        auto opened = Store::open(dir.path());
        QVERIFY(opened);
        Store &store = *opened.value();
        const Crash c = crashMidTools(store);

        const Result<Recovery::Report> report = Recovery::restore(store);
        QVERIFY(report);
        QCOMPARE(report->syntheticResults, 2);
        QCOMPARE(report->checkpointsCleared, 1);
        QCOMPARE(report->runsEnded, 1);
        QCOMPARE(report->toolLogRepaired, 1);
        QVERIFY(report->details.size() >= 3);

        const Session session = store.sessions().get(c.session.id).value();
        QCOMPARE(toString(session.state), u"failed"_s);
        QVERIFY(!store.checkpoints().get(c.session.id).value().has_value());
        const QList<Message> path = store.messages().path(session.activeLeafId).value();
        QCOMPARE(path.size(), 5);
        QCOMPARE(path[2].id, c.firstResult.id); // the completed result is kept
        QCOMPARE(path[3].toolCallId, u"c2"_s);
        QCOMPARE(path[4].toolCallId, u"c3"_s);
        QCOMPARE(path[4].content, Recovery::interruptedResult());
        QCOMPARE(toString(path[4].status), u"interrupted"_s);
        QCOMPARE(toString(store.toolLog().get(c.session.id, c.assistant.id, u"c2"_s)->status), u"failed"_s);
        QCOMPARE(toString(store.toolLog().get(c.session.id, c.assistant.id, u"c1"_s)->status), u"success"_s);

        // Running it again changes nothing: nothing is duplicated at the tail.
        const Result<Recovery::Report> again = Recovery::restore(store);
        QVERIFY(again);
        QCOMPARE(again->total(), 0);
        QCOMPARE(store.messages().countBySession(c.session.id).value(), 5);
    }

    // Killed after the reply declared its calls but before the checkpoint: the state says a run
    // was active, and the dangling calls are closed all the same.
    void restoreWithoutCheckpoint()
    {
        QTemporaryDir dir;
        auto opened = Store::open(dir.path());
        QVERIFY(opened);
        Store &store = *opened.value();
        Session s = Session::create(u"early"_s);
        s.state = SessionState::Active;
        QVERIFY(store.sessions().create(s));
        Message user = Message::create(s.id, {}, Role::User, u"hi"_s);
        Message reply = Message::create(s.id, user.id, Role::Assistant, u"Let me look."_s);
        reply.toolCalls = QJsonArray {declared(u"x1"_s, u"a"_s)};
        Message next = Message::create(s.id, {}, Role::Assistant, {});
        QVERIFY(store.messages().insertBatch({user, reply}));
        QVERIFY(store.sessions().setActiveLeaf(s.id, reply.id));
        Message generating = Message::create(s.id, user.id, Role::Assistant, u"partial"_s);
        generating.status = MessageStatus::Generating;
        QVERIFY(store.messages().insert(generating)); // a sibling still streaming when killed

        const Result<Recovery::Report> report = Recovery::restore(store);
        QVERIFY(report);
        QCOMPARE(report->interruptedMessages, 1);
        QCOMPARE(report->syntheticResults, 1);
        QCOMPARE(report->runsEnded, 1);
        QCOMPARE(toString(store.messages().get(generating.id)->status), u"interrupted"_s);
        QCOMPARE(store.messages().get(generating.id)->content, u"partial"_s);
        const QList<Message> path = store.messages().path(store.sessions().get(s.id)->activeLeafId).value();
        QCOMPARE(path.size(), 3);
        QCOMPARE(path[2].toolCallId, u"x1"_s);
        Q_UNUSED(next)
    }

    // A session another live process runs is left alone (its lock is held).
    void lockedSessionsAreSkipped()
    {
        QTemporaryDir dir;
        auto opened = Store::open(dir.path());
        QVERIFY(opened);
        Store &store = *opened.value();
        const Crash c = crashMidTools(store);
        const Result<Recovery::Report> report
            = Recovery::restore(store, [&](const QString &id) { return id == c.session.id; });
        QVERIFY(report);
        QCOMPARE(report->total(), 0);
        QVERIFY(store.checkpoints().get(c.session.id).value().has_value());

        // In this process a held lock is ours, not another process's.
        SessionLock lock(dir.path(), c.session.id);
        QVERIFY(lock.tryLock());
        QVERIFY(!SessionLock::isHeldElsewhere(dir.path(), c.session.id));
    }

    void digestKeepsSmallResults()
    {
        QVERIFY(ResultDigest::make(u"short result"_s).isEmpty());
        QString text;
        for (int i = 0; i < 3000; ++i)
            text += u"line %1 of a long log\n"_s.arg(i);
        const QString d = ResultDigest::make(text, 300);
        QVERIFY(!d.isEmpty());
        QVERIFY(ResultDigest::estimateTokens(d) <= 360);
        QVERIFY(d.contains(u"line 0 of"_s));
        QVERIFY(d.contains(u"line 2999 of"_s));
        QVERIFY(d.contains(u"characters cut"_s));
        QVERIFY(d.startsWith(u"[digest of a %1-character tool result"_s.arg(text.size())));
    }

    void digestCompressesJson()
    {
        QJsonArray items;
        for (int i = 0; i < 500; ++i)
            items.append(QJsonObject {{u"n"_s, i},
                                      {u"empty"_s, QJsonValue::Null},
                                      {u"text"_s, QString(800, QChar(char16_t(u'a' + i % 26)))}});
        const QString raw
            = QString::fromUtf8(QJsonDocument(QJsonObject {{u"items"_s, items}, {u"total"_s, 500}}).toJson());
        const QString d = ResultDigest::make(raw, 1200);
        QVERIFY(ResultDigest::estimateTokens(d) <= 1300);
        const QJsonObject parsed = QJsonDocument::fromJson(d.section(u'\n', 1).toUtf8()).object();
        QCOMPARE(parsed.value(u"total"_s).toInt(), 500);
        const QJsonArray kept = parsed.value(u"items"_s).toArray();
        QVERIFY(kept.size() < 30);
        QVERIFY(kept.at(kept.size() - 2).toString().contains(u"items cut"_s));
        QCOMPARE(kept.last().toObject().value(u"n"_s).toInt(), 499);
        QVERIFY(!kept.first().toObject().contains(u"empty"_s));
    }

    void repeatGuardSeesNearIdenticalCalls()
    {
        RepeatGuard guard;
        QCOMPARE(guard.record(u"search"_s, uR"({"q": "Weather  in Paris", "n": 3})"_s), 1);
        QCOMPARE(guard.record(u"search"_s, uR"({"n":3.0000001,"q":"weather in paris"})"_s), 2);
        QCOMPARE(guard.record(u"search"_s, uR"({"q":"weather in Berlin","n":3})"_s), 1);
        QCOMPARE(guard.record(u"other"_s, uR"({"q":"weather in paris","n":3})"_s), 1);
        QCOMPARE(guard.record(u"search"_s, uR"({"q":"weather in paris","n":3,"x":null})"_s), 3);
    }
};

SKEIN_CORE_TEST_MAIN(TestTurnRestore)
#include "tst_turnrestore.moc"
