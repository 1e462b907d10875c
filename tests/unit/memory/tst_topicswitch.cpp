// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// Topic switch (SPEC §4.11) against a scripted classifier on loopback HTTP, and the referencing
// session the offer creates.

#include "engine/memory/topicswitch.h"
#include "memoryfixture.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Skein;
using namespace Skein::Test;
using namespace Qt::StringLiterals;

class TestTopicSwitch final : public QObject
{
    Q_OBJECT

private:
    // A scripted classifier: unrelated when the new message mentions the weather while the
    // recent messages are about cooking.
    static void serve(MemoryFixture &f)
    {
        f.server.route("POST", "/v1/chat/completions", [](const RecordedRequest &r) -> ReplayResponse {
            if (askOf(r) != Ask::Topic)
                return openAiError(400, u"unexpected"_s, u"unexpected request"_s);
            const QJsonObject data = QJsonDocument::fromJson(dataText(r).toUtf8()).object();
            const QString text = data.value("new_message"_L1).toString();
            const QString recent = data.value("recent_messages"_L1).toVariant().toStringList().join(u' ');
            const bool unrelated = text.contains(u"weather"_s) && recent.contains(u"risotto"_s);
            if (text.contains(u"maybe"_s))
                return openAiText(uR"({"related": false, "confidence": 0.4})"_s);
            if (text.contains(u"garbled"_s))
                return openAiText(u"I think it is a new topic."_s);
            return openAiText(unrelated
                                  ? uR"(Sure: {"related": false, "confidence": 0.93, "title": "Weather in Oslo"})"_s
                                  : uR"({"related": true, "confidence": 0.9})"_s);
        });
    }

    static TopicDecision classify(TopicSwitchDetector &d, const QString &sessionId, const QString &text,
                                  const ModelRoute &route)
    {
        std::optional<TopicDecision> out;
        d.classify(sessionId, text, route, [&](const TopicDecision &decision) { out = decision; });
        if (!QTest::qWaitFor([&] { return out.has_value(); }, 20000))
            return {};
        return *out;
    }

private Q_SLOTS:
    void detectsAnUnrelatedMessageAndCaches()
    {
        MemoryFixture f;
        QVERIFY(f.open());
        serve(f);
        QStringList ids;
        const Session session
            = f.conversation({{u"How do I make a risotto?"_s, u"Toast the rice first."_s, {}, {}},
                              {u"How much stock for 300 g of risotto rice?"_s, u"About 1 litre."_s, {}, {}}},
                             &ids);
        TopicSwitchDetector detector(&f.store);

        const TopicDecision same = classify(detector, session.id, u"Can I use white wine in the risotto?"_s, f.route());
        QCOMPARE(same.verdict, TopicDecision::Verdict::SameTopic);
        QVERIFY(!same.offerNewSession());

        const TopicDecision other
            = classify(detector, session.id, u"What's the weather in Oslo tomorrow?"_s, f.route());
        QCOMPARE(other.verdict, TopicDecision::Verdict::NewTopic);
        QVERIFY(other.offerNewSession());
        QCOMPARE(other.suggestedTitle, u"Weather in Oslo"_s);
        QVERIFY(!other.cached);
        // The classifier saw the recent messages and the new one as data.
        QVERIFY(dataText(f.server.requests().last()).contains(u"300 g of risotto"_s));

        // Asked again for the same text: answered from the cache, no model call.
        const qsizetype calls = f.server.requestCount();
        const TopicDecision again
            = classify(detector, session.id, u"What's the weather in Oslo tomorrow?"_s, f.route());
        QVERIFY(again.cached);
        QCOMPARE(again.verdict, TopicDecision::Verdict::NewTopic);
        QCOMPARE(f.server.requestCount(), calls);

        // Low confidence or an unreadable reply offers nothing.
        QCOMPARE(classify(detector, session.id, u"maybe something else"_s, f.route()).verdict,
                 TopicDecision::Verdict::SameTopic);
        const TopicDecision garbled = classify(detector, session.id, u"garbled"_s, f.route());
        QCOMPARE(garbled.verdict, TopicDecision::Verdict::Unknown);
        QVERIFY(!garbled.error.isEmpty());
    }

    void shortSessionsNeedNoCheck()
    {
        MemoryFixture f;
        QVERIFY(f.open());
        serve(f);
        const Session session = f.conversation({{u"How do I make a risotto?"_s, u"Toast the rice."_s, {}, {}}});
        TopicSwitchDetector detector(&f.store);
        const TopicDecision d = classify(detector, session.id, u"What's the weather?"_s, f.route());
        QCOMPARE(d.verdict, TopicDecision::Verdict::SameTopic);
        QCOMPARE(f.server.requestCount(), 0);
    }

    void startsAReferencingSessionWithoutTheOldPath()
    {
        MemoryFixture f;
        QVERIFY(f.open());
        QStringList ids;
        Session session = f.conversation({{u"How do I make a risotto?"_s, u"Toast the rice first."_s, {}, {}}}, &ids);
        auto sync = f.sync();
        session.systemPrompt = u"Be brief."_s;
        session.model = u"chef-model"_s;
        session = sync->sessions().update(session).value();

        const Result<Session> fresh
            = TopicSwitch::startReferencingSession(*sync, session.id, ids.last(), u"Weather in Oslo"_s);
        QVERIFY(fresh);
        QCOMPARE(fresh->parentSessionId, session.id);
        QCOMPARE(fresh->entryMessageId, ids.last());
        QCOMPARE(fresh->model, u"chef-model"_s);
        QCOMPARE(fresh->systemPrompt, u"Be brief."_s);
        QVERIFY(fresh->activeLeafId.isEmpty()); // the old path does not follow
        const Session stored = sync->sessions().get(fresh->id).value();
        QCOMPARE(stored.parentSessionId, session.id);
        QCOMPARE(stored.title, u"Weather in Oslo"_s);
        // A first message in it is a root: its path holds nothing of the old session.
        Message first = Message::create(fresh->id, {}, Role::User, u"Weather in Oslo?"_s);
        QVERIFY(sync->messages().insert(first));
        QCOMPARE(sync->messages().path(first.id).value().size(), 1);

        QVERIFY(!TopicSwitch::startReferencingSession(*sync, session.id, u"no-such-message"_s, {}));
        QVERIFY(!TopicSwitch::startReferencingSession(*sync, u"no-such-session"_s, ids.last(), {}));
    }
};

SKEIN_CORE_TEST_MAIN(TestTopicSwitch)
#include "tst_topicswitch.moc"
