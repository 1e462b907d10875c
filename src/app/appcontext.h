/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "storage/result.h"

#include <QObject>
#include <QString>
#include <memory>

class QNetworkAccessManager;
class QSettings;

namespace Skein {

class AsyncStore;
class Conversations;
class ContextService;
class MemoryService;
class SessionService;
class StartupService;
class ForwardingSecretStore;
class MemoryHousekeeper;
class SecretStore;
class Store;
class ToolHost;
class TurnRunner;

// Settings services (src/app/settings/).
class ApprovalService;
class DataService;
class McpServerService;
class ProviderService;
class SettingsService;

struct ComponentVersion
{
    QString name;
    QString version;
};

// The composition root: owns every service the GUI and the CLI use. Construct one per process
// (tests construct one per test with a temporary data dir). Nothing here touches widgets.
class AppContext final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AppContext)

public:
    // dataDir must exist (see DataDir::ensure).
    explicit AppContext(const QString &dataDir, QObject *parent = nullptr);
    ~AppContext() override;

    QString dataDir() const;
    // UI state (window geometry, dock layout): an ini file inside the data dir, so that
    // --data-dir keeps everything of one profile together.
    QSettings &uiState();

    // A synchronous store on <dataDir>/skein.db for the calling thread (opening migrates and may
    // take a backup). For the CLI and worker threads; never call it on the GUI thread.
    Result<std::unique_ptr<Store>> openStore() const;

    // Start-up repair (Recovery::restore): replies left `generating` by a crash become
    // `interrupted`, interrupted tool runs get their chains closed; sessions another live process
    // is running are left alone. Returns how many repairs were made. Call once per process start
    // (GUI and CLI), before anything streams into this data dir.
    Result<int> recoverAfterCrash(Store &store) const;

    // The storage service for the GUI thread: batched writes and reads on their own threads
    // (created on first use; open it with AsyncStore::open before using it).
    AsyncStore &storage();

    // The one network manager every provider client shares (created on first use, this thread).
    QNetworkAccessManager *network();
    // Where API keys live: the OS keychain unless another store was set. The object stays the
    // same when the store behind it is replaced, so services keep it.
    SecretStore &secrets();
    void setSecretStore(std::unique_ptr<SecretStore> store);

    // The context engine's background work (summaries, memories, idle compaction, topic checks)
    // over storage(), network() and secrets(); created on first use, after storage() is open.
    // conversations() feeds it every finished turn; call start() for idle checks.
    MemoryHousekeeper &housekeeper();

    // The tools of this process: the built-ins and the user's MCP servers (created on first use;
    // reload() reads the settings and starts the servers).
    ToolHost &tools();
    // One turn per conversation at a time, here and across processes on this data dir.
    TurnRunner &turns();
    // Where conversations are run (documents and turns), for the app and the CLI alike; created on
    // first use over storage(), network(), secrets(), tools(), turns() and housekeeper().
    Conversations &conversations();
    // What the panels ask instead of the store (src/app/services), created on first use:
    // the conversation list's work (list, rename, pin, archive, delete with undo, …),
    SessionService &sessions();
    // the memory inspector's,
    MemoryService &memories();
    // the context inspector's (what a reply was sent, what the next message would send),
    ContextService &contextService();
    // and opening the database at start, crash repair, salvage and usage figures.
    StartupService &startup();

    // Versions of the libraries Skein runs on, for the About box and --version.
    QList<ComponentVersion> componentVersions() const;

    // --- Settings services (src/app/settings/): what the Settings dialog and the first-run page
    // ask instead of the store. Created on first use over storage() (open it first), secrets()
    // and network(); owned here.
    SettingsService &settingsService();
    ProviderService &providerService();
    McpServerService &mcpServerService();
    ApprovalService &approvalService();
    DataService &dataService();
    // --- end of the settings services

private:
    QString m_dataDir;
    std::unique_ptr<QSettings> m_uiState;
    QNetworkAccessManager *m_network = nullptr;
    AsyncStore *m_storage = nullptr;
    ForwardingSecretStore *m_secrets = nullptr;
    MemoryHousekeeper *m_housekeeper = nullptr;
    ToolHost *m_tools = nullptr;
    TurnRunner *m_turns = nullptr;
    Conversations *m_conversations = nullptr;
    SessionService *m_sessions = nullptr;
    MemoryService *m_memories = nullptr;
    ContextService *m_contextService = nullptr;
    StartupService *m_startup = nullptr;

    // Settings services, created on first use.
    SettingsService *m_settingsService = nullptr;
    ProviderService *m_providerService = nullptr;
    McpServerService *m_mcpServerService = nullptr;
    ApprovalService *m_approvalService = nullptr;
    DataService *m_dataService = nullptr;
};

} // namespace Skein
