/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "engine/tools/mcpclient.h"
#include "engine/tools/mcpserverconfig.h"
#include "storage/result.h"

#include <QCoreApplication>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QTimer>

namespace Skein {

class Store;
class ToolRegistry;

// The user's MCP servers, stored in the settings table (Settings::Keys::mcpServers) in the
// mcpServers format.
// env and header *values* may be tokens (SPEC §7): they are blanked here and kept in the
// SecretStore under secretKey(name) as a JSON object {"env": {...}, "headers": {...}}.
class McpServerStore final
{
    Q_DECLARE_TR_FUNCTIONS(Skein::McpServerStore)

public:
    static QString settingsKey();
    static QString secretKey(const QString &serverName);
    // The stored list; env/header values are empty until merged with their secret.
    static Result<QList<McpServerConfig>> load(Store &store);
    // Saves the list with env/header values blanked.
    static Status save(Store &store, const QList<McpServerConfig> &servers);
    // What to keep in the SecretStore for a server; empty when it has no env or headers.
    static QString secretOf(const McpServerConfig &server);
    static void mergeSecret(McpServerConfig &server, const QString &secret);
    static bool hasSecrets(const McpServerConfig &server);
};

// Runs the enabled servers of a list and keeps their tools in a registry (`server__tool`).
// settled() fires once every server is ready or failed, or when the start timeout passed, so a
// caller can send its first request with the tools that are there.
class McpServerSet final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(McpServerSet)

public:
    // Server logs go to McpServerLog::defaultPath(dataDir, name); empty dataDir: memory only.
    McpServerSet(ToolRegistry *registry, const QString &dataDir, QObject *parent = nullptr);
    ~McpServerSet() override;

    void start(const QList<McpServerConfig> &servers, std::chrono::milliseconds timeout);
    QList<McpClient *> clients() const { return m_clients; }
    bool isSettled() const { return m_settled; }
    void stopAll();

Q_SIGNALS:
    void settled();
    void serverFailed(const QString &name, const QString &detail);

private:
    void check();

    QPointer<ToolRegistry> m_registry;
    QString m_dataDir;
    QList<McpClient *> m_clients;
    QTimer m_timeout;
    bool m_settled = false;
};

} // namespace Skein
