// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "mcpservers.h"

#include "core/settings/settingskeys.h"
#include "engine/tools/mcpserverlog.h"
#include "engine/tools/mcptool.h"
#include "engine/tools/toolregistry.h"
#include "storage/settingsrepository.h"
#include "storage/store.h"

#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>

namespace Skein {

namespace {

QJsonObject mapJson(const QMap<QString, QString> &map)
{
    QJsonObject o;
    for (auto it = map.begin(); it != map.end(); ++it)
        o.insert(it.key(), it.value());
    return o;
}

void blank(QMap<QString, QString> &map)
{
    for (auto it = map.begin(); it != map.end(); ++it)
        it.value().clear();
}

} // namespace

QString McpServerStore::settingsKey()
{
    return QString(Settings::Keys::mcpServers.key);
}

QString McpServerStore::secretKey(const QString &serverName)
{
    return QStringLiteral("mcp-server/") + serverName;
}

Result<QList<McpServerConfig>> McpServerStore::load(Store &store)
{
    Result<std::optional<QString>> text = store.settings().get(settingsKey());
    if (!text)
        return text.error();
    if (!text.value())
        return QList<McpServerConfig> {};
    McpConfigParseResult parsed = McpConfig::parse(text.value()->toUtf8());
    return parsed.servers;
}

Status McpServerStore::save(Store &store, const QList<McpServerConfig> &servers)
{
    QList<McpServerConfig> stripped = servers;
    for (McpServerConfig &s : stripped) {
        blank(s.env);
        blank(s.headers);
    }
    return store.settings().set(settingsKey(), QString::fromUtf8(McpConfig::toJson(stripped)));
}

bool McpServerStore::hasSecrets(const McpServerConfig &server)
{
    return !server.env.isEmpty() || !server.headers.isEmpty();
}

QString McpServerStore::secretOf(const McpServerConfig &server)
{
    if (!hasSecrets(server))
        return {};
    const QJsonObject o {{QStringLiteral("env"), mapJson(server.env)},
                         {QStringLiteral("headers"), mapJson(server.headers)}};
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

void McpServerStore::mergeSecret(McpServerConfig &server, const QString &secret)
{
    const QJsonObject o = QJsonDocument::fromJson(secret.toUtf8()).object();
    const QJsonObject env = o.value(QStringLiteral("env")).toObject();
    const QJsonObject headers = o.value(QStringLiteral("headers")).toObject();
    for (auto it = env.begin(); it != env.end(); ++it)
        server.env.insert(it.key(), it.value().toString());
    for (auto it = headers.begin(); it != headers.end(); ++it)
        server.headers.insert(it.key(), it.value().toString());
}

McpServerSet::McpServerSet(ToolRegistry *registry, const QString &dataDir, QObject *parent)
    : QObject(parent)
    , m_registry(registry)
    , m_dataDir(dataDir)
{
    m_timeout.setSingleShot(true);
    connect(&m_timeout, &QTimer::timeout, this, [this] {
        if (!m_settled) {
            m_settled = true;
            Q_EMIT settled();
        }
    });
}

McpServerSet::~McpServerSet()
{
    stopAll();
}

void McpServerSet::start(const QList<McpServerConfig> &servers, std::chrono::milliseconds timeout)
{
    for (const McpServerConfig &config : servers) {
        if (config.disabled)
            continue;
        McpClient::Options options;
        if (!m_dataDir.isEmpty())
            options.logPath = McpServerLog::defaultPath(m_dataDir, config.name);
        auto *client = new McpClient(config, options, this);
        m_clients.append(client);
        McpTool::syncRegistry(client, m_registry);
        connect(client, &McpClient::ready, this, &McpServerSet::check);
        connect(client, &McpClient::failed, this, [this, client](const QString &detail) {
            Q_EMIT serverFailed(client->config().name, detail);
            check();
        });
        client->start();
    }
    m_timeout.start(timeout);
    check();
}

void McpServerSet::check()
{
    if (m_settled)
        return;
    for (McpClient *c : std::as_const(m_clients))
        if (c->state() != McpClient::State::Ready && c->state() != McpClient::State::Failed)
            return;
    m_settled = true;
    m_timeout.stop();
    QMetaObject::invokeMethod(this, &McpServerSet::settled, Qt::QueuedConnection);
}

void McpServerSet::stopAll()
{
    for (McpClient *c : std::as_const(m_clients))
        c->stop();
}

} // namespace Skein
