// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// Start-up recovery on a real SQLite file, and the simple request builder ModelCall uses.

#include "core/domain/session.h"
#include "engine/context/contextsource.h"
#include "engine/turn/recovery.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"
#include "testsupport.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Skein;
using namespace Qt::StringLiterals;

class TestRecovery final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void generatingBecomesInterrupted()
    {
        QTemporaryDir dir;
        auto opened = Store::open(dir.path());
        QVERIFY(opened);
        Store &store = *opened.value();
        const Session session = Session::create(u"s"_s);
        QVERIFY(store.sessions().create(session).ok());
        const Message user = Message::create(session.id, {}, Role::User, u"hi"_s);
        Message cut = Message::create(session.id, user.id, Role::Assistant, u"half a repl"_s);
        cut.status = MessageStatus::Generating;
        Message done = Message::create(session.id, user.id, Role::Assistant, u"whole"_s);
        done.finishReason = u"stop"_s;
        QVERIFY(store.messages().insertBatch({user, cut, done}).ok());

        const Result<int> first = Recovery::interruptGenerating(store);
        QVERIFY(first);
        QCOMPARE(first.value(), 1);
        const Message after = store.messages().get(cut.id).value();
        QCOMPARE(toString(after.status), u"interrupted"_s);
        QCOMPARE(after.content, u"half a repl"_s);
        QVERIFY(!after.error.isEmpty());
        QVERIFY(after.completedAt > 0);
        const Message untouched = store.messages().get(done.id).value();
        QCOMPARE(toString(untouched.status), u"complete"_s);
        QVERIFY(untouched.error.isEmpty());
        QCOMPARE(Recovery::interruptGenerating(store).value(), 0);
    }

    void pathRequestSource()
    {
        Session session = Session::create(u"s"_s);
        session.systemPrompt = u"Be brief."_s;
        session.model = u"m1"_s;
        const Message user = Message::create(session.id, {}, Role::User, u"question"_s);
        Message failed = Message::create(session.id, user.id, Role::Assistant, {});
        failed.status = MessageStatus::Failed;
        Message call = Message::create(session.id, user.id, Role::Assistant, u"let me look"_s);
        call.reasoning = u"thinking"_s;
        call.toolCalls
            = QJsonArray {QJsonObject {{u"id"_s, u"c1"_s}, {u"name"_s, u"calc"_s}, {u"arguments"_s, u"{\"x\":1}"_s}}};
        Message result = Message::create(session.id, call.id, Role::Tool, u"2"_s);
        result.toolCallId = u"c1"_s;
        result.toolName = u"calc"_s;
        Message shown = Message::create(session.id, result.id, Role::User, u"raw"_s);
        shown.renderContent = u"rendered"_s;

        const ChatRequest r = WholePathSource().build(session, {user, failed, call, result, shown});
        QCOMPARE(r.systemPrompt, u"Be brief."_s);
        QCOMPARE(r.model, u"m1"_s);
        QCOMPARE(r.messages.size(), 4); // the empty failed reply is left out
        QCOMPARE(r.messages[0].content, u"question"_s);
        QVERIFY(r.messages[1].role == ChatMessage::Role::Assistant);
        QCOMPARE(r.messages[1].reasoning, u"thinking"_s);
        QCOMPARE(r.messages[1].toolCalls.size(), 1);
        QCOMPARE(r.messages[1].toolCalls[0].name, u"calc"_s);
        QCOMPARE(r.messages[1].toolCalls[0].argumentsJson, u"{\"x\":1}"_s);
        QVERIFY(r.messages[2].role == ChatMessage::Role::Tool);
        QCOMPARE(r.messages[2].toolCallId, u"c1"_s);
        QCOMPARE(r.messages[3].content, u"rendered"_s);
    }
};

SKEIN_CORE_TEST_MAIN(TestRecovery)
#include "tst_recovery.moc"
