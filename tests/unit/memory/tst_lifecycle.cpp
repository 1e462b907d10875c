// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// The memory lifecycle (issue 17) through the real path: messages in SQLite, the MemoryExtractor
// asking a scripted model on loopback HTTP, decisions applied in one transaction. A fact that
// changed is superseded — the old memory ends when the user said the new one and both stay — and
// only memories that still hold reach a prompt. Paused memory learns nothing, not even later.

#include "core/domain/ids.h"
#include "engine/context/contextloader.h"
#include "engine/context/pathsummaries.h"
#include "engine/memory/extraction.h"
#include "engine/memory/memoryextractor.h"
#include "engine/memory/memoryops.h"
#include "engine/memory/memorysettings.h"
#include "memoryfixture.h"
#include "storage/memoryrepository.h"
#include "storage/messagerepository.h"
#include "storage/searchrepository.h"
#include "storage/sessionrepository.h"
#include "storage/settingsrepository.h"
#include "testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Skein;
using namespace Skein::Test;
using namespace Qt::StringLiterals;

namespace {

constexpr int Wait = 20000;

// The scripted extraction model: per user message id, the decisions to return.
class Script
{
public:
    QHash<QString, QJsonArray> decisions;
    int asked = 0;
    QJsonObject lastData;

    void install(ReplayServer &server)
    {
        server.route("POST", "/v1/chat/completions", [this](const RecordedRequest &r) -> ReplayResponse {
            if (askOf(r) != Ask::Extraction)
                return openAiError(400, u"unexpected"_s, u"unexpected request"_s);
            ++asked;
            lastData = QJsonDocument::fromJson(dataText(r).toUtf8()).object();
            QJsonArray out;
            for (const QJsonValue m : lastData.value("user_messages"_L1).toArray())
                for (const QJsonValue d : decisions.value(m.toObject().value("id"_L1).toString()))
                    out.append(d);
            if (out.isEmpty())
                out.append(QJsonObject {{u"action"_s, u"none"_s}});
            return openAiText(QString::fromUtf8(QJsonDocument(QJsonObject {{u"decisions"_s, out}}).toJson()));
        });
    }
};

QJsonObject supersede(const QString &id, const QString &content, const QString &source, const QString &reason)
{
    return {{u"action"_s, u"supersede"_s},
            {u"id"_s, id},
            {u"content"_s, content},
            {u"source_message_id"_s, source},
            {u"reason"_s, reason}};
}

} // namespace

class TestLifecycle final : public QObject
{
    Q_OBJECT

private:
    MemoryExtractor::Report extract(MemoryFixture &f, const QString &sessionId)
    {
        MemoryExtractor extractor(&f.store);
        std::optional<MemoryExtractor::Report> report;
        extractor.run(sessionId, f.route(), [&](const MemoryExtractor::Report &r) { report = r; });
        if (!QTest::qWaitFor([&] { return report.has_value(); }, Wait))
            return {};
        return *report;
    }

    void configure(MemoryFixture &f, bool review, bool paused = false)
    {
        auto s = f.sync();
        MemorySettings settings = MemorySettings::load(s->settings());
        settings.reviewRequired = review;
        settings.paused = paused;
        QVERIFY(settings.save(s->settings()));
    }

    // A memory the user had long before the conversation.
    Memory plant(MemoryFixture &f, const QString &content, MemoryStatus status = MemoryStatus::Active)
    {
        Memory m;
        m.id = Ids::create();
        m.content = content;
        m.status = status;
        m.createdAt = m.updatedAt = Ids::nowMs();
        m.validFrom = 1'600'000'000'000;
        m.reason = u"added by the user"_s;
        auto s = f.sync();
        if (!s->memories().create(m))
            return {};
        return m;
    }

    QList<Memory> current(MemoryFixture &f)
    {
        MemoryRepository::Filter filter;
        filter.status = MemoryStatus::Active;
        filter.currentOnly = true;
        filter.currentAt = Ids::nowMs();
        return f.sync()->memories().list(filter).value();
    }

private Q_SLOTS:
    void aChangedFactSupersedesTheOldOne()
    {
        MemoryFixture f;
        QVERIFY(f.open());
        configure(f, false);
        Script model;
        model.install(f.server);
        const Memory berlin = plant(f, u"The user lives in Berlin"_s);
        QStringList ids;
        const Session session
            = f.conversation({{u"We finally moved to Osaka in May!"_s, u"Congrats!"_s, {}, {}}}, &ids);
        model.decisions.insert(ids[0], {supersede(berlin.id, u"The user moved to Osaka"_s, ids[0], u"moved"_s)});

        const MemoryExtractor::Report report = extract(f, session.id);
        QVERIFY2(report.ok(), qPrintable(report.error));
        QCOMPARE(report.outcome.superseding.size(), 1);
        // The model saw the old memory with its date and the message with when it was said.
        const QJsonObject shown = model.lastData.value("existing_memories"_L1).toArray().first().toObject();
        QCOMPARE(shown.value("id"_L1).toString(), berlin.id);
        QVERIFY(shown.value("since"_L1).toString().startsWith(u"2020-09-13"_s));
        QVERIFY(!model.lastData.value("user_messages"_L1).toArray().first()[u"said_at"_s].toString().isEmpty());

        auto s = f.sync();
        const Message said = s->messages().get(ids[0]).value();
        const Memory osaka = s->memories().get(report.outcome.superseding.first().id).value();
        const Memory old = s->memories().get(berlin.id).value();
        QCOMPARE(osaka.content, u"The user moved to Osaka"_s);
        QCOMPARE(osaka.supersedes, berlin.id);
        QCOMPARE(osaka.reason, u"moved"_s);
        QCOMPARE(osaka.validFrom, said.createdAt); // event time, not extraction time
        QCOMPARE(osaka.sourceMessageId, ids[0]);
        QCOMPARE(toString(old.status), toString(MemoryStatus::Active)); // kept, not deleted or disabled
        QCOMPARE(old.content, u"The user lives in Berlin"_s); // not overwritten
        QCOMPARE(old.validTo, said.createdAt);
        QCOMPARE(old.supersededBy, osaka.id);
        QVERIFY(!old.isCurrent(Ids::nowMs()));

        const QList<Memory> now = current(f);
        QCOMPARE(now.size(), 1);
        QCOMPARE(now.first().id, osaka.id);
        const QList<Memory> lineage = s->memories().lineage(berlin.id).value();
        QCOMPARE(lineage.size(), 2);
        QCOMPARE(lineage.last().id, osaka.id);

        // The next batch shows the model only what holds.
        QStringList more = f.appendTurns(session.id, ids.last(), {{u"The weather is nice."_s, u"Yes."_s, {}, {}}});
        QVERIFY(extract(f, session.id).ok());
        const QJsonArray existing = model.lastData.value("existing_memories"_L1).toArray();
        QCOMPARE(existing.size(), 1);
        QCOMPARE(existing.first()[u"id"_s].toString(), osaka.id);
    }

    // Two changes of one fact in one batch: the second supersedes the first, not the original.
    void twoChangesInOneBatchKeepTheLatest()
    {
        MemoryFixture f;
        QVERIFY(f.open());
        configure(f, false);
        Script model;
        model.install(f.server);
        const Memory job = plant(f, u"The user works as a nurse"_s);
        QStringList ids;
        const Session session
            = f.conversation({{u"I work as a paramedic now."_s, u"Great."_s, {}, {}},
                              {u"Actually I switched again, now I teach first aid."_s, u"Ok."_s, {}, {}}},
                             &ids);
        model.decisions.insert(ids[0], {supersede(job.id, u"The user works as a paramedic"_s, ids[0], u"new job"_s)});
        model.decisions.insert(ids[2], {supersede(job.id, u"The user teaches first aid"_s, ids[2], u"switched"_s)});
        const MemoryExtractor::Report report = extract(f, session.id);
        QVERIFY2(report.ok(), qPrintable(report.error));
        QCOMPARE(report.outcome.superseding.size(), 2);
        const QList<Memory> now = current(f);
        QCOMPARE(now.size(), 1);
        QCOMPARE(now.first().content, u"The user teaches first aid"_s);
        const QList<Memory> lineage = f.sync()->memories().lineage(job.id).value();
        QCOMPARE(lineage.size(), 3);
        QCOMPARE(lineage.at(1).content, u"The user works as a paramedic"_s);
        QCOMPARE(lineage.at(1).validTo, lineage.at(2).validFrom);
    }

    // With review on, the successor waits in the inbox and the old fact holds until the user
    // accepts; rejecting leaves it alone. Two pending successors: the later-said one wins.
    void aPendingSuccessorWaitsForTheUser()
    {
        MemoryFixture f;
        QVERIFY(f.open());
        configure(f, true);
        Script model;
        model.install(f.server);
        const Memory tea = plant(f, u"The user drinks tea in the morning"_s);
        QStringList ids;
        const Session session = f.conversation(
            {{u"I switched to coffee."_s, u"Ok."_s, {}, {}}, {u"Now it's matcha every morning."_s, u"Nice."_s, {}, {}}},
            &ids);
        model.decisions.insert(ids[0], {supersede(tea.id, u"The user drinks coffee in the morning"_s, ids[0], u"a"_s)});
        model.decisions.insert(ids[2], {supersede(tea.id, u"The user drinks matcha in the morning"_s, ids[2], u"b"_s)});
        const MemoryExtractor::Report report = extract(f, session.id);
        QVERIFY2(report.ok(), qPrintable(report.error));
        QCOMPARE(report.outcome.superseding.size(), 2);
        QCOMPARE(current(f).size(), 1);
        QCOMPARE(current(f).first().id, tea.id); // nothing changed before the user's word
        const QString coffee = report.outcome.superseding.at(0).id;
        const QString matcha = report.outcome.superseding.at(1).id;

        auto s = f.sync();
        QVERIFY(MemoryOps::accept(*s, matcha));
        QCOMPARE(current(f).size(), 1);
        QCOMPARE(current(f).first().id, matcha);
        QVERIFY(MemoryOps::accept(*s, coffee)); // said before matcha: ends at once
        QCOMPARE(current(f).size(), 1);
        QCOMPARE(current(f).first().id, matcha);
        QCOMPARE(s->memories().get(coffee)->supersededBy, matcha);

        // Rejecting a successor leaves the fact it would have replaced.
        const Memory city = plant(f, u"The user lives in Porto"_s);
        QStringList more
            = f.appendTurns(session.id, ids.last(), {{u"Thinking of moving to Lisbon."_s, u"Ok."_s, {}, {}}});
        model.decisions.insert(more[0], {supersede(city.id, u"The user lives in Lisbon"_s, more[0], u"moving"_s)});
        const MemoryExtractor::Report second = extract(f, session.id);
        QCOMPARE(second.outcome.superseding.size(), 1);
        QVERIFY(MemoryOps::reject(*s, second.outcome.superseding.first().id));
        QVERIFY(s->memories().get(city.id)->isCurrent(Ids::nowMs()));
    }

    // "none" with an id confirms a memory; an update keeps the earlier text with its reason.
    void confirmationsAndReasonsAreKept()
    {
        MemoryFixture f;
        QVERIFY(f.open());
        configure(f, false);
        Script model;
        model.install(f.server);
        const Memory lang = plant(f, u"The user writes Rust"_s);
        const Memory editor = plant(f, u"The user uses Vim"_s);
        QStringList ids;
        const Session session = f.conversation({{u"Rust again today, as always."_s, u"Ok."_s, {}, {}},
                                                {u"I use Neovim with LSP, to be precise."_s, u"Ok."_s, {}, {}}},
                                               &ids);
        model.decisions.insert(ids[0], {QJsonObject {{u"action"_s, u"none"_s}, {u"id"_s, lang.id}}});
        model.decisions.insert(ids[2],
                               {QJsonObject {{u"action"_s, u"update"_s},
                                             {u"id"_s, editor.id},
                                             {u"content"_s, u"The user uses Neovim with LSP"_s},
                                             {u"source_message_id"_s, ids[2]},
                                             {u"reason"_s, u"more precise"_s}}});
        const MemoryExtractor::Report report = extract(f, session.id);
        QVERIFY2(report.ok(), qPrintable(report.error));
        QCOMPARE(report.outcome.confirmed, QStringList {lang.id});
        auto s = f.sync();
        QCOMPARE(s->memories().get(lang.id)->confirmCount, 1);
        QVERIFY(s->memories().get(lang.id)->confirmedAt > 0);
        const Memory updated = s->memories().get(editor.id).value();
        QCOMPARE(updated.reason, u"more precise"_s);
        QCOMPARE(updated.validFrom, s->messages().get(ids[2])->createdAt);
        const QList<MemoryVersion> versions = s->memories().versions(editor.id).value();
        QCOMPARE(versions.size(), 1);
        QCOMPARE(versions.first().content, u"The user uses Vim"_s);
        QCOMPARE(versions.first().reason, u"added by the user"_s);
        QCOMPARE(versions.first().validFrom, qint64(1'600'000'000'000));
    }

    // A successor learned on a branch replaces the old fact on that branch's paths only.
    void aBranchSuccessorReplacesOnlyOnItsPaths()
    {
        Memory global;
        global.id = u"g"_s;
        global.content = u"The user lives in Berlin"_s;
        global.status = MemoryStatus::Active;
        Memory branch = global;
        branch.id = u"b"_s;
        branch.content = u"The user lives in Osaka"_s;
        branch.scope = MemoryScope::Branch;
        branch.sessionId = u"s"_s;
        branch.anchorMessageId = u"m2"_s;
        branch.supersedes = global.id;
        Message m1 = Message::create(u"s"_s, {}, Role::User, u"a"_s);
        m1.id = u"m1"_s;
        Message m2 = Message::create(u"s"_s, u"m1"_s, Role::User, u"b"_s);
        m2.id = u"m2"_s;
        const QList<Memory> onBranch = memoriesForPath({global, branch}, u"s"_s, PathIndex::fromPath({m1, m2}));
        QCOMPARE(onBranch.size(), 1);
        QCOMPARE(onBranch.first().id, branch.id);
        const QList<Memory> elsewhere = memoriesForPath({global, branch}, u"s"_s, PathIndex::fromPath({m1}));
        QCOMPARE(elsewhere.size(), 1);
        QCOMPARE(elsewhere.first().id, global.id);
        // An end date in the past takes a memory out; one ahead does not.
        global.validTo = Ids::nowMs() - 1000;
        QVERIFY(memoriesForPath({global}, u"s"_s, PathIndex::fromPath({m1})).isEmpty());
        global.validTo = Ids::nowMs() + 3'600'000;
        QCOMPARE(memoriesForPath({global}, u"s"_s, PathIndex::fromPath({m1})).size(), 1);
    }

    // An incognito conversation: never learned from, no memories and no recall in its requests,
    // and nothing of it found from elsewhere.
    void incognitoIsNeverLearnedFromOrRecalled()
    {
        MemoryFixture f;
        QVERIFY(f.open());
        configure(f, false);
        Script model;
        model.install(f.server);
        plant(f, u"The user's name is Ada"_s);
        QList<TurnSpec> turns {{u"My locker code is 4417, remember it."_s, u"Ok."_s, {}, {}}};
        for (int i = 0; i < 80; ++i)
            turns.append({u"Filler message number %1 about nothing."_s.arg(i), u"Sure."_s, {}, {}});
        QStringList ids;
        Session session = f.conversation(turns, &ids);
        model.decisions.insert(ids[0],
                               {QJsonObject {{u"action"_s, u"add"_s},
                                             {u"content"_s, u"The user's locker code is 4417"_s},
                                             {u"source_message_id"_s, ids[0]}}});
        auto s = f.sync();
        QVERIFY(s->sessions().setIncognito(session.id, Session::Incognito::Kept));
        session = s->sessions().get(session.id).value();
        QVERIFY(session.isIncognito());

        const MemoryExtractor::Report report = extract(f, session.id);
        QVERIFY(report.skipped);
        QCOMPARE(model.asked, 0);

        ContextLoader::Options options;
        options.draft = u"What is my locker code?"_s;
        options.window = 2048;
        const auto loaded = ContextLoader::load(*s, session, session.activeLeafId, options);
        QVERIFY(loaded);
        QVERIFY(loaded.value()->memories.isEmpty());
        QVERIFY(loaded.value()->recall.isEmpty());
        // The same conversation, not incognito: memory and recall are there.
        Session normal = session;
        normal.incognito = Session::Incognito::Off;
        const auto open = ContextLoader::load(*s, normal, normal.activeLeafId, options);
        QVERIFY(open);
        QCOMPARE(open.value()->memories.size(), 1);
        QVERIFY(!open.value()->recall.isEmpty());

        // Search: from inside it yes, from everywhere else no.
        SearchQuery everywhere;
        everywhere.text = u"locker"_s;
        QVERIFY(s->search().search(everywhere).value().isEmpty());
        SearchQuery inside = everywhere;
        inside.sessionId = session.id;
        QCOMPARE(s->search().search(inside).value().size(), 1);
        QVERIFY(s->search().ranked({u"locker"_s}, {}, 10).value().isEmpty());
        QCOMPARE(s->search().ranked({u"locker"_s}, session.id, 10).value().size(), 1);
    }

    // The cap on active memories proposes the least used for archiving, never deletes; keeping
    // one clears its proposal, archiving disables it.
    void theCapProposesTheLeastUsedForArchiving()
    {
        MemoryFixture f;
        QVERIFY(f.open());
        auto s = f.sync();
        MemorySettings settings = MemorySettings::load(s->settings());
        settings.activeCap = 10;
        QVERIFY(settings.save(s->settings()));
        QStringList ids;
        for (int i = 0; i < 13; ++i) {
            Memory m;
            m.id = u"m%1"_s.arg(QString::number(i).rightJustified(2, u'0'));
            m.content = u"Fact number %1"_s.arg(i);
            m.status = MemoryStatus::Active;
            m.createdAt = m.updatedAt = m.validFrom = 1'600'000'000'000 + i;
            m.lastUsedAt = i < 5 ? 0 : 1'700'000'000'000 + i; // m00..m04 never used
            QVERIFY(s->memories().create(m));
            ids << m.id;
        }
        QVERIFY(s->memories().confirm({u"m00"_s}, 1'750'000'000'000)); // confirmed lately
        QCOMPARE(s->memories().proposeArchiving(10, Ids::nowMs()).value(), 3);
        QStringList proposed;
        const QList<Memory> all = s->memories().list({}).value();
        for (const Memory &m : all)
            if (m.archiveProposedAt > 0)
                proposed << m.id;
        proposed.sort();
        QCOMPARE(proposed, (QStringList {u"m01"_s, u"m02"_s, u"m03"_s}));
        QCOMPARE(s->memories().proposeArchiving(10, Ids::nowMs()).value(), 0); // already proposed

        QVERIFY(MemoryOps::keep(*s, u"m01"_s));
        QCOMPARE(s->memories().get(u"m01"_s)->archiveProposedAt, 0);
        QVERIFY(MemoryOps::disable(*s, u"m02"_s)); // archived
        QCOMPARE(toString(s->memories().get(u"m02"_s)->status), toString(MemoryStatus::Disabled));
        QCOMPARE(s->memories().get(u"m02"_s)->archiveProposedAt, 0);
        QCOMPARE(s->memories().list({}).value().size(), 13); // nothing deleted
        // 12 active now, m03 still proposed: one more (m04, the least used) beyond the cap.
        QCOMPARE(s->memories().proposeArchiving(10, Ids::nowMs()).value(), 1);
        QVERIFY(s->memories().get(u"m04"_s)->archiveProposedAt > 0);
    }

    // Paused: no call to the model, and what was said meanwhile is never extracted later.
    void pausedMemoryLearnsNothingEvenLater()
    {
        MemoryFixture f;
        QVERIFY(f.open());
        configure(f, false, true);
        Script model;
        model.install(f.server);
        QStringList ids;
        const Session session = f.conversation({{u"My sister is called Ines."_s, u"Nice."_s, {}, {}}}, &ids);
        model.decisions.insert(ids[0],
                               {QJsonObject {{u"action"_s, u"add"_s},
                                             {u"content"_s, u"The user's sister is Ines"_s},
                                             {u"source_message_id"_s, ids[0]}}});
        const MemoryExtractor::Report paused = extract(f, session.id);
        QVERIFY(paused.skipped);
        QCOMPARE(model.asked, 0);

        configure(f, false, false);
        QStringList more = f.appendTurns(session.id, ids.last(), {{u"I like jazz."_s, u"Cool."_s, {}, {}}});
        const MemoryExtractor::Report resumed = extract(f, session.id);
        QVERIFY2(resumed.ok(), qPrintable(resumed.error));
        QCOMPARE(model.asked, 1);
        const QJsonArray shown = model.lastData.value("user_messages"_L1).toArray();
        QCOMPARE(shown.size(), 1);
        QCOMPARE(shown.first()[u"id"_s].toString(), more[0]);
        QVERIFY(f.sync()->memories().list({}).value().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestLifecycle)
#include "tst_lifecycle.moc"
