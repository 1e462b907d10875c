// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "memorysecretstore.h"

namespace Skein {

MemorySecretStore::MemorySecretStore(QObject *parent)
    : SecretStore(parent)
{
    setAvailability(Availability::Available);
}

MemorySecretStore::~MemorySecretStore() = default;

void MemorySecretStore::read(const QString &key, QObject *context, Callback callback)
{
    SecretResult result;
    if (availability() == Availability::Unavailable) {
        result.message = availabilityReason();
    } else if (auto it = m_values.constFind(key); it != m_values.cend()) {
        result.status = SecretResult::Status::Ok;
        result.value = *it;
    } else {
        result.status = SecretResult::Status::NotFound;
    }
    deliverLater(context, std::move(callback), std::move(result));
}

void MemorySecretStore::write(const QString &key, const QString &value, QObject *context, Callback callback)
{
    SecretResult result;
    if (availability() == Availability::Unavailable) {
        result.message = availabilityReason();
    } else {
        m_values.insert(key, value);
        result.status = SecretResult::Status::Ok;
    }
    deliverLater(context, std::move(callback), std::move(result));
}

void MemorySecretStore::remove(const QString &key, QObject *context, Callback callback)
{
    SecretResult result;
    if (availability() == Availability::Unavailable)
        result.message = availabilityReason();
    else
        result.status = m_values.remove(key) ? SecretResult::Status::Ok : SecretResult::Status::NotFound;
    deliverLater(context, std::move(callback), std::move(result));
}

void MemorySecretStore::simulateUnavailable(const QString &reason)
{
    m_values.clear();
    setAvailability(Availability::Unavailable, reason);
}

} // namespace Skein
