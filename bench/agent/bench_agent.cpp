// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// bench_agent: what the agent loop itself costs. A scripted model on loopback answers at once
// (no model time): 6 iterations of one tool call each, then the final call, i.e. 7 model calls
// and 6 tool results with their log entries and checkpoints, on a session whose active path has
// 10,000 messages, against the same loop on a fresh session (baseline, same run). Then the cost
// of one tool-boundary write (tool message + log entry + checkpoint + active leaf, one
// transaction with synchronous=FULL) against the bare message insert.

#include "core/domain/ids.h"
#include "core/domain/runtimecheckpoint.h"
#include "core/domain/session.h"
#include "engine/tools/toolregistry.h"
#include "engine/turn/turn.h"
#include "llm/providerclient.h"
#include "scriptedmodel.h"
#include "storage/asyncstore.h"
#include "storage/checkpointrepository.h"
#include "storage/messagerepository.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"
#include "storage/toollogrepository.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cstdio>

using namespace Skein;
using namespace Skein::Test;

namespace {

constexpr int Iterations = 6;
constexpr int Repeats = 9;
constexpr int BigPath = 10000;

class EchoTool final : public Tool
{
public:
    QString name() const override { return QStringLiteral("echo"); }
    QString description() const override { return QStringLiteral("Echoes x."); }
    QJsonObject parameters() const override { return {{QStringLiteral("type"), QStringLiteral("object")}}; }
    ToolPolicy policy() const override { return ToolPolicy::ReadOnly; }

protected:
    void start(const QJsonObject &arguments, const ToolContext &, ToolInvocation *call) override
    {
        call->finish(ToolResult::text(arguments.value(QStringLiteral("x")).toString()));
    }
};

double percentile(QList<double> v, double p)
{
    std::sort(v.begin(), v.end());
    return v.at(std::min<qsizetype>(v.size() - 1, qsizetype(p * double(v.size() - 1) + 0.5)));
}

QString makeSession(Store &store, int pathLength)
{
    Session s = Session::create(QStringLiteral("bench"));
    s.model = QStringLiteral("scripted-1");
    (void)store.sessions().create(s);
    QList<Message> chain;
    QString parent;
    for (int i = 0; i < pathLength; ++i) {
        Message m = Message::create(s.id, parent, i % 2 ? Role::Assistant : Role::User,
                                    QStringLiteral("message %1 with some ordinary words in it").arg(i));
        parent = m.id;
        chain.append(m);
    }
    if (!chain.isEmpty()) {
        (void)store.messages().insertBatch(chain);
        (void)store.sessions().setActiveLeaf(s.id, parent);
    }
    return s.id;
}

// Milliseconds of one whole turn (send → finished), or -1.
double oneTurn(AsyncStore &store, ProviderClient &client, ToolRegistry &tools, const QString &sessionId)
{
    Turn run(&store, &client, &tools);
    TurnOptions options;
    options.maxIterations = Iterations;
    run.setOptions(options);
    QElapsedTimer clock;
    clock.start();
    run.send(sessionId, QStringLiteral("go"));
    if (!QTest::qWaitFor([&] { return run.isFinished(); }, 120000) || run.state() != SessionState::Completed)
        return -1;
    return double(clock.nsecsElapsed()) / 1e6;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QTemporaryDir dir;
    ReplayServer server;
    if (!dir.isValid() || !server.listen())
        return 1;
    int n = 0;
    server.route("POST", "/v1/chat/completions", [&n](const RecordedRequest &r) {
        if (requestJson(r).contains(QStringLiteral("tools"))) {
            ++n;
            ScriptedReply reply;
            reply.toolCalls = {{QStringLiteral("b%1").arg(n),
                                QStringLiteral("echo"),
                                {{QStringLiteral("x"), QStringLiteral("v%1").arg(n)}}}};
            return openAiReply(reply);
        }
        return openAiText(QStringLiteral("done"));
    });

    QString small;
    QString big;
    {
        auto store = Store::open(dir.path());
        if (!store)
            return 1;
        small = makeSession(*store.value(), 1);
        big = makeSession(*store.value(), BigPath);
    }
    AsyncStore store;
    bool opened = false;
    QObject context;
    store.open(dir.path(), {}, &context, [&](Result<AsyncStore::OpenReport> r) { opened = r.ok(); });
    if (!QTest::qWaitFor([&] { return opened; }, 30000))
        return 1;
    QNetworkAccessManager network;
    ProviderEndpoint endpoint
        = ProviderEndpoint::make(ProviderKind::OpenAiCompatible, server.url(QStringLiteral("/v1")));
    endpoint.retry.maxRetries = 0;
    ProviderClient client(&network, endpoint);
    ToolRegistry tools;
    tools.add(std::make_shared<EchoTool>());

    QList<double> smallMs;
    QList<double> bigMs;
    oneTurn(store, client, tools, small); // warm-up
    for (int i = 0; i < Repeats; ++i) { // alternate so both see the same machine load
        smallMs.append(oneTurn(store, client, tools, small));
        bigMs.append(oneTurn(store, client, tools, big));
    }
    const double s50 = percentile(smallMs, 0.5);
    const double b50 = percentile(bigMs, 0.5);
    std::printf("tool loop: %d iterations + final call (7 model calls, 6 tool results), model answers at once\n",
                Iterations);
    std::printf("  fresh session (baseline): median %.1f ms per turn (%.1f ms per model call)\n", s50, s50 / 7);
    std::printf("  %d-message path:         median %.1f ms per turn (%.1f ms per model call), %.2fx the baseline\n",
                BigPath, b50, b50 / 7, b50 / s50);

    // Tool-boundary writes on the big session, synchronous=FULL as the loop does them.
    auto direct = Store::open(dir.path());
    if (!direct)
        return 1;
    Store &db = *direct.value();
    (void)db.database().setSynchronous(Database::Synchronous::Full);
    const Session session = db.sessions().get(big).value();
    QString parent = session.activeLeafId;
    QList<double> bare;
    QList<double> boundary;
    for (int i = 0; i < 400; ++i) {
        const bool withCheckpoint = i % 2;
        Message m = Message::create(big, parent, Role::Tool, QStringLiteral("result %1").arg(i));
        m.toolCallId = QStringLiteral("w%1").arg(i);
        m.toolName = QStringLiteral("echo");
        QElapsedTimer clock;
        clock.start();
        const Status s = db.transaction([&]() -> Status {
            if (Status st = db.messages().insert(m); !st)
                return st;
            if (!withCheckpoint)
                return {};
            ToolLogEntry e {m.toolCallId, big, parent, m.toolName,   QStringLiteral("{}"), ToolStatus::Success,
                            m.content,    {},  0,      Ids::nowMs(), Ids::nowMs()};
            if (Status st = db.toolLog().save(e); !st)
                return st;
            RuntimeCheckpoint cp;
            cp.sessionId = big;
            cp.assistantMessageId = parent;
            cp.completedCalls = QJsonArray {QJsonObject {{QStringLiteral("id"), m.toolCallId}}};
            cp.pendingCalls = QJsonArray {QJsonObject {{QStringLiteral("id"), QStringLiteral("next")}}};
            cp.iteration = 3;
            cp.updatedAt = Ids::nowMs();
            if (Status st = db.checkpoints().save(cp); !st)
                return st;
            return db.sessions().setActiveLeaf(big, m.id);
        });
        const double ms = double(clock.nsecsElapsed()) / 1e6;
        if (!s)
            return 1;
        (withCheckpoint ? boundary : bare).append(ms);
        parent = m.id;
    }
    std::printf("tool-boundary write (synchronous=FULL, %d-message session), 200 each:\n", BigPath);
    std::printf("  message insert only (baseline): p50 %.2f ms, p99 %.2f ms\n", percentile(bare, 0.5),
                percentile(bare, 0.99));
    std::printf("  + log entry + checkpoint + leaf: p50 %.2f ms, p99 %.2f ms (%.2fx the baseline p50)\n",
                percentile(boundary, 0.5), percentile(boundary, 0.99),
                percentile(boundary, 0.5) / percentile(bare, 0.5));
    return 0;
}
