#pragma once

#include "storage/result.h"

#include <QObject>
#include <QString>
#include <memory>

class QNetworkAccessManager;
class QSettings;

namespace Skein {

class AsyncStore;
class MemoryHousekeeper;
class SecretStore;
class Store;

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
    // Where API keys live: the OS keychain unless a test injected another store.
    SecretStore &secrets();
    void setSecretStore(std::unique_ptr<SecretStore> store);

    // The context engine's background work (summaries, memories, idle compaction, topic checks)
    // over storage(), network() and secrets(); created on first use, after storage() is open.
    // Feed it turnCompleted(sessionId, assistantMessageId) and call start() for idle checks.
    MemoryHousekeeper &housekeeper();

    // Versions of the libraries Skein runs on, for the About box and --version.
    QList<ComponentVersion> componentVersions() const;

private:
    QString m_dataDir;
    std::unique_ptr<QSettings> m_uiState;
    QNetworkAccessManager *m_network = nullptr;
    AsyncStore *m_storage = nullptr;
    std::unique_ptr<SecretStore> m_secrets;
    MemoryHousekeeper *m_housekeeper = nullptr;
};

} // namespace Skein
