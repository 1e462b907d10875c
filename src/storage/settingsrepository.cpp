// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "storage/settingsrepository.h"

#include "storage/database.h"
#include "storage/sqlvalues.h"

#include <QSqlQuery>

namespace Skein {

Status SettingsRepository::set(const QString &key, const QString &value)
{
    QSqlQuery &q = m_db.statement(QStringLiteral("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)"));
    q.bindValue(0, key);
    q.bindValue(1, SqlValues::notNull(value));
    return m_db.exec(q);
}

Result<std::optional<QString>> SettingsRepository::get(const QString &key)
{
    QSqlQuery &q = m_db.statement(QStringLiteral("SELECT value FROM settings WHERE key = ?"));
    q.bindValue(0, key);
    if (Status s = m_db.exec(q); !s)
        return s.error();
    std::optional<QString> out;
    if (q.next())
        out = q.value(0).toString();
    q.finish();
    return out;
}

Result<QHash<QString, QString>> SettingsRepository::all()
{
    QSqlQuery &q = m_db.statement(QStringLiteral("SELECT key, value FROM settings"));
    if (Status s = m_db.exec(q); !s)
        return s.error();
    QHash<QString, QString> out;
    while (q.next())
        out.insert(q.value(0).toString(), q.value(1).toString());
    q.finish();
    return out;
}

Status SettingsRepository::remove(const QString &key)
{
    QSqlQuery &q = m_db.statement(QStringLiteral("DELETE FROM settings WHERE key = ?"));
    q.bindValue(0, key);
    return m_db.exec(q);
}

} // namespace Skein
