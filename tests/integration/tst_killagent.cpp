// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// The agent kill test (extends tst_killsend): the scripted model asks for 3 tool calls per
// iteration — an MCP `record` call whose every run lands in a file, a slow MCP call and the
// calculator — for two iterations, then answers. `skein-cli send` is SIGKILLed at random moments
// (fixed seed) 100+ times on one session; call ids repeat across turns, so the tool log's
// idempotence is exercised too. After each kill and RESTORE: integrity_check ok, the saved user
// message present, every tool call on the active path has exactly one result, the next request
// built for the session is a valid chain, and no call that had a succeeded log entry ran again.

#include "cliprocess.h"
#include "engine/context/contextengine.h"
#include "engine/turn/recovery.h"
#include "scriptedmodel.h"
#include "storage/database.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"
#include "storage/toollogrepository.h"
#include "testsupport.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace Skein;
using namespace Skein::Test;
using namespace Qt::StringLiterals;

namespace {

constexpr int Kills = 100;
constexpr int SlowMs = 150;
constexpr int Tasks = 4; // call ids repeat every Tasks turns

QJsonArray loopOf(const RecordedRequest &r)
{
    const QJsonArray all = requestMessages(r);
    qsizetype last = -1;
    for (qsizetype i = 0; i < all.size(); ++i)
        if (all.at(i).toObject().value(u"role"_s).toString() == u"user"_s)
            last = i;
    QJsonArray out;
    for (qsizetype i = last + 1; i < all.size(); ++i)
        out.append(all.at(i));
    return out;
}

// Every declared call on the path has exactly one result right after its declaration.
bool pathIsClosed(const QList<Message> &path, QString *why)
{
    for (qsizetype i = 0; i < path.size(); ++i) {
        const Message &m = path[i];
        if (m.role == Role::Tool) {
            *why = u"result %1 without a declaration before it"_s.arg(m.toolCallId);
            return false;
        }
        if (m.role != Role::Assistant || m.toolCalls.isEmpty())
            continue;
        QStringList declared;
        for (const QJsonValue &v : m.toolCalls)
            declared << v.toObject().value(u"id"_s).toString();
        QStringList answered;
        while (i + 1 < path.size() && path[i + 1].role == Role::Tool)
            answered << path[++i].toolCallId;
        QStringList a = answered;
        a.sort();
        declared.sort();
        if (a != declared) {
            *why = u"declared %1, answered %2"_s.arg(declared.join(u','), answered.join(u','));
            return false;
        }
    }
    return true;
}

bool requestIsValidChain(const ChatRequest &request, QString *why)
{
    QSet<QString> open;
    for (const ChatMessage &m : request.messages) {
        switch (m.role) {
        case ChatMessage::Role::Assistant:
            if (!open.isEmpty()) {
                *why = u"assistant before all results"_s;
                return false;
            }
            for (const ToolCall &c : m.toolCalls)
                open.insert(c.id);
            break;
        case ChatMessage::Role::Tool:
            if (!open.remove(m.toolCallId)) {
                *why = u"orphan result "_s + m.toolCallId;
                return false;
            }
            break;
        case ChatMessage::Role::User:
            if (!open.isEmpty()) {
                *why = u"user message before all results"_s;
                return false;
            }
            break;
        }
    }
    if (!open.isEmpty()) {
        *why = u"unanswered calls"_s;
        return false;
    }
    return true;
}

} // namespace

class TestKillAgent final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void killToolLoopsAtRandomMoments()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString records = dir.filePath(u"records.txt"_s);
        const QString data = dir.filePath(u"data"_s);
        ReplayServer server;
        QVERIFY(server.listen());
        quint32 seed = 1;
        server.route("POST", "/v1/chat/completions", [&seed](const RecordedRequest &r) {
            static const QRegularExpression turn(u"task (\\d+) run (\\d+)"_s);
            const QRegularExpressionMatch m = turn.match(lastUserText(r));
            const QString task = m.captured(1);
            const QString run = m.captured(2);
            int iteration = 0;
            for (const QJsonValue &v : loopOf(r))
                iteration += v.toObject().value(u"role"_s).toString() == u"assistant"_s;
            ScriptedReply reply;
            if (iteration < 2) {
                const QString base = u"t%1-i%2-"_s.arg(task).arg(iteration);
                reply.toolCalls = {
                    {base + u"a"_s, u"probe__record"_s, QJsonObject {{u"marker"_s, QString(base + u"a "_s + run)}}},
                    {base + u"b"_s, u"probe__slow"_s, QJsonObject {{u"ms"_s, SlowMs}}},
                    {base + u"c"_s, u"calculator"_s,
                     QJsonObject {{u"expression"_s, u"%1*7+%2"_s.arg(task).arg(iteration)}}},
                };
                reply.text = u"Calling tools for task %1."_s.arg(task);
            } else {
                reply.text = u"Task %1 is done; all tools answered."_s.arg(task);
            }
            reply.chunkChars = 6;
            return openAiReply(reply).randomChunks(++seed, 80, 3);
        });

        // One session; the test MCP server configured like a user would.
        const CliRun created = runCli({u"--data-dir"_s, data, u"new"_s, u"--title"_s, u"kill"_s});
        QCOMPARE(created.status, 0);
        const QString sessionId = QString::fromUtf8(created.out).trimmed();
        const CliRun added = runCli({u"--data-dir"_s, data, u"mcp"_s, u"add"_s, u"probe"_s, u"--command"_s,
                                     QStringLiteral(SKEIN_MCP_TESTSERVER_PATH), u"--arg"_s, records,
                                     u"--trusted"_s}); // its read-only "slow" runs without asking
        QVERIFY2(added.status == 0, added.err.constData());

        // One turn to the end first: how long a whole turn takes on this machine now sets the kill
        // window.
        QElapsedTimer calibration;
        calibration.start();
        const CliRun whole
            = runCli({u"--data-dir"_s, data, u"send"_s, u"--no-background"_s, u"--session"_s, sessionId,
                      u"--base-url"_s, server.url(u"/v1"_s).toString(), u"--kind"_s, u"openai"_s, u"--model"_s,
                      u"scripted-1"_s, u"--allow-tool"_s, u"probe__record"_s, u"task 0 run 1000"_s});
        const qint64 turnMs = calibration.elapsed();
        QVERIFY2(whole.status == 0, whole.err.constData());
        QVERIFY2(whole.err.count("[tool]") >= 12, whole.err.constData());
        QRandomGenerator random(20261129);
        const QRegularExpression saved(u"user message ([0-9a-f-]{36}) saved"_s);
        int committed = 0;
        int completedRuns = 0;
        int withResults = 0;
        qsizetype reusedLines = 0;
        QElapsedTimer total;
        total.start();
        for (int run = 0; run < Kills; ++run) {
            const int task = run % Tasks;
            // Most runs are killed within the first 70% of a turn; every tenth gets ample time and
            // must finish by itself (whether a random kill comes late enough depends on how the
            // calibration turn compares with later ones, e.g. under the sanitizers).
            const bool mayFinish = run % 10 == 9;
            const int killAfterMs = mayFinish ? int(turnMs * 5 + 2000) : int(random.bounded(int(turnMs * 7 / 10)));
            QProcess p;
            p.start(QStringLiteral(SKEIN_CLI_PATH),
                    {u"--data-dir"_s, data, u"send"_s, u"--no-background"_s, u"--session"_s, sessionId, u"--base-url"_s,
                     server.url(u"/v1"_s).toString(), u"--kind"_s, u"openai"_s, u"--model"_s, u"scripted-1"_s,
                     u"--allow-tool"_s, u"probe__record"_s, u"task %1 run %2"_s.arg(task).arg(run)});
            QVERIFY(p.waitForStarted(10000));
            QElapsedTimer clock;
            clock.start();
            QByteArray err;
            while (clock.elapsed() < killAfterMs && p.state() == QProcess::Running) {
                QTest::qWait(5);
                err += p.readAllStandardError();
            }
            const bool finishedByItself = p.state() != QProcess::Running;
            if (p.state() != QProcess::NotRunning) {
                p.kill(); // SIGKILL
                QVERIFY(p.waitForFinished(10000));
            }
            err += p.readAllStandardError();
            if (finishedByItself) {
                QVERIFY2(p.exitCode() == 0, err.constData());
                ++completedRuns;
            } else {
                QVERIFY2(!mayFinish, "a turn given five times the calibration turn's time did not finish");
            }
            reusedLines += err.count("stored result reused");

            // Restart: RESTORE (every tenth time through `skein-cli restore`, as a user would).
            if (run % 10 == 9) {
                const CliRun restored = runCli({u"--data-dir"_s, data, u"restore"_s, u"--json"_s});
                QCOMPARE(restored.status, 0);
                QVERIFY(QJsonDocument::fromJson(restored.out).isObject());
            }
            auto opened = Store::open(data);
            QVERIFY(opened);
            Store &store = *opened.value();
            QSqlQuery check(store.database().connection());
            QVERIFY(check.exec(u"PRAGMA integrity_check"_s) && check.next());
            QCOMPARE(check.value(0).toString(), u"ok"_s);
            QVERIFY(Recovery::restore(store));
            QVERIFY(store.messages().generating()->isEmpty());

            const QRegularExpressionMatch m = saved.match(QString::fromUtf8(err));
            if (m.hasMatch()) {
                ++committed;
                const Result<Message> user = store.messages().get(m.captured(1));
                QVERIFY2(user, "the CLI said the user message was saved, but it is gone");
                QCOMPARE(user->content, u"task %1 run %2"_s.arg(task).arg(run));
            }
            const Session session = store.sessions().get(sessionId).value();
            QVERIFY(session.state != SessionState::Active && session.state != SessionState::Pending
                    && session.state != SessionState::WaitingTool);
            const QList<Message> path = session.activeLeafId.isEmpty()
                ? QList<Message> {}
                : store.messages().path(session.activeLeafId).value();
            QString why;
            QVERIFY2(pathIsClosed(path, &why), qPrintable(u"run %1: %2"_s.arg(run).arg(why)));
            withResults
                += std::count_if(path.cbegin(), path.cend(), [](const Message &x) { return x.role == Role::Tool; }) > 0;
            // What the context engine would send next (its governance runs on this copy).
            const ChatRequest next = ContextEngine().build(session, path);
            QVERIFY2(requestIsValidChain(next, &why), qPrintable(u"run %1: %2"_s.arg(run).arg(why)));

            // Within a run (or late, by its orphaned server) each call runs at most once. The model
            // reuses its ids in every run of a task; those are new calls of a new turn, which run
            // again (issue #13: a stored result is only for the same call of the same reply).
            QFile f(records);
            if (f.open(QIODevice::ReadOnly)) {
                QSet<QString> ran;
                for (const QByteArray &line : f.readAll().split('\n')) {
                    const QList<QByteArray> parts = line.split(' ');
                    if (parts.size() != 2 || parts[1].toInt() != run)
                        continue;
                    const QString call = QString::fromUtf8(parts[0]);
                    QVERIFY2(!ran.contains(call), qPrintable(u"run %1 ran %2 twice"_s.arg(run).arg(call)));
                    ran.insert(call);
                }
            }
        }
        // Every successful record run is in the file exactly once per success in the log.
        auto opened = Store::open(data);
        QVERIFY(opened);
        int successfulRecords = 0;
        const QList<ToolLogEntry> log = opened.value()->toolLog().bySession(sessionId).value();
        for (const ToolLogEntry &e : log)
            successfulRecords += e.status == ToolStatus::Success && e.toolName == u"probe__record"_s;
        qInfo("a whole turn took %lld ms; %d kills in %lld ms: %d with the user message saved, %d ran to the end, %d "
              "paths with tool results, "
              "%lld results reused from the log, %d succeeded record calls",
              qlonglong(turnMs), Kills, qlonglong(total.elapsed()), committed, completedRuns, withResults,
              qlonglong(reusedLines), successfulRecords);
        QVERIFY(committed >= Kills / 3);
        QVERIFY(completedRuns >= Kills / 10);
        QCOMPARE(reusedLines, qsizetype(0)); // a new turn never gets an earlier turn's result
        QVERIFY(successfulRecords >= 3);
    }
};

SKEIN_CORE_TEST_MAIN(TestKillAgent)
#include "tst_killagent.moc"
