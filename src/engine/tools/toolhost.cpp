// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/tools/toolhost.h"

#include "engine/tools/builtintools.h"
#include "engine/tools/mcpclient.h"
#include "engine/tools/mcpservers.h"
#include "engine/tools/toolregistry.h"
#include "secrets/secretstore.h"
#include "storage/asyncstore.h"
#include "storage/settingsrepository.h"
#include "storage/store.h"

#include <memory>

namespace Skein {

namespace {

struct Loaded
{
    Settings::Values settings;
    QList<McpServerConfig> servers;
};

} // namespace

ToolHost::ToolHost(AsyncStore *store, SecretStore *secrets, const QString &dataDir, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_secrets(secrets)
    , m_dataDir(dataDir)
    , m_registry(new ToolRegistry(this))
{
    connect(m_registry, &ToolRegistry::changed, this, &ToolHost::toolsChanged);
}

ToolHost::~ToolHost()
{
    stopAll();
}

bool ToolHost::isReady() const
{
    return m_loaded && (!m_servers || m_servers->isSettled());
}

void ToolHost::whenReady(QObject *context, std::function<void()> then)
{
    if (isReady()) {
        then();
        return;
    }
    auto connection = std::make_shared<QMetaObject::Connection>();
    *connection = connect(this, &ToolHost::ready, context, [connection, callback = std::move(then)] {
        QObject::disconnect(*connection);
        callback();
    });
}

QStringList ToolHost::failedServers() const
{
    QStringList out;
    if (m_servers)
        for (const McpClient *c : m_servers->clients())
            if (c->state() == McpClient::State::Failed)
                out << c->config().name;
    return out;
}

void ToolHost::reload()
{
    if (!m_store)
        return;
    const quint64 generation = ++m_generation;
    m_store->read<Loaded>(
        this,
        [](Store &store) -> Result<Loaded> {
            Result<QHash<QString, QString>> settings = store.settings().all();
            if (!settings)
                return settings.error();
            Result<QList<McpServerConfig>> servers = McpServerStore::load(store);
            if (!servers)
                return servers.error();
            return Loaded {settings.value(), servers.value()};
        },
        [this, generation](Result<Loaded> loaded) {
            if (generation != m_generation)
                return;
            if (!loaded) {
                Q_EMIT notice(
                    tr("Tools are unavailable: the settings could not be read (%1).").arg(loaded.error().message));
                loaded = Loaded {};
            }
            m_agent = Settings::AgentDefaults::from(loaded->settings);
            const bool review = Settings::MemoryDefaults::from(loaded->settings).reviewRequired;
            // The built-ins again, with the current review policy (add() replaces by name).
            registerBuiltinTools(*m_registry, asyncMemoryAccess(m_store),
                                 review ? MemorySaveTool::Review::Required : MemorySaveTool::Review::NotRequired,
                                 asyncStoreReads(m_store));
            // Unchanged servers keep running (settings were saved for another reason).
            const QByteArray configs = McpConfig::toJson(loaded->servers);
            if (m_loaded && configs == m_configsJson)
                return;
            m_configsJson = configs;
            m_configs = loaded->servers;
            // Env and header values come from the keychain, one server after another.
            QList<McpServerConfig> enabled;
            for (const McpServerConfig &server : std::as_const(m_configs))
                if (!server.disabled && m_serversEnabled)
                    enabled.append(server);
            withSecrets(generation, enabled, {});
        });
}

void ToolHost::withSecrets(quint64 generation, QList<McpServerConfig> todo, QList<McpServerConfig> done)
{
    if (generation != m_generation)
        return;
    while (!todo.isEmpty() && (!m_secrets || !McpServerStore::hasSecrets(todo.constFirst())))
        done.append(todo.takeFirst());
    if (todo.isEmpty()) {
        startServers(done);
        return;
    }
    McpServerConfig server = todo.takeFirst();
    m_secrets->read(McpServerStore::secretKey(server.name), this,
                    [this, generation, server, todo, done](const SecretResult &r) mutable {
                        if (r.ok())
                            McpServerStore::mergeSecret(server, r.value);
                        else
                            Q_EMIT notice(tr("MCP server %1 starts without its environment and headers: the "
                                             "keychain could not give them (%2).")
                                              .arg(server.name, r.message));
                        done.append(server);
                        withSecrets(generation, todo, done);
                    });
}

void ToolHost::startServers(const QList<McpServerConfig> &configs)
{
    if (m_servers) {
        m_servers->stopAll();
        m_servers->deleteLater();
        m_servers = nullptr;
    }
    m_loaded = true;
    if (configs.isEmpty()) {
        Q_EMIT ready();
        return;
    }
    m_servers = new McpServerSet(m_registry, m_dataDir, this);
    connect(m_servers, &McpServerSet::serverFailed, this, &ToolHost::serverFailed);
    McpServerSet *set = m_servers;
    connect(m_servers, &McpServerSet::settled, this, [this, set] {
        if (set == m_servers)
            Q_EMIT ready();
    });
    m_servers->start(configs, m_startTimeout);
}

void ToolHost::restartServer(const QString &name)
{
    if (!m_servers)
        return;
    for (McpClient *c : m_servers->clients())
        if (c->config().name == name)
            c->restart();
}

void ToolHost::stopAll()
{
    ++m_generation;
    if (m_servers)
        m_servers->stopAll();
}

} // namespace Skein
