// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/tools/mcpclient.h"

#include "core/appinfo.h"
#include "engine/tools/mcphttptransport.h"
#include "engine/tools/mcpserverlog.h"
#include "engine/tools/mcpstdiotransport.h"
#include "engine/tools/tool.h"

#include <QCoreApplication>
#include <QDir>
#include <QJsonArray>
#include <QNetworkAccessManager>
#include <QTimer>
#include <QUrl>

namespace Skein {

namespace {

constexpr int methodNotFound = -32601;

// MCP content blocks as text for the model; non-text blocks are named, not dropped silently.
QString contentText(const QJsonArray &content)
{
    QStringList parts;
    for (const QJsonValue &v : content) {
        const QJsonObject block = v.toObject();
        const QString type = block.value(QStringLiteral("type")).toString();
        if (type == u"text") {
            parts.append(block.value(QStringLiteral("text")).toString());
        } else if (type == u"resource") {
            const QJsonObject r = block.value(QStringLiteral("resource")).toObject();
            parts.append(r.contains(QStringLiteral("text"))
                             ? r.value(QStringLiteral("text")).toString()
                             : QStringLiteral("[resource %1]").arg(r.value(QStringLiteral("uri")).toString()));
        } else if (type == u"resource_link") {
            parts.append(QStringLiteral("[resource %1]").arg(block.value(QStringLiteral("uri")).toString()));
        } else {
            parts.append(QStringLiteral("[%1 %2]").arg(type, block.value(QStringLiteral("mimeType")).toString()));
        }
    }
    return parts.join(u'\n');
}

} // namespace

const QString McpClient::protocolVersion = QStringLiteral("2025-06-18");
const QStringList McpClient::supportedVersions
    = {QStringLiteral("2025-06-18"), QStringLiteral("2025-03-26"), QStringLiteral("2024-11-05")};

McpClient::McpClient(const McpServerConfig &config, const Options &options, QObject *parent)
    : QObject(parent)
    , m_config(config)
    , m_options(options)
    , m_log(new McpServerLog(options.logPath, this))
    , m_network(options.network)
{ }

McpClient::~McpClient()
{
    stop();
}

void McpClient::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    Q_EMIT stateChanged(state);
}

void McpClient::start()
{
    if (m_state == State::Starting || m_state == State::Ready)
        return;
    m_lastError.clear();
    m_tools.clear();
    if (m_config.transport == McpServerConfig::Transport::Stdio) {
        m_transport = new McpStdioTransport(m_config.command, m_config.args, m_config.env, m_config.cwd, m_log, this);
    } else {
        if (!m_network)
            m_network = new QNetworkAccessManager(this);
        m_transport = new McpHttpTransport(m_config.url, m_config.headers, m_network, this);
    }
    connect(m_transport, &McpTransport::started, this, &McpClient::initialize);
    connect(m_transport, &McpTransport::messageReceived, this, &McpClient::handleMessage);
    connect(m_transport, &McpTransport::failed, this, &McpClient::fail);
    connect(m_transport, &McpTransport::diagnostic, m_log, &McpServerLog::appendLine);
    setState(State::Starting);
    m_log->appendLine(QStringLiteral("[skein] starting %1").arg(m_config.name));
    m_transport->start();
}

void McpClient::stop()
{
    if (!m_transport)
        return;
    McpTransport *transport = std::exchange(m_transport, nullptr);
    transport->disconnect(this);
    transport->stop();
    transport->deleteLater();
    failAllPending(tr("The server “%1” was stopped.").arg(m_config.name));
    m_listing = false;
    m_relistQueued = false;
    if (m_state != State::Failed)
        setState(State::Stopped);
}

void McpClient::restart()
{
    stop();
    setState(State::Stopped);
    start();
}

qint64 McpClient::request(const QString &method, const QJsonObject &params, Callback callback,
                          std::chrono::milliseconds timeout)
{
    const qint64 id = m_nextId++;
    Pending pending;
    pending.callback = std::move(callback);
    if (timeout.count() > 0) {
        auto timer = std::make_shared<QTimer>();
        timer->setSingleShot(true);
        connect(timer.get(), &QTimer::timeout, this, [this, id, method, timeout] {
            auto it = m_pending.find(id);
            if (it == m_pending.end())
                return;
            Pending p = m_pending.take(id);
            notify(QStringLiteral("notifications/cancelled"),
                   {{QStringLiteral("requestId"), id}, {QStringLiteral("reason"), QStringLiteral("timeout")}});
            if (p.callback)
                p.callback(
                    {},
                    RpcError {-32001, tr("“%1” got no answer within %2 s.").arg(method).arg(timeout.count() / 1000)});
        });
        timer->start(timeout);
        pending.timer = timer;
    }
    m_pending.insert(id, std::move(pending));
    QJsonObject message {{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                         {QStringLiteral("id"), id},
                         {QStringLiteral("method"), method}};
    if (!params.isEmpty())
        message.insert(QStringLiteral("params"), params);
    if (m_transport)
        m_transport->send(message);
    return id;
}

void McpClient::notify(const QString &method, const QJsonObject &params)
{
    if (!m_transport)
        return;
    QJsonObject message {{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("method"), method}};
    if (!params.isEmpty())
        message.insert(QStringLiteral("params"), params);
    m_transport->send(message);
}

void McpClient::initialize()
{
    QJsonObject capabilities;
    if (!m_options.roots.isEmpty())
        capabilities.insert(QStringLiteral("roots"), QJsonObject {{QStringLiteral("listChanged"), true}});
    const QJsonObject params {
        {QStringLiteral("protocolVersion"), protocolVersion},
        {QStringLiteral("capabilities"), capabilities},
        {QStringLiteral("clientInfo"),
         QJsonObject {{QStringLiteral("name"), QStringLiteral("skein")},
                      {QStringLiteral("version"), AppInfo::version()}}},
    };
    request(
        QStringLiteral("initialize"), params,
        [this](const QJsonObject &result, const std::optional<RpcError> &error) {
            if (error) {
                fail(tr("The server refused to initialize: %1").arg(error->message));
                return;
            }
            const QString version = result.value(QStringLiteral("protocolVersion")).toString();
            if (!supportedVersions.contains(version)) {
                fail(tr("The server speaks MCP version “%1”, which Skein does not support.").arg(version));
                return;
            }
            m_negotiatedVersion = version;
            m_serverInfo = result.value(QStringLiteral("serverInfo")).toObject();
            m_serverCapabilities = result.value(QStringLiteral("capabilities")).toObject();
            m_transport->setProtocolVersion(version);
            notify(QStringLiteral("notifications/initialized"));
            m_listing = true;
            listTools({}, {});
        },
        m_options.requestTimeout);
}

void McpClient::listTools(const QString &cursor, QList<McpToolInfo> collected)
{
    QJsonObject params;
    if (!cursor.isEmpty())
        params.insert(QStringLiteral("cursor"), cursor);
    request(
        QStringLiteral("tools/list"), params,
        [this, collected](const QJsonObject &result, const std::optional<RpcError> &error) mutable {
            if (error) {
                m_listing = false;
                if (m_state == State::Starting)
                    fail(tr("The server could not list its tools: %1").arg(error->message));
                else
                    m_log->appendLine(QStringLiteral("[skein] tools/list failed: %1").arg(error->message));
                return;
            }
            for (const QJsonValue &v : result.value(QStringLiteral("tools")).toArray()) {
                const QJsonObject t = v.toObject();
                McpToolInfo info;
                info.name = t.value(QStringLiteral("name")).toString();
                if (info.name.isEmpty())
                    continue;
                info.title = t.value(QStringLiteral("title")).toString();
                info.description = t.value(QStringLiteral("description")).toString();
                info.inputSchema = t.value(QStringLiteral("inputSchema")).toObject();
                info.annotations = t.value(QStringLiteral("annotations")).toObject();
                info.readOnly = info.annotations.value(QStringLiteral("readOnlyHint")).toBool(false);
                collected.append(info);
            }
            const QString next = result.value(QStringLiteral("nextCursor")).toString();
            if (!next.isEmpty() && collected.size() < 10000) {
                listTools(next, collected);
                return;
            }
            m_listing = false;
            m_tools = collected;
            const bool first = m_state == State::Starting;
            setState(State::Ready);
            Q_EMIT toolsChanged();
            if (first)
                Q_EMIT ready();
            if (std::exchange(m_relistQueued, false)) {
                m_listing = true;
                listTools({}, {});
            }
        },
        m_options.requestTimeout);
}

void McpClient::callTool(const QString &name, const QJsonObject &arguments, ToolInvocation *call)
{
    if (m_state != State::Ready || !m_transport) {
        call->finish(ToolResult::error(tr("The MCP server “%1” is not running.").arg(m_config.name)));
        return;
    }
    const qint64 id = m_nextId; // request() takes this id; it doubles as the progress token
    const QJsonObject params {{QStringLiteral("name"), name},
                              {QStringLiteral("arguments"), arguments},
                              {QStringLiteral("_meta"), QJsonObject {{QStringLiteral("progressToken"), id}}}};
    QPointer<ToolInvocation> guard(call);
    request(
        QStringLiteral("tools/call"), params,
        [guard](const QJsonObject &result, const std::optional<RpcError> &error) {
            if (!guard)
                return;
            if (error) {
                guard->finish(ToolResult::error(error->message));
                return;
            }
            ToolResult r;
            r.content = contentText(result.value(QStringLiteral("content")).toArray());
            r.isError = result.value(QStringLiteral("isError")).toBool(false);
            if (result.value(QStringLiteral("structuredContent")).isObject())
                r.structured = result.value(QStringLiteral("structuredContent")).toObject();
            guard->finish(r);
        },
        std::chrono::milliseconds(0));
    m_pending[id].call = call;
    QPointer<McpClient> self(this);
    call->setCancelHandler([self, id] {
        if (!self || !self->m_pending.contains(id))
            return;
        self->m_pending.remove(id);
        self->notify(
            QStringLiteral("notifications/cancelled"),
            {{QStringLiteral("requestId"), id}, {QStringLiteral("reason"), QStringLiteral("cancelled by the user")}});
    });
}

void McpClient::handleMessage(const QJsonObject &message)
{
    const QString method = message.value(QStringLiteral("method")).toString();
    const QJsonValue id = message.value(QStringLiteral("id"));
    if (!method.isEmpty()) {
        if (id.isUndefined() || id.isNull())
            handleNotification(method, message.value(QStringLiteral("params")).toObject());
        else
            handleServerRequest(message);
        return;
    }
    if (!id.isDouble())
        return; // a response we never asked for
    auto it = m_pending.find(qint64(id.toDouble()));
    if (it == m_pending.end())
        return; // cancelled or timed out before the answer arrived
    Pending p = std::move(*it);
    m_pending.erase(it);
    if (!p.callback)
        return;
    if (message.contains(QStringLiteral("error"))) {
        const QJsonObject e = message.value(QStringLiteral("error")).toObject();
        p.callback({},
                   RpcError {e.value(QStringLiteral("code")).toInt(), e.value(QStringLiteral("message")).toString()});
    } else {
        p.callback(message.value(QStringLiteral("result")).toObject(), std::nullopt);
    }
}

void McpClient::handleServerRequest(const QJsonObject &message)
{
    const QString method = message.value(QStringLiteral("method")).toString();
    QJsonObject reply {{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                       {QStringLiteral("id"), message.value(QStringLiteral("id"))}};
    if (method == u"ping") {
        reply.insert(QStringLiteral("result"), QJsonObject {});
    } else if (method == u"roots/list" && !m_options.roots.isEmpty()) {
        QJsonArray roots;
        for (const QString &dir : m_options.roots) {
            roots.append(QJsonObject {{QStringLiteral("uri"), QUrl::fromLocalFile(dir).toString()},
                                      {QStringLiteral("name"), QDir(dir).dirName()}});
        }
        reply.insert(QStringLiteral("result"), QJsonObject {{QStringLiteral("roots"), roots}});
    } else {
        reply.insert(
            QStringLiteral("error"),
            QJsonObject {{QStringLiteral("code"), methodNotFound},
                         {QStringLiteral("message"), QStringLiteral("Skein does not support %1").arg(method)}});
    }
    if (m_transport)
        m_transport->send(reply);
}

void McpClient::handleNotification(const QString &method, const QJsonObject &params)
{
    if (method == u"notifications/tools/list_changed") {
        if (m_state != State::Ready)
            m_relistQueued = m_listing;
        else if (m_listing)
            m_relistQueued = true;
        else {
            m_listing = true;
            listTools({}, {});
        }
    } else if (method == u"notifications/progress") {
        const QJsonValue token = params.value(QStringLiteral("progressToken"));
        if (token.isDouble()) {
            auto it = m_pending.find(qint64(token.toDouble()));
            if (it != m_pending.end() && it->call) {
                it->call->reportProgress(params.value(QStringLiteral("progress")).toDouble(),
                                         params.value(QStringLiteral("total")).toDouble(0),
                                         params.value(QStringLiteral("message")).toString());
            }
        }
    } else if (method == u"notifications/message") {
        m_log->appendLine(QStringLiteral("[%1] %2").arg(params.value(QStringLiteral("level")).toString(),
                                                        params.value(QStringLiteral("data")).toVariant().toString()));
    }
    Q_EMIT notificationReceived(method, params);
}

void McpClient::fail(const QString &detail)
{
    m_lastError = detail;
    m_log->appendLine(QStringLiteral("[skein] ") + detail);
    if (m_transport) {
        McpTransport *transport = std::exchange(m_transport, nullptr);
        transport->disconnect(this);
        transport->stop();
        transport->deleteLater();
    }
    failAllPending(tr("The MCP server “%1” stopped working: %2").arg(m_config.name, detail));
    m_listing = false;
    m_relistQueued = false;
    setState(State::Failed);
    Q_EMIT failed(detail);
}

void McpClient::failAllPending(const QString &message)
{
    const auto pending = std::exchange(m_pending, {});
    for (const Pending &p : pending) {
        if (p.callback)
            p.callback({}, RpcError {-32000, message});
    }
}

} // namespace Skein
