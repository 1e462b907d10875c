#include "appcontext.h"

#include "secrets/keychaininfo.h"
#include "storage/sqliteinfo.h"
#include "storage/store.h"

#include <QDir>
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

QList<ComponentVersion> AppContext::componentVersions() const
{
    return {
        {QStringLiteral("Qt"), QString::fromLatin1(qVersion())},
         {QStringLiteral("SQLite"), SqliteInfo::libraryVersion()},
          {QStringLiteral("QtKeychain"), KeychainInfo::libraryVersion()},
         };
}

} // namespace Skein
