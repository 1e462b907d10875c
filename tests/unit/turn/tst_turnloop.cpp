// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// The agent loop for real: a scripted OpenAI-compatible server on loopback decides each reply from
// the request it receives, tools count their runs, and everything lands in a real SQLite file
// through the AsyncStore writer thread.

#include "core/domain/runtimecheckpoint.h"
#include "engine/turn/agentcallsource.h"
#include "engine/turn/turnrunner.h"
#include "storage/checkpointrepository.h"
#include "storage/messagerepository.h"
#include "storage/settingsrepository.h"
#include "storage/toollogrepository.h"
#include "testsupport.h"
#include "turntestutil.h"

#include <QSignalSpy>

using namespace Skein;
using namespace Skein::Test;
using namespace Qt::StringLiterals;

namespace {

bool runToEnd(Turn &run)
{
    return QTest::qWaitFor([&] { return run.isFinished(); }, AgentWait);
}

QList<SessionState> states(const QSignalSpy &spy)
{
    QList<SessionState> out;
    for (const QList<QVariant> &args : spy)
        out.append(args.at(0).value<SessionState>());
    return out;
}

QString stateNames(const QList<SessionState> &list)
{
    QStringList names;
    for (SessionState s : list)
        names << toString(s);
    return names.join(u" > "_s);
}

QList<Message> activePath(AgentFixture &f)
{
    auto s = f.sync();
    const Session session = s->sessions().get(f.sessionId).value();
    return s->messages().path(session.activeLeafId).value();
}

} // namespace

class TestTurnLoop final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void toolLoopRunsToAnAnswer()
    {
        AgentFixture f;
        QVERIFY(f.open());
        auto probe = f.addProbe(u"probe"_s);
        f.script([](const RecordedRequest &r) {
            if (toolResultsSinceUser(r) == 0)
                return openAiReply(
                    toolReply({call(u"c1"_s, u"probe"_s, u"alpha"_s), call(u"c2"_s, u"probe"_s, u"beta"_s)}));
            return openAiReply(textReply(u"Both probes ran."_s));
        });
        auto client = f.client();
        Turn run(f.store.get(), client.get(), &f.tools);
        QSignalSpy stateSpy(&run, &Turn::stateChanged);
        QSignalSpy started(&run, &Turn::toolCallStarted);
        QSignalSpy done(&run, &Turn::toolCallFinished);
        run.send(f.sessionId, u"Run the probes"_s);
        QVERIFY(runToEnd(run));
        QCOMPARE(toString(run.state()), u"completed"_s);
        QVERIFY2(run.errorText().isEmpty(), qPrintable(run.errorText()));
        QCOMPARE(stateNames(states(stateSpy)), u"pending > active > waiting_tool > active > completed"_s);
        QCOMPARE(probe->runs, 2);
        QCOMPARE(started.size(), 2);
        QCOMPARE(done.size(), 2);
        QCOMPARE(run.iteration(), 2);

        // The first request offered the tool; the second carried both results, chained.
        const QList<RecordedRequest> requests = f.server.requests();
        QCOMPARE(requests.size(), 2);
        QCOMPARE(toolNamesOffered(requests[0]), QStringList {u"probe"_s});
        const QJsonArray loop = messagesSinceUser(requests[1]);
        QCOMPARE(loop.size(), 3);
        QCOMPARE(loop[1].toObject().value(u"tool_call_id"_s).toString(), u"c1"_s);
        QCOMPARE(loop[2].toObject().value(u"tool_call_id"_s).toString(), u"c2"_s);
        QVERIFY(contentText(loop[1].toObject().value(u"content"_s)).contains(u"alpha"_s));
        QString why;
        QVERIFY2(validChain(requestMessages(requests[1]), &why), qPrintable(why));

        // Stored: user > assistant(calls) > tool > tool > assistant(answer); state and log.
        const QList<Message> path = activePath(f);
        QCOMPARE(path.size(), 5);
        QCOMPARE(path[1].toolCalls.size(), 2);
        QVERIFY(path[2].role == Role::Tool);
        QCOMPARE(path[2].toolCallId, u"c1"_s);
        QCOMPARE(path[3].toolName, u"probe"_s);
        QCOMPARE(path[4].content, u"Both probes ran."_s);
        auto s = f.sync();
        QCOMPARE(toString(s->sessions().get(f.sessionId)->state), u"completed"_s);
        QVERIFY(!s->checkpoints().get(f.sessionId).value().has_value());
        const QList<ToolLogEntry> log = s->toolLog().bySession(f.sessionId).value();
        QCOMPARE(log.size(), 2);
        for (const ToolLogEntry &e : log) {
            QCOMPARE(toString(e.status), u"success"_s);
            QCOMPARE(e.messageId, path[1].id);
            QVERIFY(e.resultRaw.startsWith(u"ran "_s));
            QVERIFY(e.finishedAt >= e.startedAt && e.startedAt > 0);
        }
    }

    // Issue #13: servers reuse ids like "call_0" across turns. A later turn's call with the same id
    // is a new call: it runs, and its result is its own (on f279e63 turn 2 got turn 1's result).
    void reusedCallIdInALaterTurnRunsAgain()
    {
        AgentFixture f;
        QVERIFY(f.open());
        auto probe = f.addProbe(u"probe"_s);
        f.script([](const RecordedRequest &r) {
            if (toolResultsSinceUser(r) == 0)
                return openAiReply(toolReply({call(u"call_0"_s, u"probe"_s, lastUserText(r))}));
            return openAiReply(textReply(u"ok"_s));
        });
        auto client = f.client();
        for (int turn = 0; turn < 2; ++turn) {
            Turn run(f.store.get(), client.get(), &f.tools);
            QSignalSpy done(&run, &Turn::toolCallFinished);
            run.send(f.sessionId, u"turn %1"_s.arg(turn));
            QVERIFY(runToEnd(run));
            QCOMPARE(toString(run.state()), u"completed"_s);
            QCOMPARE(done.size(), 1);
            QCOMPARE(done[0][3].toBool(), false); // never a stored result
        }
        QCOMPARE(probe->runs, 2);
        const QList<Message> path = activePath(f);
        QCOMPARE(path.size(), 8);
        QVERIFY2(path[2].content.contains(u"turn 0"_s), qPrintable(path[2].content));
        QVERIFY2(path[6].content.contains(u"turn 1"_s), qPrintable(path[6].content));
        QVERIFY(path[6].toolCallId != path[2].toolCallId); // unique in the session
        auto s = f.sync();
        const QList<ToolLogEntry> log = s->toolLog().bySession(f.sessionId).value();
        QCOMPARE(log.size(), 2);
        QCOMPARE(log[0].messageId, path[1].id);
        QCOMPARE(log[1].messageId, path[5].id);
    }

    // Ollama's native API sends no call ids: each call still runs with its own arguments and gets
    // its own result and log row (an empty key would make every id-less call share one result).
    void callsWithoutIdsEachRunOnce()
    {
        AgentFixture f;
        QVERIFY(f.open());
        auto probe = f.addProbe(u"probe"_s);
        f.script([](const RecordedRequest &r) {
            if (toolResultsSinceUser(r) == 0)
                return openAiReply(toolReply({call({}, u"probe"_s, u"alpha"_s), call({}, u"probe"_s, u"beta"_s)}));
            return openAiReply(textReply(u"Both ran."_s));
        });
        auto client = f.client();
        Turn run(f.store.get(), client.get(), &f.tools);
        QSignalSpy done(&run, &Turn::toolCallFinished);
        run.send(f.sessionId, u"Run both"_s);
        QVERIFY(runToEnd(run));
        QVERIFY2(run.errorText().isEmpty(), qPrintable(run.errorText()));
        QCOMPARE(toString(run.state()), u"completed"_s);
        QCOMPARE(probe->runs, 2);
        QCOMPARE(done.size(), 2);
        const QList<Message> path = activePath(f);
        QCOMPARE(path.size(), 5);
        QVERIFY2(path[2].content.contains(u"alpha"_s), qPrintable(path[2].content));
        QVERIFY2(path[3].content.contains(u"beta"_s), qPrintable(path[3].content));
        QVERIFY(!path[2].toolCallId.isEmpty() && !path[3].toolCallId.isEmpty());
        QVERIFY(path[2].toolCallId != path[3].toolCallId);
        auto s = f.sync();
        const QList<ToolLogEntry> log = s->toolLog().bySession(f.sessionId).value();
        QCOMPARE(log.size(), 2);
        QCOMPARE(log[0].requestId, path[2].toolCallId);
        QCOMPARE(log[1].requestId, path[3].toolCallId);
        QVERIFY(log[0].resultRaw.contains(u"alpha"_s) && log[1].resultRaw.contains(u"beta"_s));
    }

    // A short id another conversation used already does not make this one skip its call.
    void sameCallIdInAnotherSessionRunsAgain()
    {
        AgentFixture f;
        QVERIFY(f.open());
        const QString other = f.newSession(u"other"_s);
        auto probe = f.addProbe(u"probe"_s);
        f.script([](const RecordedRequest &r) {
            if (toolResultsSinceUser(r) == 0)
                return openAiReply(toolReply({call(u"call_0"_s, u"probe"_s, lastUserText(r))}));
            return openAiReply(textReply(u"ok"_s));
        });
        auto client = f.client();
        for (const QString &session : {f.sessionId, other}) {
            Turn run(f.store.get(), client.get(), &f.tools);
            run.send(session, session);
            QVERIFY(runToEnd(run));
            QCOMPARE(toString(run.state()), u"completed"_s);
        }
        QCOMPARE(probe->runs, 2);
        auto s = f.sync();
        QCOMPARE(s->toolLog().bySession(other)->size(), 1);
        QCOMPARE(s->toolLog().bySession(other)->first().requestId, u"call_0"_s); // keyed by session too
        QVERIFY(s->toolLog().bySession(other)->first().resultRaw.contains(other));
    }

    // SPEC §5.2: N model calls with tools, then one without tools asking for the best answer.
    void iterationLimitEndsWithAToolFreeCall()
    {
        AgentFixture f;
        QVERIFY(f.open());
        auto probe = f.addProbe(u"probe"_s);
        int n = 0;
        f.script([&n](const RecordedRequest &r) {
            if (requestJson(r).contains(u"tools"_s)) {
                ++n;
                return openAiReply(toolReply({call(u"k%1"_s.arg(n), u"probe"_s, u"step %1"_s.arg(n))}));
            }
            return openAiReply(textReply(u"Best answer so far."_s));
        });
        auto client = f.client();
        Turn run(f.store.get(), client.get(), &f.tools);
        TurnOptions options;
        options.maxIterations = 6;
        run.setOptions(options);
        run.send(f.sessionId, u"loop forever"_s);
        QVERIFY(runToEnd(run));
        QCOMPARE(toString(run.state()), u"completed"_s);
        const QList<RecordedRequest> requests = f.server.requests();
        QCOMPARE(requests.size(), 7);
        for (int i = 0; i < 6; ++i)
            QCOMPARE(toolNamesOffered(requests[i]), QStringList {u"probe"_s});
        QVERIFY(!requestJson(requests[6]).contains(u"tools"_s));
        QCOMPARE(lastUserText(requests[6]), AgentCallSource::finalInstruction());
        QString why;
        QVERIFY2(validChain(requestMessages(requests[6]), &why), qPrintable(why));
        QCOMPARE(probe->runs, 6);
        QCOMPARE(run.iteration(), 7);
        // The instruction is in the request copy only, never stored.
        for (const Message &m : activePath(f))
            QVERIFY(!m.content.contains(u"tool-call limit"_s));
    }

    // [S001 §4.2]: the third (nearly) identical call is not run; the model is told to change course.
    void repeatedCallsGetANudge()
    {
        AgentFixture f;
        QVERIFY(f.open());
        auto probe = f.addProbe(u"probe"_s);
        int n = 0;
        f.script([&n](const RecordedRequest &r) {
            if (toolResultsSinceUser(r) < 3) {
                ++n;
                // Same arguments up to case and spacing: near-identical.
                const QString x = n == 2 ? u"  WEATHER   in Paris"_s : u"weather in paris"_s;
                return openAiReply(toolReply({call(u"r%1"_s.arg(n), u"probe"_s, x)}));
            }
            return openAiReply(textReply(u"I will answer instead."_s));
        });
        auto client = f.client();
        Turn run(f.store.get(), client.get(), &f.tools);
        QSignalSpy done(&run, &Turn::toolCallFinished);
        run.send(f.sessionId, u"weather?"_s);
        QVERIFY(runToEnd(run));
        QCOMPARE(toString(run.state()), u"completed"_s);
        QCOMPARE(probe->runs, 2);
        QCOMPARE(done.size(), 3);
        QCOMPARE(toString(done[2][1].value<ToolStatus>()), u"failed"_s);
        const QJsonArray loop = messagesSinceUser(f.server.requests().last());
        const QString nudge = contentText(loop[5].toObject().value(u"content"_s));
        QCOMPARE(nudge, Turn::repeatNudge(u"probe"_s, 2));
    }

    void slowToolTimesOut()
    {
        AgentFixture f;
        QVERIFY(f.open());
        auto slow = f.addProbe(u"slow"_s, ToolPolicy::ReadOnly, 5000);
        f.script([](const RecordedRequest &r) {
            if (toolResultsSinceUser(r) == 0)
                return openAiReply(toolReply({call(u"t1"_s, u"slow"_s, u"x"_s)}));
            return openAiReply(textReply(u"It timed out."_s));
        });
        auto client = f.client();
        Turn run(f.store.get(), client.get(), &f.tools);
        TurnOptions options;
        options.toolTimeout = std::chrono::milliseconds(200);
        run.setOptions(options);
        QElapsedTimer clock;
        clock.start();
        run.send(f.sessionId, u"go"_s);
        QVERIFY(runToEnd(run));
        QVERIFY(clock.elapsed() < 4000);
        QCOMPARE(toString(run.state()), u"completed"_s);
        auto s = f.sync();
        QCOMPARE(toString(loggedCall(*s, f.sessionId, u"t1"_s)->status), u"timeout"_s);
        const QList<Message> path = activePath(f);
        QCOMPARE(path[2].toolCallId, u"t1"_s);
        QVERIFY(!path[2].content.isEmpty());
    }

    // Cancel while a tool runs: it is cancelled, the calls after it get "not run", the chain stays
    // valid, the checkpoint is gone and the state is CANCELLED.
    void cancelDuringATool()
    {
        AgentFixture f;
        QVERIFY(f.open());
        auto slow = f.addProbe(u"slow"_s, ToolPolicy::ReadOnly, 10000);
        auto fast = f.addProbe(u"fast"_s);
        f.script([](const RecordedRequest &) {
            return openAiReply(toolReply(
                {call(u"a"_s, u"fast"_s, u"1"_s), call(u"b"_s, u"slow"_s, u"2"_s), call(u"c"_s, u"fast"_s, u"3"_s)}));
        });
        auto client = f.client();
        Turn run(f.store.get(), client.get(), &f.tools);
        connect(&run, &Turn::toolCallStarted, &run, [&run](const ToolCallInfo &c) {
            if (c.toolName == u"slow"_s)
                QTimer::singleShot(50, &run, &Turn::cancel);
        });
        run.send(f.sessionId, u"go"_s);
        QVERIFY(runToEnd(run));
        QCOMPARE(toString(run.state()), u"cancelled"_s);
        QCOMPARE(fast->runs, 1);
        QCOMPARE(slow->runs, 1);
        const QList<Message> path = activePath(f);
        QCOMPARE(path.size(), 5);
        QCOMPARE(path[2].toolCallId, u"a"_s);
        QCOMPARE(path[3].toolCallId, u"b"_s);
        QCOMPARE(path[4].toolCallId, u"c"_s);
        QVERIFY(path[4].content.startsWith(u"Not run"_s));
        auto s = f.sync();
        QCOMPARE(toString(s->sessions().get(f.sessionId)->state), u"cancelled"_s);
        QVERIFY(!s->checkpoints().get(f.sessionId).value().has_value());
        QCOMPARE(toString(loggedCall(*s, f.sessionId, u"b"_s)->status), u"failed"_s);
    }

    void cancelWhileStreaming()
    {
        AgentFixture f;
        QVERIFY(f.open());
        ScriptedReply slow = textReply(QString(400, u'x'));
        slow.chunkChars = 4;
        f.server.route("POST", "/v1/chat/completions", {openAiReply(slow).chunked({200}, 20)});
        auto client = f.client();
        Turn run(f.store.get(), client.get(), &f.tools);
        connect(&run, &Turn::deltasReceived, &run, &Turn::cancel);
        run.send(f.sessionId, u"go"_s);
        QVERIFY(runToEnd(run));
        QCOMPARE(toString(run.state()), u"cancelled"_s);
        auto s = f.sync();
        QCOMPARE(toString(s->messages().get(run.lastAssistantId())->status), u"cancelled"_s);
    }

    // Results over the threshold reach the model as a digest; the raw text stays stored.
    void longResultsAreDigested()
    {
        AgentFixture f;
        QVERIFY(f.open());
        auto big = f.addProbe(u"big"_s);
        big->reply = [](const QJsonObject &) {
            QJsonArray rows;
            for (int i = 0; i < 2000; ++i)
                rows.append(QJsonObject {{u"id"_s, i}, {u"name"_s, u"row %1"_s.arg(i)}, {u"note"_s, QJsonValue::Null}});
            return ToolResult::text(QString::fromUtf8(QJsonDocument(QJsonObject {{u"rows"_s, rows}}).toJson()));
        };
        f.script([](const RecordedRequest &r) {
            if (toolResultsSinceUser(r) == 0)
                return openAiReply(toolReply({call(u"d1"_s, u"big"_s, u"all"_s)}));
            return openAiReply(textReply(u"2000 rows."_s));
        });
        auto client = f.client();
        Turn run(f.store.get(), client.get(), &f.tools);
        run.send(f.sessionId, u"go"_s);
        QVERIFY(runToEnd(run));
        const QString sent
            = contentText(messagesSinceUser(f.server.requests().last())[1].toObject().value(u"content"_s));
        auto s = f.sync();
        const ToolLogEntry entry = loggedCall(*s, f.sessionId, u"d1"_s).value();
        QVERIFY(entry.resultRaw.contains(u"row 1999"_s));
        QCOMPARE(entry.resultDigest, sent);
        QVERIFY(sent.contains(u"items cut"_s));
        QVERIFY(sent.contains(u"row 1999"_s)); // the tail is kept
        QVERIFY(!sent.contains(u"null"_s));
        QVERIFY(sent.size() * 10 < entry.resultRaw.size());
        const Message stored = activePath(f)[2];
        QCOMPARE(stored.content, entry.resultRaw);
        QCOMPARE(stored.renderContent, sent);
    }

    void unknownToolsAndBadArgumentsAreAnswered()
    {
        AgentFixture f;
        QVERIFY(f.open());
        f.addProbe(u"probe"_s);
        f.script([](const RecordedRequest &r) {
            if (toolResultsSinceUser(r) == 0) {
                ScriptedReply reply = toolReply({call(u"u1"_s, u"nope"_s, u"x"_s)});
                return openAiReply(reply);
            }
            return openAiReply(textReply(u"sorry"_s));
        });
        auto client = f.client();
        Turn run(f.store.get(), client.get(), &f.tools);
        run.send(f.sessionId, u"go"_s);
        QVERIFY(runToEnd(run));
        QCOMPARE(toString(run.state()), u"completed"_s);
        const QString sent
            = contentText(messagesSinceUser(f.server.requests().last())[1].toObject().value(u"content"_s));
        QVERIFY(sent.contains(u"Unknown tool nope"_s));
        QVERIFY(sent.contains(u"probe"_s));
    }

    void providerErrorFails()
    {
        AgentFixture f;
        QVERIFY(f.open());
        f.server.route("POST", "/v1/chat/completions", {openAiError(400, u"invalid_request_error"_s, u"bad model"_s)});
        auto client = f.client();
        Turn run(f.store.get(), client.get(), &f.tools);
        run.send(f.sessionId, u"go"_s);
        QVERIFY(runToEnd(run));
        QCOMPARE(toString(run.state()), u"failed"_s);
        QVERIFY(run.errorText().contains(u"bad model"_s));
        QCOMPARE(toString(f.sync()->sessions().get(f.sessionId)->state), u"failed"_s);
    }

    void runnerAllowsOneRunPerSession()
    {
        AgentFixture f;
        QVERIFY(f.open());
        const QString other = f.newSession(u"other"_s);
        f.server.route("POST", "/v1/chat/completions", {openAiReply(textReply(u"hi"_s)).chunked({64}, 30)});
        auto client = f.client();
        TurnRunner runner(f.store.get(), &f.tools, f.dir.path());
        QString error;
        Turn *first = runner.create(f.sessionId, client.get(), {}, &error);
        QVERIFY(first);
        QVERIFY(!runner.create(f.sessionId, client.get(), {}, &error));
        QVERIFY(error.contains(u"already running"_s));
        Turn *second = runner.create(other, client.get(), {}, &error);
        QVERIFY(second);
        QSignalSpy finished(&runner, &TurnRunner::runFinished);
        first->send(f.sessionId, u"a"_s);
        second->send(other, u"b"_s);
        QVERIFY(runner.isBusy(f.sessionId));
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, AgentWait);
        QVERIFY(!runner.isBusy(f.sessionId));
        QVERIFY(runner.create(f.sessionId, client.get(), {}, &error)); // free again
    }
};

SKEIN_CORE_TEST_MAIN(TestTurnLoop)
#include "tst_turnloop.moc"
