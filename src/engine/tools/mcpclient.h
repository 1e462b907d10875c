/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "engine/tools/mcpserverconfig.h"

#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QPointer>

#include <chrono>
#include <functional>
#include <memory>

class QNetworkAccessManager;

namespace Skein {

class McpServerLog;
class McpTransport;
class ToolInvocation;

// A tool as a server lists it.
struct McpToolInfo
{
    QString name;
    QString title;
    QString description;
    QJsonObject inputSchema;
    QJsonObject annotations;
    // Only a server's explicit annotations.readOnlyHint: true counts; everything else needs approval.
    bool readOnly = false;
};

// A JSON-RPC 2.0 client for one MCP server (2025-06-18, also accepting 2025-03-26 and 2024-11-05
// servers): initialize, tools/list with pagination, tools/call with progress and cancellation,
// list_changed re-listing, ping and roots/list answers, a stderr log and crash reports.
class McpClient final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(McpClient)

public:
    enum class State { Stopped, Starting, Ready, Failed };
    Q_ENUM(State)

    struct Options
    {
        QString logPath; // file for the server log; empty keeps it in memory only
        std::chrono::milliseconds requestTimeout {30000}; // initialize, tools/list
        // Directories offered to the server as roots (the capability is announced only when set).
        QStringList roots;
        QNetworkAccessManager *network = nullptr; // for HTTP servers; one is created when null
    };

    struct RpcError
    {
        int code = 0;
        QString message;
    };
    using Callback = std::function<void(const QJsonObject &result, const std::optional<RpcError> &error)>;

    static const QString protocolVersion; // the version we ask for
    static const QStringList supportedVersions;

    McpClient(const McpServerConfig &config, const Options &options, QObject *parent = nullptr);
    ~McpClient() override;

    const McpServerConfig &config() const { return m_config; }
    State state() const { return m_state; }
    // Why the server is Failed, for the user.
    QString lastError() const { return m_lastError; }
    QList<McpToolInfo> tools() const { return m_tools; }
    McpServerLog *log() const { return m_log; }
    QJsonObject serverInfo() const { return m_serverInfo; }
    QJsonObject serverCapabilities() const { return m_serverCapabilities; }
    QString negotiatedVersion() const { return m_negotiatedVersion; }

    // Connects, initializes and lists tools; ready() follows, or failed().
    void start();
    void stop();
    void restart();

    // Calls a tool; the result, progress and cancellation go through `call`.
    void callTool(const QString &name, const QJsonObject &arguments, ToolInvocation *call);
    // A raw request (tests, resources/prompts later). Returns the request id.
    qint64 request(const QString &method, const QJsonObject &params, Callback callback,
                   std::chrono::milliseconds timeout);
    void notify(const QString &method, const QJsonObject &params = {});

Q_SIGNALS:
    void stateChanged(Skein::McpClient::State state);
    void ready();
    void toolsChanged();
    // The server could not start, exited or broke the connection.
    void failed(const QString &detail);
    void notificationReceived(const QString &method, const QJsonObject &params);

private:
    struct Pending
    {
        Callback callback;
        QPointer<ToolInvocation> call; // set for tools/call
        std::shared_ptr<QObject> timer; // owns the request's timeout timer, if any
    };

    void setState(State state);
    void initialize();
    void listTools(const QString &cursor, QList<McpToolInfo> collected);
    void handleMessage(const QJsonObject &message);
    void handleServerRequest(const QJsonObject &message);
    void handleNotification(const QString &method, const QJsonObject &params);
    void fail(const QString &detail);
    void failAllPending(const QString &message);

    McpServerConfig m_config;
    Options m_options;
    McpServerLog *m_log;
    QNetworkAccessManager *m_network = nullptr;
    McpTransport *m_transport = nullptr;
    State m_state = State::Stopped;
    QString m_lastError;
    qint64 m_nextId = 1;
    QHash<qint64, Pending> m_pending;
    QList<McpToolInfo> m_tools;
    QJsonObject m_serverInfo;
    QJsonObject m_serverCapabilities;
    QString m_negotiatedVersion;
    bool m_relistQueued = false;
    bool m_listing = false;
};

} // namespace Skein
