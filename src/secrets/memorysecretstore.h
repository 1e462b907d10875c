/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "secretstore.h"

#include <QHash>

namespace Skein {

// Secrets in a hash, for tests and for fakes in AppContext; same asynchronous contract as the
// keychain. It can be told to behave like a machine without a keychain.
class MemorySecretStore final : public SecretStore
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MemorySecretStore)

public:
    explicit MemorySecretStore(QObject *parent = nullptr);
    ~MemorySecretStore() override;

    void read(const QString &key, QObject *context, Callback callback) override;
    void write(const QString &key, const QString &value, QObject *context, Callback callback) override;
    void remove(const QString &key, QObject *context, Callback callback) override;

    // From now on every operation fails with Unavailable(reason) and nothing is kept.
    void simulateUnavailable(const QString &reason);

private:
    QHash<QString, QString> m_values;
};

} // namespace Skein
