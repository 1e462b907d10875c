/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/providerconfig.h"
#include "secrets/secretstore.h"
#include "storage/result.h"

#include <QObject>

#include <functional>
#include <optional>

class QNetworkAccessManager;

namespace Skein {

class AsyncStore;
class ProviderCheck;

// The configured providers (in the database) and their API keys (in the SecretStore under
// ProviderKinds::secretKey(id), never in the database), for the Settings dialog and the first-run
// page. Storage jobs run on the storage threads; `done` runs on the GUI thread, and only while
// `context` is alive. Change signals come after the write committed, whoever asked.
class ProviderService final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ProviderService)

public:
    // `secrets` and `network` are not owned; AppContext keeps it the current one.
    ProviderService(AsyncStore &storage, SecretStore *secrets, QNetworkAccessManager *network,
                    QObject *parent = nullptr);
    ~ProviderService() override;

    // Every configured provider, by name.
    void list(QObject *context, std::function<void(Result<QList<ProviderConfig>>)> done);
    // Inserts or replaces by id.
    void save(const ProviderConfig &provider, QObject *context, std::function<void(Status)> done);
    // Removes the provider (its key is removeKey's business: only the caller knows whether it has one).
    void remove(const QString &providerId, QObject *context, std::function<void(Status)> done);

    // Keeps a key (typed by the user) for the provider.
    void storeKey(const QString &providerId, const QString &key, QObject *context, SecretStore::Callback done);
    // The provider's key; one recorded without a key gets NotFound without asking the keychain.
    void readKey(const ProviderConfig &provider, QObject *context, SecretStore::Callback done);
    void removeKey(const QString &providerId, QObject *context, SecretStore::Callback done);
    // What to record in ProviderConfig::apiKey once storeKey succeeded: Keychain, or Unknown when
    // no keychain works and the key is only kept until Skein quits.
    ApiKeyState storedKeyState() const;
    // What a readKey answer taught about the provider's key, when that differs from its record.
    std::optional<ApiKeyState> learnedKeyState(const ProviderConfig &provider, const SecretResult &result) const;
    SecretStore::Availability keyAvailability() const;
    // Why the keychain cannot be used (empty while it can, or while nothing is known).
    QString keyAvailabilityReason() const;

    // A connection test / model list fetch for the provider, owned by `parent`; connect to its
    // finished() and start() it.
    ProviderCheck *newCheck(const ProviderConfig &provider, QObject *parent);

Q_SIGNALS:
    // A provider was saved or removed.
    void changed();

private:
    AsyncStore &m_storage;
    SecretStore *m_secrets;
    QNetworkAccessManager *m_network;
};

} // namespace Skein
