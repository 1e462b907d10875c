#pragma once

#include "core/domain/providerconfig.h"
#include "core/settings/settingskeys.h"

#include "storage/result.h"

#include <QObject>

#include <functional>

namespace Skein {

class AppContext;
class Store;

// Writes what the Settings pages change through the storage writer thread, so nothing on the
// GUI thread waits for the disk. Counts writes in flight (tests wait for idle()) and reports
// failures in plain words.
class SettingsSaver final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SettingsSaver)

public:
    SettingsSaver(AppContext &context, QObject *parent = nullptr);
    ~SettingsSaver() override;

    void save(const Settings::Values &values);
    void saveProvider(const ProviderConfig &provider);
    void removeProvider(const QString &providerId);
    // Any other write (e.g. through an engine helper such as McpServerStore::save).
    void run(std::function<Status(Store &)> job);
    int pending() const { return m_pending; }

Q_SIGNALS:
    void failed(const QString &message);
    // Every queued write has finished.
    void idle();

private:
    void finished(bool ok, const QString &error);

    AppContext &m_context;
    int m_pending = 0;
};

} // namespace Skein
