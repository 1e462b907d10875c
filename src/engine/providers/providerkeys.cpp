// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "engine/providers/providerkeys.h"

#include "engine/providers/providerkinds.h"

#include <QCoreApplication>
#include <QPointer>

namespace Skein::ProviderKeys {

void read(SecretStore &secrets, const ProviderConfig &provider, QObject *context, SecretStore::Callback callback)
{
    if (provider.apiKey != ApiKeyState::None) {
        secrets.read(ProviderKinds::secretKey(provider.id), context, std::move(callback));
        return;
    }
    SecretResult none;
    none.status = SecretResult::Status::NotFound;
    QMetaObject::invokeMethod(
        context, [callback = std::move(callback), none] { callback(none); }, Qt::QueuedConnection);
}

std::optional<ApiKeyState> learned(const SecretStore &secrets, const ProviderConfig &provider,
                                   const SecretResult &result)
{
    std::optional<ApiKeyState> state;
    if (result.status == SecretResult::Status::Ok && secrets.availability() == SecretStore::Availability::Available)
        state = ApiKeyState::Keychain;
    else if (result.status == SecretResult::Status::NotFound)
        state = ApiKeyState::None;
    if (state && *state == provider.apiKey)
        return std::nullopt;
    return state;
}

QString unavailableHelp(const QString &providerName, const QString &reason)
{
    return QCoreApplication::translate(
               "Skein::ProviderKeys",
               "The API key of %1 is in the system keychain, but the keychain cannot be used here (%2). Either "
               "give the key for this run from an environment variable (skein-cli send --api-key-env VARIABLE), "
               "or run where a Secret Service is available (a desktop session, or on a headless machine "
               "gnome-keyring unlocked inside dbus-run-session).")
        .arg(providerName, reason);
}

} // namespace Skein::ProviderKeys
