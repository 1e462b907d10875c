// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

// Database::run: statements on SQLite's own API, for the hottest writes.

#include "storage/database.h"

#include <QVariant>
#include <sqlite3.h>

namespace Skein {

Status Database::run(const char *sql, std::initializer_list<QVariant> values)
{
    sqlite3_stmt *stmt = m_raw.value(sql);
    if (!stmt) {
        if (sqlite3_prepare_v3(m_handle, sql, -1, SQLITE_PREPARE_PERSISTENT, &stmt, nullptr) != SQLITE_OK)
            return errorOf(m_handle);
        m_raw.insert(sql, stmt);
    }
    int i = 0;
    for (const QVariant &v : values) {
        ++i;
        switch (v.isNull() ? QMetaType::UnknownType : v.typeId()) {
        case QMetaType::QString: {
            const QString &text = *static_cast<const QString *>(v.constData());
            sqlite3_bind_text16(stmt, i, text.utf16(), int(text.size() * 2), SQLITE_STATIC);
            break;
        }
        case QMetaType::LongLong:
        case QMetaType::Int:
        case QMetaType::UInt:
        case QMetaType::Bool:
            sqlite3_bind_int64(stmt, i, v.toLongLong());
            break;
        case QMetaType::Double:
            sqlite3_bind_double(stmt, i, v.toDouble());
            break;
        case QMetaType::QByteArray: {
            const QByteArray &bytes = *static_cast<const QByteArray *>(v.constData());
            sqlite3_bind_blob(stmt, i, bytes.constData(), int(bytes.size()), SQLITE_STATIC);
            break;
        }
        default:
            sqlite3_bind_null(stmt, i);
        }
    }
    const int rc = sqlite3_step(stmt);
    Status s;
    if (rc != SQLITE_DONE && rc != SQLITE_ROW)
        s = errorOf(m_handle);
    sqlite3_reset(stmt);
    sqlite3_clear_bindings(stmt); // the texts were bound without a copy
    return s;
}

} // namespace Skein
