// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "secrets/forwardingsecretstore.h"

namespace Skein {

ForwardingSecretStore::ForwardingSecretStore(std::unique_ptr<SecretStore> target, QObject *parent)
    : SecretStore(parent)
{
    setTarget(std::move(target));
}

ForwardingSecretStore::~ForwardingSecretStore() = default;

void ForwardingSecretStore::setTarget(std::unique_ptr<SecretStore> target)
{
    if (m_target)
        m_target->disconnect(this);
    m_target = std::move(target);
    if (!m_target)
        return;
    connect(m_target.get(), &SecretStore::availabilityChanged, this,
            [this](Availability availability) { setAvailability(availability, m_target->availabilityReason()); });
    setAvailability(m_target->availability(), m_target->availabilityReason());
}

void ForwardingSecretStore::read(const QString &key, QObject *context, Callback callback)
{
    m_target->read(key, context, std::move(callback));
}

void ForwardingSecretStore::write(const QString &key, const QString &value, QObject *context, Callback callback)
{
    m_target->write(key, value, context, std::move(callback));
}

void ForwardingSecretStore::remove(const QString &key, QObject *context, Callback callback)
{
    m_target->remove(key, context, std::move(callback));
}

} // namespace Skein
