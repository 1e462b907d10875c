/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once
// Shared pieces of the agent tests: a real SQLite data dir behind an AsyncStore, a scripted
// OpenAI-compatible server on loopback, and tools whose runs are counted.

#include "core/domain/session.h"
#include "engine/tools/tool.h"
#include "engine/tools/toolregistry.h"
#include "engine/turn/turn.h"
#include "llm/providerclient.h"
#include "scriptedmodel.h"
#include "storage/asyncstore.h"
#include "storage/sessionrepository.h"
#include "storage/store.h"
#include "storage/toollogrepository.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <functional>
#include <memory>
#include <optional>

namespace Skein::Test {

constexpr int AgentWait = 30000;

// The newest tool-log entry of a session for the model's call id (which Skein renames with a
// suffix, "w2_1a2b3c4d", where the model reused it).
inline std::optional<ToolLogEntry> loggedCall(Store &store, const QString &sessionId, const QString &callId)
{
    std::optional<ToolLogEntry> found;
    const QList<ToolLogEntry> log = store.toolLog().bySession(sessionId).value();
    for (const ToolLogEntry &e : log)
        if (e.requestId == callId || e.requestId.startsWith(callId + QLatin1Char('_')))
            found = e;
    return found;
}

// A tool that counts its runs and answers through `reply` (default: "ran <args>"), optionally
// after a delay.
class ProbeTool final : public Tool
{
public:
    ProbeTool(QString name, ToolPolicy policy, int delayMs = 0)
        : m_name(std::move(name))
        , m_policy(policy)
        , m_delayMs(delayMs)
    { }

    QString name() const override { return m_name; }
    QString description() const override { return m_description; }
    QJsonObject parameters() const override { return m_parameters; }
    ToolPolicy policy() const override { return m_policy; }

    int runs = 0;
    QStringList seen; // the arguments of each run, canonical JSON
    std::function<ToolResult(const QJsonObject &)> reply;
    void setDescription(const QString &d) { m_description = d; }
    void setParameters(const QJsonObject &p) { m_parameters = p; }
    void setDelay(int ms) { m_delayMs = ms; }

protected:
    void start(const QJsonObject &arguments, const ToolContext &, ToolInvocation *call) override
    {
        ++runs;
        seen.append(QString::fromUtf8(canonicalJson(arguments)));
        const ToolResult result = reply
            ? reply(arguments)
            : ToolResult::text(QStringLiteral("ran ") + QString::fromUtf8(canonicalJson(arguments)));
        if (m_delayMs <= 0) {
            call->finish(result);
            return;
        }
        QTimer::singleShot(m_delayMs, call, [call, result] { call->finish(result); });
    }

private:
    QString m_name;
    ToolPolicy m_policy;
    int m_delayMs;
    QString m_description = QStringLiteral("A probe for tests.");
    QJsonObject m_parameters {
        {QStringLiteral("type"), QStringLiteral("object")},
        {QStringLiteral("properties"),
         QJsonObject {{QStringLiteral("x"), QJsonObject {{QStringLiteral("type"), QStringLiteral("string")}}}}}};
};

// The messages of a request after its last user message: the tool loop so far.
inline QJsonArray messagesSinceUser(const RecordedRequest &r)
{
    const QJsonArray all = requestMessages(r);
    qsizetype last = -1;
    for (qsizetype i = 0; i < all.size(); ++i)
        if (all.at(i).toObject().value(QStringLiteral("role")).toString() == QLatin1String("user"))
            last = i;
    QJsonArray out;
    for (qsizetype i = last + 1; i < all.size(); ++i)
        out.append(all.at(i));
    return out;
}

inline int toolResultsSinceUser(const RecordedRequest &r)
{
    int n = 0;
    for (const QJsonValue &v : messagesSinceUser(r))
        if (v.toObject().value(QStringLiteral("role")).toString() == QLatin1String("tool"))
            ++n;
    return n;
}

inline QStringList toolNamesOffered(const RecordedRequest &r)
{
    QStringList names;
    for (const QJsonValue &v : requestJson(r).value(QStringLiteral("tools")).toArray())
        names << v.toObject().value(QStringLiteral("function")).toObject().value(QStringLiteral("name")).toString();
    return names;
}

// Every assistant tool call in the request is followed by exactly one result, and every result
// answers a call made before it (the chain providers insist on).
inline bool validChain(const QJsonArray &messages, QString *why)
{
    QSet<QString> open;
    QSet<QString> answered;
    for (const QJsonValue &v : messages) {
        const QJsonObject m = v.toObject();
        const QString role = m.value(QStringLiteral("role")).toString();
        if (role == QLatin1String("assistant")) {
            if (!open.isEmpty()) {
                *why = QStringLiteral("assistant before results of ")
                    + QStringList(open.values()).join(QLatin1Char(','));
                return false;
            }
            for (const QJsonValue &c : m.value(QStringLiteral("tool_calls")).toArray())
                open.insert(c.toObject().value(QStringLiteral("id")).toString());
        } else if (role == QLatin1String("tool")) {
            const QString id = m.value(QStringLiteral("tool_call_id")).toString();
            if (!open.remove(id)) {
                *why = QStringLiteral("orphan or duplicate result ") + id;
                return false;
            }
            answered.insert(id);
        } else if (role == QLatin1String("user") && !open.isEmpty()) {
            *why
                = QStringLiteral("user message before results of ") + QStringList(open.values()).join(QLatin1Char(','));
            return false;
        }
    }
    if (!open.isEmpty()) {
        *why = QStringLiteral("unanswered ") + QStringList(open.values()).join(QLatin1Char(','));
        return false;
    }
    return true;
}

struct AgentFixture
{
    QTemporaryDir dir;
    std::unique_ptr<AsyncStore> store = std::make_unique<AsyncStore>();
    ReplayServer server;
    QNetworkAccessManager network;
    ToolRegistry tools;
    QString sessionId;

    bool open(bool withSession = true)
    {
        if (!dir.isValid() || !server.listen())
            return false;
        if (!openStore())
            return false;
        if (!withSession)
            return true;
        sessionId = newSession(QStringLiteral("agent test"));
        return !sessionId.isEmpty();
    }

    bool openStore()
    {
        bool done = false;
        bool ok = false;
        QObject context;
        store->open(dir.path(), {}, &context, [&](Result<AsyncStore::OpenReport> r) {
            ok = r.ok();
            done = true;
        });
        return QTest::qWaitFor([&] { return done; }, AgentWait) && ok;
    }

    QString newSession(const QString &title)
    {
        auto s = Store::open(dir.path());
        if (!s)
            return {};
        Session session = Session::create(title);
        session.model = QStringLiteral("scripted-1");
        return s.value()->sessions().create(session).ok() ? session.id : QString();
    }

    std::unique_ptr<ProviderClient> client(int transferTimeoutMs = 20000)
    {
        ProviderEndpoint endpoint = ProviderEndpoint::make(
            ProviderKind::OpenAiCompatible, server.url(QStringLiteral("/v1")), QStringLiteral("sk-test"));
        endpoint.retry.maxRetries = 0;
        endpoint.transferTimeoutMs = transferTimeoutMs;
        return std::make_unique<ProviderClient>(&network, endpoint);
    }

    std::unique_ptr<Store> sync()
    {
        auto s = Store::open(dir.path());
        return s ? std::move(s).value() : nullptr;
    }

    void script(ReplayServer::Handler handler) { server.route("POST", "/v1/chat/completions", std::move(handler)); }

    std::shared_ptr<ProbeTool> addProbe(const QString &name, ToolPolicy policy = ToolPolicy::ReadOnly, int delayMs = 0)
    {
        auto tool = std::make_shared<ProbeTool>(name, policy, delayMs);
        tools.add(tool);
        return tool;
    }
};

inline ScriptedToolCall call(const QString &id, const QString &name, const QString &x)
{
    return {id, name, QJsonObject {{QStringLiteral("x"), x}}};
}

inline ScriptedReply toolReply(QList<ScriptedToolCall> calls)
{
    ScriptedReply r;
    r.toolCalls = std::move(calls);
    return r;
}

inline ScriptedReply textReply(const QString &text)
{
    ScriptedReply r;
    r.text = text;
    r.promptTokens = 10;
    r.completionTokens = 5;
    return r;
}

} // namespace Skein::Test
