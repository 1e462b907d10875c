// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "secretstore.h"

namespace Skein {

SecretStore::SecretStore(QObject *parent)
    : QObject(parent)
{ }

SecretStore::~SecretStore() = default;

void SecretStore::setAvailability(Availability availability, const QString &reason)
{
    if (availability == m_availability && reason == m_reason)
        return;
    m_availability = availability;
    m_reason = reason;
    Q_EMIT availabilityChanged(availability);
}

void SecretStore::deliverLater(QObject *context, Callback callback, SecretResult result)
{
    Q_ASSERT(context);
    QMetaObject::invokeMethod(
        this,
        [guard = QPointer<QObject>(context), callback = std::move(callback), result = std::move(result)] {
            deliverNow(guard, callback, result);
        },
        Qt::QueuedConnection);
}

void SecretStore::deliverNow(const QPointer<QObject> &context, const Callback &callback, const SecretResult &result)
{
    if (context && callback)
        callback(result);
}

} // namespace Skein
