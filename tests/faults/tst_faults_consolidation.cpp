// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// Faults during the background work after a turn (MemoryHousekeeper): consolidation writes
// segment summaries and a session summary, extraction writes memories, both through the storage
// writer while the fault VFS fails writes or cuts the power. The user hears of a failure once, in
// plain words; the conversation is never touched; the summaries left are consistent; the work
// succeeds on a later try once the disk works again.

#include "engine/memory/consolidator.h"
#include "engine/memory/memoryextractor.h"
#include "engine/memory/memoryhousekeeper.h"
#include "engine/memory/memorysettings.h"
#include "engine/providers/providerkinds.h"
#include "faultcheck.h"
#include "faultvfs.h"
#include "memoryfixture.h"
#include "secrets/memorysecretstore.h"
#include "storage/memoryrepository.h"
#include "storage/messagerepository.h"
#include "storage/providerrepository.h"
#include "storage/sessionrepository.h"
#include "storage/settingsrepository.h"
#include "storage/summaryrepository.h"
#include "testsupport.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QSignalSpy>
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

ReplayResponse answer(const RecordedRequest &r)
{
    switch (askOf(r)) {
    case Ask::Segment:
        return openAiText(u"Segment summary of the discussion."_s);
    case Ask::RollUp:
        return openAiText(u"Session summary of the discussion."_s);
    case Ask::Extraction: {
        const QJsonObject data = QJsonDocument::fromJson(dataText(r).toUtf8()).object();
        QJsonArray decisions;
        for (const QJsonValue &m : data.value("user_messages"_L1).toArray())
            if (m.toObject().value("own_words"_L1).toString().startsWith(u"I prefer"_s))
                decisions.append(QJsonObject {{u"action"_s, u"add"_s},
                                              {u"type"_s, u"preference"_s},
                                              {u"content"_s, u"The user prefers short answers."_s},
                                              {u"source_message_id"_s, m.toObject().value("id"_L1)}});
        return openAiText(QString::fromUtf8(QJsonDocument(QJsonObject {{u"decisions"_s, decisions}}).toJson()));
    }
    default:
        return openAiText(u"{\"related\": true, \"confidence\": 0.9, \"title\": \"\"}"_s);
    }
}

struct Rig
{
    MemoryFixture f;
    MemorySecretStore secrets;
    std::unique_ptr<MemoryHousekeeper> keeper;
    Session session;
    QString lastId;
    Promises promises;

    QString open()
    {
        f.dir.setAutoRemove(false); // outlives the rig: the check after a power cut reads it
        if (!f.open())
            return u"cannot open the fixture"_s;
        f.server.route("POST", "/v1/chat/completions", [](const RecordedRequest &r) { return answer(r); });
        {
            auto sync = f.sync();
            ProviderConfig p;
            p.id = u"main"_s;
            p.name = u"main"_s;
            p.kind = u"openai"_s;
            p.baseUrl = f.server.url(u"/v1"_s).toString();
            p.defaultModel = u"main-default"_s;
            if (!sync->providers().save(p))
                return u"cannot save the provider"_s;
            MemorySettings settings = MemorySettings::load(sync->settings());
            settings.extractAfterTurns = 1;
            settings.reviewRequired = true;
            if (!settings.save(sync->settings()))
                return u"cannot save the settings"_s;
        }
        bool written = false;
        secrets.write(ProviderKinds::secretKey(u"main"_s), u"sk-main"_s, &secrets,
                      [&written](const SecretResult &) { written = true; });
        if (!QTest::qWaitFor([&] { return written; }, 5000))
            return u"cannot store the key"_s;
        // 14 turns: over the 12-turn trigger, so consolidation is due after the next turn.
        QList<TurnSpec> spec;
        for (int i = 0; i < 14; ++i)
            spec.append({i == 0 ? u"I prefer short answers about sqlite."_s : u"More about sqlite, part %1."_s.arg(i),
                         u"Here is part %1 about sqlite, with some explanation around it."_s.arg(i),
                         {},
                         {}});
        QStringList ids;
        session = f.conversation(spec, &ids);
        session.providerId = u"main"_s;
        auto updated = f.sync()->sessions().update(session);
        if (!updated || ids.isEmpty())
            return u"cannot write the conversation"_s;
        session = updated.value();
        lastId = ids.last();
        const QList<Message> stored = f.sync()->messages().bySession(session.id).value();
        for (const Message &m : stored)
            promises.messages.insert(m.id, m.content);
        // The conversation was written by another connection with synchronous=NORMAL: one FULL
        // commit puts all of it on disk, as the app's FULL writes of each turn would have.
        bool synced = false;
        QObject context;
        f.store.write(
            &context, [](Store &s) { return s.settings().set(u"faults/synced"_s, u"1"_s); },
            [&](Status s) { synced = s.ok(); }, Durability::Full);
        if (!QTest::qWaitFor([&] { return synced; }, Wait))
            return u"cannot sync"_s;
        keeper = std::make_unique<MemoryHousekeeper>(&f.store, &f.network, &secrets);
        keeper->setRetryDelays(200, 2000);
        keeper->setTopicCheckEnabled(false);
        return {};
    }

    // Starts the after-turn work and waits until consolidation and extraction both ended.
    bool runOnce()
    {
        QSignalSpy consolidated(keeper->consolidator(), &Consolidator::finished);
        QSignalSpy extracted(keeper->extractor(), &MemoryExtractor::finished);
        keeper->turnCompleted(session.id, lastId);
        return QTest::qWaitFor([&] { return !consolidated.isEmpty() && !extracted.isEmpty(); }, Wait);
    }

    QString path() const { return f.dir.path(); }
};

// The summaries on disk are consistent: each covers messages of its session, and at most one
// session summary is current.
QString summariesProblem(const QString &dataDir, const QString &sessionId)
{
    FaultVfs::uninstall();
    auto opened = Store::open(dataDir);
    FaultVfs::install();
    if (!opened)
        return opened.error().message;
    Store &store = *opened.value();
    const QList<Summary> summaries = store.summaries().bySession(sessionId, true).value();
    int current = 0;
    for (const Summary &s : summaries) {
        for (const QString &id : {s.firstMessageId, s.lastMessageId}) {
            Result<Message> m = store.messages().get(id);
            if (!m || m->sessionId != sessionId)
                return u"summary %1 covers a message that is not there"_s.arg(s.id);
        }
        if (s.content.isEmpty())
            return u"summary %1 is empty"_s.arg(s.id);
        if (s.level == SummaryLevel::Session && s.supersededBy.isEmpty())
            ++current;
    }
    if (current > 1)
        return u"%1 current session summaries"_s.arg(current);
    return {};
}

} // namespace

class TestFaultsConsolidation final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY(FaultVfs::install()); }

    void init()
    {
        QCOMPARE(FaultVfs::openFiles(), 0);
        FaultVfs::reset();
    }

    void writeFaultDuringConsolidation_data()
    {
        QTest::addColumn<int>("code");
        QTest::addRow("write error") << SQLITE_IOERR_WRITE;
        QTest::addRow("disk full") << SQLITE_FULL;
    }

    void writeFaultDuringConsolidation()
    {
        QFETCH(int, code);
        auto rig = std::make_unique<Rig>();
        const QString opened = rig->open();
        QVERIFY2(opened.isEmpty(), qPrintable(opened));
        const QString dir = rig->path();
        QSignalSpy notices(rig->keeper.get(), &MemoryHousekeeper::notice);
        FaultVfs::inject(Fault(Op::Write, File::Wal).withCode(code));
        QVERIFY(rig->runOnce());
        QVERIFY(FaultVfs::injected() > 0);
        // One notice for the summaries and one for the memories, each in plain words.
        QTRY_COMPARE_WITH_TIMEOUT(notices.size(), 2, Wait);
        for (const QList<QVariant> &n : std::as_const(notices)) {
            const QString text = n.first().toString();
            QVERIFY2(notPlainWords(text).isEmpty(), qPrintable(notPlainWords(text)));
            if (code == SQLITE_FULL)
                QVERIFY2(text.contains(u"disk is full"_s), qPrintable(text));
        }
        QVERIFY(rig->f.sync()->summaries().bySession(rig->session.id).value().isEmpty());
        // The disk works again: the retries succeed and say so.
        FaultVfs::clearFault();
        QTRY_VERIFY_WITH_TIMEOUT(!rig->f.sync()->summaries().bySession(rig->session.id).value().isEmpty(), Wait);
        QTRY_COMPARE_WITH_TIMEOUT(notices.size(), 4, Wait);
        QVERIFY(notices.last().first().toString().contains(u"works again"_s));
        const QString sessionId = rig->session.id;
        const Promises promises = rig->promises;
        rig.reset();
        QString problem = checkAfterFault(dir, promises);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        problem = summariesProblem(dir, sessionId);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QDir(dir).removeRecursively();
    }

    void powerCutDuringConsolidation_data()
    {
        QTest::addColumn<quint32>("seed");
        for (quint32 seed = 1; seed <= 8; ++seed)
            QTest::addRow("seed %u", seed) << seed;
    }

    void powerCutDuringConsolidation()
    {
        QFETCH(quint32, seed);
        int operations = 0;
        {
            Rig dry;
            QVERIFY(dry.open().isEmpty());
            const int before = FaultVfs::writesAndSyncs();
            QVERIFY(dry.runOnce());
            operations = FaultVfs::writesAndSyncs() - before;
            QVERIFY(!dry.f.sync()->summaries().bySession(dry.session.id).value().isEmpty());
            QVERIFY(operations > 0);
            QDir(dry.path()).removeRecursively();
        }
        auto rig = std::make_unique<Rig>();
        QVERIFY(rig->open().isEmpty());
        const QString dir = rig->path();
        QSignalSpy notices(rig->keeper.get(), &MemoryHousekeeper::notice);
        QRandomGenerator rng(seed);
        const int moment = 1 + int(rng.bounded(quint32(operations)));
        FaultVfs::cutPowerAfter(moment);
        QVERIFY(rig->runOnce());
        QVERIFY(FaultVfs::powerIsOff());
        for (const QList<QVariant> &n : std::as_const(notices))
            QVERIFY2(notPlainWords(n.first().toString()).isEmpty(), qPrintable(notPlainWords(n.first().toString())));
        const QString sessionId = rig->session.id;
        const Promises promises = rig->promises;
        rig.reset();
        QVERIFY(FaultVfs::restorePower());
        const QString context = u"cut at operation %1 of %2: "_s.arg(moment).arg(operations);
        QString problem = checkAfterFault(dir, promises);
        QVERIFY2(problem.isEmpty(), qPrintable(context + problem));
        problem = summariesProblem(dir, sessionId);
        QVERIFY2(problem.isEmpty(), qPrintable(context + problem));
        QDir(dir).removeRecursively();
    }
};

SKEIN_CORE_TEST_MAIN(TestFaultsConsolidation)

#include "tst_faults_consolidation.moc"
