/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "secrets/secretstore.h"

#include <memory>

namespace Skein {

// A SecretStore that passes every operation to another one, which can be replaced at any time
// (a test injects an in-memory store; the app falls back when the keychain fails). Everyone keeps
// a pointer to this one and follows the replacement; its availability mirrors the current store's.
class ForwardingSecretStore final : public SecretStore
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ForwardingSecretStore)

public:
    explicit ForwardingSecretStore(std::unique_ptr<SecretStore> target, QObject *parent = nullptr);
    ~ForwardingSecretStore() override;

    void setTarget(std::unique_ptr<SecretStore> target);
    SecretStore *target() const { return m_target.get(); }

    void read(const QString &key, QObject *context, Callback callback) override;
    void write(const QString &key, const QString &value, QObject *context, Callback callback) override;
    void remove(const QString &key, QObject *context, Callback callback) override;

private:
    std::unique_ptr<SecretStore> m_target;
};

} // namespace Skein
