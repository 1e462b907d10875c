// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "providerservice.h"

#include "engine/providers/providerkeys.h"
#include "engine/providers/providerkinds.h"
#include "providercheck.h"
#include "storage/asyncstore.h"
#include "storage/providerrepository.h"
#include "storage/store.h"

#include <QPointer>

namespace Skein {

ProviderService::ProviderService(AsyncStore &storage, SecretStore *secrets, QNetworkAccessManager *network,
                                 QObject *parent)
    : QObject(parent)
    , m_storage(storage)
    , m_secrets(secrets)
    , m_network(network)
{ }

ProviderService::~ProviderService() = default;

void ProviderService::list(QObject *context, std::function<void(Result<QList<ProviderConfig>>)> done)
{
    m_storage.read<QList<ProviderConfig>>(
        context, [](Store &store) { return store.providers().list(); }, std::move(done));
}

void ProviderService::save(const ProviderConfig &provider, QObject *context, std::function<void(Status)> done)
{
    m_storage.write(
        this, [provider](Store &store) { return store.providers().save(provider); },
        [this, guard = QPointer<QObject>(context), done = std::move(done)](Status status) {
            if (status)
                Q_EMIT changed();
            if (guard && done)
                done(std::move(status));
        });
}

void ProviderService::remove(const QString &providerId, QObject *context, std::function<void(Status)> done)
{
    m_storage.write(
        this, [providerId](Store &store) { return store.providers().remove(providerId); },
        [this, guard = QPointer<QObject>(context), done = std::move(done)](Status status) {
            if (status)
                Q_EMIT changed();
            if (guard && done)
                done(std::move(status));
        });
}

void ProviderService::storeKey(const QString &providerId, const QString &key, QObject *context,
                               SecretStore::Callback done)
{
    m_secrets->write(ProviderKinds::secretKey(providerId), key, context, std::move(done));
}

void ProviderService::readKey(const ProviderConfig &provider, QObject *context, SecretStore::Callback done)
{
    ProviderKeys::read(*m_secrets, provider, context, std::move(done));
}

void ProviderService::removeKey(const QString &providerId, QObject *context, SecretStore::Callback done)
{
    m_secrets->remove(ProviderKinds::secretKey(providerId), context, std::move(done));
}

ApiKeyState ProviderService::storedKeyState() const
{
    return m_secrets->availability() == SecretStore::Availability::SessionOnly ? ApiKeyState::Unknown
                                                                               : ApiKeyState::Keychain;
}

std::optional<ApiKeyState> ProviderService::learnedKeyState(const ProviderConfig &provider,
                                                            const SecretResult &result) const
{
    return ProviderKeys::learned(*m_secrets, provider, result);
}

SecretStore::Availability ProviderService::keyAvailability() const
{
    return m_secrets->availability();
}

QString ProviderService::keyAvailabilityReason() const
{
    return m_secrets->availabilityReason();
}

ProviderCheck *ProviderService::newCheck(const ProviderConfig &provider, QObject *parent)
{
    return new ProviderCheck(m_network, *m_secrets, provider, parent);
}

} // namespace Skein
