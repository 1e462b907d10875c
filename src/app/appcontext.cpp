#include "appcontext.h"

#include "engine/agent/sessionlock.h"
#include "engine/memory/memoryhousekeeper.h"
#include "engine/recovery.h"
#include "secrets/keychaininfo.h"
#include "secrets/keychainsecretstore.h"
#include "storage/asyncstore.h"
#include "storage/sqliteinfo.h"
#include "storage/store.h"

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

AppContext::~AppContext() = default;

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
        m_secrets = std::make_unique<KeychainSecretStore>();
    return *m_secrets;
}

void AppContext::setSecretStore(std::unique_ptr<SecretStore> store)
{
    m_secrets = std::move(store);
    if (m_housekeeper)
        m_housekeeper->setSecretStore(m_secrets.get());
}

MemoryHousekeeper &AppContext::housekeeper()
{
    if (!m_housekeeper)
        m_housekeeper = new MemoryHousekeeper(&storage(), network(), &secrets(), this);
    return *m_housekeeper;
}

QList<ComponentVersion> AppContext::componentVersions() const
{
    return {
        {QStringLiteral("Qt"), QString::fromLatin1(qVersion())},
         {QStringLiteral("SQLite"), SqliteInfo::libraryVersion()},
          {QStringLiteral("QtKeychain"), KeychainInfo::libraryVersion()},
         };
}

} // namespace Skein
