// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// The background housekeeping of the running app (MemoryHousekeeper): real SQLite behind an
// AsyncStore, providers stored like the Settings dialog stores them, API keys in an in-memory
// secret store, scripted models on loopback HTTP for the session's provider and the utility model.

#include "core/domain/ids.h"
#include "engine/memory/extraction.h"
#include "engine/memory/memoryhousekeeper.h"
#include "engine/memory/memorysettings.h"
#include "engine/providers/providerkinds.h"
#include "memoryfixture.h"
#include "secrets/memorysecretstore.h"
#include "storage/exchange/exporter.h"
#include "storage/exchange/importer.h"
#include "storage/memoryrepository.h"
#include "storage/providerrepository.h"
#include "storage/sessionrepository.h"
#include "storage/summaryrepository.h"
#include "testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QSqlQuery>
#include <QTest>

using namespace Skein;
using namespace Skein::Test;
using namespace Qt::StringLiterals;

namespace {

QList<TurnSpec> turns(int n, const QString &topic, int words = 0)
{
    QList<TurnSpec> out;
    const QString filler = words > 0 ? u" "_s + u"detail "_s.repeated(words) : QString();
    for (int i = 0; i < n; ++i)
        out.append({(i == 0 ? u"I prefer concise answers about %1."_s.arg(topic)
                            : u"More about %1, part %2."_s.arg(topic).arg(i))
                        + filler,
                    u"Here is part %1 about %2."_s.arg(i).arg(topic) + filler,
                    {},
                    {}});
    return out;
}

using Counts = QMap<Ask, int>;

ReplayResponse answer(const RecordedRequest &r, Counts *asked)
{
    const Ask ask = askOf(r);
    ++(*asked)[ask];
    switch (ask) {
    case Ask::Segment:
    case Ask::RollUp:
        return openAiText(u"Summary of the discussion."_s);
    case Ask::Extraction: {
        const QJsonObject data = QJsonDocument::fromJson(dataText(r).toUtf8()).object();
        QJsonArray decisions;
        for (const QJsonValue &m : data.value("user_messages"_L1).toArray()) {
            const QString words = m.toObject().value("own_words"_L1).toString();
            if (words.startsWith(u"I prefer concise"_s))
                decisions.append(
                    QJsonObject {{u"action"_s, u"add"_s},
                                 {u"type"_s, u"preference"_s},
                                 {u"content"_s, QString(u"The user prefers "_s + words.section(u'.', 0, 0).mid(9))},
                                 {u"source_message_id"_s, m.toObject().value("id"_L1)}});
        }
        return openAiText(QString::fromUtf8(QJsonDocument(QJsonObject {{u"decisions"_s, decisions}}).toJson()));
    }
    case Ask::Topic:
        return openAiText(u"{\"related\": false, \"confidence\": 0.9, \"title\": \"Baking bread\"}"_s);
    default:
        return openAiError(400, u"unexpected"_s, u"unexpected"_s);
    }
}

struct Rig
{
    MemoryFixture f;
    ReplayServer utility;
    MemorySecretStore secrets;
    Counts asked; // the session's provider
    Counts utilityAsked;
    bool utilityFails = false;
    std::unique_ptr<MemoryHousekeeper> keeper;

    bool open()
    {
        if (!f.open() || !utility.listen())
            return false;
        f.server.route("POST", "/v1/chat/completions", [this](const RecordedRequest &r) { return answer(r, &asked); });
        utility.route("POST", "/v1/chat/completions", [this](const RecordedRequest &r) -> ReplayResponse {
            if (utilityFails) {
                ++utilityAsked[Ask::Other];
                return openAiError(400, u"invalid_request_error"_s, u"model overloaded"_s);
            }
            return answer(r, &utilityAsked);
        });
        auto sync = f.sync();
        for (const auto &[id, server] : {std::pair {u"main"_s, &f.server}, std::pair {u"util"_s, &utility}}) {
            ProviderConfig p;
            p.id = id;
            p.name = id;
            p.kind = u"openai"_s;
            p.baseUrl = server->url(u"/v1"_s).toString();
            p.defaultModel = id + u"-default"_s;
            if (!sync->providers().save(p))
                return false;
            bool written = false;
            secrets.write(ProviderKinds::secretKey(id), u"sk-"_s + id, &secrets,
                          [&written](const SecretResult &) { written = true; });
            if (!QTest::qWaitFor([&] { return written; }, 5000))
                return false;
        }
        keeper = std::make_unique<MemoryHousekeeper>(&f.store, &f.network, &secrets);
        keeper->setRetryDelays(300, 5000);
        return true;
    }

    Session session(const QList<TurnSpec> &spec, QStringList *ids = nullptr, const QJsonObject &contextSettings = {})
    {
        Session s = f.conversation(spec, ids);
        s.providerId = u"main"_s;
        if (!contextSettings.isEmpty())
            s.contextSettings = contextSettings;
        auto sync = f.sync();
        return sync->sessions().update(s).value();
    }

    void settings(const std::function<void(MemorySettings &)> &change)
    {
        auto sync = f.sync();
        MemorySettings s = MemorySettings::load(sync->settings());
        change(s);
        QVERIFY(s.save(sync->settings()));
    }

    QList<Memory> memories(const QString &sessionId)
    {
        QList<Memory> out;
        const QList<Memory> all = f.sync()->memories().list({}).value();
        for (const Memory &m : all)
            if (m.sourceSessionId == sessionId)
                out.append(m);
        return out;
    }
};

void backdate(Store &store, const QString &sessionId, qint64 minutes)
{
    QSqlQuery &q = store.database().statement(u"UPDATE sessions SET updated_at = ? WHERE id = ?"_s);
    q.bindValue(0, Ids::nowMs() - minutes * 60'000);
    q.bindValue(1, sessionId);
    QVERIFY(store.database().exec(q));
}

} // namespace

class TestHousekeeper final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void extractsAfterBatchedTurns()
    {
        Rig rig;
        QVERIFY(rig.open());
        rig.settings([](MemorySettings &s) { s.extractAfterTurns = 2; });
        QStringList ids;
        const Session session = rig.session(turns(1, u"rust"_s), &ids);
        QSignalSpy handled(rig.keeper.get(), &MemoryHousekeeper::turnHandled);

        rig.keeper->turnCompleted(session.id, ids.last());
        QVERIFY(handled.wait(10000));
        QTest::qWait(200);
        QCOMPARE(rig.asked.value(Ask::Extraction), 0); // batched: not after one turn

        ids += rig.f.appendTurns(session.id, ids.last(), turns(1, u"rust"_s).mid(0, 1));
        rig.keeper->turnCompleted(session.id, ids.last());
        QTRY_COMPARE_WITH_TIMEOUT(rig.memories(session.id).size(), 1, 10000);
        QCOMPARE(rig.asked.value(Ask::Extraction), 1);
        QCOMPARE(rig.utilityAsked.value(Ask::Extraction), 0); // no utility model configured
        const QList<Memory> memories = rig.memories(session.id);
        QCOMPARE(toString(memories.first().status), toString(MemoryStatus::Pending)); // review required
        // The key came from the secret store.
        bool keyed = false;
        for (const RecordedRequest &r : rig.f.server.requests())
            keyed |= askOf(r) == Ask::Extraction && r.header("authorization") == "Bearer sk-main";
        QVERIFY(keyed);

        // Review off, every turn: new memories are active at once.
        rig.settings([](MemorySettings &s) {
            s.reviewRequired = false;
            s.extractAfterTurns = 1;
        });
        QStringList other;
        const Session second = rig.session(turns(1, u"go"_s), &other);
        rig.keeper->turnCompleted(second.id, other.last());
        QTRY_COMPARE_WITH_TIMEOUT(rig.memories(second.id).size(), 1, 10000);
        QCOMPARE(toString(rig.memories(second.id).first().status), toString(MemoryStatus::Active));

        // Auto-extract off: nothing is asked.
        rig.settings([](MemorySettings &s) { s.autoExtract = false; });
        const int before = rig.asked.value(Ask::Extraction);
        other += rig.f.appendTurns(second.id, other.last(), turns(1, u"go"_s));
        rig.keeper->turnCompleted(second.id, other.last());
        QVERIFY(handled.wait(10000));
        QTest::qWait(300);
        QCOMPARE(rig.asked.value(Ask::Extraction), before);
    }

    void consolidatesOverTheTriggerWithTheUtilityModel()
    {
        Rig rig;
        QVERIFY(rig.open());
        rig.settings([](MemorySettings &s) {
            s.utilityProviderId = u"util"_s;
            s.utilityModel = u"cheap-model"_s;
            s.extractAfterTurns = 100;
        });
        // A small window: 11 turns of ~120 words are far over 70% of its history share, while
        // fewer than 12 turns keep the turn trigger out of it.
        QStringList ids;
        const Session session = rig.session(turns(11, u"sql"_s, 60), &ids,
                                            QJsonObject {{u"window"_s, 4096}, {u"max_output_tokens"_s, 512}});
        QSignalSpy summaries(rig.keeper.get(), &MemoryHousekeeper::summariesChanged);
        rig.keeper->turnCompleted(session.id, ids.last());
        QVERIFY(summaries.wait(10000));
        QTRY_VERIFY_WITH_TIMEOUT(!rig.f.sync()->summaries().bySession(session.id).value().isEmpty(), 10000);
        QVERIFY(rig.utilityAsked.value(Ask::Segment) >= 1);
        QCOMPARE(rig.asked.value(Ask::Segment), 0); // the session's provider was not used
        bool model = false;
        for (const RecordedRequest &r : rig.utility.requests())
            model |= requestJson(r).value("model"_L1).toString() == "cheap-model"_L1;
        QVERIFY(model);

        // Under the trigger: a short session gets no summary.
        QStringList shortIds;
        const Session small = rig.session(turns(3, u"css"_s), &shortIds);
        QSignalSpy handled(rig.keeper.get(), &MemoryHousekeeper::turnHandled);
        rig.keeper->turnCompleted(small.id, shortIds.last());
        QVERIFY(handled.wait(10000));
        QTest::qWait(300);
        QVERIFY(rig.f.sync()->summaries().bySession(small.id).value().isEmpty());
    }

    void failingUtilityModelIsReportedAndRetried()
    {
        Rig rig;
        QVERIFY(rig.open());
        rig.settings([](MemorySettings &s) {
            s.utilityProviderId = u"util"_s;
            s.extractAfterTurns = 1;
        });
        rig.utilityFails = true;
        QStringList ids;
        const Session session = rig.session(turns(14, u"zig"_s), &ids); // > 12 turns: consolidation due
        QSignalSpy notices(rig.keeper.get(), &MemoryHousekeeper::notice);
        QSignalSpy handled(rig.keeper.get(), &MemoryHousekeeper::turnHandled);
        rig.keeper->turnCompleted(session.id, ids.last());
        QVERIFY(handled.wait(10000));
        QTRY_COMPARE_WITH_TIMEOUT(notices.size(), 2, 10000); // one for summaries, one for memories
        for (const QList<QVariant> &n : notices)
            QVERIFY(n.first().toString().contains(u"try again later"_s));
        QVERIFY(rig.f.sync()->summaries().bySession(session.id).value().isEmpty());
        QVERIFY(rig.memories(session.id).isEmpty());

        // Still failing: retried with backoff, but not reported again.
        QTRY_VERIFY_WITH_TIMEOUT(rig.utilityAsked.value(Ask::Other) >= 4, 10000);
        QCOMPARE(notices.size(), 2);

        // The model comes back: the retry succeeds without another turn.
        rig.utilityFails = false;
        QTRY_VERIFY_WITH_TIMEOUT(!rig.f.sync()->summaries().bySession(session.id).value().isEmpty(), 15000);
        QTRY_COMPARE_WITH_TIMEOUT(rig.memories(session.id).size(), 1, 15000);
        QTRY_COMPARE_WITH_TIMEOUT(notices.size(), 4, 5000);
        QVERIFY(notices.last().first().toString().contains(u"works again"_s));
        QCOMPARE(rig.asked.value(Ask::Segment) + rig.asked.value(Ask::Extraction), 0);
    }

    void idleCompactionSkipsRunsInFlight()
    {
        Rig rig;
        QVERIFY(rig.open());
        const Session idle = rig.session(turns(20, u"rust"_s));
        const Session running = rig.session(turns(20, u"go"_s));
        auto sync = rig.f.sync();
        backdate(*sync, idle.id, 20);
        backdate(*sync, running.id, 20);
        rig.keeper->runStarted(running.id);
        QSignalSpy finished(rig.keeper->compactor(), &IdleCompactor::checkFinished);
        rig.keeper->checkIdleNow();
        QVERIFY(finished.wait(20000));
        QCOMPARE(finished.first().first().toInt(), 1);
        QVERIFY(!sync->summaries().bySession(idle.id).value().isEmpty());
        QVERIFY(sync->summaries().bySession(running.id).value().isEmpty());

        rig.keeper->runFinished(running.id);
        rig.keeper->checkIdleNow();
        QVERIFY(finished.wait(20000));
        QVERIFY(!sync->summaries().bySession(running.id).value().isEmpty());
    }

    void suggestsATopicSwitchAfterATurn()
    {
        Rig rig;
        QVERIFY(rig.open());
        rig.settings([](MemorySettings &s) { s.extractAfterTurns = 100; });
        QStringList ids;
        const Session session = rig.session(turns(3, u"rust"_s), &ids);
        ids += rig.f.appendTurns(session.id, ids.last(),
                                 {{u"How long should sourdough rise?"_s, u"About 4 hours."_s, {}, {}}});
        QSignalSpy suggested(rig.keeper.get(), &MemoryHousekeeper::topicSwitchSuggested);
        rig.keeper->turnCompleted(session.id, ids.last());
        QVERIFY(suggested.wait(10000));
        QCOMPARE(suggested.first().at(0).toString(), session.id);
        QCOMPARE(suggested.first().at(1).toString(), ids.at(ids.size() - 2)); // the user message
        QCOMPARE(suggested.first().at(2).toString(), u"Baking bread"_s);
        // The check saw the conversation before the message, not the message among it.
        for (const RecordedRequest &r : rig.f.server.requests()) {
            if (askOf(r) != Ask::Topic)
                continue;
            const QJsonObject data = QJsonDocument::fromJson(dataText(r).toUtf8()).object();
            QCOMPARE(data.value("new_message"_L1).toString(), u"How long should sourdough rise?"_s);
            QVERIFY(!QJsonDocument(data.value("recent_messages"_L1).toArray()).toJson().contains("sourdough"));
        }

        // The same message again (a regenerated reply): not asked again, not offered again.
        QCOMPARE(rig.asked.value(Ask::Topic), 1);
        QSignalSpy handled(rig.keeper.get(), &MemoryHousekeeper::turnHandled);
        rig.keeper->turnCompleted(session.id, ids.last());
        QVERIFY(handled.wait(10000));
        QTest::qWait(200);
        QCOMPARE(rig.asked.value(Ask::Topic), 1);
        QCOMPARE(suggested.size(), 1);

        // Accepted: a new session that references the old one.
        bool done = false;
        Session fresh;
        QObject context;
        rig.keeper->startReferencingSession(session.id, ids.at(ids.size() - 3), u"Baking bread"_s, &context,
                                            [&](Result<Session> s) {
                                                QVERIFY(s.ok());
                                                fresh = s.value();
                                                done = true;
                                            });
        QTRY_VERIFY_WITH_TIMEOUT(done, 10000);
        const Session stored = rig.f.sync()->sessions().get(fresh.id).value();
        QCOMPARE(stored.parentSessionId, session.id);
        QCOMPARE(stored.entryMessageId, ids.at(ids.size() - 3));
        QCOMPARE(stored.providerId, u"main"_s);
    }

    // Issue #13 item 1: a hostile archive names its own server as the provider of its sessions.
    // Imported providers arrive disabled and marked for review, so no background work (which
    // carries the user's memories) reaches that server; and imported turns are not the user's
    // words here, so they never feed memory extraction, even through the user's own provider. On
    // f279e63 the attacker's server received the consolidation and extraction requests.
    void importedArchiveGetsNoBackgroundWork()
    {
        Rig rig;
        QVERIFY(rig.open());
        rig.settings([](MemorySettings &s) {
            s.extractAfterTurns = 1;
            s.reviewRequired = false;
        });
        {
            Memory secret;
            secret.id = Ids::create();
            secret.content = u"The user's home address is 12 Example Road."_s;
            secret.status = MemoryStatus::Active;
            secret.createdAt = secret.updatedAt = Ids::nowMs();
            QVERIFY(rig.f.sync()->memories().create(secret).ok());
        }
        MemoryFixture attacker;
        QVERIFY(attacker.open());
        Counts stolen;
        attacker.server.route("POST", "/v1/chat/completions",
                              [&stolen](const RecordedRequest &r) { return answer(r, &stolen); });
        QByteArray archive;
        QString hostileSession, ownProviderSession;
        {
            auto sync = attacker.sync();
            ProviderConfig evil;
            evil.id = u"evil"_s;
            evil.name = u"Helpful Cloud"_s;
            evil.kind = u"openai"_s;
            evil.baseUrl = attacker.server.url(u"/v1"_s).toString();
            evil.defaultModel = u"gpt-x"_s;
            evil.enabled = true;
            QVERIFY(sync->providers().save(evil).ok());
        }
        QStringList ids, ownIds;
        Session s = attacker.conversation(turns(14, u"taxes"_s, 60), &ids); // over both triggers
        s.providerId = u"evil"_s;
        QVERIFY(attacker.sync()->sessions().update(s).ok());
        hostileSession = s.id;
        Session own = attacker.conversation(turns(2, u"bread"_s), &ownIds);
        own.providerId = u"main"_s; // names the user's own provider
        QVERIFY(attacker.sync()->sessions().update(own).ok());
        ownProviderSession = own.id;
        archive = Exchange::Exporter(*attacker.sync()).exportAll().value();
        QVERIFY(archive.contains("\"enabled\": true"));

        Result<Exchange::ImportReport> report
            = Exchange::Importer(*rig.f.sync(), Extraction::importGuards()).importBytes(archive, u"gift.json"_s);
        QVERIFY2(report.ok(), qPrintable(report.ok() ? QString() : report.error().message));
        QCOMPARE(report->providersImported, 1);
        const ProviderConfig imported = rig.f.sync()->providers().get(u"evil"_s).value();
        QVERIFY(!imported.enabled);
        QVERIFY(imported.importedForReview);
        QVERIFY(report->describe().contains(u"disabled until you review"_s));

        QSignalSpy handled(rig.keeper.get(), &MemoryHousekeeper::turnHandled);
        rig.keeper->turnCompleted(hostileSession, ids.last());
        QVERIFY(handled.wait(10000));
        rig.keeper->turnCompleted(ownProviderSession, ownIds.last());
        QVERIFY(handled.wait(10000));
        rig.keeper->checkIdleNow();
        QTest::qWait(1500);
        QVERIFY2(attacker.server.requests().isEmpty(),
                 qPrintable(u"%1 requests reached the imported provider"_s.arg(attacker.server.requests().size())));
        QCOMPARE(rig.asked.value(Ask::Extraction), 0); // imported turns are not the user's words
        QVERIFY(rig.memories(ownProviderSession).isEmpty());

        // A turn the user then sends in that conversation is theirs: it is extracted as usual.
        rig.f.skipTime(60'000);
        ownIds += rig.f.appendTurns(ownProviderSession, ownIds.last(), turns(1, u"rye"_s));
        rig.keeper->turnCompleted(ownProviderSession, ownIds.last());
        QTRY_COMPARE_WITH_TIMEOUT(rig.asked.value(Ask::Extraction), 1, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(rig.memories(ownProviderSession).size(), 1, 10000);
    }
};

SKEIN_CORE_TEST_MAIN(TestHousekeeper)
#include "tst_housekeeper.moc"
