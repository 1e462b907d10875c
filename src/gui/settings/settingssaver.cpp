#include "settingssaver.h"

#include "app/appcontext.h"
#include "storage/asyncstore.h"
#include "storage/providerrepository.h"
#include "storage/settingsrepository.h"
#include "storage/store.h"

namespace Skein {

SettingsSaver::SettingsSaver(AppContext &context, QObject *parent)
    : QObject(parent)
    , m_context(context)
{ }

SettingsSaver::~SettingsSaver() = default;

void SettingsSaver::save(const Settings::Values &values)
{
    ++m_pending;
    m_context.storage().write(
        this,
        [values](Store &store) -> Status {
            for (auto it = values.begin(); it != values.end(); ++it)
                if (Status s = store.settings().set(it.key(), it.value()); !s)
                    return s;
            return {};
        },
        [this](Status status) { finished(status.ok(), status.ok() ? QString() : status.error().message); });
}

void SettingsSaver::saveProvider(const ProviderConfig &provider)
{
    ++m_pending;
    m_context.storage().write(
        this, [provider](Store &store) { return store.providers().save(provider); },
        [this](Status status) { finished(status.ok(), status.ok() ? QString() : status.error().message); });
}

void SettingsSaver::removeProvider(const QString &providerId)
{
    ++m_pending;
    m_context.storage().write(
        this, [providerId](Store &store) { return store.providers().remove(providerId); },
        [this](Status status) { finished(status.ok(), status.ok() ? QString() : status.error().message); });
}

void SettingsSaver::run(std::function<Status(Store &)> job)
{
    ++m_pending;
    m_context.storage().write(this, std::move(job), [this](Status status) {
        finished(status.ok(), status.ok() ? QString() : status.error().message);
    });
}

void SettingsSaver::finished(bool ok, const QString &error)
{
    --m_pending;
    if (!ok)
        Q_EMIT failed(tr("A setting could not be saved: %1").arg(error));
    if (m_pending == 0)
        Q_EMIT idle();
}

} // namespace Skein
