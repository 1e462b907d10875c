// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// skein-cli memories / summaries / compact, run as a separate process on a real data dir, with
// the scripted model for compact on loopback HTTP in this process.

#include "cliprocess.h"
#include "core/domain/ids.h"
#include "memoryfixture.h"
#include "storage/memoryrepository.h"
#include "storage/sessionrepository.h"
#include "storage/settingsrepository.h"
#include "storage/snapshotrepository.h"
#include "storage/summaryrepository.h"
#include "testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Skein;
using namespace Skein::Test;
using namespace Qt::StringLiterals;

namespace {

QJsonDocument json(const CliRun &run)
{
    return QJsonDocument::fromJson(run.out.trimmed());
}

} // namespace

class TestMemoryCli final : public QObject
{
    Q_OBJECT

private:
    CliRun cli(MemoryFixture &f, QStringList args)
    {
        return runCli(QStringList {u"--data-dir"_s, f.dir.path()} + args);
    }

private Q_SLOTS:
    void memoriesLifecycle()
    {
        MemoryFixture f;
        QVERIFY(f.open());
        const Session session = f.conversation({{u"hi"_s, u"hello"_s, {}, {}}});

        const CliRun added = cli(
            f, {u"memories"_s, u"add"_s, u"--type"_s, u"preference"_s, u"--json"_s, u"The user likes short answers"_s});
        QCOMPARE(added.status, 0);
        const QJsonObject m = json(added).object();
        QCOMPARE(m.value("status"_L1).toString(), u"active"_s);
        QCOMPARE(m.value("type"_L1).toString(), u"preference"_s);
        const QString id = m.value("id"_L1).toString();
        QVERIFY(!id.isEmpty());

        // A pending one, as extraction leaves it.
        {
            auto s = f.sync();
            Memory p;
            p.id = Ids::create();
            p.content = u"The user lives in Lyon"_s;
            p.scope = MemoryScope::Session;
            p.sessionId = session.id;
            p.createdAt = p.updatedAt = Ids::nowMs();
            QVERIFY(s->memories().create(p));
        }
        const CliRun pending = cli(f, {u"memories"_s, u"list"_s, u"--status"_s, u"pending"_s, u"--json"_s});
        QCOMPARE(pending.status, 0);
        const QJsonArray inbox = json(pending).array();
        QCOMPARE(inbox.size(), 1);
        const QString pendingId = inbox.first().toObject().value("id"_L1).toString();
        QCOMPARE(json(cli(f, {u"memories"_s, u"list"_s, u"--scope"_s, u"session"_s, u"--json"_s})).array().size(), 1);
        QCOMPARE(json(cli(f, {u"memories"_s, u"list"_s, u"--type"_s, u"preference"_s, u"--json"_s})).array().size(), 1);
        QCOMPARE(json(cli(f, {u"memories"_s, u"list"_s, u"--json"_s})).array().size(), 2);

        // Accept with an edit (by id prefix), then reject the other one.
        const CliRun accepted = cli(
            f, {u"memories"_s, u"accept"_s, pendingId.left(10), u"--json"_s, u"The user lives in Lyon, France"_s});
        QCOMPARE(accepted.status, 0);
        QCOMPARE(json(accepted).object().value("status"_L1).toString(), u"active"_s);
        QCOMPARE(json(accepted).object().value("content"_L1).toString(), u"The user lives in Lyon, France"_s);
        QCOMPARE(cli(f, {u"memories"_s, u"reject"_s, id}).status, 0);
        QCOMPARE(json(cli(f, {u"memories"_s, u"list"_s, u"--status"_s, u"rejected"_s, u"--json"_s})).array().size(), 1);

        // Edit keeps history; history shows it.
        QCOMPARE(cli(f, {u"memories"_s, u"edit"_s, pendingId, u"The user lives in Grenoble"_s}).status, 0);
        const CliRun history = cli(f, {u"memories"_s, u"history"_s, pendingId, u"--json"_s});
        QCOMPARE(history.status, 0);
        const QJsonArray versions = json(history).object().value("versions"_L1).toArray();
        QCOMPARE(versions.size(), 2);
        QCOMPARE(versions.at(0).toObject().value("content"_L1).toString(), u"The user lives in Lyon"_s);
        QCOMPARE(versions.at(1).toObject().value("content"_L1).toString(), u"The user lives in Lyon, France"_s);
        QCOMPARE(json(history).object().value("content"_L1).toString(), u"The user lives in Grenoble"_s);
        const CliRun text = cli(f, {u"memories"_s, u"history"_s, pendingId});
        QVERIFY(text.out.contains("Grenoble"));
        QVERIFY(text.out.contains("Lyon, France"));

        // Promote, delete, and errors.
        QCOMPARE(cli(f, {u"memories"_s, u"promote"_s, pendingId, u"--scope"_s, u"global"_s}).status, 0);
        QCOMPARE(json(cli(f, {u"memories"_s, u"list"_s, u"--scope"_s, u"global"_s, u"--json"_s})).array().size(), 2);
        QCOMPARE(cli(f, {u"memories"_s, u"delete"_s, id}).status, 0);
        QCOMPARE(json(cli(f, {u"memories"_s, u"list"_s, u"--json"_s})).array().size(), 1);
        const CliRun missing = cli(f, {u"memories"_s, u"delete"_s, id});
        QCOMPARE(missing.status, 1);
        QVERIFY(missing.err.contains("no memory"));
        QCOMPARE(cli(f, {u"memories"_s, u"list"_s, u"--status"_s, u"bogus"_s}).status, 2);
    }

    // Issue 17: a fact that changed is superseded, not overwritten — both stay in the timeline,
    // and only the current one reaches the wire (ChatTurn → request on loopback → snapshot).
    // Paused memory sends none.
    void supersededFactsLeaveThePrompt()
    {
        MemoryFixture f;
        QVERIFY(f.open());
        f.server.route("POST", "/v1/chat/completions", [](const RecordedRequest &) { return openAiText(u"Ok."_s); });
        const Session session = f.conversation({{u"hi"_s, u"hello"_s, {}, {}}});
        const QString oldId = json(cli(f, {u"memories"_s, u"add"_s, u"--json"_s, u"The user lives in Berlin"_s}))
                                  .object()
                                  .value("id"_L1)
                                  .toString();
        QVERIFY(!oldId.isEmpty());
        const CliRun superseded = cli(f,
                                      {u"memories"_s, u"supersede"_s, oldId.left(8), u"The user lives in Osaka"_s,
                                       u"--reason"_s, u"moved in May"_s, u"--json"_s});
        QVERIFY2(superseded.status == 0, superseded.err.constData());
        const QJsonObject successor = json(superseded).object();
        const QString newId = successor.value("id"_L1).toString();
        QCOMPARE(successor.value("supersedes"_L1).toString(), oldId);
        QCOMPARE(successor.value("reason"_L1).toString(), u"moved in May"_s);
        QVERIFY(successor.value("current"_L1).toBool());
        // Superseding twice is refused: the old fact already has its successor.
        QCOMPARE(cli(f, {u"memories"_s, u"supersede"_s, oldId, u"The user lives in Kyoto"_s}).status, 1);

        const QJsonArray current = json(cli(f, {u"memories"_s, u"list"_s, u"--current"_s, u"--json"_s})).array();
        QCOMPARE(current.size(), 1);
        QCOMPARE(current.first().toObject().value("id"_L1).toString(), newId);
        const QJsonArray old = json(cli(f, {u"memories"_s, u"list"_s, u"--superseded"_s, u"--json"_s})).array();
        QCOMPARE(old.size(), 1);
        QCOMPARE(old.first().toObject().value("superseded_by"_L1).toString(), newId);
        QVERIFY(!old.first().toObject().value("valid_to"_L1).toString().isEmpty());
        QVERIFY(!old.first().toObject().value("current"_L1).toBool());
        QCOMPARE(cli(f, {u"memories"_s, u"list"_s, u"--current"_s, u"--superseded"_s}).status, 2);

        // The timeline from either end: oldest first, the reason on the successor.
        const QJsonObject timeline = json(cli(f, {u"memories"_s, u"history"_s, newId, u"--json"_s})).object();
        const QJsonArray lineage = timeline.value("lineage"_L1).toArray();
        QCOMPARE(lineage.size(), 2);
        QCOMPARE(lineage.at(0).toObject().value("content"_L1).toString(), u"The user lives in Berlin"_s);
        QCOMPARE(lineage.at(1).toObject().value("content"_L1).toString(), u"The user lives in Osaka"_s);
        QCOMPARE(timeline.value("id"_L1).toString(), newId);
        const CliRun text = cli(f, {u"memories"_s, u"history"_s, oldId});
        QVERIFY(text.out.contains("Berlin") && text.out.contains("Osaka") && text.out.contains("moved in May"));

        const QStringList send {u"send"_s,
                                u"--no-background"_s,
                                u"--no-tools"_s,
                                u"--session"_s,
                                session.id,
                                u"--base-url"_s,
                                f.server.url(u"/v1"_s).toString(),
                                u"--kind"_s,
                                u"openai"_s,
                                u"--model"_s,
                                u"m"_s,
                                u"Where do I live?"_s};
        CliRun r = cli(f, send);
        QVERIFY2(r.status == 0, r.err.constData());
        QCOMPARE(f.server.requestCount(), 1);
        QString system = systemText(f.server.requests().last());
        QVERIFY2(system.contains(u"The user lives in Osaka"_s), qPrintable(system));
        QVERIFY(!system.contains(u"Berlin"_s));
        {
            auto s = f.sync();
            const QList<ContextSnapshot> snapshots = s->snapshots().bySession(session.id).value();
            QCOMPARE(snapshots.size(), 1);
            QCOMPARE(snapshots.first().memoryIds, QStringList {newId});
        }

        // Paused: no memory reaches the prompt; resumed: it does again.
        r = cli(f, {u"memories"_s, u"pause"_s});
        QVERIFY2(r.status == 0 && r.out.contains("paused"), r.out.constData());
        QVERIFY(cli(f, send).status == 0);
        system = systemText(f.server.requests().last());
        QVERIFY2(!system.contains(u"Osaka"_s) && !system.contains(u"<memories>"_s), qPrintable(system));
        QCOMPARE(cli(f, {u"memories"_s, u"resume"_s}).status, 0);
        QVERIFY(cli(f, send).status == 0);
        QVERIFY(systemText(f.server.requests().last()).contains(u"Osaka"_s));
    }

    // Issue 17: a message pinned from the CLI (whole, or a part of it) and a typed global note
    // reach the real request's system prompt through send, the snapshot and `context --json`.
    void pinnedNotesReachTheRequest()
    {
        MemoryFixture f;
        QVERIFY(f.open());
        f.server.route("POST", "/v1/chat/completions", [](const RecordedRequest &) { return openAiText(u"Ok."_s); });
        QStringList ids;
        const Session session = f.conversation(
            {{u"The staging server is build-07. Also, I had pasta today."_s, u"Noted."_s, {}, {}}}, &ids);
        CliRun r = cli(
            f,
            {u"memories"_s, u"pin"_s, u"--message"_s, ids.first(), u"The staging server is build-07."_s, u"--json"_s});
        QVERIFY2(r.status == 0, r.err.constData());
        const QJsonObject part = json(r).object();
        QCOMPARE(part.value("type"_L1).toString(), u"pinned"_s);
        QCOMPARE(part.value("scope"_L1).toString(), u"session"_s);
        QCOMPARE(part.value("source_message_id"_L1).toString(), ids.first());
        QCOMPARE(part.value("content"_L1).toString(), u"The staging server is build-07."_s);
        // A part that is not in the message, and a note without a place, are refused.
        QCOMPARE(cli(f, {u"memories"_s, u"pin"_s, u"--message"_s, ids.first(), u"something else"_s}).status, 2);
        QCOMPARE(cli(f, {u"memories"_s, u"pin"_s, u"A note"_s}).status, 2);
        QCOMPARE(cli(f, {u"memories"_s, u"pin"_s, u"--global"_s, u"Prefer metric units."_s}).status, 0);
        const QJsonArray pinned
            = json(cli(f, {u"memories"_s, u"list"_s, u"--type"_s, u"pinned"_s, u"--json"_s})).array();
        QCOMPARE(pinned.size(), 2);

        QCOMPARE(cli(f, {u"memories"_s, u"pause"_s}).status, 0); // notes are the user's: they stay
        r = cli(f,
                {u"send"_s, u"--no-background"_s, u"--no-tools"_s, u"--session"_s, session.id, u"--base-url"_s,
                 f.server.url(u"/v1"_s).toString(), u"--kind"_s, u"openai"_s, u"--model"_s, u"m"_s,
                 u"Which server do I deploy to?"_s});
        QVERIFY2(r.status == 0, r.err.constData());
        const QString system = systemText(f.server.requests().last());
        QVERIFY2(system.contains(u"<pinned_notes>"_s) && system.contains(u"build-07"_s)
                     && system.contains(u"Prefer metric units."_s) && !system.contains(u"pasta"_s),
                 qPrintable(system));
        const QJsonObject context = json(cli(f, {u"context"_s, session.id, u"--json"_s})).object();
        const QJsonObject sections = context.value("sections"_L1).toObject();
        QVERIFY2(sections.value("pinned"_L1).toInteger() > 0, QJsonDocument(context).toJson().constData());
        QCOMPARE(context.value("pinned"_L1).toArray().size(), 2);
        QVERIFY(context.value("pinned_left_out"_L1).toArray().isEmpty());
        {
            auto s = f.sync();
            const QList<ContextSnapshot> snapshots = s->snapshots().bySession(session.id).value();
            QCOMPARE(snapshots.size(), 1);
            QVERIFY(snapshots.first().memoryIds.contains(part.value("id"_L1).toString()));
            QVERIFY(snapshots.first().sectionTokens.value("pinned"_L1).toInteger() > 0);
        }
    }

    // Issue 17: an incognito send gets no memory and leaves nothing behind unless kept; the cap
    // on active memories proposes archiving, and the user keeps or archives.
    void incognitoAndTheCap()
    {
        MemoryFixture f;
        QVERIFY(f.open());
        f.server.route("POST", "/v1/chat/completions", [](const RecordedRequest &) { return openAiText(u"Ok."_s); });
        QCOMPARE(cli(f, {u"memories"_s, u"add"_s, u"The user's name is Ada"_s}).status, 0);
        const QStringList send {u"send"_s,       u"--no-tools"_s,
                                u"--new"_s,      u"--incognito"_s,
                                u"--base-url"_s, f.server.url(u"/v1"_s).toString(),
                                u"--kind"_s,     u"openai"_s,
                                u"--model"_s,    u"m"_s};
        CliRun r = cli(f, send + QStringList {u"--json"_s, u"What's my name?"_s});
        QVERIFY2(r.status == 0, r.err.constData());
        QVERIFY(!systemText(f.server.requests().last()).contains(u"Ada"_s));
        const QString gone = json(r).object().value("session_id"_L1).toString();
        QVERIFY(!gone.isEmpty());
        QVERIFY(!f.sync()->sessions().get(gone)); // deleted with the command
        r = cli(f, send + QStringList {u"--keep"_s, u"--json"_s, u"Remember the plan."_s});
        QVERIFY2(r.status == 0, r.err.constData());
        const QString kept = json(r).object().value("session_id"_L1).toString();
        QCOMPARE(int(f.sync()->sessions().get(kept)->incognito), int(Session::Incognito::Kept));
        const CliRun listed = cli(f, {u"list"_s});
        QVERIFY2(listed.out.contains(QByteArray(kept.toUtf8() + "  ")) && listed.out.contains(" i "),
                 listed.out.constData());
        QCOMPARE(cli(f, {u"send"_s, u"--session"_s, kept, u"--incognito"_s, u"x"_s}).status, 2);

        {
            auto s = f.sync();
            QVERIFY(s->settings().set(u"memory/active_cap"_s, u"10"_s));
        }
        for (int i = 0; i < 11; ++i)
            QCOMPARE(cli(f, {u"memories"_s, u"add"_s, u"Fact number %1"_s.arg(i)}).status, 0);
        const QJsonArray proposed = json(cli(f, {u"memories"_s, u"list"_s, u"--proposed"_s, u"--json"_s})).array();
        QCOMPARE(proposed.size(), 2); // 12 active, cap 10: the two least recently learned
        QCOMPARE(proposed.at(0)[u"content"_s].toString() + proposed.at(1)[u"content"_s].toString(),
                 u"Fact number 0The user's name is Ada"_s);
        const QString ada = proposed.at(1)[u"id"_s].toString();
        QCOMPARE(cli(f, {u"memories"_s, u"keep"_s, ada}).status, 0);
        QCOMPARE(cli(f, {u"memories"_s, u"archive"_s, proposed.at(0)[u"id"_s].toString()}).status, 0);
        QCOMPARE(json(cli(f, {u"memories"_s, u"list"_s, u"--proposed"_s, u"--json"_s})).array().size(), 0);
        QCOMPARE(json(cli(f, {u"memories"_s, u"list"_s, u"--status"_s, u"disabled"_s, u"--json"_s})).array().size(), 1);
    }

    void compactAndSummaries()
    {
        MemoryFixture f;
        QVERIFY(f.open());
        f.server.route("POST", "/v1/chat/completions", [](const RecordedRequest &r) -> ReplayResponse {
            if (askOf(r) == Ask::Segment)
                return openAiText(u"The user asked about parts 0 to 9 of the plan."_s);
            return openAiText(u"Session so far: a ten-part plan."_s);
        });
        QList<TurnSpec> turns;
        for (int i = 0; i < 20; ++i)
            turns.append({u"Tell me part %1 of the plan."_s.arg(i), u"Part %1 is done."_s.arg(i), {}, {}});
        const Session session = f.conversation(turns);

        const CliRun run = cli(f,
                               {u"compact"_s, session.id.left(8), u"--base-url"_s, f.server.url(u"/v1"_s).toString(),
                                u"--kind"_s, u"openai"_s, u"--model"_s, u"cheap-model"_s, u"--json"_s});
        QVERIFY2(run.status == 0, run.err.constData());
        const QJsonObject report = json(run).object();
        QCOMPARE(report.value("reason"_L1).toString(), u"compact"_s);
        QCOMPARE(report.value("segments"_L1).toArray().size(), 1);
        QCOMPARE(report.value("session_summary"_L1).toObject().value("level"_L1).toString(), u"session"_s);
        QCOMPARE(report.value("segments"_L1).toArray().first().toObject().value("model"_L1).toString(),
                 u"cheap-model"_s);
        QCOMPARE(f.server.requestCount(), 2);
        QCOMPARE(requestJson(f.server.requests().first()).value("model"_L1).toString(), u"cheap-model"_s);

        const CliRun listed = cli(f, {u"summaries"_s, session.id, u"--json"_s});
        QCOMPARE(listed.status, 0);
        QCOMPARE(json(listed).array().size(), 2);
        const CliRun text = cli(f, {u"summaries"_s, session.id});
        QVERIFY(text.out.contains("parts 0 to 9"));

        // Nothing left to do: a plain-text report and no model call.
        const CliRun again = cli(f,
                                 {u"compact"_s, session.id, u"--base-url"_s, f.server.url(u"/v1"_s).toString(),
                                  u"--kind"_s, u"openai"_s, u"--model"_s, u"cheap-model"_s});
        QCOMPARE(again.status, 0);
        QVERIFY(again.out.contains("nothing to summarise"));
        QCOMPARE(f.server.requestCount(), 2);

        // A model that fails: reported, exit status 1, nothing stored.
        ReplayServer broken;
        QVERIFY(broken.listen());
        broken.route("POST", "/v1/chat/completions",
                     QList<ReplayResponse> {openAiError(500, u"down"_s, u"model is down"_s)});
        const Session other = f.conversation(turns);
        const CliRun failed = cli(f,
                                  {u"compact"_s, other.id, u"--base-url"_s, broken.url(u"/v1"_s).toString(),
                                   u"--kind"_s, u"openai"_s, u"--model"_s, u"m"_s});
        QCOMPARE(failed.status, 1);
        QVERIFY(failed.err.contains("model is down"));
        QVERIFY(f.sync()->summaries().bySession(other.id).value().isEmpty());
    }
};

SKEIN_CORE_TEST_MAIN(TestMemoryCli)
#include "tst_memorycli.moc"
