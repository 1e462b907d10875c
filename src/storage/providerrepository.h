/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "core/domain/providerconfig.h"
#include "storage/result.h"

#include <QList>

namespace Skein {

class Database;

// Provider configurations and their model lists. No secrets are ever stored here.
class ProviderRepository final
{
public:
    explicit ProviderRepository(Database &db)
        : m_db(db)
    { }

    // Inserts or replaces by id.
    Status save(const ProviderConfig &provider);
    Result<ProviderConfig> get(const QString &id);
    // By name.
    Result<QList<ProviderConfig>> list();
    Status remove(const QString &id);
    // The user's choice on this machine; clears the "imported — review" mark.
    Status setEnabled(const QString &id, bool enabled, qint64 now);
    // Records whether the provider has a key (never the key itself); nothing else changes.
    Status setApiKeyState(const QString &id, ApiKeyState state);

private:
    Database &m_db;
};

} // namespace Skein
