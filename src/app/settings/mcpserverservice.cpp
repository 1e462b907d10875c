// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "mcpserverservice.h"

#include "engine/tools/mcpserverlog.h"
#include "engine/tools/mcpservers.h"
#include "storage/asyncstore.h"

#include <QCoreApplication>
#include <QPointer>
#include <QThreadPool>

namespace Skein {

McpServerService::McpServerService(AsyncStore &storage, SecretStore *secrets, const QString &dataDir, QObject *parent)
    : QObject(parent)
    , m_storage(storage)
    , m_secrets(secrets)
    , m_dataDir(dataDir)
{ }

McpServerService::~McpServerService() = default;

void McpServerService::save(const QList<McpServerConfig> &servers, QObject *context, std::function<void(Status)> done)
{
    m_storage.write(
        this, [servers](Store &store) { return McpServerStore::save(store, servers); },
        [this, guard = QPointer<QObject>(context), done = std::move(done)](Status status) {
            if (status)
                Q_EMIT changed();
            if (guard && done)
                done(std::move(status));
        });
}

void McpServerService::storeSecrets(const McpServerConfig &server, QObject *context, SecretStore::Callback done)
{
    if (!McpServerStore::hasSecrets(server))
        return;
    m_secrets->write(McpServerStore::secretKey(server.name), McpServerStore::secretOf(server), context,
                     std::move(done));
}

void McpServerService::removeSecrets(const QString &serverName, QObject *context, SecretStore::Callback done)
{
    m_secrets->remove(McpServerStore::secretKey(serverName), context, std::move(done));
}

void McpServerService::readFile(const QString &path, QObject *context, std::function<void(McpConfigParseResult)> done)
{
    QPointer<QObject> guard(context);
    QThreadPool::globalInstance()->start([guard, path, done = std::move(done)] {
        McpConfigParseResult parsed = McpConfig::importFile(path);
        QMetaObject::invokeMethod(
            qApp,
            [guard, done, parsed = std::move(parsed)] {
                if (guard && done)
                    done(parsed);
            },
            Qt::QueuedConnection);
    });
}

QString McpServerService::logPath(const QString &serverName) const
{
    return McpServerLog::defaultPath(m_dataDir, serverName);
}

} // namespace Skein
