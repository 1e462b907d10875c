/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/settings/settingskeys.h"
#include "engine/tools/mcpserverconfig.h"

#include <QCoreApplication>
#include <QObject>
#include <QPointer>

#include <chrono>
#include <functional>

namespace Skein {

class AsyncStore;
class McpServerSet;
class SecretStore;
class ToolRegistry;

// The tools of a long-running process (the desktop app): the built-ins, with the memory tools
// going through AsyncStore, and the user's enabled MCP servers, started in the background.
// reload() reads the settings again (memory review, agent limits, MCP servers with their secrets
// from the keychain) and restarts the servers; runs in flight keep their registry. Never blocks
// the caller's thread.
class ToolHost final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ToolHost)

public:
    ToolHost(AsyncStore *store, SecretStore *secrets, const QString &dataDir, QObject *parent = nullptr);
    ~ToolHost() override;

    ToolRegistry *registry() const { return m_registry; }
    // The agent limits from the settings (SPEC §5.2 until loaded).
    Settings::AgentDefaults agentDefaults() const { return m_agent; }
    // True once the built-ins are registered and every MCP server is ready, failed or timed out.
    bool isReady() const;
    // Runs `then` when isReady() (at once if it is); dropped when `context` is gone.
    void whenReady(QObject *context, std::function<void()> then);
    // Whether reload() starts the user's MCP servers (default) or registers the built-ins only
    // (skein-cli --no-servers).
    void setServersEnabled(bool enabled) { m_serversEnabled = enabled; }
    // How long servers get to start before the first request goes out without them.
    void setStartTimeout(std::chrono::milliseconds timeout) { m_startTimeout = timeout; }
    // The configured servers as last loaded, and the state of each running one.
    QList<McpServerConfig> servers() const { return m_configs; }
    // Names of the servers that failed (crashed or could not start).
    QStringList failedServers() const;

public Q_SLOTS:
    void reload();
    // Starts one server again after it failed (its log says why).
    void restartServer(const QString &name);
    void stopAll();

Q_SIGNALS:
    void ready();
    // A server could not start or crashed; detail is its own words (or ours).
    void serverFailed(const QString &name, const QString &detail);
    // The registry's tool list changed (a server came up, a list_changed arrived).
    void toolsChanged();
    // Something the user should read (settings could not be read, a secret is unavailable).
    void notice(const QString &text);

private:
    void withSecrets(quint64 generation, QList<McpServerConfig> todo, QList<McpServerConfig> done);
    void startServers(const QList<McpServerConfig> &configs);

    QPointer<AsyncStore> m_store;
    QPointer<SecretStore> m_secrets;
    QString m_dataDir;
    ToolRegistry *m_registry;
    McpServerSet *m_servers = nullptr;
    QList<McpServerConfig> m_configs;
    QByteArray m_configsJson;
    Settings::AgentDefaults m_agent;
    std::chrono::milliseconds m_startTimeout {std::chrono::seconds(20)};
    quint64 m_generation = 0;
    bool m_loaded = false;
    bool m_serversEnabled = true;
};

} // namespace Skein
