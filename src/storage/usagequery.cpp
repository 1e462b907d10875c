// SPDX-FileCopyrightText: 2026 The Skein authors
//
// SPDX-License-Identifier: GPL-3.0-or-later

#include "storage/usagequery.h"

#include "storage/database.h"
#include "storage/sqlvalues.h"

#include <QSqlQuery>

namespace Skein::UsageQuery {

Result<QList<UsageRow>> rows(Database &db, qint64 sinceMs)
{
    QSqlQuery &q = db.statement(QStringLiteral(
        "SELECT date(m.created_at / 1000, 'unixepoch', 'localtime') AS usage_day, m.session_id, s.title, "
        "COALESCE(m.model, c.model, '') AS usage_model, COUNT(*), "
        "SUM(COALESCE(m.usage_prompt, c.usage_prompt, 0)), SUM(COALESCE(m.usage_completion, c.usage_completion, 0)), "
        "SUM(COALESCE(m.usage_cached, c.usage_cached, 0)), SUM(COALESCE(c.cost, 0)) "
        "FROM messages m JOIN sessions s ON s.id = m.session_id "
        "LEFT JOIN context_snapshots c ON c.id = m.request_id "
        "WHERE m.role = 'assistant' AND m.created_at >= ? "
        "AND (m.usage_prompt IS NOT NULL OR m.usage_completion IS NOT NULL OR c.id IS NOT NULL) "
        "GROUP BY usage_day, m.session_id, usage_model ORDER BY usage_day, m.session_id, usage_model"));
    q.bindValue(0, sinceMs);
    if (Status s = db.exec(q); !s)
        return s.error();
    QList<UsageRow> out;
    while (q.next()) {
        UsageRow r;
        r.day = q.value(0).toString();
        r.sessionId = q.value(1).toString();
        r.sessionTitle = SqlValues::text(q.value(2));
        r.model = q.value(3).toString();
        r.replies = q.value(4).toLongLong();
        r.promptTokens = q.value(5).toLongLong();
        r.completionTokens = q.value(6).toLongLong();
        r.cachedTokens = q.value(7).toLongLong();
        r.cost = q.value(8).toDouble();
        out.append(r);
    }
    q.finish();
    return out;
}

} // namespace Skein::UsageQuery
