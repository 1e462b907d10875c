// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/conversation/compactmessages.h"
#include "engine/conversation/conversation.h"
#include "testsupport.h"

#include <QJsonObject>
#include <QSignalSpy>

using namespace Skein;
using namespace Qt::StringLiterals;

namespace {

// Every field of a Message set, none to its default.
Message everyField()
{
    Message m;
    m.id = u"m-1"_s;
    m.sessionId = u"s-1"_s;
    m.parentId = u"m-0"_s;
    m.role = Role::Assistant;
    m.content = u"Héllo 世界 🧵 **bold**\n\n```cpp\nint x;\n```"_s;
    m.renderContent = u"what the model was shown"_s;
    m.reasoning = u"thinking… 思考"_s;
    ReasoningBlock block;
    block.thinking = u"step one"_s;
    block.signature = u"sig=="_s;
    block.textOffset = 3;
    block.toolCallsBefore = 1;
    ReasoningBlock redacted;
    redacted.kind = ReasoningBlock::Kind::Redacted;
    redacted.data = u"opaque"_s;
    m.reasoningBlocks = {block, redacted};
    m.toolCalls = QJsonArray {QJsonObject {
        {u"id"_s, u"call-1"_s}, {u"name"_s, u"calculator"_s}, {u"arguments"_s, u"{\"expression\":\"1+1\"}"_s}}};
    m.toolCallId = u"call-0"_s;
    m.toolName = u"read_file"_s;
    m.status = MessageStatus::Interrupted;
    m.finishReason = u"length"_s;
    m.stopSequence = u"\n\nUser:"_s;
    m.error = u"The connection was closed."_s;
    m.providerId = u"local"_s;
    m.model = u"skein-test"_s;
    m.usage.promptTokens = 1234;
    m.usage.completionTokens = 0; // set, and zero: not the same as unknown
    m.usage.cachedTokens = 1LL << 40;
    m.usage.reasoningTokens = 7;
    m.tokenEstimate = 99;
    m.createdAt = 1'764'000'000'123;
    m.completedAt = 1'764'000'004'567;
    m.requestId = u"snapshot-9"_s;
    Attachment a;
    a.id = u"attachment-1"_s;
    a.messageId = m.id;
    a.name = u"chart.png"_s;
    a.mimeType = u"image/png"_s;
    a.kind = AttachmentKind::Image;
    a.size = 1234;
    a.sha256 = QString(64, u'a');
    a.width = 64;
    a.height = 32;
    m.attachments = {a};
    return m;
}

Message plain(const QString &id, const QString &parent, Role role, const QString &text, qint64 at)
{
    Message m;
    m.id = id;
    m.sessionId = u"s-1"_s;
    m.parentId = parent;
    m.role = role;
    m.content = text;
    m.createdAt = at;
    m.completedAt = at;
    m.model = u"skein-test"_s;
    return m;
}

} // namespace

class TestConversationDocument : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aPackedMessageComesBackWithEveryField()
    {
        CompactMessages packed;
        const Message m = everyField();
        packed.insert(m);
        QVERIFY(packed.contains(m.id));
        const std::optional<Message> back = packed.value(m.id);
        QVERIFY(back);
        QCOMPARE(back->reasoningBlocks, m.reasoningBlocks);
        QCOMPARE(back->toolCalls, m.toolCalls);
        QCOMPARE(back->usage, m.usage);
        QCOMPARE(*back, m);
    }

    void emptyFieldsStayEmptyAndUnknownCountsStayUnknown()
    {
        CompactMessages packed;
        Message m;
        m.id = u"bare"_s;
        packed.insert(m);
        const std::optional<Message> back = packed.value(u"bare"_s);
        QVERIFY(back);
        QCOMPARE(*back, m);
        QVERIFY(!back->usage.promptTokens.has_value());
        QVERIFY(!packed.value(u"missing"_s));
        QVERIFY(!packed.brief(u"missing"_s));
    }

    void textThatUtf8CannotCarryIsKeptAsItWas()
    {
        // A lone surrogate (a model cut a pair in half): UTF-8 would turn it into U+FFFD.
        CompactMessages packed;
        Message m = plain(u"a"_s, {}, Role::Assistant, u"half "_s + QChar(0xD83E) + u" pair"_s, 1);
        m.reasoning = QString(QChar(0xDC00));
        packed.insert(m);
        QCOMPARE(packed.value(u"a"_s)->content, m.content);
        QCOMPARE(packed.value(u"a"_s)->reasoning, m.reasoning);
    }

    void theBriefAnswersWithoutUnpacking()
    {
        CompactMessages packed;
        packed.insert(everyField());
        packed.insert(plain(u"u"_s, u"m-1"_s, Role::User, u"hi"_s, 2));
        const auto brief = packed.brief(u"m-1"_s);
        QVERIFY(brief);
        QCOMPARE(brief->sessionId, u"s-1"_s);
        QVERIFY(brief->role == Role::Assistant);
        QVERIFY(brief->status == MessageStatus::Interrupted);
        QCOMPARE(brief->tokenEstimate, 99);
        QVERIFY(brief->toolCalls);
        QVERIFY(!packed.brief(u"u"_s)->toolCalls);
        QCOMPARE(packed.withToolCalls(), QSet<QString> {u"m-1"_s});

        // Replaced without its calls, then removed: the set follows.
        Message again = everyField();
        again.toolCalls = {};
        again.toolCallId.clear();
        packed.insert(again);
        QVERIFY(packed.withToolCalls().isEmpty());
        packed.insert(everyField());
        QVERIFY(packed.remove(u"m-1"_s));
        QVERIFY(packed.withToolCalls().isEmpty());
        QCOMPARE(packed.size(), 1);
        packed.clear();
        QCOMPARE(packed.size(), 0);
    }

    void manyMessagesShareTheirRepeatedStrings()
    {
        CompactMessages packed;
        QList<Message> all;
        for (int i = 0; i < 500; ++i) {
            Message m = plain(u"id-%1"_s.arg(i), i ? u"id-%1"_s.arg(i - 1) : QString(),
                              i % 2 ? Role::Assistant : Role::User, u"message %1 "_s.arg(i).repeated(i % 7), i);
            m.providerId = u"provider-%1"_s.arg(i % 3);
            m.finishReason = i % 2 ? u"stop"_s : QString();
            all << m;
            packed.insert(m);
        }
        QCOMPARE(packed.size(), 500);
        for (const Message &m : std::as_const(all))
            QCOMPARE(*packed.value(m.id), m);
    }

    // The document keeps most messages packed and unpacks the ones that change: what it reports
    // must not depend on which form a message is in.
    void theDocumentChangesPackedMessagesLikeAnyOther()
    {
        Conversation doc(nullptr, u"s-1"_s);
        Session session;
        session.id = u"s-1"_s;
        QList<Message> messages {plain(u"1"_s, {}, Role::User, u"first"_s, 1),
                                 plain(u"2"_s, u"1"_s, Role::Assistant, u"reply"_s, 2)};
        Message call = plain(u"3"_s, u"2"_s, Role::Assistant, {}, 3);
        call.toolCalls = QJsonArray {QJsonObject {{u"id"_s, u"c-1"_s}, {u"name"_s, u"calculator"_s}}};
        messages << call;
        session.activeLeafId = u"3"_s;
        QVERIFY(doc.reset(session, messages));
        QCOMPARE(doc.messageCount(), 3);
        QCOMPARE(doc.message(u"2"_s), messages.at(1));
        QCOMPARE(doc.brief(u"3"_s)->toolCalls, true);

        QSignalSpy changed(&doc, &Conversation::messageChanged);
        doc.appendText(u"2"_s, u" and more"_s);
        QCOMPARE(doc.message(u"2"_s).content, u"reply and more"_s);
        QCOMPARE(changed.size(), 1);

        doc.setToolCallState(u"c-1"_s, ToolCallState {ToolCallState::Phase::Running, 40});
        QCOMPARE(changed.size(), 2);
        QCOMPARE(changed.last().first().toString(), u"3"_s);
        QCOMPARE(doc.toolCallStates(doc.message(u"3"_s)).value(u"c-1"_s).percent, 40);

        Message stored = messages.at(0);
        stored.content = u"the first, edited"_s;
        const quint64 epoch = doc.textEpoch(u"1"_s);
        doc.applyStored(stored);
        QCOMPARE(doc.message(u"1"_s).content, u"the first, edited"_s);
        QVERIFY(doc.textEpoch(u"1"_s) != epoch);
        QCOMPARE(doc.messageCount(), 3);

        doc.deleteBranch(u"2"_s);
        QCOMPARE(doc.messageCount(), 1);
        QVERIFY(!doc.contains(u"2"_s));
        QVERIFY(!doc.contains(u"3"_s));
        QVERIFY(!doc.find(u"3"_s));
        QCOMPARE(doc.activeLeaf(), u"1"_s);
    }
};

QTEST_GUILESS_MAIN(TestConversationDocument)
#include "tst_conversationdocument.moc"
