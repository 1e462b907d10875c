// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "appcontext.h"

#include "app/conversations.h"
#include "app/services/contextservice.h"
#include "app/services/memoryservice.h"
#include "app/services/sessionservice.h"
#include "app/services/startupservice.h"
#include "engine/memory/memoryhousekeeper.h"
#include "engine/tools/toolhost.h"
#include "engine/turn/recovery.h"
#include "engine/turn/sessionlock.h"
#include "engine/turn/turnrunner.h"
#include "secrets/forwardingsecretstore.h"
#include "secrets/keychaininfo.h"
#include "secrets/keychainsecretstore.h"
#include "storage/asyncstore.h"
#include "storage/sqliteinfo.h"
#include "storage/store.h"

#include "app/settings/approvalservice.h"
#include "app/settings/dataservice.h"
#include "app/settings/mcpserverservice.h"
#include "app/settings/providerservice.h"
#include "app/settings/settingsservice.h"

#include <QDir>
#include <QNetworkAccessManager>
#include <QSettings>
#include <QtVersion>

namespace Skein {

AppContext::AppContext(const QString &dataDir, QObject *parent)
    : QObject(parent)
    , m_dataDir(dataDir)
    , m_uiState(
          std::make_unique<QSettings>(QDir(dataDir).filePath(QStringLiteral("ui-state.ini")), QSettings::IniFormat))
{ }

AppContext::~AppContext()
{
    // Those that use the storage go first; turns still running stop (a turn waiting for an
    // approval stays waiting on disk and asks again at the next start).
    delete m_conversations;
    delete m_sessions;
    delete m_memories;
    delete m_contextService;
    delete m_startup;
    delete m_turns;
    delete m_tools;
    delete m_housekeeper;
}

QString AppContext::dataDir() const
{
    return m_dataDir;
}

QSettings &AppContext::uiState()
{
    return *m_uiState;
}

Result<std::unique_ptr<Store>> AppContext::openStore() const
{
    return Store::open(m_dataDir);
}

Result<int> AppContext::recoverAfterCrash(Store &store) const
{
    Result<Recovery::Report> report = Recovery::restore(store, SessionLock::skipLocked(m_dataDir));
    if (!report)
        return report.error();
    return report->total();
}

AsyncStore &AppContext::storage()
{
    if (!m_storage)
        m_storage = new AsyncStore(this);
    return *m_storage;
}

QNetworkAccessManager *AppContext::network()
{
    if (!m_network)
        m_network = new QNetworkAccessManager(this);
    return m_network;
}

SecretStore &AppContext::secrets()
{
    if (!m_secrets)
        m_secrets = new ForwardingSecretStore(std::make_unique<KeychainSecretStore>(), this);
    return *m_secrets;
}

void AppContext::setSecretStore(std::unique_ptr<SecretStore> store)
{
    if (!m_secrets)
        m_secrets = new ForwardingSecretStore(std::move(store), this);
    else
        m_secrets->setTarget(std::move(store));
}

MemoryHousekeeper &AppContext::housekeeper()
{
    if (!m_housekeeper)
        m_housekeeper = new MemoryHousekeeper(&storage(), network(), &secrets(), this);
    return *m_housekeeper;
}

ToolHost &AppContext::tools()
{
    if (!m_tools)
        m_tools = new ToolHost(&storage(), &secrets(), m_dataDir, this);
    return *m_tools;
}

TurnRunner &AppContext::turns()
{
    if (!m_turns)
        m_turns = new TurnRunner(&storage(), tools().registry(), m_dataDir, this);
    return *m_turns;
}

Conversations &AppContext::conversations()
{
    if (!m_conversations) {
        Conversations::Services services;
        services.store = &storage();
        services.network = network();
        services.secrets = &secrets();
        services.tools = &tools();
        services.runner = &turns();
        services.housekeeper = &housekeeper();
        m_conversations = new Conversations(services, this);
    }
    return *m_conversations;
}

SessionService &AppContext::sessions()
{
    if (!m_sessions)
        m_sessions = new SessionService(storage(), this);
    return *m_sessions;
}

MemoryService &AppContext::memories()
{
    if (!m_memories)
        m_memories = new MemoryService(&storage(), this);
    return *m_memories;
}

ContextService &AppContext::contextService()
{
    if (!m_contextService)
        m_contextService = new ContextService(storage(), this);
    return *m_contextService;
}

StartupService &AppContext::startup()
{
    if (!m_startup)
        m_startup = new StartupService(storage(), m_dataDir, this);
    return *m_startup;
}

QList<ComponentVersion> AppContext::componentVersions() const
{
    return {
        {QStringLiteral("Qt"), QString::fromLatin1(qVersion())},
        {QStringLiteral("SQLite"), SqliteInfo::libraryVersion()},
        {QStringLiteral("QtKeychain"), KeychainInfo::libraryVersion()},
    };
}

// --- Settings services

SettingsService &AppContext::settingsService()
{
    if (!m_settingsService)
        m_settingsService = new SettingsService(storage(), this);
    return *m_settingsService;
}

ProviderService &AppContext::providerService()
{
    if (!m_providerService)
        m_providerService = new ProviderService(storage(), &secrets(), network(), this);
    return *m_providerService;
}

McpServerService &AppContext::mcpServerService()
{
    if (!m_mcpServerService)
        m_mcpServerService = new McpServerService(storage(), &secrets(), m_dataDir, this);
    return *m_mcpServerService;
}

ApprovalService &AppContext::approvalService()
{
    if (!m_approvalService)
        m_approvalService = new ApprovalService(storage(), this);
    return *m_approvalService;
}

DataService &AppContext::dataService()
{
    if (!m_dataService)
        m_dataService = new DataService(storage(), m_dataDir, this);
    return *m_dataService;
}

// --- end of the settings services

} // namespace Skein
