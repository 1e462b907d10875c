/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "engine/tools/mcpserverconfig.h"
#include "secrets/secretstore.h"
#include "storage/result.h"

#include <QObject>

#include <functional>

namespace Skein {

class AsyncStore;

// The user's MCP servers for the Settings dialog: the list is stored in the settings table
// (Settings::Keys::mcpServers, env and header values blanked), those values in the SecretStore
// (McpServerStore). Jobs run off the GUI thread; `done` runs on the GUI thread, and only while
// `context` is alive.
class McpServerService final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(McpServerService)

public:
    // `secrets` is not owned; AppContext keeps it the current one.
    McpServerService(AsyncStore &storage, SecretStore *secrets, const QString &dataDir, QObject *parent = nullptr);
    ~McpServerService() override;

    // Replaces the stored list.
    void save(const QList<McpServerConfig> &servers, QObject *context, std::function<void(Status)> done);
    // Keeps the server's env and header values in the SecretStore; a server without any is skipped
    // (done is not called).
    void storeSecrets(const McpServerConfig &server, QObject *context, SecretStore::Callback done);
    void removeSecrets(const QString &serverName, QObject *context, SecretStore::Callback done);
    // Reads a desktop-format {"mcpServers": …} file on a worker thread.
    void readFile(const QString &path, QObject *context, std::function<void(McpConfigParseResult)> done);
    // Where the server's error output is logged (the file exists once it has been started).
    QString logPath(const QString &serverName) const;

Q_SIGNALS:
    // The stored list changed.
    void changed();

private:
    AsyncStore &m_storage;
    SecretStore *m_secrets;
    QString m_dataDir;
};

} // namespace Skein
