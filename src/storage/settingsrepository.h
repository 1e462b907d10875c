/*
 * SPDX-FileCopyrightText: 2026 The Skein authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "storage/result.h"

#include <QHash>
#include <QString>
#include <optional>

namespace Skein {

class Database;

// Key/value application settings stored with the data (the typed registry lives in core).
// Values are text (JSON for structured ones). Never store secrets here.
class SettingsRepository final
{
public:
    explicit SettingsRepository(Database &db)
        : m_db(db)
    { }

    Status set(const QString &key, const QString &value);
    // Empty when the key was never set.
    Result<std::optional<QString>> get(const QString &key);
    Result<QHash<QString, QString>> all();
    Status remove(const QString &key);

private:
    Database &m_db;
};

} // namespace Skein
