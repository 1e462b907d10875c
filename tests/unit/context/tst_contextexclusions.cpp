// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// "Re-run with this context" (SPEC §4.9): messages and memories the user left out stay out of the
// built request, tool chains stay valid for every provider, the current user message is always
// sent, and the snapshot records what was excluded.

#include "chainvalidator.h"
#include "core/domain/ids.h"
#include "engine/context/contextassembler.h"
#include "engine/context/contextengine.h"
#include "llm/wirerequest.h"
#include "testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Skein;
using namespace Skein::Test;
using namespace Qt::StringLiterals;

namespace {

QList<Message> conversation(const QString &sessionId, int turns)
{
    QList<Message> path;
    QString p;
    for (int t = 0; t < turns; ++t) {
        Message u = Message::create(sessionId, p, Role::User, u"question %1 about planet-%1"_s.arg(t));
        Message a = Message::create(sessionId, u.id, Role::Assistant, u"answer %1 about planet-%1"_s.arg(t));
        p = a.id;
        path << u << a;
    }
    return path;
}

// Appends assistant(tool call) → tool result → assistant text, below path's last message.
void appendToolTurn(QList<Message> &path, const QString &sessionId, const QString &callId, const QString &result)
{
    Message u = Message::create(sessionId, path.last().id, Role::User, u"use the tool"_s);
    Message a = Message::create(sessionId, u.id, Role::Assistant, QString());
    a.toolCalls = QJsonArray {QJsonObject {{u"id"_s, callId}, {u"name"_s, u"lookup"_s}, {u"arguments"_s, u"{}"_s}}};
    Message t = Message::create(sessionId, a.id, Role::Tool, result);
    t.toolCallId = callId;
    t.toolName = u"lookup"_s;
    Message reply = Message::create(sessionId, t.id, Role::Assistant, u"the tool said so"_s);
    path << u << a << t << reply;
}

Memory memory(const QString &content)
{
    Memory m;
    m.id = Ids::create();
    m.scope = MemoryScope::Global;
    m.type = MemoryType::Preference;
    m.content = content;
    m.status = MemoryStatus::Active;
    m.createdAt = m.updatedAt = Ids::nowMs();
    return m;
}

QString wholeText(const ChatRequest &r)
{
    return QString::fromUtf8(
        QJsonDocument(WireRequest::body(ProviderKind::OpenAiCompatible, r)).toJson(QJsonDocument::Compact));
}

Session chatSession()
{
    Session s = Session::create(u"s"_s);
    s.model = u"gpt-4o"_s;
    return s;
}

} // namespace

class TestContextExclusions final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void leavesOutMessagesAndMemories()
    {
        const Session session = chatSession();
        QList<Message> path = conversation(session.id, 5);
        path << Message::create(session.id, path.last().id, Role::User, u"current question"_s);
        const Memory kept = memory(u"The user likes tea"_s);
        const Memory dropped = memory(u"The user lives in Oslo"_s);

        ContextEngine source;
        auto plain = source.inputsFor(session, path);
        plain->memories = {kept, dropped};
        const AssembledContext before = ContextAssembler::assemble(session, *plain);
        QVERIFY(before.includedIds.contains(path.at(4).id));
        QVERIFY(wholeText(before.request).contains(u"Oslo"_s));
        QVERIFY(!before.snapshot.sectionTokens.contains(u"excluded_by_user"_s));

        ContextExclusions exclusions;
        exclusions.messageIds = {path.at(4).id}; // "question 2"
        exclusions.memoryIds = {dropped.id};
        source.setExclusions(exclusions);
        auto inputs = source.inputsFor(session, path);
        inputs->memories = {kept, dropped};
        const AssembledContext c = ContextAssembler::assemble(session, *inputs);
        const QString text = wholeText(c.request);
        QVERIFY(!c.includedIds.contains(path.at(4).id));
        QVERIFY(!c.snapshot.messageIds.contains(path.at(4).id));
        QVERIFY(c.excludedIds.contains(path.at(4).id));
        QCOMPARE(c.userExcludedIds, QStringList {path.at(4).id});
        QVERIFY(!text.contains(u"question 2 about"_s));
        QVERIFY(text.contains(u"answer 2 about"_s)); // only what was named goes
        QVERIFY(text.contains(u"question 3 about"_s));
        QVERIFY(!text.contains(u"Oslo"_s));
        QVERIFY(text.contains(u"tea"_s));
        QCOMPARE(c.snapshot.memoryIds, QStringList {kept.id});
        QCOMPARE(c.userExcludedMemoryIds, QStringList {dropped.id});
        const QJsonObject recorded = c.snapshot.sectionTokens.value(u"excluded_by_user"_s).toObject();
        QCOMPARE(recorded.value(u"messages"_s).toArray(), QJsonArray {path.at(4).id});
        QCOMPARE(recorded.value(u"memories"_s).toArray(), QJsonArray {dropped.id});
        for (const ProviderKind kind :
             {ProviderKind::OpenAiCompatible, ProviderKind::Anthropic, ProviderKind::OllamaNative})
            QCOMPARE(chainProblem(kind, WireRequest::body(kind, c.request)), QString());
        // Through build() as ModelCall uses it without storage.
        QVERIFY(!wholeText(source.build(session, path)).contains(u"question 2 about"_s));
    }

    void toolCallsAndResultsGoTogether()
    {
        const Session session = chatSession();
        QList<Message> path = conversation(session.id, 2);
        appendToolTurn(path, session.id, u"call_1"_s, u"RESULT-ALPHA"_s);
        appendToolTurn(path, session.id, u"call_2"_s, u"RESULT-BETA"_s);
        path << Message::create(session.id, path.last().id, Role::User, u"current question"_s);
        const Message &call = path.at(5); // first tool turn: 4 user, 5 call, 6 result, 7 reply
        const Message &result = path.at(6);
        QVERIFY(!call.toolCalls.isEmpty());
        QCOMPARE(result.toolCallId, u"call_1"_s);

        for (const QString &excluded : {call.id, result.id}) {
            ContextEngine source;
            source.setExclusions(ContextExclusions {{excluded}, {}, {}, {}});
            const AssembledContext c = ContextAssembler::assemble(session, *source.inputsFor(session, path));
            QVERIFY(!c.includedIds.contains(call.id));
            QVERIFY(!c.includedIds.contains(result.id));
            QCOMPARE(QSet<QString>(c.userExcludedIds.cbegin(), c.userExcludedIds.cend()),
                     (QSet<QString> {call.id, result.id}));
            const QString text = wholeText(c.request);
            QVERIFY(!text.contains(u"RESULT-ALPHA"_s));
            QVERIFY(!text.contains(u"call_1"_s));
            QVERIFY(text.contains(u"RESULT-BETA"_s)); // the other chain is untouched
            QVERIFY(!text.contains(u"interrupted before completion"_s)); // no synthetic results needed
            for (const ProviderKind kind :
                 {ProviderKind::OpenAiCompatible, ProviderKind::Anthropic, ProviderKind::OllamaNative})
                QCOMPARE(chainProblem(kind, WireRequest::body(kind, c.request)), QString());
        }

        // Every message but the current one excluded: still a valid request with that message.
        ContextExclusions all;
        for (const Message &m : std::as_const(path))
            all.messageIds.insert(m.id);
        ContextEngine source;
        source.setExclusions(all);
        const AssembledContext c = ContextAssembler::assemble(session, *source.inputsFor(session, path));
        QCOMPARE(c.includedIds, QStringList {path.last().id});
        for (const ProviderKind kind :
             {ProviderKind::OpenAiCompatible, ProviderKind::Anthropic, ProviderKind::OllamaNative})
            QCOMPARE(chainProblem(kind, WireRequest::body(kind, c.request)), QString());
    }

    void currentUserMessageIsNeverExcluded()
    {
        const Session session = chatSession();
        QList<Message> path = conversation(session.id, 3);
        path << Message::create(session.id, path.last().id, Role::User, u"the current question"_s);
        ContextEngine source;
        source.setExclusions(ContextExclusions {{path.last().id, path.at(0).id}, {}, {}, {}});
        const AssembledContext c = ContextAssembler::assemble(session, *source.inputsFor(session, path));
        QCOMPARE(c.includedIds.last(), path.last().id);
        QVERIFY(wholeText(c.request).contains(u"the current question"_s));
        QCOMPARE(c.userExcludedIds, QStringList {path.at(0).id});
    }

    void excludingTheSummarisedEndKeepsTheFloor()
    {
        const Session session = chatSession();
        QList<Message> path = conversation(session.id, 6);
        path << Message::create(session.id, path.last().id, Role::User, u"current question"_s);
        Summary s;
        s.id = Ids::create();
        s.sessionId = session.id;
        s.level = SummaryLevel::Session;
        s.firstMessageId = path.at(0).id;
        s.lastMessageId = path.at(3).id;
        s.content = u"Turns 0 and 1 were about planets."_s;
        s.createdAt = Ids::nowMs();
        ContextEngine source;
        source.setExclusions(ContextExclusions {{path.at(3).id}, {}, {}, {}});
        auto inputs = source.inputsFor(session, path);
        inputs->summaries = {s};
        const AssembledContext c = ContextAssembler::assemble(session, *inputs);
        QCOMPARE(c.summaries.size(), 1);
        // The summarised turns are not replayed although the span's last message was excluded.
        for (int i = 0; i < 4; ++i)
            QVERIFY2(!c.includedIds.contains(path.at(i).id), qPrintable(QString::number(i)));
        QCOMPARE(c.includedIds.first(), path.at(4).id);
    }
};

SKEIN_CORE_TEST_MAIN(TestContextExclusions)
#include "tst_contextexclusions.moc"
