// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// Idle compaction (SPEC §4.6) and the after-turn triggers: real sessions in SQLite (some made
// idle by back-dating updated_at), a scripted model on loopback HTTP for summaries and extraction.

#include "core/domain/ids.h"
#include "engine/memory/idlecompactor.h"
#include "engine/memory/memorysettings.h"
#include "memoryfixture.h"
#include "storage/database.h"
#include "storage/memoryrepository.h"
#include "storage/sessionrepository.h"
#include "storage/settingsrepository.h"
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

QList<TurnSpec> turns(int n, const QString &topic)
{
    QList<TurnSpec> out;
    for (int i = 0; i < n; ++i)
        out.append({i == 0 ? u"I prefer concise answers about %1."_s.arg(topic)
                           : u"More about %1, part %2."_s.arg(topic).arg(i),
                    u"Here is part %1 about %2."_s.arg(i).arg(topic),
                    {},
                    {}});
    return out;
}

void serve(MemoryFixture &f, QMap<Ask, int> *asked)
{
    f.server.route("POST", "/v1/chat/completions", [asked](const RecordedRequest &r) -> ReplayResponse {
        const Ask ask = askOf(r);
        ++(*asked)[ask];
        switch (ask) {
        case Ask::Segment:
        case Ask::RollUp:
            return openAiText(u"Summary of the discussion."_s);
        case Ask::Extraction: {
            const QJsonObject data = QJsonDocument::fromJson(dataText(r).toUtf8()).object();
            QJsonArray decisions;
            for (const QJsonValue &m : data.value("user_messages"_L1).toArray())
                if (m.toObject().value("own_words"_L1).toString().startsWith(u"I prefer concise"_s))
                    decisions.append(QJsonObject {{u"action"_s, u"add"_s},
                                                  {u"type"_s, u"preference"_s},
                                                  {u"content"_s, u"The user prefers concise answers"_s},
                                                  {u"source_message_id"_s, m.toObject().value("id"_L1)}});
            return openAiText(QString::fromUtf8(QJsonDocument(QJsonObject {{u"decisions"_s, decisions}}).toJson()));
        }
        default:
            return openAiError(400, u"unexpected"_s, u"unexpected"_s);
        }
    });
}

void backdate(Store &store, const QString &sessionId, qint64 minutes)
{
    QSqlQuery &q = store.database().statement(u"UPDATE sessions SET updated_at = ? WHERE id = ?"_s);
    q.bindValue(0, Ids::nowMs() - minutes * 60'000);
    q.bindValue(1, sessionId);
    QVERIFY(store.database().exec(q));
}

} // namespace

class TestIdleCompactor final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void compactsIdleSessionsOnly()
    {
        MemoryFixture f;
        QVERIFY(f.open());
        QMap<Ask, int> asked;
        serve(f, &asked);
        const Session idle = f.conversation(turns(25, u"rust"_s));
        const Session recent = f.conversation(turns(25, u"go"_s));
        const Session running = f.conversation(turns(25, u"zig"_s));
        const Session streaming = f.conversation(turns(25, u"nim"_s));
        const Session ancient = f.conversation(turns(25, u"cobol"_s));
        auto sync = f.sync();
        backdate(*sync, idle.id, 20);
        backdate(*sync, running.id, 20);
        QVERIFY(sync->sessions().setState(streaming.id, *sessionStateFromString(u"streaming"_s)));
        backdate(*sync, streaming.id, 20);
        backdate(*sync, ancient.id, 60 * 24 * 30); // beyond the horizon

        Consolidator consolidator(&f.store);
        MemoryExtractor extractor(&f.store);
        RunRegistry runs;
        runs.begin(running.id);
        IdleCompactor compactor(&f.store, &consolidator, &extractor);
        compactor.setRunRegistry(&runs);
        compactor.setRouteResolver([&f](const Session &) { return f.route(); });
        compactor.setShareResolver([](const Session &) { return qint64(100000); });
        QSignalSpy compacted(&compactor, &IdleCompactor::sessionCompacted);
        QSignalSpy finished(&compactor, &IdleCompactor::checkFinished);

        compactor.checkNow();
        QVERIFY(finished.wait(20000));
        QCOMPARE(finished.first().first().toInt(), 1);
        QCOMPARE(compacted.size(), 1);
        QCOMPARE(compacted.first().first().toString(), idle.id);

        // Everything but the last 8 turns was summarised (compact mode ignores the thresholds),
        // and extraction ran.
        const QList<Summary> summaries = sync->summaries().bySession(idle.id).value();
        QCOMPARE(summaries.size(), 3); // segments of 10 + 7 turns, one session summary
        QCOMPARE(asked.value(Ask::Extraction), 1);
        const QList<Memory> memories = sync->memories().list({}).value();
        QCOMPARE(memories.size(), 1);
        QCOMPARE(memories.first().sourceSessionId, idle.id);
        QCOMPARE(toString(memories.first().status), toString(MemoryStatus::Pending)); // review required by default
        for (const Session &s : {recent, running, streaming, ancient})
            QVERIFY(sync->summaries().bySession(s.id).value().isEmpty());

        // No new activity: nothing to do at the next check.
        const int calls = int(f.server.requestCount());
        compactor.checkNow();
        QVERIFY(finished.wait(20000));
        QCOMPARE(finished.last().first().toInt(), 0);
        QCOMPARE(int(f.server.requestCount()), calls);

        // The run ends and the session has been idle long enough: compacted at the next check.
        runs.end(running.id);
        compactor.checkNow();
        QVERIFY(finished.wait(20000));
        QCOMPARE(compacted.last().first().toString(), running.id);
    }

    void ttlComesFromTheSettings()
    {
        MemoryFixture f;
        QVERIFY(f.open());
        QMap<Ask, int> asked;
        serve(f, &asked);
        const Session session = f.conversation(turns(20, u"sql"_s));
        auto sync = f.sync();
        backdate(*sync, session.id, 20);
        MemorySettings settings;
        settings.idleTtlMs = 30 * 60'000;
        QVERIFY(settings.save(sync->settings()));
        Consolidator consolidator(&f.store);
        MemoryExtractor extractor(&f.store);
        IdleCompactor compactor(&f.store, &consolidator, &extractor);
        compactor.setRouteResolver([&f](const Session &) { return f.route(); });
        QSignalSpy finished(&compactor, &IdleCompactor::checkFinished);
        compactor.checkNow();
        QVERIFY(finished.wait(20000));
        QCOMPARE(finished.first().first().toInt(), 0); // idle 20 min < 30 min
        compactor.setTtl(10 * 60'000);
        compactor.checkNow();
        QVERIFY(finished.wait(20000));
        QCOMPARE(finished.last().first().toInt(), 1);
    }

    void afterTurnsConsolidatesAndExtractsInBatches()
    {
        MemoryFixture f;
        QVERIFY(f.open());
        QMap<Ask, int> asked;
        serve(f, &asked);
        const Session session = f.conversation(turns(14, u"css"_s)); // > 12 turns: consolidation due
        auto sync = f.sync();
        MemorySettings settings;
        settings.extractAfterTurns = 2;
        QVERIFY(settings.save(sync->settings()));
        Consolidator consolidator(&f.store);
        MemoryExtractor extractor(&f.store);
        IdleCompactor compactor(&f.store, &consolidator, &extractor);
        compactor.setRouteResolver([&f](const Session &) { return f.route(); });
        QSignalSpy consolidated(&consolidator, &Consolidator::finished);
        compactor.noteTurnCompleted(session.id);
        QVERIFY(consolidated.wait(20000));
        QCOMPARE(asked.value(Ask::Segment), 1);
        QCOMPARE(asked.value(Ask::Extraction), 0); // batched: not after one turn
        QSignalSpy extracted(&extractor, &MemoryExtractor::finished);
        compactor.noteTurnCompleted(session.id);
        QVERIFY(extracted.wait(20000));
        QCOMPARE(asked.value(Ask::Extraction), 1);
    }
};

SKEIN_CORE_TEST_MAIN(TestIdleCompactor)
#include "tst_idlecompactor.moc"
